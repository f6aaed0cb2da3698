"""Score a French Tarot deal from what a score-keeper writes down (no game engine involved).

Run: python examples/score_keeper.py
"""

from __future__ import annotations

from tarotlib.variants.french_tarot import (
    Camp,
    Contract,
    Declaration,
    DeclarationKind,
    FrenchTarotScore,
    ScoreSummary,
    score_deal,
)


def main() -> FrenchTarotScore:
    # 5 players: seat 2 took a Garde and called the King of spades, held by seat 4; seat 4 showed a
    # simple poignée; the attack made 47 points with 2 oudlers (the rules file's FT-21.4 (a)).
    summary = ScoreSummary.from_points(
        players=5,
        contract=Contract.GARDE,
        taker=2,
        partner=4,
        attack_points=47,
        oudlers=2,
        declarations=(Declaration(4, DeclarationKind.SIMPLE_POIGNEE),),
        petit_au_bout=None,
    )
    score = score_deal(summary)
    print(score)
    assert score.scores == (-82, -82, 164, -82, 82)
    assert Camp.ATTACK is Camp(0)
    return score


if __name__ == "__main__":
    main()
