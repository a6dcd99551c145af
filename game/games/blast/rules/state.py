"""`MatchState`: the pure state of one match, with the house API (as cabo's and cosmic's).

`current_player()`, `legal_actions(player)`, `why_illegal(action)`, `apply(action)` (None when
taken, a `Rejected` with a reason when not: the state is never half changed), `observation`,
`events_for`, `to_dict`/`from_dict`, `clone`, `is_terminal`, `winners`, `ranking`, `returns`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.core.rng import derive_rng
from game.games.blast.data import (
    ADVANCED_TECH,
    ALIENS,
    ASSASSIN,
    BACKFIRE,
    CARDS,
    CHARACTERS,
    DECK_SIZE,
    DEFENCES,
    DIPLOMACY,
    ENDGAME_CARDS,
    EPIDEMIC,
    EPIDEMIC_REST_ROUNDS,
    EXPLOSIVES,
    FIRESTORM,
    HAND_SIZE,
    HEAVY,
    INSPECTOR,
    MAX_CHAIN_LINKS,
    NUKE,
    OOPS,
    PALISADE,
    PRODUCTIVITY,
    PROTESTS,
    SABOTAGE,
    SPY,
    TOTAL_CARDS,
    TRADE_IN,
    TWIST,
    TWIST_LOOK,
    UNDERMINABLE,
    UNDERMINER,
    WALLS,
    Category,
    can_destroy,
    deck_list,
    starting_walls,
    upgraded,
)
from game.games.blast.rules.actions import (
    NO_TARGET,
    Action,
    Arrange,
    Defend,
    Endgame,
    Pass,
    Play,
    TakeIt,
    Trade,
    Undermine,
)
from game.games.blast.rules.base import (
    STATE_VERSION,
    Options,
    Phase,
    PlayerState,
    Refusal,
    Strike,
    sort_cards,
    sort_walls,
    wall_choices,
)
from game.games.blast.rules.effects import BREAK_FIELD, STEAL, Effects
from game.games.blast.rules.events import (
    Arranged,
    Dealt,
    DiplomacyEnded,
    Event,
    Looked,
    LostTurn,
    Passed,
    Played,
    Setup,
    TechnologyEnded,
    Traded,
    Turn,
    Undermined,
    UnderminerIdle,
)

AIMED_PLAYS: frozenset[str] = frozenset({*EXPLOSIVES, SPY, NUKE, ASSASSIN, INSPECTOR, FIRESTORM,
                                         PROTESTS})
"""Cards played at an enemy (each opens that enemy's defence window)."""
AIMED_ENDGAME: frozenset[str] = frozenset({ALIENS, SABOTAGE, EPIDEMIC})

_WAIT = {
    Phase.DEFEND: "a card is aimed at you: answer it with a defence or take it",
    Phase.ARRANGE: "arrange the cards your Twist of Fate looked at first",
    Phase.ENDGAME: "you are eliminated: choose an endgame card or pass",
    Phase.PLAY: "that is not a move of your turn's play step",
}


def _a(name: str) -> str:
    """A card's name with its article ('a Fizzle', 'an Oops', 'an RPG'; TNT and C4 bare)."""
    if name in ("TNT", "C4"):
        return name
    return f"{'an' if name[:1] in 'AEIOU' or name == 'RPG' else 'a'} {name}"


def _either(items: list[str], joiner: str = "or") -> str:
    """'a', 'a or b', 'a, b or c' (or with 'and')."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {joiner} {items[-1]}"


def multiset_choices(cards: list[str], k: int) -> list[tuple[str, ...]]:
    """Every distinct choice of `k` cards from a hand (copies of a type are interchangeable)."""
    counts = Counter(cards)
    kinds = sort_cards(counts)
    out: list[tuple[str, ...]] = []

    def pick(i: int, chosen: list[str]) -> None:
        if len(chosen) == k:
            out.append(tuple(chosen))
            return
        for j in range(i, len(kinds)):
            c = kinds[j]
            if chosen.count(c) < counts[c]:
                pick(j, [*chosen, c])

    pick(0, [])
    return out


class MatchState(Effects):
    """One match of Kaboom! An Explosive Card Game; see the package docstring."""

    def __init__(self, options: Options, seed: int = 0) -> None:
        n = options.players
        self.options = options
        self.seed = seed
        self.first = options.first if options.first is not None else (
            derive_rng(seed, "first").randrange(n))
        deck = deck_list(n)
        self.removed = [] if n > 2 else [NUKE]
        self.players = [PlayerState(s) for s in range(n)]
        for p in self.players:
            for w in starting_walls(n):
                deck.remove(w)
            p.walls = sort_walls(starting_walls(n))
        derive_rng(seed, "deal").shuffle(deck)
        for _ in range(HAND_SIZE):
            for k in range(n):
                self.players[(self.first + k) % n].hand.append(deck.pop())
        for p in self.players:
            p.hand = sort_cards(p.hand)
        self.supply = deck
        self.discard = []
        self.endgame_set = list(ENDGAME_CARDS)
        self.tech_seat = -1
        self.current = self.first
        self.turn = 0
        self.turn_alive = True
        self.turn_done = False
        self.plays_left = 0
        self.played = 0
        self.productivity = 0
        self.undermined = False
        self.chain = []
        self.twist = 0
        self.twist_seat = -1
        self.endgame = False
        self.heavy_played = False
        self.chance = 0
        self.eliminations = 0
        self.over = False
        self.end_reason = ""
        self.events = []
        self._log(Setup(turn=self.turn, players=n, first=self.first,
                        walls=tuple(starting_walls(n)), hand_size=HAND_SIZE,
                        supply=len(self.supply), removed=tuple(self.removed)))
        for p in self.players:
            self._log(Dealt(turn=self.turn, seat=p.seat, count=len(p.hand), cards=tuple(p.hand)))
        self._begin_turn(self.first)

    # -- queries ------------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the match waits for now."""
        if self.over:
            return Phase.OVER
        if self.chain:
            return Phase.DEFEND
        if self.twist:
            return Phase.ARRANGE
        return Phase.PLAY if self.players[self.current].alive else Phase.ENDGAME

    def current_player(self) -> int | None:
        """The seat that must act: in a defence window its target, else the seat on turn."""
        phase = self.phase
        if phase == Phase.OVER:
            return None
        if phase == Phase.DEFEND:
            return self.chain[-1].target
        return self.current

    def window(self) -> Strike | None:
        """The link awaiting an answer (the open defence window), or None."""
        return self.chain[-1] if self.chain else None

    def power_of(self, seat: int, card: str) -> int:
        """The rank an explosive played by `seat` now has (upgraded by Chemist or Technology)."""
        power = CARDS[card].power
        return upgraded(power) if power and self.upgraded_for(seat) else power

    def scores(self) -> list[int]:
        """Each seat's total wall strength (0 once eliminated): the bound's first ranking key."""
        return [p.wall_power() if p.alive else 0 for p in self.players]

    def census(self) -> dict[str, int]:
        """Where the 108 cards are: hands, supply, discard, table, removed, endgame set."""
        table = sum(len(p.walls) + len(p.characters) + p.diplomacy for p in self.players)
        return {
            "hands": sum(len(p.hand) for p in self.players),
            "supply": len(self.supply),
            "discard": len(self.discard),
            "table": table,
            "removed": len(self.removed),
            "endgame": len(self.endgame_set) + (self.tech_seat >= 0),
        }

    def conserved(self) -> bool:
        """Whether every card is somewhere: 102 in play zones, 6 endgame cards, 108 in all."""
        c = self.census()
        return (sum(c.values()) == TOTAL_CARDS and c["endgame"] == len(ENDGAME_CARDS)
                and sum(c.values()) - c["endgame"] == DECK_SIZE)

    # -- legal actions ------------------------------------------------------------------------

    def legal_actions(self, player: int) -> list[Action]:
        """Every action the seat may take now (empty when it is not theirs to act)."""
        phase = self.phase
        if phase == Phase.OVER or player != self.current_player():
            return []
        if phase == Phase.DEFEND:
            return self._defences(player)
        if phase == Phase.ARRANGE:
            top = self.looking()
            return [Arrange(player, order) for order in sorted(set(itertools.permutations(top)))]
        if phase == Phase.ENDGAME:
            out: list[Action] = []
            for card in self.endgame_set:
                targets = self.alive_seats() if card in AIMED_ENDGAME else [NO_TARGET]
                out.extend(a for t in targets
                           if self._endgame_problem(a := Endgame(player, card, t)) is None)
            return [*out, Pass(player)]
        p = self.players[player]
        out = []
        if self.plays_left > 0:
            for card in dict.fromkeys(p.hand):
                out.extend(a for a in self._candidates(player, card)
                           if self._play_problem(a) is None)
            if self.played == 0 and len(p.hand) >= TRADE_IN:
                out.extend(Trade(player, c) for c in multiset_choices(p.hand, TRADE_IN))
        out.extend(self._undermines(player))
        out.append(Pass(player))
        return out

    def _candidates(self, player: int, card: str) -> list[Play]:
        ct = CARDS[card]
        enemies = [s for s in self.alive_seats() if s != player]
        if ct.is_explosive:
            power = self.power_of(player, card)
            return [Play(player, card, t, walls) for t in enemies
                    for walls in wall_choices(self.players[t].walls, power)]
        if card == SPY:
            return [Play(player, card, t, (), m) for t in enemies for m in (STEAL, BREAK_FIELD)]
        if card == ASSASSIN:
            return [Play(player, card, t, (), c) for t in enemies
                    for c in self.players[t].characters]
        if card in AIMED_PLAYS:
            return [Play(player, card, t) for t in enemies]
        if card in DEFENCES:
            return []
        return [Play(player, card)]

    def _undermines(self, player: int) -> list[Undermine]:
        p = self.players[player]
        if UNDERMINER not in p.characters or self.undermined or not p.alive:
            return []
        return [a for t in self.alive_seats() for w in UNDERMINABLE
                if self._undermine_problem(a := Undermine(player, t, w)) is None]

    def _can_undermine(self, player: int) -> bool:
        return bool(self._undermines(player))

    def _defences(self, player: int) -> list[Action]:
        link = self.chain[-1]
        out: list[Action] = [TakeIt(player)]
        for card in dict.fromkeys(self.players[player].hand):
            if card not in DEFENCES or link.card not in CARDS[card].answers:
                continue
            if self._chain_full(player, card):
                continue
            if card == OOPS:
                targets = self.oops_targets(player, link.source) or [NO_TARGET]
                out.extend(Defend(player, card, t) for t in targets)
            else:
                out.append(Defend(player, card))
        return out

    def _chain_full(self, player: int, card: str) -> bool:
        """Whether answering with `card` would open a link past `MAX_CHAIN_LINKS`."""
        link = self.chain[-1]
        opens = card == BACKFIRE or (card == OOPS and bool(self.oops_targets(player,
                                                                              link.source)))
        return opens and link.link + 1 >= MAX_CHAIN_LINKS

    def looking(self) -> list[str]:
        """The cards a Twist of Fate is arranging, top of the supply first (hidden from others:
        `observation` shows them to their player only)."""
        return self.supply[::-1][: self.twist] if self.twist else []

    # -- checking -----------------------------------------------------------------------------

    def _not_your_turn(self) -> str:
        if self.phase == Phase.DEFEND:
            return f"waiting for seat {self.chain[-1].target} to answer the card aimed at them"
        return "not your turn"

    def _problem(self, action: Action) -> str | None:
        phase = self.phase
        allowed: dict[type[Action], tuple[Phase, ...]] = {
            Play: (Phase.PLAY,), Trade: (Phase.PLAY,), Undermine: (Phase.PLAY,),
            Pass: (Phase.PLAY, Phase.ENDGAME), Arrange: (Phase.ARRANGE,),
            TakeIt: (Phase.DEFEND,), Defend: (Phase.DEFEND,), Endgame: (Phase.ENDGAME,),
        }
        if phase not in allowed.get(type(action), ()):
            return _WAIT[phase]
        if isinstance(action, Play):
            return self._play_problem(action)
        if isinstance(action, Trade):
            return self._trade_problem(action)
        if isinstance(action, Undermine):
            return self._undermine_problem(action)
        if isinstance(action, Arrange):
            if sort_cards(action.order) != sort_cards(self.looking()):
                return "arrange exactly the cards you looked at"
            return None
        if isinstance(action, Defend):
            return self._defend_problem(action)
        if isinstance(action, Endgame):
            return self._endgame_problem(action)
        return None

    def _enemy_problem(self, player: int, target: int) -> str | None:
        if not 0 <= target < self.options.players or target == player:
            return "name an enemy"
        t = self.players[target]
        if not t.alive:
            return "that player is eliminated"
        if t.diplomacy:
            return "their Diplomacy keeps enemy cards off them until their next turn"
        return None

    def _play_problem(self, a: Play) -> str | None:
        if a.card not in CARDS:
            return "no such card"
        ct = CARDS[a.card]
        p = self.players[a.player]
        if ct.category == Category.ENDGAME:
            return "endgame cards are chosen by eliminated players, never held"
        if a.card not in p.hand:
            return "you do not hold that card"
        if ct.category == Category.DEFENCE:
            return f"a {ct.name} is played only to answer a card aimed at you"
        if self.plays_left <= 0:
            return "no plays left this turn"
        if a.card not in AIMED_PLAYS:
            if a.target != NO_TARGET or a.walls or a.mode:
                return f"the {ct.name} is played without a target"
            if a.card == TWIST and not (self.supply or self.discard):
                return "the supply is empty"
            if a.card == DIPLOMACY and p.diplomacy:
                return "your Diplomacy is already in play"
            return None
        why = self._enemy_problem(a.player, a.target)
        if why is not None:
            return why
        t = self.players[a.target]
        if ct.is_explosive:
            if t.has_force_field():
                return "their Force Field stops every attack"
            if a.mode:
                return "an explosive has no mode"
            choices = wall_choices(t.walls, self.power_of(a.player, a.card))
            if tuple(sort_walls(a.walls)) not in choices:
                if not t.walls:
                    return "they have no walls left: aim at no wall"
                names = ", ".join(CARDS[w].name for w in a.walls) or "no wall"
                return f"the {ct.name} cannot destroy {names} there"
            return None
        if a.walls:
            return f"the {ct.name} names no walls"
        if a.card == SPY:
            if a.mode == STEAL:
                return None if t.hand else "their hand is empty"
            if a.mode == BREAK_FIELD:
                return None if t.has_force_field() else "they have no Force Field"
            return "a Spy steals a card or destroys a Force Field"
        if a.card == ASSASSIN:
            if a.mode not in CHARACTERS:
                return "an Assassin kills the Mad Chemist or the Underminer"
            return None if a.mode in t.characters else "they have no such character"
        if a.mode:
            return f"the {ct.name} has no mode"
        if a.card == NUKE and not self.endgame:
            return "the Nuclear Bomb may be played only after a player is eliminated"
        if a.card == FIRESTORM:
            if t.has_force_field():
                return "their Force Field stops every attack"
            if t.walls and PALISADE not in t.walls:
                return "they have no palisade to burn"
        if a.card == PROTESTS and not self.heavy_played:
            return "Non-Violent Protests need a C4 or RPG played first"
        return None

    def productivity_gain(self) -> int:
        """The plays a Productivity played now would add beyond the one it uses: 1 for the
        turn's first (two more plays), 0 for a second (the rulebook's "a total of three more":
        it uses one and gives one back, so it only spends the card) and -1 for any after that
        (it gives nothing). A table warns before a play that gains nothing; the AI skips it."""
        return {0: 2, 1: 1}.get(self.productivity, 0) - 1

    def why_unplayable(self, seat: int, card: str) -> Refusal | None:
        """Why `seat` cannot play `card` from its hand now (None when some play of it is
        legal): one sentence naming the enemies it concerns, for a table to show when the
        card is clicked or looked at."""
        if self.phase == Phase.PLAY and seat == self.current and any(
                self._play_problem(a) is None for a in self._candidates(seat, card)):
            return None
        ct = CARDS.get(card)
        if ct is None:
            return Refusal("there is no such card")
        if self.phase == Phase.OVER:
            return Refusal("the match is over")
        if self.phase == Phase.DEFEND and seat == self.current_player():
            link = self.chain[-1]
            if any(isinstance(a, Defend) and a.card == card for a in self._defences(seat)):
                return None
            if ct.category == Category.DEFENCE and link.card in ct.answers:
                return Refusal("the chain is at its longest: take it or cancel it")
            if ct.category == Category.DEFENCE:
                return Refusal(f"{_a(ct.name)} does not answer {_a(CARDS[link.card].name)}")
            return Refusal(f"only a defence answers {_a(CARDS[link.card].name)} aimed at you")
        if seat != self.current or self.phase != Phase.PLAY:
            if ct.category == Category.DEFENCE:
                return Refusal(self._defence_note(ct.card_id))
            return Refusal("cards are played on your own turn")
        generic = self._play_problem(Play(seat, card))
        if card not in AIMED_PLAYS or ct.category == Category.DEFENCE or self.plays_left <= 0 \
                or card not in self.players[seat].hand:
            if ct.category == Category.DEFENCE:
                return Refusal(self._defence_note(card))
            return Refusal(generic or "it cannot be played now")
        if card == NUKE and not self.endgame:
            return Refusal("the Nuclear Bomb may be played only after a player is eliminated")
        if card == PROTESTS and not self.heavy_played:
            return Refusal("Non-Violent Protests need a C4 or an RPG played first")
        enemies = [s for s in self.alive_seats() if s != seat]
        if card == ASSASSIN and not any(self.players[e].characters for e in enemies):
            return Refusal("no enemy has a Mad Chemist or an Underminer in play")
        if not enemies:
            return Refusal("there is no enemy left to aim at")
        # enemies refused for the same want share one clause ("neither Ben nor Dev has one"):
        # the same words once per enemy made a stranger's note four to six lines long
        groups: dict[str, list[int]] = {}
        for e in enemies:
            groups.setdefault(self._aim_note(seat, card, e, "\0"), []).append(e)
        reasons: list[str] = []
        seats: list[int] = []
        for note, group in groups.items():
            whos = ["{" + str(len(seats) + i) + "}" for i in range(len(group))]
            seats.extend(group)
            shared = self._shared_aim_note(seat, card, whos) if len(group) > 1 else None
            reasons.extend([shared] if shared else [note.replace("\0", w) for w in whos])
        return Refusal("; ".join(reasons), tuple(seats))

    def _shared_aim_note(self, seat: int, card: str, whos: list[str]) -> str | None:
        """Why `card` cannot be aimed at any of several enemies lacking the same thing, in
        one clause; None where each keeps its own (a Diplomacy, a Force Field)."""
        none = f"neither {whos[0]} nor {whos[1]} has" if len(whos) == 2 \
            else f"none of {_either(whos, 'and')} has"
        if card in EXPLOSIVES:
            return f"{self._destroys_only(seat, card)}: {none} one"
        if card == FIRESTORM:
            return f"{none} a palisade to burn"
        if card == SPY:
            return f"{none} a card in hand or a Force Field"
        if card == ASSASSIN:
            return f"{none} a Mad Chemist or an Underminer in play"
        return None

    def why_not_at(self, seat: int, card: str, target: int) -> Refusal:
        """Why `seat` cannot aim `card` at `target` now, naming them (a table says it when
        that enemy is pointed at while the card is aimed)."""
        if target == seat or not 0 <= target < self.options.players:
            return Refusal("aim it at an enemy")
        if not self.players[target].alive:
            return Refusal("{0} is out of the match", (target,))
        return Refusal(self._aim_note(seat, card, target, "{0}"), (target,))

    def _defence_note(self, card: str) -> str:
        """What a defence card is for (it is never played on your own turn)."""
        answers = CARDS[card].answers
        what = "an explosive" if answers == EXPLOSIVES else _either(
            [_a(CARDS[c].name) for c in answers])
        return f"{_a(CARDS[card].name)} is played only when {what} is aimed at you: keep it " \
               "for then"

    def _destroys_only(self, seat: int, card: str) -> str:
        """"The TNT destroys only palisades and stone walls": the walls `seat`'s explosive
        `card` can break (its power as played by them now)."""
        power = self.power_of(seat, card)
        can = [CARDS[w].name.lower() + "s" for w in dict.fromkeys(WALLS) if can_destroy(power, w)]
        return f"the {CARDS[card].name} destroys only {_either(can, 'and')}"

    def _aim_note(self, seat: int, card: str, target: int, who: str) -> str:
        """Why `card` cannot be aimed at `target` (`who` stands for their name)."""
        t = self.players[target]
        name = CARDS[card].name
        if t.diplomacy:
            return f"{who}'s Diplomacy keeps enemy cards off them until their next turn"
        if (card in EXPLOSIVES or card == FIRESTORM) and t.has_force_field():
            return f"{who}'s Force Field stops explosives: a Spy removes it"
        if card in EXPLOSIVES:
            return f"{self._destroys_only(seat, card)}: {who} has none"
        if card == FIRESTORM:
            return f"{who} has no palisade to burn"
        if card == SPY:
            return f"{who} has no card in hand and no Force Field"
        if card == ASSASSIN:
            return f"{who} has no Mad Chemist or Underminer in play"
        return f"the {name} cannot be aimed at {who} now"

    def _trade_problem(self, a: Trade) -> str | None:
        if self.played > 0 or self.plays_left <= 0:
            return "a trade replaces your play: not after playing a card"
        if len(a.cards) != TRADE_IN:
            return "trade exactly three cards"
        have = Counter(self.players[a.player].hand)
        if any(have[c] < k for c, k in Counter(a.cards).items()):
            return "you do not hold those cards"
        return None

    def _undermine_problem(self, a: Undermine) -> str | None:
        p = self.players[a.player]
        if UNDERMINER not in p.characters:
            return "you have no Underminer"
        if self.undermined:
            return "your Underminer has already struck this turn"
        why = self._enemy_problem(a.player, a.target)
        if why is not None:
            return why
        t = self.players[a.target]
        if t.has_force_field():
            return "their Force Field stops every attack"
        if a.wall not in UNDERMINABLE:
            return "the Underminer takes a palisade, stone wall or iron wall"
        return None if a.wall in t.walls else "they have no such wall"

    def _defend_problem(self, a: Defend) -> str | None:
        link = self.chain[-1]
        if a.card not in DEFENCES:
            return "that is not a defence card"
        if a.card not in self.players[a.player].hand:
            return "you do not hold that card"
        if link.card not in CARDS[a.card].answers:
            return f"{_a(CARDS[a.card].name)} does not answer {_a(CARDS[link.card].name)}"
        if self._chain_full(a.player, a.card):
            return "the chain is at its longest: take it or cancel it"
        if a.card == OOPS:
            targets = self.oops_targets(a.player, link.source)
            if not targets:
                return None if a.target == NO_TARGET else (
                    "with two players left an Oops cancels the attack: name no target")
            if a.target not in targets:
                return "an Oops sends it to a remaining player other than you and its sender"
            return None
        return None if a.target == NO_TARGET else f"a {CARDS[a.card].name} names no target"

    def _endgame_problem(self, a: Endgame) -> str | None:
        if a.card not in ENDGAME_CARDS:
            return "that is not an endgame card"
        if a.card not in self.endgame_set:
            return "that endgame card is in play: it is not available now"
        if a.card not in AIMED_ENDGAME:
            return None if a.target == NO_TARGET else f"{CARDS[a.card].name} names no target"
        if not 0 <= a.target < self.options.players or not self.players[a.target].alive:
            return "name a remaining player"
        t = self.players[a.target]
        if t.diplomacy:
            return "their Diplomacy keeps enemy cards off them until their next turn"
        if a.card == SABOTAGE and not t.walls:
            return "they have no wall to sabotage"
        if a.card == EPIDEMIC:
            if t.skip_next:
                return "they already lose their next turn"
            last = self.players[a.player].epidemic_turn
            if last >= 0 and self.turn - last < EPIDEMIC_REST_ROUNDS * self.options.players:
                return "Epidemic: at most once every two of your turns"
        return None

    # -- applying -----------------------------------------------------------------------------

    def _perform(self, action: Action) -> None:
        seat = action.player
        if isinstance(action, Play):
            self._play(action)
        elif isinstance(action, Trade):
            self._discard_from_hand(seat, action.cards)
            self._log(Traded(turn=self.turn, seat=seat, cards=tuple(action.cards)))
            self._draw(seat, 1, "trade")
            self.plays_left = 0
            self.turn_done = True
        elif isinstance(action, Pass):
            # `played`: cards played this turn before the pass (a pass after a play only ends
            # the turn; the log says so rather than "passes")
            self._log(Passed(turn=self.turn, seat=seat, played=self.played))
            self.turn_done = True
        elif isinstance(action, Undermine):
            self.undermined = True
            self._log(Undermined(turn=self.turn, seat=seat, target=action.target,
                                 wall=action.wall))
            self._open(Strike(UNDERMINER, seat, seat, action.target, 0, (action.wall,)))
        elif isinstance(action, Arrange):
            k = self.twist
            self.supply[-k:] = list(reversed(action.order))
            self.twist = 0
            self._log(Arranged(turn=self.turn, seat=seat, count=k, order=tuple(action.order)))
        elif isinstance(action, TakeIt):
            self._take(seat)
        elif isinstance(action, Defend):
            self._answer(seat, action.card, action.target)
        elif isinstance(action, Endgame):
            self._endgame_card(seat, action.card, action.target)
            self.turn_done = True
        self._settle()

    def _play(self, a: Play) -> None:
        p = self.players[a.player]
        ct = CARDS[a.card]
        p.hand.remove(a.card)
        self.plays_left -= 1
        self.played += 1
        walls = tuple(sort_walls(a.walls))
        self._log(Played(turn=self.turn, seat=a.player, card=a.card, target=a.target,
                         walls=tuple(walls), mode=a.mode))
        if a.card in HEAVY:
            self.heavy_played = True
        if ct.is_wall:
            p.walls = sort_walls([*p.walls, a.card])
        elif ct.category == Category.CHARACTER:
            p.characters.append(a.card)
        elif a.card == DIPLOMACY:
            p.diplomacy = True
        else:
            self.discard.append(a.card)
        if a.card == PRODUCTIVITY:
            self.productivity += 1
            self.plays_left += {1: 2, 2: 1}.get(self.productivity, 0)
        elif a.card == TWIST:
            self._refill_hands()
            self._refill_supply()
            self.twist = min(TWIST_LOOK, len(self.supply))
            self.twist_seat = a.player
            self._log(Looked(turn=self.turn, seat=a.player, count=self.twist,
                             cards=tuple(self.looking())))
        elif a.card in AIMED_PLAYS:
            self._open(Strike(a.card, a.player, a.player, a.target,
                              self.power_of(a.player, a.card), walls, a.mode))

    # -- turns --------------------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> bool:
        """Start a seat's turn; False when an Epidemic takes it away."""
        self.current = seat
        self.plays_left = 0
        self.played = 0
        self.productivity = 0
        self.undermined = False
        self.turn_done = False
        self.twist = 0
        p = self.players[seat]
        self.turn_alive = p.alive
        self._log(Turn(turn=self.turn, seat=seat, round=self.round, alive=p.alive))
        if p.diplomacy:
            p.diplomacy = False
            self.discard.append(DIPLOMACY)
            self._log(DiplomacyEnded(turn=self.turn, seat=seat))
        if self.tech_seat == seat:
            self.tech_seat = -1
            self.endgame_set = [c for c in ENDGAME_CARDS
                                if c in self.endgame_set or c == ADVANCED_TECH]
            self._log(TechnologyEnded(turn=self.turn, seat=seat))
        if p.alive and p.skip_next:
            p.skip_next = False
            self._log(LostTurn(turn=self.turn, seat=seat))
            return False
        if p.alive:
            self._draw(seat, 1, "turn")
            self.plays_left = 1
        return True

    def _next_turn(self) -> None:
        n = self.options.players
        while not self.over:
            self.turn += 1
            if self.turn >= self.options.max_rounds * n:
                self._finish("round_limit")
                return
            if self._begin_turn((self.current + 1) % n):
                self._refill_hands()
                return

    def _settle(self) -> None:
        """After an accepted action: refill empty hands, and end the turn when it is done."""
        if self.over:
            return
        self._refill_hands()
        if self.chain or self.twist:
            return
        p = self.players[self.current]
        if (self.turn_done or (self.turn_alive and not p.alive)
                or (p.alive and self.plays_left <= 0 and not self._can_undermine(p.seat))):
            self._underminer_idle(p.seat)
            self._next_turn()

    def _underminer_idle(self, seat: int) -> None:
        """Log why the seat's Underminer took no wall this turn (the turn ends, he is in play,
        he has not struck): each enemy's reason, so the log never leaves him silent."""
        p = self.players[seat]
        if not p.alive or UNDERMINER not in p.characters or self.undermined:
            return
        enemies = tuple(s for s in self.alive_seats() if s != seat)
        if not enemies:
            return
        why = []
        for s in enemies:
            t = self.players[s]
            why.append("diplomacy" if t.diplomacy else "force_field" if t.has_force_field()
                       else "open" if any(w in UNDERMINABLE for w in t.walls) else "no_wall")
        self._log(UnderminerIdle(turn=self.turn, seat=seat, enemies=enemies, why=tuple(why)))

    # -- views and saves ----------------------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        """What one seat may know, as plain data: its own hand, every hand's size, the table,
        the face-up discard pile, the open chain (never a target's options), its own legal
        actions. Never another seat's cards or the supply's order."""
        players = []
        for q in self.players:
            entry: dict[str, Any] = {
                "seat": q.seat, "alive": q.alive, "walls": list(q.walls),
                "characters": list(q.characters), "diplomacy": q.diplomacy,
                "hand_count": len(q.hand), "skip_next": q.skip_next, "out_by": q.out_by,
                "out_turn": q.out_turn, "wall_power": q.wall_power() if q.alive else 0,
            }
            if q.seat == player:
                entry["hand"] = list(q.hand)
            players.append(entry)
        link = self.window()
        return {
            "viewer": player,
            "phase": str(self.phase),
            "turn": self.turn,
            "round": self.round,
            "max_rounds": self.options.max_rounds,
            "current": self.current,
            "to_act": self.current_player(),
            "first": self.first,
            "players": players,
            "supply_count": len(self.supply),
            "discard": list(self.discard),
            "discard_top": self.discard[-1] if self.discard else None,
            "removed": list(self.removed),
            "endgame_set": list(self.endgame_set),
            "advanced_technology": self.tech_seat,
            "endgame": self.endgame,
            "heavy_played": self.heavy_played,
            "plays_left": self.plays_left,
            "played": self.played,
            "undermined": self.undermined,
            "chain": [s.to_dict() for s in self.chain],
            "window": None if link is None else {
                "target": link.target, "source": link.source, "card": link.card,
                "link": link.link},
            "looking_count": self.twist,
            "looking": self.looking() if player == self.twist_seat else [],
            "over": self.over,
            "end_reason": self.end_reason,
            "winners": self.winners(),
            "legal": [a.to_dict() for a in self.legal_actions(player)],
        }

    def events_for(self, viewer: int, since: int = 0) -> list[Event]:
        """The log from event `since` on, with every private field the viewer may not see
        left out (`viewer` -1: a spectator sees no secret)."""
        return [e.redacted(viewer) for e in self.events[since:]]

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data."""
        return {**self._plain(), "events": [e.to_dict() for e in self.events]}

    def _plain(self) -> dict[str, Any]:
        """`to_dict` but the log."""
        return {
            "version": STATE_VERSION,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "first": self.first,
            "players": [p.to_dict() for p in self.players],
            "supply": list(self.supply),
            "discard": list(self.discard),
            "removed": list(self.removed),
            "endgame_set": list(self.endgame_set),
            "tech_seat": self.tech_seat,
            "current": self.current,
            "turn": self.turn,
            "turn_alive": self.turn_alive,
            "turn_done": self.turn_done,
            "plays_left": self.plays_left,
            "played": self.played,
            "productivity": self.productivity,
            "undermined": self.undermined,
            "chain": [s.to_dict() for s in self.chain],
            "twist": self.twist,
            "twist_seat": self.twist_seat,
            "endgame": self.endgame,
            "heavy_played": self.heavy_played,
            "chance": self.chance,
            "eliminations": self.eliminations,
            "over": self.over,
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MatchState:
        """Inverse of `to_dict`; another save version is a ValueError."""
        m = cls._from_plain(d)
        m.events = [Event.from_dict(e) for e in d["events"]]
        return m

    @classmethod
    def _from_plain(cls, d: Mapping[str, Any]) -> MatchState:
        """`from_dict` but the log (left empty)."""
        m = cls._saved(d)
        m.options = Options.from_dict(d["options"])
        m.players = [PlayerState.from_dict(p) for p in d["players"]]
        m.supply = [str(c) for c in d["supply"]]
        m.discard = [str(c) for c in d["discard"]]
        m.removed = [str(c) for c in d["removed"]]
        m.endgame_set = [str(c) for c in d["endgame_set"]]
        m.tech_seat = int(d["tech_seat"])
        m.current = int(d["current"])
        m.turn = int(d["turn"])
        m.turn_alive = bool(d["turn_alive"])
        m.turn_done = bool(d["turn_done"])
        m.plays_left = int(d["plays_left"])
        m.played = int(d["played"])
        m.productivity = int(d["productivity"])
        m.undermined = bool(d["undermined"])
        m.chain = [Strike.from_dict(s) for s in d["chain"]]
        m.twist = int(d["twist"])
        m.twist_seat = int(d["twist_seat"])
        m.endgame = bool(d["endgame"])
        m.heavy_played = bool(d["heavy_played"])
        m.chance = int(d["chance"])
        m.eliminations = int(d["eliminations"])
        m.over = bool(d["over"])
        m.end_reason = str(d["end_reason"])
        m.events = []
        return m

    def clone(self) -> MatchState:
        """An independent copy (for an AI's look-ahead). The log's events are frozen, so the
        copy shares them: writing the whole log out and reading it back made a clone late in
        a match cost ten times one early on (two thirds of a privacy test's minute)."""
        m = MatchState._from_plain(self._plain())
        m.events = list(self.events)
        return m


def new_match(players: int, seed: int = 0, **options: Any) -> MatchState:
    """A fresh match: walls laid out, seven cards dealt, the first turn's card drawn."""
    return MatchState(Options(players, **options), seed)

