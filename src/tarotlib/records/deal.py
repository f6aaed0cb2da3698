"""The deal record (format ``tarotlib-record``), for now with the match record, the run
directories and the file helpers (being split into modules of their own).

>>> from tarotlib.records.deal import GameRecord, SeedDeal
>>> GameRecord("belote", {}, SeedDeal(7)).to_json()["deal"]
{'seed': 7, 'dealer': 0}
"""

from __future__ import annotations

import json
import os
import re
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, Literal, TypeAlias, TypeVar, overload

import attrs

from tarotlib._files import write_atomically
from tarotlib.core.actions import Action
from tarotlib.core.dealing import Layout
from tarotlib.core.results import DealResult
from tarotlib.core.rng import derive_seed
from tarotlib.deal import DealState, Game
from tarotlib.errors import IllegalActionError, MatchError, RecordError, UnknownVariantError
from tarotlib.match import Match
from tarotlib.registry import variant

__all__ = [
    "MATCH_RECORD_FORMAT",
    "MATCH_RECORD_VERSION",
    "RECORD_FACTS_VERSION",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RUN_FILE",
    "RUN_FORMAT",
    "RUN_VERSION",
    "GameRecord",
    "MatchRecord",
    "OptionValue",
    "RecordResult",
    "SeedDeal",
    "deals_file_name",
    "load",
    "load_match",
    "read_records",
    "save",
]

RECORD_FORMAT: Final = "tarotlib-record"
"""The value of a record's ``"format"`` field."""

RECORD_VERSION: Final = 1
"""The record format version this library writes for a deal given no facts, and reads."""

RECORD_FACTS_VERSION: Final = 2
"""The record format version this library writes for a deal given facts (``Game.new_deal(facts=
...)``): version 1 with the field ``facts``; it reads it too."""

_FIELDS: Final = ("format", "version", "variant", "options", "deal", "actions", "result")
_RECORD_VERSIONS: Final = {RECORD_VERSION: _FIELDS, RECORD_FACTS_VERSION: (*_FIELDS, "facts")}

_T = TypeVar("_T")

OptionValue: TypeAlias = "bool | int | float | str | tuple[OptionValue, ...] | None"
"""An option value as a record holds it: a JSON value, with lists held as tuples."""


# -- small helpers ----------------------------------------------------------------------------------
def _kind(value: object) -> str:
    """A JSON-ish name for the type of ``value`` (for error messages)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _check_envelope(
    obj: object, noun: str, field: str, fmt: str, versions: Mapping[int, Sequence[str]]
) -> dict[str, Any]:
    """The checks every versioned record shares: a JSON object with the right ``format``, one of
    the ``versions`` it may have, and exactly the fields of that version. ``noun`` names the record
    in messages (``record``, ``match record``), ``field`` its fields (``record field 'x'``)."""
    if not isinstance(obj, dict):
        raise RecordError(f"a {noun} must be a JSON object, got {_kind(obj)}")
    got = obj.get("format")
    if got != fmt:
        raise RecordError(f"not a tarotlib {noun}: field 'format' must be {fmt!r}, got {got!r}")
    number = obj.get("version")
    if not isinstance(number, int) or isinstance(number, bool):
        raise RecordError(f"{field} field 'version' must be an integer, got {number!r}")
    if number not in versions:
        known = sorted(versions)
        readable = (
            f"version {known[0]}"
            if len(known) == 1
            else f"versions {', '.join(map(str, known[:-1]))} and {known[-1]}"
        )
        raise RecordError(f"unsupported {noun} version {number}: this tarotlib reads {readable}")
    version = number
    fields = versions[number]
    unknown = sorted(str(k) for k in obj if k not in fields)
    if unknown:
        raise RecordError(
            f"unknown {field} field(s) {', '.join(map(repr, unknown))} in a version "
            f"{version} {noun}; expected {', '.join(fields)}"
        )
    missing = [k for k in fields if k not in obj]
    if missing:
        raise RecordError(f"{noun} is missing field(s) {', '.join(map(repr, missing))}")
    return obj


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _freeze_option(name: str, value: object) -> OptionValue:
    """An option value as an immutable JSON value (lists become tuples)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze_option(name, v) for v in value)
    raise RecordError(
        f"option {name!r} must be a JSON value (null, boolean, number, string or list), "
        f"got {_kind(value)}"
    )


def _thaw_option(value: OptionValue) -> object:
    if isinstance(value, tuple):
        return [_thaw_option(v) for v in value]
    return value


def _options_converter(options: Mapping[str, object]) -> Mapping[str, OptionValue]:
    if not isinstance(options, Mapping):
        raise RecordError(f"record field 'options' must be an object, got {_kind(options)}")
    out: dict[str, OptionValue] = {}
    for name, value in options.items():
        if not isinstance(name, str):
            raise RecordError(f"option names must be strings, got {name!r}")
        out[name] = _freeze_option(name, value)
    return types.MappingProxyType(out)


def _actions_converter(actions: Sequence[str]) -> tuple[str, ...]:
    if isinstance(actions, str) or not isinstance(actions, Sequence):
        raise RecordError(f"record field 'actions' must be a list of strings, got {_kind(actions)}")
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"action {i} must be a string, got {_kind(text)}: {text!r}")
    return tuple(actions)


def _scores_converter(scores: Iterable[float]) -> tuple[float, ...]:
    return tuple(scores)


