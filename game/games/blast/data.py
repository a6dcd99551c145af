"""Kaboom! An Explosive Card Game as data: the card types, the 108-card deck, the decisions.

Pure data, no pygame. The rulebook (Jem Games, version 1.1) gives the deck's total (108), says it
holds 33 card types, that steel walls are rare and that the Mad Chemist, the Underminer and the
endgame cards are unique, but it prints no count per type and names only 32 types. The counts
here (`COUNT_TABLE`) and every other gap it leaves open (`DECISIONS`, numbered; `RULES_NOTES`
is the short form a rules page prints) are decided once, in this module, and the rules engine
(`game.games.blast.rules`) reads them from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

PLAYERS_MIN = 2
PLAYERS_MAX = 5
HAND_SIZE = 7
"""Cards dealt to each player after the starting walls are laid out."""
EMPTY_HAND_DRAW = 3
"""A player whose hand runs out draws this many."""
TRADE_IN = 3
"""Cards traded in for one new card."""
TWIST_LOOK = 4
"""Cards a Twist of Fate looks at and rearranges."""
MAX_ROUNDS = 60
"""The hard bound: a match is ranked as it stands after this many rounds (see decision 23)."""
CHRISTMAS_DRAW = 3
MAX_CHAIN_LINKS = 6
"""A defence chain holds at most this many links (the first card, then one per Oops or Backfire:
the deck has five), so even a chain fed by reshuffles ends (decision 12)."""
EPIDEMIC_REST_ROUNDS = 2
"""A seat that chose Epidemic may choose it again only this many of its own turns later."""


class Category(StrEnum):
    """What kind of card: how and when it is played."""

    ATTACK = "attack"
    WALL = "wall"
    SPECIAL = "special"
    DEFENCE = "defence"
    CHARACTER = "character"
    ENDGAME = "endgame"


@dataclass(frozen=True)
class CardType:
    """One card type: id, name, category, the line printed on its face, copies in the deck.

    `power` is an explosive's rank (1 flaming arrow .. 4 C4, 5 RPG: any two walls); `strength`
    a wall's rank (1 palisade .. 4 steel, 5 force field); `answers` the cards a defence stops.
    """

    card_id: str
    name: str
    category: Category
    text: str
    count: int
    power: int = 0
    strength: int = 0
    answers: tuple[str, ...] = ()

    @property
    def is_explosive(self) -> bool:
        """Flaming arrow, pipe bomb, TNT, C4 or RPG."""
        return self.power > 0

    @property
    def is_wall(self) -> bool:
        """A card laid out among the walls (the force field included)."""
        return self.strength > 0


# Card ids, for the rules engine and tests.
ARROW = "flaming_arrow"
PIPE = "pipe_bomb"
TNT = "tnt"
C4 = "c4"
RPG = "rpg"
PALISADE = "palisade"
STONE = "stone_wall"
IRON = "iron_wall"
STEEL = "steel_wall"
FORCE_FIELD = "force_field"
SPY = "spy"
GUARD = "guard"
NUKE = "nuclear_bomb"
FIZZLE = "fizzle"
BLAST_SHIELD = "blast_shield"
CHEMIST = "mad_chemist"
UNDERMINER = "underminer"
ASSASSIN = "assassin"
INSPECTOR = "weapons_inspector"
OOPS = "oops"
PRODUCTIVITY = "productivity"
FIRESTORM = "firestorm"
BACKFIRE = "backfire"
TWIST = "twist_of_fate"
DIPLOMACY = "diplomacy"
PROTESTS = "non_violent_protests"
EARTHQUAKE = "earthquake"
ADVANCED_TECH = "advanced_technology"
ALIENS = "alien_invasion"
SABOTAGE = "sabotage"
EPIDEMIC = "epidemic"
CHRISTMAS = "christmas"

RPG_POWER = 5
"""An explosive of this rank destroys any two walls (a force field excepted)."""
EXPLOSIVES = (ARROW, PIPE, TNT, C4, RPG)

A = Category.ATTACK
W = Category.WALL
S = Category.SPECIAL
D = Category.DEFENCE
CH = Category.CHARACTER
E = Category.ENDGAME

CARD_TYPES: tuple[CardType, ...] = (
    CardType(ARROW, "Flaming Arrow", A, "Destroys one palisade.", 9, power=1),
    CardType(PIPE, "Pipe Bomb", A, "Destroys one palisade or stone wall.", 9, power=2),
    CardType(TNT, "TNT", A, "Destroys one palisade, stone or iron wall.", 10, power=3),
    CardType(C4, "C4", A, "Destroys one palisade, stone, iron or steel wall.", 6, power=4),
    CardType(RPG, "RPG", A, "Destroys any two walls of one enemy.", 2, power=RPG_POWER),
    CardType(PALISADE, "Palisade", W, "Wall. Destroyed by any explosive.", 14, strength=1),
    CardType(STONE, "Stone Wall", W, "Wall. Stops flaming arrows.", 7, strength=2),
    CardType(IRON, "Iron Wall", W, "Wall. Destroyed by TNT, C4 and RPGs.", 7, strength=3),
    CardType(STEEL, "Steel Wall", W, "Wall. Destroyed only by C4 and RPGs.", 2, strength=4),
    CardType(FORCE_FIELD, "Force Field", W,
             "Wall. No attack can hurt your walls; a Spy destroys it.", 1, strength=5),
    CardType(SPY, "Spy", S, "Take a random card from an enemy's hand, or destroy a Force Field.",
             5),
    CardType(GUARD, "Guard", D, "Out of turn: cancels a Spy.", 2, answers=(SPY,)),
    CardType(NUKE, "Nuclear Bomb", S,
             "After an elimination: an enemy is out; you lose half your walls, weakest first.", 1),
    CardType(FIZZLE, "Fizzle", D,
             "Out of turn: cancels a flaming arrow or pipe bomb, even upgraded.", 3,
             answers=(ARROW, PIPE)),
    CardType(BLAST_SHIELD, "Blast Shield", D,
             "Out of turn: cancels a flaming arrow, pipe bomb, TNT or C4, even upgraded.", 2,
             answers=(ARROW, PIPE, TNT, C4)),
    CardType(CHEMIST, "The Mad Chemist", CH,
             "Your explosives go up one rank, answered as printed. Only an Assassin kills him.",
             1),
    CardType(UNDERMINER, "The Underminer", CH,
             "Once a turn: destroy an enemy's palisade, stone or iron wall. Only an Assassin kills "
             "him.", 1),
    CardType(ASSASSIN, "Assassin", S, "Kill an enemy's Mad Chemist or Underminer.", 2),
    CardType(INSPECTOR, "Weapons Inspector", S,
             "An enemy shows you their hand; their Nuclear Bomb is discarded.", 2),
    CardType(OOPS, "Oops", D,
             "Out of turn: redirect an explosive to another player (two left: cancel it).", 3,
             answers=EXPLOSIVES),
    CardType(PRODUCTIVITY, "Productivity", S,
             "Play two more cards this turn (three if one of them is a Productivity).", 3),
    CardType(FIRESTORM, "Firestorm", S,
             "Destroys all palisades of one enemy. No defence. Eliminates a wall-less enemy.", 3),
    CardType(BACKFIRE, "Backfire", D,
             "Out of turn: the explosive hits the attacker's strongest wall it can destroy.", 2,
             answers=EXPLOSIVES),
    CardType(TWIST, "Twist of Fate", S, "Look at the top four supply cards and reorder them.", 1),
    CardType(DIPLOMACY, "Diplomacy", S, "No enemy may attack you until your next turn.", 2),
    CardType(PROTESTS, "Non-Violent Protests", S,
             "Once anyone has played a C4 or RPG this match: an enemy discards attacks but "
             "arrows and firestorms.", 2),
    CardType(EARTHQUAKE, "Earthquake", E,
             "Endgame: every remaining player discards their weakest wall (not a Force Field).", 1),
    CardType(ADVANCED_TECH, "Advanced Technology", E,
             "Endgame: for one round every explosive goes up one rank.", 1),
    CardType(ALIENS, "Alien Invasion", E,
             "Endgame: a remaining player discards all spies, assassins, inspectors and guards.",
             1),
    CardType(SABOTAGE, "Sabotage", E,
             "Endgame: a remaining player discards their strongest wall (Force Field included).",
             1),
    CardType(EPIDEMIC, "Epidemic", E,
             "Endgame: a remaining player loses their next turn. Once every two turns.", 1),
    CardType(CHRISTMAS, "Christmas", E, "Endgame: every remaining player draws three cards.", 1),
)
del A, W, S, D, CH, E

CARDS: dict[str, CardType] = {c.card_id: c for c in CARD_TYPES}
CARD_ORDER: dict[str, int] = {c.card_id: i for i, c in enumerate(CARD_TYPES)}
"""Table order of the types: hands, walls and lists are kept sorted by it."""
ENDGAME_CARDS: tuple[str, ...] = tuple(c.card_id for c in CARD_TYPES if c.category == "endgame")
DECK_TYPES: tuple[str, ...] = tuple(c.card_id for c in CARD_TYPES if c.category != "endgame")
WALLS: tuple[str, ...] = (PALISADE, STONE, IRON, STEEL, FORCE_FIELD)
"""Walls from weakest to strongest."""
CHARACTERS: tuple[str, ...] = (CHEMIST, UNDERMINER)
DEFENCES: tuple[str, ...] = tuple(c.card_id for c in CARD_TYPES if c.category == "defence")
UNDERMINABLE: tuple[str, ...] = (PALISADE, STONE, IRON)
PROTESTED: tuple[str, ...] = (PIPE, TNT, C4, RPG, NUKE)
"""Attack cards Non-Violent Protests discard (not flaming arrows, not firestorms)."""
ALIEN_TAKEN: tuple[str, ...] = (SPY, ASSASSIN, INSPECTOR, GUARD)
HEAVY: tuple[str, ...] = (C4, RPG)
"""Once one of these has been played, Non-Violent Protests may be played."""

GISTS: dict[str, str] = {
    ARROW: "Breaks a palisade.",
    PIPE: "Breaks a palisade or stone wall.",
    TNT: "Breaks palisade, stone or iron.",
    C4: "Breaks any wall but a Force Field.",
    RPG: "Breaks any two walls of one enemy.",
    PALISADE: "Wall. Any explosive breaks it.",
    STONE: "Wall. Stops arrows.",
    IRON: "Wall. Only TNT, C4, RPG break it.",
    STEEL: "Wall. Only C4 and RPG break it.",
    FORCE_FIELD: "Wall. Stops all but a Spy.",
    SPY: "Steal a card, or break a Force Field.",
    GUARD: "Out of turn: stops a Spy.",
    NUKE: "Puts an enemy out; lose half your walls.",
    FIZZLE: "Out of turn: stops Arrow, Pipe.",
    BLAST_SHIELD: "Out of turn: stops Arrow to C4.",
    CHEMIST: "Your blasts hit harder.",
    UNDERMINER: "Each turn: breaks a wall up to iron.",
    ASSASSIN: "Kills a Chemist or Underminer.",
    INSPECTOR: "See a hand; its Nuke is lost.",
    OOPS: "Out of turn: redirects; at two, cancels.",
    PRODUCTIVITY: "Play two more cards.",
    FIRESTORM: "Burns palisades; wall-less: out.",
    BACKFIRE: "Out of turn: the blast hits its sender.",
    TWIST: "Reorder the top four supply cards.",
    DIPLOMACY: "No one may attack you for a turn.",
    PROTESTS: "After any C4/RPG: enemy drops attacks.",
    EARTHQUAKE: "All drop their weakest wall.",
    ADVANCED_TECH: "For a round, all explosives hit harder.",
    ALIENS: "A player drops spies, guards etc.",
    SABOTAGE: "A player drops their best wall.",
    EPIDEMIC: "A player loses their next turn.",
    CHRISTMAS: "Every player draws three cards.",
}
"""Each card's rule in a few words, printed large on hand-size faces so a hand reads at a
glance (its full line, `CardType.text`, is printed on the large preview and the rules page).
The words stay true to the full line and keep what its player acts on (what it breaks, what it
costs); details of timing and exceptions are left to the full line."""

SHORT_GISTS: dict[str, str] = {
    NUKE: "Enemy out; lose half your walls.",
    PROTESTS: "C4/RPG seen: enemy drops attacks.",
}
"""Shorter gists for the cards whose gist is too long for the usual hand card at a readable
size (a stranger's hand showed them with no words at all)."""

TOTAL_CARDS = 108
DECK_SIZE = sum(CARDS[c].count for c in DECK_TYPES)
"""The playing deck: 102 cards (the 108 less the six unique endgame cards)."""
NAMED_TYPES = len(CARD_TYPES)
RULEBOOK_TYPES = 33


def starting_walls(players: int) -> tuple[str, ...]:
    """The walls each player starts with: iron, stone and three palisades (two with five)."""
    palisades = 2 if players == 5 else 3
    return (IRON, STONE) + (PALISADE,) * palisades


def deck_list(players: int) -> list[str]:
    """The unshuffled playing deck for a table: every non-endgame card, the Nuclear Bomb taken
    out with two players (the starting walls are taken out later, by the deal)."""
    cards = [c for c in DECK_TYPES for _ in range(CARDS[c].count)]
    if players == 2:
        cards.remove(NUKE)
    return cards


def wall_strength(card_id: str) -> int:
    """A wall's rank: palisade 1, stone 2, iron 3, steel 4, force field 5."""
    return CARDS[card_id].strength


def can_destroy(power: int, wall: str) -> bool:
    """Whether an explosive of rank `power` destroys `wall` (nothing destroys a force field)."""
    if wall == FORCE_FIELD:
        return False
    return power >= RPG_POWER or wall_strength(wall) <= power


def upgraded(power: int) -> int:
    """One rank up (the Mad Chemist, Advanced Technology): C4 becomes an RPG; an RPG stays one."""
    return min(power + 1, RPG_POWER)


def printed_answers(card: str) -> list[str]:
    """The defences that answer explosive `card` by its printed name and no other (Fizzle,
    Blast Shield), upgraded or not: a Mad Chemist's C4 breaks like an RPG, yet a Blast Shield
    still cancels it (the rulebook: 'defensive cards have the same impact on upgraded
    attacks'); Oops and Backfire answer every explosive."""
    return [c for c in DEFENCES if card in CARDS[c].answers and CARDS[c].answers != EXPLOSIVES]


def walls_hit(power: int) -> int:
    """How many walls one explosive of rank `power` destroys."""
    return 2 if power >= RPG_POWER else 1


COUNT_TABLE: tuple[tuple[str, str, int], ...] = tuple(
    (c.name, str(c.category), c.count) for c in CARD_TYPES
)
"""(name, category, copies) for every type, deck first and endgame last: 102 + 6 = 108."""


DECISIONS: tuple[str, ...] = (
    # 1
    "Card types: the rulebook says 33 types but names 32 (26 deck cards and 6 endgame cards). "
    "The 33rd is taken to be its Quick Reference Chart card, which is not played: the 108 cards "
    "are the 102-card playing deck and the 6 unique endgame cards.",
    # 2
    "Counts (COUNT_TABLE): 36 explosives, 31 walls, 35 special, defence and character cards. "
    "The starting walls come out of the deck before the deal (a five-player table uses 5 iron, "
    "5 stone and 10 palisades and still leaves walls to draw). Steel walls (2) are rare; the Mad "
    "Chemist, the Underminer, the Nuclear Bomb, the Force Field and each endgame card are "
    "unique. With two players the Nuclear Bomb is set aside, out of play. Why these counts: "
    "with more walls than explosives to draw (38 to 27, two Force Fields) walls piled up behind "
    "the defences, a seat stood behind ten or more, and two-player matches ran 48-60 rounds, "
    "half of them stopped by the round bound; with these, measured over AI matches, a "
    "two-player match ends by play (95 in 100; median 17 rounds between medium AIs, 22 "
    "between easy ones). A stranger's cautious duel with Easy (walls rebuilt, defences kept) "
    "stood 41 rounds unfinished, so four cards that only delay became explosives (a Fizzle, a "
    "Blast Shield, a Guard and a Twist of Fate became a pipe bomb, two TNT and a C4): measured "
    "over 100 duels of Easy against a cautious newcomer model, 19 rounds at the median and 37 "
    "in the longest tenth became 15 and 24.",
    # 3
    "First player: an option; by default drawn from the match seed. Play passes to seat+1.",
    # 4
    "Turn: the draw is automatic. Then play a card, trade three cards for one (only instead of "
    "playing: it ends the turn), or pass. Productivity gives two more plays; a Productivity "
    "played as one of them makes three more in all (one more play); a further one adds none. "
    "The turn ends when no play is left and the Underminer (if any) is used, or on a pass.",
    # 5
    "Empty hand: a remaining player whose hand is empty at any moment (even in a defence chain) "
    "draws three at once; the rule's 'may' is always taken. Eliminated players hold no cards.",
    # 6
    "Supply: when a draw finds it empty, the whole discard pile is shuffled (seeded) into a new "
    "supply; with both empty nothing is drawn.",
    # 7
    "Attacks: an explosive destroys one wall the attacker chooses among those it can destroy; "
    "an RPG (or a C4 with the Mad Chemist) two walls, or the only one. An attack must be able to "
    "do something: the enemy has a wall it can destroy, or no wall at all (then it may eliminate).",
    # 8
    "Force Field: a wall, the strongest (rank 5). While a player has one, no attack card hurts "
    "their walls (explosives, RPG, Firestorm, Underminer, Backfire), so they cannot be attacked "
    "with those and an attack redirected to them is stopped. A Spy destroys it; Sabotage and the "
    "Nuclear Bomb's own cost can take it; Earthquake skips it; the Nuclear Bomb ignores it.",
    # 9
    "Weakest and strongest walls: palisade < stone < iron < steel < force field.",
    # 10
    "Upgrades (Mad Chemist, Advanced Technology, not cumulative) are fixed when the explosive is "
    "played, from its player's table, and travel with it through Oops and Backfire. A defence "
    "answers the printed card: a Fizzle still stops an upgraded pipe bomb.",
    # 11
    "Defence windows: every card aimed at a player opens a window in which that player alone "
    "answers, with a defence or by taking it; taking it is always possible, even holding no "
    "defence. Fizzle: arrow, pipe bomb. Blast Shield: arrow to C4. Oops and Backfire: any "
    "explosive. Guard: a Spy. Nothing answers a Firestorm, Nuclear Bomb, Assassin, Weapons "
    "Inspector, Non-Violent Protests, the Underminer or an endgame card.",
    # 12
    "Chains: an Oops sends the explosive on from the Oops player to a new target; a Backfire "
    "sends it from the Backfire player back at its sender (for an Oops, the Oops player). Each "
    "new link opens a new window for its target, who may defend again; a redirected or "
    "backfired explosive hits the strongest wall(s) it can destroy. The chain ends when a target "
    f"takes it or a defence cancels it; it holds at most {MAX_CHAIN_LINKS} links, the last of "
    "which can only be taken or cancelled.",
    # 13
    "Oops: with two players remaining it cancels the attack; with three it goes to the one "
    "player who is neither the Oops player nor its sender; with four or five the Oops player "
    "chooses among those. Diplomacy does not shield from an Oops or a Backfire.",
    # 14
    "Backfire: the explosive's full damage hits its sender: the strongest wall it can destroy "
    "(two for RPG strength); a sender with no wall is eliminated unless they defend in turn.",
    # 15
    "Elimination: a player with no wall who takes an explosive or a Firestorm, or any player "
    "who takes a Nuclear Bomb, is out. Spy, Assassin, Inspector, Protests, the Underminer and "
    "endgame cards never eliminate. An eliminated player's hand and table go to the discard pile.",
    # 16
    "Diplomacy: stays on its player's table until their next turn begins. Until then every card "
    "an enemy aims at them is refused (Underminer and targeted endgame cards included); "
    "table-wide effects, Oops and Backfire still reach them.",
    # 17
    "Spy: takes one card at random (seeded) from a non-empty enemy hand, or destroys an enemy's "
    "Force Field; a Guard cancels either.",
    # 18
    "Underminer: once per turn during your play step, the turn he arrives included, without "
    "using a play; the wall must be a palisade, stone or iron wall; a Force Field or Diplomacy "
    "stops him; he never eliminates.",
    # 19
    "Non-Violent Protests: discards the pipe bombs, TNT, C4, RPGs and Nuclear Bomb in the "
    "enemy's hand; playable once any player has played a C4 or RPG (answered or not).",
    # 20
    "Nuclear Bomb: playable once a player is eliminated; nothing answers it; its player then "
    "discards half their walls rounded up, weakest first (a Force Field last).",
    # 21
    "Twist of Fate: shows its player the top four supply cards (fewer if the supply is shorter; "
    "an empty supply is first refilled from the discard pile) and they choose the new order.",
    # 22
    "Endgame: eliminated players keep their seats in turn order; on their turn they choose one "
    "available endgame card or pass. It returns to the endgame set at once, except Advanced "
    "Technology, in play until that seat's next turn. Earthquake: each remaining player's "
    "weakest wall but a Force Field. Epidemic: the target loses their next turn; a seat may "
    "choose it once every two of its turns, never against a player already losing one. Endgame "
    "cards never eliminate.",
    # 23
    f"Bound: a match ends after {MAX_ROUNDS} rounds (an option) if two or more remain. Remaining "
    "players rank by total wall strength, then number of walls, then cards in hand; those tied "
    "at the top share the win. Eliminated players rank below, later eliminations higher.",
    # 24
    "Only the target of a card answers it; nobody else plays out of turn. Hands have no limit.",
    # 25
    "Several people at one screen: the screen passes to the target of a card whenever an "
    "answer to it could be in their hand, and they choose to answer or take it there, so "
    "nobody learns whether they held one (a hand with no answer shows why, and is hit by "
    "itself after a short beat: the hand-over is the only press). Only when no card answers "
    "it, or every answer lies in the discard pile, does everybody read that it hits, after a "
    "short pause. The screen "
    "is handed over only when a person must look at their own hand: one attack costs at most "
    "one hand-over. An attacker whose turn goes on takes it back at the open table, hand "
    "hidden, to strike with the Underminer or end the turn, and brings the hand up themselves "
    "(Show my hand) only to play on.",
)

RULES_NOTES: tuple[str, ...] = (
    "108 cards: a 102-card deck and six unique endgame cards kept apart.",
    "Each player starts with an iron wall, a stone wall and three palisades (two with five "
    "players), then seven cards. With two players the Nuclear Bomb is out.",
    "Your turn: draw, then play a card, trade three cards for a new one, or pass.",
    "An explosive destroys one wall you choose that it can destroy; an RPG two.",
    "A Force Field keeps every attack off your walls; only a Spy destroys it.",
    "Defences are played when a card is aimed at you: you alone may answer, or take it.",
    "Oops passes an explosive on (cancels it with two players left); Backfire turns it on its "
    "sender; either can be answered again.",
    "With no walls left, an explosive or Firestorm you do not stop eliminates you.",
    "Once someone is out, the endgame starts: eliminated players pick an endgame card each turn.",
    "Diplomacy keeps enemies' cards off you until your next turn; Oops and Backfire still reach "
    "you.",
    "An empty hand draws three at once.",
    f"After {MAX_ROUNDS} rounds the strongest walls win.",
)
