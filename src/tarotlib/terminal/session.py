"""A match between a person and bots, and the thin loop that plays it on text streams.

A :class:`Session` holds the match, the deal in progress, the finished deals' records and the
bots; :func:`play` runs it on a :class:`Console` (standard input and output by default, any text
streams in tests). Bots are reseeded at every deal from the match seed, so a match saved with
``save FILE`` (a :class:`~tarotlib.records.MatchRecord`) and resumed with :func:`resume_session`
continues exactly as it would have.

>>> import io, tarotlib
>>> session = new_session(tarotlib.variant("french-tarot", players=3), deals=1, seed=4, bots="random")
>>> out = io.StringIO()
>>> play(session, Console(io.StringIO("1\\n" * 40), out))
0
>>> session.match.is_over, "match over:" in out.getvalue()
(True, True)
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shlex
import sys
from collections.abc import Sequence
from typing import Final, TextIO

import attrs

from tarotlib._signals import STOPPING, held
from tarotlib.bots import Bot
from tarotlib.core.actions import Action
from tarotlib.core.results import DealResult
from tarotlib.core.rng import derive_seed
from tarotlib.deal import DealState, Game
from tarotlib.errors import IllegalActionError, RecordError, TarotError
from tarotlib.match import Match
from tarotlib.records import GameRecord, MatchRecord, save
from tarotlib.registry import variant
from tarotlib.terminal.inputs import Command, InputError, parse_command, read_input
from tarotlib.terminal.players import BotError, bot_names, make_bot
from tarotlib.terminal.render import (
    narrate,
    ordered_actions,
    render_deal_end,
    render_help,
    render_match_end,
    render_table,
    render_totals,
)
from tarotlib.terminal.view import TableView, table_view

__all__ = [
    "DEFAULT_BOT",
    "HUMAN",
    "MOVE_PROMPT",
    "NEXT_DEAL_PROMPT",
    "Console",
    "Session",
    "bot_seed",
    "new_session",
    "play",
    "resume_session",
]

HUMAN: Final = "human"
"""The label of the person's seat in a match record's ``seats``."""
MOVE_PROMPT: Final = "your move> "
"""The prompt for the person's action."""
NEXT_DEAL_PROMPT: Final = "Enter: next deal · save FILE · quit> "
"""The prompt between two deals."""
SAVE_PROMPT: Final = "save the match? FILE, or Enter for no> "
"""The prompt at the end of a match that was not saved."""
DEFAULT_BOT: Final = "heuristic"
"""The bot of every bot seat when none is named: the game's heuristic player (a random one
bids Garde Contre on nothing)."""


class Console:
    """Where the game talks: ``say`` writes a line, ``ask`` shows a prompt and reads a line
    (None at the end of input). By default the process's standard streams; when they are a
    terminal, ``input()`` is used so that line editing works.

    >>> import io
    >>> out = io.StringIO()
    >>> console = Console(io.StringIO("KH\\n"), out)
    >>> console.ask("your move> "), console.ask("again> ")
    ('KH', None)
    >>> out.getvalue()
    'your move> again> '
    """

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = sys.stdin if stdin is None else stdin
        self.stdout = sys.stdout if stdout is None else stdout
        reconfigure = getattr(self.stdin, "reconfigure", None)
        if reconfigure is not None:  # bytes that are not text read as U+FFFD, shown, not fatal
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="replace")

    @property
    def interactive(self) -> bool:
        """True when a person types at a terminal (standard input and output are one).

        >>> import io
        >>> Console(io.StringIO(), io.StringIO()).interactive
        False
        """
        return _isatty(self.stdin) and _isatty(self.stdout)

    def say(self, text: str = "") -> None:
        """Write ``text`` and a newline (flushed at once, so that it shows before a prompt).

        >>> import io
        >>> out = io.StringIO()
        >>> console = Console(io.StringIO(), out)
        >>> console.say("seat 1: pass")
        >>> console.say()
        >>> out.getvalue()
        'seat 1: pass\\n\\n'
        """
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        """Show ``prompt`` and read one line (without its newline); None at the end of input.

        An empty line is ``""`` (Enter alone), not None; a Windows line end is removed too.

        >>> import io
        >>> out = io.StringIO()
        >>> console = Console(io.StringIO("play KH\\r\\n\\n"), out)
        >>> [console.ask("> ") for _ in range(3)]
        ['play KH', '', None]
        >>> out.getvalue()
        '> > > '
        """
        if self.stdin is sys.stdin and self.stdout is sys.stdout and _isatty(self.stdin):
            try:
                return input(prompt)
            except EOFError:
                return None
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            return None
        return line.rstrip("\r\n")


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def bot_seed(match_seed: int, deal: int, seat: int) -> int:
    """The seed of the bot at ``seat`` for deal number ``deal`` (from 0) of a match seeded with
    ``match_seed``: bots are reseeded at every deal, so a deal can be resumed on its own.

    >>> bot_seed(1, 0, 1) == bot_seed(1, 0, 1) != bot_seed(1, 1, 1)
    True
    """
    return derive_seed(derive_seed(match_seed, -1 - seat), deal)


