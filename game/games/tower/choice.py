"""The builder's choice of tiles before the sand timer turns: applied, recorded, and the AI's.

Pure Python, no pygame. Eight small towers are open at the start of a turn: the four on the
pads and the `OPEN_SPARES` beside the row (`MatchState.spares`). While the match is READY the
builder may swap any small pad's tile with a spare (`MatchState.choose_tile`). `choose` applies
one swap and tells the match's recorder (a replay input `choose slot spare`), so the scene, the
headless simulation and `replay --verify` play the same match. `choose_row` is what an AI
builder swaps: it keeps on the pads the towers it builds best (points for the seconds its hand
needs, shied by its caution from unstable ones, blocks shared fairly between them); easier
tiers look at fewer spares and judge with more noise, and Easy keeps to low tiles.
"""

from __future__ import annotations

import math
from collections import Counter

from game.core.rng import derive_rng
from game.games.tower.ai import BUILDER_SKILLS, PLAIN_BLOCKS, BuilderSkill
from game.games.tower.data import INVENTORY, MEGA_SLOT, TILES, TileDef, difficulty
from game.games.tower.rules import ChooseTile, MatchState, Rejected
from game.games.tower.turn import TurnRecorder

CHOICE_INPUT = "choose"
"""The replay input of one swap: `[choose, slot, spare]` from the builder's seat."""

LOOKS: dict[str, int] = {"easy": 2, "medium": 3, "hard": 4}
"""How many spares (from the left) each AI tier weighs; the others it does not consider."""
NOISE: dict[str, float] = {"easy": 0.6, "medium": 0.25, "hard": 0.0}
"""Spread (log scale) of an AI tier's misjudgement of a tower's worth."""
MOST_POINTS: dict[str, int] = {"easy": 4}
"""The most points a tile may be worth for an AI tier to swap it onto a pad, or to keep it
there while a lower one is open: Easy keeps to tiles it finishes at its pace. Its noise once
swapped in a Needle and a Lamp (6 points each) and it scored 12 in a turn, after turns of 0, 0
and 3 in the match before (a stranger found it erratic). A higher tile it builds only when
dealt one and no lower one is open. Ladder, 40 matches a pair (`tiers.py`): easy-newcomer
51.2% -> 48.8%, medium-easy 75.0% -> 73.8%; Easy's builder turns scored 5.66 -> 5.47 on
average, 0 in 2% -> 3%, 10 or more in 7% -> 6% (at most 13, was 14). Kept to 3 points,
Medium beat it in 91%."""
BEYOND_REACH = 0.05
"""How much a tile above its `MOST_POINTS` is worth to a tier, against its worth."""


def choose(match: MatchState, slot: int, spare: int,
           recorder: TurnRecorder | None = None) -> Rejected | None:
    """Swap a small pad's tile with a spare (before the timer) and record it for the replay."""
    seat = match.builder
    why = match.apply(ChooseTile(seat, slot, spare))
    if why is None and recorder is not None:
        recorder.note(seat, CHOICE_INPUT, (slot, spare))
    return why


def tile_value(tile: TileDef, skill: BuilderSkill) -> float:
    """What a tower is worth to an AI builder: points per second of building, less for an
    unstable one, and for a plain builder (Easy) less for a long one (`BuilderSkill.plain`):
    the same measure its hand uses to pick what to build next, so the Easy builder does not
    choose Needles for the pads that its hand then leaves for a Bench."""
    instability = (difficulty(tile.pieces) - len(tile.pieces)) / len(tile.pieces)
    seconds = len(tile.pieces) * skill.block_time
    plain: float = (PLAIN_BLOCKS / max(PLAIN_BLOCKS, len(tile.pieces))) ** skill.plain
    return tile.points / seconds / (1.0 + skill.caution * instability) * plain


def choose_row(match: MatchState, skill: str) -> list[tuple[int, int]]:
    """The swaps (pad slot, spare index, applied in order) an AI builder of `skill` makes.

    It ranks the open towers by `tile_value` (with its tier's noise, seeded by the match and
    turn, so a seed always makes the same choice), takes the best ones whose blocks the tray
    holds together, then the best of the rest, and keeps on its pad every chosen tile already
    there. Nothing when no swap is allowed, or for random legal play (simulate's baseline),
    which builds on the tiles as dealt."""
    if skill not in LOOKS:
        return []
    pads = [s for s in range(len(match.row)) if s != MEGA_SLOT]
    if not match.spares or any(match.can_choose(s, 0) is not None for s in pads):
        return []
    base = BUILDER_SKILLS[skill]
    rng = derive_rng(match.seed, "choice", match.builder, match.turn)
    noise = NOISE[skill]
    most = MOST_POINTS.get(skill)
    # Easy does not bring a tile above its `MOST_POINTS` onto a pad at all.
    looked = [t for t in match.spares[:LOOKS[skill]] if most is None or TILES[t].points <= most]
    open_tiles = [t for t in (match.row[s] for s in pads) if t is not None] + looked
    worth = {t: tile_value(TILES[t], base) * math.exp(rng.gauss(0.0, noise) if noise else 0.0)
             for t in open_tiles}
    if most is not None:
        for t in open_tiles:
            if TILES[t].points > most:
                worth[t] *= BEYOND_REACH
    ranked = sorted(open_tiles, key=lambda t: (-worth[t], t))
    chosen: list[int] = []
    need: Counter[str] = Counter()
    for t in ranked:  # first the best set the 16 blocks build at once
        more = need + TILES[t].needs()
        if len(chosen) < len(pads) and all(more[k] <= INVENTORY[k] for k in more):
            chosen.append(t)
            need = more
    for t in ranked:  # then the best of the rest, for a second try or a change of mind
        if len(chosen) < len(pads) and t not in chosen:
            chosen.append(t)
    row = list(match.row)
    spares = list(match.spares)
    swaps: list[tuple[int, int]] = []
    incoming = [t for t in chosen if t in spares]
    for slot in pads:
        if not incoming:
            break
        if row[slot] in chosen:
            continue
        t = incoming.pop(0)
        i = spares.index(t)
        swaps.append((slot, i))
        old = row[slot]
        if old is None:
            row[slot] = spares.pop(i)
        else:
            row[slot], spares[i] = t, old
    return swaps


def ai_choose(match: MatchState, skill: str,
              recorder: TurnRecorder | None = None) -> list[tuple[int, int]]:
    """An AI builder makes its choice (`choose_row`), recorded; returns the swaps it made
    (slot, spare), for the screen to show."""
    return [(slot, spare) for slot, spare in choose_row(match, skill)
            if choose(match, slot, spare, recorder) is None]
