"""Action ids: a fixed, versioned integer id for every action of a game (:class:`ActionCodec`).

Learning agents choose among integers. An :class:`ActionCodec` gives every action a game may ever
offer one id in ``range(codec.size)``, fixed for the game's configuration: the ids are the
game's phases in order, and within a phase the actions it lists
(:meth:`~tarotlib.deal.phase.Phase.action_space`), each action once (the
first phase that lists it gives its id). The same action is always the same id, the legal
actions of a state are a sorted tuple of ids (:meth:`~ActionCodec.legal_ids`) or a 0/1 mask
(:meth:`~ActionCodec.mask`), and :meth:`~ActionCodec.step` applies an id.

>>> import tarotlib
>>> from tarotlib.ai import ActionCodec
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> codec = ActionCodec(rules)
>>> codec.size, codec.version
(270, 1)
>>> state = rules.new_deal(seed=1)
>>> [codec.action(i).text for i in codec.legal_ids(state)]
['pass', 'bid prise', 'bid garde', 'bid garde-sans', 'bid garde-contre']
>>> codec.legal_ids(state), codec.id_of(rules.parse_action("bid garde"))
((2, 3, 4, 5, 6), 4)

**Set-valued actions.** A declaration that shows cards (a poignée, FT-8.3) is one action whose
cards are the player's choice: which trumps to show tells the table something. So it is chosen
in steps: its *head* (``declare simple-poignee``, one id per level), then the cards, one id each
(``show T21``), highest first, until the level's number is reached; the last step applies the
declaration. Each legal declaration is exactly one sequence of ids, and every step offers only
cards that leave a legal completion. The steps chosen so far are ``chosen``, a tuple of ids that
:meth:`~ActionCodec.step` returns with the state (empty between actions); :class:`Node` carries
both.

The id layout is documented per game on the AI page of the docs, with each configuration's
:attr:`~ActionCodec.fingerprint` (a hash of the id → action table, which changes if an id
does); :data:`CODEC_VERSION` changes with the numbering rules themselves.
"""

from __future__ import annotations

import hashlib
import operator
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Final

import attrs

from tarotlib._bits import mask_decoder
from tarotlib.core.actions import Action, Declare, Play, _CardAction
from tarotlib.core.cards import ALL_CARDS, cards_of
from tarotlib.deal.phase import CardChoice
from tarotlib.deal.state import DealState
from tarotlib.errors import IllegalActionError, TarotError

__all__ = ["CODEC_VERSION", "ActionCodec", "CodecError", "Node", "Show"]

CODEC_VERSION: Final = 1
"""The version of the numbering rules (see the module docstring)."""


class CodecError(TarotError, ValueError):
    """An id or action outside a codec's vocabulary, or a game whose phases do not list their
    actions.

    >>> import tarotlib
    >>> ActionCodec(tarotlib.variant("belote")).action(99)
    Traceback (most recent call last):
        ...
    tarotlib.ai.codec.CodecError: no action has id 99: the ids of this game are 0 to 36
    """


@attrs.frozen
class Show(_CardAction):
    """One card of a set-valued declaration, chosen after its head (see the module docstring). It
    exists only in codecs: it is never applied to a state.

    >>> from tarotlib.core.cards import parse_card
    >>> Show(parse_card("T21")).text
    'show T21'
    """

    verb: ClassVar[str] = "show"


