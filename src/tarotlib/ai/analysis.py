"""The analysis of a played deal: for every card played, the exact solver's value of each legal
card and of the card chosen, every hand known, for the side of the seat that played it; the cards
that lost points and how many; and a summary per seat (``tarotlib analyse RECORD`` prints it).

The deal is analysed backwards from its last card, as far as the solver reaches within the
budget (:func:`analyse`): the last tricks are solved exactly, earlier positions are marked
``"unsolved"`` (never given a made-up value) and the position where the budget ran out keeps the
bounds the search proved (``"bounded"``).

>>> import tarotlib
>>> from tarotlib.ai.analysis import analyse
>>> rules = tarotlib.variant("belote")
>>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
>>> while not state.is_over:                 # everyone plays his last legal card
...     state = state.apply(state.legal_actions()[-1])
>>> analysis = analyse(state, budget=None, max_nodes=2_000)  # a node limit per card
>>> card = analysis.cards[-13]               # the last card of the 5th trick
>>> card.trick, card.seat, card.played, card.status
(5, 0, 'play 9C', 'solved')
>>> [(v.action, v.value) for v in card.values]
[('play AS', 100.0), ('play 7H', 89.0), ('play 9H', 89.0), ('play 9C', 89.0)]
>>> card.best, card.best_actions, card.loss, card.mistake
(100.0, ('play AS',), 11.0, True)
>>> [(c.trick, c.status) for c in analysis.cards[11:14]]   # where the budget ran out
[(3, 'unsolved'), (4, 'bounded'), (4, 'solved')]
>>> analysis.seats[0]
SeatSummary(seat=0, cards=8, analysed=5, bounded=0, unsolved=3, mistakes=1, points_lost=11.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

import attrs

from tarotlib.ai.solver import Objective, Solution, card_values
from tarotlib.core.actions import Action, Declare
from tarotlib.deal.state import DealState
from tarotlib.errors import TarotError
from tarotlib.records import GameRecord

__all__ = [
    "DEFAULT_BUDGET",
    "AnalysisError",
    "CardAnalysis",
    "CardValue",
    "DealAnalysis",
    "SeatSummary",
    "analyse",
    "format_analysis",
]

DEFAULT_BUDGET: Final = 10.0
"""The default time budget of the analysis of a deal, in seconds (``tarotlib analyse --budget``)."""

Status = Literal["solved", "bounded", "unsolved"]


class AnalysisError(TarotError, ValueError):
    """A deal that cannot be analysed (not finished, not a record or a deal state, a bad
    budget); the message says what was wrong and what is expected.

    >>> import tarotlib
    >>> analyse(tarotlib.variant("belote").new_deal(seed=4))
    Traceback (most recent call last):
        ...
    tarotlib.ai.analysis.AnalysisError: only a finished deal is analysed; this one is in phase bidding
    """


def _bound(value: object) -> float:
    """A bound read back from JSON: None is infinite (its sign given by the caller)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AnalysisError(f"a value is a number, not {value!r}")
    return float(value)


def _finite(value: float) -> float | None:
    """``value`` for JSON: None for an infinite bound."""
    return value if math.isfinite(value) else None


