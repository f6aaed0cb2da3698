#!/usr/bin/env python3
"""Time the two peer engines that tarotlib is compared with.

Run this with the Python of the throwaway peer virtual environment that
``run_all.py`` makes (it installs ``magmacrunch-tarot`` and ``open-spiel``
there); it prints one JSON object on standard output and its progress on
standard error. Nothing here is copied from the peers: they are imported and
driven through their public objects, and only timed.

- ``magmacrunch-tarot`` (module ``tarot.rules``): a mutable four-player French
  Tarot engine. A "deal" here is what tarotlib's is: the shuffle and deal
  (a petit sec voids it), the auction, the chien and the écart for a Prise or
  a Garde, the poignées, all eighteen tricks and the scoring, every move
  chosen uniformly at random among the legal ones and checked by the engine.
- OpenSpiel's C++ ``tarok(players=4)`` (module ``pyspiel``): Slovenian Tarok,
  not French Tarot, so only its cost per action is compared. Chance nodes are
  sampled from ``chance_outcomes()``.

Usage: ``python peers.py [--quick] [--repeats N] [--target-seconds S] [--seed N]``.
"""

from __future__ import annotations

import gc
import importlib
import random
import sys
import time
from importlib import metadata
from typing import Any

from harness import (
    Counts,
    calibrate,
    peers_main,
    repeat,
    summary,
)


def log(message: str) -> None:
    print(f"[peers] {message}", file=sys.stderr, flush=True)


def peer_module(name: str) -> Any:
    """A peer's module, imported when first needed: the peers are untyped and
    live only in the throwaway environment."""
    return importlib.import_module(name)


# ── magmacrunch-tarot ────────────────────────────────────────────────────────


def magmacrunch_deals(n: int, seed: int) -> Counts:
    """``n`` complete random deals, one after another at the same table (the
    deal passes to the next dealer, as in a game). Returns (deals, annulled
    by petit sec, annulled as all passed, actions)."""
    rules = peer_module("tarot.rules")

    rng = random.Random(seed)
    choice = rng.choice
    game = rules.Game(rand=random.Random(seed + 1).random)
    bidding, exchange, playing = rules.BIDDING, rules.DOG_EXCHANGE, rules.TRICK_PLAY
    legal_plays = rules.legal_plays
    petit_sec = all_passed = actions = 0
    for _ in range(n):
        game.new_round()
        game.deal()
        if game.phase != bidding:  # a petit sec: this deal is void
            petit_sec += 1
            continue
        while game.phase == bidding:  # each player speaks once, left of the dealer
            outcome = game.bid(game.current_bidder, choice(game.bids_open()))
            actions += 1
            if outcome is False:
                raise RuntimeError("magmacrunch refused a bid it offered")
            if isinstance(outcome, dict):
                break
        if game.taker < 0:  # everybody passed: this deal is void
            all_passed += 1
            continue
        if game.phase == exchange:
            # A uniformly random legal écart: six plain cards (no king, no
            # trump, no Excuse) if there are six, else every plain card and
            # as many non-oudler trumps as are missing.
            hand = game.hands[game.taker]
            plain = [c.id for c in hand if c.type == rules.SUITED and c.rank != "R"]
            if len(plain) >= 6:
                ecart = rng.sample(plain, 6)
            else:
                trumps = [c.id for c in hand if c.type == rules.TRUMP and not c.is_oudler]
                ecart = plain + rng.sample(trumps, 6 - len(plain))
            if not game.discard(ecart):
                raise RuntimeError("magmacrunch refused a legal écart")
            actions += 1
        if game.poignee_offer is not None:  # seat 0's poignée: declared or not, at random
            game.declare_poignee(rng.random() < 0.5)
            actions += 1
        while game.phase == playing:
            player = game.current
            if game.play(player, choice(legal_plays(game.hands[player], game.trick))) is None:
                raise RuntimeError("magmacrunch refused a legal card")
            actions += 1
        if game.phase != rules.ROUND_SCORING:
            raise RuntimeError(f"magmacrunch deal ended in phase {game.phase!r}")
    return n, petit_sec, all_passed, actions


def bench_magmacrunch(repeats: int, target_seconds: float, seed: int) -> dict[str, Any]:
    log("magmacrunch-tarot: calibrating")
    n = calibrate(lambda k: magmacrunch_deals(k, seed), target_seconds, 25, 50)
    log(f"magmacrunch-tarot: {repeats} x {n} random 4-player deals")
    times, (deals, petit_sec, all_passed, actions) = repeat(
        lambda k: magmacrunch_deals(k, seed), n, repeats
    )
    return {
        "engine": "magmacrunch-tarot",
        "version": metadata.version("magmacrunch-tarot"),
        "players": 4,
        "deals": deals,
        "annulled": petit_sec + all_passed,
        "annulled_petit_sec": petit_sec,
        "annulled_all_passed": all_passed,
        "actions": actions,
        "actions_per_deal": actions / deals,
        "repeats": repeats,
        "seconds": times,
        "deals_per_s": summary(times, deals),
        "us_per_action": summary(times, actions),
    }


