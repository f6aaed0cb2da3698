"""The Lombard tarot family (rules file ``lombard-tarot.md``): Lombardy tarot and Reseghino
(:mod:`tarotlib.variants.lombard.lombardy`), Tarocc'Ombre for 3, 5 and 7 players and Ombra
arrabiata (:mod:`tarotlib.variants.lombard.ombre`), on the facts they share
(:mod:`tarotlib.variants.lombard.facts`, part A: LO-1 … LO-9).

One package holds the family so that its games share their facts; each game registers itself
when the package is imported.
"""

from tarotlib.variants.lombard import lombardy as _lombardy  # noqa: F401 (registers its games)
from tarotlib.variants.lombard import ombre as _ombre  # noqa: F401 (registers its games)
