"""Plain functions that turn a :class:`~tarotlib.terminal.view.TableView` (and a match) into text.

Nothing here reads or writes a stream: each function returns a string (or lines), so the screens
of the terminal game are easy to test.

>>> import tarotlib
>>> from tarotlib.terminal.view import table_view
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=2)
>>> state = state.apply(tarotlib.Pass())                 # seat 1 passes; seat 2 is to act
>>> print(render_table(table_view(state, 2), state.legal_actions(), heading="deal 1"))
deal 1 · dealer: seat 0 · seat 2 (you) to act
auction: seat 1 pass
your hand:
  ♠ spades    QS
  ♥ hearts    2H 7H KH
  ♦ diamonds  1D 3D 5D 8D ND
  ♣ clubs     2C JC
  trumps      T1 T11 T15 T17 T18 T20 T21
actions: 1 pass · 2 bid prise · 3 bid garde · 4 bid garde-sans · 5 bid garde-contre
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from tarotlib.core.actions import Action, Call, Discard, Play
from tarotlib.core.results import DealResult
from tarotlib.core.text import signed as _signed
from tarotlib.core.text import unsigned
from tarotlib.core.tricks import PlayedTrick
from tarotlib.match import Match
from tarotlib.terminal.view import TableView

__all__ = [
    "WIDTH",
    "legal_cards",
    "narrate",
    "ordered_actions",
    "render_actions",
    "render_deal_end",
    "render_hand",
    "render_help",
    "render_match_end",
    "render_table",
    "render_totals",
    "render_trick",
]

WIDTH = 100
"""Lines are wrapped to this many columns."""


def legal_cards(legal: Sequence[Action]) -> frozenset[int]:
    """The cards that one of the ``legal`` actions plays, discards or calls.

    >>> import tarotlib
    >>> sorted(str(tarotlib.ALL_CARDS[c]) for c in legal_cards(
    ...     [tarotlib.Pass(), tarotlib.Play(tarotlib.parse_card("KH"))]))
    ['KH']
    """
    return frozenset(a.card for a in legal if isinstance(a, (Play, Discard, Call)))


def _card_of(action: Action) -> int | None:
    return action.card if isinstance(action, (Play, Discard, Call)) else None


def ordered_actions(view: TableView, legal: Sequence[Action]) -> tuple[Action, ...]:
    """The ``legal`` actions in the order the terminal lists (and numbers) them: actions without
    a card first, in the engine's order, then the card actions in the order the hand shows the
    cards (Belote: strongest first within a suit).

    >>> import tarotlib
    >>> from tarotlib.terminal.view import table_view
    >>> rules = tarotlib.variant("belote")
    >>> hands = ["AH KH 7H AD 7D 8D 9D TD", "TH 9H KS JS 8S 7S 7C 8C",
    ...          "QH JH 8H AS TS 9S QS 9C", "AC TC KC QC JC KD QD JD"]
    >>> state = rules.start_play(hands, tarotlib.variants.belote.Contract.SPADES, taker=1)
    >>> [a.text for a in ordered_actions(table_view(state, 0), state.legal_actions())][:4]
    ['play AH', 'play KH', 'play 7H', 'play AD']
    """
    shown = {int(c): i for i, c in enumerate(c for _, cards in view.groups for c in cards)}

    def key(item: tuple[int, Action]) -> tuple[int, int]:
        index, action = item
        card = _card_of(action)
        if card is None:
            return (0, index)
        return (1, shown.get(card, len(shown) + index))

    return tuple(action for _, action in sorted(enumerate(legal), key=key))


def _action_text(view: TableView | None, action: Action, *, both: bool = False) -> str:
    """An action's text; with a pretty view, a card action shows the pretty card (``play ♥10``),
    or both forms (``play TH (♥10)``)."""
    card = _card_of(action)
    if view is None or not view.pretty or card is None:
        return action.text
    if both:
        return f"{action.text} ({view.card(card)})"
    return f"{action.text.split()[0]} {view.card(card)}"


def render_hand(view: TableView, legal: Sequence[Action] = ()) -> str:
    """The viewer's hand grouped by suit, one line a suit; the cards a ``legal`` action uses are
    marked with brackets.

    >>> import tarotlib
    >>> from tarotlib.terminal.view import table_view
    >>> rules = tarotlib.variant("belote")
    >>> hands = ["AH KH 7H AD 7D 8D 9D TD", "TH 9H KS JS 8S 7S 7C 8C",
    ...          "QH JH 8H AS TS 9S QS 9C", "AC TC KC QC JC KD QD JD"]
    >>> state = rules.start_play(hands, tarotlib.variants.belote.Contract.SPADES, taker=1)
    >>> state = state.apply(rules.parse_action("play AD"))
    >>> state.to_act, [a.text for a in state.legal_actions()]   # void in diamonds: must trump
    (1, ['play 7S', 'play 8S', 'play JS', 'play KS'])
    >>> print(render_hand(table_view(state, 1), state.legal_actions()))
    your hand:
      ♠ spades (trumps)  [♠J] [♠K] [♠8] [♠7]
      ♥ hearts            ♥10   ♥9
      ♣ clubs             ♣8   ♣7
    """
    if not view.hand:
        return "your hand: (empty)"
    marked = legal_cards(legal)
    width = max(len(label) for label, _ in view.groups)
    lines = ["your hand:"]
    for label, cards in view.groups:
        if marked:
            cells = [f"[{view.card(c)}]" if c in marked else f" {view.card(c)} " for c in cards]
            text = " ".join(cells).rstrip()
        else:
            text = view.show(cards)
        lines.append(f"  {label:<{width}}  {text}")
    return "\n".join(lines)


def render_trick(
    view: TableView, cards: Sequence[int], leader: int, winner: int | None = None
) -> str:
    """The cards of a trick in play order, each with the seat that played it, and its winner.

    >>> import tarotlib
    >>> from tarotlib.terminal.view import table_view
    >>> view = table_view(tarotlib.variant("french-tarot", players=3).new_deal(seed=1), 0)
    >>> render_trick(view, tarotlib.parse_cards("KH 4H T2"), leader=2, winner=1)
    'seat 2 KH · seat 0 (you) 4H · seat 1 T2 → seat 1 wins'
    """
    trick = PlayedTrick(leader, tuple(cards), -1)
    played = " · ".join(
        f"{view.name(trick.seat_of(i, view.players, view.sitter))} {view.card(c)}"
        for i, c in enumerate(cards)
    )
    if winner is not None:
        played += f" → {view.name(winner)} wins"
    return played


def _wrap(prefix: str, items: Sequence[str], sep: str = " · ") -> list[str]:
    """``prefix`` then ``items`` joined with ``sep``, wrapped to :data:`WIDTH` between items."""
    lines: list[str] = []
    line = prefix
    indent = " " * len(prefix)
    for i, item in enumerate(items):
        piece = item if i == 0 else sep + item
        if i and len(line) + len(piece) > WIDTH:
            lines.append(line + sep.rstrip())
            line = indent + item
        else:
            line += piece
    lines.append(line)
    return lines


def render_actions(legal: Sequence[Action], view: TableView | None = None) -> str:
    """The numbered legal actions on one or a few lines (a number picks an action at the prompt);
    with a Belote ``view``, cards are shown in their pretty form.

    >>> import tarotlib
    >>> render_actions([tarotlib.Pass(), tarotlib.Play(tarotlib.parse_card("KH"))])
    'actions: 1 pass · 2 play KH'
    """
    if not legal:
        return "actions: none"
    items = [f"{i} {_action_text(view, a)}" for i, a in enumerate(legal, 1)]
    return "\n".join(_wrap("actions: ", items))


def render_help(legal: Sequence[Action], view: TableView | None = None) -> str:
    """The answer to ``?``: what is being decided (the view's ``deciding``), the legal actions one
    a line (with a Belote ``view``, each card also in its pretty form), how to type them — with
    examples taken from these actions, so the help is the game's own — then the commands.

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=4)
    >>> print(render_help(rules.new_deal(seed=1).legal_actions()))  # doctest: +ELLIPSIS
    legal actions:
       1  pass
       2  bid prise
    ...
    type an action as listed (pass, bid prise), or a shortcut: its number, a bid alone (prise), a unique
    prefix (pa), the initials of a word with hyphens (gs for bid garde-sans), or a command:
      ?          this help
    ...
    >>> print(render_help([rules.parse_action("play KH"), rules.parse_action("play T21")]))
    ... # doctest: +ELLIPSIS
    legal actions:
       1  play KH
       2  play T21
    type an action as listed (play KH), or a shortcut: its number, a card alone (KH, kh), or a command:
    ...
    """
    if view is not None:
        legal = ordered_actions(view, legal)
    lines = []
    if view is not None and view.deciding and view.to_act == view.seat:
        lines.append(f"now: {view.deciding}")
    lines.append("legal actions:")
    lines += [f"  {i:>2}  {_action_text(view, a, both=True)}" for i, a in enumerate(legal, 1)]
    lines += _wrap_words(
        f"type an action as listed ({', '.join(_examples(legal))}), or a shortcut: "
        + ", ".join(_shortcuts(legal, view))
        + ", or a command:"
    )
    lines += [
        "  ?          this help",
        "  show       the table again",
        "  save FILE  save the match (resume it with: tarotlib play --resume FILE)",
        "  quit       leave the match (save it first to finish it later)",
    ]
    return "\n".join(lines)


def _examples(legal: Sequence[Action]) -> list[str]:
    """The first legal action of each verb (at most three)."""
    out: dict[str, str] = {}
    for action in legal:
        out.setdefault(action.text.split()[0], action.text)
    return list(out.values())[:3]


def _shortcuts(legal: Sequence[Action], view: TableView | None) -> list[str]:
    """The shortcuts that work for these actions, each with an example taken from them."""
    out = ["its number"]
    card = next((c for a in legal if (c := _card_of(a)) is not None), None)
    if card is not None:
        text = next(a.text.split()[1] for a in legal if _card_of(a) == card)
        forms = [text, text.lower()]
        if view is not None and view.pretty:
            forms.append(view.card(card))
        out.append(f"a card alone ({', '.join(dict.fromkeys(forms))})")
    bid = next((a for a in legal if a.text.startswith("bid ")), None)
    if bid is not None:
        out.append(f"a bid alone ({bid.text.split(maxsplit=1)[1]})")
    texts = [a.text for a in legal]
    first = texts[0] if texts else ""
    verb = first.split()[0] if first else ""
    # A prefix of the first action's verb only: a longer one may read as another action's text
    # (``play T1`` when ``play T12`` is legal).
    prefix = next(
        (
            verb[:n]
            for n in range(2, len(verb) + 1)
            if sum(t.startswith(verb[:n]) for t in texts) == 1
        ),
        None,
    )
    if prefix is not None:
        out.append(f"a unique prefix ({prefix})")
    hyphened = next((t for t in texts if "-" in t.split()[-1]), None)
    if hyphened is not None:
        words = hyphened.split()[-1].split("-")
        out.append(
            f"the initials of a word with hyphens ({''.join(w[0] for w in words)} for {hyphened})"
        )
    return out


def _wrap_words(text: str, width: int = WIDTH) -> list[str]:
    """``text`` wrapped to ``width`` columns at spaces."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _contract_line(view: TableView) -> str | None:
    if view.contract is None or view.taker is None:
        return None
    line = f"contract: {view.contract} by {view.name(view.taker)}"
    if view.teams:
        team = view.team_of(view.taker)
        if team is not None:
            line += " · attack: " + _team_name(view, team)
    elif view.called_card is not None:
        called = view.card(view.called_card)
        if view.partner is None:
            line += f" · partner: unknown ({called} called)"
        else:
            line += f" · partner: {view.name(view.partner)} ({called} called)"
    if view.slam_announced:
        line += " · slam announced"
    return line


