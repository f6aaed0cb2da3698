"""The OpenSpiel games (tarotlib.ai.openspiel): every configuration passes OpenSpiel's random
simulation test and the API checks of its Python-game tests, the chance outcomes of a seed deal
``new_deal(seed)``, states serialize and pickle through their action ids, and OpenSpiel's IS-MCTS
bot plays whole deals with tarotlib's sampler as its resampler."""

from __future__ import annotations

import base64
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import tarotlib  # noqa: E402
from tarotlib.ai import ActionCodec, sample_world  # noqa: E402
from tarotlib.ai import openspiel as tos  # noqa: E402
from tarotlib.core.cards import parse_card  # noqa: E402
from tarotlib.core.dealing import Layout  # noqa: E402
from tarotlib.core.rng import shuffle  # noqa: E402
from tarotlib.deal import DealState  # noqa: E402
from tarotlib.errors import DealError, IllegalActionError, OptionError  # noqa: E402

from support.configs import CONFIGS, FAMILIES, IDS, each_game_once  # noqa: E402
from support.paths import ROOT  # noqa: E402

# The configurations of the codec's tests (every game), and French Tarot's bga preset for 3 and
# 5 players too (Belote's and Contrée's defaults are their ffb presets).
CONFIGS = [
    *CONFIGS,
    ("french-tarot", {"players": 3, "preset": "bga"}),
    ("french-tarot", {"players": 5, "preset": "bga"}),
]
IDS = [*IDS, "french-tarot-players=3-preset=bga", "french-tarot-players=5-preset=bga"]
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def load(name: str, options: dict[str, Any]) -> Any:
    return tos.load_game(name, **options)


def dealt(game: Any, seed: int) -> Any:
    """The state after the chance outcomes of ``seed``."""
    state = game.new_initial_state()
    for outcome in tos.seed_outcomes(game, seed):
        state.apply_action(outcome)
    return state


def random_play(game: Any, rng: random.Random) -> list[Any]:
    """The states of one random deal, chance nodes included, the last one terminal."""
    state = game.new_initial_state()
    states = [state]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state = state.child(action)
        states.append(state)
    return states


# -- registration and parameters ----------------------------------------------------------------
def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {tos.game_name(name) for name in tarotlib.variant_names()} <= names
    assert {name for name, _ in CONFIGS} == set(tarotlib.variant_names())
    assert tos.register_games() == []


@pytest.mark.parametrize("name", sorted(tarotlib.variant_names()))
def test_game_type(name: str) -> None:
    game = pyspiel.load_game(tos.game_name(name))
    kind = game.get_type()
    info = tarotlib.variant_info(name)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    utility = pyspiel.GameType.Utility
    assert kind.utility == (utility.ZERO_SUM if info.zero_sum else utility.GENERAL_SUM)
    assert game.utility_sum() == (0.0 if info.zero_sum else None)
    rules: Any = tarotlib.variant(name)
    assert kind.min_num_players <= rules.players <= kind.max_num_players
    assert game.num_players() == rules.players
    assert game.num_distinct_actions() == ActionCodec(rules).size
    assert game.max_chance_outcomes() == len(rules.deck)
    assert game.max_chance_nodes_in_history() == len(rules.deck)
    assert pickle.loads(pickle.dumps(kind)) == kind


def test_french_tarot_is_zero_sum_and_belote_general_sum() -> None:
    utility = pyspiel.GameType.Utility
    assert pyspiel.load_game("python_tarotlib_french_tarot").get_type().utility == utility.ZERO_SUM
    assert pyspiel.load_game("python_tarotlib_belote").get_type().utility == utility.GENERAL_SUM


def test_parameters() -> None:
    game = pyspiel.load_game("python_tarotlib_french_tarot(players=5,preset=bga,dealer=2)")
    assert str(game) == "python_tarotlib_french_tarot(dealer=2,players=5,preset=bga)"
    assert game.rules == tarotlib.variant("french-tarot", players=5, preset="bga")
    assert game.dealer == 2 and game.num_players() == 5
    # Defaults are left out of the game string, which loads the same game back.
    assert str(pyspiel.load_game("python_tarotlib_belote(dealer=0,preset=)")) == (
        "python_tarotlib_belote()"
    )
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.rules == game.rules
    # Options: each a parameter with the game's default.
    chambery = tos.load_game("chambery", players=4, simplifie=True)
    assert chambery.rules == tarotlib.variant("chambery", players=4, simplifie=True)
    assert str(chambery) == "python_tarotlib_chambery(players=4,simplifie=True)"
    belote = tos.load_game("belote", preset="classic", belote_announce="explicit")
    assert belote.rules == tarotlib.variant("belote", preset="classic", belote_announce="explicit")
    # An option at its default is not passed: the preset's value stands (the classic preset
    # plays with declarations, the default does not).
    classic = tos.load_game("belote", preset="classic", declarations=False)
    assert classic.rules == tarotlib.variant("belote", preset="classic")
    assert classic.rules.options_dict()["declarations"] is True
    assert str(classic) == "python_tarotlib_belote(preset=classic)"