def _facts_converter(facts: Mapping[str, object] | None) -> Mapping[str, OptionValue]:
    if facts is None:
        return types.MappingProxyType({})
    if not isinstance(facts, Mapping):
        raise RecordError(f"record 'facts' must be an object, got {_kind(facts)}")
    for key, value in facts.items():
        if not isinstance(key, str) or not (value is None or isinstance(value, (bool, int, str))):
            raise RecordError(
                "record 'facts' map names to true/false, integers, strings or null; "
                f"got {key!r}: {_kind(value)}"
            )
    return types.MappingProxyType(
        {k: v for k, v in sorted(facts.items())}  # type: ignore[misc]
    )


# -- value classes ----------------------------------------------------------------------------------
@attrs.frozen
class SeedDeal:
    """A deal dealt from ``seed`` by ``dealer`` (``rules.new_deal(seed=seed, dealer=dealer)``).

    >>> SeedDeal(123, dealer=2).to_json()
    {'seed': 123, 'dealer': 2}
    """

    seed: int
    dealer: int = 0

    def __attrs_post_init__(self) -> None:
        if not _is_int(self.seed):
            raise RecordError(f"deal 'seed' must be an integer, got {_kind(self.seed)}")
        if not _is_int(self.dealer) or self.dealer < 0:
            raise RecordError(f"deal 'dealer' must be a seat number ≥ 0, got {self.dealer!r}")

    def to_json(self) -> dict[str, object]:
        """``{"seed": ..., "dealer": ...}`` (the dealer is always written, even the default 0).

        >>> SeedDeal(7).to_json()
        {'seed': 7, 'dealer': 0}
        >>> GameRecord("belote", {}, SeedDeal(7)).to_json()["deal"] == SeedDeal(7).to_json()
        True
        """
        return {"seed": self.seed, "dealer": self.dealer}


@attrs.frozen
class RecordResult:
    """The recorded outcome of a finished deal: per-seat ``scores`` and the ``annulled`` reason.

    >>> from tarotlib.core.results import DealResult
    >>> RecordResult.of(DealResult((0, 0, 0), annulled="all players passed")).to_json()
    {'scores': [0, 0, 0], 'annulled': 'all players passed'}
    """

    scores: tuple[float, ...] = attrs.field(converter=_scores_converter)
    annulled: str | None = None

    def __attrs_post_init__(self) -> None:
        for seat, score in enumerate(self.scores):
            if not _is_number(score):
                raise RecordError(
                    f"result 'scores' must be numbers; seat {seat} has {_kind(score)}: {score!r}"
                )
        if self.annulled is not None and not isinstance(self.annulled, str):
            raise RecordError(
                f"result 'annulled' must be null or a string, got {_kind(self.annulled)}"
            )

    @classmethod
    def of(cls, result: DealResult) -> RecordResult:
        """The recorded form of a :class:`~tarotlib.core.results.DealResult` (its scores and annulment
        reason; the breakdown is not recorded: a replay recomputes it).

        >>> import tarotlib
        >>> from tarotlib.core.results import DealResult
        >>> state = tarotlib.variant("french-tarot", players=3).new_deal(seed=9)
        >>> while not state.is_over:
        ...     state = state.apply(tarotlib.Pass())
        >>> RecordResult.of(state.result)
        RecordResult(scores=(0, 0, 0), annulled='all players passed')
        >>> RecordResult.of(DealResult((40, -20, -20))).matches(DealResult((40, -20, -20)))
        True
        """
        return cls(tuple(result.scores), result.annulled)

    def matches(self, result: DealResult) -> bool:
        """True if ``result`` has exactly these scores and this annulment reason.

        >>> from tarotlib.core.results import DealResult
        >>> RecordResult((30, -10, -10, -10)).matches(DealResult((30, -10, -10, -10)))
        True
        >>> RecordResult((0, 0, 0)).matches(DealResult((0, 0, 0), annulled="all players passed"))
        False
        """
        return tuple(result.scores) == self.scores and result.annulled == self.annulled

    def to_json(self) -> dict[str, object]:
        """``{"scores": [...], "annulled": null | "reason"}``.

        >>> RecordResult((30, -10, -10, -10)).to_json()
        {'scores': [30, -10, -10, -10], 'annulled': None}
        """
        return {"scores": list(self.scores), "annulled": self.annulled}