@attrs.define
class Session:
    """A match in play: the ``match`` so far, the ``human``'s seat, who sits at each seat
    (``seats``: ``"human"`` or a bot name), the records of the finished deals (``played``), the
    deal in progress (``state``, None between deals) and its ``bots`` (None at the human's seat).

    Build one with :func:`new_session` (or :func:`resume_session`) and play it with :func:`play`;
    or drive it by hand: :meth:`start_deal`, then apply to ``state`` the person's actions and the
    bots' (:meth:`bot_action`) until the deal is over, then :meth:`finish_deal`.

    >>> import tarotlib
    >>> session = new_session(tarotlib.variant("french-tarot", players=3), deals=2, seed=4)
    >>> session.human, session.seats, session.state is None
    (0, ('human', 'heuristic', 'heuristic'), True)
    >>> state = session.start_deal()
    >>> while not state.is_over:          # the person always takes the first legal action
    ...     mine = state.to_act == session.human
    ...     action = state.legal_actions()[0] if mine else session.bot_action()
    ...     state = session.state = state.apply(action)
    >>> result = session.finish_deal()
    >>> session.match.results == (result,), session.deal_number, session.match.dealer
    (True, 2, 1)
    """

    match: Match
    human: int
    seats: tuple[str, ...]
    played: list[GameRecord] = attrs.field(factory=list)
    state: DealState | None = None
    bots: list[Bot | None] = attrs.field(factory=list)

    @property
    def rules(self) -> Game:
        """The rules of the match."""
        return self.match.rules

    @property
    def seed(self) -> int:
        """The match seed (a session's match is always seeded)."""
        assert self.match.seed is not None
        return self.match.seed

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress or next, from 1."""
        return len(self.match.results) + 1

    def _deal_bots(self) -> list[Bot | None]:
        deal = len(self.match.results)
        return [
            None
            if seat == self.human
            else make_bot(name, seat=seat, seed=bot_seed(self.seed, deal, seat))
            for seat, name in enumerate(self.seats)
        ]

    def start_deal(self) -> DealState:
        """Deal the next deal of the match, with freshly seeded bots; returns it (it is also
        ``state``).

        >>> import tarotlib
        >>> session = new_session(tarotlib.variant("belote"), human=1, seed=7)
        >>> state = session.start_deal()
        >>> state is session.state, state.phase, state.dealer == session.match.dealer
        (True, 'bidding', True)
        >>> [None if bot is None else type(bot).__name__ for bot in session.bots]
        ['HeuristicBot', None, 'HeuristicBot', 'HeuristicBot']
        """
        self.state = self.match.new_deal()
        self.bots = self._deal_bots()
        return self.state

    def bot_action(self) -> Action:
        """The action of the bot to act in the deal in progress (it is not applied: the caller
        applies it to ``state``).

        >>> import tarotlib
        >>> session = new_session(tarotlib.variant("french-tarot", players=3), seed=4)
        >>> state = session.start_deal()
        >>> state.to_act, session.human          # seat 1, a bot, speaks first
        (1, 0)
        >>> action = session.bot_action()
        >>> action in state.legal_actions(), session.state is state
        (True, True)
        """
        assert self.state is not None
        seat = self.state.to_act
        assert seat is not None
        bot = self.bots[seat]
        assert bot is not None, "the human's seat has no bot"
        return bot.choose(self.state)

    def finish_deal(self) -> DealResult:
        """Add the finished deal in progress to the match (and its record to ``played``);
        returns its result. The session is then between deals (``state`` is None).

        >>> import tarotlib
        >>> session = new_session(tarotlib.variant("french-tarot", players=3), deals=2, seed=1)
        >>> state = session.start_deal()
        >>> while not state.is_over:          # everybody passes: the deal is annulled
        ...     state = session.state = state.apply(tarotlib.Pass())
        >>> session.finish_deal()  # doctest: +ELLIPSIS
        DealResult(scores=(0, 0, 0), annulled='all players passed', breakdown=None, ...)
        >>> session.state, session.bots, session.played[0].actions
        (None, [], ('pass', 'pass', 'pass'))
        >>> session.deal_number, session.match.is_over
        (2, False)
        """
        assert self.state is not None and self.state.is_over
        result = self.state.result
        record = GameRecord.from_state(self.state)
        match = self.match.add(result)
        # Everything is computed first, so that an interruption (Ctrl-C, saved by play()) finds
        # the session either before the deal was added or after, not half-way.
        self.played.append(record)
        self.match, self.state, self.bots = match, None, []
        return result

    def record(self) -> MatchRecord:
        """The match so far as a :class:`~tarotlib.records.MatchRecord` (what ``save FILE``
        writes): the finished deals, the deal in progress and who sits at each seat. A deal that
        is over but not yet added to the match (:meth:`finish_deal`: play was stopped in
        between) is recorded as finished.

        >>> import tarotlib
        >>> session = new_session(tarotlib.variant("belote"), seed=5, bots="random")
        >>> state = session.state = session.start_deal().apply(tarotlib.Pass())
        >>> record = session.record()
        >>> record.seats, record.played, record.current.actions
        (('human', 'random', 'random', 'random'), (), ('pass',))
        >>> resume_session(record).state.history == state.history
        True
        >>> while not state.is_over:
        ...     state = session.state = state.apply(state.legal_actions()[0])
        >>> record = session.record()
        >>> len(record.played), record.current, session.match.results
        (1, None, ())
        """
        state = self.state
        if state is not None and state.is_over:
            played = [*self.played, GameRecord.from_state(state)]
            match = self.match.add(state.result)
            return MatchRecord.of(match, played, None, seats=self.seats)
        return MatchRecord.of(self.match, self.played, state, seats=self.seats)

    def view(self) -> TableView:
        """The human's view of the deal in progress (see :func:`~tarotlib.terminal.view.table_view`).

        >>> import tarotlib
        >>> session = new_session(tarotlib.variant("french-tarot", players=4), human=2, seed=3)
        >>> _ = session.start_deal()
        >>> view = session.view()
        >>> view.seat, view.name(2), view.phase, len(view.hand)
        (2, 'seat 2 (you)', 'auction', 18)
        """
        assert self.state is not None
        return table_view(self.state, self.human)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The fixed teams of the game (Belote), else ()."""
        if self.state is not None:
            return self.view().teams
        return table_view(self.rules.new_deal(seed=0), self.human).teams

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The seats' names when the game names them (its view's ``seat_names``), else ().

        >>> import tarotlib
        >>> new_session(tarotlib.variant("belote"), seed=1).seat_names
        ()
        """
        if self.state is not None:
            return self.view().seat_names
        return table_view(self.rules.new_deal(seed=0), self.human).seat_names

    @property
    def automatic(self) -> tuple[int, ...]:
        """The seats that never choose (the view's ``automatic``): no bot plays there.

        >>> import tarotlib
        >>> new_session(tarotlib.variant("belote"), seed=1).automatic
        ()
        """
        return _automatic(self.rules)


def _automatic(rules: Game) -> tuple[int, ...]:
    """The seats of ``rules`` that never choose, as the game's view says."""
    return table_view(rules.new_deal(seed=0), 0).automatic


def _no_bot_seats(rules: Game, human: int, bots: object) -> None:
    """Refuse bot names (``bots`` not None) for a game in which no seat but the person's
    chooses (the solo's AI and dummy: the rules play their cards)."""
    automatic = _automatic(rules)
    if bots is None or any(s != human and s not in automatic for s in range(rules.players)):
        return
    seats = " and ".join(str(s) for s in automatic)
    raise BotError(
        f"{rules.name} has no bot seats: seat{'s' if len(automatic) > 1 else ''} {seats} never "
        f"choose{'s' if len(automatic) == 1 else ''} (the rules play their cards); give no bot names"
    )


def _seat_names(bots: str | Sequence[str], players: int, human: int) -> tuple[str, ...]:
    names = [bots] * (players - 1) if isinstance(bots, str) else list(bots)
    if len(names) != players - 1:
        raise ValueError(
            f"give one bot name, or one for each of the {players - 1} bot seats; got {len(names)}"
        )
    known = bot_names()
    for name in names:
        if name not in known:
            raise BotError(f"unknown bot {name!r}; known bots: {', '.join(known)}")
    names.insert(human, HUMAN)
    return tuple(names)


def new_session(
    rules: Game,
    *,
    human: int = 0,
    deals: int | None = None,
    target_score: float | None = None,
    seed: int | None = None,
    bots: str | Sequence[str] | None = None,
) -> Session:
    """A new match under ``rules`` with the person at seat ``human`` and bots elsewhere.

    ``deals`` or ``target_score`` is the stopping rule; without either the game's own target
    (Belote: ``target_score``, 1000 by default) or, for a game without one (French Tarot), one
    deal per player. ``seed`` (default: a random one) seeds the deals and the bots. ``bots`` is a
    bot name for every bot seat, or one name per bot seat in seat order (see
    :func:`~tarotlib.terminal.players.make_bot`); by default :data:`DEFAULT_BOT`, the game's
    heuristic player. A game without bot seats (the solo: the rules play the other seats' cards)
    takes no bot names.

    >>> import tarotlib
    >>> new_session(tarotlib.variant("french-tarot-solo"), seed=1, bots="random")
    ...     # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.terminal.players.BotError: french-tarot-solo has no bot seats: seats 1 and 2 never choose...

    >>> import tarotlib
    >>> session = new_session(tarotlib.variant("belote"), human=2, seed=1, bots="random")
    >>> session.seats, session.match.target_score
    (('random', 'random', 'human', 'random'), 1000)
    >>> new_session(tarotlib.variant("french-tarot", players=5), seed=1).match.deals
    5
    """
    if not 0 <= human < rules.players:
        raise ValueError(f"the human's seat must be 0..{rules.players - 1}, got {human}")
    automatic = _automatic(rules)
    if human in automatic:
        choosers = [s for s in range(rules.players) if s not in automatic]
        raise ValueError(
            f"seat {human} never chooses in {rules.name} (the rules play its cards); "
            f"take seat {' or '.join(map(str, choosers))}"
        )
    _no_bot_seats(rules, human, bots)
    seats = _seat_names(DEFAULT_BOT if bots is None else bots, rules.players, human)
    for seat, name in enumerate(seats):  # fail now for an unknown or missing bot
        if seat != human:
            make_bot(name, seat=seat, seed=0)
    if deals is None and target_score is None and rules.match_target is None:
        deals = rules.match_deals or rules.players  # the game's own, or one deal per player
    match = Match.start(
        rules,
        deals=deals,
        target_score=target_score,
        seed=secrets.randbits(32) if seed is None else seed,
    )
    return Session(match, human, seats)


def resume_session(record: MatchRecord, *, bots: str | Sequence[str] | None = None) -> Session:
    """The session a match record was saved from, ready to go on: the match is replayed, and the
    bots of the deal in progress are rebuilt and shown that deal's actions so far (so that they
    continue exactly as they would have). ``bots`` replaces the recorded bot names.

    Raises :class:`~tarotlib.errors.RecordError` when the record does not replay, has no seed, or
    does not say which seat is the person's (``seats`` must hold ``"human"`` once).

    >>> import tarotlib
    >>> session = new_session(tarotlib.variant("french-tarot", players=4), deals=2, seed=9)
    >>> state = session.start_deal()
    >>> while state.to_act != session.human:
    ...     state = session.state = state.apply(session.bot_action())
    >>> state = session.state = state.apply(state.legal_actions()[0])   # the person passes
    >>> again = resume_session(tarotlib.records.MatchRecord.loads(session.record().dumps()))
    >>> again.state.history == state.history, state.to_act != session.human
    (True, True)
    >>> again.bot_action() == session.bot_action()   # the next bot chooses as it would have
    True
    """
    seats = record.seats
    if seats is None or seats.count(HUMAN) != 1:
        raise RecordError(
            f"the match record does not say which seat is the person's: 'seats' must hold "
            f"{HUMAN!r} once, got {None if seats is None else list(seats)}"
        )
    if record.seed is None:
        raise RecordError("the match record has no seed: only seeded matches can be resumed")
    human = seats.index(HUMAN)
    if bots is not None:
        seats = _seat_names(bots, len(seats), human)
    else:  # the recorded bots must exist here before anything is shown
        known = bot_names()
        for index, name in enumerate(seats):
            if name != HUMAN and name not in known:
                raise RecordError(
                    f"the match record names the bot {name!r} for seat {index}, which is not "
                    f"registered here; known bots: {', '.join(known)}"
                )
    match, current = record.replay()
    _no_bot_seats(match.rules, human, bots)
    if len(seats) != match.rules.players:
        raise RecordError(
            f"the match record names {len(seats)} seats; the game has {match.rules.players}"
        )
    session = Session(match, human, seats, list(record.played))
    if current is not None:
        state = session.start_deal()
        for action in current.history:  # the bots see the deal again, in order
            seat = state.to_act
            bot = session.bots[seat] if seat is not None else None
            if bot is not None:
                bot.choose(state)
            state = state.apply(action)
        session.state = state
    return session


# -- the loop -------------------------------------------------------------------------------------
def _intro(session: Session) -> str:
    rules = session.rules
    options = dict(rules.options_dict())
    try:
        base = variant(rules.name, players=rules.players) if "players" in options else None
        defaults = dict((base or variant(rules.name)).options_dict())
    except (TarotError, ValueError, TypeError):
        defaults = {}
    changed = [f"{k}={v}" for k, v in options.items() if k != "players" and defaults.get(k) != v]
    match = session.match
    names = session.seat_names
    automatic = session.automatic
    bots = ", ".join(
        f"{_named(s, names)} {name}"
        for s, name in enumerate(session.seats)
        if s != session.human and s not in automatic
    )
    others = " and ".join(_named(s, names) for s in automatic)
    if others:  # seats that never choose: no bot there
        bots = f"{bots} · " if bots else ""
        bots += f"{others}: no bot (the rules and your choices play their cards)"
    rule = (
        f"{match.deals} deal{'s' if match.deals != 1 else ''}"
        if match.deals is not None
        else f"to {match.target_score:g} points"
    )
    lines = [
        f"tarotlib play: {rules.name}, {rules.players} players"
        f" (options: {', '.join(changed) if changed else 'all defaults'})",
        f"you: {_named(session.human, names)} · {bots if automatic else 'bots: ' + bots}"
        + ("" if automatic else " (--bots NAMES to change them)"),
        f"match: {rule} · seed {session.seed}",
        "at any prompt, ? lists your legal actions and the commands",
    ]
    if session.match.results or session.state is not None:
        done = len(session.match.results)
        where = f"resumed after {done} deal{'s' if done != 1 else ''}"
        if session.state is not None:
            where += f", in deal {session.deal_number} ({len(session.state.history)} actions)"
        lines.append(where)
        if session.match.results:
            lines.append(render_totals(session.match, session.human, session.teams, names))
    return "\n".join(lines)


def _named(seat: int, names: tuple[str, ...]) -> str:
    """``seat N``, or ``name (seat N)`` when the game names its seats."""
    return f"{names[seat]} (seat {seat})" if seat < len(names) else f"seat {seat}"


@attrs.define
class _Saves:
    """The saves of one run of :func:`play`: each file's last outcome, so that a failed save is
    reported at once and again in the exit status when no later save to that file made it good."""

    session: Session
    console: Console
    outcome: dict[str, bool] = attrs.field(factory=dict)
    last: tuple[str, object] | None = None  # the last good save: its file, and when it was made

    def moment(self) -> object:
        """Where the match is: what a save made now would hold (deals played, actions taken)."""
        state = self.session.state
        return (len(self.session.match.results), -1 if state is None else len(state.history))

    def saved_now(self) -> str | None:
        """The file the match was last saved to, if nothing was played since."""
        if self.last is not None and self.last[1] == self.moment():
            return self.last[0]
        return None

    def write(self, path: str) -> str | None:
        """Save the match to ``path`` (``~`` expanded, written atomically: a failed save leaves
        the previous file as it was) without a word; None, or why it could not be saved."""
        path = os.path.expanduser(path)
        try:
            save(path, self.session.record())
        except OSError as exc:
            self.outcome[path] = False
            return f"cannot save to {path}: {exc.strerror or exc}; the file is unchanged"
        self.outcome[path] = True
        self.last = (path, self.moment())
        return None

    def save(self, path: str, *, quiet: bool = False) -> bool:
        """Save the match to ``path`` as :meth:`write` does; say so (unless ``quiet``), or in one
        line why it could not be saved."""
        path = os.path.expanduser(path)
        error = self.write(path)
        if error is not None:
            self.console.say(f"  {error}")
            return False
        if not quiet:
            over = self.session.match.is_over
            again, how = (
                ("replay", "tarotlib replay") if over else ("resume", "tarotlib play --resume")
            )
            self.console.say(f"  saved; {again} with: {how} {shlex.quote(path)}")
        return True

    def failed(self, path: str) -> bool:
        """True when the last save to ``path`` failed."""
        return not self.outcome.get(os.path.expanduser(path), True)

    @property
    def status(self) -> int:
        """The exit status: 1 when the last save to some file failed, else 0."""
        return 1 if not all(self.outcome.values()) else 0


def _ask_move(session: Session, console: Console, saves: _Saves) -> DealState | None:
    """Show the table and read the person's action until it is legal; the new state, or None
    when the person quits."""
    state = session.state
    assert state is not None
    view = session.view()
    legal = ordered_actions(view, state.legal_actions())
    heading = f"deal {session.deal_number}"
    console.say("")
    console.say(render_table(view, legal, heading=heading))
    while True:
        text = console.ask(MOVE_PROMPT)
        if text is None:
            console.say("")
            return None
        try:
            item = read_input(text, legal, session.rules)
        except InputError as exc:
            console.say(f"  {exc}")
            continue
        if isinstance(item, Command):
            if item.name == "help":
                console.say(render_help(legal, view))
            elif item.name == "show":
                console.say(render_table(view, legal, heading=heading))
            elif item.name == "save":
                saves.save(item.argument)
            else:
                return None
            continue
        try:
            return state.apply(item)
        except IllegalActionError as exc:
            console.say(f"  refused: {exc}")


def _play_deal(session: Session, console: Console, saves: _Saves) -> bool:
    """Play the deal in progress to its end; False if the person quits."""
    state = session.state
    assert state is not None
    while not state.is_over:
        before = session.view()
        if state.to_act == session.human:
            after = _ask_move(session, console, saves)
            if after is None:
                return False
        else:
            after = state.apply(session.bot_action())
        session.state = state = after
        for line in narrate(before, session.view()):
            console.say(line)
    return True


def _pause(session: Session, console: Console, saves: _Saves) -> bool:
    """Between deals: Enter goes on; False if the person quits."""
    while True:
        text = console.ask(NEXT_DEAL_PROMPT)
        if text is None:
            console.say("")
            return False
        if not text.strip():
            return True
        try:
            command = parse_command(text)
        except InputError as exc:
            console.say(f"  {exc}")
            continue
        if command is None or command.name == "help":
            console.say("  press Enter for the next deal, or type save FILE or quit")
        elif command.name == "show":
            console.say(
                render_totals(session.match, session.human, session.teams, session.seat_names)
            )
        elif command.name == "save":
            saves.save(command.argument)
        else:
            return False


def play(session: Session, console: Console | None = None, *, save_to: str | None = None) -> int:
    """Play ``session`` to the end of the match, or until the person quits (``quit`` or the end
    of input). With ``save_to``, the match is saved to that file after every deal, when the person
    leaves and when play is stopped (so that even a one-deal game can be replayed); without it, a
    person at a terminal is asked at the end of the match whether to save it. Every save is
    atomic: a save that fails says why in one line and leaves the previous file as it was.
    Returns the exit status: 0, or 1 when the last save to some file failed.

    Play is stopped by Ctrl-C (KeyboardInterrupt) or an exit (SystemExit, which the ``tarotlib``
    command raises on SIGTERM and SIGHUP): then the match so far, with the deal in progress, is
    saved to ``save_to`` (Ctrl-C, SIGTERM and SIGHUP are held back until the save is done), one
    line says so — ``match interrupted; saved in FILE ...`` (``stopped`` for an exit), or why it
    could not be saved — and the exception goes on. The module docstring plays a whole match;
    here the person looks at the commands, then quits at the first prompt:

    >>> import io, tarotlib
    >>> session = new_session(tarotlib.variant("belote"), deals=1, seed=2)
    >>> out = io.StringIO()
    >>> play(session, Console(io.StringIO("?\\nquit\\n"), out))
    0
    >>> print(out.getvalue())  # doctest: +ELLIPSIS
    tarotlib play: belote, 4 players (options: all defaults)
    you: seat 0 · bots: seat 1 heuristic, seat 2 heuristic, seat 3 heuristic (--bots NAMES to change them)
    match: 1 deal · seed 2
    at any prompt, ? lists your legal actions and the commands
    <BLANKLINE>
    == deal 1 · dealer: seat ... ==
    ...
    your move> legal actions:
    ...
      quit       leave the match (save it first to finish it later)
    your move> match left (save it before quitting to finish it later)
    <BLANKLINE>
    >>> session.match.results, session.state is not None    # the deal in progress is kept
    ((), True)
    """
    console = Console() if console is None else console
    saves = _Saves(session, console)
    try:
        console.say(_intro(session))
        _play_match(session, console, saves, save_to)
    except (KeyboardInterrupt, SystemExit) as exc:  # what has been played is saved, and said
        _stopped(console, saves, save_to, isinstance(exc, KeyboardInterrupt))
        raise
    return saves.status


def _stopped(console: Console, saves: _Saves, save_to: str | None, interrupted: bool) -> None:
    """Play stopped (see :func:`play`): save the match to ``save_to``, if given, with the
    stopping signals held back (a second Ctrl-C does not cut the save short), and say in one
    line what became of it."""
    line = f"match {'interrupted' if interrupted else 'stopped'}"
    if save_to is not None:
        with held(STOPPING, act=False):
            error = saves.write(save_to)
        if error is None:
            line += f"; saved in {save_to} (tarotlib play --resume {shlex.quote(save_to)} to go on)"
        else:
            line += f"; NOT saved: {error}"
    with contextlib.suppress(OSError, ValueError):  # no terminal to tell any more (SIGHUP)
        console.say("")
        console.say(line)


def _play_match(session: Session, console: Console, saves: _Saves, save_to: str | None) -> None:
    """The loop of :func:`play`: deals, pauses, saves, and the end of the match."""
    teams = session.teams
    names = session.seat_names

    def leave() -> None:
        saved = saves.saved_now()
        if save_to is None and saved is not None:
            console.say(
                f"match left; saved in {saved} (tarotlib play --resume {shlex.quote(saved)} "
                "to go on)"
            )
        elif save_to is None:
            console.say("match left (save it before quitting to finish it later)")
        elif saves.failed(save_to):
            console.say(f"match left; NOT saved: the save to {save_to} failed (see above)")
        else:
            console.say(f"match left; saved in {save_to} (tarotlib play --resume to go on)")

    while True:
        if session.state is None:
            if session.match.is_over:
                break
            session.start_deal()
            console.say("")
            dealer = _named(session.match.dealer, names)
            console.say(f"== deal {session.deal_number} · dealer: {dealer} ==")
        if not _play_deal(session, console, saves):
            if save_to is not None:
                saves.save(save_to, quiet=True)
            leave()
            return
        result = session.finish_deal()
        if save_to is not None:
            saves.save(save_to, quiet=True)
        console.say("")
        console.say(f"== deal {len(session.match.results)} over ==")
        console.say(render_deal_end(result, session.match, session.human, teams, names))
        if result.annulled is None:
            console.say(_analyse_hint(len(session.match.results), save_to, saves))
        if session.match.is_over:
            break
        if not _pause(session, console, saves):
            leave()
            return
    console.say("")
    console.say(
        render_match_end(session.match, session.human, teams, names, alone=bool(session.automatic))
    )
    if save_to is None:
        if console.interactive:
            _offer_save(console, saves)
    elif saves.failed(save_to):
        console.say(f"NOT saved: the save to {save_to} failed (see above)")
    else:
        console.say(f"saved in {save_to}; replay with: tarotlib replay {shlex.quote(save_to)}")


def _analyse_hint(deal: int, save_to: str | None, saves: _Saves) -> str:
    """The line at the end of a deal played out that tells how to analyse it: in the file the
    match is saved in, or after saving it."""
    if save_to is None or saves.failed(save_to):
        return f"analyse this deal: save the match to a FILE, then: tarotlib analyse FILE --deal {deal}"
    return f"analyse this deal: tarotlib analyse {shlex.quote(save_to)} --deal {deal}"


def _offer_save(console: Console, saves: _Saves) -> None:
    """At the end of a match at a terminal: ask for a file to save it in (Enter: no)."""
    while True:
        text = console.ask(SAVE_PROMPT)
        if text is None or not text.strip():
            return
        if saves.save(text.strip()):
            return
