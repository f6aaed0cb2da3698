"""The deal machine: one deal state for every game, driven by the game's phase list.

A game (:class:`Game`) is facts (pack, players, dealing plan), a list of phases — the mechanisms
below, with their parameters — and a scoring function. :class:`DealState` runs any of them.

=================================  =========================================================
phase                              what it does
=================================  =========================================================
:class:`HandCheck`                 a dealt hand annuls the deal or offers a redeal (FT-3.4)
:class:`OneRoundBidding`           one turn each, rising bids (FT-4, CH-8.2)
:class:`TakeOrName`                take the turn-up's suit, name another, TA/SA (BE-4)
:class:`CallCard`                  the declarer calls a partner by a card (FT-5)
:class:`DiscardCards`              the écart or the dealer's discard (FT-6, LO-8, CH-7)
:class:`Decision`                  one seat chooses (the slam announcement, FT-7)
:class:`CompleteFromStock`         the stock dealt after the auction (BE-5.1)
:class:`TrickPlay`                 the tricks, with a fool rule and declarations (FT-9, BE-7)
=================================  =========================================================

and what plugs into the play phase:

=================================  =========================================================
:class:`ExcuseRule`                the Excuse (FT-10)
:class:`ExchangeRule`              the Matto (LO-7) and the Fou (CH-12)
:class:`ShowDeclaration`           the poignée (FT-8.3)
:class:`ClaimDeclaration`          the misères (FT-8.6)
:class:`PairAnnouncement`          belote-rebelote (BE-9)
:class:`MeldDeclaration`           sequences and carrés (BE-10)
=================================  =========================================================
"""

from tarotlib.deal.auctions import OneRoundBidding, TakeOrName
from tarotlib.deal.call import CallCard, holder_of
from tarotlib.deal.data import DealData, evolve, note, with_note
from tarotlib.deal.decisions import Decision, HandCheck
from tarotlib.deal.discard import DiscardCards
from tarotlib.deal.fool import ExchangeRule, ExcuseRule, FoolRule
from tarotlib.deal.game import DealPlan, Game
from tarotlib.deal.observe import DealObservation
from tarotlib.deal.offers import (
    ClaimDeclaration,
    MeldDeclaration,
    PairAnnouncement,
    ShowDeclaration,
)
from tarotlib.deal.phase import Over, Phase
from tarotlib.deal.play import Offer, PlayContext, TrickPlay, eldest, plays_of
from tarotlib.deal.state import DealState
from tarotlib.deal.stock import CompleteFromStock

__all__ = [
    "CallCard",
    "ClaimDeclaration",
    "CompleteFromStock",
    "DealData",
    "DealObservation",
    "DealPlan",
    "DealState",
    "Decision",
    "DiscardCards",
    "ExchangeRule",
    "ExcuseRule",
    "FoolRule",
    "Game",
    "HandCheck",
    "MeldDeclaration",
    "Offer",
    "OneRoundBidding",
    "Over",
    "PairAnnouncement",
    "Phase",
    "PlayContext",
    "ShowDeclaration",
    "TakeOrName",
    "TrickPlay",
    "eldest",
    "evolve",
    "holder_of",
    "note",
    "plays_of",
    "with_note",
]
