#!/usr/bin/env python3
"""Time the two peer Belote engines that tarotlib's Belote is compared with.

Run this with the Python of a throwaway peer virtual environment into which
``belote-cli`` and ``colver`` are installed; it prints one JSON object on
standard output and its progress on standard error. Nothing here is copied
from the peers: they are imported and driven through their public functions
and objects, and only timed. Every decision is drawn uniformly by
``random.Random(seed).choice`` among the legal options, one Python call per
action.

- ``belote-cli`` (module ``belote.game`` and ``belote.scoring``, pure Python):
  classic Belote with the turned-up card. A "deal" is ``start_round`` (the
  shuffle, five cards each in packets of 3 and 2, the turn-up), the two
  bidding rounds with ``place_bid`` (round 1: take the turn-up's suit or
  pass; round 2: one of the three other suits, Tout Atout, Sans Atout or pass,
  the options the package's own bidding prompt offers), the rest of the deal
  (inside the taking bid), the 32 cards with ``legal_cards`` and
  ``play_card`` (which refuses an illegal card; ``place_bid`` refuses only
  Tout Atout or Sans Atout in round 1, so the legal bids are this script's),
  then ``score_round`` and ``apply_round_score``. If all pass
  twice the deal is thrown in and still counts as a deal. Declarations and
  belote-rebelote are detected and scored by the engine with no decision; the
  coinche prompt that the package's terminal game adds after the bidding is a
  step of its UI flow (it sets ``coinche_level``), not an engine call, and is
  not driven. The deals follow one another at the same table; a new game
  starts when one ends.
- ``colver`` (a Rust engine with PyO3 bindings): Belote *Contrée*, not
  classic Belote. There is no turned-up card: ``colver.Env.deal(dealer,
  seed)`` deals eight cards each, then an auction of bids from 80 to 160 and
  capot in a suit, coinche and surcoinche (it ends after three passes, a
  surcoinche, or four passes, which void the deal), then 8 tricks, and the
  engine scores the deal itself (read with ``rewards()``). Each action is one
  ``env.step(action)`` from ``env.legal_actions()`` (and then from the legal
  list that ``step`` returns). ``step`` checks nothing: it accepts an illegal
  action. It also builds and returns a 415-float observation list, which is
  most of its cost; the per-call figures show this, and ``Env.rollout(1)``
  (a whole deal played inside Rust by colver's own random policy) is timed
  for information only.

Usage: ``python peers_belote.py [--quick] [--repeats N] [--target-seconds S] [--seed N]
[--only belote_cli|colver]``.
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
    print(f"[peers_belote] {message}", file=sys.stderr, flush=True)


def peer_module(name: str) -> Any:
    """A peer's module, imported when first needed: the peers are untyped and
    live only in the throwaway environment."""
    return importlib.import_module(name)


# ── belote-cli ───────────────────────────────────────────────────────────────


def belote_cli_deals(n: int, seed: int) -> Counts:
    """``n`` complete random deals at one table. Returns (deals, thrown in as
    all passed, games started, actions, bids, Tout Atout or Sans Atout
    contracts, failed contracts)."""
    game = peer_module("belote.game")
    scoring = peer_module("belote.scoring")
    deck = peer_module("belote.deck")
    suit = deck.Suit

    rng = random.Random(seed)
    choice = rng.choice
    deal_rng = random.Random(seed + 1)
    bidding, playing, game_over = game.Phase.BIDDING, game.Phase.PLAYING, game.Phase.GAME_OVER
    card_suits = (suit.SPADES, suit.HEARTS, suit.DIAMONDS, suit.CLUBS)
    # Round 2's options for each turned-up suit: the other three suits, Tout
    # Atout, Sans Atout, or pass (None).
    second_round = {
        up: (*(s for s in card_suits if s is not up), suit.TOUT_ATOUT, game.SANS_ATOUT_BID, None)
        for up in card_suits
    }
    normal = deck.Contract.NORMAL
    start_round, place_bid = game.start_round, game.place_bid
    legal_cards, play_card = game.legal_cards, game.play_card
    score_round, apply_round_score = scoring.score_round, scoring.apply_round_score
    clear_cache = game.clear_legal_cards_cache

    state = game.new_game()
    games, all_passed, actions, bids, ta_sa, failed = 1, 0, 0, 0, 0, 0
    for _ in range(n):
        if state.phase is game_over:
            state = game.new_game()
            games += 1
        # The package's own round driver empties its legal-card caches before
        # each deal; so do we, which also keeps every repeat alike.
        clear_cache()
        state = start_round(state, deal_rng)
        while state.phase is bidding:
            up = state.up_card.suit
            options = (up, None) if state.bidding_round == 1 else second_round[up]
            state = place_bid(state, choice(options))
            bids += 1
        if state.phase is not playing:  # all passed twice: thrown in
            all_passed += 1
            continue
        if state.contract != normal:
            ta_sa += 1
        while state.phase is playing:
            # play_card raises IllegalMoveError on a card legal_cards refuses.
            state = play_card(state, choice(legal_cards(state, state.turn)))
            actions += 1
        breakdown = score_round(state)
        failed += breakdown.is_failed
        state = apply_round_score(state, breakdown)
    return n, all_passed, games, actions + bids, bids, ta_sa, failed


def bench_belote_cli(repeats: int, target_seconds: float, seed: int) -> dict[str, Any]:
    log("belote-cli: calibrating")
    n = calibrate(lambda k: belote_cli_deals(k, seed), target_seconds, 25, 50)
    log(f"belote-cli: {repeats} x {n} random deals")
    times, (deals, all_passed, games, actions, bids, ta_sa, failed) = repeat(
        lambda k: belote_cli_deals(k, seed), n, repeats
    )
    return {
        "engine": "belote-cli",
        "version": metadata.version("belote-cli"),
        "game": "classic Belote with the turned-up card (two bidding rounds, TA/SA in round 2)",
        "players": 4,
        "deals": deals,
        "annulled": all_passed,
        "games_started": games,
        "actions": actions,
        "bids": bids,
        "actions_per_deal": actions / deals,
        "bids_per_deal": bids / deals,
        "ta_sa_contracts": ta_sa,
        "failed_contracts": failed,
        "repeats": repeats,
        "seconds": times,
        "deals_per_s": summary(times, deals),
        "us_per_action": summary(times, actions),
        "notes": (
            "start_round + place_bid per bid + legal_cards/play_card per card + score_round "
            "+ apply_round_score; declarations and belote automatic; the UI's post-bid "
            "coinche step not driven; legal-card caches cleared before each deal as the "
            "package's run_round does"
        ),
    }


# ── colver ───────────────────────────────────────────────────────────────────


def colver_deals(n: int, seed: int) -> Counts:
    """``n`` complete random deals: deal ``i`` is ``Env.deal(dealer=i % 4,
    seed=seed + i)``. Returns (deals, voided as all passed, actions, bids)."""
    env_deal = peer_module("colver").Env.deal
    rng = random.Random(seed)
    choice = rng.choice
    actions = void = 0
    for i in range(n):
        env = env_deal(dealer=i % 4, seed=seed + i)
        legal = env.legal_actions()
        done = False
        steps = 0
        while not done:
            _, _, done, legal = env.step(choice(legal))
            steps += 1
        env.rewards()  # the deal's score, as the engine computed it
        actions += steps
        if steps == 4:  # four passes: a void deal (a played deal has 32 cards)
            void += 1
    return n, void, actions, actions - 32 * (n - void)


def colver_rollouts(n: int, seed: int) -> Counts:
    """For information only: ``n`` deals each played out inside the Rust
    engine by one ``Env.rollout(1)`` call, with colver's own random policy."""
    env_deal = peer_module("colver").Env.deal
    for i in range(n):
        env_deal(dealer=i % 4, seed=seed + i).rollout(1)
    return (n,)


