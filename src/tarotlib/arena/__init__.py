"""The arena: how strong a bot is, measured in duplicate matches where the luck of the cards cancels.

A *duplicate match* between two bots plays the same deals (boards) several times with the seats
rotated so that each bot holds every hand: in a game played in fixed teams (its ``teams`` hook:
Belote, Contrée, Lombardy) the first bot takes each team's seats in turn and the second the
others; in any other game the first bot takes each seat in turn, the second bot every other seat
(so both hold every hand). A board's *gain* is the first bot's mean score minus the second's
(a team's score is its first seat's; against several seats of the second bot, their mean),
averaged over the board's seatings; the match reports the mean gain per board with its standard
error and a 95% confidence interval (Student's t), the bots' mean scores, and the boards won,
lost and tied.

A *tournament* plays a duplicate match between every pair of bots on the same boards and rates
them (Bradley–Terry on the boards won and lost, on the Elo scale: 400 points for odds of ten to
one, the mean rating 1500), with 95% intervals from a bootstrap over the boards.

Boards are played in chunks, in this process, on worker processes of their own (``workers``) or
on any :class:`concurrent.futures.Executor` (a Dask cluster's ``client.get_executor()``), with the
stopping behaviour of :func:`tarotlib.simulate`; ``progress(done, total)`` is called as chunks end.
With ``results=DIR`` each chunk's boards are written to ``DIR`` as they end (atomically): a run
stopped half-way and started again with the same arguments plays only the chunks not yet there;
started again with more boards, it goes on to that many (the boards played are kept).

A bot is a name (:data:`tarotlib.bots.named.BOT_NAMES`: ``random``, ``heuristic``, ``search``,
``easy``, ``medium``, ``strong``) or any factory called with a seed that returns an object with
``choose(state)`` — a user's bot enters like the built-in ones.

>>> from tarotlib.arena import duplicate
>>> match = duplicate("french-tarot", ("heuristic", "random"), boards=20, seed=1,
...                   options={"players": 3})
>>> match.boards, match.seatings, match.interval[0] > 0
(20, 3, True)
"""

from __future__ import annotations

from tarotlib.arena.match import (
    RESULTS_FILE,
    ArenaError,
    Match,
    Rating,
    Tournament,
    duplicate,
    tournament,
)
from tarotlib.arena.plot import plot_ladder

__all__ = [
    "RESULTS_FILE",
    "ArenaError",
    "Match",
    "Rating",
    "Tournament",
    "duplicate",
    "plot_ladder",
    "tournament",
]
