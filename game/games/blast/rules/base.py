"""The table's records (options, phases, seats, a link of a defence chain) and the state's fields
with the small helpers every part of the rules shares (drawing, discarding, walls, the log)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.core.rng import derive_rng
from game.core.rules import SeatedMatch
from game.games.blast.data import (
    CARD_ORDER,
    DIPLOMACY,
    EMPTY_HAND_DRAW,
    FORCE_FIELD,
    MAX_ROUNDS,
    PLAYERS_MAX,
    PLAYERS_MIN,
    can_destroy,
    wall_strength,
    walls_hit,
)
from game.games.blast.rules.actions import Action
from game.games.blast.rules.events import (
    Drew,
    Eliminated,
    EndgameStarted,
    Event,
    Over,
    Reshuffled,
)

STATE_VERSION = 1


class Phase(StrEnum):
    """What the match waits for.

    PLAY: the seat on turn plays, trades, undermines or passes. DEFEND: a card is aimed at a
    player, who alone answers (a defence window). ARRANGE: a Twist of Fate's player orders the
    cards they looked at. ENDGAME: an eliminated seat's turn. OVER: nothing.
    """

    PLAY = "play"
    DEFEND = "defend"
    ARRANGE = "arrange"
    ENDGAME = "endgame"
    OVER = "over"


@dataclass(frozen=True)
class Options:
    """Players (2-5), the first seat (None: drawn from the seed) and the round bound."""

    players: int
    first: int | None = None
    max_rounds: int = MAX_ROUNDS

    def __post_init__(self) -> None:
        if not PLAYERS_MIN <= self.players <= PLAYERS_MAX:
            raise ValueError(f"players must be {PLAYERS_MIN}-{PLAYERS_MAX}")
        if self.first is not None and not 0 <= self.first < self.players:
            raise ValueError("first must name a seat at the table")
        if self.max_rounds < 1:
            raise ValueError("max_rounds must be >= 1")

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {"players": self.players, "first": self.first, "max_rounds": self.max_rounds}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Options:
        """Inverse of `to_dict` (missing keys take defaults)."""
        first = d.get("first")
        return Options(int(d["players"]), None if first is None else int(first),
                       int(d.get("max_rounds", MAX_ROUNDS)))


@dataclass
class PlayerState:
    """One seat: hand (kept sorted), walls (weakest first), characters, Diplomacy, standing."""

    seat: int
    hand: list[str] = field(default_factory=list)
    walls: list[str] = field(default_factory=list)
    characters: list[str] = field(default_factory=list)
    diplomacy: bool = False
    alive: bool = True
    out_turn: int = -1
    out_by: int = -1
    out_order: int = -1
    skip_next: bool = False
    epidemic_turn: int = -1

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "seat": self.seat, "hand": list(self.hand), "walls": list(self.walls),
            "characters": list(self.characters), "diplomacy": self.diplomacy,
            "alive": self.alive, "out_turn": self.out_turn, "out_by": self.out_by,
            "out_order": self.out_order, "skip_next": self.skip_next,
            "epidemic_turn": self.epidemic_turn,
        }

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> PlayerState:
        """Inverse of `to_dict`."""
        return PlayerState(
            int(d["seat"]), [str(c) for c in d["hand"]], [str(c) for c in d["walls"]],
            [str(c) for c in d["characters"]], bool(d["diplomacy"]), bool(d["alive"]),
            int(d["out_turn"]), int(d["out_by"]), int(d["out_order"]), bool(d["skip_next"]),
            int(d["epidemic_turn"]),
        )

    def wall_power(self) -> int:
        """Total strength of the walls (the first ranking key at the round bound)."""
        return sum(wall_strength(w) for w in self.walls)

    def has_force_field(self) -> bool:
        """Whether a Force Field keeps attacks off this seat's walls."""
        return FORCE_FIELD in self.walls