@attrs.frozen
class GameRecord:
    """One deal as a versioned, replayable record (see docs/records.md).

    ``deal`` is a :class:`SeedDeal` or an explicit :class:`~tarotlib.core.dealing.Layout` (which names
    its dealer); ``actions`` are the actions' text forms; ``result`` is ``None`` for an unfinished
    deal. ``options`` is a read-only mapping of JSON values (lists are held as tuples). ``facts``
    are the facts the deal was given (``new_deal(facts=...)``, e.g. the first deal of a series,
    FT-20.4), written as the optional field ``"facts"`` only when there are some.

    >>> rec = GameRecord("french-tarot", {"players": 3}, SeedDeal(9), ("pass", "pass", "pass"))
    >>> rec.replay().result.annulled
    'all players passed'
    >>> rec.to_json()["result"] is None
    True
    """

    variant: str
    options: Mapping[str, OptionValue] = attrs.field(converter=_options_converter, hash=False)
    deal: SeedDeal | Layout
    actions: tuple[str, ...] = attrs.field(default=(), converter=_actions_converter)
    result: RecordResult | None = None
    facts: Mapping[str, OptionValue] = attrs.field(
        factory=dict, converter=_facts_converter, hash=False
    )

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.variant, str) or not self.variant:
            raise RecordError(
                f"record field 'variant' must be a variant name, got {self.variant!r}"
            )
        if not isinstance(self.deal, (SeedDeal, Layout)):
            raise RecordError(f"record 'deal' must be a SeedDeal or a Layout, got {self.deal!r}")
        if self.result is not None and not isinstance(self.result, RecordResult):
            raise RecordError(
                f"record 'result' must be a RecordResult or None, got {self.result!r}"
            )

    # -- building ---------------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: DealState) -> GameRecord:
        """The record of ``state``'s deal so far (with its result when the deal is over).

        The deal is stored as the seed and dealer when the state was dealt from a seed, else as
        the dealt layout.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> state = rules.new_deal(seed=4, dealer=1).apply(tarotlib.Pass())
        >>> rec = GameRecord.from_state(state)
        >>> rec.deal, rec.actions, rec.result
        (SeedDeal(seed=4, dealer=1), ('pass',), None)
        >>> GameRecord.from_state(rules.new_deal(layout=state.layout)).layout == state.layout
        True
        """
        rules = state.rules
        layout = state.layout
        seed = state.seed
        deal: SeedDeal | Layout = layout if seed is None else SeedDeal(seed, layout.dealer)
        return cls(
            rules.name,
            dict(rules.options_dict()),
            deal,
            tuple(_action_text(rules, i, a) for i, a in enumerate(state.history)),
            RecordResult.of(state.result) if state.is_over else None,
            getattr(state, "facts", None),
        )

    @property
    def seed(self) -> int | None:
        """The seed of a seeded deal, else None.

        >>> rec = GameRecord("french-tarot", {}, SeedDeal(42, dealer=1))
        >>> rec.seed, rec.layout, rec.dealer
        (42, None, 1)
        """
        return self.deal.seed if isinstance(self.deal, SeedDeal) else None

    @property
    def layout(self) -> Layout | None:
        """The explicit layout of a layout deal, else None."""
        return self.deal if isinstance(self.deal, Layout) else None

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.deal.dealer

    def rules(self) -> Game:
        """The rules this record was played under, rebuilt from the registry.

        Raises :class:`~tarotlib.errors.RecordError` for an unknown variant or invalid options.

        >>> GameRecord("french-tarot", {"players": 5}, SeedDeal(1)).rules().players
        5
        """
        try:
            return variant(self.variant, **{k: _thaw_option(v) for k, v in self.options.items()})
        except UnknownVariantError as exc:
            raise RecordError(f"record variant: {exc}") from None
        except (ValueError, TypeError) as exc:
            raise RecordError(f"record options are invalid for {self.variant!r}: {exc}") from None

    # -- JSON ---------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, object]:
        """The record as a JSON-ready dict (format version :data:`RECORD_VERSION`).

        >>> rec = GameRecord("french-tarot", {"players": 4}, SeedDeal(8), ["bid garde"])
        >>> rec.to_json()["actions"], rec.to_json()["version"]
        (['bid garde'], 1)
        """
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_FACTS_VERSION if self.facts else RECORD_VERSION,
            "variant": self.variant,
            "options": {k: _thaw_option(v) for k, v in self.options.items()},
            "deal": (
                self.deal.to_json()
                if isinstance(self.deal, SeedDeal)
                else {"layout": self.deal.to_json()}
            ),
            "actions": list(self.actions),
            "result": None if self.result is None else self.result.to_json(),
            **({"facts": dict(self.facts)} if self.facts else {}),
        }

    @classmethod
    def from_json(cls, obj: object) -> GameRecord:
        """Read a record from its JSON form, checking every field.

        Besides the shape of each field this checks that the variant is registered, that the
        options are valid for it, that the deal can be dealt and that every action's text parses
        (legality is checked by :meth:`replay`). Every problem raises
        :class:`~tarotlib.errors.RecordError` saying what is wrong and what was expected.

        >>> GameRecord.from_json({"format": "tarotlib-record", "version": 3})
        Traceback (most recent call last):
            ...
        tarotlib.errors.RecordError: unsupported record version 3: this tarotlib reads versions 1 and 2
        """
        obj = _check_envelope(obj, "record", "record", RECORD_FORMAT, _RECORD_VERSIONS)
        name = obj["variant"]
        if not isinstance(name, str):
            raise RecordError(f"record field 'variant' must be a string, got {_kind(name)}")
        options = obj["options"]
        if not isinstance(options, dict):
            raise RecordError(f"record field 'options' must be an object, got {_kind(options)}")
        actions = obj["actions"]
        if not isinstance(actions, list):
            raise RecordError(
                f"record field 'actions' must be a list of strings, got {_kind(actions)}"
            )
        record = cls(
            name,
            options,
            _deal_from_json(obj["deal"]),
            actions,
            _result_from_json(obj["result"]),
            obj.get("facts"),
        )
        record._check()
        return record

    def dumps(self, *, indent: int | None = None) -> str:
        """The record as JSON text.

        >>> GameRecord("french-tarot", {}, SeedDeal(8)).dumps()[:46]
        '{"format": "tarotlib-record", "version": 1, "v'
        """
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str | bytes) -> GameRecord:
        """Read a record from JSON text (see :meth:`from_json`).

        >>> GameRecord.loads("[1, 2]")
        Traceback (most recent call last):
            ...
        tarotlib.errors.RecordError: a record must be a JSON object, got a list
        """
        return cls.from_json(_parse_json(text, "record"))

    # -- replay -------------------------------------------------------------------------------------
    def _start(self, rules: Game) -> DealState:
        """Deal the record's cards under ``rules``."""
        extra: dict[str, object] = {"facts": dict(self.facts)} if self.facts else {}
        try:
            if isinstance(self.deal, SeedDeal):
                return rules.new_deal(seed=self.deal.seed, dealer=self.deal.dealer, **extra)  # type: ignore[arg-type]
            return rules.new_deal(layout=self.deal, **extra)  # type: ignore[arg-type]
        except ValueError as exc:
            raise RecordError(f"record deal cannot be dealt: {exc}") from None

    def _check(self) -> None:
        """The static checks of :meth:`from_json`: rules, deal, action texts, result size."""
        rules = self.rules()
        self._start(rules)
        for i, text in enumerate(self.actions):
            _parse(rules, i, text)
        if self.result is not None and len(self.result.scores) != rules.players:
            raise RecordError(
                f"record result has {len(self.result.scores)} scores; "
                f"the game has {rules.players} players"
            )

    def replay(self) -> DealState:
        """Deal and apply every action; returns the final state.

        Raises :class:`~tarotlib.errors.RecordError` naming the action (by its index in
        ``actions``) that does not parse or is illegal, and when a recorded result differs from
        the replayed one.

        >>> rec = GameRecord("french-tarot", {}, SeedDeal(3), ("pass", "play KH"))
        >>> rec.replay()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.RecordError: action 1 ('play KH') is illegal: phase auction expects pass ...
        """
        rules = self.rules()
        state = self._start(rules)
        for i, text in enumerate(self.actions):
            action = _parse(rules, i, text)
            try:
                state = state.apply(action)
            except IllegalActionError as exc:
                raise RecordError(f"action {i} ({text!r}) is illegal: {exc.reason}") from None
        if self.result is not None:
            if not state.is_over:
                raise RecordError(
                    f"record has a result but the deal is not over after its "
                    f"{len(self.actions)} actions (phase {state.phase})"
                )
            replayed = RecordResult.of(state.result)
            if replayed != self.result:
                raise RecordError(
                    f"recorded result {_describe(self.result)} differs from the replayed result "
                    f"{_describe(replayed)}"
                )
        return state


