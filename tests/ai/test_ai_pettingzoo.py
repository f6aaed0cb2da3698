"""The PettingZoo environments (tarotlib.ai.pettingzoo): PettingZoo's own API, seed and render
tests for every game and preset, rewards equal to tarotlib's scores for the same choices, no
observation that depends on another seat's hidden cards, set-valued declarations chosen by the
same agent in several steps, and the handling of illegal actions."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils.env_logger import EnvLogger

import tarotlib
from tarotlib.ai import ActionCodec, CodecError, Node, sample_world
from tarotlib.ai.pettingzoo import DealEnv, env
from tarotlib.ai.tensors import TensorEncoder
from tarotlib.errors import IllegalActionError, OptionError
from tarotlib.variants.french_tarot import Contract

from support.configs import CONFIGS, IDS
from support.french_tarot import fill_layout, make_rules, setup

# What api_test says of every environment with dict observations (it knows PettingZoo's own
# classic games by name and keeps quiet for them): anything else it warns about fails.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_seed_and_render_tests(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, **options), num_cycles=1000)
    unexpected = {
        str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    }
    assert not unexpected
    seed_test(lambda: env(name, **options), num_cycles=1000)
    render_test(lambda render_mode: env(name, render_mode=render_mode, **options))


def random_episode(game: Any, seed: int) -> tuple[list[int], dict[str, float]]:
    """Play one deal of a wrapped environment by random legal ids; returns the ids and each
    agent's reward as ``last()`` gave it once terminated."""
    rng = random.Random(seed)
    game.reset(seed=seed)
    ids: list[int] = []
    final: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = reward
            game.step(None)
            continue
        assert reward == 0
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        ids.append(rng.choice(legal))
        game.step(ids[-1])
    return ids, final


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_rewards_are_the_scores_of_the_same_choices(name: str, options: dict[str, Any]) -> None:
    rules: Any = tarotlib.variant(name, **options)
    codec = ActionCodec(rules)
    for seed in range(3):
        game: Any = env(name, **options)
        ids, final = random_episode(game, seed)
        # The same ids on tarotlib's own deal of the same seed.
        node = Node.root(codec, rules.new_deal(seed=seed))
        for i in ids:
            assert i in node.legal_ids()
            node = node.apply(i)
        assert node.is_over and not node.chosen
        assert node.state.history == game.unwrapped.deal.history
        scores = node.state.result.scores
        assert final == {f"seat_{s}": float(scores[s]) for s in range(rules.players)}
        assert not game.agents  # every agent collected its reward and left


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_observations_ignore_the_other_seats_hidden_cards(
    name: str, options: dict[str, Any]
) -> None:
    """Two deals that differ in the cards a seat has not seen, played with the same ids, give
    that seat the same observation at every step (its action mask included)."""
    rules = tarotlib.variant(name, **options)
    first = DealEnv(name, **options)
    rng = random.Random(name)
    differing = 0
    for seed in range(4):
        first.reset(seed=seed)
        ids: list[int] = []
        steps = rng.randrange(4, 40)
        while len(ids) < steps and first.agents and not first.terminations[first.agent_selection]:
            ids.append(int(rng.choice(np.flatnonzero(first.action_mask(first.agent_selection)))))
            first.step(ids[-1])
        seat = rng.randrange(rules.players)
        # No time limit: some of these positions are slow to draw (a conceded Tarocc'Ombre deal).
        world = sample_world(first.deal, seat, random.Random(seed), time_limit=None)
        others = [s for s in range(rules.players) if s != seat]
        if any(world.layout.hand_masks[s] != first.deal.layout.hand_masks[s] for s in others):
            differing += 1
        # Replay: the same ids on both deals (but for another seat's secret actions, which the
        # world drew again), comparing the seat's observations all along.
        codec = ActionCodec(rules)
        again: list[int] = []
        at = 0
        for real, drawn in zip(first.deal.history, world.history, strict=True):
            size = len(codec.encode(real))
            again.extend(ids[at : at + size] if drawn == real else codec.encode(drawn))
            at += size
        again.extend(ids[at:])
        agent = f"seat_{seat}"
        second = DealEnv(name, **options)
        first.reset(options={"layout": first.deal.layout})
        second.reset(options={"layout": world.layout})
        for i, j in [*zip(ids, again, strict=True), (None, None)]:
            a, b = first.observe(agent), second.observe(agent)
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
            if i is not None and j is not None:
                first.step(i)
                second.step(j)
    assert differing >= 2  # the test compares deals that do differ


