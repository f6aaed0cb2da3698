"""A game of Belote to 1000 points between random bots, with the litige carry, then one deal's
breakdown; and a deal written down at a real table, scored with the pure function.

Run: python examples/belote_game.py
"""

from __future__ import annotations

import tarotlib
from tarotlib.bots import RandomBot
from tarotlib.match import Match
from tarotlib.variants.belote import Contract
from tarotlib.variants.belote.scoring import DealSummary, score_deal, settle


def main() -> Match:
    # The Board Game Arena game (BGA's Belote page).
    rules = tarotlib.variant("belote", preset="bga")
    game = Match.start(rules, seed=2026).play([RandomBot(seat) for seat in range(4)])
    thrown_in = sum(1 for r in game.results if r.is_annulled)
    print(f"{len(game.results)} deals ({thrown_in} thrown in); totals by team:")
    print(f"  seats 0 & 2: {game.totals[0]}    seats 1 & 3: {game.totals[1]}")
    print(f"  winners: seats {game.winners}")
    assert game.is_over and max(game.totals) >= 1000 and game.totals[0] != game.totals[1]
    last = next(r for r in reversed(game.results) if not r.is_annulled)
    print("the last deal:")
    print(last)

    # At a table: clubs were trumps, seat 0 took; both teams made 81 with the belote held by the
    # attack (BE-15 E13): a litige. The next deal is won by the defence, 100 to 62.
    litige = score_deal(
        DealSummary(
            Contract.CLUBS,
            taker=0,
            card_points=(61, 91),
            tricks=(4, 4),
            last_trick=0,
            belotes=(1, 0),
        )
    )
    credited, pending = settle(0, litige)
    print(f"litige: credited {credited}, {pending} carried to the next deal's winner")
    after = score_deal(DealSummary(Contract.HEARTS, 1, (62, 90), (3, 5), 1))
    credited, pending = settle(pending, after)
    print(f"next deal: credited {credited}")
    assert credited == (62, 171) and pending == 0
    return game


if __name__ == "__main__":
    main()