class ActionCodec:
    """The id space of ``rules`` (any game on the deal machine): see the module docstring.

    >>> import tarotlib
    >>> codec = ActionCodec(tarotlib.variant("belote"))
    >>> codec.size, codec.action(5).text, codec.id_of(codec.action(5))
    (37, 'play AS', 5)
    """

    version: Final = CODEC_VERSION

    def __init__(self, rules: Any) -> None:
        vocabulary: list[Action] = []
        ids: dict[Action, int] = {}
        heads: dict[object, tuple[int, CardChoice]] = {}
        shows: dict[int, int] = {}
        for phase in rules.phase_list:
            try:
                space = phase.action_space(rules)
            except NotImplementedError as exc:
                raise CodecError(str(exc)) from None
            cards = 0
            for item in space:
                if isinstance(item, CardChoice):
                    cards |= item.cards
                    if item.head.kind not in heads:
                        heads[item.head.kind] = (len(vocabulary), item)
                        vocabulary.append(item.head)
                elif item not in ids:
                    ids[item] = len(vocabulary)
                    vocabulary.append(item)
            for card in cards_of(cards & ~sum(1 << c for c in shows)):
                shows[card] = len(vocabulary)
                vocabulary.append(Show(ALL_CARDS[card], notation=rules.notation))
        self.rules = rules
        self.vocabulary: tuple[Action, ...] = tuple(vocabulary)
        """The action of each id (a declaration's head, or a :class:`Show`, for set-valued
        declarations)."""
        self.size = len(vocabulary)
        """The number of ids."""
        self._ids = ids
        self._heads = heads
        self._head_ids = {i: choice for i, choice in heads.values()}
        self._shows = shows
        self._show_cards = {i: c for c, i in shows.items()}
        plays = [-1] * 78
        for action, i in ids.items():
            if type(action) is Play:
                plays[action._index] = i
        self._plays = plays
        self._decode_plays = mask_decoder(plays)
        known = [i for i in plays if i >= 0]
        self._plays_ascending = known == sorted(known)
        digest = hashlib.sha256(
            "\n".join([f"v{CODEC_VERSION}", *(a.text for a in vocabulary)]).encode()
        )
        self.fingerprint: str = digest.hexdigest()[:16]
        """A hash of the version and the id → action table."""

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["_decode_plays"]  # a closure: made again on unpickling
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._decode_plays = mask_decoder(self._plays)

    def __repr__(self) -> str:
        return f"ActionCodec({self.rules!r}, size={self.size})"

    # -- ids and actions ------------------------------------------------------------------------
    def action(self, id: int) -> Action:
        """The action of ``id``.

        >>> import tarotlib
        >>> ActionCodec(tarotlib.variant("french-tarot")).action(0).text
        'redeal'
        """
        try:
            i = operator.index(id)  # an int, or a numpy integer
        except TypeError:
            i = -1
        if isinstance(id, bool) or not 0 <= i < self.size:
            raise CodecError(
                f"no action has id {id!r}: the ids of this game are 0 to {self.size - 1}"
            )
        return self.vocabulary[i]

    def id_of(self, action: Action) -> int:
        """The id of ``action``, an action of the vocabulary (see :meth:`encode` for a whole
        set-valued declaration).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot")
        >>> ActionCodec(rules).id_of(rules.parse_action("play EX"))
        242
        """
        i = self._ids.get(action)
        if i is None:
            if isinstance(action, Declare) and not action.shown and action.kind in self._heads:
                return self._heads[action.kind][0]
            if isinstance(action, Show) and action.card in self._shows:
                return self._shows[action.card]
            raise CodecError(f"{action} is not an action of this game's codec")
        return i

    def encode(self, action: Action) -> tuple[int, ...]:
        """The ids that choose ``action``: one id, or for a set-valued declaration its head then
        its cards, highest first.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> codec = ActionCodec(rules)
        >>> shown = " ".join(f"T{n}" for n in range(1, 14))
        >>> ids = codec.encode(rules.parse_action(f"declare simple-poignee {shown}"))
        >>> [codec.action(i).text for i in ids][:3]
        ['declare simple-poignee', 'show T13', 'show T12']
        >>> codec.decode(ids).text
        'declare simple-poignee T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13'
        """
        if isinstance(action, Declare) and action.shown and action not in self._ids:
            head = self._heads.get(action.kind)
            if head is not None:
                cards = sorted({int(c) for c in action.shown}, reverse=True)
                if any(c not in self._shows for c in cards):
                    raise CodecError(f"{action} shows a card that cannot be shown")
                return (head[0], *(self._shows[c] for c in cards))
        return (self.id_of(action),)

    def decode(self, ids: Sequence[int]) -> Action:
        """The action chosen by ``ids`` (the inverse of :meth:`encode`).

        >>> import tarotlib
        >>> codec = ActionCodec(tarotlib.variant("belote"))
        >>> codec.decode((1,)).text
        'bid spades'
        """
        if not ids:
            raise CodecError("no ids to decode")
        first = self.action(ids[0])
        choice = self._head_ids.get(ids[0])
        if choice is None:
            if len(ids) != 1:
                raise CodecError(f"{first} is one id; got {len(ids)}")
            return first
        cards = []
        for i in ids[1:]:
            card = self._show_cards.get(i)
            if card is None:
                raise CodecError(f"after {first}, id {i} ({self.action(i)}) is not a card to show")
            cards.append(card)
        return Declare(
            choice.head.kind,
            tuple(ALL_CARDS[c] for c in sorted(set(cards))),
            notation=self.rules.notation,
        )

    # -- a state's legal ids --------------------------------------------------------------------
    def legal_ids(self, state: DealState, chosen: Sequence[int] = ()) -> tuple[int, ...]:
        """The ids the seat to act may choose, ascending (``chosen``: the steps of a set-valued
        declaration chosen so far).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> codec = ActionCodec(rules)
        >>> [codec.action(i).text for i in codec.legal_ids(rules.new_deal(seed=4))]
        ['pass', 'bid spades']
        """
        if chosen:
            mask = self._choice_mask(state, chosen)
            shows = self._shows
            return tuple(sorted(shows[c] for c in cards_of(mask)))
        cards = state.current_phase.legal_cards(state)
        if cards >= 0:  # plays alone: their ids straight from the mask of the legal cards
            played = self._decode_plays(cards)
            return played if self._plays_ascending else tuple(sorted(played))
        out = []
        plays = self._plays
        ids = self._ids
        for action in state.legal_actions():
            if type(action) is Play:
                out.append(plays[action._index])
                continue
            i = ids.get(action)
            if i is None:
                i = self._head_of(action)
            out.append(i)
        return tuple(sorted(set(out)))

    def mask(self, state: DealState, chosen: Sequence[int] = ()) -> bytearray:
        """The legal ids as a mask of ``size`` bytes (1: legal). ``numpy.frombuffer(mask,
        numpy.int8)`` views it as an array without copying.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> mask = ActionCodec(rules).mask(rules.new_deal(seed=4))
        >>> len(mask), [i for i, m in enumerate(mask) if m]
        (37, [0, 1])
        """
        out = bytearray(self.size)
        for i in self.legal_ids(state, chosen):
            out[i] = 1
        return out

    def _head_of(self, action: Action) -> int:
        if isinstance(action, Declare) and action.kind in self._heads:
            return self._heads[action.kind][0]
        raise CodecError(
            f"{action} is legal but not in the codec's vocabulary: a phase's action_space is "
            "incomplete"
        )

    def _choice_mask(self, state: DealState, chosen: Sequence[int]) -> int:
        choice = self._head_ids.get(chosen[0])
        if choice is None:
            raise CodecError(f"{self.action(chosen[0])} does not start a set-valued declaration")
        mask, _ = choice.choose(state, tuple(self._show_cards[i] for i in chosen[1:]))
        return mask

    # -- applying ids ---------------------------------------------------------------------------
    def step(
        self, state: DealState, id: int, chosen: Sequence[int] = ()
    ) -> tuple[DealState, tuple[int, ...]]:
        """Choose ``id``: returns the next state and the steps chosen so far (empty once an
        action is applied). Raises :class:`~tarotlib.errors.IllegalActionError` saying why when
        ``id`` is not legal (nothing changes).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> codec = ActionCodec(rules)
        >>> state, chosen = codec.step(rules.new_deal(seed=4), 1)
        >>> state.contract, chosen
        (<Contract.SPADES: 0>, ())
        >>> codec.step(state, 0)
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: pass: phase play expects a card to play (BE-7)
        """
        action = self.action(id)
        id = operator.index(id)
        if chosen or id in self._head_ids:
            return self._choose(state, id, tuple(chosen))
        if isinstance(action, Show):
            raise IllegalActionError(
                "no declaration is being chosen: show a card after its head", action
            )
        return state.apply(action), ()

    def _choose(
        self, state: DealState, id: int, chosen: tuple[int, ...]
    ) -> tuple[DealState, tuple[int, ...]]:
        action = self.action(id)
        if not chosen:
            if id not in self.legal_ids(state):
                raise IllegalActionError(f"{action} is not legal now", action)
            return state, (id,)
        choice = self._head_ids[chosen[0]]
        card = self._show_cards.get(id)
        cards = tuple(self._show_cards[i] for i in chosen[1:])
        mask, _ = choice.choose(state, cards)
        if card is None or not mask >> card & 1:
            allowed = " ".join(self.action(self._shows[c]).text.split()[1] for c in cards_of(mask))
            raise IllegalActionError(
                f"after {' '.join(self.action(i).text for i in chosen)}: "
                f"show one of {allowed or 'nothing'} (cards are shown highest first)",
                action,
            )
        cards += (card,)
        _, done = choice.choose(state, cards)
        if done is None:
            return state, (*chosen, id)
        return state.apply(done), ()

    # -- description ----------------------------------------------------------------------------
    def ranges(self) -> Iterator[tuple[int, int, str]]:
        """The id layout: ``(first, last, what)`` for each run of ids of one verb.

        >>> import tarotlib
        >>> for first, last, what in ActionCodec(tarotlib.variant("belote")).ranges():
        ...     print(first, last, what)
        0 0 pass
        1 4 bid spades … bid clubs
        5 36 play AS … play KC
        """
        start = 0
        vocab = self.vocabulary
        for i in range(1, self.size + 1):
            if i == self.size or vocab[i].verb != vocab[start].verb:
                first, last = vocab[start].text, vocab[i - 1].text
                yield start, i - 1, first if first == last else f"{first} … {last}"
                start = i


