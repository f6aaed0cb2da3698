"""One moment of a Contrée deal: :class:`ContreeState`, Belote's state
(:class:`~tarotlib.variants.belote.state.BeloteFamilyState`) with the auction in place of Belote's
bidding. What one seat may see of it is a
:class:`~tarotlib.variants.belote.contree.observation.ContreeObservation` (CO-3.5, CO-4.11: the
auction is public).

>>> import tarotlib
>>> state = tarotlib.variant("contree").new_deal(seed=1, dealer=3)
>>> type(state).__name__, state.phase, len(state.hand(0)), state.contract
('ContreeState', 'auction', 8, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tarotlib.variants.belote.contree.auction import CONTRACT_NOTE
from tarotlib.variants.belote.contree.declarations import best_declaring_team
from tarotlib.variants.belote.contree.observation import ContreeObservation, observe, visible_mask
from tarotlib.variants.belote.contree.types import ContreeContract
from tarotlib.variants.belote.state import BeloteFamilyState
from tarotlib.variants.belote.types import Combination, Contract

if TYPE_CHECKING:
    from tarotlib.variants.belote.contree.game import Contree  # noqa: F401  (a type argument)

__all__ = ["ContreeObservation", "ContreeState", "visible_mask"]


class ContreeState(BeloteFamilyState["Contree"]):
    """One moment of a Contrée deal (immutable; see :class:`~tarotlib.deal.DealState`).

    The omniscient position for servers and tools; give players :meth:`observation` instead.

    >>> import tarotlib
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=1, dealer=3)
    >>> for text in ("bid 80H", "pass", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> state.phase, state.contract.label, state.attack, state.to_act
    ('play', '80♥ by seat 0', 0, 0)
    """

    __slots__ = ()

    @property
    def contract(self) -> ContreeContract | None:
        """The contract once the auction is over (CO-4.11); None before, or after a throw-in."""
        return self.data.note(CONTRACT_NOTE)

    @property
    def current_bid(self) -> ContreeContract | None:
        """The standing contract: during the auction the current one (with its level), later the
        final one."""
        auction = self.rules.auction.local_in(self)
        return self.contract if auction is None else auction.current

    @property
    def attack(self) -> int | None:
        """The bidder's team, once the contract is known."""
        c = self.contract
        return None if c is None else c.attack

    @property
    def bids(self) -> tuple[tuple[int, object], ...]:
        """Every auction call ``(seat, call)``: a
        :class:`~tarotlib.variants.belote.contree.types.ContreeBid`, None for a pass, or
        ``"coinche"``, ``"surcoinche"``, ``"no-coinche"`` (public, CO-4.11)."""
        return self.calls

    def observation(self, seat: int) -> ContreeObservation:
        """What ``seat`` may see (see :class:`ContreeObservation`).

        >>> import tarotlib
        >>> state = tarotlib.variant("contree").new_deal(seed=1)
        >>> seen = state.observation(0)
        >>> seen.seat, seen.phase, seen.hand == state.hand(0)
        (0, 'auction', True)
        """
        return observe(self, self.check_seat(seat))

    def _declaring_team(self, declared: Sequence[Combination], contract: Contract) -> int | None:
        """CO-7.2 (BE-10.4), with CO-7.5's carrés in SA under ``sa_carres = ffb``."""
        o = self.rules.options
        return best_declaring_team(
            declared, contract, o.sa_carres, o.declaration_tie, declared[0].seat
        )

    def __repr__(self) -> str:
        c = self.contract
        return (
            f"<ContreeState {self.phase} to_act={self.to_act} "
            f"contract={'-' if c is None else c.bid.token}>"
        )
