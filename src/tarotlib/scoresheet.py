"""Keeping score at a table: a deal of any game scored from the facts the table writes down, and
a running score sheet of a match kept in a JSON file.

A table that plays with real cards knows the taker, the contract, the points it counted and the
bonuses — not the cards of every trick. Each game says which facts it writes down through its
registry hook ``scoresheet`` (:class:`~tarotlib.registry.VariantInfo`): a :class:`DealForm`,
whose :class:`Fact` entries name each fact, say how it is written and what it means, and whose
scorer applies every rule of the game to them — the game's own pure scoring function — and
refuses an illegal combination with a :class:`~tarotlib.errors.ScoringError` giving the reason.
Facts are written ``name=value`` (``taker=0``, ``points=47.5``) or given as JSON values; the
command ``tarotlib score`` reads them (docs/score-keeping.md).

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> result = score_facts(rules, {"contract": "garde-sans", "taker": "0", "points": "48",
...                              "oudlers": "3", "poignee": ["0:simple"]})
>>> result.scores   # FT-21.1
(504, -168, -168, -168)

A :class:`ScoreSheet` keeps a match: the game, its options and every deal's facts; it scores them
again whenever it is read, so its totals always follow the rules (and a sheet edited by hand into
nonsense is refused), and :meth:`ScoreSheet.save` writes it atomically.

>>> sheet = ScoreSheet.new(tarotlib.variant("lombardy"))
>>> for points in ("66,6", "64,8"):
...     sheet = sheet.add({"points": points})
>>> sheet.match.totals, sheet.match.is_over
((58, 0, 58, 0), False)
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from tarotlib._files import write_atomically
from tarotlib.core.results import DealResult
from tarotlib.deal import DealState, Game
from tarotlib.errors import (
    MatchError,
    OptionError,
    RecordError,
    ScoringError,
    UnknownVariantError,
)
from tarotlib.match import Match
from tarotlib.records import RECORD_MAX_BYTES
from tarotlib.records._json import is_int, is_number, parse_json, read_limited
from tarotlib.registry import variant, variant_info

__all__ = [
    "SHEET_FORMAT",
    "DealContext",
    "DealForm",
    "Fact",
    "ScoreSheet",
    "all_passed_reason",
    "choice",
    "deal_form",
    "read_facts",
    "score_facts",
    "whole",
    "wholes",
    "written",
    "yes_no",
]

SHEET_FORMAT: Final = "tarotlib-scoresheet"
"""The ``format`` field of a score sheet file (its ``version`` is 1)."""

_VERSION: Final = 1
_NAME = re.compile(r"[a-z][a-z0-9-]*")


def all_passed_reason(rules: Game) -> str:
    """The reason the rules' auction gives a deal annulled because everybody passed (a form's
    "passed" fact scores it so, FT-4.4, CO-4.5).

    >>> import tarotlib
    >>> all_passed_reason(tarotlib.variant("french-tarot"))
    'all players passed'
    """
    for phase in rules.phase_list:
        reason = getattr(phase, "annul_reason", None)
        if isinstance(reason, str):
            return reason
    return "all players passed"


def _canonical(name: str) -> str:
    """A fact's name as written in forms: lower case, words joined by dashes."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


# -- reading values -------------------------------------------------------------------------------
def whole(text: str) -> int:
    """A whole number written ``text`` (``-3``, ``12``).

    >>> whole(" 12 ")
    12
    >>> whole("1.5")
    Traceback (most recent call last):
        ...
    ValueError: expected a whole number, got '1.5'
    """
    try:
        return int(text.strip())
    except ValueError:
        raise ValueError(f"expected a whole number, got {text!r}") from None


def wholes(text: str) -> tuple[int, ...]:
    """Whole numbers separated by commas (``73,79``).

    >>> wholes("73, 79")
    (73, 79)
    """
    return tuple(whole(part) for part in text.split(","))


def yes_no(text: str) -> bool:
    """``yes`` or ``no`` (also ``true``/``false``, ``1``/``0``, ``on``/``off``).

    >>> yes_no("Yes"), yes_no("0")
    (True, False)
    """
    low = text.strip().lower()
    if low in ("yes", "true", "1", "on", "y"):
        return True
    if low in ("no", "false", "0", "off", "n"):
        return False
    raise ValueError(f"expected yes or no, got {text!r}")


