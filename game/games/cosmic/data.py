"""Cosmic Kaboom as data: factions, planets, crystals, scoring, limits and the Advancement deck.

Decisions the rulebook leaves open (also in `RULES_NOTES`, which a rules page can print):

- Space is a square `FIELD` x `FIELD` units, top-down, x right and y down. The four faction Bases
  sit at its corners (faction 0 top left, 1 top right, 2 bottom right, 3 bottom left, clockwise);
  unused factions' Bases still mark the corners. "Play passes to the left" is seat order.
- Four energy colours (red, blue, green, yellow). Twelve planets: each faction owns three, one
  of each colour except its own house colour, with dots 1, 2 and 3 (faction `f` owns colour
  `(f + k) % 4` with `4 - k` dots, k = 1..3). So each colour has exactly one 1-, 2- and 3-dot
  planet, owned by three different factions, and every faction holds one planet of each dot.
- One Energy Crystal per colour, starting on that colour's 1-dot planet and travelling
  1 -> 2 -> 3 -> 1 (`CRYSTAL_ORDER`). When the planet holding a crystal is destroyed, the crystal
  moves on to the next surviving planet of its colour; with none left, that colour's crystal is
  gone (a player without that cube can no longer bomb, but still scores).
- Two or three players: the planets of unused factions are dealt out, lowest dots first, to the
  seats in reverse turn order (the last seat gets the first one), so every player owns the same
  number of planets. A dealt planet joins its new owner's faction for every rule: its owner
  places it back, scores it and loses a card draw on it, and "a whole faction gone" means every
  planet a player owns is destroyed.
- Seats take factions spread round the table: two players sit at opposite corners (0 and 2).
- First player: "the last player to have destroyed something" is replaced by a draw from the
  match seed.
- A flick collects from every crystal planet its ship touches, in touch order (one cube per
  colour); any number of cubes in one flick grants one more flick, not one per cube. Only the
  flicked ship collects: a ship knocked into a planet collects nothing. A ship at rest against a
  planet or ship leaves it from just clear of it (`world.launch_spot`): leaving is no touch.
  "Touch" on a screen: a flicked ship that comes to rest with its edge within `TOUCH_SLACK`
  (9 px at 1280x720) of a planet's edge touched it: its drawn hull reaches into the ring the
  preview draws round that planet.
- A ship destroyed during its own flick ends its player's turn (its Hold is lost, it is docked).
- After a collected cube the extra flick is optional: the player may flick, return to Base and
  bank, or end the turn. The first flick of a turn may only be replaced by returning to Base
  (and a player whose ship is docked with an empty Hold must flick).
- Fly-back variant (lobby option): no return action; a ship whose flick ends resting on its own
  Base (the world reports it) docks and banks its Hold.
- The Space Bomb: planets "under" it are those the world finds it overlapping at rest by at least
  `BOMB_OVERLAP` of the planet's area (the world measures; the rules destroy). A toss released
  from in front of the Base is a foul: it destroys nothing, the turn ends, the cubes are kept.
  Ships are unaffected by the bomb; a planet it pushes out is placed back as usual.
- A planet pushed out is placed back by its owner, at once and even out of turn, anywhere
  completely inside space, outside every Base's clear zone (`BASE_CLEAR`, also kept by the
  setup's placements) and touching nothing (the world's check; the rules' own check is that
  the disc lies inside the field).
- Advancement cards: any number may be played on your own turn, before or between flicks (or
  before the bomb for bomb cards); "Automatic" cards are never played: they trigger by
  themselves (even on another player's turn) and are then discarded. Played cards are
  discarded. Drawing takes the top card and the next card unlike it (two alike only when the
  deck holds nothing else; one if only one is left, nothing from an empty deck); the cards
  passed over stay in order, and the card not kept goes to the bottom. When several players
  draw at once, they choose in turn order from the player whose turn it is.
- A match also ends, scored as it stands, at the end of a turn when no Space Bomb can ever be
  built again: a colour's crystal is gone (its planets are all destroyed) and no player holds a
  cube of that colour, so no one can bank four colours (the rulebook never meets this; without
  it such a match would only end at the round limit, with nothing left to play for).
- A match ends after `MAX_ROUNDS` rounds at the latest (the table game's 30 minutes) and is
  then scored as it stands, so every match ends. Ties for the highest score share the win.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from game.core.rng import derive_rng

# ---------------------------------------------------------------------------------------------
# Table
# ---------------------------------------------------------------------------------------------

FIELD = 720.0
"""Side of the square of space between the four Bases, in world units."""
PLANET_RADIUS = 34.0
SHIP_RADIUS = 14.0
TOUCH_SLACK = 11.0
"""World units (9 screen pixels at 1280x720): a ship that comes to rest with its edge this
close to a planet's edge has touched it (the rulebook's "collides with": a ship resting
against a planet took its crystal, even if the physics stopped it short). What is drawn
counts: the ship's hull (2 px past its body) reaching into the ring the preview draws round
the planet it meets (7 px past the disc) is a touch. A stranger's ship stopped with its hull
on that ring twice, the preview said "close: may touch", and the log said "no crystal"
(with 6 units, 5 px, it took nothing)."""
BOMB_RADIUS = 44.0
BOMB_OVERLAP = 0.25
"""A planet is under the resting bomb when at least this share of its disc is covered."""
BASE_CLEAR = 180.0
"""No planet is placed (setup, placed back, moved by a card) with its centre nearer than this
to a Base's corner (`base_clear`): a clear zone round every Base, so a ship leaving its dock has
straight lanes out. A planet placed against a Base walled its ship in turn after turn (a
stranger's 3-player match); over AI and crowding placements the share of (Base, crystal
places) with a clear straight lane from the dock to a needed crystal rose from 0.33-0.47 to
0.72-0.90. Every quick-start board keeps the zone (its nearest planet lies 184 from a
corner)."""
MAX_ROUNDS = 40
"""A match is scored as it stands after this many rounds at the latest."""

PLAYERS_MIN = 2
PLAYERS_MAX = 4


@dataclass(frozen=True)
class Colour:
    """An energy colour: crystals, cubes and planets."""

    key: str
    name: str
    rgb: tuple[int, int, int]


COLOURS: tuple[Colour, ...] = (
    Colour("red", "Red", (232, 72, 72)),
    Colour("blue", "Blue", (72, 132, 240)),
    Colour("green", "Green", (72, 200, 110)),
    Colour("yellow", "Yellow", (240, 206, 64)),
)
COLOUR_KEYS: tuple[str, ...] = tuple(c.key for c in COLOURS)
PATTERNS: dict[str, str] = {"red": "banded", "blue": "ringed", "green": "cratered",
                            "yellow": "striped"}
"""Each energy colour's planets also wear a pattern (bands, a ring, craters, diagonal
stripes), so a planet's kind never rests on its hue alone (colour-blind players)."""
COLOUR_INDEX: dict[str, int] = {k: i for i, k in enumerate(COLOUR_KEYS)}