@dataclass(frozen=True)
class Strike:
    """One link of a defence chain: a card on its way from `source` to `target`.

    `origin` played the card; `source` sends this link (the attacker a Backfire hits); `power`
    is an explosive's rank with its upgrade; `walls` the walls chosen when it was played (empty:
    the strongest it can destroy); `mode` a Spy's or Assassin's choice; `link` counts the links
    before this one; `via` is how it came (``""`` played, ``"oops"``, ``"backfire"``).
    """

    card: str
    origin: int
    source: int
    target: int
    power: int = 0
    walls: tuple[str, ...] = ()
    mode: str = ""
    link: int = 0
    via: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (public: a link of a chain is seen by the whole table)."""
        return {
            "card": self.card, "origin": self.origin, "source": self.source,
            "target": self.target, "power": self.power, "walls": list(self.walls),
            "mode": self.mode, "link": self.link, "via": self.via,
        }

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Strike:
        """Inverse of `to_dict`."""
        return Strike(str(d["card"]), int(d["origin"]), int(d["source"]), int(d["target"]),
                      int(d["power"]), tuple(str(w) for w in d["walls"]), str(d["mode"]),
                      int(d["link"]), str(d["via"]))


@dataclass(frozen=True)
class Refusal:
    """Why a card in a hand cannot be played now, as the rules say it: `text` is a sentence
    whose ``{0}``, ``{1}``... stand for the names of `seats` (the enemies it concerns), so a
    table fills in its own names and the screen keeps no second copy of the rules."""

    text: str
    seats: tuple[int, ...] = ()

    def say(self, names: Sequence[str]) -> str:
        """The sentence with the seats' names in, capitalised."""
        out = self.text.format(*(names[s] for s in self.seats))
        return out[:1].upper() + out[1:]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in table order (hands and lists are kept so: order never tells when a card came)."""
    return sorted(cards, key=CARD_ORDER.__getitem__)


def sort_walls(walls: Iterable[str]) -> list[str]:
    """Walls weakest first (palisade, stone, iron, steel, force field)."""
    return sorted(walls, key=wall_strength)


def strongest_hit(walls: list[str], power: int) -> list[str]:
    """The walls an explosive of rank `power` destroys when nobody chooses: the strongest it can
    destroy (two for RPG strength)."""
    hittable = [w for w in sort_walls(walls) if can_destroy(power, w)]
    return hittable[::-1][: walls_hit(power)]


def wall_choices(walls: list[str], power: int) -> list[tuple[str, ...]]:
    """Every choice of walls an explosive may destroy, as sorted tuples of wall ids.

    No walls at all: ``[()]`` (the attack may eliminate). A Force Field: none. RPG strength: two
    walls (the same kind twice if there are two), or the only one.
    """
    if FORCE_FIELD in walls:
        return []
    if not walls:
        return [()]
    kinds = [w for w in dict.fromkeys(sort_walls(walls)) if can_destroy(power, w)]
    if walls_hit(power) == 1 or len(walls) == 1:
        return [(w,) for w in kinds]
    out: list[tuple[str, ...]] = []
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            if a != b or walls.count(a) >= 2:
                out.append((a, b))
    return out


class TableBase(SeatedMatch[Action, Event]):
    """The state's fields and the helpers shared by the rules' parts (see `MatchState`)."""

    SAVE_NAME = "blast"
    STATE_VERSION = STATE_VERSION

    options: Options
    seed: int
    first: int
    players: list[PlayerState]
    supply: list[str]
    discard: list[str]
    removed: list[str]
    endgame_set: list[str]
    tech_seat: int
    current: int
    turn: int
    turn_alive: bool
    turn_done: bool
    plays_left: int
    played: int
    productivity: int
    undermined: bool
    chain: list[Strike]
    twist: int
    twist_seat: int
    endgame: bool
    heavy_played: bool
    chance: int
    eliminations: int
    over: bool
    end_reason: str
    events: list[Event]

    # -- the log ------------------------------------------------------------------------------

    def _rng(self, purpose: str) -> random.Random:
        """A fresh seeded stream for one chance event (a reshuffle, a Spy's pick)."""
        rng = derive_rng(self.seed, purpose, self.chance)
        self.chance += 1
        return rng

    # -- cards --------------------------------------------------------------------------------

    def alive_seats(self) -> list[int]:
        """Seats still in the game, in seat order."""
        return [p.seat for p in self.players if p.alive]

    def _refill_supply(self) -> bool:
        """Shuffle the discard pile into an empty supply; False if there is nothing to draw."""
        if self.supply:
            return True
        if not self.discard:
            return False
        self.supply = list(self.discard)
        self.discard = []
        self._rng("reshuffle").shuffle(self.supply)
        self._log(Reshuffled(turn=self.turn, count=len(self.supply)))
        return True

    def _draw(self, seat: int, count: int, why: str) -> list[str]:
        """Seat draws up to `count` cards from the top of the supply (the end of the list)."""
        got: list[str] = []
        for _ in range(count):
            if not self._refill_supply():
                break
            got.append(self.supply.pop())
        p = self.players[seat]
        p.hand = sort_cards(p.hand + got)
        self._log(Drew(turn=self.turn, seat=seat, count=len(got), why=why, cards=tuple(got)))
        return got

    def _discard_from_hand(self, seat: int, cards: Iterable[str]) -> list[str]:
        """Move the named cards (those held) from a hand to the discard pile."""
        p = self.players[seat]
        gone: list[str] = []
        for c in cards:
            if c in p.hand:
                p.hand.remove(c)
                self.discard.append(c)
                gone.append(c)
        return gone

    def _destroy_walls(self, seat: int, walls: Iterable[str]) -> list[str]:
        """Move the named walls (those standing) from a seat's table to the discard pile."""
        p = self.players[seat]
        gone: list[str] = []
        for w in walls:
            if w in p.walls:
                p.walls.remove(w)
                self.discard.append(w)
                gone.append(w)
        return gone

    def _refill_hands(self) -> None:
        """Every remaining player with an empty hand draws three (decision 5)."""
        n = self.options.players
        for k in range(n):
            p = self.players[(self.current + k) % n]
            if p.alive and not p.hand and not self.over:
                self._draw(p.seat, EMPTY_HAND_DRAW, "empty hand")

    def _eliminate(self, seat: int, by: int, card: str, origin: int = -1, via: str = "",
                   finish: bool = True) -> None:
        """A seat is out: its hand and table go to the discard pile; the endgame starts.
        `origin` played the card and `via` is how it came (a log names both after an Oops).
        `finish` False: the caller ends the match itself once its own effect is logged (the
        Nuclear Bomb's fallout comes before "Game over", never after it)."""
        p = self.players[seat]
        if not p.alive:
            return
        p.alive = False
        p.out_turn = self.turn
        p.out_by = by
        p.out_order = self.eliminations
        self.eliminations += 1
        p.skip_next = False
        hand = tuple(p.hand)
        self.discard.extend(p.hand + p.walls + p.characters)
        if p.diplomacy:
            self.discard.append(DIPLOMACY)
            p.diplomacy = False
        p.hand, p.walls, p.characters = [], [], []
        self._log(Eliminated(turn=self.turn, seat=seat, by=by, card=card,
                             origin=by if origin < 0 else origin, via=via, hand=hand))
        if not self.endgame:
            self.endgame = True
            if len(self.alive_seats()) > 1:  # a duel's one elimination ends it: no endgame
                # to announce before "Game over"
                self._log(EndgameStarted(turn=self.turn, seat=seat))
        if finish:
            self._finish_if_last()

    def _finish_if_last(self) -> None:
        """One seat (or none) left: the match is over."""
        if not self.over and len(self.alive_seats()) <= 1:
            self._finish("last_standing")

    # -- the end ------------------------------------------------------------------------------

    def standing(self, seat: int) -> tuple[int, int, int, int]:
        """A seat's ranking key, higher is better: remaining players by wall strength, walls,
        cards in hand; eliminated players below, later eliminations higher (decision 23)."""
        p = self.players[seat]
        if p.alive:
            return (1, p.wall_power(), len(p.walls), len(p.hand))
        return (0, p.out_order, 0, 0)

    def ranking(self) -> list[list[int]]:
        """Seats grouped best first; seats in one group are tied."""
        keys = sorted({self.standing(s) for s in range(self.options.players)}, reverse=True)
        return [[s for s in range(self.options.players) if self.standing(s) == k] for k in keys]

    @property
    def is_over(self) -> bool:
        """The match has ended (`winners` is final)."""
        return self.over

    def winners(self) -> list[int]:
        """The last player standing, or at the round bound the top-ranked remaining players;
        empty while the match goes on."""
        if not self.over:
            return []
        return self.ranking()[0]

    def _finish(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason
        self.chain = []
        self.twist = 0
        self._log(Over(turn=self.turn, reason=reason, winners=tuple(self.winners()),
                       ranking=tuple(tuple(g) for g in self.ranking())))
