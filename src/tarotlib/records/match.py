"""The match record (format ``tarotlib-match``): :class:`MatchRecord`, a match of several deals
(the :class:`GameRecord` of each finished deal and of the deal in progress) that ``tarotlib play``
saves and resumes (docs/terminal.md).

>>> record = MatchRecord("belote", {}, target_score=500, seed=4)
>>> record.to_json()["format"], record.to_json()["match"]["seed"]
('tarotlib-match', 4)
>>> record.replay()[0].totals
(0, 0, 0, 0)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

from tarotlib.core.rng import derive_seed
from tarotlib.deal import DealState, Game
from tarotlib.errors import MatchError, RecordError
from tarotlib.match import Match
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
from tarotlib.records.deal import GameRecord, SeedDeal

__all__ = ["MATCH_RECORD_FORMAT", "MATCH_RECORD_VERSION", "MatchRecord"]

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
            raise RecordError(f"match 'seats' must be strings; seat {seat} has {kind(label)}")
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
    options: Mapping[str, OptionValue] = attrs.field(converter=options_converter, hash=False)
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
        if self.deals is not None and not is_int(self.deals):
            raise RecordError(f"match 'deals' must be null or an integer, got {self.deals!r}")
        if self.target_score is not None and not is_number(self.target_score):
            raise RecordError(
                f"match 'target_score' must be null or a number, got {self.target_score!r}"
            )
        if not is_int(self.first_dealer):
            raise RecordError(f"match 'first_dealer' must be a seat, got {self.first_dealer!r}")
        if self.seed is not None and not is_int(self.seed):
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
            "options": {k: thaw_option(v) for k, v in self.options.items()},
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
        obj = check_envelope(
            obj, "match record", "match", MATCH_RECORD_FORMAT, {MATCH_RECORD_VERSION: _MATCH_FIELDS}
        )
        name, options, rule = obj["variant"], obj["options"], obj["match"]
        if not isinstance(name, str):
            raise RecordError(f"match field 'variant' must be a string, got {kind(name)}")
        if not isinstance(options, dict):
            raise RecordError(f"match field 'options' must be an object, got {kind(options)}")
        if not isinstance(rule, dict) or set(rule) != set(_MATCH_RULE_FIELDS):
            raise RecordError(
                "match field 'match' must be an object with exactly the keys "
                f"{', '.join(_MATCH_RULE_FIELDS)}, got {rule!r}"
            )
        played = obj["played"]
        if not isinstance(played, list):
            raise RecordError(
                f"match field 'played' must be a list of deal records, got {kind(played)}"
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
        """The match record as JSON text (``indent`` as for ``json.dumps``;
        :func:`~tarotlib.records.files.save` uses 2).

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
        return cls.from_json(parse_json(text, "match record"))


def _deal_text(rec: GameRecord) -> str:
    if rec.layout is not None:
        return f"a layout dealt by seat {rec.dealer}"
    return str(rec.deal.to_json()) if isinstance(rec.deal, SeedDeal) else repr(rec.deal)