@attrs.frozen
class Node:
    """A state and the steps of a set-valued declaration chosen so far: what agents act on.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> node = Node.root(ActionCodec(rules), rules.new_deal(seed=4))
    >>> node.legal_ids(), node.to_act
    ((0, 1), 1)
    >>> node.apply(1).state.contract
    <Contract.SPADES: 0>
    """

    codec: ActionCodec = attrs.field(eq=False, repr=False)
    state: DealState
    chosen: tuple[int, ...] = ()

    @classmethod
    def root(cls, codec: ActionCodec, state: DealState) -> Node:
        """The node of ``state`` with nothing chosen.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> Node.root(ActionCodec(rules), rules.new_deal(seed=4)).chosen
        ()
        """
        return cls(codec, state)

    @property
    def to_act(self) -> int | None:
        """The seat to act (None when the deal is over)."""
        return self.state.to_act

    @property
    def is_over(self) -> bool:
        """True when the deal is over."""
        return self.state.is_over

    def legal_ids(self) -> tuple[int, ...]:
        """The legal ids, ascending.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot")
        >>> Node.root(ActionCodec(rules), rules.new_deal(seed=1)).legal_ids()
        (2, 3, 4, 5, 6)
        """
        return self.codec.legal_ids(self.state, self.chosen)

    def mask(self) -> bytearray:
        """The legal ids as a 0/1 mask.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> list(Node.root(ActionCodec(rules), rules.new_deal(seed=4)).mask())[:3]
        [1, 1, 0]
        """
        return self.codec.mask(self.state, self.chosen)

    def apply(self, id: int) -> Node:
        """The node after choosing ``id`` (a poignée's head keeps the state and notes the step).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> node = Node.root(ActionCodec(rules), rules.new_deal(seed=4)).apply(0)
        >>> node.state.history[-1].text, node.to_act
        ('pass', 2)
        """
        state, chosen = self.codec.step(self.state, id, self.chosen)
        return Node(self.codec, state, chosen)
