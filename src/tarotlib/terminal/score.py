"""The ``tarotlib score`` command: a deal scored from what the table wrote down, and a running
score sheet of a match (docs/score-keeping.md).

``tarotlib score GAME [--players N] [--preset P] [--option KEY=VALUE] FACT=VALUE ...`` scores one
deal of ``GAME`` from its facts — each game's own: the taker, the contract, the counted points,
the bonuses (``tarotlib score GAME --help`` lists them, with examples from the rules reference) —
and prints the breakdown and the scores. ``--facts JSON`` gives the facts as a JSON object
instead (``@FILE`` reads it from a file, ``-`` from standard input). With ``--sheet FILE.json``
the deal is added to the match kept in that file (written atomically), which is created on
first use (``--deals N``, ``--target T``, ``--first-dealer S``), and the match's totals are
printed; without facts, the sheet is shown. ``--json`` prints the same as JSON.

Exit status: 0 success, 1 a sheet that cannot be read or written, 2 a command-line error or a
deal the rules refuse (the message says why).

>>> import io, contextlib
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     status = main(["reseghino", "points=27,37,14"])
>>> status
0
>>> print(out.getvalue().strip())
seat 0: 27 − 26 = +1 (RE-6)
seat 1: 37 − 26 = +11 (RE-6)
seat 2: 14 − 26 = −12 (RE-6)
scores: seat 0 +1, seat 1 +11, seat 2 −12
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, Final

from tarotlib.core.results import DealResult
from tarotlib.core.text import seat_list
from tarotlib.deal import Game
from tarotlib.errors import MatchError, RecordError, ScoringError, TarotError
from tarotlib.match import Match
from tarotlib.registry import variant, variant_info, variant_names
from tarotlib.scoresheet import DealForm, ScoreSheet, deal_form, score_facts
from tarotlib.terminal.render import render_match_end, render_totals

__all__ = ["COMMAND_HELP", "add_score_parser", "game_help", "main", "run"]

COMMAND_HELP: Final = "score a deal from what the table wrote down; keep a match's score sheet"
"""The command's one-line description (``tarotlib --help``)."""

_USAGE: Final = (
    "tarotlib score GAME [--players N] [--preset NAME] [--option KEY=VALUE ...] FACT=VALUE ... "
    "[--facts JSON|@FILE|-] [--sheet FILE.json [--deals N | --target T] [--first-dealer S]] "
    "[--json]"
)


class ScoreUsageError(Exception):
    """A command-line error of ``tarotlib score`` (exit status 2).

    >>> str(ScoreUsageError("give the game"))
    'give the game'
    """


RulesOf = Callable[[argparse.Namespace], Game]