def _action_text(rules: Game, index: int, action: Action) -> str:
    """``action.text``, checked to parse back to ``action`` (a record must replay exactly)."""
    text = action.text
    try:
        back: Action | None = rules.parse_action(text)
    except ValueError:
        back = None
    if back == action:
        return text
    raise RecordError(
        f"action {index} ({action!r}) has the text {text!r}, which does not parse back to it"
    )


def _describe(result: RecordResult) -> str:
    scores = "[" + ", ".join(str(int(s)) if s == int(s) else str(s) for s in result.scores) + "]"
    return scores if result.annulled is None else f"{scores} (annulled: {result.annulled})"


def _parse(rules: Game, index: int, text: str) -> Action:
    try:
        return rules.parse_action(text)
    except ValueError as exc:
        raise RecordError(f"action {index} ({text!r}) cannot be parsed: {exc}") from None


def _deal_from_json(deal: object) -> SeedDeal | Layout:
    if not isinstance(deal, dict):
        raise RecordError(
            'record field \'deal\' must be an object, {"seed": n, "dealer": n} or '
            f'{{"layout": ...}}, got {_kind(deal)}'
        )
    keys = set(deal)
    if keys == {"seed", "dealer"}:
        return SeedDeal(deal["seed"], deal["dealer"])
    if keys == {"layout"}:
        try:
            return Layout.from_json(deal["layout"])
        except ValueError as exc:
            raise RecordError(f"record deal layout is invalid: {exc}") from None
    shown = ", ".join(repr(k) for k in sorted(map(str, keys))) or "no keys"
    raise RecordError(
        "record field 'deal' must have exactly the keys 'seed' and 'dealer', or 'layout'; "
        f"got {shown}"
    )


def _result_from_json(result: object) -> RecordResult | None:
    if result is None:
        return None
    if not isinstance(result, dict) or set(result) != {"scores", "annulled"}:
        raise RecordError(
            'record field \'result\' must be null or {"scores": [...], "annulled": null | "..."}, '
            f"got {result!r}"
        )
    scores = result["scores"]
    if not isinstance(scores, list):
        raise RecordError(f"result 'scores' must be a list of numbers, got {_kind(scores)}")
    annulled = result["annulled"]
    return RecordResult(scores, annulled)


# -- match records ----------------------------------------------------------------------------------
MATCH_RECORD_FORMAT: Final = "tarotlib-match"
"""The value of a match record's ``"format"`` field."""

MATCH_RECORD_VERSION: Final = 1
"""The match record format version this library writes and reads."""

_MATCH_FIELDS: Final = (
    "format",
    "version",
    "variant",
    "options",
    "match",
    "seats",
    "played",
    "current",
)
_MATCH_RULE_FIELDS: Final = ("deals", "target_score", "first_dealer", "seed")


def _records_converter(records: Iterable[GameRecord]) -> tuple[GameRecord, ...]:
    if isinstance(records, (str, Mapping)) or not isinstance(records, Iterable):
        raise RecordError(f"match field 'played' must be a list of deal records, got {records!r}")
    return tuple(records)


def _seats_converter(seats: Iterable[str] | None) -> tuple[str, ...] | None:
    if seats is None:
        return None
    if isinstance(seats, str) or not isinstance(seats, Iterable):
        raise RecordError(f"match field 'seats' must be null or a list of strings, got {seats!r}")
    out = tuple(seats)
    for seat, label in enumerate(out):
        if not isinstance(label, str):
            raise RecordError(f"match 'seats' must be strings; seat {seat} has {_kind(label)}")
    return out