@pytest.mark.parametrize(
    ("string", "message"),
    [
        ("python_tarotlib_belote(players=4)", "Unknown parameter 'players'"),
        ("python_tarotlib_belote(preset=nope)", "preset"),
        ("python_tarotlib_belote(dealer=4)", "dealer must be a seat 0..3"),
        ("python_tarotlib_french_tarot(players=7)", "players"),
    ],
)
def test_bad_parameters_raise(string: str, message: str) -> None:
    with pytest.raises(Exception, match=message):
        pyspiel.load_game(string)


def test_bad_parameters_raise_typed_errors() -> None:
    with pytest.raises(OptionError, match="has no parameter"):
        tos.load_game("belote", colour="red")
    with pytest.raises(OptionError, match="dealer must be a seat"):
        tos.load_game("belote", dealer=-1)


# -- OpenSpiel's own tests ----------------------------------------------------------------------
@pytest.mark.parametrize(("name", "options"), each_game_once(CONFIGS, IDS))
def test_random_sim_test(name: str, options: dict[str, Any]) -> None:
    game = load(name, options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), each_game_once(CONFIGS, IDS))
def test_api(name: str, options: dict[str, Any]) -> None:
    """The checks of OpenSpiel's API and Python-game tests, state by state along random deals."""
    game = load(name, options)
    codec, encoder = game.codec, game.encoder
    n = game.num_players()
    info_observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    observer = make_observation(game)
    assert game.information_state_tensor_shape() == list(encoder.information_state_shape)
    assert game.observation_tensor_shape() == list(encoder.observation_shape)
    rng = random.Random(f"{name}{options}")
    states = random_play(game, rng)
    final = states[-1]
    decisions = sum(1 for s in states if not s.is_chance_node() and not s.is_terminal())
    assert decisions <= game.max_game_length()
    assert len(final.history()) <= game.max_history_length()
    for k, state in enumerate(states):
        clone = state.clone()
        assert str(clone) == str(state) and clone.history() == state.history()
        for p in (-1, n):
            with pytest.raises(RuntimeError):
                state.information_state_string(p)
            with pytest.raises(RuntimeError):
                state.observation_tensor(p)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            assert actions == state.legal_actions() == sorted(actions)
            assert all(p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert len(outcomes) == len(game.rules.deck) - len(state.history())
            with pytest.raises(RuntimeError):
                state.information_state_string()
            with pytest.raises(RuntimeError):
                state.information_state_tensor()
            if k % 25:
                continue  # the strings and tensors of a few chance nodes suffice
        elif state.is_terminal():
            assert state.current_player() == TERMINAL
            assert state.legal_actions() == []
            assert all(state.legal_actions(p) == [] for p in range(n))
            with pytest.raises(RuntimeError):
                state.information_state_string()
        else:
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == sorted(set(legal)) and legal
            assert legal == list(codec.legal_ids(state.tarot_state, state.chosen))
            mask = state.legal_actions_mask()
            assert [i for i, m in enumerate(mask) if m] == legal
            for p in range(n):
                if p != player:
                    assert state.legal_actions(p) == []
            assert [state.action_to_string(a) for a in legal] == [
                codec.action(a).text for a in legal
            ]
        # Every seat's view at every third state and at chance and terminal states; the seat to
        # act's at every state.
        player = state.current_player()
        for p in range(n) if k % 3 == 0 or player < 0 else [player]:
            info = state.information_state_string(p)
            obs = state.observation_string(p)
            info_observer.set_from(state, p)
            observer.set_from(state, p)
            assert info_observer.string_from(state, p) == info
            assert observer.string_from(state, p) == obs
            assert np.array_equal(info_observer.tensor, state.information_state_tensor(p))
            assert np.array_equal(observer.tensor, state.observation_tensor(p))
            if state.tarot_state is not None:
                # A declaration being chosen is seen by the seat choosing it only.
                tarot = state.tarot_state
                chosen = state.chosen if p == state.current_player() else ()
                assert info == encoder.information_state_string(tarot, p, chosen)
                assert obs == encoder.observation_string(tarot, p, chosen)
                assert np.array_equal(
                    state.information_state_tensor(p),
                    encoder.information_state(tarot, p, chosen),
                )
    # Perfect recall, within a deal: a seat never meets the same information state twice; and
    # no information state of a seat to act is another seat's.
    owner: dict[str, int] = {}
    for p in range(n):
        seen = [s.information_state_string(p) for s in states if s.current_player() == p]
        assert len(seen) == len(set(seen))
        owner.update(dict.fromkeys(seen, p))
    assert len(owner) == sum(1 for s in states if s.current_player() >= 0)
    tarot = final.tarot_state
    assert tarot is not None and tarot.is_over
    assert final.returns() == [float(s) for s in tarot.result.scores]
    assert [final.player_return(p) for p in range(n)] == final.returns()
    assert all(-tos.UTILITY_BOUND <= r <= tos.UTILITY_BOUND for r in final.returns())
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert sum(final.returns()) == pytest.approx(0.0)


def test_observation_types() -> None:
    """The games provide a seat's observation and its information state, not the public or
    private parts alone."""
    game = tos.load_game("belote")
    kinds = pyspiel.PrivateInfoType
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=kinds.NONE
    )
    private = pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=kinds.SINGLE_PLAYER
    )
    assert make_observation(game, public) is None and make_observation(game, private) is None
    default = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    assert default.tensor.shape == game.encoder.observation_shape
    with pytest.raises(OptionError, match="observation parameters"):
        make_observation(game, None, {"x": 1})