@attrs.frozen
class CardValue:
    """The solver's value of one legal move (``action``, its text) for the side of the seat to
    act: ``value`` when ``exact``, else None with the proven bounds ``lower <= value <= upper``
    (either may be infinite).

    >>> CardValue("play 9S", 77.0, 77.0).value, CardValue("play TS", 60.0, math.inf).value
    (77.0, None)
    """

    action: str
    lower: float
    upper: float

    @property
    def exact(self) -> bool:
        """True when the value is known exactly."""
        return self.lower == self.upper

    @property
    def value(self) -> float | None:
        """The exact value, or None when only bounds are known."""
        return self.lower if self.exact else None

    @classmethod
    def of(cls, action: Action, solution: Solution) -> CardValue:
        """The value of ``action`` from the solver's :class:`~tarotlib.ai.solver.Solution`.

        >>> import tarotlib
        >>> action = tarotlib.variant("belote").parse_action("play 9S")
        >>> CardValue.of(action, Solution(77.0, True, 77.0, 77.0, (), 10, 0, "points"))
        CardValue(action='play 9S', lower=77.0, upper=77.0)
        """
        return cls(action.text, solution.lower, solution.upper)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict (an infinite bound is None).

        >>> CardValue("play TS", 60.0, math.inf).to_dict()
        {'action': 'play TS', 'value': None, 'lower': 60.0, 'upper': None}
        """
        return {
            "action": self.action,
            "value": self.value,
            "lower": _finite(self.lower),
            "upper": _finite(self.upper),
        }

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> CardValue:
        """The value :meth:`to_dict` gave.

        >>> CardValue.from_dict({"action": "play TS", "lower": 60.0, "upper": None})
        CardValue(action='play TS', lower=60.0, upper=inf)
        """
        low, high = obj["lower"], obj["upper"]
        return cls(
            str(obj["action"]),
            -math.inf if low is None else _bound(low),
            math.inf if high is None else _bound(high),
        )


def _text(value: CardValue | None) -> str:
    """A value as the table shows it: ``16``, ``≥12``, ``≤30``, ``12..30`` or ``?``."""
    if value is None:
        return ""
    lo, hi = value.lower, value.upper
    if lo == hi:
        return f"{lo:g}"
    if math.isfinite(lo) and math.isfinite(hi):
        return f"{lo:g}..{hi:g}"
    if math.isfinite(lo):
        return f"≥{lo:g}"
    if math.isfinite(hi):
        return f"≤{hi:g}"
    return "?"


@attrs.frozen
class CardAnalysis:
    """One card played: ``index`` of its action in the deal (as in the record's actions),
    ``trick`` (from 1), the ``seat`` that played it, the action ``played`` (its text) and what the
    solver found, every hand known, for that seat's side:

    - ``status``: ``"solved"`` (every legal move's value exact), ``"bounded"`` (the budget ran
      out during this position: some values are bounds) or ``"unsolved"`` (not reached within
      the budget: no value at all);
    - ``values``: the value of each legal move, in the order of ``legal_actions()`` (empty when
      unsolved); ``nodes``: the positions the search visited.

    ``best`` (the best value, when known exactly), ``best_actions``, ``chosen`` and ``loss``
    (``best`` minus the chosen card's value, when both are exact) are derived from them; a card
    with a positive exact loss is a ``mistake``, and ``loss_at_least`` is what the bounds prove
    it lost when they are all that is known.

    >>> card = CardAnalysis(
    ...     27, 7, 0, "play 7D", "solved",
    ...     (CardValue("play 7D", 80.0, 80.0), CardValue("play QD", 82.0, 82.0)),
    ... )
    >>> card.chosen.value, card.best, card.best_actions, card.loss, card.mistake
    (80.0, 82.0, ('play QD',), 2.0, True)
    """

    index: int
    trick: int
    seat: int
    played: str
    status: Status
    values: tuple[CardValue, ...] = ()
    nodes: int = 0

    @property
    def chosen(self) -> CardValue | None:
        """The value of the card played, or None when unsolved."""
        for value in self.values:
            if value.action == self.played:
                return value
        return None

    @property
    def best(self) -> float | None:
        """The value of the best legal move, when it is known exactly."""
        if not self.values:
            return None
        lo = max(v.lower for v in self.values)
        hi = max(v.upper for v in self.values)
        return lo if lo == hi else None

    @property
    def best_actions(self) -> tuple[str, ...]:
        """The moves known to be worth :attr:`best` (empty when it is not known)."""
        best = self.best
        if best is None:
            return ()
        return tuple(v.action for v in self.values if v.value == best)

    @property
    def loss(self) -> float | None:
        """What the card played lost for its side: the best value minus its value, when both
        are exact (0 for a best card); None otherwise."""
        best, chosen = self.best, self.chosen
        if best is None or chosen is None or chosen.value is None:
            return None
        return best - chosen.value

    @property
    def loss_at_least(self) -> float:
        """What the bounds prove the card lost (the exact :attr:`loss` when it is known, and
        0 when nothing is proven)."""
        loss = self.loss
        if loss is not None:
            return loss
        chosen = self.chosen
        if chosen is None:
            return 0.0
        proven = max(v.lower for v in self.values) - chosen.upper
        return proven if math.isfinite(proven) and proven > 0 else 0.0

    @property
    def mistake(self) -> bool:
        """True when the card lost points (a positive exact :attr:`loss`)."""
        loss = self.loss
        return loss is not None and loss > 0

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: the fields, and the derived ``best``, ``best_actions``, ``loss``,
        ``loss_at_least`` and ``mistake``.

        >>> card = CardAnalysis(3, 1, 3, "play 7D", "unsolved")
        >>> card.to_dict()["loss"], card.to_dict()["values"]
        (None, [])
        """
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat,
            "played": self.played,
            "status": self.status,
            "values": [v.to_dict() for v in self.values],
            "nodes": self.nodes,
            "best": self.best,
            "best_actions": list(self.best_actions),
            "loss": self.loss,
            "loss_at_least": self.loss_at_least,
            "mistake": self.mistake,
        }

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> CardAnalysis:
        """The card :meth:`to_dict` gave (the derived fields are computed again).

        >>> card = CardAnalysis(3, 1, 3, "play 7D", "unsolved")
        >>> CardAnalysis.from_dict(card.to_dict()) == card
        True
        """
        status = obj["status"]
        if status not in ("solved", "bounded", "unsolved"):
            raise AnalysisError(f"status is 'solved', 'bounded' or 'unsolved', not {status!r}")
        return cls(
            int(obj["index"]),
            int(obj["trick"]),
            int(obj["seat"]),
            str(obj["played"]),
            status,
            tuple(CardValue.from_dict(v) for v in obj["values"]),
            int(obj["nodes"]),
        )


@attrs.frozen
class SeatSummary:
    """One seat's play: the ``cards`` it played, of which ``analysed`` have an exact loss,
    ``bounded`` only bounds and ``unsolved`` nothing; its ``mistakes`` (cards with a positive
    exact loss) and the ``points_lost`` by them (the sum of the exact losses).

    >>> SeatSummary(0, 8, 5, 0, 3, 1, 11.0).points_lost
    11.0
    """

    seat: int
    cards: int
    analysed: int
    bounded: int
    unsolved: int
    mistakes: int
    points_lost: float

    @classmethod
    def of(cls, seat: int, cards: Sequence[CardAnalysis]) -> SeatSummary:
        """The summary of ``seat``'s cards among ``cards``.

        >>> cards = [
        ...     CardAnalysis(0, 1, 2, "play 7D", "unsolved"),
        ...     CardAnalysis(4, 2, 2, "play 7D", "solved", (CardValue("play 7D", 9.0, 9.0),)),
        ... ]
        >>> SeatSummary.of(2, cards)
        SeatSummary(seat=2, cards=2, analysed=1, bounded=0, unsolved=1, mistakes=0, points_lost=0.0)
        """
        mine = [c for c in cards if c.seat == seat]
        analysed = [c for c in mine if c.loss is not None]
        return cls(
            seat,
            len(mine),
            len(analysed),
            sum(1 for c in mine if c.loss is None and c.status != "unsolved"),
            sum(1 for c in mine if c.status == "unsolved"),
            sum(1 for c in analysed if c.mistake),
            float(sum(c.loss or 0.0 for c in analysed)),
        )

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of the fields.

        >>> SeatSummary(0, 8, 5, 0, 3, 1, 11.0).to_dict()["mistakes"]
        1
        """
        return attrs.asdict(self)


@attrs.frozen
class DealAnalysis:
    """The analysis of a deal (:func:`analyse`): the game (``variant``, ``players``), how it was
    dealt (``seed``, ``dealer``), its ``declarer`` and ``annulled`` reason (None for a deal
    played out), the ``objective`` the values are in, the ``budget`` (seconds, None for no time
    limit) and ``max_nodes`` (per position) given, ``seconds`` spent, every card played in the
    play of the cards (``cards``, in order) and the summary of each seat (``seats``).

    >>> empty = DealAnalysis("belote", 4, 1, 0, None, "all passed", "points", 10.0, None, 0.0, ())
    >>> empty.complete, empty.mistakes, len(empty.seats)
    (True, (), 4)
    """

    variant: str
    players: int
    seed: int | None
    dealer: int
    declarer: int | None
    annulled: str | None
    objective: str
    budget: float | None
    max_nodes: int | None
    seconds: float
    cards: tuple[CardAnalysis, ...]

    @property
    def seats(self) -> tuple[SeatSummary, ...]:
        """The summary of each seat, seat 0 first."""
        return tuple(SeatSummary.of(seat, self.cards) for seat in range(self.players))

    @property
    def mistakes(self) -> tuple[CardAnalysis, ...]:
        """The cards that lost points (an exact positive loss), in order."""
        return tuple(c for c in self.cards if c.mistake)

    @property
    def complete(self) -> bool:
        """True when every card's value is exact."""
        return all(c.status == "solved" for c in self.cards)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict (``json.dumps`` takes it; :meth:`from_dict` reads it back).

        >>> empty = DealAnalysis("belote", 4, 1, 0, None, "all passed", "points", 10, None, 0, ())
        >>> empty.to_dict()["annulled"], empty.to_dict()["cards"]
        ('all passed', [])
        """
        return {
            "variant": self.variant,
            "players": self.players,
            "seed": self.seed,
            "dealer": self.dealer,
            "declarer": self.declarer,
            "annulled": self.annulled,
            "objective": self.objective,
            "budget": self.budget,
            "max_nodes": self.max_nodes,
            "seconds": self.seconds,
            "cards": [c.to_dict() for c in self.cards],
            "seats": [s.to_dict() for s in self.seats],
        }

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> DealAnalysis:
        """The analysis :meth:`to_dict` gave.

        >>> import json, tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> while not state.is_over:
        ...     state = state.apply(state.legal_actions()[0])
        >>> analysis = analyse(state, budget=None, max_nodes=2_000)
        >>> DealAnalysis.from_dict(json.loads(json.dumps(analysis.to_dict()))) == analysis
        True
        """
        try:
            return cls(
                str(obj["variant"]),
                int(obj["players"]),
                None if obj["seed"] is None else int(obj["seed"]),
                int(obj["dealer"]),
                None if obj["declarer"] is None else int(obj["declarer"]),
                None if obj["annulled"] is None else str(obj["annulled"]),
                str(obj["objective"]),
                None if obj["budget"] is None else float(obj["budget"]),
                None if obj["max_nodes"] is None else int(obj["max_nodes"]),
                float(obj["seconds"]),
                tuple(CardAnalysis.from_dict(c) for c in obj["cards"]),
            )
        except (KeyError, TypeError) as exc:
            raise AnalysisError(f"not a deal analysis: {exc!r}") from None


def _positions(source: GameRecord | DealState[Any]) -> tuple[DealState[Any], list[Any]]:
    """The final state of ``source`` and every state of its deal with the action taken from it
    and the seat that took it."""
    if isinstance(source, GameRecord):
        final = source.replay()
        record = source
    elif isinstance(source, DealState):
        final = source
        record = GameRecord.from_state(source)
    else:
        raise TypeError(f"analyse() takes a GameRecord or a DealState, not {type(source).__name__}")
    if not final.is_over:
        raise AnalysisError(f"only a finished deal is analysed; this one is in phase {final.phase}")
    state = attrs.evolve(record, actions=(), result=None).replay()
    steps = []
    for seat, action in final.moves:
        steps.append((state, seat, action))
        state = state.apply(action)
    return final, steps


def _check_limit(name: str, value: float | None) -> None:
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0
    ):
        raise AnalysisError(f"{name} is a positive number or None, not {value!r}")


def analyse(
    source: GameRecord | DealState[Any],
    *,
    budget: float | None = DEFAULT_BUDGET,
    position_budget: float | None = None,
    max_nodes: int | None = None,
    objective: Objective = "points",
) -> DealAnalysis:
    """Analyse the finished deal of ``source`` (a :class:`~tarotlib.records.GameRecord`, replayed
    and checked, or a finished :class:`~tarotlib.deal.state.DealState`): for every card played in
    the play of the cards, the value of each legal card for the side of the seat that played it,
    every hand known (:func:`~tarotlib.ai.solver.card_values`, under ``objective``:
    ``"points"``, the side's card points, or ``"score"``, the seat's deal score).

    The cards are analysed from the last one backwards. ``budget`` is the time for the whole
    deal in seconds (None: no limit), ``position_budget`` the time for one position and
    ``max_nodes`` the positions the search may visit for one card (None: no limit; a node
    limit gives the same analysis on every machine). The position where a limit is reached
    keeps the bounds proven (``"bounded"``) and the analysis stops there: the earlier cards are
    ``"unsolved"``. Declarations made during play are not analysed (the solver takes them as
    made; see :func:`~tarotlib.ai.solver.solve`).

    Raises :class:`AnalysisError` for a deal not finished or a limit that is not a positive
    number, the record's :class:`~tarotlib.errors.RecordError` when it does not replay, and
    :class:`~tarotlib.ai.solver.SolverError` for an objective the game does not give.

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=3)
    >>> deal = rules.new_deal(seed=1)
    >>> while not deal.is_over:
    ...     deal = deal.apply(deal.legal_actions()[-1])
    >>> analysis = analyse(deal, budget=None, max_nodes=1_000)
    >>> analysis.cards[-1].status, analysis.cards[0].status, len(analysis.cards)
    ('solved', 'unsolved', 72)
    """
    for name, limit in (("budget", budget), ("position_budget", position_budget)):
        _check_limit(name, limit)
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int)):
        raise AnalysisError(f"max_nodes is a positive whole number or None, not {max_nodes!r}")
    _check_limit("max_nodes", max_nodes)
    if objective not in ("points", "score"):
        raise AnalysisError(f"objective is 'points' or 'score', not {objective!r}")
    started = time.perf_counter()
    final, steps = _positions(source)
    play = len(final.rules.phase_list) - 2
    cards: list[CardAnalysis] = []
    for index, (state, seat, action) in enumerate(steps):
        if state.phase_index == play and not isinstance(action, Declare):
            cards.append(CardAnalysis(index, len(state.tricks) + 1, seat, action.text, "unsolved"))
    deadline = None if budget is None else started + budget
    for i in range(len(cards) - 1, -1, -1):
        card = cards[i]
        limit = position_budget
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            limit = left if limit is None else min(limit, left)
        state = steps[card.index][0]
        found = card_values(
            state, objective=objective, side=card.seat, max_nodes=max_nodes, time_limit=limit
        )
        values = tuple(CardValue.of(move, solution) for move, solution in found.items())
        nodes = max((s.nodes for s in found.values()), default=0)
        if all(v.exact for v in values):
            cards[i] = attrs.evolve(card, status="solved", values=values, nodes=nodes)
            continue
        if any(math.isfinite(v.lower) or math.isfinite(v.upper) for v in values):
            cards[i] = attrs.evolve(card, status="bounded", values=values, nodes=nodes)
        break
    seed = final.seed
    return DealAnalysis(
        variant=final.rules.name,
        players=final.rules.players,
        seed=seed,
        dealer=final.dealer,
        declarer=final.declarer,
        annulled=final.result.annulled,
        objective=objective,
        budget=None if budget is None else float(budget),
        max_nodes=max_nodes,
        seconds=round(time.perf_counter() - started, 3),
        cards=tuple(cards),
    )


# -- the text --------------------------------------------------------------------------------------
_BOLD_RED: Final = "\x1b[1;31m"
_RESET: Final = "\x1b[0m"
MISTAKE_MARK: Final = "<- mistake"
"""The marker of a card that lost points in :func:`format_analysis`'s table."""


