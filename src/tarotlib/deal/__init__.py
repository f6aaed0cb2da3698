"""The deal machine: one deal state for every game, driven by the game's phase list.

A game (:class:`Game`) is facts (pack, players, dealing plan), a list of phases — the mechanisms
below, with their parameters — and a scoring function. :class:`DealState` runs any of them.

=================================  =========================================================
phase                              what it does
=================================  =========================================================
:class:`HandCheck`                 a dealt hand annuls the deal or offers a redeal (FT-3.4)
:class:`ExposeCards`               the dealer's extra cards and last cards shown (LO-12)
:class:`MonteRound`                a proposal to annul the deal, all must accept (LO-13)
:class:`OneRoundBidding`           one turn each, rising bids (FT-4, CH-8.2)
:class:`MultiRoundBidding`         rounds, a pass final, a senior may equal (TO-5, CH-8.3)
:class:`TakeOrName`                take the turn-up's suit, name another, TA/SA (BE-4)
:class:`ChooseContract`            one player chooses the contract (FT-20.4)
:class:`KingCall`                  nobody bid: the dealer calls a King (CH-8.4, CH-10)
:class:`CallCard`                  the declarer calls a partner by a card (FT-5, TO-34)
:class:`RequestCards`              cards requested, others given back (TO-6, CH-9)
:class:`DiscardCards`              the écart or the dealer's discard (FT-6, LO-8, CH-7)
:class:`Decision`                  one seat chooses (the slam, FT-7; a concession, TO-7)
:class:`CompleteFromStock`         the stock dealt after the auction (BE-5.1)
:class:`TrickPlay`                 the tricks, with a fool rule and declarations (FT-9, BE-7)
=================================  =========================================================

and what plugs into the play phase:

=================================  =========================================================
rule                               what it handles
=================================  =========================================================
:class:`ExcuseRule`                the Excuse (FT-10)
:class:`ExchangeRule`              the Matto (LO-7) and the Fou (CH-12)
:class:`ShowDeclaration`           the poignée (FT-8.3)
:class:`ClaimDeclaration`          the misères (FT-8.6)
:class:`PairAnnouncement`          belote-rebelote (BE-9)
:class:`MeldDeclaration`           sequences and carrés (BE-10)
=================================  =========================================================

:func:`concession` is the :class:`Decision` of TO-7 (conceding ends the deal).
"""

from tarotlib.deal.auctions import (
    ALL_PASS_PLAYED,
    ALL_PASSED,
    FIRST_OF_SERIES,
    ChooseContract,
    MultiRoundBidding,
    OneRoundBidding,
    TakeOrName,
    bidding_order,
    first_of_series,
)
from tarotlib.deal.call import (
    CALLED_IN_DISCARD,
    HONOUR_TIERS,
    KING_CALL,
    NO_CALL,
    CallCard,
    KingCall,
    holder_of,
    unheld_cards,
    unheld_reason,
)
from tarotlib.deal.data import DealData, Note, evolve, note, with_note
from tarotlib.deal.decisions import (
    CONCEDED,
    HAND_CHECK,
    Decision,
    HandCheck,
    concession,
    dealer_outbid,
    word_parsers,
)
from tarotlib.deal.discard import DiscardCards, discard_owner
from tarotlib.deal.exposure import EXPOSED, ExposeCards, exposed, face_up
from tarotlib.deal.fool import (
    FOOL_EXCHANGE,
    ExchangeRule,
    ExcuseRule,
    FoolRule,
    TrickEnd,
    fool_exchange,
)
from tarotlib.deal.game import DealPlan, Game
from tarotlib.deal.monte import MONTE, MonteRound
from tarotlib.deal.observe import DealObservation
from tarotlib.deal.offers import (
    ANNOUNCEMENTS,
    MELDS,
    PAIR_HOLDERS,
    ClaimDeclaration,
    MeldDeclaration,
    PairAnnouncement,
    ShowDeclaration,
)
from tarotlib.deal.ordered import dealt_in_order
from tarotlib.deal.phase import Over, Phase
from tarotlib.deal.play import Offer, PlayContext, Told, TrickPlay, eldest, plays_of
from tarotlib.deal.requests import (
    REQUESTS,
    Exchange,
    RequestCards,
    exchanges,
    exchanges_seen,
    out_of_play,
)
from tarotlib.deal.state import DealState
from tarotlib.deal.stock import CompleteFromStock

__all__ = [
    "ALL_PASSED",
    "ALL_PASS_PLAYED",
    "ANNOUNCEMENTS",
    "CALLED_IN_DISCARD",
    "CONCEDED",
    "EXPOSED",
    "FIRST_OF_SERIES",
    "FOOL_EXCHANGE",
    "HAND_CHECK",
    "HONOUR_TIERS",
    "KING_CALL",
    "MELDS",
    "MONTE",
    "NO_CALL",
    "PAIR_HOLDERS",
    "REQUESTS",
    "CallCard",
    "ChooseContract",
    "ClaimDeclaration",
    "CompleteFromStock",
    "DealData",
    "DealObservation",
    "DealPlan",
    "DealState",
    "Decision",
    "DiscardCards",
    "Exchange",
    "ExchangeRule",
    "ExcuseRule",
    "ExposeCards",
    "FoolRule",
    "Game",
    "HandCheck",
    "KingCall",
    "MeldDeclaration",
    "MonteRound",
    "MultiRoundBidding",
    "Note",
    "Offer",
    "OneRoundBidding",
    "Over",
    "PairAnnouncement",
    "Phase",
    "PlayContext",
    "RequestCards",
    "ShowDeclaration",
    "TakeOrName",
    "Told",
    "TrickEnd",
    "TrickPlay",
    "bidding_order",
    "concession",
    "dealer_outbid",
    "dealt_in_order",
    "discard_owner",
    "eldest",
    "evolve",
    "exchanges",
    "exchanges_seen",
    "exposed",
    "face_up",
    "first_of_series",
    "fool_exchange",
    "holder_of",
    "note",
    "out_of_play",
    "plays_of",
    "unheld_cards",
    "unheld_reason",
    "with_note",
    "word_parsers",
]
