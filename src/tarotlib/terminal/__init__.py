"""Play tarotlib's games in a terminal against bots, and replay deals trick by trick.

The command line is ``tarotlib play GAME`` and ``tarotlib replay FILE [--step]`` (see
docs/terminal.md). This package keeps the parts apart so that each can be tested:

- :mod:`~tarotlib.terminal.view`: :class:`TableView`, what one seat sees, built from its
  observation only (no hidden card can leak);
- :mod:`~tarotlib.terminal.render`: plain functions from views to text (the table, the hand with
  its legal cards marked, tricks, scores, the narration of what happened);
- :mod:`~tarotlib.terminal.inputs`: what the player types — commands and actions with shortcuts;
- :mod:`~tarotlib.terminal.players`: bots by name (``random``; ``heuristic`` when available);
- :mod:`~tarotlib.terminal.session`: the match in play and the thin input/output loop;
- :mod:`~tarotlib.terminal.replay`: a recorded deal told trick by trick.

>>> import io, tarotlib
>>> from tarotlib.terminal import Console, new_session, play
>>> session = new_session(tarotlib.variant("belote"), deals=1, seed=2)
>>> out = io.StringIO()
>>> play(session, Console(io.StringIO("1\\n" * 20), out))
0
>>> print(out.getvalue())  # doctest: +ELLIPSIS
tarotlib play: belote, 4 players (options: all defaults)
you: seat 0 · bots: seat 1 heuristic, seat 2 heuristic, seat 3 heuristic (--bots NAMES to change them)
match: 1 deal · seed 2
...
match over: ...
"""

from tarotlib.terminal.inputs import (
    Command,
    InputError,
    parse_command,
    read_input,
    resolve_action,
)
from tarotlib.terminal.players import BotError, bot_names, make_bot, register_bot
from tarotlib.terminal.render import (
    legal_cards,
    narrate,
    ordered_actions,
    render_actions,
    render_deal_end,
    render_hand,
    render_help,
    render_match_end,
    render_table,
    render_totals,
    render_trick,
)
from tarotlib.terminal.replay import deal_story, show_replay
from tarotlib.terminal.session import Console, Session, new_session, play, resume_session
from tarotlib.terminal.view import TableView, table_view, view_of

__all__ = [
    "BotError",
    "Command",
    "Console",
    "InputError",
    "Session",
    "TableView",
    "bot_names",
    "deal_story",
    "legal_cards",
    "make_bot",
    "narrate",
    "new_session",
    "ordered_actions",
    "parse_command",
    "play",
    "read_input",
    "register_bot",
    "render_actions",
    "render_deal_end",
    "render_hand",
    "render_help",
    "render_match_end",
    "render_table",
    "render_totals",
    "render_trick",
    "resolve_action",
    "resume_session",
    "show_replay",
    "table_view",
    "view_of",
]
