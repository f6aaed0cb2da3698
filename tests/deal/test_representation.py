"""The deal machine's representation is behind one door.

A state's slots (``DealState.__slots__``) and the packing of hands and piles (``SEAT_BITS``) belong
to ``tarotlib/deal/state.py``, and to the card-play phase ``tarotlib/deal/play.py``, the hot path
of every bot and simulation. Every other module of ``src/`` — the other phases, the games, the AI
layer, the tools — goes through the state's typed API (``actor``, ``local``, ``held``,
``trick_list``, ``step``, ``begin``...). Each module is parsed, and any attribute named like a slot,
or any use of ``SEAT_BITS``, outside those two modules fails this test, with where.

Tests may reach into a state on purpose (to break it and check that the testing kit notices), so
only ``src/`` is checked.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tarotlib
from tarotlib._compiled import COMPILED, speedups
from tarotlib.deal.state import DealState

SRC = Path(tarotlib.__file__).resolve().parent
ALLOWED = {"deal/state.py", "deal/play.py"}
SLOTS = frozenset(DealState.__slots__)


def reaches(source: str) -> list[tuple[int, str]]:
    """``(line, name)`` for each use of a slot name or of ``SEAT_BITS`` in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in SLOTS:
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.Name) and node.id == "SEAT_BITS":
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.alias) and node.name == "SEAT_BITS":
            found.append((getattr(node, "lineno", 0), node.name))
        elif isinstance(node, ast.Constant) and node.value in SLOTS:
            found.append((node.lineno, str(node.value)))  # getattr(state, "_s_hands")
    return sorted(set(found))


def test_the_slots_are_the_representations() -> None:
    # The check keys on these names: every slot has the prefix that no other attribute uses.
    assert SLOTS and all(name.startswith("_s_") for name in SLOTS)
    assert {"_s_hands", "_s_local", "_s_tricks"} <= SLOTS


def test_only_the_machine_touches_the_representation() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        relative = path.relative_to(SRC).as_posix()
        if relative in ALLOWED:
            continue
        for line, name in reaches(path.read_text(encoding="utf-8")):
            found.append(f"tarotlib/{relative}:{line}: {name}")
    assert not found, (
        "these modules reach into a deal state's representation; use DealState's API instead "
        "(see tarotlib/deal/state.py):\n" + "\n".join(found)
    )


def test_the_allowed_modules_do_touch_it() -> None:
    """The allow list names the modules that hold the representation (none of it is stale)."""
    for relative in ALLOWED:
        assert reaches((SRC / relative).read_text(encoding="utf-8")), relative


def test_the_check_finds_reads_writes_and_the_packing() -> None:
    source = """
from tarotlib.deal.state import SEAT_BITS
def f(state, other):
    state._s_hands = other._s_hands >> SEAT_BITS
    return getattr(state, "_s_local"), state.held(0), state._private
"""
    assert reaches(source) == [
        (2, "SEAT_BITS"),
        (4, "SEAT_BITS"),
        (4, "_s_hands"),
        (5, "_s_local"),
    ]


# -- the reads: views of the slots ---------------------------------------------------------------
def test_every_read_gives_its_slot_and_refuses_assignment() -> None:
    import tarotlib
    from tarotlib.deal import state as module

    reads = {name: slot for name, slot, _ in module._VIEWS}
    assert {"actor", "local", "data", "rules", "packed_hands", "trick_list"} <= set(reads)
    rules = tarotlib.variant("belote")
    dealt = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    state = dealt.apply(dealt.legal_actions()[0])
    assert isinstance(state, DealState)
    for name, slot in reads.items():
        assert getattr(type(state), name).__doc__, name  # documented, compiled or not
        assert getattr(state, name) is object.__getattribute__(state, slot), name
        with pytest.raises(AttributeError):
            setattr(state, name, None)
    assert state.trick_state == tuple(
        object.__getattribute__(state, slot) for slot in ("_s_led", "_s_win", "_s_wseat")
    )


@pytest.mark.skipif(not COMPILED, reason="the compiled part is not built (or turned off)")
def test_the_compiled_views_check_what_they_are_given() -> None:
    assert speedups is not None
    with pytest.raises(TypeError, match="member descriptor of a slot"):
        speedups.view(property(lambda self: 1), "x", "doc")
    with pytest.raises(TypeError, match="member descriptor of a slot"):
        speedups.view("_s_actor", "x", "doc")
    view = speedups.view(DealState.__dict__["_s_actor"], "seat", "the seat")
    assert type(view).__name__ == "member_descriptor" and view.__doc__ == "the seat"
