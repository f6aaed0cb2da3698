"""The deal record (format ``tarotlib-record``): :class:`GameRecord`, how its cards were dealt
(a :class:`SeedDeal`, or a :class:`~tarotlib.core.dealing.Layout`), its result
(:class:`RecordResult`) and the versions of the format (:data:`RECORD_VERSION`,
:data:`RECORD_FACTS_VERSION`).

>>> record = GameRecord("french-tarot", {"players": 3}, SeedDeal(9), ("pass", "pass", "pass"))
>>> record.to_json()["format"], record.to_json()["version"]
('tarotlib-record', 1)
>>> RecordResult.of(record.replay().result)
RecordResult(scores=(0, 0, 0), annulled='all players passed')
"""

from __future__ import annotations

import json
import math
import types
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

from tarotlib.core.actions import Action
from tarotlib.core.dealing import Layout
from tarotlib.core.results import DealResult
from tarotlib.deal import DealState, Game
from tarotlib.errors import IllegalActionError, RecordError, UnknownVariantError
from tarotlib.records._json import (
    OptionValue,
    check_envelope,
    is_int,
    is_number,
    kind,
    options_converter,
    parse_json,
    thaw_option,
)
from tarotlib.registry import variant

__all__ = [
    "RECORD_FACTS_VERSION",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameRecord",
    "RecordResult",
    "SeedDeal",
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


def _actions_converter(actions: Sequence[str]) -> tuple[str, ...]:
    if isinstance(actions, str) or not isinstance(actions, Sequence):
        raise RecordError(f"record field 'actions' must be a list of strings, got {kind(actions)}")
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"action {i} must be a string, got {kind(text)}: {text!r}")
    return tuple(actions)


def _scores_converter(scores: Iterable[float]) -> tuple[float, ...]:
    return tuple(scores)


def _facts_converter(facts: Mapping[str, object] | None) -> Mapping[str, OptionValue]:
    if facts is None:
        return types.MappingProxyType({})
    if not isinstance(facts, Mapping):
        raise RecordError(f"record 'facts' must be an object, got {kind(facts)}")
    checked: dict[str, OptionValue] = {}
    for key, value in facts.items():
        if not isinstance(key, str) or not (value is None or isinstance(value, (bool, int, str))):
            raise RecordError(
                "record 'facts' map names to true/false, integers, strings or null; "
                f"got {key!r}: {kind(value)}"
            )
        checked[key] = value
    return types.MappingProxyType(dict(sorted(checked.items())))


@attrs.frozen
class SeedDeal:
    """A deal dealt from ``seed`` by ``dealer`` (``rules.new_deal(seed=seed, dealer=dealer)``).

    >>> SeedDeal(123, dealer=2).to_json()
    {'seed': 123, 'dealer': 2}
    """

    seed: int
    dealer: int = 0

    def __attrs_post_init__(self) -> None:
        if not is_int(self.seed):
            raise RecordError(f"deal 'seed' must be an integer, got {kind(self.seed)}")
        if not is_int(self.dealer) or self.dealer < 0:
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
            if not is_number(score):
                raise RecordError(
                    f"result 'scores' must be numbers; seat {seat} has {kind(score)}: {score!r}"
                )
            if isinstance(score, float) and not math.isfinite(score):
                raise RecordError(
                    f"result 'scores' must be finite numbers; seat {seat} has {score!r}"
                )
        if self.annulled is not None and not isinstance(self.annulled, str):
            raise RecordError(
                f"result 'annulled' must be null or a string, got {kind(self.annulled)}"
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
    options: Mapping[str, OptionValue] = attrs.field(converter=options_converter, hash=False)
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
        >>> GameRecord.from_state(None)
        Traceback (most recent call last):
            ...
        tarotlib.errors.RecordError: from_state() takes a deal's state (a DealState), got NoneType
        """
        if not isinstance(state, DealState):
            raise RecordError(
                f"from_state() takes a deal's state (a DealState), got {type(state).__name__}"
            )
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
            return variant(self.variant, **{k: thaw_option(v) for k, v in self.options.items()})
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
            "options": {k: thaw_option(v) for k, v in self.options.items()},
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
        obj = check_envelope(obj, "record", "record", RECORD_FORMAT, _RECORD_VERSIONS)
        name = obj["variant"]
        if not isinstance(name, str):
            raise RecordError(f"record field 'variant' must be a string, got {kind(name)}")
        options = obj["options"]
        if not isinstance(options, dict):
            raise RecordError(f"record field 'options' must be an object, got {kind(options)}")
        actions = obj["actions"]
        if not isinstance(actions, list):
            raise RecordError(
                f"record field 'actions' must be a list of strings, got {kind(actions)}"
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
        return cls.from_json(parse_json(text, "record"))

    # -- replay -------------------------------------------------------------------------------------
    def _start(self, rules: Game) -> DealState:
        """Deal the record's cards under ``rules``."""
        facts = dict(self.facts) if self.facts else None
        try:
            if isinstance(self.deal, SeedDeal):
                return rules.new_deal(seed=self.deal.seed, dealer=self.deal.dealer, facts=facts)
            return rules.new_deal(layout=self.deal, facts=facts)
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
            f'{{"layout": ...}}, got {kind(deal)}'
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
        raise RecordError(f"result 'scores' must be a list of numbers, got {kind(scores)}")
    annulled = result["annulled"]
    return RecordResult(scores, annulled)