def choice(*names: str) -> Callable[[str], str]:
    """A reader of one of ``names`` (case and ``_``/``-`` ignored), giving it as listed.

    >>> side = choice("attack", "defence")
    >>> side("Defence")
    'defence'
    >>> side("nobody")
    Traceback (most recent call last):
        ...
    ValueError: expected attack or defence, got 'nobody'
    """
    table = {_canonical(name): name for name in names}

    def read(text: str) -> str:
        found = table.get(_canonical(text))
        if found is None:
            listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
            raise ValueError(f"expected {listed}, got {text!r}")
        return found

    return read


# -- a game's form --------------------------------------------------------------------------------
@attrs.frozen
class Fact:
    """One fact a table writes down for a deal: its ``name`` (``petit-au-bout``), how its
    ``value`` is written, what it means (``help``, citing the rules), the function that reads its
    text (``read``: a :class:`ValueError` says what is wrong), whether every deal needs it
    (``required``) and whether it may be given several times (``repeat``: a poignée per seat).

    >>> taker = Fact("taker", "SEAT", "the taker's seat (FT-4)", whole, required=True)
    >>> taker.read_text("2"), taker.usage
    (2, 'taker=SEAT')
    >>> taker.read_text("north")
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: taker=north: expected a whole number, got 'north'
    """

    name: str = attrs.field(converter=_canonical)
    value: str
    help: str
    read: Callable[[str], object] = attrs.field(repr=False)
    required: bool = False
    repeat: bool = False

    def __attrs_post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(
                f"a fact's name is lower-case words joined by dashes, got {self.name!r}"
            )

    @property
    def usage(self) -> str:
        """``name=VALUE``, as the fact is written.

        >>> Fact("points", "P", "the attack's points", whole).usage
        'points=P'
        """
        return f"{self.name}={self.value}"

    def read_text(self, text: str) -> object:
        """The value written ``text``, or a :class:`~tarotlib.errors.ScoringError` naming the fact
        and what was expected.

        >>> Fact("oudlers", "N", "oudlers", whole).read_text("3")
        3
        """
        try:
            return self.read(text)
        except ScoringError as exc:
            raise ScoringError(f"{self.name}={text}: {exc}") from None
        except (ValueError, TypeError) as exc:
            raise ScoringError(f"{self.name}={text}: {exc}") from None


@attrs.frozen
class DealContext:
    """What a score sheet knows of a deal besides its facts: the ``dealer`` and the number of
    deals ``counted`` before it in the match (each None when not known: a deal scored on its own).

    >>> DealContext(dealer=2, counted=1)
    DealContext(dealer=2, counted=1)
    """

    dealer: int | None = None
    counted: int | None = None


@attrs.frozen
class DealForm:
    """What a table writes down for a deal of a game (the game's ``scoresheet`` hook gives it):
    the ``facts``, the ``scorer`` that turns their values (read, by name) and a
    :class:`DealContext` into the deal's :class:`~tarotlib.core.results.DealResult` under the
    game's rules, ``examples`` (``(what, "name=value ...")``, one per case, from the rules
    reference) and ``facts_of``, which gives what the table would write down for a deal played in
    tarotlib (``name -> text``).

    >>> import tarotlib
    >>> form = deal_form(tarotlib.variant("reseghino"))
    >>> [fact.usage for fact in form.facts]
    ['points=P0,P1,P2']
    >>> form.examples[0]
    ('LO-E5: X 27, Y 37, Z 14', 'points=27,37,14')
    """

    facts: tuple[Fact, ...]
    scorer: Callable[[Mapping[str, Any], DealContext], DealResult] = attrs.field(repr=False)
    examples: tuple[tuple[str, str], ...] = ()
    facts_of: Callable[[DealState], dict[str, str | list[str]]] | None = attrs.field(
        default=None, repr=False
    )
    standalone: tuple[str, ...] = ()
    """The facts that describe a deal on their own (everybody passed, a Monte, a Grash): given one
    of them, the required facts are not needed."""

    def fact(self, name: str) -> Fact:
        """The fact ``name`` (``_`` or ``-``), or a :class:`~tarotlib.errors.ScoringError` listing
        the form's facts.

        >>> import tarotlib
        >>> form = deal_form(tarotlib.variant("reseghino"))
        >>> form.fact("points").value
        'P0,P1,P2'
        >>> form.fact("taker")
        Traceback (most recent call last):
            ...
        tarotlib.errors.ScoringError: unknown fact 'taker'; this game's facts: points
        """
        key = _canonical(name)
        for fact in self.facts:
            if fact.name == key:
                return fact
        known = ", ".join(f.name for f in self.facts)
        raise ScoringError(f"unknown fact {name!r}; this game's facts: {known}")