def test_an_annulled_deal_returns_zeros() -> None:
    game = tos.load_game("french-tarot", players=4)
    state = dealt(game, 1)
    while not state.is_terminal():
        state.apply_action(0 if 0 in state.legal_actions() else state.legal_actions()[0])
        if state.tarot_state.is_over:
            break
    assert state.tarot_state.result.is_annulled
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_illegal_actions_raise() -> None:
    game = tos.load_game("belote")
    state = game.new_initial_state()
    state.apply_action(3)
    with pytest.raises(DealError, match="not a card left to draw"):
        state.apply_action(3)
    with pytest.raises(DealError, match="not a card left to draw"):
        state.apply_action(32)
    state = dealt(game, 4)
    with pytest.raises(IllegalActionError):
        state.apply_action(10)  # a card play during the auction
    assert state.legal_actions() == [0, 1]  # nothing changed


# -- the chance outcomes of a seed --------------------------------------------------------------
@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_seed_outcomes_deal_new_deal(name: str, options: dict[str, Any]) -> None:
    for dealer in sorted({0, 1}):
        game = tos.load_game(name, dealer=dealer, **options)
        rules = game.rules
        codec = ActionCodec(rules)
        for seed in (0, 5, 2**40 + 3):
            state = dealt(game, seed)
            expected = rules.new_deal(seed=seed, dealer=dealer)
            ours = state.tarot_state
            assert isinstance(ours, DealState)
            assert ours == rules.deal_from_order(shuffle(rules.deck.cards, seed), dealer)
            # The same deal: only data.seed tells them apart (a drawn pack has no seed).
            assert ours.layout == expected.layout
            assert ours.data == expected.data._replace(seed=None)
            assert ours.legal_actions() == expected.legal_actions()
            assert all(
                ours.observation(s) == expected.observation(s) for s in range(game.num_players())
            )
            # The same ids played on both give the same deal and the same scores.
            rng = random.Random(seed)
            chosen: tuple[int, ...] = ()
            while not state.is_terminal():
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                expected, chosen = codec.step(expected, action, chosen)
                assert state.tarot_state.history == expected.history
            assert expected.is_over
            assert state.tarot_state.result == expected.result
            assert state.returns() == [float(s) for s in expected.result.scores]


def test_seed_outcomes_are_the_shuffle() -> None:
    game = tos.load_game("belote")
    deck = sorted(game.rules.deck.cards)
    outcomes = tos.seed_outcomes(game, 9)
    assert sorted(outcomes) == list(range(32))
    assert [deck[i] for i in outcomes] == shuffle(game.rules.deck.cards, 9)
    with pytest.raises(DealError, match="seed must be an integer"):
        tos.seed_outcomes(game, "9")  # type: ignore[arg-type]


