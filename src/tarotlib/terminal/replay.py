"""A recorded deal told trick by trick (``tarotlib replay`` / ``--step``).

The story is built from the public information of the replayed deal (at the end of a deal every
card is public: the chien, the écart, the partner): the auction and the contract, then each trick
with who led, the cards in play order and who won it. :func:`show_replay` prints it, waiting for
Enter between tricks when stepping.

>>> import tarotlib
>>> from tarotlib.bots import RandomBot
>>> state = tarotlib.variant("french-tarot", players=5).new_deal(seed=11)
>>> bot = RandomBot(1)
>>> while not state.is_over:
...     state = state.apply(bot.choose(state))
>>> intro, tricks = deal_story(state)
>>> print("\\n".join(intro))
auction: seat 1 Garde · seat 2 Garde Contre · seat 3 pass · seat 4 pass · seat 0 pass
contract: Garde Contre by seat 2 · partner: seat 0 (KC called) · slam announced
chien: 7H 9D 8C
>>> len(tricks), tricks[0]
(15, 'trick 1: seat 2 T8 · seat 3 T10 · seat 4 EX · seat 0 T2 · seat 1 T18 → seat 1 wins')
"""

from __future__ import annotations

from typing import Final

from tarotlib.deal import DealState
from tarotlib.terminal.render import render_trick
from tarotlib.terminal.session import Console
from tarotlib.terminal.view import TableView, table_view

__all__ = ["STEP_PROMPT", "deal_story", "show_replay"]

STEP_PROMPT: Final = "Enter: next trick · q: to the end> "
"""The prompt of ``replay --step``."""


def _intro(view: TableView) -> list[str]:
    lines = []
    if view.calls:
        lines.append("auction: " + " · ".join(f"seat {s} {text}" for s, text in view.calls))
    if view.contract is not None and view.taker is not None:
        line = f"contract: {view.contract} by seat {view.taker}"
        if view.teams:
            team = view.team_of(view.taker)
            if team is not None:
                line += " · attack: seats " + " & ".join(map(str, team))
        elif view.called_card is not None:
            partner = "unknown" if view.partner is None else f"seat {view.partner}"
            line += f" · partner: {partner} ({view.card(view.called_card)} called)"
        if view.slam_announced:
            line += " · slam announced"
        lines.append(line)
    lines += [f"{label}: {text}" for label, text in view.facts]
    if view.events:
        lines.append("declarations: " + " · ".join(view.events))
    return lines


def deal_story(state: DealState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The story of the deal so far: the introduction (auction, contract, public facts,
    declarations) and one line per trick — who led first, the cards in play order with their
    seats, and the winner (``in progress`` for a trick not finished). The module docstring tells
    a finished French Tarot deal; here a Belote deal in its second trick:

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=3)
    >>> for _ in range(7):
    ...     state = state.apply(state.legal_actions()[-1])
    >>> intro, tricks = deal_story(state)
    >>> print("\\n".join(intro))
    auction: seat 1 ♠ spades
    contract: ♠ spades by seat 1 · attack: seats 1 & 3
    turn-up: ♠8 (taken by seat 1)
    >>> print("\\n".join(tricks))
    trick 1: seat 1 ♦K · seat 2 ♠K · seat 3 ♦J · seat 0 ♦Q → seat 2 wins
    trick 2 (in progress): seat 2 ♣K · seat 3 ♣J
    """
    view = table_view(state, 0, you=False)
    tricks = [
        f"trick {i}: {render_trick(view, t.cards, t.leader, t.winner)}"
        for i, t in enumerate(view.tricks, 1)
    ]
    if view.current_trick and view.trick_leader is not None:
        cards = render_trick(view, view.current_trick, view.trick_leader)
        tricks.append(f"trick {len(view.tricks) + 1} (in progress): {cards}")
    return tuple(_intro(view)), tuple(tricks)


def show_replay(state: DealState, console: Console, *, step: bool = False) -> None:
    """Print :func:`deal_story`; with ``step``, wait for Enter before each trick (``q``, or the
    end of input, prints the rest without waiting).

    >>> import io, tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=3)
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> out = io.StringIO()
    >>> show_replay(state, Console(io.StringIO("\\nq\\n"), out), step=True)
    >>> print(out.getvalue())  # doctest: +ELLIPSIS
    auction: seat 1 ♠ spades
    contract: ♠ spades by seat 1 · attack: seats 1 & 3
    turn-up: ♠8 (taken by seat 1)
    Enter: next trick · q: to the end> trick 1: seat 1 ♦K · seat 2 ♠K · seat 3 ♦J · seat 0 ♦Q → seat 2 wins
    Enter: next trick · q: to the end> trick 2: seat 2 ♣K · seat 3 ♣J · seat 0 ♣9 · seat 1 ♠Q → seat 1 wins
    trick 3: seat 1 ♦9 · seat 2 ♠9 · seat 3 ♦10 · seat 0 ♦8 → seat 2 wins
    ...
    trick 8: seat 3 ♠A · seat 0 ♠10 · seat 1 ♠8 · seat 2 ♥A → seat 3 wins
    <BLANKLINE>
    """
    intro, tricks = deal_story(state)
    for line in intro:
        console.say(line)
    for line in tricks:
        if step:
            answer = console.ask(STEP_PROMPT)
            if answer is None or answer.strip().lower() in ("q", "quit"):
                step = False
        console.say(line)
