"""The text people read in a score: one minus sign (U+2212, ``−``) in every number, and the seat
and team lines of a :class:`~tarotlib.core.results.Breakdown`, written alike by every game.

>>> signed(-12), signed(3), signed(0), signed(-2.5, ".1f"), unsigned(-4)
('−12', '+3', '0', '−2.5', '−4')
>>> for line in seat_lines((-288, 96, 96, 96), {0: "taker"}):
...     print(line)
seat 0 (taker): −288
seat 1: +96
seat 2: +96
seat 3: +96
>>> seat_list((18, 10, -28)), team_list((41, 0), "AB")
('seat 0 +18, seat 1 +10, seat 2 −28', 'team A 41, team B 0')
>>> team_line(1, "R(55) = 60"), seat_line(2, "47.5 points")
('team 1: R(55) = 60', 'seat 2: 47.5 points')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

__all__ = [
    "MINUS",
    "seat_line",
    "seat_lines",
    "seat_list",
    "signed",
    "team_line",
    "team_list",
    "unsigned",
]

MINUS: Final = "\u2212"
"""The minus sign of every score shown to a person (JSON keeps plain numbers)."""


def unsigned(value: float, spec: str = "g") -> str:
    """``value`` formatted by ``spec``, a negative one with the minus sign ``−``.

    >>> unsigned(-4), unsigned(7), unsigned(2.25, ".1f")
    ('−4', '7', '2.2')
    """
    text = format(value, spec)
    return MINUS + text[1:] if text.startswith("-") else text


def signed(value: float, spec: str = "g") -> str:
    """``value`` formatted by ``spec`` with its sign: ``+3``, ``−12``; zero has none (``0``).

    >>> signed(3), signed(-12), signed(0), signed(-0.0), signed(2.25, ".1f")
    ('+3', '−12', '0', '0', '+2.2')
    """
    if value == 0:
        return format(0 * value + 0, spec)  # no "-0" nor "+0"
    text = unsigned(value, spec)
    return text if text.startswith(MINUS) else "+" + text


def seat_line(seat: int, text: str, role: str | None = None) -> str:
    """The line of a breakdown about one seat: ``seat 0 (taker): text``.

    >>> seat_line(0, "−288", "taker"), seat_line(3, "10 points, 68 − 3 × 10 = +38")
    ('seat 0 (taker): −288', 'seat 3: 10 points, 68 − 3 × 10 = +38')
    """
    return f"seat {seat}{f' ({role})' if role else ''}: {text}"


def seat_lines(scores: Iterable[float], roles: Mapping[int, str] | None = None) -> tuple[str, ...]:
    """One line per seat with its signed score, and its role from ``roles`` (seat -> role) when it
    has one: the last lines of a breakdown.

    >>> seat_lines((-15, 5, 5, -10), {0: "declarer", 3: "partner"})
    ('seat 0 (declarer): −15', 'seat 1: +5', 'seat 2: +5', 'seat 3 (partner): −10')
    """
    roles = roles or {}
    return tuple(
        seat_line(seat, signed(score), roles.get(seat)) for seat, score in enumerate(scores)
    )


def seat_list(scores: Iterable[float]) -> str:
    """The seats' signed scores on one line: ``seat 0 +18, seat 1 +10, seat 2 −28``.

    >>> seat_list((0, -5, 5))
    'seat 0 0, seat 1 −5, seat 2 +5'
    """
    return ", ".join(f"seat {seat} {signed(score)}" for seat, score in enumerate(scores))


def team_line(team: int | str, text: str) -> str:
    """The line of a breakdown about one team: ``team 0: text``.

    >>> team_line(0, "(R(162) + 130) × 4 = 1160"), team_line("A", "+1 GP")
    ('team 0: (R(162) + 130) × 4 = 1160', 'team A: +1 GP')
    """
    return f"team {team}: {text}"


def team_list(values: Iterable[float], names: Sequence[int | str] | str = (0, 1)) -> str:
    """The teams' numbers on one line, ``team 0 107, team 1 55``; ``names`` names the teams in
    order (by default 0 and 1).

    >>> team_list((107, 55)), team_list((41, 0), ("A", "B"))
    ('team 0 107, team 1 55', 'team A 41, team B 0')
    """
    return ", ".join(
        f"team {name} {unsigned(value)}" for name, value in zip(names, values, strict=True)
    )
