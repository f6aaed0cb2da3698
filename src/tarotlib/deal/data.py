"""The facts of one deal that change only at phase boundaries (:class:`DealData`).

Every phase reads and writes the same small vocabulary: who dealt, what was dealt, the contract and
its declarer, the called card and the partner, the sides, the discard, the auction calls, the
declarations, and the annulment or result. What only one game needs goes in ``notes`` (a few
key-value pairs). A :class:`DealData` is an immutable named tuple; :func:`evolve` builds a changed
copy.

>>> data = DealData(dealer=3, seed=None, dealt=(0b1, 0b10), kitty=0, stock=())
>>> changed = evolve(data, declarer=1, notes=with_note(data.notes, "slam", True))
>>> changed.declarer, note(changed.notes, "slam"), data.declarer
(1, True, -1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, NamedTuple, TypeVar

from tarotlib.cards import Card

if TYPE_CHECKING:
    from tarotlib.engine import DealResult

__all__ = ["DealData", "Notes", "check_facts", "evolve", "new_data", "note", "with_note"]

Notes = tuple[tuple[str, object], ...]
"""A game's own facts: ``(key, value)`` pairs, immutable values only."""

T = TypeVar("T")


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


def note(notes: Notes, key: str, default: T | None = None) -> object:
    """The value of ``key`` in ``notes`` (``default`` when absent).

    >>> note((("slam", True),), "slam"), note((), "slam", False)
    (True, False)
    """
    for k, v in notes:
        if k == key:
            return v
    return default


def with_note(notes: Notes, key: str, value: object) -> Notes:
    """``notes`` with ``key`` set to ``value`` (replacing an earlier value).

    >>> with_note((("a", 1), ("b", 2)), "a", 3)
    (('b', 2), ('a', 3))
    """
    return (*((k, v) for k, v in notes if k != key), (key, value))


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
        out.append((key, value))
    return tuple(sorted(out))