# ── OpenSpiel tarok ──────────────────────────────────────────────────────────

#: The action ids of OpenSpiel's tarok bidding that mean "pass".
TAROK_PASS = 0


def tarok_game(seed: int) -> Any:
    return peer_module("pyspiel").load_game("tarok", {"players": 4, "rng_seed": seed})


def chance_action(state: Any, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return int(outcomes[0][0])
    actions, weights = zip(*outcomes, strict=True)
    return int(rng.choices(actions, weights)[0])


def tarok_games(n: int, seed: int, pass_first: bool = False) -> Counts:
    """``n`` complete random games. Every player action is drawn uniformly
    from ``legal_actions()``, except that with ``pass_first`` a bidder passes
    whenever passing is legal (which gives full-length games). Returns
    (games, actions including chance, player actions)."""
    game = tarok_game(seed)
    rng = random.Random(seed)
    choice = rng.choice
    bidding = peer_module("pyspiel").TarokGamePhase.BIDDING
    actions = decisions = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = chance_action(state, rng)
            else:
                legal = state.legal_actions()
                if pass_first and TAROK_PASS in legal and state.current_game_phase() == bidding:
                    action = TAROK_PASS
                else:
                    action = choice(legal)
                decisions += 1
            state.apply_action(action)
            actions += 1
    return n, actions, decisions


def record_tarok(n: int, seed: int) -> tuple[list[Any], list[tuple[Any, int]]]:
    """The player states of ``n`` random games, each a clone taken before its
    move, with the move made there."""
    game = tarok_game(seed)
    rng = random.Random(seed)
    states: list[Any] = []
    pairs: list[tuple[Any, int]] = []
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance_action(state, rng))
                continue
            action = rng.choice(state.legal_actions())
            states.append(state.clone())
            pairs.append((state.clone(), action))
            state.apply_action(action)
    return states, pairs


def bench_tarok(repeats: int, target_seconds: float, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "engine": "open-spiel tarok(players=4)",
        "version": metadata.version("open-spiel"),
        "game": str(tarok_game(seed)),
        "repeats": repeats,
    }
    for key, pass_first in (("uniform", False), ("pass_first", True)):
        log(f"open-spiel tarok ({key}): calibrating")

        def run(k: int, pass_first: bool = pass_first) -> Counts:
            return tarok_games(k, seed, pass_first)

        n = calibrate(run, target_seconds, 50, 100)
        log(f"open-spiel tarok ({key}): {repeats} x {n} random games")
        times, (games, actions, decisions) = repeat(run, n, repeats)
        out[key] = {
            "games": games,
            "actions": actions,
            "player_actions": decisions,
            "actions_per_game": actions / games,
            "seconds": times,
            "games_per_s": summary(times, games),
            "us_per_action": summary(times, actions),
            "us_per_player_action": summary(times, decisions),
        }

    # legal_actions() and apply_action() alone, on recorded player states.
    log("open-spiel tarok: recording states for the per-call timings")
    games = max(200, round(out["uniform"]["games_per_s"]["best_per_s"] * target_seconds / 4))
    states, pairs = record_tarok(games, seed)

    def legal_all(_: int) -> Counts:
        total = 0
        for state in states:
            total += len(state.legal_actions())
        return (total,)

    legal_times, _ = repeat(legal_all, 0, repeats)
    apply_times: list[float] = []
    for _ in range(repeats):
        fresh = [(state.clone(), action) for state, action in pairs]  # apply mutates
        gc.collect()
        start = time.perf_counter()
        for state, action in fresh:
            state.apply_action(action)
        apply_times.append(time.perf_counter() - start)
    out["calls"] = {
        "games": games,
        "states": len(states),
        "us_per_legal_actions": summary(legal_times, len(states)),
        "us_per_apply_action": summary(apply_times, len(pairs)),
    }
    return out


# ── main ─────────────────────────────────────────────────────────────────────


def main(argv: list[str] | None = None) -> int:
    return peers_main(
        argv, __doc__.splitlines()[0], {"magmacrunch": bench_magmacrunch, "openspiel": bench_tarok}
    )


if __name__ == "__main__":
    sys.exit(main())