@dataclass(frozen=True)
class Faction:
    """A faction: its house colour, its corner Base and a shape for the colour-blind palette."""

    faction_id: int
    name: str
    rgb: tuple[int, int, int]
    shape: str
    corner: tuple[float, float]


FACTIONS: tuple[Faction, ...] = (
    Faction(0, "Zorblax", (220, 90, 90), "triangle", (0.0, 0.0)),
    Faction(1, "Quasari", (90, 140, 230), "square", (FIELD, 0.0)),
    Faction(2, "Verdani", (90, 200, 120), "circle", (FIELD, FIELD)),
    Faction(3, "Solarii", (230, 200, 80), "diamond", (0.0, FIELD)),
)

SEAT_FACTIONS: dict[int, tuple[int, ...]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""Default factions by player count: two players sit at opposite corners."""


@dataclass(frozen=True)
class PlanetDef:
    """A planet: its faction, energy colour and 1/2/3-dot sequence number."""

    planet_id: int
    faction: int
    colour: str
    dots: int


def _planets() -> tuple[PlanetDef, ...]:
    out: list[PlanetDef] = []
    for f in range(len(FACTIONS)):
        for k in (1, 2, 3):
            out.append(PlanetDef(len(out), f, COLOUR_KEYS[(f + k) % 4], 4 - k))
    return tuple(out)


PLANETS: tuple[PlanetDef, ...] = _planets()
CRYSTAL_ORDER: tuple[int, ...] = (1, 2, 3)
"""A colour's crystal travels 1 -> 2 -> 3 -> back to 1 dot."""


def base_clear(x: float, y: float) -> bool:
    """Whether a planet centred at (x, y) lies outside every Base's clear zone (`BASE_CLEAR`),
    the four corners' alike (unused factions' Bases still mark space)."""
    return all(math.hypot(x - f.corner[0], y - f.corner[1]) >= BASE_CLEAR for f in FACTIONS)


def planets_of_colour(colour: str) -> tuple[PlanetDef, ...]:
    """A colour's planets in crystal order (1, 2, 3 dots)."""
    return tuple(sorted((p for p in PLANETS if p.colour == colour), key=lambda p: p.dots))


def next_in_sequence(dots: int) -> int:
    """The dots of the planet after `dots` in the crystal's travel order."""
    i = CRYSTAL_ORDER.index(dots)
    return CRYSTAL_ORDER[(i + 1) % len(CRYSTAL_ORDER)]


LAYOUT_SPOTS: tuple[tuple[float, float], ...] = ((311.0, 2.024), (237.0, 1.682), (293.0, 2.880))
"""The first quick-start table, kept for reference and its tests: (distance from the centre,
angle in radians) of faction 0's 3-, 2- and 1-dot planets, every other faction's the same turned
a quarter round per faction. Its lanes were open (a straight flick from open points reached 75%
of the planets) but so open that its four crystals lay in one ring with clear lanes from each to
the next: a skilled first turn collected all four, and every match had the same board."""

LAYOUT_SETS: tuple[tuple[tuple[float, float], ...], ...] = (
    ((301.0, 3.496), (266.0, 1.168), (329.0, 5.403)),
    ((299.0, 4.212), (205.0, 3.692), (309.0, 5.317)),
    ((236.0, 1.414), (224.0, 3.521), (313.0, 5.766)),
    ((189.0, 0.218), (277.0, 5.120), (324.0, 3.853)),
    ((273.0, 1.422), (186.0, 3.566), (309.0, 2.653)),
    ((272.0, 0.268), (226.0, 2.776), (322.0, 3.740)),
)
"""The quick start's boards, each as `LAYOUT_SPOTS` is given (faction 0's 3-, 2- and 1-dot
planets, turned a quarter round per faction, so no seat's corner is favoured); the match seed
picks one and whether it is mirrored (`start_layout`), twelve boards in all. Chosen by a search
over such layouts: every planet clear of the others, the Bases and the edges; from every
seat's dock a straight lane to some crystal; from open points a straight flick still reaches
56-80% of the planets; but a player who always takes an open lane to the next crystal collects
one or two on a first turn, never all four (the old board: all four from every seat), so the
rest of the round needs bank shots or waits for the next turn."""


def start_layout(seed: int = 0) -> dict[int, tuple[float, float]]:
    """The quick start's deployment for a match seed: one of `LAYOUT_SETS`, mirrored or not
    (across the diagonal through faction 0's corner, faction 1's planets taking the mirror of
    faction 3's places), both drawn from the seed, so a seed always gives the same board. The
    twelve planets spread round space with lanes between them, none touching, all clear of the
    Bases and the edges.

    The rulebook lets the players deploy; this is the layout used when they do not.
    """
    rng = derive_rng(seed, "layout")
    spots = LAYOUT_SETS[rng.randrange(len(LAYOUT_SETS))]
    mirror = rng.random() < 0.5
    return layout_from(spots, mirror)


def layout_from(spots: tuple[tuple[float, float], ...], mirror: bool = False
                ) -> dict[int, tuple[float, float]]:
    """Every planet's place from faction 0's three `spots` (see `LAYOUT_SPOTS`), optionally
    mirrored across the diagonal through faction 0's corner."""
    out: dict[int, tuple[float, float]] = {}
    c = FIELD / 2.0
    for p in PLANETS:
        radius, angle = spots[3 - p.dots]
        a = (math.pi / 2.0 - angle if mirror else angle) + p.faction * math.pi / 2.0
        out[p.planet_id] = (round(c + radius * math.cos(a), 3), round(c + radius * math.sin(a), 3))
    return out


# ---------------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------------

SURVIVOR_POINTS = 2
"""Per planet of your faction still in play at the end."""
DESTROYED_POINTS: dict[int, int] = {1: 3, 2: 4, 3: 5}
"""Per enemy planet you destroyed, by its dots. Your own destroyed planets score nothing."""
GAME_END_DESTROYED = 7
"""The game ends once this many planets are destroyed (or a whole faction is gone)."""
SHORT_END: dict[int, int] = {2: 3, 3: 6, 4: 6}
"""The lobby's short match: it ends once this many planets are destroyed, by player count
(the rulebook's `GAME_END_DESTROYED` stays the default). Two players at 3: about 13 rounds
(newcomer against Easy, `tiers --pace`), where 5 took about 20 and a stranger was in round
13 after 35 minutes of a match the lobby called 11 minutes."""
MATCH_LENGTH_HELP = (
    "New to Cosmic Kaboom? Choose Short. Rulebook: the match ends when 7 planets are "
    "destroyed, about 30 rounds with two "
    "players (15 minutes with quick hands, an hour or more for a first game). Short: at 3 "
    "planets with two players, about 13 rounds (5 to 35 minutes); 6 with three or four, "
    "about 18 rounds.")
"""The lobby's words for the match lengths, in rounds measured (`tiers --pace`: a newcomer
model against Easy AIs, 30 and 13 rounds at two seats, 18 at four) and minutes from that
model's quick pace to a stranger's first evening (round 13 after 35 minutes)."""
LENGTHS = ("rulebook", "short")
"""The lobby's match lengths: the rulebook's end, or the short one (`SHORT_END`)."""
LAYOUTS = ("laid out", "you place")
"""The lobby's setups: the quick start on `start_layout` (a board drawn from the seed), or
the rulebook's step 5 where the players place their planets in turn."""


def end_at(players: int, length: str) -> int:
    """Planets destroyed that end a match of `length` ("rulebook" or "short")."""
    if length == "short":
        return SHORT_END.get(players, GAME_END_DESTROYED)
    return GAME_END_DESTROYED

# ---------------------------------------------------------------------------------------------
# Advancement cards
# ---------------------------------------------------------------------------------------------


class Effect(StrEnum):
    """What a card does, as the rules apply it."""

    EXTRA_FLICK = "extra_flick"
    KEEP_HOLD = "keep_hold"
    BANK_IN_PLACE = "bank_in_place"
    MOVE_CRYSTAL = "move_crystal"
    SHIELD = "shield"
    GAIN_CUBE = "gain_cube"
    DISCARD_RIVAL_CUBE = "discard_rival_cube"
    RECALL_RIVALS = "recall_rivals"
    BOMB_RETRY = "bomb_retry"
    EARLY_BOMB = "early_bomb"
    MOVE_OWN_PLANET = "move_own_planet"
    DRAW_CARD = "draw_card"
    REPEAT_HIT_FLICK = "repeat_hit_flick"
    SALVAGE = "salvage"


AUTOMATIC_EFFECTS: frozenset[Effect] = frozenset({Effect.KEEP_HOLD, Effect.SHIELD, Effect.SALVAGE})
"""Cards that are never played: they trigger by themselves, then go to the discard pile."""


@dataclass(frozen=True)
class CardDef:
    """An Advancement card: id, name, the one line printed on its face, copies, effect kind."""

    card_id: str
    name: str
    text: str
    count: int
    effect: Effect

    @property
    def automatic(self) -> bool:
        """Triggers by itself instead of being played."""
        return self.effect in AUTOMATIC_EFFECTS


CARDS: tuple[CardDef, ...] = (
    CardDef("afterburner", "Afterburner", "Flick one extra time this turn.", 2,
            Effect.EXTRA_FLICK),
    CardDef("escape_pod", "Escape Pod",
            "Automatic: the next time your ship is destroyed with crystals aboard, keep them.", 2,
            Effect.KEEP_HOLD),
    CardDef("teleporter", "Teleporter",
            "Bank your Cargo Hold at your Base; your ship stays where it is.", 1,
            Effect.BANK_IN_PLACE),
    CardDef("crystal_magnet", "Crystal Magnet",
            "Move one Energy Crystal to another surviving planet of its colour.", 1,
            Effect.MOVE_CRYSTAL),
    CardDef("planetary_shield", "Planetary Shield",
            "Automatic: the next Space Bomb that would destroy your planets spares them.", 2,
            Effect.SHIELD),
    CardDef("supply_drop", "Supply Drop",
            "Put a crystal of a colour you lack into your Cargo Hold.", 1,
            Effect.GAIN_CUBE),
    CardDef("hijack", "Hijack", "Discard one crystal from another player's Cargo Hold.", 1,
            Effect.DISCARD_RIVAL_CUBE),
    CardDef("emp_blast", "EMP Blast",
            "Every other ship returns to its Base, keeping its Cargo Hold.", 1,
            Effect.RECALL_RIVALS),
    CardDef("second_payload", "Second Payload",
            "Play before your Space Bomb toss: if it misses, toss again at once.", 2,
            Effect.BOMB_RETRY),
    CardDef("prototype_bomb", "Prototype Bomb",
            "At the start of your turn with three colours banked, toss the Space Bomb.", 1,
            Effect.EARLY_BOMB),
    CardDef("orbital_shift", "Orbital Shift",
            "Pick up one of your planets and place it anywhere inside space.", 1,
            Effect.MOVE_OWN_PLANET),
    CardDef("intelligence", "Intelligence",
            "Draw two Advancement cards and keep one.", 1, Effect.DRAW_CARD),
    CardDef("tractor_beam", "Tractor Beam",
            "Once this turn, hitting a crystal of a colour you hold grants another flick.", 1,
            Effect.REPEAT_HIT_FLICK),
    CardDef("salvage", "Salvage Rights",
            "Automatic: when your flick destroys another ship, take what you lack "
            "from its Hold.", 1, Effect.SALVAGE),
)
CARDS_BY_ID: dict[str, CardDef] = {c.card_id: c for c in CARDS}
DECK_SIZE = sum(c.count for c in CARDS)


def deck_list() -> list[str]:
    """The unshuffled deck: each card id as many times as its count, in table order."""
    return [c.card_id for c in CARDS for _ in range(c.count)]


RULES_NOTES: list[str] = [
    "Space is the square between the four Bases; unused factions' Bases still mark its corners.",
    "Each faction comes with three planets, one of each colour but its own, with 1, 2 and 3 "
    "dots: with four players each owns 3 planets, with three players 4, with two players 6.",
    "Each colour's Energy Crystal starts on its 1-dot planet and travels 1 -> 2 -> 3 -> 1.",
    "With two or three players, the unused factions' planets are dealt out evenly, lowest dots "
    "first, from the last seat; they then belong to their new owner's faction.",
    "The first player is drawn at random.",
    "A flick collects every crystal its ship touches whose colour you lack, in order; any "
    "collection grants one more flick. Only the flicked ship collects. A ship resting against "
    "a planet leaves it without touching it again.",
    "Hitting a crystal of a colour in your Hold or Base moves nothing and grants nothing.",
    "A ship completely outside space is destroyed: its Hold is lost and it docks at its Base. "
    "If it was the flicked ship, the turn ends.",
    "Instead of flicking you may return to your Base and bank your Hold (fly-back variant: "
    "your flick must end on your Base).",
    "Four colours banked at the start of your turn: you toss the Space Bomb instead. Planets it "
    f"covers by at least {BOMB_OVERLAP:.0%} at rest are destroyed; a hit discards the four "
    "crystals, a miss keeps them. A toss from in front of your Base is a foul and does nothing.",
    "A planet pushed out of space is placed back at once by its owner.",
    "When one of your planets is destroyed, draw two Advancement cards and keep one.",
    "Cards are played on your own turn, any number; Automatic cards trigger by themselves.",
    f"The game ends when {GAME_END_DESTROYED} planets are destroyed, a player has lost every "
    f"planet, or after {MAX_ROUNDS} rounds. It also ends, scored as it stands, when no Space "
    "Bomb can ever be built again: a colour's last planet is gone (so is its crystal) and "
    "nobody holds a crystal of that colour.",
    f"Score {SURVIVOR_POINTS} per surviving planet of yours, 3/4/5 per enemy 1/2/3-dot planet "
    "you destroyed, nothing for your own. Tied highest scores share the win.",
    "Setup (lobby, Planets): the quick start ('laid out') puts the planets on one of "
    "twelve ready boards, drawn from the match seed; "
    "'you place' is the rulebook's step 5: from the first player, each player in turn "
    "places one of their planets (lowest dots first; a person drags it, an AI chooses), none "
    "touching another and all completely inside space.",
    f"Planets keep clear of the Bases: no planet is placed (setup, quick-start boards, placed "
    f"back after being pushed out, moved by a card) with its centre within {BASE_CLEAR:.0f} "
    f"units (a quarter of space's side) of a Base's corner, so a ship leaving its Base always "
    "has straight lanes out. The rulebook only asks that planets not touch; planets knocked "
    "toward a Base during play stay where they stop.",
    "One card per planet: a player draws (two, keeps one) once for every one of their planets "
    "destroyed, so a bomb that destroys two of your planets gives you two draws. The rulebook "
    "gives a card 'any time a player has one of their planets destroyed', and each planet "
    "destroyed is one such time. Your own bomb on your own planet counts too.",
    "Match length (lobby): the rulebook's end (7 planets destroyed) is the default; a short "
    "match ends at " + ", ".join(f"{v} with {k} players" for k, v in SHORT_END.items())
    + " (or when a player has lost every planet), for about half the rounds.",
    "Drawing two Advancement cards offers two different cards: the top card and the next "
    "one unlike it (cards passed over stay where they are). Two alike are offered only when "
    "the deck holds nothing else; the rulebook's choice of one of two is never a choice "
    "between copies.",
    f"Touching on a screen: a flicked ship that comes to rest with its edge within "
    f"{TOUCH_SLACK:.0f} units (about 9 pixels at 1280x720) of a planet's edge has touched "
    "it, as its drawn hull then reaches into the ring the preview draws round that planet. "
    "The rulebook's 'collides with' is a matter of hands; what the screen shows touching "
    "counts.",
]