@attrs.frozen
class MatchRecord:
    """A match of several deals as a versioned, replayable record (see docs/terminal.md).

    It holds the rules (``variant`` and ``options``, as a :class:`GameRecord` does), the match's
    parameters (the stopping rule ``deals`` or ``target_score``, the ``first_dealer`` and the match
    ``seed``), the :class:`GameRecord` of every deal played so far (``played``, annulled deals
    included, each with its result), the deal in progress (``current``, ``None`` between deals)
    and optionally who sits at each seat (``seats``: free labels such as ``"human"`` or a bot
    name). :meth:`replay` rebuilds the :class:`~tarotlib.match.Match` and the deal in progress,
    checking every deal.

    >>> import tarotlib
    >>> from tarotlib.bots import RandomBot
    >>> rules = tarotlib.variant("french-tarot", players=3)
    >>> match = Match.start(rules, deals=2, seed=5)
    >>> state = match.new_deal()
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[0])
    >>> match = match.add(state.result)
    >>> current = match.new_deal().apply(tarotlib.Pass())
    >>> record = MatchRecord.of(match, [state], current, seats=["human", "random", "random"])
    >>> again = MatchRecord.loads(record.dumps())
    >>> again == record
    True
    >>> replayed, deal = again.replay()
    >>> replayed.totals == match.totals, deal.history == current.history
    (True, True)
    """

    variant: str
    options: Mapping[str, OptionValue] = attrs.field(converter=_options_converter, hash=False)
    deals: int | None = None
    target_score: float | None = None
    first_dealer: int = 0
    seed: int | None = None
    played: tuple[GameRecord, ...] = attrs.field(default=(), converter=_records_converter)
    current: GameRecord | None = None
    seats: tuple[str, ...] | None = attrs.field(default=None, converter=_seats_converter)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.variant, str) or not self.variant:
            raise RecordError(f"match field 'variant' must be a variant name, got {self.variant!r}")
        if self.deals is not None and not _is_int(self.deals):
            raise RecordError(f"match 'deals' must be null or an integer, got {self.deals!r}")
        if self.target_score is not None and not _is_number(self.target_score):
            raise RecordError(
                f"match 'target_score' must be null or a number, got {self.target_score!r}"
            )
        if not _is_int(self.first_dealer):
            raise RecordError(f"match 'first_dealer' must be a seat, got {self.first_dealer!r}")
        if self.seed is not None and not _is_int(self.seed):
            raise RecordError(f"match 'seed' must be null or an integer, got {self.seed!r}")
        options = dict(self.options)
        for i, rec in enumerate(self.played):
            where = f"played deal {i + 1}"
            if not isinstance(rec, GameRecord):
                raise RecordError(f"{where} must be a GameRecord, got {rec!r}")
            if rec.result is None:
                raise RecordError(f"{where} is not finished (its result is null)")
            self._check_rules(where, rec, options)
        if self.current is not None:
            if not isinstance(self.current, GameRecord):
                raise RecordError(f"match 'current' must be a GameRecord, got {self.current!r}")
            if self.current.result is not None:
                raise RecordError(
                    "the deal in progress ('current') is finished: it belongs in 'played'"
                )
            self._check_rules("the deal in progress", self.current, options)

    def _check_rules(self, where: str, rec: GameRecord, options: Mapping[str, object]) -> None:
        if rec.variant != self.variant or dict(rec.options) != options:
            raise RecordError(
                f"{where} is a {rec.variant!r} deal with other options than the match's "
                f"({self.variant!r}): every deal of a match is played under the same rules"
            )

    # -- building ---------------------------------------------------------------------------------
    @classmethod
    def of(
        cls,
        match: Match,
        played: Sequence[DealState | GameRecord],
        current: DealState | GameRecord | None = None,
        *,
        seats: Sequence[str] | None = None,
    ) -> MatchRecord:
        """The record of ``match``: ``played`` are its finished deals, one per result (final
        states or their records), ``current`` the deal in progress if any.

        >>> import tarotlib
        >>> match = Match.start(tarotlib.variant("belote"), seed=3)
        >>> MatchRecord.of(match, []).to_json()["match"]
        {'deals': None, 'target_score': 1000, 'first_dealer': 2, 'seed': 3}
        """
        if len(played) != len(match.results):
            raise RecordError(
                f"the match has {len(match.results)} finished deals; {len(played)} were given"
            )
        rules = match.rules
        records = tuple(
            p if isinstance(p, GameRecord) else GameRecord.from_state(p) for p in played
        )
        for i, (rec, result) in enumerate(zip(records, match.results, strict=True)):
            if rec.result is None or not rec.result.matches(result):
                raise RecordError(
                    f"played deal {i + 1} does not have the match's result for deal {i + 1}"
                )
        now = (
            current
            if current is None or isinstance(current, GameRecord)
            else (GameRecord.from_state(current))
        )
        return cls(
            rules.name,
            dict(rules.options_dict()),
            match.deals,
            match.target_score,
            match.first_dealer,
            match.seed,
            records,
            now,
            None if seats is None else tuple(seats),
        )

    def rules(self) -> Game:
        """The rules of the match, rebuilt from the registry (see :meth:`GameRecord.rules`).

        >>> MatchRecord("french-tarot", {"players": 5}, deals=5).rules().players
        5
        >>> MatchRecord("french-tarot", {"players": 7}, deals=7).rules()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.RecordError: record options are invalid for 'french-tarot': ... (got 7)
        """
        return GameRecord(self.variant, self.options, SeedDeal(0)).rules()

    def start(self) -> Match:
        """The match as it was before its first deal.

        >>> import tarotlib
        >>> MatchRecord("french-tarot", {"players": 3}, deals=0).start()
        Traceback (most recent call last):
            ...
        tarotlib.errors.RecordError: match record: deals must be at least 1, got 0
        """
        try:
            return Match.start(
                self.rules(),
                deals=self.deals,
                target_score=self.target_score,
                first_dealer=self.first_dealer,
                seed=self.seed,
            )
        except MatchError as exc:
            raise RecordError(f"match record: {exc}") from None

    def _check_deal(self, match: Match, index: int, rec: GameRecord) -> None:
        """``rec`` is the deal ``match`` deals next (its seeded deal, or a layout of its dealer,
        with the facts the match gives it)."""
        facts = match.deal_facts()
        if dict(rec.facts) != facts:
            raise RecordError(
                f"deal {index + 1} was given the facts {dict(rec.facts)}; the match gives it {facts}"
            )
        if match.seed is not None:
            expected = SeedDeal(derive_seed(match.seed, index), match.dealer)
            if rec.deal != expected:
                raise RecordError(
                    f"deal {index + 1} is not the match's deal {index + 1}: expected "
                    f"{expected.to_json()}, got {_deal_text(rec)}"
                )
        elif rec.layout is None or rec.dealer != match.dealer:
            raise RecordError(
                f"deal {index + 1} of a match without a seed must be a layout dealt by seat "
                f"{match.dealer}, got {_deal_text(rec)}"
            )

    def replay(self) -> tuple[Match, DealState | None]:
        """Replay every deal: returns the match with the played deals added, and the state of
        the deal in progress (None between deals).

        Raises :class:`RecordError` when a deal is not the one the match deals next, does not
        replay, or was played after the end of the match.

        >>> import tarotlib
        >>> rec = MatchRecord("french-tarot", {}, deals=1, seed=1)
        >>> match, state = rec.replay()
        >>> match.results, state
        ((), None)
        """
        match = self.start()
        for i, rec in enumerate(self.played):
            if match.is_over:
                raise RecordError(f"deal {i + 1} was played after the end of the match")
            self._check_deal(match, i, rec)
            try:
                state = rec.replay()
            except RecordError as exc:
                raise RecordError(f"deal {i + 1}: {exc}") from None
            match = match.add(state.result)
        if self.current is None:
            return match, None
        if match.is_over:
            raise RecordError("the match is over, yet the record has a deal in progress")
        index = len(self.played)
        self._check_deal(match, index, self.current)
        try:
            return match, self.current.replay()
        except RecordError as exc:
            raise RecordError(f"deal {index + 1} (in progress): {exc}") from None

    # -- JSON ---------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, object]:
        """The match record as a JSON-ready dict (format version :data:`MATCH_RECORD_VERSION`).

        >>> rec = MatchRecord("belote", {}, target_score=1000, seed=9, seats=["human"] * 4)
        >>> sorted(rec.to_json())
        ['current', 'format', 'match', 'options', 'played', 'seats', 'variant', 'version']
        """
        return {
            "format": MATCH_RECORD_FORMAT,
            "version": MATCH_RECORD_VERSION,
            "variant": self.variant,
            "options": {k: _thaw_option(v) for k, v in self.options.items()},
            "match": {
                "deals": self.deals,
                "target_score": self.target_score,
                "first_dealer": self.first_dealer,
                "seed": self.seed,
            },
            "seats": None if self.seats is None else list(self.seats),
            "played": [rec.to_json() for rec in self.played],
            "current": None if self.current is None else self.current.to_json(),
        }

    @classmethod
    def from_json(cls, obj: object) -> MatchRecord:
        """Read a match record from its JSON form, checking every field (each deal as
        :meth:`GameRecord.from_json` does); problems raise :class:`RecordError`.

        >>> MatchRecord.from_json({"format": "tarotlib-record", "version": 1})
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.RecordError: not a tarotlib match record: ..., got 'tarotlib-record'
        """
        obj = _check_envelope(
            obj, "match record", "match", MATCH_RECORD_FORMAT, {MATCH_RECORD_VERSION: _MATCH_FIELDS}
        )
        name, options, rule = obj["variant"], obj["options"], obj["match"]
        if not isinstance(name, str):
            raise RecordError(f"match field 'variant' must be a string, got {_kind(name)}")
        if not isinstance(options, dict):
            raise RecordError(f"match field 'options' must be an object, got {_kind(options)}")
        if not isinstance(rule, dict) or set(rule) != set(_MATCH_RULE_FIELDS):
            raise RecordError(
                "match field 'match' must be an object with exactly the keys "
                f"{', '.join(_MATCH_RULE_FIELDS)}, got {rule!r}"
            )
        played = obj["played"]
        if not isinstance(played, list):
            raise RecordError(
                f"match field 'played' must be a list of deal records, got {_kind(played)}"
            )
        records = []
        for i, item in enumerate(played):
            try:
                records.append(GameRecord.from_json(item))
            except RecordError as exc:
                raise RecordError(f"played deal {i + 1}: {exc}") from None
        current = obj["current"]
        try:
            now = None if current is None else GameRecord.from_json(current)
        except RecordError as exc:
            raise RecordError(f"the deal in progress: {exc}") from None
        return cls(
            name,
            options,
            rule["deals"],
            rule["target_score"],
            rule["first_dealer"],
            rule["seed"],
            records,
            now,
            obj["seats"],
        )

    def dumps(self, *, indent: int | None = None) -> str:
        """The match record as JSON text (``indent`` as for ``json.dumps``; :func:`save` uses 2).

        >>> rec = MatchRecord("french-tarot", {"players": 3}, deals=1, seed=2)
        >>> rec.dumps()[:70]
        '{"format": "tarotlib-match", "version": 1, "variant": "french-tarot", '
        >>> print("\\n".join(rec.dumps(indent=2).splitlines()[7:13]))
          "match": {
            "deals": 1,
            "target_score": null,
            "first_dealer": 0,
            "seed": 2
          },
        >>> MatchRecord.loads(rec.dumps(indent=2)) == rec
        True
        """
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str | bytes) -> MatchRecord:
        """Read a match record from JSON text (see :meth:`from_json`).

        >>> MatchRecord.loads("{")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.RecordError: a match record must be JSON text: ...
        """
        return cls.from_json(_parse_json(text, "match record"))


