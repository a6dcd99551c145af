"""What one seat knows, and whole worlds consistent with it (determinisation), for the AI.

A seat's knowledge is its observation (`MatchState.observation`: its hand, the table, the
face-up discard pile, hand sizes) and its log (`MatchState.events_for`), folded by `Knowledge`:
cards it saw go into another hand (a card an enemy's Spy took from it, a card it gave away, an
enemy hand a Weapons Inspector showed it, the supply cards a Twist of Fate let it arrange and
the seat that drew them) and leave it again when that seat plays, answers, trades or loses them.

`determinise(obs, events, rng)` deals every card the seat has not seen (the 102-card deck less
its hand, every table, the discard pile and the removed cards) at random to the other hands
(each keeps its known size and the cards the seat knows it holds) and the supply (the top the
seat arranged kept on top), and builds a full `MatchState` from it: a world the seat cannot
tell apart from the real one. Only public data and the seat's own view are read.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.games.blast.data import (
    CARD_ORDER,
    CARDS,
    DECK_TYPES,
    DIPLOMACY,
    EPIDEMIC,
    EXPLOSIVES,
    FIRESTORM,
    PRODUCTIVITY,
    WALLS,
)
from game.games.blast.rules import STATE_VERSION, MatchState
from game.games.blast.rules.events import (
    Aimed,
    Answered,
    Arranged,
    Destroyed,
    Drew,
    Eliminated,
    EndgameCard,
    Event,
    Inspected,
    Invaded,
    Played,
    Protested,
    Reshuffled,
    Stolen,
    Traded,
    Turn,
    Undermined,
)


def _take(counter: Counter[str], cards: Iterable[str]) -> None:
    """Remove the named cards from a counter (those it holds)."""
    for c in cards:
        if counter[c] > 0:
            counter[c] -= 1
            if counter[c] == 0:
                del counter[c]


class Knowledge:
    """The fold of one seat's log: known cards in other hands, the known supply top, and the
    few state fields an observation does not show (elimination order, Epidemic turns, the turn's
    Productivity count and whether its seat began it alive)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.known: dict[int, Counter[str]] = {}
        self.top: list[str] = []
        """Known supply cards, the next drawn first."""
        self.out_order: dict[int, int] = {}
        self.epidemic_turn: dict[int, int] = {}
        self.turn_alive = True
        self.productivity = 0
        self.current = -1
        self.round = 0
        self.hit_round: dict[int, int] = {}
        """The round this seat last aimed an attack (explosive, Firestorm, Underminer) at each
        enemy: what an Easy seat reads to spread its attacks (`Profile.breather`)."""
        self.count = 0
        """Events folded so far."""
        self.own_turns = 0
        """The turns this seat has begun."""
        self.aims: dict[int, Counter[int]] = {}
        """Attacks (a chain's first link, at anyone but its sender) at each seat, by how many
        turns this seat had begun when they came: what a casual seat reads to spread its own
        attacks (`recent_aims`)."""
        self.endgame_hits: Counter[int] = Counter()
        """The seats this seat's own endgame cards were aimed at."""
        self.last_endgame = -1
        """The target of the table's last endgame card (-1: none, or an untargeted one)."""
        self.built: set[int] = set()
        """The own turns (by `own_turns` when they began) in which this seat played a wall."""
        self.lost: Counter[int] = Counter()
        """This seat's walls destroyed, by how many turns it had begun when they fell."""

    @classmethod
    def from_events(cls, seat: int, events: Sequence[Event]) -> Knowledge:
        """The knowledge a whole log gives `seat` (the log as `events_for(seat)` shows it)."""
        k = cls(seat)
        k.feed(events)
        return k

    def recent_aims(self, target: int) -> int:
        """The attacks aimed at `target` since this seat's own last turn began, this turn's
        included."""
        return sum(self.aims.get(t, Counter())[target]
                   for t in (self.own_turns - 1, self.own_turns))

    def rebuilt_in_vain(self) -> bool:
        """Whether this seat played a wall on its previous turn and lost walls since: it has
        been rebuilding while an enemy knocks them down (`Profile.weary_rebuild`)."""
        last = self.own_turns - 1
        return last in self.built and self.lost[last] > 0

    def hand_of(self, seat: int) -> Counter[str]:
        """The cards `seat` is known to hold (a copy)."""
        return Counter(self.known.get(seat, Counter()))

    def feed(self, events: Iterable[Event]) -> None:
        """Fold more of the log, in order."""
        for e in events:
            self._one(e)
            self.count += 1

    def _lose(self, seat: int, cards: Iterable[str]) -> None:
        if seat in self.known:
            _take(self.known[seat], cards)

    def _gain(self, seat: int, cards: Iterable[str]) -> None:
        if seat != self.seat:
            self.known.setdefault(seat, Counter()).update(cards)

    def _one(self, e: Event) -> None:
        me = self.seat
        if isinstance(e, Turn):
            self.own_turns += e.seat == me
            self.turn_alive = e.alive
            self.productivity = 0
            self.current = e.seat
            self.round = e.round
        elif isinstance(e, Drew):
            got, self.top = self.top[: e.count], self.top[e.count:]
            self._gain(e.seat, got)
        elif isinstance(e, Reshuffled):
            self.top = []
        elif isinstance(e, Arranged):
            # An enemy's Twist of Fate reorders the top in secret: forget its order.
            self.top = list(e.order) if e.order is not None else []
        elif isinstance(e, Played):
            self._lose(e.seat, [e.card])
            if e.card == PRODUCTIVITY:
                self.productivity += 1
            if e.seat == me and e.card in WALLS:
                self.built.add(self.own_turns)
            if e.seat == me and e.target >= 0 \
                    and (e.card in EXPLOSIVES or e.card == FIRESTORM):
                self.hit_round[e.target] = self.round
        elif isinstance(e, Undermined) and e.seat == me:
            self.hit_round[e.target] = self.round
        elif isinstance(e, Destroyed) and e.seat == me:
            self.lost[self.own_turns] += len(e.walls)
        elif isinstance(e, Answered):
            self._lose(e.seat, [e.card])
        elif isinstance(e, Traded):
            self._lose(e.seat, e.cards)
        elif isinstance(e, Protested | Invaded):
            self._lose(e.seat, e.discarded)
        elif isinstance(e, Inspected):
            victim = e.seat
            if e.hand is not None and victim != me:
                shown = Counter(e.hand)
                _take(shown, e.discarded)
                self.known[victim] = shown
            else:
                self._lose(victim, e.discarded)
        elif isinstance(e, Stolen) and e.count > 0:
            victim, thief = e.seat, e.by
            if e.card is not None:
                self._lose(victim, [e.card])
                self._gain(thief, [e.card])
            else:
                self.known.pop(victim, None)  # a card we cannot name left it
        elif isinstance(e, Eliminated):
            self.known.pop(e.seat, None)
            self.out_order[e.seat] = len(self.out_order)
        elif isinstance(e, Aimed):
            if e.link == 0 and e.source != e.target:
                self.aims.setdefault(self.own_turns, Counter())[e.target] += 1
        elif isinstance(e, EndgameCard):
            if e.card == EPIDEMIC:
                self.epidemic_turn[e.seat] = e.turn
            if e.seat == me and e.target >= 0:
                self.endgame_hits[e.target] += 1
            self.last_endgame = e.target