def deal_form(rules: Game) -> DealForm:
    """The form of ``rules``' game (its registry hook ``scoresheet``), or a
    :class:`~tarotlib.errors.ScoringError` when the game has none.

    >>> import tarotlib
    >>> [fact.name for fact in deal_form(tarotlib.variant("lombardy")).facts]
    ['points', 'all-tricks', 'all-but-own-matto', 'monte']
    """
    if not isinstance(rules, Game):
        raise ScoringError(f"deal_form takes a game's rules, got {type(rules).__name__}")
    hook = variant_info(rules.name).scoresheet
    if hook is None:
        raise ScoringError(f"{rules.name} has no score-keeping form (its scoresheet hook)")
    form: DealForm = hook(rules)
    return form


def _texts(value: object, fact: Fact) -> list[str]:
    """A fact's given value as texts: a string as it is; a JSON number or boolean written out; a
    list of several values for a repeated fact, or joined with commas (``[73, 79]`` is
    ``73,79``)."""
    if isinstance(value, bool):
        return ["yes" if value else "no"]
    if isinstance(value, str):
        return [value]
    if isinstance(value, int | float):
        return [format(value, "g") if isinstance(value, float) else str(value)]
    if isinstance(value, list | tuple):
        if fact.repeat:
            return [
                text for item in value for text in _texts(item, attrs.evolve(fact, repeat=False))
            ]
        return [",".join(text for item in value for text in _texts(item, fact))]
    raise ScoringError(
        f"{fact.name}: a fact's value is text, a number, yes/no or a list, got {type(value).__name__}"
    )


def written(form: DealForm, given: Mapping[str, object]) -> dict[str, str | list[str]]:
    """The facts ``given`` as a table writes them: canonical names, each value as text (a list
    for a repeated fact); unknown names and a fact given twice are refused.

    >>> import tarotlib
    >>> form = deal_form(tarotlib.variant("reseghino"))
    >>> written(form, {"points": [27, 37, 14]})
    {'points': '27,37,14'}
    """
    if not isinstance(given, Mapping):
        raise ScoringError(
            f"the facts are a mapping of names to values, got {type(given).__name__}"
        )
    out: dict[str, str | list[str]] = {}
    for name, value in given.items():
        if not isinstance(name, str):
            raise ScoringError(f"a fact's name is text, got {name!r}")
        fact = form.fact(name)
        if fact.name in out:
            raise ScoringError(f"the fact {fact.name} is given twice")
        texts = _texts(value, fact)
        out[fact.name] = texts if fact.repeat else texts[0]
    return out


def read_facts(form: DealForm, given: Mapping[str, object]) -> dict[str, Any]:
    """The facts ``given`` (names to texts or JSON values) read into values: a repeated fact
    gives a tuple (empty when not given); an unknown fact, a fact given twice or a value that does
    not read is refused, with a :class:`~tarotlib.errors.ScoringError` saying which
    (:func:`score_facts` also checks that the required facts are there).

    >>> import tarotlib
    >>> form = deal_form(tarotlib.variant("lombardy"))
    >>> read_facts(form, {"points": "66,6", "all_tricks": "B"})
    {'points': (66, 6), 'all-tricks': 'B'}
    >>> read_facts(form, {"points": "66,6", "all-tricks": "C"})
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: all-tricks=C: expected A or B, got 'C'
    """
    texts = written(form, given)
    out: dict[str, Any] = {}
    for fact in form.facts:
        text = texts.get(fact.name)
        if fact.repeat:
            items = [] if text is None else [text] if isinstance(text, str) else text
            out[fact.name] = tuple(fact.read_text(item) for item in items)
        elif text is not None:
            assert isinstance(text, str)
            out[fact.name] = fact.read_text(text)
    return out


def _check_required(form: DealForm, values: Mapping[str, Any], standalone: bool) -> None:
    if standalone:
        return
    for fact in form.facts:
        if fact.required and fact.name not in values:
            raise ScoringError(f"missing fact: {fact.usage} ({fact.help})")