def _parse_json(text: str | bytes, noun: str) -> object:
    """The JSON value of a record's text, or a :class:`RecordError` saying why there is none: text
    that is not UTF-8, not JSON, not standard JSON (``NaN``), with a key twice in one object, or
    nested too deeply to read.

    >>> _parse_json('{"a": 1, "a": 2}', "record")
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: a record must not give a key twice in one object: 'a'
    >>> _parse_json(b"\\xff", "record")
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: a record must be UTF-8 text: byte 0xff at position 0 is not UTF-8
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = exc.object[exc.start]
            raise RecordError(
                f"a {noun} must be UTF-8 text: byte 0x{bad:02x} at position {exc.start} is not UTF-8"
            ) from None
    elif not isinstance(text, str):
        raise RecordError(f"a {noun} is read from text or bytes, not {_kind(text)}")

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        obj: dict[str, object] = {}
        for key, value in items:
            if key in obj:
                raise RecordError(f"a {noun} must not give a key twice in one object: {key!r}")
            obj[key] = value
        return obj

    def constant(name: str) -> object:
        raise RecordError(f"a {noun} must be standard JSON: {name} is not a JSON number")

    try:
        return json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(f"a {noun} must be JSON text: it is nested too deeply to read") from None
    except ValueError as exc:
        raise RecordError(f"a {noun} must be JSON text: {exc}") from None


def _deal_text(rec: GameRecord) -> str:
    if rec.layout is not None:
        return f"a layout dealt by seat {rec.dealer}"
    return str(rec.deal.to_json()) if isinstance(rec.deal, SeedDeal) else repr(rec.deal)


# -- files ------------------------------------------------------------------------------------------
def save(path: str | os.PathLike[str], record: GameRecord | MatchRecord) -> None:
    """Write ``record`` (a deal's or a match's) to ``path`` as indented UTF-8 JSON, atomically:
    the file appears whole or not at all, and a failed write (a missing folder, a full disk, a
    size limit) raises OSError and leaves the previous file at ``path`` exactly as it was, with no
    temporary file left behind (docs/records.md).

    >>> import os, tempfile
    >>> record = GameRecord("french-tarot", {"players": 4}, SeedDeal(1, dealer=3))
    >>> path = os.path.join(tempfile.mkdtemp(), "deal.json")
    >>> save(path, record)
    >>> load(path) == record
    True
    """
    write_atomically(path, record.dumps(indent=2) + "\n")


def load(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record written by :func:`save` (raises RecordError if it is not a valid record).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "bad.json")
    >>> with open(path, "w") as f:
    ...     _ = f.write('{"format": "tarotlib-record", "version": 7}')
    >>> load(path)
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: unsupported record version 7: this tarotlib reads versions 1 and 2
    """
    with open(path, "rb") as f:
        data = f.read()
    return GameRecord.loads(data)


