"""tarotlib: exact, typed, fast rules of tarot-family trick-taking games.

Quick start — play a French Tarot deal with the first legal action each time:

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=2024)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])
>>> len(state.result.scores), sum(state.result.scores)
(4, 0)
"""

from typing import TYPE_CHECKING

from tarotlib.core.actions import (
    Action,
    Bid,
    Call,
    Declare,
    Discard,
    Give,
    Pass,
    Play,
    Redeal,
    Slam,
)
from tarotlib.core.cards import (
    ALL_CARDS,
    EXCUSE,
    Card,
    Rank,
    Suit,
    card_mask,
    cards_of,
    format_cards,
    parse_card,
    parse_cards,
    suit_card,
    trump,
)
from tarotlib.core.dealing import Layout, PacketSchedule
from tarotlib.core.decks import CHAMBERY_62, OMBRE_54, PIQUET_32, TAROT_78, Deck
from tarotlib.core.results import Breakdown, DealResult
from tarotlib.deal import DealState, Game
from tarotlib.deal.observe import Observation
from tarotlib.errors import (
    ActionError,
    ActionParseError,
    ActionTypeError,
    ActionValueError,
    CardParseError,
    DealError,
    GameNotOverError,
    IllegalActionError,
    MatchError,
    OptionError,
    RecordError,
    ScoringError,
    TarotError,
    UnknownVariantError,
)
from tarotlib.match import Match
from tarotlib.records import GameRecord, RecordResult, SeedDeal
from tarotlib.registry import (
    VariantInfo,
    register,
    variant,
    variant_info,
    variant_names,
)

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS",
    "CHAMBERY_62",
    "EXCUSE",
    "OMBRE_54",
    "PIQUET_32",
    "TAROT_78",
    "Action",
    "ActionError",
    "ActionParseError",
    "ActionTypeError",
    "ActionValueError",
    "Bid",
    "Breakdown",
    "Call",
    "Card",
    "CardParseError",
    "DealError",
    "DealResult",
    "DealState",
    "Deck",
    "Declare",
    "Discard",
    "Game",
    "GameNotOverError",
    "GameRecord",
    "Give",
    "IllegalActionError",
    "Layout",
    "Match",
    "MatchError",
    "Observation",
    "OptionError",
    "PacketSchedule",
    "Pass",
    "Play",
    "Rank",
    "RecordError",
    "RecordResult",
    "Redeal",
    "ScoringError",
    "SeedDeal",
    "Slam",
    "Suit",
    "TarotError",
    "UnknownVariantError",
    "VariantInfo",
    "__version__",
    "card_mask",
    "cards_of",
    "format_cards",
    "parse_card",
    "parse_cards",
    "register",
    "suit_card",
    "trump",
    "variant",
    "variant_info",
    "variant_names",
]


_RENAMED = {"GameState": "DealState", "Rules": "Game"}
"""Names retired for one release: the protocols ``GameState`` and ``Rules`` are the classes every
game's states and rules are (``DealState``, ``Game``)."""


if not TYPE_CHECKING:  # type checkers report the retired names as missing

    def __getattr__(name: str) -> object:
        new = _RENAMED.get(name)
        if new is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        import warnings

        warnings.warn(
            f"tarotlib.{name} is deprecated: use tarotlib.{new} (every game's "
            f"{'states are DealStates' if new == 'DealState' else 'rules are a Game'}; "
            "the old name goes in 0.3)",
            DeprecationWarning,
            stacklevel=2,
        )
        return globals()[new]
