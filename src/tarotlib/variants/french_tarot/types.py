"""French Tarot vocabulary: contracts, camps, declarations (FT-4.2, FT-8)."""

from __future__ import annotations

import enum

import attrs

__all__ = ["TAKES_CHIEN", "Camp", "Contract", "Declaration", "DeclarationKind"]


class Contract(enum.IntEnum):
    """The four contracts in order of strength (FT-4.2).

    >>> [contract.label for contract in Contract]
    ['Prise', 'Garde', 'Garde Sans', 'Garde Contre']
    >>> Contract.GARDE_SANS.multiplier, Contract.GARDE.takes_chien, Contract.GARDE_SANS.token
    (4, True, 'garde-sans')
    """

    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def multiplier(self) -> int:
        """m of FT-14.1: 1, 2, 4, 6."""
        return (0, 1, 2, 4, 6)[self]

    @property
    def takes_chien(self) -> bool:
        """Prise and Garde: the chien is shown, taken and an écart made (FT-6.1)."""
        return self in TAKES_CHIEN

    @property
    def label(self) -> str:
        """FFT name: ``Prise``, ``Garde``, ``Garde Sans``, ``Garde Contre``."""
        return ("", "Prise", "Garde", "Garde Sans", "Garde Contre")[self]

    @property
    def token(self) -> str:
        """Notation used in action text and records: ``prise``, ``garde``, ``garde-sans``, ..."""
        return self.name.lower().replace("_", "-")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse a contract name (``garde-sans``, ``Garde Sans``, ``GARDE_SANS``...).

        >>> Contract.parse("Garde Contre")
        <Contract.GARDE_CONTRE: 4>
        """
        key = text.strip().upper().replace("-", "_").replace(" ", "_")
        if key in ("PETITE",):
            key = "PRISE"
        try:
            return cls[key]
        except KeyError:
            raise ValueError(
                f"unknown contract {text!r}; expected prise, garde, garde-sans or garde-contre"
            ) from None


TAKES_CHIEN: frozenset[Contract] = frozenset({Contract.PRISE, Contract.GARDE})
"""The contracts that take the chien (FT-6.1): what ``Contract.takes_chien`` tells, as a set
that hot code can test without a property call.

>>> sorted(contract.label for contract in TAKES_CHIEN)
['Garde', 'Prise']
"""


class Camp(enum.IntEnum):
    """The two camps of a deal (FT-0.4).

    >>> Camp.ATTACK.other, Camp.DEFENCE.other
    (<Camp.DEFENCE: 1>, <Camp.ATTACK: 0>)
    """

    ATTACK = 0
    DEFENCE = 1

    @property
    def other(self) -> Camp:
        """The opposite camp."""
        return Camp(1 - self)


class DeclarationKind(enum.Enum):
    """Declarations of FT-8: three poignée levels and (BGA option) two misères.

    >>> DeclarationKind("double-poignee"), DeclarationKind.DOUBLE_POIGNEE.bonus
    (<DeclarationKind.DOUBLE_POIGNEE: 'double-poignee'>, 30)
    >>> [(kind.token, kind.is_poignee) for kind in DeclarationKind][3:]
    [('no-honours-misere', False), ('no-trumps-misere', False)]
    """

    SIMPLE_POIGNEE = "simple-poignee"
    DOUBLE_POIGNEE = "double-poignee"
    TRIPLE_POIGNEE = "triple-poignee"
    NO_HONOURS_MISERE = "no-honours-misere"
    NO_TRUMPS_MISERE = "no-trumps-misere"

    @property
    def token(self) -> str:
        """Notation used in action text and records (``simple-poignee``, ``no-trumps-misere``)."""
        return self.value

    @property
    def bonus(self) -> int:
        """The bonus B of FT-8.1 / FT-8.6: 20, 30, 40 for poignées, 10 for a misère."""
        return _BONUS[self]

    @property
    def is_poignee(self) -> bool:
        """True for the three poignée levels."""
        return self in _POIGNEES

    @property
    def level(self) -> int:
        """Poignée level 0, 1, 2 (simple, double, triple); -1 for a misère."""
        return _POIGNEES.index(self) if self in _POIGNEES else -1


_POIGNEES = (
    DeclarationKind.SIMPLE_POIGNEE,
    DeclarationKind.DOUBLE_POIGNEE,
    DeclarationKind.TRIPLE_POIGNEE,
)
_BONUS = {
    DeclarationKind.SIMPLE_POIGNEE: 20,
    DeclarationKind.DOUBLE_POIGNEE: 30,
    DeclarationKind.TRIPLE_POIGNEE: 40,
    DeclarationKind.NO_HONOURS_MISERE: 10,
    DeclarationKind.NO_TRUMPS_MISERE: 10,
}


@attrs.frozen
class Declaration:
    """A declaration made by ``seat``: a poignée (with the cards shown) or a misère (FT-8).

    >>> from tarotlib.core.cards import parse_cards
    >>> shown = tuple(parse_cards("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"))
    >>> declaration = Declaration(seat=2, kind=DeclarationKind.DOUBLE_POIGNEE, shown=shown)
    >>> declaration.bonus, declaration.kind.level
    (30, 1)
    """

    seat: int
    kind: DeclarationKind
    shown: tuple[int, ...] = ()
    """Card indices shown with a poignée (empty for a misère)."""

    @property
    def bonus(self) -> int:
        """The declaration's bonus (FT-8.1, FT-8.6)."""
        return self.kind.bonus