def load_match(path: str | os.PathLike[str]) -> MatchRecord:
    """Read a match record written by :func:`save` (raises RecordError if it is not a valid
    match record).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "match.json")
    >>> record = MatchRecord("belote", {}, target_score=500, seed=4)
    >>> save(path, record)
    >>> load_match(path) == record
    True
    """
    with open(path, "rb") as f:
        data = f.read()
    return MatchRecord.loads(data)


# -- JSON lines: the records of many deals ---------------------------------------------------------
_DEALS_FILE: Final = re.compile(r"deals-(\d+)-(\d+)\.jsonl")

RUN_FILE: Final = "run.json"
"""The file of a directory of records that describes the run that wrote them; ``simulate`` writes
it once every deal's record is written, so a directory without it holds an unfinished run."""

RUN_FORMAT: Final = "tarotlib-run"
"""The value of the ``"format"`` field of :data:`RUN_FILE`."""

RUN_VERSION: Final = 1
"""The version of :data:`RUN_FILE` this library writes and reads: an object with the fields
``format``, ``version``, ``variant``, ``options``, ``seed``, ``deals`` and ``bots`` (each seat's
bot name)."""


def deals_file_name(first: int, last: int, *, digits: int = 9) -> str:
    """The name of the JSON lines file that holds deals ``first`` to ``last`` (inclusive, counted
    from 0) of a run: ``deals-FIRST-LAST.jsonl``, each number padded with zeros to ``digits``
    digits, so that the files of a run sort in deal order by name (``tarotlib simulate --records``
    writes one per chunk of deals, all with the digits of the run's largest deal number, at least
    9). :func:`read_records` reads such files.

    >>> deals_file_name(0, 999)
    'deals-000000000-000000999.jsonl'
    >>> deals_file_name(1000, 1004, digits=4)
    'deals-1000-1004.jsonl'
    >>> deals_file_name(5, 4)
    Traceback (most recent call last):
        ...
    ValueError: a file of deals holds deals first to last, 0 <= first <= last; got 5 to 4
    """
    if not (_is_int(first) and _is_int(last) and 0 <= first <= last):
        raise ValueError(
            f"a file of deals holds deals first to last, 0 <= first <= last; got {first} to {last}"
        )
    return f"deals-{first:0{digits}d}-{last:0{digits}d}.jsonl"


