"""Who knocked a tower down: a saboteur's hit credited by name ("Ben's die knocks the short beam
off the Stack!"), live and again when the turn is judged.

Pure Python (no pygame): the scene feeds it the world's dice events and each tile's live verdict;
a tower that loses right blocks soon after one of its blocks was hit by a die is that die's
saboteur's knock. Saboteurs score no points in the rulebook: their payoff is the builder's points
they deny, so a knock on a finished tower says how many points it denied.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.core.voice import Voice, count
from game.games.tower.data import (
    ORIENTATION_ANGLE,
    SHAPES,
    TILES,
    UPRIGHT_TOLERANCE_DEG,
    Piece,
    tower_words,
)
from game.games.tower.rules import TileJudgement

KNOCK_WINDOW = 120
"""World frames (2 s) after a die hits a block in which that tower's fall is the die's doing."""
IN_FLIGHT_SPEED = 120.0
"""World units a second a die must move at when it touches a block to be a die in flight (one
lying on a pad that a builder's block slides into knocks nothing)."""
FALL_CONFIRM = 20
"""World frames (1/3 s) a tower must stay below where it was for its drop to be a fall: a die
that jolts a tower makes its blocks hop off each other for a moment, and a tower that stands
back up was not knocked down (no KABOOM!, no knock credited)."""


class FallWatch:
    """Per tile, a drop in a tower's right blocks, confirmed only if it lasts `FALL_CONFIRM`
    frames: then (the verdict before the drop, the verdict now) is a fall."""

    def __init__(self, confirm: int = FALL_CONFIRM) -> None:
        self.confirm = confirm
        self.pending: dict[int, tuple[TileJudgement, int]] = {}
        """Slot -> (the verdict before the drop, the frame it dropped)."""
        self.dropped_at = 0
        """The frame the last confirmed fall began (a knock's window counts to the drop, not
        to its confirmation)."""

    def seen(self, before: TileJudgement | None, now: TileJudgement, frame: int,
             by_hand: bool) -> TileJudgement | None:
        """A tile's new verdict: the verdict before a fall once the fall is confirmed, else
        None. A drop the builder's hand made (lifting a block off) is never a fall."""
        pend = self.pending.get(now.slot)
        if pend is None:
            if before is not None and not by_hand and before.tile_id == now.tile_id \
                    and now.progress < before.progress:
                self.pending[now.slot] = (before, frame)
            return None
        was, since = pend
        if by_hand or was.tile_id != now.tile_id or now.progress >= was.progress:
            del self.pending[now.slot]  # it stood back up (a hop, not a fall)
            return None
        if frame - since < self.confirm:
            return None
        del self.pending[now.slot]
        self.dropped_at = since
        return was


@dataclass(frozen=True)
class Knock:
    """A saboteur's die knocked right blocks off a tower: which pieces, and whether the tower
    had been finished (then its points were denied)."""

    slot: int
    tile_id: int
    seat: int
    lost: tuple[Piece, ...]
    was_complete: bool
    progress_before: int
    frame: int
    shoved: bool = False
    """The tower was pushed off its tile rather than knocked apart: it may still stand, and
    "knocks the Table down" over a standing Table read as unfair to a stranger."""

    @property
    def denied(self) -> int:
        """Points the knock took from the builder: a finished small tower's tile points."""
        tile = TILES[self.tile_id]
        return tile.points if self.was_complete and not tile.mega else 0


def _shoved_whole(before: TileJudgement, now: TileJudgement) -> bool:
    """Whether the tower was pushed off its tile standing: every block still there, the
    bottom one of the printed kind and turned as printed (a fallen tower's lies on its side)."""
    if now.reason != "not on the tile" or now.progress != 0 or now.found_angle is None:
        return False
    kind, orient = TILES[now.tile_id].pieces[0]
    off = (now.found_angle - ORIENTATION_ANGLE[orient] + math.pi / 2) % math.pi - math.pi / 2
    return (now.found == kind and abs(off) < math.radians(UPRIGHT_TOLERANCE_DEG)
            and now.extra >= before.progress)


def tower_name(tile_id: int) -> str:
    """'the Stack', 'the Table tower', 'the Mega tower'."""
    return tower_words(tile_id)


def lost_words(lost: tuple[Piece, ...]) -> str:
    """'the short beam', 'the roof and the cube' (top first), '2 pillars', '3 blocks'."""
    names = [SHAPES[shape].name.lower() for shape, _ in reversed(lost)]
    if len(names) == 1:
        return f"the {names[0]}"
    if len(set(names)) == 1:
        return count(len(names), names[0])
    if len(names) == 2:
        return f"the {names[0]} and the {names[1]}"
    return count(len(names), "block")


def _what(k: Knock, verb: str) -> str:
    """'knocks the cube off the Stack', or 'knocks the Stack down' when none of it is left, or
    'shoves the Table off its tile' when it was pushed off whole."""
    if k.shoved:
        shove = {"knocks": "shoves", "knocked": "shoved"}.get(verb, verb)
        return f"{shove} {tower_name(k.tile_id)} off its tile"
    if len(k.lost) >= 2 and len(k.lost) == k.progress_before:
        return f"{verb} {tower_name(k.tile_id)} down"
    return f"{verb} {lost_words(k.lost)} off {tower_name(k.tile_id)}"


def knock_words(k: Knock, voice: Voice, builder: int) -> str:
    """The live announcement: "Ben's die knocks the short beam off the Stack!", and on a line of
    its own whose points are now at stake, "Ann must rebuild it or lose 3 points" (saboteurs
    score by denying the builder's points; a bare "3 points denied" did not say whose). Said at
    the hit, it states no loss: "That costs Ben 2 points" was shown for a tower Ben then rebuilt
    and scored (a stranger); the score screen charges only towers that end unscored."""
    said = f"{voice.Poss(k.seat)} die {_what(k, 'knocks')}!"
    if k.denied:
        said += f"\n{voice.subj(builder)} must rebuild it or lose {count(k.denied, 'point')}"
    return said


def knocked_words(k: Knock, voice: Voice) -> str:
    """Why a knocked tower did not score, at the judging: "Ben's die knocked the short beam off
    the Stack"."""
    return f"{voice.Poss(k.seat)} die {_what(k, 'knocked')}"


def board_words(k: Knock, voice: Voice, builder: int, costly: Knock | None = None) -> str:
    """A knocked tower named on the scoreboard, with the points it cost: "Ben's die knocked
    the Stack down: no 5 points for Ann" (a stranger's board said only "cost you 6 pts", and
    not which towers)."""
    said = knocked_words(k, voice)
    if costly is not None and costly.denied:
        # "no 5 points for Ben": "Ben loses the Temple's 5 points" read as points he had had
        # and lost (a stranger: "he never had them")
        said += f": no {count(costly.denied, 'point')} for {voice.obj(builder)}"
    return said


class KnockLedger:
    """One turn's dice hits and the knocks they caused, per tile."""

    def __init__(self, window: int = KNOCK_WINDOW) -> None:
        self.window = window
        self.owner: dict[int, int] = {}
        """Die id -> the seat that fired it."""
        self.hits: dict[int, list[tuple[int, int]]] = {}
        """Block id -> (seat, world frame) of each die hit on it, in order (a later die on the
        falling block must not hide the one that knocked it)."""
        self.slot_hits: dict[int, list[tuple[int, int]]] = {}
        """Slot -> (seat, world frame) of each die hit on any block on that tile, right or not
        (a roof still sliding into place is not yet in the tower's right stack)."""
        self.knocks: dict[int, Knock] = {}
        """Slot -> the last knock on that tile this turn."""
        self.lifted: dict[int, int] = {}
        """Block id -> the slot whose tower the builder's hand last lifted it off."""
        self.held_out: dict[int, str] = {}
        """Slot -> the shape key of its tower's block the hand still held when the sand ran out
        (it went back to the tray): the tower failed by that, not by an earlier knock (a
        stranger's board blamed the opponent's die for the Totem whose top block he held)."""
        self.costly: dict[int, Knock] = {}
        """Slot -> the last knock that took a finished tower down there (its toast said
        "Ana must rebuild it or lose 3 points"), kept when a later knock on the half-rebuilt
        tower replaces it."""

    def fired(self, seat: int, die_id: int) -> None:
        """A saboteur's catapult launched this die."""
        self.owner[die_id] = seat

    def hit(self, die_id: int, block_id: int, frame: int, slot: int | None = None,
            speed: float = IN_FLIGHT_SPEED) -> None:
        """A die touched a block at `speed`, standing on tile `slot` if known; unknown dice and
        dice at rest (slower than `IN_FLIGHT_SPEED`) are ignored: a die is blamed only when it
        was in flight."""
        seat = self.owner.get(die_id)
        if seat is not None and speed >= IN_FLIGHT_SPEED:
            self.hits.setdefault(block_id, []).append((seat, frame))
            if slot is not None:
                self.slot_hits.setdefault(slot, []).append((seat, frame))

    def judged(self, before: TileJudgement | None, now: TileJudgement,
               frame: int, dropped: int | None = None) -> Knock | None:
        """A tile's new live verdict: a new or grown knock when the tower lost right blocks
        within the window after a die hit one of them or any block on its tile (the tower
        fell at frame `dropped`, default `frame`), else None. A knock seen again a moment
        later (the next block falling) grows the same knock."""
        if before is None or before.tile_id != now.tile_id or now.progress >= before.progress:
            return None
        at = frame if dropped is None else dropped
        # Only a hit before the drop began knocked the tower: a second saboteur's die that
        # landed on the falling blocks a moment later was credited with the first one's
        # knock (a stranger read "Ben's die shoves the Gatehouse off its tile!" of her own
        # red die, and the score screen then named another seat). A hit on the tower's own
        # blocks outranks one on loose blocks on its tile.
        def recent(hits: list[tuple[int, int]]) -> list[tuple[int, int]]:
            return [h for h in hits if at - self.window <= h[1] <= at]

        struck = recent([h for b in before.stack for h in self.hits.get(b, ())])
        if not struck:
            struck = recent(self.slot_hits.get(now.slot, []))
        if not struck:
            return None
        seat, hit_at = max(struck, key=lambda h: h[1])
        pieces = TILES[now.tile_id].pieces
        shoved = _shoved_whole(before, now)
        old = self.knocks.get(now.slot)
        if old is not None and old.tile_id == now.tile_id and hit_at <= old.frame \
                and frame - old.frame <= self.window and now.progress < old.progress_before:
            # the same fall going on (no die has hit the tower since): the same die's knock
            knock = replace(old, lost=tuple(pieces[now.progress:old.progress_before]),
                            frame=frame, shoved=shoved)
        else:
            knock = Knock(now.slot, now.tile_id, seat,
                          tuple(pieces[now.progress:before.progress]), before.complete,
                          before.progress, frame, shoved)
        self.knocks[now.slot] = knock
        if knock.denied:
            self.costly[now.slot] = knock
        return knock

    def lifted_off(self, block_id: int, slot: int) -> None:
        """The builder's hand took `block_id` off the tower on `slot`."""
        self.lifted[block_id] = slot

    def timed_out(self, block_id: int, shape: str) -> None:
        """The sand ran out with `block_id` (a `shape`) in the hand: back to the tray."""
        slot = self.lifted.get(block_id)
        if slot is not None:
            self.held_out[slot] = shape

    def held_words(self, j: TileJudgement) -> str | None:
        """Why a tower that lost a block to the hand at time-out scored nothing: "the Totem's
        pillar was still in hand when the sand ran out", else None."""
        shape = self.held_out.get(j.slot)
        if shape is None or j.scored:
            return None
        name = tower_words(j.tile_id)
        whose = f"{name}'" if name.endswith("s") else f"{name}'s"
        return f"{whose} {SHAPES[shape].name.lower()} was still in hand when the sand ran out"

    def standing_knock(self, j: TileJudgement) -> Knock | None:
        """The knock that explains a tile's final verdict: the tower did not score and never got
        back to where it was before the knock (not one whose block the hand held at time-out)."""
        k = self.knocks.get(j.slot)
        if j.slot in self.held_out:
            return None
        if k is None or j.scored or k.tile_id != j.tile_id or j.progress >= k.progress_before:
            return None
        return k

    def board_note(self, j: TileJudgement, voice: Voice, builder: int) -> str | None:
        """The scoreboard's line for a knocked tower that ended unscored, or None. It names the
        saboteur `denied` credits with its points: a stranger's board gave Ben's row "cost you
        2 pts" under the line "Cleo's die knocked the Steps down" (Ben's die took the finished
        tower down; Cleo's then knocked the half-rebuilt one). Then both are said. A tower
        whose block the hand held at time-out says so instead (`held_words`)."""
        held = self.held_words(j)
        if held is not None:
            return f"{voice.Poss(builder)} {held[4:]}" if held.startswith("the ") else held
        knock = self.standing_knock(j)
        if knock is None:
            return None
        costly = self.costly.get(j.slot)
        if costly is None or costly.tile_id != j.tile_id or j.scored:
            return board_words(knock, voice, builder)
        said = board_words(costly, voice, builder, costly)
        if knock is not costly:
            if knock.seat == costly.seat and _what(knock, "") == _what(costly, ""):
                # the same die's work twice: "...; then again, rebuilt" (a stranger read
                # "Your die knocked the Lamp down" twice in one line)
                said += ", and again once rebuilt"
            else:
                said += f"; then {voice.poss(knock.seat)} die {_what(knock, 'knocked')}"
        return said

    def denied(self, judgements: Iterable[TileJudgement]) -> dict[int, int]:
        """Per saboteur seat, the points their knocks kept from the builder this turn: finished
        towers they knocked that did not score (the saboteur's payoff in the rulebook). Every
        knock whose toast said "... or lose N points" counts while its tower ends unscored, even if
        another die then knocked the half-rebuilt tower (a stranger's toast said "That costs
        Ben 3 points" and the score screen showed nothing denied)."""
        out: dict[int, int] = {}
        for j in judgements:
            k = self.costly.get(j.slot)
            if k is not None and not j.scored and k.tile_id == j.tile_id \
                    and j.slot not in self.held_out:
                out[k.seat] = out.get(k.seat, 0) + k.denied
        return out
