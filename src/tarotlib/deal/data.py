"""The facts of one deal that change only at phase boundaries (:class:`DealData`).

Every phase reads and writes the same small vocabulary: who dealt, what was dealt, the contract and
its declarer, the called card and the partner, the sides, the discard, the auction calls, the
declarations, and the annulment or result. What only one game needs goes in ``notes``, read and
written through typed keys (:class:`Note`): ``data.note(KEY)`` and ``data.noted(KEY, value)``.
A :class:`DealData` is an immutable named tuple; :func:`evolve` builds a changed copy.

>>> SLAM = Note("slam", False)
>>> data = DealData(dealer=3, seed=None, dealt=(0b1, 0b10), kitty=0, stock=())
>>> changed = evolve(data, declarer=1).noted(SLAM, True)
>>> changed.declarer, changed.note(SLAM), data.note(SLAM), data.declarer
(1, True, False, -1)
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, Generic, NamedTuple, TypeVar

from tarotlib.core.cards import Card

if TYPE_CHECKING:
    from tarotlib.core.results import DealResult

__all__ = [
    "DealData",
    "Note",
    "Notes",
    "as_note",
    "check_facts",
    "evolve",
    "new_data",
    "note",
    "with_note",
]

Notes = tuple[tuple[str, object], ...]
"""A game's own facts: ``(name, value)`` pairs, immutable values only (read and written through
:class:`Note` keys)."""

T = TypeVar("T")


class Note(str, Generic[T]):
    """A typed key of the deal's notes: a string, its name (what the notes and records hold),
    with the ``default`` a deal without the note reads. One constant per fact, defined beside
    the phase or game that writes it, and read by everything else through it:
    ``data.note(KEY)`` gives a ``T``, ``data.noted(KEY, value)`` takes one. Being its name, a key
    also serves where a name is asked for (``new_deal(facts={FIRST_OF_SERIES: True})``).

    >>> ALL_PASSED = Note("all_passed", False)
    >>> data = DealData(0, None, (), 0, ()).noted(ALL_PASSED, True)
    >>> data.note(ALL_PASSED), data.notes, ALL_PASSED, ALL_PASSED == "all_passed"
    (True, (('all_passed', True),), Note('all_passed', False), True)
    """

    default: T

    def __new__(cls, name: str, default: T) -> Note[T]:
        key = super().__new__(cls, name)
        key.default = default
        return key

    @property
    def name(self) -> str:
        """The note's name.

        >>> Note("slam", False).name
        'slam'
        """
        return str(self)

    def __repr__(self) -> str:
        return f"Note({str(self)!r}, {self.default!r})"

    def __reduce__(self) -> tuple[type[Note[T]], tuple[str, T]]:
        return (Note, (str(self), self.default))


class DealData(NamedTuple):
    """What one deal has established so far (immutable).

    ``dealt`` holds the hands as dealt (bit masks, by seat), ``kitty`` the kitty (chien, talon) as
    dealt, ``stock`` the cards dealt later in dealing order (BE-3.4), ``order`` the hands in dealing
    order when the game keeps it (LO-11), ``sitter`` the seat sitting the deal out (CH-2.3) or -1.
    ``contract`` is the game's contract value, ``declarer`` the taker / soloist / declarer seat (-1
    before), ``called`` the called card (-1), ``partner`` the declarer's partner once known (-1),
    ``sides`` the side of each seat once play begins (``()`` before), ``discard`` the écart or the
    dealer's discard (mask), ``calls`` the auction as ``(seat, call)`` pairs (``None`` for a pass),
    ``declarations`` the game's declaration records in order, ``notes`` the game's own facts.
    ``annulled`` gives the reason of an annulled deal and ``result`` the result once over.
    ``facts`` are the facts given with the deal (``Game.new_deal(facts=...)``: what a match tells
    a deal, such as being the first of its series, FT-20.4); they are also the first ``notes``,
    and records keep them.

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=4)
    >>> state = rules.new_deal(seed=1)
    >>> for text in ("bid garde", "pass", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> data = state.data
    >>> data.dealer, data.contract, data.declarer, data.calls[:2]
    (0, <Contract.GARDE: 2>, 1, ((1, <Contract.GARDE: 2>), (2, None)))
    >>> tarotlib.format_cards(data.kitty), data.discard, data.sides   # the écart is still to make
    ('9S 4H 2D 4D JD T4', 0, ())
    """

    dealer: int
    seed: int | None
    dealt: tuple[int, ...]
    kitty: int
    stock: tuple[Card, ...]
    order: tuple[tuple[Card, ...], ...] | None = None
    sitter: int = -1
    contract: object = None
    declarer: int = -1
    called: int = -1
    partner: int = -1
    sides: tuple[int, ...] = ()
    discard: int = 0
    calls: tuple[tuple[int, object], ...] = ()
    declarations: tuple[object, ...] = ()
    notes: Notes = ()
    annulled: str | None = None
    result: DealResult | None = None
    facts: Notes = ()

    def note(self, key: Note[T]) -> T:
        """The value of the note ``key`` (its default when the deal has none).

        >>> first = Note("first_of_series", False)
        >>> DealData(0, None, (), 0, (), notes=(("first_of_series", True),)).note(first)
        True
        """
        for k, v in self.notes:
            if k == key:
                return v  # type: ignore[return-value]  # written through the same typed key
        if isinstance(key, Note):
            return key.default
        return None  # a plain name (deprecated): no default

    def noted(self, key: Note[T], value: T) -> DealData:
        """These facts with the note ``key`` set to ``value`` (replacing an earlier value).

        >>> slam = Note("slam", False)
        >>> DealData(0, None, (), 0, ()).noted(slam, True).notes
        (('slam', True),)
        """
        notes = (*((k, v) for k, v in self.notes if k != key), (str(key), value))
        return evolve(self, notes=notes)


_INDEX: Final = {name: i for i, name in enumerate(DealData._fields)}
_DEFAULTS: Final = tuple(DealData._field_defaults[name] for name in DealData._fields[5:])
_LATER: Final = _DEFAULTS[2:]  # the defaults after ``order`` and ``sitter``
_new_tuple: Final = tuple.__new__


def new_data(
    dealer: int,
    seed: int | None,
    dealt: tuple[int, ...],
    kitty: int,
    stock: tuple[Card, ...],
    order: tuple[tuple[Card, ...], ...] | None = None,
    sitter: int = -1,
) -> DealData:
    """A deal's first facts (``DealData(dealer, seed, dealt, kitty, stock, order, sitter)``, built
    without the named tuple's ``__new__``: every deal starts with one). ``order`` gives the hands
    in dealing order when the game keeps it (LO-11), ``sitter`` the seat sitting the deal out
    (CH-2.3).

    >>> new_data(3, None, (1, 2), 0, ()) == DealData(3, None, (1, 2), 0, ())
    True
    >>> new_data(0, None, (0, 1, 2), 0, (), sitter=1).sitter
    1
    """
    if order is None and sitter == -1:
        data: DealData = _new_tuple(DealData, (dealer, seed, dealt, kitty, stock, *_DEFAULTS))
    else:
        data = _new_tuple(DealData, (dealer, seed, dealt, kitty, stock, order, sitter, *_LATER))
    return data


def evolve(data: DealData, **changes: object) -> DealData:
    """``data`` with ``changes`` (like ``data._replace(**changes)``, about three times faster;
    phase changes use it).

    >>> evolve(DealData(0, None, (), 0, ()), contract="garde").contract
    'garde'
    """
    values: list[object] = list(data)
    index = _INDEX
    for name, value in changes.items():
        values[index[name]] = value
    new: DealData = tuple.__new__(DealData, values)
    return new


def as_note(key: Note[T] | str, default: T) -> Note[T]:
    """``key`` as a :class:`Note`: a key as it is, or a name (the form of earlier releases,
    deprecated) made a key with ``default`` (what a phase's ``key`` converter does).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     as_note("shown", ())
    Note('shown', ())
    >>> caught[0].category.__name__
    'DeprecationWarning'

    """
    if isinstance(key, Note):
        return key
    warnings.warn(
        f"a note named by a string ({key!r}) is deprecated: give a tarotlib.deal.Note key",
        DeprecationWarning,
        stacklevel=4,
    )
    return Note(key, default)


def note(notes: Notes, key: Note[T] | str, default: T | None = None) -> object:
    """The value of ``key`` in ``notes`` (``default``, or the key's own default, when absent).
    Prefer ``data.note(KEY)`` (:meth:`DealData.note`); a key given as a string is deprecated.

    >>> note((("slam", True),), Note("slam", False)), note((), Note("slam", False))
    (True, False)
    """
    if isinstance(key, Note):
        if default is None:
            default = key.default
    else:
        warnings.warn(
            "a note named by a string is deprecated: define a tarotlib.deal.Note key",
            DeprecationWarning,
            stacklevel=2,
        )
    for k, v in notes:
        if k == key:
            return v
    return default


def with_note(notes: Notes, key: Note[T] | str, value: T) -> Notes:
    """``notes`` with ``key`` set to ``value`` (replacing an earlier value). Prefer
    ``data.noted(KEY, value)`` (:meth:`DealData.noted`); a key given as a string is deprecated.

    >>> with_note((("a", 1), ("b", 2)), Note("a", 0), 3)
    (('b', 2), ('a', 3))
    """
    if not isinstance(key, Note):
        warnings.warn(
            "a note named by a string is deprecated: define a tarotlib.deal.Note key",
            DeprecationWarning,
            stacklevel=2,
        )
    return (*((k, v) for k, v in notes if k != key), (str(key), value))


def check_facts(facts: Mapping[str, object] | None) -> Notes:
    """The facts given with a deal (``Game.new_deal(facts=...)``) as notes, sorted by name; raises
    :class:`~tarotlib.errors.DealError` unless they map names to JSON scalars (``bool``, ``int``,
    ``str``, ``None``), which records can keep.

    >>> check_facts({"first_of_series": True, "deal": 3})
    (('deal', 3), ('first_of_series', True))
    >>> check_facts(None), check_facts({})
    ((), ())
    >>> check_facts({"x": [1]})
    Traceback (most recent call last):
        ...
    tarotlib.errors.DealError: deal facts map names to true/false, integers, strings or null; got 'x': [1]
    """
    from tarotlib.errors import DealError

    if facts is None:
        return ()
    if not isinstance(facts, Mapping):
        raise DealError(f"deal facts must be a mapping of names to values, got {facts!r}")
    out: list[tuple[str, object]] = []
    for key, value in facts.items():
        if not isinstance(key, str) or not (value is None or isinstance(value, (bool, int, str))):
            raise DealError(
                "deal facts map names to true/false, integers, strings or null; "
                f"got {key!r}: {value!r}"
            )
        out.append((str(key), value))  # (a Note key is its name)
    return tuple(sorted(out))