def unseen_cards(obs: Mapping[str, Any]) -> Counter[str]:
    """The deck's cards the viewer has not seen anywhere: other hands and the supply, mixed."""
    pool = Counter({c: CARDS[c].count for c in DECK_TYPES})
    seen: list[str] = [*obs["discard"], *obs["removed"]]
    for p in obs["players"]:
        seen.extend(p["walls"])
        seen.extend(p["characters"])
        if p["diplomacy"]:
            seen.append(DIPLOMACY)
        if p["seat"] == obs["viewer"]:
            seen.extend(p["hand"])
    _take(pool, seen)
    return pool


def _sorted(pool: Counter[str]) -> list[str]:
    return [c for c in sorted(pool, key=CARD_ORDER.__getitem__) for _ in range(pool[c])]


def determinise(obs: Mapping[str, Any], events: Sequence[Event] | Knowledge,
                rng: random.Random) -> MatchState:
    """A full `MatchState` the viewer of `obs` cannot tell from the real one.

    `events` is the viewer's log (`events_for(viewer)`) or its `Knowledge` already folded.
    The viewer's hand, every table, the discard pile, hand sizes, the open chain and the phase
    are kept; the unseen cards are dealt at random (`rng`) to the other hands and the supply,
    after the cards the viewer knows about (see the module docstring). The world's seed (its
    future reshuffles and Spy picks) is drawn from `rng` too."""
    viewer = int(obs["viewer"])
    know = events if isinstance(events, Knowledge) else Knowledge.from_events(viewer, events)
    pool = unseen_cards(obs)
    want = sum(p["hand_count"] for p in obs["players"] if p["seat"] != viewer)
    want += int(obs["supply_count"])
    if sum(pool.values()) != want:
        raise ValueError(f"the observation does not add up: {sum(pool.values())} unseen cards "
                         f"for {want} places")
    top_known = [str(c) for c in obs["looking"]] or know.top
    top: list[str] = []
    for c in top_known[: int(obs["supply_count"])]:
        if pool[c] > 0:
            _take(pool, [c])
            top.append(c)
        else:
            break
    hands: dict[int, list[str]] = {}
    for p in obs["players"]:
        seat = int(p["seat"])
        if seat == viewer:
            hands[seat] = list(p["hand"])
            continue
        hand: list[str] = []
        for c in _sorted(know.hand_of(seat)):
            if len(hand) < int(p["hand_count"]) and pool[c] > 0:
                _take(pool, [c])
                hand.append(c)
        hands[seat] = hand
    rest = _sorted(pool)
    rng.shuffle(rest)
    for p in obs["players"]:
        seat = int(p["seat"])
        while len(hands[seat]) < int(p["hand_count"]):
            hands[seat].append(rest.pop())
    supply = rest + top[::-1]
    seed = rng.randrange(2**31)
    return MatchState.from_dict(_state_dict(obs, know, hands, supply, seed))


