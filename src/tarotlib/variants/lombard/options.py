"""The options every Lombard game shares (part A): how the cards are dealt (``deal_packets``,
LO-11) and who deals first (``first_dealer``, LO-1.3). Each game's options class checks them with
these functions (``first_dealer`` with :func:`~tarotlib.deal.options.check_first_dealer`, which
every game with that option shares).

>>> packets_of("5-5-5-4", 19, "LO-11"), ONE_AT_A_TIME
((5, 5, 5, 4), 'one_at_a_time')
>>> check_first_dealer(4, 4)
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option first_dealer must be a seat 0..3 or 'random' (got 4)
"""

from __future__ import annotations

from typing import Final

from tarotlib.deal.options import check_first_dealer
from tarotlib.errors import OptionError

__all__ = ["ONE_AT_A_TIME", "check_first_dealer", "packets_of"]

ONE_AT_A_TIME: Final = "one_at_a_time"
"""The default of option ``deal_packets`` (LO-11, RE-3, TO-3): the cards are dealt one at a time."""


def packets_of(text: str, hand: int, section: str) -> tuple[int, ...] | None:
    """The packets of option ``deal_packets``: None for one card at a time, else the packet of
    each round (``'5-5-5-4'``), which must sum to ``hand`` (LO-11, RE-3, TO-3, TO-22, TO-32).

    >>> packets_of("one_at_a_time", 19, "LO-11"), packets_of("5-5-5-4", 19, "LO-11")
    (None, (5, 5, 5, 4))
    >>> packets_of("5-x", 19, "LO-11")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: option deal_packets must be 'one_at_a_time' or packet sizes ...
    """
    if not isinstance(text, str):
        raise OptionError(f"option deal_packets must be a string (got {text!r})")
    if text == ONE_AT_A_TIME:
        return None
    parts = text.split("-")
    if not all(p.isdigit() and int(p) > 0 for p in parts):
        raise OptionError(
            "option deal_packets must be 'one_at_a_time' or packet sizes joined by '-' such as "
            f"'5-5-5-4' (got {text!r})"
        )
    packets = tuple(int(p) for p in parts)
    if sum(packets) != hand:
        raise OptionError(
            f"option deal_packets: the packets {text} give {sum(packets)} cards; each hand needs "
            f"{hand} ({section})"
        )
    return packets