def test_observe_is_the_seat_tensor_and_mask() -> None:
    game = DealEnv("french-tarot", players=5)
    game.reset(seed=3)
    encoder = TensorEncoder(ActionCodec(game.rules))
    to_act = game.agent_selection
    for s, agent in enumerate(game.possible_agents):
        seen = game.observe(agent)
        assert seen["observation"].dtype == np.float32 and seen["action_mask"].dtype == np.int8
        assert np.array_equal(seen["observation"], encoder.observation(game.deal, s))
        expected = game.codec.mask(game.deal) if agent == to_act else bytearray(game.codec.size)
        assert seen["action_mask"].tolist() == list(expected)
    # The mask returned is the caller's to change.
    game.observe(to_act)["action_mask"][:] = 0
    assert game.observe(to_act)["action_mask"].any()


def test_a_poignee_is_chosen_by_the_same_agent_in_steps() -> None:
    rules = make_rules(4)
    codec = ActionCodec(rules)
    layout = fill_layout(4, {1: "T1-T11 1S-7S"})
    ready = setup(rules.new_deal(layout=layout), 1, Contract.GARDE_SANS)
    game = DealEnv(rules)
    game.reset(options={"layout": layout})
    for action in ready.history:
        (i,) = codec.encode(action)
        game.step(i)
    assert game.deal == ready and game.agent_selection == "seat_1"
    poignee = rules.parse_action(
        "declare simple-poignee " + " ".join(f"T{n}" for n in range(2, 12))
    )
    ids = codec.encode(poignee)
    assert len(ids) == 11
    chosen_section = game.encoder.section("chosen")
    for k, i in enumerate(ids):
        assert game.agent_selection == "seat_1" and game.observe("seat_1")["action_mask"][i] == 1
        game.step(i)
        if k < len(ids) - 1:  # the same agent acts again, seeing what it has chosen so far
            assert game.agent_selection == "seat_1" and game.chosen == ids[: k + 1]
            assert game.observe("seat_1")["observation"][chosen_section].sum() == k + 1
    assert game.chosen == () and game.deal.history[-1] == poignee
    assert game.agent_selection == "seat_1"  # now to play a card


def test_in_the_solo_only_seat_0_acts_and_the_virtual_seats_are_paid() -> None:
    game: Any = env("french-tarot-solo")
    for seed in range(3):
        game.reset(seed=seed)
        acting, final = set(), {}
        rng = random.Random(seed)
        for agent in game.agent_iter():
            observation, reward, terminated, _, _ = game.last()
            if terminated:
                final[agent] = reward
                game.step(None)
            else:
                acting.add(agent)
                game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        assert acting == {"seat_0"}
        scores = game.unwrapped.deal.result.scores
        assert final == {f"seat_{s}": float(scores[s]) for s in range(3)}
        assert final["seat_1"] == final["seat_2"] == -final["seat_0"] / 2


def test_an_annulled_deal_rewards_nobody() -> None:
    game: Any = env("french-tarot", players=4)
    game.reset(seed=1)
    rewards = {}
    for agent in game.agent_iter():
        _, reward, terminated, _, _ = game.last()
        if terminated:
            rewards[agent] = reward
            game.step(None)
        else:
            game.step(game.unwrapped.codec.id_of(game.unwrapped.rules.parse_action("pass")))
    assert game.unwrapped.deal.result.is_annulled
    assert rewards == dict.fromkeys(game.possible_agents, 0.0)


def test_a_deal_annulled_as_dealt_ends_at_once() -> None:
    game: Any = env("french-tarot", players=4)
    game.reset(seed=305)  # a petit sec: the deal is annulled before anyone acts
    assert game.unwrapped.deal.is_over and game.unwrapped.deal.result.is_annulled
    assert all(game.terminations.values())
    order = []
    for agent in game.agent_iter():
        observation, reward, terminated, _, _ = game.last()
        assert terminated and reward == 0 and not observation["action_mask"].any()
        order.append(agent)
        game.step(None)
    assert order == game.possible_agents and not game.agents


def test_an_illegal_id_ends_the_deal_with_the_penalty(caplog: pytest.LogCaptureFixture) -> None:
    game: Any = env("belote", illegal_reward=-500)
    game.reset(seed=4)
    assert game.agent_selection == "seat_1" and game.last()[0]["action_mask"][5] == 0
    game.step(5)  # play AS during the bidding
    assert "Illegal move made" in caplog.text  # PettingZoo's own warning
    assert game.terminations == game.truncations == dict.fromkeys(game.possible_agents, True)
    assert game.rewards == {"seat_0": 0.0, "seat_1": -500.0, "seat_2": 0.0, "seat_3": 0.0}
    assert game.unwrapped.deal.history == ()
    seen = {}
    for agent in game.agent_iter():
        _, reward, terminated, truncated, _ = game.last()
        assert terminated and truncated
        seen[agent] = reward
        game.step(None)
    assert seen == {"seat_0": 0.0, "seat_1": -500.0, "seat_2": 0.0, "seat_3": 0.0}