def _team_name(view: TableView, team: Sequence[int]) -> str:
    """``seats 0 & 2 (you)`` / ``seats 1 & 3`` / ``seat 4`` / ``seats 0, 2, 3 & 5``.

    >>> from tarotlib.terminal.view import table_view
    >>> import tarotlib
    >>> view = table_view(tarotlib.variant("belote").new_deal(seed=3), 0)
    >>> _team_name(view, (4,)), _team_name(view, (1, 2, 3, 5)), _team_name(view, (0, 2))
    ('seat 4', 'seats 1, 2, 3 & 5', 'seats 0 & 2 (you)')
    """
    seats = [str(s) for s in team]
    several = "seats " + ", ".join(seats[:-1]) + " & " + seats[-1]
    name = f"seat {seats[0]}" if len(seats) == 1 else several
    return name + " (you)" if any(view.is_you(s) for s in team) else name


def render_table(view: TableView, legal: Sequence[Action] = (), *, heading: str = "") -> str:
    """The whole table as the viewer sees it: the heading, the auction and contract, public facts
    (turn-up, chien, ...), declarations, the previous and current tricks, the tricks won, the hand
    (legal cards marked) and the numbered ``legal`` actions; the hand's marks and the actions are
    shown only when the viewer is to act. The module docstring shows an auction; here a Belote
    deal in its second trick:

    >>> import tarotlib
    >>> from tarotlib.terminal.view import table_view
    >>> state = tarotlib.variant("belote").new_deal(seed=3)
    >>> for _ in range(7):                     # seat 1 takes spades; a trick and a half are played
    ...     state = state.apply(state.legal_actions()[-1])
    >>> print(render_table(table_view(state, 0), state.legal_actions(), heading="deal 1"))
    deal 1 · dealer: seat 0 (you) · seat 0 (you) to act
    teams: seats 0 & 2 (you) · seats 1 & 3
    auction: seat 1 ♠ spades
    contract: ♠ spades by seat 1 · attack: seats 1 & 3
    turn-up: ♠8 (taken by seat 1)
    previous trick: seat 1 ♦K · seat 2 ♠K · seat 3 ♦J · seat 0 (you) ♦Q → seat 2 wins
    current trick: seat 2 ♣K · seat 3 ♣J
    tricks won: seats 0 & 2 (you) 1 · seats 1 & 3 0
    your hand:
      ♠ spades (trumps)   ♠10
      ♥ hearts            ♥9   ♥7
      ♦ diamonds          ♦8   ♦7
      ♣ clubs            [♣A] [♣9]
    actions: 1 play ♣A · 2 play ♣9
    >>> lines = render_table(table_view(state, 1), state.legal_actions()).splitlines()
    >>> print("\\n".join(lines[-4:]))           # seat 1 is not to act: no marks, no actions
    your hand:
      ♠ spades (trumps)  ♠J ♠Q ♠8
      ♥ hearts           ♥10 ♥J
      ♦ diamonds         ♦A ♦9
    """
    legal = ordered_actions(view, legal)
    lines = []
    head = [heading] if heading else []
    head.append(f"dealer: {view.name(view.dealer)}")
    if view.to_act is not None:
        head.append(f"{view.name(view.to_act)} to act")
    lines.append(" · ".join(head))
    if view.teams:
        lines.append("teams: " + " · ".join(_team_name(view, t) for t in view.teams))
    if view.calls:
        calls = [f"{view.name(s)} {text}" for s, text in view.calls]
        lines += _wrap("auction: ", calls)
    contract = _contract_line(view)
    if contract:
        lines.append(contract)
    for label, text in view.facts:
        lines.append(f"{label}: {text}")
    if view.events:
        lines += _wrap("declarations: ", list(view.events))
    if view.tricks:
        last = view.tricks[-1]
        lines.append(f"previous trick: {render_trick(view, last.cards, last.leader, last.winner)}")
    if view.trick_leader is not None and view.phase == "play":
        if view.current_trick:
            lines.append(
                "current trick: " + render_trick(view, view.current_trick, view.trick_leader)
            )
        else:
            lines.append(f"current trick: {view.name(view.trick_leader)} to lead")
    if view.tricks:
        lines.append(_tricks_won(view))
    lines.append(render_hand(view, legal if view.to_act == view.seat else ()))
    if view.deciding and view.to_act == view.seat:
        lines.append(f"now: {view.deciding}")
    if legal and view.to_act == view.seat:
        lines.append(render_actions(legal, view))
    return "\n".join(lines)