# -- serialization and pickling -----------------------------------------------------------------
def mid_deal_states(game: Any, seed: int) -> list[Any]:
    """A few states of one random deal: chance, the first decision, midway, terminal."""
    states = random_play(game, random.Random(seed))
    decisions = [s for s in states if not s.is_chance_node()]
    return [states[3], decisions[0], decisions[len(decisions) // 2], states[-1]]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_serialize_round_trip(name: str, options: dict[str, Any]) -> None:
    game = load(name, options)
    for state in mid_deal_states(game, 3):
        text = pyspiel.serialize_game_and_state(game, state)
        new_game, new_state = pyspiel.deserialize_game_and_state(text)
        assert str(new_game) == str(game)
        assert str(new_state) == str(state) and new_state.history() == state.history()
        assert new_state.tarot_state == state.tarot_state and new_state.chosen == state.chosen
        serialized = state.serialize()
        again = game.deserialize_state(serialized)
        assert str(again) == str(state) and again.history() == state.history()
        # OpenSpiel writes the history and the pickled Python attributes: the action ids again,
        # not the tarotlib state.
        attributes = base64.b64decode(serialized.split("__dict__=", 1)[1])
        assert b"DealState" not in attributes and b"_replay" in attributes
        # The state pickles as its action ids.
        assert b"DealState" not in pickle.dumps(state)
        unpickled = pickle.loads(pickle.dumps(state))
        assert str(unpickled) == str(state) and unpickled.history() == state.history()
        assert unpickled.tarot_state == state.tarot_state
    unpickled_game = pickle.loads(pickle.dumps(game))
    assert str(unpickled_game) == str(game)


def test_a_declaration_being_chosen_round_trips() -> None:
    """A poignée chosen card by card: the state between its ids serializes and pickles."""
    game = tos.load_game("french-tarot", players=3)
    codec = game.codec
    base = game.rules.new_deal(seed=0).layout
    hands, kitty = [list(h) for h in base.hands], list(base.kitty)
    trumps = [parse_card(f"T{i}") for i in range(1, 16)]
    for card in trumps:  # seat 1, the first to bid and to play, gets 15 trumps
        if card not in hands[1]:
            give = next(c for c in hands[1] if c not in trumps)
            place = next(p for p in (hands[0], hands[2], kitty) if card in p)
            place[place.index(card)] = give
            hands[1][hands[1].index(give)] = card
    layout = Layout(tuple(tuple(h) for h in hands), tuple(kitty), base.dealer)
    state = game.new_initial_state()
    for outcome in tos.layout_outcomes(game, layout):
        state.apply_action(outcome)
    tarot = state.tarot_state
    assert tarot is not None and tarot.layout == layout
    rng = random.Random(0)
    while not state.chosen:
        legal = state.legal_actions()
        heads = [i for i in legal if i in codec._head_ids]
        bids = [i for i in legal if codec.action(i).text.startswith("bid")]
        state.apply_action((heads or bids or [rng.choice(legal)])[0])
    tarot = state.tarot_state
    assert tarot is not None and state.current_player() == tarot.to_act
    # The other seats do not see the steps: their information state is the one before the head.
    before = pyspiel.load_game(str(game)).new_initial_state()
    for action in state.history()[: -len(state.chosen)]:
        before.apply_action(action)
    for seat in range(3):
        same = before.information_state_string(seat) == state.information_state_string(seat)
        assert same == (seat != state.current_player())
    _, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert new_state.chosen == state.chosen and str(new_state) == str(state)
    assert pickle.loads(pickle.dumps(state)).chosen == state.chosen
    assert state.clone().legal_actions() == state.legal_actions()


def test_only_this_module_imports_openspiel() -> None:
    script = (
        "import sys, tarotlib, tarotlib.ai\n"
        "assert not {'pyspiel', 'open_spiel', 'numpy'} & set(sys.modules), 'imported'\n"
        "import tarotlib.ai.openspiel\n"
        "assert 'pyspiel' in sys.modules\n"
    )
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": ""}
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT, env=env)


def test_pickles_load_in_a_new_interpreter() -> None:
    """A pickled game and state import the module that registers the games when loaded."""
    game = tos.load_game("contree", preset="coinche")
    state = mid_deal_states(game, 1)[2]
    blob = pickle.dumps((game, state))
    script = (
        "import pickle, sys; game, state = pickle.loads(sys.stdin.buffer.read()); "
        "print(game); print(state.history())"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        input=blob,
        capture_output=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""},
    ).stdout.decode()
    assert out.splitlines() == [str(game), str(state.history())]


