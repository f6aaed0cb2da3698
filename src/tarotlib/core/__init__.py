"""The primitives every game is built from, with no game and no deal machine in them.

- :mod:`tarotlib.core.cards` — cards, suits, ranks, their notation and card masks;
- :mod:`tarotlib.core.decks` — the packs (78, 62, 54 and 32 cards);
- :mod:`tarotlib.core.ranking` — rank orders;
- :mod:`tarotlib.core.points` — card-point tables and counting;
- :mod:`tarotlib.core.tricks` — the trick rules: legal cards and trick winners;
- :mod:`tarotlib.core.dealing` — packet schedules and layouts (how a pack is dealt);
- :mod:`tarotlib.core.discards` — discard rules (what may be put aside);
- :mod:`tarotlib.core.shows` — shows from the hand (the poignée);
- :mod:`tarotlib.core.actions` — the actions a player takes;
- :mod:`tarotlib.core.results` — what a deal ends with;
- :mod:`tarotlib.core.text` — the text of a score: signed numbers, seat and team lines;
- :mod:`tarotlib.core.rng` — seeded randomness.

Above this layer, :mod:`tarotlib.deal` is the deal machine that runs a game from these parts, and
:mod:`tarotlib.variants` holds the games. The most used names are also in :mod:`tarotlib` itself.

>>> from tarotlib.core.cards import parse_cards
>>> from tarotlib.core.decks import TAROT_78
>>> len(TAROT_78), [card.text for card in parse_cards("KH T21 EX")]
(78, ['KH', 'T21', 'EX'])
"""