def _tricks_won(view: TableView) -> str:
    counts = [0] * view.players
    for t in view.tricks:
        counts[t.winner] += 1
    if view.teams:
        parts = [f"{_team_name(view, t)} {sum(counts[s] for s in t)}" for t in view.teams]
    else:
        parts = [f"{view.name(s)} {counts[s]}" for s in range(view.players)]
    return "tricks won: " + " · ".join(parts)


def _plays(view: TableView) -> list[tuple[int, int, int | None]]:
    """Every card played so far as ``(seat, card, winner if it completed a trick)``."""
    out: list[tuple[int, int, int | None]] = []
    for t in view.tricks:
        last = len(t.cards) - 1
        for i, c in enumerate(t.cards):
            out.append(
                (t.seat_of(i, view.players, view.sitter), c, t.winner if i == last else None)
            )
    if view.trick_leader is not None:
        current = PlayedTrick(view.trick_leader, tuple(view.current_trick), -1)
        for i, c in enumerate(view.current_trick):
            out.append((current.seat_of(i, view.players, view.sitter), c, None))
    return out


def narrate(before: TableView, after: TableView) -> tuple[str, ...]:
    """What happened between two views of the same seat, as the seat saw it: auction calls, the
    called card, the chien shown, the écart made, a slam announced, declarations, cards played and
    tricks won. Built from the views only, so it tells nothing the seat may not know (another
    seat's discards are not shown, only that the écart was made).

    >>> import tarotlib
    >>> from tarotlib.terminal.view import table_view
    >>> rules = tarotlib.variant("french-tarot", players=4)
    >>> state = rules.new_deal(seed=2)
    >>> after = state.apply(rules.parse_action("bid garde"))
    >>> narrate(table_view(state, 0), table_view(after, 0))
    ('seat 1: bid Garde',)
    """
    lines: list[str] = []
    for seat, text in after.calls[len(before.calls) :]:
        lines.append(f"{after.name(seat)}: {text if text == 'pass' else 'bid ' + text}")
    if before.called_card is None and after.called_card is not None and after.taker is not None:
        lines.append(f"{after.name(after.taker)}: call {after.card(after.called_card)}")
    facts_before = dict(before.facts)
    for label, text in after.facts:
        if label in ("chien", "trumps in the écart") and facts_before.get(label) != text:
            if after.is_over and label == "chien":
                continue
            lines.append(f"{label}: {text}")
    if before.phase == "discard" and after.phase != "discard" and after.taker is not None:
        lines.append(f"{after.name(after.taker)} has made the écart")
    if after.slam_announced and not before.slam_announced and after.taker is not None:
        lines.append(f"{after.name(after.taker)}: slam announced")
    for i, event in enumerate(after.events):
        if i >= len(before.events) or before.events[i] != event:
            lines.append(event)
    for seat, card, winner in _plays(after)[len(_plays(before)) :]:
        lines.append(f"{after.name(seat)}: play {after.card(card)}")
        if winner is not None:
            lines.append(f"{after.name(winner)} wins the trick")
    if (
        not after.teams
        and after.partner is not None
        and after.partner != before.partner
        and after.called_card is not None
    ):
        who = "you are" if after.is_you(after.partner) else f"seat {after.partner} is"
        lines.append(f"{who} the taker's partner")
    return tuple(lines)


