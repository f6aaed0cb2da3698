"""Reading what the player types: commands (``?``, ``save FILE``, ...) and actions with shortcuts.

An action can be typed in its text notation (``play KH``, ``bid garde``, ``pass``) or as an
unambiguous shortcut: a card alone (``KH``, ``kh``, ``♥K``, ``10h``), a bid alone (``garde``,
``garde sans``, Belote's ``h`` or ``♥``), a unique prefix of a legal action (``garde-s``,
``no``) or the initials of a hyphenated one (``gs`` for ``bid garde-sans``), or the number of a
legal action in the listed order.

:func:`resolve_action` returns the action meant — possibly an illegal one, so that the engine can
say why it is refused (``must follow hearts``) — or raises :class:`InputError` with the reason the
text is not understood.

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=2)
>>> legal = state.legal_actions()
>>> [resolve_action(text, legal, rules).text for text in ("bid garde", "garde", "gs", "2", "p")]
Traceback (most recent call last):
    ...
tarotlib.terminal.inputs.InputError: 'p' is ambiguous: pass, bid prise
>>> [resolve_action(text, legal, rules).text for text in ("bid garde", "garde", "gs", "2", "pa")]
['bid garde', 'bid garde', 'bid garde-sans', 'bid prise', 'pass']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import attrs

from tarotlib.core.actions import Action, Declare
from tarotlib.core.cards import parse_card
from tarotlib.deal import Game

__all__ = ["Command", "InputError", "parse_command", "read_input", "resolve_action"]

_VERBS: Final = (
    "pass",
    "bid",
    "call",
    "discard",
    "slam",
    "no-slam",
    "declare",
    "play",
    "redeal",
    "keep",
)
_LISTED: Final = 6  # at most this many candidates are named in an "ambiguous" message


class InputError(ValueError):
    """The text typed is not understood; the message says why (it is shown before re-prompting).

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> legal = rules.new_deal(seed=4, dealer=3).legal_actions()
    >>> try:
    ...     resolve_action("   ", legal, rules)
    ... except InputError as exc:
    ...     print(f"  {exc}")
      type an action (or its number), or ? for the legal actions
    >>> issubclass(InputError, ValueError)
    True
    """


@attrs.frozen
class Command:
    """A command of the prompt: ``help`` (``?``), ``show``, ``save`` (with the file name as
    ``argument``) or ``quit``; :func:`parse_command` reads one from what the player typed.

    >>> Command("save", "deal.json")
    Command(name='save', argument='deal.json')
    >>> parse_command("exit") == Command("quit"), parse_command("SHOW") == Command("show")
    (True, True)
    """

    name: Literal["help", "show", "save", "quit"]
    argument: str = ""


def parse_command(text: str) -> Command | None:
    """The command ``text`` is, or None if it is not a command.

    >>> parse_command("?"), parse_command(" save my game.json ")
    (Command(name='help', argument=''), Command(name='save', argument='my game.json'))
    >>> parse_command("play KH") is None
    True
    >>> parse_command("save")
    Traceback (most recent call last):
        ...
    tarotlib.terminal.inputs.InputError: save needs a file name: save FILE
    """
    stripped = text.strip()
    word, _, rest = stripped.partition(" ")
    word = word.lower()
    if stripped in ("?", "help"):
        return Command("help")
    if word == "show" and not rest:
        return Command("show")
    if word in ("quit", "exit") and not rest:
        return Command("quit")
    if word == "save":
        if not rest.strip():
            raise InputError("save needs a file name: save FILE")
        return Command("save", rest.strip())
    return None


def _parse(rules: Game, text: str) -> tuple[Action | None, str | None]:
    """``rules.parse_action(text)``, or None and the parse error."""
    try:
        return rules.parse_action(text), None
    except ValueError as exc:
        return None, str(exc)


def _pick(action: Action, legal: Sequence[Action]) -> Action:
    """The legal action equal to ``action`` (it carries the game's card notation), else
    ``action``."""
    for candidate in legal:
        if candidate == action:
            return candidate
    return action


def _initials(word: str) -> str:
    parts = word.split("-")
    return "".join(p[0] for p in parts if p) if len(parts) > 1 else ""


def _matches(typed: str, text: str) -> bool:
    """``typed`` is a prefix of the action text or of its argument, or the initials of a
    hyphenated argument or verb (``gs``: ``bid garde-sans``; ``ns``: ``no-slam``)."""
    if text.startswith(typed):
        return True
    verb, _, argument = text.partition(" ")
    if argument and argument.startswith(typed):
        return True
    return len(typed) >= 2 and typed == _initials(argument or verb)


def resolve_action(text: str, legal: Sequence[Action], rules: Game) -> Action:
    """The action ``text`` means, given the ``legal`` actions of the seat to act.

    In order: a number picks ``legal[number - 1]``; the text of a legal action or anything
    ``rules.parse_action`` reads is that action; a card or a bid alone (``KH``, ``garde``) is
    completed with the verb of the legal actions (``play``, ``discard``, ``call``, ``bid``). An
    action understood exactly but not legal is returned as it is, so that applying it gives the
    engine's reason (``garde`` is never taken as a prefix of ``garde-contre``). Otherwise a unique
    prefix or the initials of a legal action pick it; text that means no action, or several,
    raises :class:`InputError`.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4, dealer=3)       # the turn-up is ♠Q: round 1 takes spades
    >>> legal = state.legal_actions()
    >>> resolve_action("s", legal, rules), resolve_action("♠", legal, rules).text
    (Bid(contract=<Contract.SPADES: 0>), 'bid spades')
    >>> resolve_action("h", legal, rules).text         # understood, but illegal in round 1
    'bid hearts'
    >>> resolve_action("9", legal, rules)
    Traceback (most recent call last):
        ...
    tarotlib.terminal.inputs.InputError: there is no action 9: choose 1 to 2 (? lists them)
    >>> resolve_action("2", legal[:1], rules)
    Traceback (most recent call last):
        ...
    tarotlib.terminal.inputs.InputError: there is no action 2: the only one is 1 (? lists it)
    >>> resolve_action("play ZZ", legal, rules)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.terminal.inputs.InputError: cannot parse action 'play ZZ': cannot parse card 'ZZ': ...
    """
    words = text.split()
    if not words:
        raise InputError("type an action (or its number), or ? for the legal actions")
    raw = " ".join(words)
    typed = raw.lower()
    if typed.isdigit():
        n = int(typed)
        if 1 <= n <= len(legal):
            return legal[n - 1]
        if not legal:
            raise InputError("there is no action to choose")
        if len(legal) == 1:
            raise InputError(f"there is no action {n}: the only one is 1 (? lists it)")
        raise InputError(f"there is no action {n}: choose 1 to {len(legal)} (? lists them)")
    for action in legal:
        if action.text.lower() == typed:
            return action
    parsed, error = _parse(rules, raw)
    if parsed is not None and parsed in legal:
        return _pick(parsed, legal)
    # A card or a bid alone, completed with a verb the legal actions use.
    verbs = list(dict.fromkeys(a.text.split()[0] for a in legal if " " in a.text))
    completions: list[Action] = []
    for verb in verbs:
        completed, _ = _parse(rules, f"{verb} {raw}")
        if completed is not None and completed not in completions:
            completions.append(completed)
    legal_completions = [a for a in completions if a in legal]
    if len(legal_completions) == 1:
        return _pick(legal_completions[0], legal)
    # Understood exactly but not legal (``garde`` when only Garde Contre is left): the engine will
    # say why, rather than a prefix silently choosing another action.
    if parsed is not None:
        if isinstance(parsed, Declare) and not parsed.shown:  # a declaration named without cards
            same = [a for a in legal if isinstance(a, Declare) and a.kind == parsed.kind]
            if len(same) == 1:
                return same[0]
        return parsed
    if len(completions) == 1:
        return completions[0]
    matching = [a for a in legal if _matches(typed, a.text.lower())]
    if len(matching) == 1:
        return matching[0]
    if len(matching) > 1:
        names = ", ".join(a.text for a in matching[:_LISTED])
        more = f" (and {len(matching) - _LISTED} more)" if len(matching) > _LISTED else ""
        raise InputError(f"{raw!r} is ambiguous: {names}{more}")
    if _is_card(raw):
        played, _ = _parse(rules, f"play {raw}")
        if played is not None:
            return played
    others = {a for verb in ("bid", "declare") if (a := _parse(rules, f"{verb} {raw}")[0])}
    if len(others) == 1:  # a bid out of turn, say: the engine will say why
        return others.pop()
    if words[0].lower() in _VERBS and error is not None:
        raise InputError(error)
    example = legal[0].text if legal else "pass"
    raise InputError(f"{raw!r} is not an action: type e.g. {example}, a number, or ? for help")


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except ValueError:
        return False
    return True


def read_input(text: str, legal: Sequence[Action], rules: Game) -> Command | Action:
    """A command (:func:`parse_command`) or else the action meant (:func:`resolve_action`).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot")
    >>> legal = rules.new_deal(seed=1).legal_actions()
    >>> read_input("?", legal, rules), read_input("pass", legal, rules)
    (Command(name='help', argument=''), Pass())
    """
    command = parse_command(text)
    if command is not None:
        return command
    return resolve_action(text, legal, rules)
