"""Write the corpus of records in the version-1 formats, with what each replays to.

Run once, from the commit before the deal-machine rewrite, to freeze the corpus:

    python tests/support/baseline_records.py

Each ``*.json`` file in ``records/`` is a record as tarotlib wrote it; ``expected.json`` holds, for
each file, the summary of its replay (history, phase, seat to act, result or match totals).
``tests/test_baseline.py`` loads every file with today's code and compares the summaries.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent / "baseline"
OUT = HERE / "records"


def state_summary(state: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "history": [a.text for a in state.history],
        "phase": state.phase,
        "to_act": state.to_act,
        "layout": state.layout.to_json(),
        "legal": [a.text for a in state.legal_actions()],
    }
    if state.is_over:
        r = state.result
        out["result"] = [
            list(r.scores),
            r.annulled,
            r.contract,
            r.declarer,
            r.made,
            list(r.lines()),
        ]
    return out


def match_summary(match: Any, current: Any) -> dict[str, Any]:
    return {
        "totals": list(match.totals),
        "credited": [list(c) for c in match.credited],
        "carry": match.carry,
        "dealer": match.dealer,
        "is_over": match.is_over,
        "results": [[list(r.scores), r.annulled, r.contract] for r in match.results],
        "current": None if current is None else state_summary(current),
    }


def _random_state(rules: Any, seed: int, stop: int | None) -> Any:
    state = rules.new_deal(seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over and (stop is None or steps < stop):
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state


def main() -> int:
    sys.path.insert(0, str(HERE.parents[1] / "src"))
    import tarotlib
    from tarotlib.records import GameRecord, MatchRecord
    from tarotlib.terminal.session import new_session

    OUT.mkdir(exist_ok=True)
    expected: dict[str, Any] = {}

    def game(name: str, record: Any) -> None:
        (OUT / f"{name}.json").write_text(record.dumps() + "\n")
        expected[name] = state_summary(GameRecord.loads(record.dumps()).replay())

    def match(name: str, record: Any) -> None:
        (OUT / f"{name}.json").write_text(record.dumps() + "\n")
        m, current = MatchRecord.loads(record.dumps()).replay()
        expected[name] = match_summary(m, current)

    configs = {
        "ft3": tarotlib.variant("french-tarot", players=3),
        "ft4": tarotlib.variant("french-tarot", players=4),
        "ft5": tarotlib.variant("french-tarot", players=5),
        "ft5bga": tarotlib.variant("french-tarot", players=5, preset="bga"),
        "ft4grash": tarotlib.variant(
            "french-tarot",
            players=4,
            grash=True,
            declarations="poignee_and_misere",
            petit_sec="optional_redeal",
        ),
        "bel": tarotlib.variant("belote"),
        "belclassic": tarotlib.variant("belote", preset="classic", ta_sa="third_round"),
        "belexplicit": tarotlib.variant(
            "belote", preset="classic", belote_announce="explicit", ta_sa="third_round"
        ),
    }
    for key, rules in configs.items():
        for seed in (1, 2, 3, 17, 42):
            game(f"game-{key}-seed{seed}", GameRecord.from_state(_random_state(rules, seed, None)))
        # a deal in progress
        game(f"game-{key}-partial", GameRecord.from_state(_random_state(rules, 5, 23)))
        # the same deal recorded from its layout rather than its seed
        st = _random_state(rules, 7, None)
        lay = rules.new_deal(layout=st.layout)
        for a in st.history:
            lay = lay.apply(a)
        game(f"game-{key}-layout", GameRecord.from_state(lay))
    # Belote from complete hands (start_play)
    from tarotlib.variants.belote import Belote, Contract

    bel = Belote()

    hands = [
        "AH KH 7H AD 7D 8D 9D TD",
        "TH 9H KS JS 8S 7S 7C 8C",
        "QH JH 8H AS TS 9S QS 9C",
        "AC TC KC QC JC KD QD JD",
    ]
    st = bel.start_play(hands, Contract.SPADES, taker=1)
    rng = random.Random(3)
    while not st.is_over:
        st = st.apply(rng.choice(st.legal_actions()))
    game("game-bel-start-play", GameRecord.from_state(st))
    # French Tarot from an explicit layout given by hand
    ft4 = configs["ft4"]
    order = list(tarotlib.TAROT_78)
    random.Random(11).shuffle(order)
    st = ft4.deal_from_order(order, dealer=2)
    rng = random.Random(11)
    while not st.is_over:
        st = st.apply(rng.choice(st.legal_actions()))
    game("game-ft4-order", GameRecord.from_state(st))

    # matches: finished and in progress, as Match + records, and as saved by `tarotlib play`
    from tarotlib.bots import HeuristicBot, RandomBot

    for key in ("ft3", "ft5", "bel", "belclassic"):
        rules = configs[key]
        stop = {"deals": 3} if key.startswith("ft") else {"target_score": 400}
        m = tarotlib.Match.start(rules, seed=21, **stop)
        played = []
        while not m.is_over:
            st = m.new_deal()
            players = [HeuristicBot(s) if s % 2 else RandomBot(s) for s in range(rules.players)]
            while not st.is_over:
                assert st.to_act is not None
                st = st.apply(players[st.to_act].choose(st))
            played.append(GameRecord.from_state(st))
            m = m.add(st.result)
        match(f"match-{key}-done", MatchRecord.of(m, played, None))
    for key, bots in (
        ("ft4", "heuristic"),
        ("ft5bga", "random"),
        ("bel", "heuristic"),
        ("belexplicit", "random"),
        ("ft4grash", "random"),
    ):
        rules = configs[key]
        session = new_session(
            rules,
            human=1,
            seed=33,
            bots=bots,
            **({"deals": 4} if key.startswith("ft") else {"target_score": 300}),
        )
        deals_done = 0
        saved = 0
        while not session.match.is_over and saved < 3:
            state = session.start_deal()
            steps = 0
            while not state.is_over:
                mine = state.to_act == session.human
                legal = state.legal_actions()
                action = legal[steps % len(legal)] if mine else session.bot_action()
                state = session.state = state.apply(action)
                steps += 1
                if deals_done == 1 and steps == 9 and saved == 0:
                    match(f"play-{key}-middeal", session.record())
                    saved += 1
            session.finish_deal()
            deals_done += 1
            if deals_done == 2:
                match(f"play-{key}-between", session.record())
                saved += 1
        match(f"play-{key}-last", session.record())

    (HERE / "expected.json").write_text(json.dumps(expected, indent=0, sort_keys=True) + "\n")
    print(f"wrote {len(expected)} records")
    return 0


def games_corpus() -> int:
    """Add the records of every other game (the configurations of ``baseline_games``): finished
    deals from seeds and from layouts, a deal in progress, a finished match and a match saved
    by ``tarotlib play`` in the middle of a deal; run once, before the deal machine was put
    behind one door (``python tests/support/baseline_records.py --games``)."""
    sys.path.insert(0, str(HERE.parents[1] / "src"))
    sys.path.insert(0, str(HERE.parent))
    import tarotlib
    from tarotlib.bots import RandomBot
    from tarotlib.records import GameRecord, MatchRecord
    from tarotlib.terminal.players import make_bot
    from tarotlib.terminal.session import new_session

    from support import baseline_games

    expected: dict[str, Any] = json.loads((HERE / "expected.json").read_text())

    def write(name: str, record: Any) -> None:
        (OUT / f"{name}.json").write_text(record.dumps() + "\n")
        if isinstance(record, MatchRecord):
            m, current = MatchRecord.loads(record.dumps()).replay()
            expected[name] = match_summary(m, current)
        else:
            expected[name] = state_summary(GameRecord.loads(record.dumps()).replay())

    for key, name, options in baseline_games.CONFIGS:
        tag = key.replace("/", "-")
        rules = tarotlib.variant(name, **options)
        for seed in (1, 2, 3):
            write(f"game-{tag}-seed{seed}", GameRecord.from_state(_random_state(rules, seed, None)))
        write(f"game-{tag}-partial", GameRecord.from_state(_random_state(rules, 5, 17)))
        st = _random_state(rules, 7, None)
        lay = rules.new_deal(layout=st.layout)
        for a in st.history:
            lay = lay.apply(a)
        write(f"game-{tag}-layout", GameRecord.from_state(lay))
        m = tarotlib.Match.start(rules, seed=21, deals=3)
        played = []
        while not m.is_over:
            st = m.new_deal()
            bots = [
                make_bot("heuristic", seat=s, seed=s) if s % 2 else RandomBot(s)
                for s in range(rules.players)
            ]
            while not st.is_over:
                assert st.to_act is not None
                st = st.apply(bots[st.to_act].choose(st))
            played.append(GameRecord.from_state(st))
            m = m.add(st.result)
        write(f"match-{tag}-done", MatchRecord.of(m, played, None))
        human = 0 if name == "french-tarot-solo" else 1
        session = new_session(rules, human=human, seed=33, bots="heuristic", deals=3)
        state = session.start_deal()
        steps = 0
        while not state.is_over and steps < 12:
            mine = state.to_act == session.human
            legal = state.legal_actions()
            action = legal[steps % len(legal)] if mine else session.bot_action()
            state = session.state = state.apply(action)
            steps += 1
        write(f"play-{tag}-middeal", session.record())
    (HERE / "expected.json").write_text(json.dumps(expected, indent=0, sort_keys=True) + "\n")
    print(f"{len(expected)} records in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(games_corpus() if "--games" in sys.argv else main())