def score_facts(
    rules: Game,
    given: Mapping[str, object],
    *,
    dealer: int | None = None,
    counted: int | None = None,
) -> DealResult:
    """A deal of ``rules``' game scored from the facts ``given`` (names to texts or JSON values,
    as :func:`read_facts` reads them), with the ``dealer`` and the deals ``counted`` before it
    when a match knows them: the :class:`~tarotlib.core.results.DealResult` the game's engine
    would give for such a deal, its breakdown and its game included, which a
    :class:`~tarotlib.match.Match` of the game takes. A missing fact, or an impossible deal,
    raises :class:`~tarotlib.errors.ScoringError` with the reason.

    >>> import tarotlib
    >>> rules = tarotlib.variant("lombardy")
    >>> score_facts(rules, {"points": "0,72", "all-tricks": "B"}).scores   # LO-E4, deal 4
    (0, 36, 0, 36)
    >>> score_facts(rules, {"points": "0,72", "all-tricks": "A"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: team A won all 19 tricks, so it holds every card ...
    >>> score_facts(rules, {"all-tricks": "B"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: missing fact: points=A,B (the teams' points as counted: ...)
    """
    form = deal_form(rules)
    values = read_facts(form, given)
    alone = any(values.get(name) not in (None, False, ()) for name in form.standalone)
    _check_required(form, values, alone)
    if dealer is not None:
        rules.check_seat(dealer, "dealer")
    result = form.scorer(values, DealContext(dealer, counted))
    if not isinstance(result, DealResult) or len(result.scores) != rules.players:
        raise ScoringError(f"{rules.name}'s form gave {result!r}, not a deal's result")
    return attrs.evolve(result, game=rules.name)  # a deal of this game, as the engine says


# -- the score sheet ------------------------------------------------------------------------------
_Written = Mapping[str, str | Sequence[str]]
"""A deal's facts as written: names to texts (several texts for a repeated fact)."""


def _facts_converter(deals: Sequence[_Written]) -> tuple[Mapping[str, str | tuple[str, ...]], ...]:
    return tuple(
        {name: v if isinstance(v, str) else tuple(v) for name, v in deal.items()} for deal in deals
    )


def _options_converter(options: Mapping[str, object]) -> dict[str, object]:
    return dict(options)