def record_colver(n: int, seed: int) -> tuple[list[list[int]], list[Any], dict[str, int]]:
    """The actions of ``n`` random deals (as ``colver_deals`` plays them),
    the state bytes of every decision point, and the contracts' make-up."""
    colver = peer_module("colver")
    rng = random.Random(seed)
    deals: list[list[int]] = []
    states: list[Any] = []  # numpy arrays of state bytes
    stats = {"void": 0, "coinche": 0, "surcoinche": 0, "capot_bid": 0}
    for i in range(n):
        env = colver.Env.deal(dealer=i % 4, seed=seed + i)
        legal = env.legal_actions()
        done = False
        moves: list[int] = []
        while not done:
            states.append(env.get_state_bytes())
            action = rng.choice(legal)
            moves.append(action)
            _, _, done, legal = env.step(action)
        deals.append(moves)
        contract = env.get_contract()
        if contract["value"] == 0:
            stats["void"] += 1
        elif contract["coinche"] >= 1:
            stats["coinche" if contract["coinche"] == 1 else "surcoinche"] += 1
        if contract["value"] >= 250:
            stats["capot_bid"] += 1
    return deals, states, stats


def bench_colver(repeats: int, target_seconds: float, seed: int) -> dict[str, Any]:
    colver = peer_module("colver")
    out: dict[str, Any] = {
        "engine": "colver",
        "version": metadata.version("colver"),
        "game": "Belote Contrée (auction with coinche and surcoinche, no turned-up card)",
        "players": 4,
        "repeats": repeats,
        "notes": (
            "Env.deal(dealer, seed), then env.step(rng.choice(legal)) per action (step returns "
            "a 415-float observation, the next legal list and done), then env.rewards(); "
            "step does not reject an illegal action"
        ),
    }
    log("colver: calibrating")
    n = calibrate(lambda k: colver_deals(k, seed), target_seconds, 50, 100)
    log(f"colver: {repeats} x {n} random deals")
    times, (deals, void, actions, bids) = repeat(lambda k: colver_deals(k, seed), n, repeats)
    out.update(
        {
            "deals": deals,
            "annulled": void,
            "actions": actions,
            "bids": bids,
            "actions_per_deal": actions / deals,
            "bids_per_deal": bids / deals,
            "seconds": times,
            "deals_per_s": summary(times, deals),
            "us_per_action": summary(times, actions),
        }
    )

    # step() alone, replaying the recorded deals (no legal_actions, no random
    # choice; Env.deal is in the loop), and legal_actions() alone, on fresh
    # environments restored from the recorded state bytes.
    log("colver: recording deals for the per-call timings")
    recorded = max(200, round(out["deals_per_s"]["best_per_s"] * target_seconds / 4))
    moves, states, stats = record_colver(recorded, seed)
    out["contracts"] = {"deals": recorded, **stats}
    env_deal = colver.Env.deal
    steps = sum(len(m) for m in moves)

    def replay(_: int) -> Counts:
        for i, deal_moves in enumerate(moves):
            env = env_deal(dealer=i % 4, seed=seed + i)
            step = env.step
            for action in deal_moves:
                step(action)
        return (steps,)

    step_times, _ = repeat(replay, 0, repeats)
    restored = []
    for data in states:
        env = colver.Env()
        env.set_state_bytes(data)
        restored.append(env)

    def legal_all(_: int) -> Counts:
        total = 0
        for env in restored:
            total += len(env.legal_actions())
        return (total,)

    legal_times, _ = repeat(legal_all, 0, repeats)
    obs_times: list[float] = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        for env in restored:
            env.get_observation()
        obs_times.append(time.perf_counter() - start)
    out["calls"] = {
        "deals": recorded,
        "states": len(states),
        "us_per_step_replayed": summary(step_times, steps),
        "us_per_legal_actions": summary(legal_times, len(restored)),
        "us_per_get_observation": summary(obs_times, len(restored)),
    }

    log("colver: Env.rollout(1) per deal, for information")
    n = calibrate(lambda k: colver_rollouts(k, seed), target_seconds, 1000, 1000)
    rollout_times, (rollouts,) = repeat(lambda k: colver_rollouts(k, seed), n, repeats)
    out["rollout_in_rust"] = {
        "deals": rollouts,
        "seconds": rollout_times,
        "deals_per_s": summary(rollout_times, rollouts),
        "notes": "Env.deal + one Env.rollout(1) call per deal: colver's own random playout",
    }
    return out


# ── main ─────────────────────────────────────────────────────────────────────


def main(argv: list[str] | None = None) -> int:
    return peers_main(
        argv, __doc__.splitlines()[0], {"belote_cli": bench_belote_cli, "colver": bench_colver}
    )


if __name__ == "__main__":
    sys.exit(main())