def _run_deals(directory: str) -> int:
    """The number of deals of the run whose records ``directory`` holds, from its run file."""
    path = os.path.join(directory, RUN_FILE)
    try:
        with open(path, "rb") as f:
            run = _parse_json(f.read(), "run file")
    except FileNotFoundError:
        raise RecordError(
            f"{directory} has no {RUN_FILE}: the run that writes records there has not finished "
            "(or this is no directory of records); its files can be read one at a time"
        ) from None
    if not isinstance(run, dict) or run.get("format") != RUN_FORMAT:
        raise RecordError(f"{path} is not a tarotlib run file (its 'format' is not {RUN_FORMAT!r})")
    if run.get("version") != RUN_VERSION:
        raise RecordError(
            f"{path}: unsupported run file version {run.get('version')!r}: this tarotlib reads "
            f"version {RUN_VERSION}"
        )
    deals = run.get("deals")
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise RecordError(f"{path}: 'deals' must be a positive integer, got {deals!r}")
    return deals


def _deals_files(directory: str) -> list[str]:
    """The ``deals-FIRST-LAST.jsonl`` files of ``directory`` in deal order, checked to hold every
    deal of the run (its :data:`RUN_FILE` says how many) once."""
    deals = _run_deals(directory)
    found: list[tuple[int, int, str]] = []
    for name in os.listdir(directory):
        match = _DEALS_FILE.fullmatch(name)
        if match is not None:
            found.append((int(match[1]), int(match[2]), name))
    found.sort()
    expected = 0
    for first, last, name in found:
        if first > expected:
            raise RecordError(
                f"{directory}: the records of deals {expected} to {first - 1} are missing "
                f"(the next file is {name})"
            )
        if first < expected or last < first:
            raise RecordError(
                f"{directory}: {name} overlaps the deals of the files before it; a directory of "
                "records holds the files of one run"
            )
        expected = last + 1
    if expected < deals:
        raise RecordError(
            f"{directory}: its run played {deals} deals; the records of deals {expected} to "
            f"{deals - 1} are missing"
        )
    if expected > deals:
        raise RecordError(f"{directory}: its run played {deals} deals, its files hold {expected}")
    return [os.path.join(directory, name) for _, _, name in found]


def _read(files: Sequence[str], convert: Callable[[GameRecord], _T]) -> Iterator[_T]:
    """``convert`` of every record of ``files``, one per non-blank line, in order; a problem is a
    :class:`RecordError` naming the file and the line."""
    for path in files:
        with open(path, "rb") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    yield convert(GameRecord.loads(line))
                except RecordError as exc:
                    raise RecordError(f"{path}, line {number}: {exc}") from None


def _same(record: GameRecord) -> GameRecord:
    return record


@overload
def read_records(
    path: str | os.PathLike[str], *, replay: Literal[False] = False
) -> Iterator[GameRecord]: ...


@overload
def read_records(path: str | os.PathLike[str], *, replay: Literal[True]) -> Iterator[DealState]: ...


def read_records(
    path: str | os.PathLike[str], *, replay: bool = False
) -> Iterator[GameRecord] | Iterator[DealState]:
    """Iterate over the deal records of a JSON lines file (one record per line, in the JSON of
    :meth:`GameRecord.dumps`) or of a directory of such files, in deal order.

    A directory is one written by ``tarotlib simulate --records DIR`` (:func:`tarotlib.simulation.simulate`
    with ``records=``): its files named by :func:`deals_file_name` are read in deal order, and must
    hold every deal of the run once, from deal 0 to the number of deals its :data:`RUN_FILE` gives;
    a directory without that file (an unfinished run), or with deals missing, raises
    :class:`~tarotlib.errors.RecordError` saying so. Other files in it are ignored. A file is read
    whatever its name.
    Records are read lazily, one line at a time, so a run of millions of deals never sits in memory.

    With ``replay=True`` each record is replayed (:meth:`GameRecord.replay`, which checks that the
    recorded result is the replayed one) and its final :class:`~tarotlib.deal.DealState` given
    instead. A line that is not a valid record, or does not replay, raises
    :class:`~tarotlib.errors.RecordError` naming the file and the line.

    >>> import os, tempfile
    >>> from tarotlib.simulation import simulate
    >>> run = os.path.join(tempfile.mkdtemp(), "run")
    >>> summary = simulate("belote", 25, 3, records=run, chunk_size=10)
    >>> for name in sorted(os.listdir(run)):
    ...     print(name)
    deals-000000000-000000009.jsonl
    deals-000000010-000000019.jsonl
    deals-000000020-000000024.jsonl
    run.json
    >>> records = list(read_records(run))
    >>> len(records), records[1].variant, records[1].dealer, records[1].result.scores
    (25, 'belote', 1, (150, 32, 150, 32))
    >>> states = list(read_records(os.path.join(run, "deals-000000020-000000024.jsonl"), replay=True))
    >>> [state.result.scores for state in states] == [r.result.scores for r in records[20:]]
    True
    >>> os.remove(os.path.join(run, "deals-000000010-000000019.jsonl"))
    >>> list(read_records(run))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: ...: the records of deals 10 to 19 are missing (the next file is ...)
    """
    name = os.fspath(path)
    # The directory is listed and its files checked now; the records are read as they are asked for.
    files = _deals_files(name) if os.path.isdir(name) else [name]
    return _read(files, GameRecord.replay) if replay else _read(files, _same)
