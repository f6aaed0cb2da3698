"""Types of the optional compiled card kernel (src/tarotlib/_speedups.c)."""

from collections.abc import Callable
from typing import Any

def unpack(bits: int, nbits: int, gather: Any, out: Any, /) -> None: ...

class Observer:
    def __init__(
        self,
        *,
        pos: tuple[int, ...],
        players: int,
        cards: int,
        slots: int,
        size: int,
        offsets: tuple[int, ...],
    ) -> None: ...
    def fill(
        self,
        out: Any,
        seat: int,
        phase: int,
        to_act: int,
        dealer: int,
        declarer: int,
        called: int,
        sitter: int,
        hand: int,
        visible: int,
        tricks: tuple[tuple[int, tuple[int, ...], int], ...],
        lead: int,
        trick: tuple[int, ...],
        actions: int,
        chosen_slot: int,
        chosen_cards: int,
        /,
    ) -> None: ...

class Kernel:
    def __init__(
        self,
        *,
        lead_class: tuple[int, ...],
        beats: tuple[int, ...],
        steps: tuple[tuple[tuple[int, int], ...], ...],
        step_list: tuple[int, ...],
        nxt: tuple[int, ...],
        size: int,
        last: int,
        mates: tuple[int, ...] | None,
        fool: int,
        watch: int,
        open_window: bool,
        plays: tuple[object, ...],
    ) -> None: ...
    def legal(self, hand: int, led: int, win: int, partner_winning: bool, /) -> int: ...
    def run(
        self,
        mode: int,
        fn: Callable[..., object] | None,
        card_index: Callable[[object], int],
        h: Any,
        hands: int,
        seat: int,
        led: int,
        win: int,
        ws: int,
        trick: tuple[int, ...],
        lead: int,
        tricks: tuple[tuple[int, tuple[int, ...], int], ...],
        piles: int,
        pending: bool,
        /,
    ) -> tuple[
        int,
        int,
        int,
        Any,
        int,
        int,
        int,
        int,
        int,
        tuple[int, ...],
        int,
        tuple[tuple[int, tuple[int, ...], int], ...],
        int,
    ]: ...

def view(slot: object, name: str, doc: str, /) -> object: ...

class Plain:
    def __init__(
        self,
        *,
        kernel: Kernel,
        maxing: tuple[int, ...],
        values: tuple[int, ...],
        final: Callable[[int, int, bool], float],
        slope: float | None,
        orders: tuple[tuple[int, tuple[int, ...]], ...] | None,
        roles: tuple[int, ...] | None,
        special: int,
        check: Callable[[], None] | None,
        total: int,
        tricks: int,
        table_bits: int,
    ) -> None: ...
    @property
    def nodes(self) -> int: ...
    def search(
        self,
        hands: tuple[int, ...],
        seat: int,
        led: int,
        win: int,
        ws: int,
        count: int,
        taken: int,
        in_trick: int,
        raw: int,
        won: int,
        left: int,
        rem: int,
        alpha: float,
        beta: float,
        limit: int,
        /,
    ) -> float: ...