def _number(value: float, signed: bool) -> str:
    return _signed(value) if signed else unsigned(value)


def _seat(seat: int, names: Sequence[str]) -> str:
    """``seat N``, or the seat's name when the game names its seats."""
    return names[seat] if seat < len(names) else f"seat {seat}"


def render_totals(
    match: Match, seat: int, teams: Sequence[Sequence[int]] = (), names: Sequence[str] = ()
) -> str:
    """The running totals of a match, by team when there are fixed ``teams`` (Belote), with the
    stopping rule and any points set aside (Belote's litige); seats by their ``names`` when the
    game names them.

    >>> import tarotlib
    >>> from tarotlib.core.results import DealResult
    >>> match = Match.start(tarotlib.variant("french-tarot", players=3), deals=3)
    >>> print(render_totals(match.add(DealResult((40, -20, -20))), 1))
    totals after 1 deal of 3: seat 0 +40 · seat 1 (you) −20 · seat 2 −20
    """
    played = len(match.results)
    rule = f" of {match.deals}" if match.deals is not None else ""
    head = f"totals after {played} deal{'s' if played != 1 else ''}{rule}: "
    totals = match.totals
    if teams:
        parts = [f"{_seats_name(t, seat)} {_number(totals[t[0]], False)}" for t in teams]
    else:
        parts = [
            f"{_seat(s, names)}{' (you)' if s == seat else ''} {_number(total, True)}"
            for s, total in enumerate(totals)
        ]
    text = head + " · ".join(parts)
    if match.target_score is not None:
        text += f" (game to {_number(match.target_score, False)})"
    if match.carry:
        text += f"; {_number(match.carry, False)} points set aside (litige)"
    return text