def _add_options(parser: argparse.ArgumentParser) -> None:
    """The options of the command (on the parser of ``tarotlib`` and on the one that reads the
    words after the game)."""
    parser.add_argument(
        "-h", "--help", action="store_true", help="show this help (with GAME: its facts)"
    )
    parser.add_argument("--players", type=int, metavar="N", help="number of players")
    parser.add_argument("--preset", metavar="NAME", help="an option preset of the game")
    parser.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)"
    )
    parser.add_argument(
        "--facts",
        metavar="JSON|@FILE|-",
        help="the facts as a JSON object (from a file with @FILE, from standard input with -)",
    )
    parser.add_argument(
        "--sheet",
        metavar="FILE.json",
        help="add the deal to the match kept in FILE (created on first use); without facts, "
        "show it",
    )
    parser.add_argument("--deals", type=int, metavar="N", help="a new sheet: the match's deals")
    parser.add_argument("--target", type=float, metavar="T", help="a new sheet: play to T")
    parser.add_argument(
        "--first-dealer", type=int, metavar="S", help="a new sheet: the first dealer's seat"
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def add_score_parser(
    sub: Any,
    *,
    parents: Sequence[argparse.ArgumentParser] = (),
    rules_of: RulesOf | None = None,
    usage_error: type[Exception] = ScoreUsageError,
) -> argparse.ArgumentParser:
    """Add the ``score`` command to the subcommands ``sub`` of the ``tarotlib`` parser.
    ``rules_of`` builds the rules from the namespace's ``variant``, ``players``, ``preset`` and
    ``option`` as the other commands do (by default: :func:`tarotlib.registry.variant` with the
    options given); errors are raised as ``usage_error`` (the command line's, exit status 2).

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="tarotlib")
    >>> score = add_score_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["score", "--sheet", "g.json", "lombardy", "points=66,6"])
    >>> args.sheet, args.words
    ('g.json', ['lombardy', 'points=66,6'])
    """
    parser: argparse.ArgumentParser = sub.add_parser(
        "score",
        parents=list(parents),
        add_help=False,
        usage=_USAGE,
        help=COMMAND_HELP,
        description=COMMAND_HELP,
    )
    _add_options(parser)
    parser.add_argument("words", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)

    def func(args: argparse.Namespace) -> int:
        try:
            return run(args, rules_of)
        except ScoreUsageError as exc:
            raise usage_error(str(exc)) from None

    parser.set_defaults(func=func)
    return parser


def main(argv: Sequence[str], rules_of: RulesOf | None = None) -> int:
    """Run the command with the words after ``tarotlib score`` (errors printed, exit status
    returned): what ``tarotlib score ...`` does.

    >>> main(["reseghino", "points=27,37,15"])
    2
    """
    args = argparse.Namespace(
        help=False, players=None, preset=None, option=None, facts=None, sheet=None, deals=None,
        target=None, first_dealer=None, json=False, words=list(argv),
    )  # fmt: skip
    try:
        return run(args, rules_of)
    except ScoreUsageError as exc:
        print(f"tarotlib score: error: {exc}", file=sys.stderr)
        return 2


class _Parser(argparse.ArgumentParser):
    """The reader of the words after the game: its errors are the command's usage errors."""

    def error(self, message: str) -> Any:
        raise ScoreUsageError(message)


def _merged(args: argparse.Namespace) -> tuple[argparse.Namespace, str | None, list[str]]:
    """The options given before the game and after it, the game, and the facts' words."""
    words = list(args.words or ())
    game: str | None = None
    if words and not words[0].startswith("-") and "=" not in words[0]:
        game = words.pop(0)
    inner = _Parser(prog="tarotlib score", add_help=False)
    _add_options(inner)
    inner.add_argument("facts_words", nargs="*")
    later = inner.parse_intermixed_args(words)
    merged = argparse.Namespace(**vars(args))
    for name, value in vars(later).items():
        if name == "facts_words":
            continue
        before = getattr(args, name, None)
        if name == "option":
            merged.option = [*(before or ()), *(value or ())] or None
        elif name in ("help", "json"):
            setattr(merged, name, bool(before) or bool(value))
        elif value is not None:
            if before is not None and before != value:
                raise ScoreUsageError(f"--{name.replace('_', '-')} is given twice")
            setattr(merged, name, value)
    return merged, game, list(later.facts_words)


def _facts(args: argparse.Namespace, words: Sequence[str]) -> dict[str, object]:
    """The facts of the words (``NAME=VALUE``; a repeated name gives a list) and of ``--facts``."""
    facts: dict[str, object] = {}
    repeated: set[str] = set()
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name.strip():
            raise ScoreUsageError(f"a fact is written NAME=VALUE, got {word!r}")
        key = name.strip().lower().replace("_", "-")
        if key in facts:
            before = facts[key]
            facts[key] = [*before, value] if isinstance(before, list) else [before, value]
            repeated.add(key)
        else:
            facts[key] = value
    if args.facts is not None:
        given = _json_facts(args.facts)
        for name, given_value in given.items():
            key = name.strip().lower().replace("_", "-")
            if key in facts:
                raise ScoreUsageError(f"the fact {key} is given twice (a word and --facts)")
            facts[key] = given_value
    if repeated:
        facts[_REPEATED] = sorted(repeated)
    return facts


_REPEATED: Final = "\x00repeated"
"""Where :func:`_facts` notes the names given more than once (taken out by :func:`_checked`)."""


def _checked(facts: dict[str, object], rules: Game) -> dict[str, object]:
    """The facts, a name given twice refused unless the game's fact is repeatable."""
    facts = dict(facts)
    repeated = facts.pop(_REPEATED, ())
    assert isinstance(repeated, list | tuple)
    form = deal_form(rules)
    for name in repeated:
        try:
            fact = form.fact(name)
        except ScoringError as exc:
            raise ScoreUsageError(str(exc)) from None
        if not fact.repeat:
            raise ScoreUsageError(f"the fact {fact.name} is given twice")
    return facts


def _json_facts(source: str) -> dict[str, object]:
    """``--facts``: a JSON object, read from ``@FILE``, from ``-`` (standard input) or given."""
    try:
        if source == "-":
            text = sys.stdin.read()
        elif source.startswith("@"):
            with open(os.path.expanduser(source[1:]), encoding="utf-8") as f:
                text = f.read(1 << 20)
        else:
            text = source
    except OSError as exc:
        raise ScoreUsageError(
            f"cannot read the facts from {source[1:]}: {exc.strerror or exc}"
        ) from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ScoreUsageError(f"--facts must be a JSON object of facts: {exc}") from None
    if not isinstance(data, dict):
        raise ScoreUsageError(f"--facts must be a JSON object of facts, got {type(data).__name__}")
    return data


def _rules(args: argparse.Namespace, game: str, rules_of: RulesOf | None) -> Game:
    ns = argparse.Namespace(
        variant=game, players=args.players, preset=args.preset, option=args.option
    )
    if rules_of is not None:
        return rules_of(ns)
    options: dict[str, object] = {}
    if args.preset is not None:
        options["preset"] = args.preset
    for text in args.option or ():
        key, sep, value = text.partition("=")
        if not sep:
            raise ScoreUsageError(f"an option must be KEY=VALUE, got {text!r}")
        options[key.strip().replace("-", "_")] = _scalar(value)
    if args.players is not None:
        options["players"] = args.players
    try:
        return variant(game, **options)
    except (TarotError, ValueError, TypeError) as exc:
        raise ScoreUsageError(str(exc)) from None


def _scalar(text: str) -> object:
    """An option's value as the command line writes it: yes/no, none, numbers, else the text."""
    low = text.strip().lower()
    if low in ("true", "yes", "on", "false", "no", "off"):
        return low in ("true", "yes", "on")
    if low in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(low)
        except ValueError:
            pass
    return text.strip()


# -- help ------------------------------------------------------------------------------------------
def _wrap(text: str, indent: int) -> str:
    return textwrap.fill(
        text, 100, subsequent_indent=" " * indent, break_on_hyphens=False, break_long_words=False
    )


def game_help(rules: Game) -> str:
    """The facts of a deal of ``rules``' game, each with what it means, and the examples of its
    form written as commands (``tarotlib score GAME --help``).

    >>> import tarotlib
    >>> print(game_help(tarotlib.variant("reseghino")))  # doctest: +NORMALIZE_WHITESPACE
    tarotlib score reseghino FACT=VALUE ...: the facts of a deal (* required)
      * points=P0,P1,P2  each player's points as counted, seat by seat (RE-6; they total 78)
    examples:
      LO-E5: X 27, Y 37, Z 14
        tarotlib score reseghino points=27,37,14
    """
    form = deal_form(rules)
    width = max(len(f.usage) for f in form.facts) + 4
    lines = [f"tarotlib score {rules.name} FACT=VALUE ...: the facts of a deal (* required)"]
    for fact in form.facts:
        mark = "* " if fact.required else "  "
        repeat = " (repeatable)" if fact.repeat else ""
        head = f"  {mark}{fact.usage:<{width - 2}}"
        lines.append(_wrap(head + fact.help + repeat, width + 2))
    if form.examples:
        lines.append("examples:")
        for what, words in form.examples:
            lines.append(f"  {what}")
            lines.append(f"    tarotlib score {rules.name} {words}")
    return "\n".join(lines)


def _summary_line(form: DealForm) -> str:
    """A game's facts on one line: the required ones, the others in brackets (``...``:
    repeatable), then the facts that describe a deal on their own, as alternatives."""
    words = [
        fact.usage if fact.required else f"[{fact.usage}]" + ("..." if fact.repeat else "")
        for fact in form.facts
        if fact.name not in form.standalone
    ]
    alone = [fact.usage for fact in form.facts if fact.name in form.standalone]
    return " | ".join([" ".join(words), *alone])


def _general_help() -> str:
    lines = [
        f"usage: {_USAGE}",
        "",
        COMMAND_HELP + ": each game's facts in (FACT=VALUE words, or --facts JSON), its scores "
        "and breakdown out; with --sheet FILE.json the deal is added to the match kept there and "
        "the totals are printed (docs/score-keeping.md).",
        "",
        "options:",
        "  --players N, --preset NAME, --option KEY=VALUE   the game's rules, as for 'play'",
        "  --facts JSON|@FILE|-   the facts as a JSON object (given, from FILE, or from stdin)",
        "  --sheet FILE.json      add the deal to the match kept in FILE (created on first use,",
        "                         written atomically); without facts, show the sheet",
        "  --deals N, --target T, --first-dealer S   a new sheet's match (default: the game's own)",
        "  --json                 print the result as JSON",
        "",
        "games and their facts (tarotlib score GAME --help: what each means, and examples):",
    ]
    for name in variant_names():
        hook = variant_info(name).scoresheet
        if hook is None:
            continue
        form = deal_form(variant(name))
        lines.append(f"  {name}")
        lines.append(_wrap("    " + _summary_line(form), 6))
    lines.append("")
    lines.append(
        "Exit status: 0 success, 1 a sheet that cannot be read or written, 2 a command-line error "
        "or a deal the rules refuse."
    )
    return "\n".join(lines)


# -- the command -----------------------------------------------------------------------------------
def run(args: argparse.Namespace, rules_of: RulesOf | None = None) -> int:
    """Run the command on the parsed ``args`` (see the module docstring); returns the exit
    status. Command-line errors and refused deals raise :class:`ScoreUsageError`.

    >>> import argparse
    >>> args = argparse.Namespace(help=False, players=None, preset=None, option=None, facts=None,
    ...     sheet=None, deals=None, target=None, first_dealer=None, json=False,
    ...     words=["lombardy", "points=66,6"])
    >>> run(args)
    team A (seats 0, 2): 66 points (counted)
    team B (seats 1, 3): 6 points (counted)
    team A scores 66 − 36 = 30 (LO-16.2)
    scores: seat 0 +30, seat 1 0, seat 2 +30, seat 3 0
    0
    """
    args, game, words = _merged(args)
    if args.help:
        if game is None:
            print(_general_help())
        else:
            print(game_help(_rules(args, game, rules_of)))
        return 0
    facts = _facts(args, words)
    if args.sheet is not None:
        return _run_sheet(args, game, facts, rules_of)
    for flag, value in (("--deals", args.deals), ("--target", args.target)):
        if value is not None:
            raise ScoreUsageError(f"{flag} goes with --sheet FILE.json (a match's score sheet)")
    if args.first_dealer is not None:
        raise ScoreUsageError("--first-dealer goes with --sheet FILE.json")
    if game is None:
        raise ScoreUsageError("give the game (see 'tarotlib variants') and the deal's facts")
    rules = _rules(args, game, rules_of)
    if not facts:
        raise ScoreUsageError(
            f"give the deal's facts as NAME=VALUE words (see 'tarotlib score {rules.name} --help')"
        )
    result = _score(rules, _checked(facts, rules))
    if args.json:
        _print_json(
            {"game": rules.name, "options": dict(rules.options_dict()), **_deal_json(result)}
        )
    else:
        _print_deal(result)
    return 0


def _score(rules: Game, facts: dict[str, object], **context: Any) -> DealResult:
    try:
        return score_facts(rules, facts, **context)
    except TarotError as exc:
        raise ScoreUsageError(str(exc)) from None


def _deal_json(result: DealResult) -> dict[str, object]:
    return {
        "scores": list(result.scores),
        "annulled": result.annulled,
        "contract": result.contract,
        "declarer": result.declarer,
        "made": result.made,
        "lines": list(result.lines()),
    }


def _print_json(data: object) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _print_deal(result: DealResult) -> None:
    for line in result.lines():
        print(line)
    print(f"scores: {seat_list(result.scores)}")


def _run_sheet(
    args: argparse.Namespace, game: str | None, facts: dict[str, object], rules_of: RulesOf | None
) -> int:
    path = os.path.expanduser(args.sheet)
    sheet: ScoreSheet
    if os.path.exists(path):
        given = [
            flag
            for flag, value in (
                ("--players", args.players),
                ("--preset", args.preset),
                ("--option", args.option),
                ("--deals", args.deals),
                ("--target", args.target),
                ("--first-dealer", args.first_dealer),
            )
            if value is not None
        ]
        if given:
            raise ScoreUsageError(
                f"{args.sheet} keeps its game and options; drop {', '.join(given)}"
            )
        try:
            sheet = ScoreSheet.load(path)
        except OSError as exc:
            print(
                f"tarotlib score: cannot read {args.sheet}: {exc.strerror or exc}", file=sys.stderr
            )
            return 1
        except RecordError as exc:
            print(f"tarotlib score: {exc}", file=sys.stderr)
            return 1
        if game is not None and variant_info(game).name != sheet.game:
            raise ScoreUsageError(f"{args.sheet} keeps a match of {sheet.game}, not {game}")
        created = False
    else:
        if game is None:
            raise ScoreUsageError(f"give the game to start the score sheet {args.sheet}")
        rules = _rules(args, game, rules_of)
        try:
            sheet = ScoreSheet.new(
                rules, deals=args.deals, target=args.target, first_dealer=args.first_dealer
            )
        except MatchError as exc:
            if args.deals is None and args.target is None:
                raise ScoreUsageError(
                    f"{rules.name} has no match length of its own: give --deals N or --target T "
                    "for the new score sheet"
                ) from None
            raise ScoreUsageError(str(exc)) from None
        created = True
    before = sheet.match
    result: DealResult | None = None
    if facts:
        try:
            sheet = sheet.add(_checked(facts, sheet.rules))
        except TarotError as exc:  # a deal the rules refuse, or one after the end
            raise ScoreUsageError(str(exc)) from None
        result = sheet.results[-1]
    if facts or created:
        try:
            sheet.save(path)
        except OSError as exc:
            print(
                f"tarotlib score: cannot write {args.sheet}: {exc.strerror or exc}", file=sys.stderr
            )
            return 1
    match = sheet.match
    if args.json:
        data: dict[str, object] = {
            "sheet": args.sheet,
            "game": sheet.game,
            "options": dict(sheet.options),
        }
        if result is not None:
            data["deal"] = {
                "number": len(sheet.facts),
                "dealer": before.dealer,
                **_deal_json(result),
            }
        data.update(_match_json(match))
        _print_json(data)
        return 0
    if result is not None:
        print(f"{args.sheet}: {sheet.game}, deal {len(sheet.facts)} (dealer: seat {before.dealer})")
        _print_deal(result)
        credited = match.credited[len(sheet.facts) - 1]
        if tuple(credited) != tuple(result.scores):  # a litige's carry, an exact last deal
            carry = f", with the {before.carry:g} points set aside" if before.carry else ""
            print(f"credited{carry}: {seat_list(credited)}")
    elif created:
        print(f"{args.sheet}: a new score sheet of {sheet.game} ({_stop(match)})")
    else:
        print(f"{args.sheet}: {sheet.game} ({_stop(match)})")
        for number, (deal, played) in enumerate(zip(sheet.facts, match.results, strict=True), 1):
            what = (
                f"annulled ({played.annulled})" if played.is_annulled else seat_list(played.scores)
            )
            written = " ".join(
                f"{k}={v}" if isinstance(v, str) else " ".join(f"{k}={x}" for x in v)
                for k, v in deal.items()
            )
            print(f"deal {number}: {written}: {what}")
    _print_totals(match, sheet.game)
    return 0


def _stop(match: Match) -> str:
    if match.deals is not None:
        return f"{match.deals} deals"
    assert match.target_score is not None
    return f"to {match.target_score:g}"


def _print_totals(match: Match, game: str) -> None:
    hook = variant_info(game).teams
    teams = () if hook is None else hook(match.rules)
    print(render_totals(match, -1, teams))
    scheduled = match.deals is not None and match.deals_counted >= match.deals
    if match.results and (match.is_over or scheduled):
        for line in match.points.lines:
            print(line)
    if match.is_over:
        print(render_match_end(match, -1, teams))
    else:
        print(f"next deal: dealer seat {match.dealer}")


def _match_json(match: Match) -> dict[str, object]:
    return {
        "deals_played": len(match.results),
        "totals": list(match.totals),
        "points": list(match.points.points),
        "points_lines": list(match.points.lines),
        "over": match.is_over,
        "winners": list(match.winners) if match.is_over else None,
        "next_dealer": None if match.is_over else match.dealer,
    }