@attrs.frozen
class ScoreSheet:
    """A match kept from what the table writes down: the ``game`` and its ``options`` (as
    ``rules.options_dict()`` gives them), the stopping rule (``deals`` or ``target``, as
    :meth:`~tarotlib.match.Match.start` takes them; neither: the game's own), the
    ``first_dealer`` and each deal's ``facts`` as written (names to texts). Immutable:
    :meth:`add` returns a new sheet. The :attr:`match` is rebuilt from the facts — each deal
    scored by the game's form (:func:`score_facts`) and added to a
    :class:`~tarotlib.match.Match` — so the totals, the game's own points and the end of the
    match follow the rules.

    LO-E4's first game, kept on a sheet:

    >>> import tarotlib
    >>> rules = tarotlib.variant("lombardy")
    >>> sheet = ScoreSheet.new(rules)
    >>> for facts in ({"points": "66,6"}, {"monte": "yes"}, {"points": "64,8"},
    ...               {"points": "0,72", "all-tricks": "B"}):
    ...     sheet = sheet.add(facts)
    >>> match = sheet.match
    >>> match.is_over, match.totals, match.points.points
    (True, (58, 36, 58, 36), (1, 1, 1, 1))
    >>> sheet.add({"points": "36,36"})
    Traceback (most recent call last):
        ...
    tarotlib.errors.MatchError: the match is over (4 deals): start a new score sheet
    """

    game: str
    options: Mapping[str, object] = attrs.field(converter=_options_converter)
    deals: int | None = None
    target: float | None = None
    first_dealer: int | None = None
    facts: tuple[Mapping[str, str | tuple[str, ...]], ...] = attrs.field(
        default=(), converter=_facts_converter
    )

    @classmethod
    def new(
        cls,
        rules: Game,
        *,
        deals: int | None = None,
        target: float | None = None,
        first_dealer: int | None = None,
    ) -> ScoreSheet:
        """An empty sheet for a match under ``rules`` (a stopping rule and first dealer as
        :meth:`~tarotlib.match.Match.start` takes them; checked now).

        >>> import tarotlib
        >>> ScoreSheet.new(tarotlib.variant("french-tarot", players=3), deals=3).match.deals
        3
        """
        sheet = cls(rules.name, dict(rules.options_dict()), deals, target, first_dealer, ())
        sheet.match  # noqa: B018 - the stopping rule and first dealer are checked
        return sheet

    @property
    def rules(self) -> Game:
        """The game's rules under the sheet's options.

        >>> import tarotlib
        >>> ScoreSheet.new(tarotlib.variant("chambery", players=4)).rules.players
        4
        """
        try:
            return variant(self.game, **self.options)
        except UnknownVariantError as exc:
            raise RecordError(str(exc.args[0])) from None
        except (OptionError, ValueError, TypeError) as exc:
            raise RecordError(f"the score sheet's options do not fit {self.game}: {exc}") from None

    def _start(self, rules: Game) -> Match:
        return Match.start(
            rules, deals=self.deals, target_score=self.target, first_dealer=self.first_dealer
        )

    @property
    def results(self) -> tuple[DealResult, ...]:
        """Each deal's result, scored from its facts.

        >>> import tarotlib
        >>> sheet = ScoreSheet.new(tarotlib.variant("reseghino")).add({"points": "27,37,14"})
        >>> sheet.results[0].scores
        (1, 11, -12)
        """
        return self.match.results

    @property
    def match(self) -> Match:
        """The match of the sheet's deals (see the class docstring); a deal that the rules
        refuse raises :class:`~tarotlib.errors.ScoringError` naming it.

        >>> import tarotlib
        >>> ScoreSheet.new(tarotlib.variant("reseghino")).match.is_over
        False
        """
        rules = self.rules
        match = self._start(rules)
        for number, facts in enumerate(self.facts, 1):
            try:
                if match.is_over:
                    raise MatchError("the match was already over")
                result = score_facts(rules, facts, dealer=match.dealer, counted=match.deals_counted)
                match = match.add(result)
            except (ScoringError, MatchError) as exc:
                raise ScoringError(f"deal {number}: {exc}") from None
        return match

    def add(self, facts: Mapping[str, object]) -> ScoreSheet:
        """A new sheet with one more deal, written ``facts`` (names to texts or JSON values),
        scored first: a deal the rules refuse, or one after the end of the match, raises
        (:class:`~tarotlib.errors.ScoringError`, :class:`~tarotlib.errors.MatchError`) and the
        sheet is unchanged.

        >>> import tarotlib
        >>> sheet = ScoreSheet.new(tarotlib.variant("reseghino"))
        >>> sheet.add({"points": "27,37,15"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.ScoringError: the players' points total 79 (27 + 37 + 15); ...
        """
        rules = self.rules
        form = deal_form(rules)
        match = self.match
        if match.is_over:
            stop = (
                f"{match.deals} deals" if match.deals is not None else f"to {match.target_score:g}"
            )
            raise MatchError(f"the match is over ({stop}): start a new score sheet")
        texts = written(form, facts)
        result = score_facts(rules, texts, dealer=match.dealer, counted=match.deals_counted)
        match.add(result)  # a result the match refuses is refused here
        return attrs.evolve(self, facts=_facts_converter([*self.facts, texts]))

    # -- files ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, object]:
        """The sheet as JSON data (the file :meth:`save` writes): its format, the game, the
        options, the stopping rule, the first dealer, and each deal's facts with the scores they
        gave (for a reader; they are scored again when the file is read).

        >>> import tarotlib
        >>> data = ScoreSheet.new(tarotlib.variant("reseghino")).add({"points": "27,37,14"}).to_json()
        >>> data["format"], data["game"], data["played"]
        ('tarotlib-scoresheet', 'reseghino', [{'facts': {'points': '27,37,14'}, 'scores': [1, 11, -12]}])
        """
        results = self.results
        played = [
            {
                "facts": {k: list(v) if isinstance(v, tuple) else v for k, v in facts.items()},
                "scores": list(result.scores),
            }
            for facts, result in zip(self.facts, results, strict=True)
        ]
        return {
            "format": SHEET_FORMAT,
            "version": _VERSION,
            "game": self.game,
            "options": dict(self.options),
            "deals": self.deals,
            "target": self.target,
            "first_dealer": self.first_dealer,
            "played": played,
        }

    @classmethod
    def from_json(cls, data: object, source: str = "a score sheet") -> ScoreSheet:
        """A sheet from its JSON data (:meth:`to_json`): every field checked, every deal scored
        again, and each deal's recorded scores compared with what its facts give; a
        :class:`~tarotlib.errors.RecordError` names ``source`` and what is wrong.

        >>> import tarotlib
        >>> sheet = ScoreSheet.new(tarotlib.variant("reseghino")).add({"points": "27,37,14"})
        >>> ScoreSheet.from_json(sheet.to_json()) == sheet
        True
        >>> data = sheet.to_json()
        >>> data["played"][0]["scores"] = [2, 10, -12]
        >>> ScoreSheet.from_json(data, "sheet.json")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.RecordError: sheet.json: deal 1 records the scores [2, 10, -12], but its ...
        """
        if not isinstance(data, dict):
            raise RecordError(f"{source}: a score sheet is a JSON object")
        if data.get("format") != SHEET_FORMAT:
            raise RecordError(f"{source}: not a score sheet (format {SHEET_FORMAT!r} expected)")
        if data.get("version") != _VERSION:
            raise RecordError(f"{source}: score sheet version {data.get('version')!r}; expected 1")
        game, options, played = data.get("game"), data.get("options"), data.get("played")
        if not isinstance(game, str) or not isinstance(options, dict):
            raise RecordError(f"{source}: the game must be a name and the options an object")
        if not isinstance(played, list) or not all(
            isinstance(deal, dict)
            and isinstance(deal.get("facts"), dict)
            and isinstance(deal.get("scores"), list)
            and all(is_number(score) for score in deal["scores"])
            for deal in played
        ):
            raise RecordError(
                f"{source}: 'played' must list the deals, each with its facts and its scores "
                "(numbers)"
            )
        deals, target, first = data.get("deals"), data.get("target"), data.get("first_dealer")
        for name, value, check, kind in (
            ("deals", deals, is_int, "a whole number"),
            ("target", target, is_number, "a number"),
            ("first_dealer", first, is_int, "a seat"),
        ):
            if value is not None and not check(value):
                raise RecordError(f"{source}: {name} must be {kind} or null, got {value!r}")
        try:
            sheet = cls(game, options, deals, target, first)
            rules = sheet.rules
            form = deal_form(rules)
            facts = [written(form, deal["facts"]) for deal in played]
            sheet = attrs.evolve(sheet, facts=facts)
            results = sheet.results
        except (ScoringError, MatchError, OptionError) as exc:
            raise RecordError(f"{source}: {exc}") from None
        except RecordError as exc:
            raise RecordError(f"{source}: {exc}") from None
        for number, (deal, result) in enumerate(zip(played, results, strict=True), 1):
            if [float(s) for s in deal["scores"]] != [float(s) for s in result.scores]:
                raise RecordError(
                    f"{source}: deal {number} records the scores {deal['scores']}, but its facts "
                    f"give {list(result.scores)}"
                )
        return sheet

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, max_bytes: int = RECORD_MAX_BYTES) -> ScoreSheet:
        """The sheet in the file at ``path`` (read once, at most ``max_bytes``): a
        :class:`~tarotlib.errors.RecordError` names the file and what is wrong; a missing file
        raises the :class:`OSError` of ``open``.

        >>> import tarotlib
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "sheet.json")
        >>> ScoreSheet.new(tarotlib.variant("reseghino")).save(path)
        >>> ScoreSheet.load(path).game
        'reseghino'
        """
        name = os.fsdecode(path)
        text = read_limited(path, max_bytes, "a score sheet")
        try:
            data = parse_json(text, "score sheet")
        except RecordError as exc:
            raise RecordError(f"{name}: {exc}") from None
        return cls.from_json(data, name)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the sheet to ``path`` atomically (whole or not at all: a failed write leaves the
        previous file as it was; :func:`tarotlib._files.write_atomically`).

        >>> import tarotlib
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "sheet.json")
        >>> ScoreSheet.new(tarotlib.variant("reseghino")).save(path)
        >>> open(path).read().startswith('{\\n  "format": "tarotlib-scoresheet"')
        True
        """
        text = json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"
        write_atomically(path, text)