def _seats_name(team: Sequence[int], seat: int) -> str:
    """``seats 0 & 2 (you)``: a fixed team by its seats, marked when ``seat`` (the reader's) is
    one of them."""
    return f"seats {' & '.join(map(str, team))}{' (you)' if seat in team else ''}"


def render_deal_end(
    result: DealResult,
    match: Match,
    seat: int,
    teams: Sequence[Sequence[int]] = (),
    names: Sequence[str] = (),
) -> str:
    """The end of a deal: its readable breakdown (``result.lines()``) and the running totals of
    ``match`` (which already includes the deal). When the game names its seats (``names``), the
    breakdown's ``seat N`` are written by those names too, as the totals are; with fixed
    ``teams``, its ``team K`` by their seats (``seats 0 & 2 (you)``), as the totals write them,
    unless the breakdown gives each team's seats itself (Belote's).

    >>> import tarotlib
    >>> from tarotlib.core.results import DealResult
    >>> match = Match.start(tarotlib.variant("french-tarot", players=3), deals=2)
    >>> result = DealResult((0, 0, 0), annulled="all players passed")
    >>> print(render_deal_end(result, match.add(result), 0))
    deal annulled: all players passed
    totals after 1 deal of 2: seat 0 (you) 0 · seat 1 0 · seat 2 0
    >>> from tarotlib.ai import play_to_end
    >>> solo = tarotlib.variant("french-tarot-solo")
    >>> over = play_to_end(solo.new_deal(seed=3), rng=1)
    >>> end = render_deal_end(over.result, Match.start(solo, deals=1).add(over.result), 0,
    ...                       names=("player", "AI", "dummy"))
    >>> print("\\n".join(end.splitlines()[-4:]))   # doctest: +ELLIPSIS
    player (taker): ...
    AI: ...
    dummy: ...
    totals after 1 deal of 1: player (you) ... · AI ... · dummy ...
    """
    lines = result.lines()
    if names:

        def named(m: re.Match[str]) -> str:
            at = int(m.group(1))
            return names[at] if at < len(names) else m.group(0)

        lines = tuple(_SEAT.sub(named, line) for line in lines)
    if teams and not any("(seats " in line for line in lines):  # (unless it says them itself)

        def team(m: re.Match[str]) -> str:
            k = int(m.group(1))
            return _seats_name(teams[k], seat) if k < len(teams) else m.group(0)

        lines = tuple(_TEAM.sub(team, line) for line in lines)
    return "\n".join([*lines, render_totals(match, seat, teams, names)])