def _card(text: str) -> str:
    """A move as the table shows it: a card's name without ``play``."""
    return text[5:] if text.startswith("play ") else text


def _table(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    """``rows`` as aligned columns (``right``: which are aligned right), no trailing blanks."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [
            cell.rjust(width) if r else cell.ljust(width)
            for cell, width, r in zip(row, widths, right, strict=True)
        ]
        out.append("  ".join(cells).rstrip())
    return out


def format_analysis(analysis: DealAnalysis, *, colour: bool = False) -> str:
    """``analysis`` as text for a terminal: what the values are, a table of the cards analysed
    trick by trick (seat, card played, its value, the best value and the best cards, the loss,
    a marker on the cards that lost points — bold red too with ``colour``), the cards before
    them that were not reached within the budget in one line, then the summary per seat.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> analysis = analyse(state, budget=None, max_nodes=2_000)
    >>> print(format_analysis(analysis))  # doctest: +ELLIPSIS
    values: card points of the side of the seat that played, every hand known
    cards 1-12 (tricks 1-3): not solved within the budget
    <BLANKLINE>
    trick 4
      seat  card  value  best  best cards  loss
      1     QD        ?   ≥75                 ?  (bounds: the budget ran out)
      2     7D       95    95  7D             0
      3     QH       67    67  QH             0
      0     8D       95    95  8D             0
    <BLANKLINE>
    trick 5
      seat  card  value  best  best cards  loss
      1     9D       56    67  JS TH         11  <- mistake
      2     KS      100   106  9S TS          6  <- mistake
      3     8S       62    62  7S 8S          0
      0     9C       89   100  AS            11  <- mistake
    ...
    seat  cards  analysed  mistakes  points lost
    0         8         5         1           11
    1         8         4         1           11
    2         8         5         1            6
    3         8         5         0            0
    """
    unit = "card points" if analysis.objective == "points" else "deal score"
    lines = [f"values: {unit} of the side of the seat that played, every hand known"]
    if analysis.annulled is not None:
        lines.append(f"deal annulled ({analysis.annulled}): no card to analyse")
    elif not analysis.cards:
        lines.append("no card was played")
    cards = analysis.cards
    first = next((i for i, c in enumerate(cards) if c.status != "unsolved"), len(cards))
    if first:
        span = f"cards 1-{first}" if first > 1 else "card 1"
        tricks = cards[first - 1].trick
        lines.append(
            f"{span} (trick{'s 1-' if tricks > 1 else ' '}{tricks}): not solved within the budget"
        )
    header = ("seat", "card", "value", "best", "best cards", "loss", "")
    right = (False, False, True, True, False, True, False)
    trick = -1
    rows: list[tuple[str, ...]] = []
    marked: list[bool] = []

    def flush() -> None:
        if rows:
            for row, mark in zip(_table([header, *rows], right), [False, *marked], strict=True):
                lines.append(f"  {_BOLD_RED}{row}{_RESET}" if mark and colour else f"  {row}")
            rows.clear()
            marked.clear()

    for card in cards[first:]:
        if card.trick != trick:
            flush()
            trick = card.trick
            lines.append("")
            lines.append(f"trick {trick}")
        best = card.best
        if best is not None:
            best_text = f"{best:g}"
        elif card.values:
            lo = max(v.lower for v in card.values)
            hi = max(v.upper for v in card.values)
            best_text = _text(CardValue("", lo, hi))
        else:
            best_text = ""
        loss = card.loss
        if loss is not None:
            loss_text = f"{loss:g}"
        elif card.loss_at_least > 0:
            loss_text = f"≥{card.loss_at_least:g}"
        else:
            loss_text = "?" if card.status != "unsolved" else ""
        note = MISTAKE_MARK if card.mistake or card.loss_at_least > 0 else ""
        if card.status == "bounded":
            note = (note + " " if note else "") + "(bounds: the budget ran out)"
        elif card.status == "unsolved":
            note = "not solved"
        rows.append(
            (
                str(card.seat),
                _card(card.played),
                _text(card.chosen),
                best_text,
                " ".join(_card(a) for a in card.best_actions),
                loss_text,
                note,
            )
        )
        marked.append(card.mistake or card.loss_at_least > 0)
    flush()
    lines.append("")
    summary = [("seat", "cards", "analysed", "mistakes", "points lost")]
    for seat in analysis.seats:
        summary.append(
            (
                str(seat.seat),
                str(seat.cards),
                str(seat.analysed),
                str(seat.mistakes),
                f"{seat.points_lost:g}",
            )
        )
    lines.extend(_table(summary, (False, True, True, True, True)))
    return "\n".join(lines)