def test_illegal_ids_raise_when_asked_to() -> None:
    game = DealEnv("belote", illegal_reward=None)
    game.reset(seed=4)
    with pytest.raises(IllegalActionError, match="play AS: phase bidding expects"):
        game.step(5)
    assert not game.deal.history and not any(game.terminations.values())
    with pytest.raises(CodecError, match="no action has id 37"):
        game.step(37)
    with pytest.raises(IllegalActionError, match="seat_1 is to act: None is only for"):
        game.step(None)
    game.step(np.int64(1))  # numpy integers are ids too
    assert game.deal.history[-1].text == "bid spades"
    wrapped = env("belote")
    wrapped.reset(seed=4)
    with pytest.raises(CodecError, match="no action has id -1"):
        wrapped.step(-1)
    with pytest.raises(CodecError, match="no action has id True"):
        wrapped.step(True)


def test_seeds_and_options() -> None:
    rules = tarotlib.variant("tarocco-ombre", players=5)
    game = DealEnv(rules)
    game.reset(seed=11)
    assert game.deal == rules.new_deal(seed=11)
    game.reset()
    after_eleven = game.deal
    game.reset(seed=11)
    game.reset()
    assert game.deal == after_eleven != rules.new_deal(seed=11)  # reproducible, and new
    game.reset(seed=np.int64(11))
    assert game.deal == rules.new_deal(seed=11)
    game.reset(seed=5, options={"dealer": 3, "options": 1})  # unknown keys are ignored
    assert game.deal == rules.new_deal(seed=5, dealer=3)
    layout = rules.new_deal(seed=8).layout
    game.reset(options={"layout": layout})
    assert game.deal.layout == layout
    with pytest.raises(OptionError, match="give options with a game's name"):
        DealEnv(rules, players=5)
    with pytest.raises(OptionError, match="render_mode must be one of ansi, human or None"):
        DealEnv("belote", render_mode="rgb_array")


def test_rendering() -> None:
    game: Any = env("french-tarot", players=3, render_mode="ansi")
    game.reset(seed=2)
    text = game.render()
    assert (
        text.splitlines()[0] == "french-tarot_v0 | phase auction | dealer seat_0 | to act: seat_1"
    )
    assert [line.split(":")[0] for line in text.splitlines()[1:]] == ["seat_0", "seat_1", "seat_2"]
    quiet = env("belote")
    quiet.reset(seed=4)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert quiet.render() is None


def test_tarotlib_does_not_import_pettingzoo() -> None:
    code = (
        "import sys, tarotlib, tarotlib.ai, tarotlib.ai.tensors; "
        "print(sorted(m for m in ('pettingzoo', 'gymnasium') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_wrapper_enforces_the_order_of_calls() -> None:
    game: Any = env("belote")
    for name in ("agent_selection", "agents", "terminations", "truncations", "rewards"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(game, name)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before observe"):
        game.last()
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before observe"):
        game.action_mask("seat_0")
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        game.step(0)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before agent_iter"):
        game.agent_iter()
    game.reset(seed=4)
    assert game.agent_selection == "seat_1" and game.agents == game.possible_agents
    assert game.action_mask("seat_1").tolist() == game.last()[0]["action_mask"].tolist()
    # agent_iter() wants a step between two agents, as PettingZoo's own wrapper does.
    agents = iter(game.agent_iter())
    assert next(agents) == "seat_1"
    with pytest.raises(AssertionError, match="need to call step\\(\\) or reset\\(\\)"):
        next(agents)
    game.step(1)
    # A step once every agent is gone warns and changes nothing.
    for agent in agents:
        game.step(None if game.terminations[agent] else int(game.action_mask(agent).argmax()))
    assert game.agents == []
    EnvLogger.mqueue.clear()
    game.step(None)
    assert game.agents == []
    assert any("step() called after all agents are terminated" in m for m in EnvLogger.mqueue)


def test_human_rendering_prints_after_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    game: Any = env("belote", render_mode="human")
    game.reset(seed=4)
    assert game.render() is None
    game.step(1)
    printed = capsys.readouterr().out.split("belote_v0 | ")
    assert len(printed) == 3  # the render asked for, then the one after the step
    assert printed[2].startswith("phase play | dealer seat_0 | to act: seat_1")
    assert "last: seat_1 bid spades" in printed[2]


def test_an_environment_pickles_mid_deal() -> None:
    game: Any = env("french-tarot", players=4)
    game.reset(seed=3)
    for _ in range(6):
        game.step(int(np.flatnonzero(game.last()[0]["action_mask"])[-1]))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.unwrapped.deal == game.unwrapped.deal
    assert copy.agent_selection == game.agent_selection
    assert np.array_equal(copy.last()[0]["observation"], game.last()[0]["observation"])