_SEAT: Final = re.compile(r"\bseat (\d+)\b")
_TEAM: Final = re.compile(r"\bteam (\d)\b")


def render_match_end(
    match: Match,
    seat: int,
    teams: Sequence[Sequence[int]] = (),
    names: Sequence[str] = (),
    *,
    alone: bool = False,
) -> str:
    """Who won the match (ties are shared), and whether the viewer did; seats by their ``names``
    when the game names them. ``alone``: the viewer is the only one who chooses (a solo game,
    whose other seats are played by the rules), so the line gives his total only.

    >>> import tarotlib
    >>> from tarotlib.core.results import DealResult
    >>> match = Match.start(tarotlib.variant("french-tarot", players=3), deals=1)
    >>> render_match_end(match.add(DealResult((40, -20, -20))), 0)
    'match over: seat 0 (you) wins with +40 · you win!'
    >>> render_match_end(match.add(DealResult((-112, 56, 56))), 0, alone=True)
    'match over: your total is −112 after 1 deal'
    """
    if alone:
        done = len(match.results)
        total = _number(match.totals[seat], True)
        return f"match over: your total is {total} after {done} deal{'s' if done != 1 else ''}"
    winners = match.winners
    best = match.totals[winners[0]]
    if teams:
        team = next(t for t in teams if winners[0] in t)
        who = f"seats {' & '.join(map(str, team))}{' (you)' if seat in team else ''} win"
        text = f"match over: {who} with {_number(best, False)}"
    elif len(winners) == 1:
        you = " (you)" if winners[0] == seat else ""
        text = f"match over: {_seat(winners[0], names)}{you} wins with {_number(best, True)}"
    else:
        who = ", ".join(f"{_seat(s, names)}{' (you)' if s == seat else ''}" for s in winners)
        text = f"match over: {who} share the win with {_number(best, True)}"
    if seat in winners:
        text += " · you win!"
    return text
