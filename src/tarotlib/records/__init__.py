"""Game records: versioned JSON that replays a deal exactly (format documented in docs/records.md).

A record holds the variant and its options, how the cards were dealt (a seed and a dealer, or the
explicit layout), the text of every action, and the result (``None`` for an unfinished deal).
:meth:`GameRecord.replay` rebuilds the rules, deals, applies each action and checks that the
replayed result is the recorded one. A match of several deals (the finished deals' records and
the deal in progress) is a :class:`MatchRecord` (``tarotlib play`` saves one; docs/terminal.md).
The records of many deals are JSON lines, one record per line: :func:`read_records` reads such a
file, or a directory of them that ``tarotlib simulate --records DIR`` wrote (docs/simulation.md).

Every name is importable from here; each is defined in the module of its format:

====================================  ==========================================================
module                                what it holds
====================================  ==========================================================
:mod:`tarotlib.records.deal`          the deal record (``tarotlib-record``): :class:`GameRecord`,
                                      :class:`SeedDeal`, :class:`RecordResult`, its versions
:mod:`tarotlib.records.match`         the match record (``tarotlib-match``): :class:`MatchRecord`
:mod:`tarotlib.records.runs`          JSON lines of deal records and the directories a run
                                      writes (``tarotlib-run``): :func:`read_records`
:mod:`tarotlib.records.files`         :func:`save`, :func:`load`, :func:`load_match`,
                                      :func:`load_any` and their size limit,
                                      :data:`RECORD_MAX_BYTES`
====================================  ==========================================================

>>> import tarotlib
>>> from tarotlib.records import GameRecord
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=5)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])
>>> record = GameRecord.from_state(state)
>>> record.to_json()["deal"]
{'seed': 5, 'dealer': 0}
>>> again = GameRecord.loads(record.dumps())
>>> again == record
True
>>> again.replay().result == state.result
True
"""

from tarotlib.records._json import OptionValue
from tarotlib.records.deal import (
    RECORD_FACTS_VERSION,
    RECORD_FORMAT,
    RECORD_VERSION,
    GameRecord,
    RecordResult,
    SeedDeal,
)
from tarotlib.records.files import RECORD_MAX_BYTES, load, load_any, load_match, save
from tarotlib.records.match import MATCH_RECORD_FORMAT, MATCH_RECORD_VERSION, MatchRecord
from tarotlib.records.runs import RUN_FILE, RUN_FORMAT, RUN_VERSION, deals_file_name, read_records

__all__ = [
    "MATCH_RECORD_FORMAT",
    "MATCH_RECORD_VERSION",
    "RECORD_FACTS_VERSION",
    "RECORD_FORMAT",
    "RECORD_MAX_BYTES",
    "RECORD_VERSION",
    "RUN_FILE",
    "RUN_FORMAT",
    "RUN_VERSION",
    "GameRecord",
    "MatchRecord",
    "OptionValue",
    "RecordResult",
    "SeedDeal",
    "deals_file_name",
    "load",
    "load_any",
    "load_match",
    "read_records",
    "save",
]