# -- resampling -----------------------------------------------------------------------------------
def own_path(game: Any, history: list[int], player: int) -> list[tuple[str, int]]:
    """The information states of ``player`` where it acted along ``history``, and its
    actions."""
    state = game.new_initial_state()
    path = []
    for action in history:
        if state.current_player() == player:
            path.append((state.information_state_string(player), action))
        state.apply_action(action)
    return path


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("french-tarot", {"players": 4}),
        ("french-tarot", {"players": 5}),
        ("belote", {}),
        ("contree", {}),
        ("lombardy", {}),
        ("chambery", {"players": 4}),
    ],
)
def test_resample_from_infostate(name: str, options: dict[str, Any]) -> None:
    game = load(name, options)
    states = random_play(game, random.Random(2))
    deck = len(game.rules.deck)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    for state in states[deck::15]:
        if state.is_terminal():
            continue
        player = state.current_player()
        moves = state.history()[deck:]
        others = set()
        for _ in range(3):
            world = state.resample_from_infostate(player, sampler)
            assert type(world) is type(state)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.legal_actions() == state.legal_actions()
            history = world.history()
            assert sorted(history[:deck]) == list(range(deck)) and len(history) == deck + len(moves)
            # The world is the deal the sampler draws, replayed by the chance outcomes and its
            # history (another seat's secret actions drawn again, the other actions the same).
            tarot = world.tarot_state
            assert len(tarot.history) == len(state.tarot_state.history)
            assert tarot.observation(player) == state.tarot_state.observation(player)
            others.add(tuple(tarot.hand_mask(s) for s in range(game.num_players())))
            # Perfect recall across the two histories (OpenSpiel's API test): the player met the
            # same information states and chose the same actions on the way.
            assert own_path(game, history, player) == own_path(game, state.history(), player)
        if len(state.tarot_state.tricks) < 3:
            assert len(others) > 1, "three draws, all the same deal"


def test_resample_at_a_chance_node() -> None:
    game = tos.load_game("belote")
    state = game.new_initial_state()
    for outcome in tos.seed_outcomes(game, 1)[:10]:
        state.apply_action(outcome)
    world = state.resample(2, random.Random(0))
    assert world.is_chance_node() and len(world.history()) == 10
    assert world.information_state_string(2) == state.information_state_string(2)


def test_resampled_layout_is_the_sampled_world() -> None:
    """The chance outcomes written for a world deal exactly that world's layout."""
    for name, options in CONFIGS:
        game = load(name, options)
        state = dealt(game, 11)
        world = sample_world(state.tarot_state, 0, random.Random(3))
        outcomes = game._config.outcomes_of(world.layout)
        order = [sorted(game.rules.deck.cards)[i] for i in outcomes]
        assert game.rules.deal_from_order(order, game.dealer).layout == world.layout, name


def test_resampler_is_reproducible() -> None:
    game = tos.load_game("french-tarot", players=4)
    state = dealt(game, 5)
    a = [tos.resampler(3)(state, 1).history() for _ in range(2)]
    b = tos.resampler(3)
    assert a[0] == a[1] and b(state, 1).history() == a[0]
    with pytest.raises(TypeError, match="not a state of a tarotlib game"):
        b(pyspiel.load_game("kuhn_poker").new_initial_state(), 0)


# -- IS-MCTS --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "options", "seed"),
    each_game_once(
        [(name, options, 3 + k) for k, (name, options) in enumerate(CONFIGS)], IDS, FAMILIES
    ),
)
def test_ismcts_plays_a_deal(name: str, options: dict[str, Any], seed: int) -> None:
    """OpenSpiel's Python IS-MCTS bot, resampling with tarotlib's sampler: through
    ``set_resampler`` for the even seats, through ``state.resample_from_infostate`` (the bot's
    default) for the odd ones."""
    game = load(name, options)
    state = dealt(game, seed)
    calls = {"resampler": 0}
    inner = tos.resampler(seed)

    def counted(s: Any, player: int) -> Any:
        calls["resampler"] += 1
        return inner(s, player)

    bots = []
    for seat in range(game.num_players()):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat))
        bot = ismcts.ISMCTSBot(
            game, evaluator, 2.0, 3, random_state=np.random.RandomState(100 + seat)
        )
        if seat % 2 == 0:
            bot.set_resampler(counted)
        bots.append(bot)
    expected = game.rules.new_deal(seed=seed, dealer=game.dealer)
    codec, chosen = game.codec, ()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        state.apply_action(action)
        expected, chosen = codec.step(expected, action, chosen)
    assert calls["resampler"] > 0
    assert expected.is_over and state.tarot_state.history == expected.history
    assert state.returns() == [float(s) for s in state.tarot_state.result.scores]
    assert state.returns() == [float(s) for s in expected.result.scores]