def _state_dict(obs: Mapping[str, Any], know: Knowledge, hands: dict[int, list[str]],
                supply: list[str], seed: int) -> dict[str, Any]:
    """The `MatchState.to_dict` form of the world (see `MatchState.from_dict`)."""
    players = []
    for p in obs["players"]:
        seat = int(p["seat"])
        players.append({
            "seat": seat,
            "hand": sorted(hands[seat], key=CARD_ORDER.__getitem__),
            "walls": list(p["walls"]),
            "characters": list(p["characters"]),
            "diplomacy": bool(p["diplomacy"]),
            "alive": bool(p["alive"]),
            "out_turn": int(p["out_turn"]),
            "out_by": int(p["out_by"]),
            "out_order": know.out_order.get(seat, -1) if not p["alive"] else -1,
            "skip_next": bool(p["skip_next"]),
            "epidemic_turn": know.epidemic_turn.get(seat, -1),
        })
    current = int(obs["current"])
    phase = str(obs["phase"])
    twist = int(obs["looking_count"])
    return {
        "version": STATE_VERSION,
        "options": {"players": len(players), "first": int(obs["first"]),
                    "max_rounds": int(obs["max_rounds"])},
        "seed": seed,
        "first": int(obs["first"]),
        "players": players,
        "supply": supply,
        "discard": list(obs["discard"]),
        "removed": list(obs["removed"]),
        "endgame_set": list(obs["endgame_set"]),
        "tech_seat": int(obs["advanced_technology"]),
        "current": current,
        "turn": int(obs["turn"]),
        "turn_alive": know.turn_alive,
        # Only an endgame card (chosen by an eliminated seat) opens a window after its turn's
        # action is done.
        "turn_done": phase == "defend" and not players[current]["alive"],
        "plays_left": int(obs["plays_left"]),
        "played": int(obs["played"]),
        "productivity": know.productivity,
        "undermined": bool(obs["undermined"]),
        "chain": [dict(s) for s in obs["chain"]],
        "twist": twist,
        "twist_seat": current if twist else -1,
        "endgame": bool(obs["endgame"]),
        "heavy_played": bool(obs["heavy_played"]),
        "chance": 0,
        "eliminations": sum(1 for p in players if not p["alive"]),
        "over": bool(obs["over"]),
        "end_reason": str(obs["end_reason"]),
        "events": [],
    }
