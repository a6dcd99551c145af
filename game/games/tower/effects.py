"""Tower Kaboom's table effects: sound cues, dust and splinters, confetti, screen shake, comic
words on the table (KABOOM!, +3, TIME!) and a tower's "why not" note on the spot.

`TowerEffects` keeps their state for one `TowerScene` and reacts to what happens (world events,
a fall, the judging show); `view.py` draws it. Nothing here changes the match.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.rng import derive_rng, derive_seed
from game.games.tower import art, hud
from game.games.tower.camera import CARD_STRIP_BOTTOM
from game.games.tower.data import (
    LYING,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    UPRIGHT,
    VIEW_H,
    VIEW_W,
    Piece,
    said_as_tower,
)
from game.games.tower.events import (
    BlockPlaced,
    BlockRefused,
    BlockReturned,
    DieCleared,
    DieFired,
    DieHit,
    Impact,
    TileClosed,
    TimeUp,
    TurnEvent,
)
from game.games.tower.hud import CHIP_H
from game.games.tower.rules import TileJudgement, explain, refused_words
from game.ui import theme
from game.ui.particles import Particles
from game.ui.tween import settle_shake

if TYPE_CHECKING:
    from game.games.tower.scene import TowerScene

Colour = tuple[int, int, int]

NOTE_SECONDS = 3.5
"""How long a tile's "why not" note stays on screen after a tower goes wrong."""
NOTE_REASONS = ("wrong order", "toppled", "too many blocks", "not one stack", "not on the tile")
"""Live verdicts worth telling the builder at once (not "unfinished": that is just building)."""
BLOCKED_WORDS = "A fallen block is in the way:\nlift it off"
"""Said by a pad while the held block would go there next but a stray block stops it settling."""
CREDIT_SECONDS = 4.0
"""How long a saboteur's knock ("Ben's die knocks the cube off the Stack!") stays on screen."""
CELEBRATE_SECONDS = 6.0
"""Confetti falls this long over the final scoreboard."""


POPUP_RISE = 12.0
"""Pixels a second a popup drifts up while it shows (`view._draw_popups`)."""
POPUP_MARGIN = 4.0
"""Pixels kept between a popup's burst and the screen's edge or another burst."""


def popup_rect(pop: Popup) -> tuple[float, float, float, float]:
    """The screen box (x0, y0, x1, y1) a popup's burst covers over its whole life: the burst
    at its fullest around where it starts and where it has risen to."""
    reach = hud.comic_reach(pop.word, pop.size)
    rise = pop.life * POPUP_RISE
    return (pop.x - reach, pop.y - rise - reach, pop.x + reach, pop.y + reach)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    m = POPUP_MARGIN
    return a[0] < b[2] + m and b[0] < a[2] + m and a[1] < b[3] + m and b[1] < a[3] + m


SCORE_POP_SIZE = 20
"""The text size of a won tile's points popping up under the builder's chip."""


def how_it_stands(piece: Piece) -> str:
    """How a card's piece stands, in words a newcomer can match to the block: "standing on its
    end" for a long or short beam upright (a stranger took the Needle's standing long beam for
    a pillar), "standing up", "lying flat"; "" for a block that goes only one way."""
    shape, orientation = piece
    if len(SHAPES[shape].orientations) < 2:
        return ""
    if orientation == LYING:
        return "lying flat"
    return "standing on its end" if shape in ("beam", "plank") else "standing up"


def refusal_note(tile_id: int, shape: str, needed: str, progress: int) -> str:
    """Why a block let go at a tower's next spot went back to the tray: the piece that spot
    wants and how it stands ("That spot needs the long beam, standing on its end, not a
    pillar"), or that the tower is finished."""
    if not needed:
        return said_as_tower(refused_words(tile_id, shape, needed), tile_id)
    pieces = TILES[tile_id].pieces
    piece = next((p for p in pieces[max(0, progress):] if p[0] == needed),
                 next((p for p in pieces if p[0] == needed), (needed, UPRIGHT)))
    how = how_it_stands(piece)
    name = SHAPES[needed].name.lower()
    got = SHAPES[shape].name.lower()
    a = "an" if got[0] in "aeiou" else "a"
    return (f"That spot needs the {name}, {how}, not {a} {got}" if how
            else f"That spot needs the {name}, not {a} {got}")


@dataclass
class Popup:
    """A short-lived comic word or number on the table (KABOOM!, +3, TIME!)."""

    word: str
    x: float
    y: float
    life: float
    size: int = 34
    colours: tuple[Colour, Colour] = (theme.SPARK, theme.FUSE)
    age: float = 0.0
    rot: float = 0.0
    faint: bool = False
    """Drawn see-through: nowhere near was clear of the towers a person is building."""


class TowerEffects:
    """The effects of one table: what they show now, and how they react to the play."""

    def __init__(self, scene: TowerScene, seed: int) -> None:
        self.scene = scene
        self.rng = derive_rng(seed, "fx", 0)
        self.dust = Particles(220, seed=derive_seed(seed, "fx", 1))
        self.splinters = Particles(140, seed=derive_seed(seed, "fx", 2))
        self.confetti = Particles(160, seed=derive_seed(seed, "fx", 3))
        """At most 160 pieces (260 cost the final scoreboard ~2 ms a frame in bench)."""
        for p in (self.dust, self.splinters, self.confetti):
            p.enabled = not scene.app.reduced_motion
        self.popups: list[Popup] = []
        self.shake = 0.0
        self.shake_off = (0, 0)
        self.notes: dict[int, tuple[str, float]] = {}
        """Per slot, why its tower is wrong in player words, and seconds left to show it."""
        self.noted: dict[int, str] = {}
        self.refusals: dict[int, tuple[str, float]] = {}
        """Per slot, why the block just let go at its tower's spot went back to the tray (the
        spot wants another block), and seconds left to show it."""
        """Per slot, the wrong this turn's note told of (told once, until the tower is right)."""
        self.refused_kind: dict[int, str] = {}
        """Per slot, the kind its last refusal asked for: marked in the tray while the refusal
        shows (`asked_kinds`)."""
        self.blocked: dict[int, str] = {}
        """Per slot, while the builder holds a block over a pad whose tower wants that kind
        next but a block that does not belong is in the way: what to do (`BLOCKED_WORDS`)."""
        self.credits: dict[int, tuple[str, float, Colour]] = {}
        """Per slot, a saboteur's knock in words, seconds left to show it, and their colour."""
        self.credit_seats: dict[int, int] = {}
        """Per slot with a knock in `credits`, whose die it was."""

    # -- cues -----------------------------------------------------------------------------------

    def sound(self, name: str, volume: float = 1.0, x: float | None = None) -> None:
        """A sound, panned to where on the table it happened."""
        pan = 0.0 if x is None else max(-1.0, min(1.0, (x - VIEW_W / 2) / (VIEW_W / 2)))
        self.scene.app.sound.play(name, volume, pan)

    def add_shake(self, amount: float) -> None:
        """Shake the table, except with reduced motion or while a turn's view holds still for
        a human (a shake would move the blocks under their pointer)."""
        sc = self.scene
        if sc.app.reduced_motion or (sc.turn_view is not None and sc.turn is not None
                                     and sc.turn.building):
            return
        self.shake = min(10.0, self.shake + amount)

    def popup(self, pop: Popup) -> None:
        """Show a popup in a free slot: moved inside the screen, then up (or down) clear of
        every burst still showing, so two words never overlap ("KABOOM!" once covered "HIT!",
        a stranger saw). With no free slot near, the older words in its way end now."""
        reach = hud.comic_reach(pop.word, pop.size)
        rise = pop.life * POPUP_RISE
        lo_x, hi_x = reach + POPUP_MARGIN, VIEW_W - reach - POPUP_MARGIN
        lo_y, hi_y = reach + rise + POPUP_MARGIN, VIEW_H - reach - POPUP_MARGIN
        pop.x = min(max(pop.x, lo_x), max(lo_x, hi_x))
        pop.y = min(max(pop.y, lo_y), max(lo_y, hi_y))
        live = [popup_rect(p) for p in self.popups]
        keep = self._keep_clear()  # the towers a person is building: a burst never hides them
        sx, sy = 2 * reach + POPUP_MARGIN, 2 * reach + rise + POPUP_MARGIN
        x0, y0 = pop.x, pop.y
        # The nearest free slot on a grid of burst-sized steps around where it belongs.
        slots = sorted(((x0 + i * sx, y0 + j * sy) for i in range(-4, 5) for j in range(-3, 4)),
                       key=lambda q: math.hypot(q[0] - x0, 1.5 * (q[1] - y0)))
        if keep:  # clear of the towers being built only near where it belongs (third-burst
            # steps, two at most): whole bursts away, a stranger found KABOOM! 250 px from the
            # tower it hit. Else faint, near it and clear of the other words (below).
            near = sorted(((x0 + i * sx / 3, y0 + j * sy / 3)
                           for i in range(-2, 3) for j in range(-2, 3)),
                          key=lambda q: math.hypot(q[0] - x0, 1.5 * (q[1] - y0)))
        else:
            near = slots
        for x, y in near:
            if not (lo_x <= x <= hi_x and lo_y <= y <= hi_y):
                continue
            pop.x, pop.y = x, y
            if not any(_overlap(popup_rect(pop), r) for r in live + keep):
                break
        else:
            pop.x, pop.y = x0, y0
            if keep:  # nowhere near clear of the towers: see-through, and clear of the other
                # words near it (else they end: the newer word is the news)
                pop.faint = True
                for x, y in near:
                    if lo_x <= x <= hi_x and lo_y <= y <= hi_y:
                        pop.x, pop.y = x, y
                        if not any(_overlap(popup_rect(pop), r) for r in live):
                            break
                else:
                    pop.x, pop.y = x0, y0
        mine = popup_rect(pop)
        self.popups = [p for p in self.popups if not _overlap(popup_rect(p), mine)]
        self.popups.append(pop)

    def _keep_clear(self) -> list[tuple[float, float, float, float]]:
        """While a person builds: the screen boxes of what they need to see (the blocks on the
        table, the column over the tower being built, `guide.needed_areas`); else none."""
        from game.games.tower import guide

        sc = self.scene
        b = sc.builder_ctl
        if b is None or b.kind == "ai" or sc.turn is None or not sc.turn.building:
            return []
        view = sc.table_view
        cards = [view.card_rect(s) for s in range(len(sc.turn_row)) if sc.turn_row[s] is not None]
        # The tile cards (what to build) and the plates of help are read while building too.
        return [(r.left, r.top, r.right, r.bottom)
                for r in [*guide.needed_areas(view), *cards, *view.hint_plates]]

    def emit(self, ps: Particles, x: float, y: float, n: int, colour: Colour,
             **kw: Any) -> None:
        """Particles from a world point: emitted on screen, sized and sped by the zoom."""
        v = self.scene.camera.view
        sx, sy = v.to_screen((x, y))
        z = v.zoom
        for k in ("speed", "size", "gravity"):
            if k in kw:
                kw[k] = kw[k] * z
        ps.emit(sx, sy, n, colour, **kw)

    def splinter(self, x: float, y: float, n: int) -> None:
        for col in ((214, 160, 96), (150, 98, 52)):
            self.emit(self.splinters, x, y, n // 2, col, speed=260, life=0.8, size=2.6,
                      gravity=900, drag=1.0)

    def puff(self, x: float, y: float) -> None:
        """A block leaving with its won tile vanishes in a puff of dust."""
        self.emit(self.dust, x, y, 6, (214, 190, 150), speed=110, life=0.6, size=4,
                  gravity=-40, drag=3.0)

    def kaboom(self, slot: int) -> None:
        """A tower fell: KABOOM! over it, the crash, the table shakes."""
        x0, x1 = SLOT_RANGES[slot]
        wx = (x0 + x1) / 2.0
        sx, sy = self.scene.camera.view.to_screen((wx, TABLE_Y - 80.0))
        x = sx + self.rng.uniform(-10, 10)
        y = max(CARD_STRIP_BOTTOM + 40, sy)
        self.popup(Popup("KABOOM!", x, y, 1.1, 26,
                                 (theme.SPARK, theme.BLAST),
                                 rot=self.rng.uniform(-0.3, 0.3)))
        self.sound("kaboom", 0.9, wx)
        self.sound("tower_fall", 0.8, wx)
        self.add_shake(7.0)

    def knocked(self, slot: int, words: str, colour: Colour, big: bool,
                seat: int | None = None) -> None:
        """A saboteur's die knocked blocks off a tower: their words in their colour by it, and
        (unless a KABOOM! already shows) a HIT! in their colour with splinters and a crack.
        `seat`: whose die (their note keeps off the other saboteurs' catapults)."""
        self.credits[slot] = (words, CREDIT_SECONDS, colour)
        if seat is None:
            self.credit_seats.pop(slot, None)
        else:
            self.credit_seats[slot] = seat
        self.notes.pop(slot, None)
        if big:
            return
        x0, x1 = SLOT_RANGES[slot]
        wx = (x0 + x1) / 2.0
        sx, sy = self.scene.camera.view.to_screen((wx, TABLE_Y - 60.0))
        self.popup(Popup("HIT!", sx + self.rng.uniform(-8, 8),
                                 max(CARD_STRIP_BOTTOM + 40, sy), 1.0, 26,
                                 (colour, theme.INK_3), rot=self.rng.uniform(-0.25, 0.25)))
        self.splinter(wx, TABLE_Y - 40.0, 10)
        self.sound("kaboom", 0.6, wx)

    def verdict(self, slot: int, before: TileJudgement | None, now: TileJudgement,
                by_hand: bool, held: int | None, mine: bool = True) -> None:
        """A tile's live verdict came in: a tower that just went wrong says why, on the spot;
        one that is fine again (or still being built) says nothing. Only a human builder's own
        work gets a note (`mine`: they set a block on that tile a moment ago), never an AI's
        build nor a block a die threw onto a tile nobody builds."""
        if now.reason in NOTE_REASONS and self.noted.get(slot) != now.reason and not by_hand \
                and held not in now.stack and mine:
            why = said_as_tower(explain(now), now.tile_id)
            self.notes[slot] = (why[:1].upper() + why[1:], NOTE_SECONDS)
            self.noted[slot] = now.reason
        elif now.reason not in NOTE_REASONS:
            self.notes.pop(slot, None)
            self.noted.pop(slot, None)

    def on_event(self, ev: TurnEvent) -> None:
        """What a world event sounds and looks like."""
        world = self.scene.world
        if isinstance(ev, Impact):
            # Strengths run from IMPACT_MIN (2000) to about 25000 for a tall piece hitting the
            # table; a die on a block is typically 3000-7000.
            s = ev.strength
            loud = min(1.0, max(0.25, (s - 1000.0) / 8000.0))
            has_die = "die" in ev.kinds
            if has_die and "block" in ev.kinds:
                self.sound("die_hit", loud, ev.x)
            elif s > 6000.0:
                self.sound("wood_hit_hard", loud, ev.x)
            else:
                self.sound("wood_hit_soft", loud, ev.x)
            n = min(10, 2 + int(s / 2500.0))
            self.emit(self.dust, ev.x, ev.y, n, (190, 168, 140), speed=90, life=0.7,
                      size=3.5, gravity=-30, drag=3.0)
            if s > 8000.0:
                self.add_shake(min(5.0, s / 6000.0))
            if has_die and s > 4000.0:
                self.splinter(ev.x, ev.y, 6)
        elif isinstance(ev, DieFired):
            self.sound("catapult_fire", 0.9, ev.x)
            self.emit(self.dust, ev.x, ev.y + 8, 5, (200, 180, 150), speed=60, life=0.5,
                      size=3, gravity=-20, drag=3.0)
        elif isinstance(ev, DieHit):
            if ev.direct:
                x, y, _ = world.block_pose(ev.block_id)
                self.splinter(x, y, 8)
                self.add_shake(3.0)
        elif isinstance(ev, DieCleared):
            self.puff(ev.x, ev.y)  # a spent die lifted off a pad (turn.py) leaves in dust
        elif isinstance(ev, BlockPlaced):
            x, y, _ = world.block_pose(ev.block_id)
            self.sound("wood_place", 0.5, x)
        elif isinstance(ev, BlockRefused):
            tid = self.scene.turn_row[ev.slot]
            if tid is not None:
                j = self.scene.judgements.get(ev.slot)
                said = refusal_note(tid, ev.shape, ev.needed, j.progress if j else 0)
                self.refusals[ev.slot] = (said, NOTE_SECONDS)
                self.refused_kind[ev.slot] = ev.needed
            self.sound("ui_error", 0.7)
        elif isinstance(ev, BlockReturned):
            if ev.reason in ("tray", "reach"):
                self.sound("wood_place", 0.35)
        elif isinstance(ev, TileClosed):
            x0, x1 = SLOT_RANGES[ev.slot]
            sx, sy = self.scene.camera.view.to_screen(((x0 + x1) / 2.0, TABLE_Y - 40.0))
            self.popup(Popup("CLOSED", sx, sy, 1.0, 22, (theme.CREAM, theme.BLAST)))
            self.sound("penalty", 0.8, (x0 + x1) / 2.0)
        elif isinstance(ev, TimeUp):
            # Under the cards on the wall, where the judging stamps its ticks (a stranger saw
            # TIME! over them): the whole table is in view by then.
            pop = Popup("TIME!", VIEW_W / 2, 0.0, 1.3, 44, (theme.SPARK, theme.BLAST))
            under = max(art.card_rect(s).bottom for s in range(len(SLOT_RANGES)))
            pop.y = under + hud.comic_reach(pop.word, pop.size) + pop.life * POPUP_RISE \
                + POPUP_MARGIN
            self.popup(pop)
            self.sound("timer_end", 1.0)
            # the turn's notes and knock credits end with it: the judging tells the rest (a
            # stranger's "Your die knocked the short beam off..." stood half under TIME!)
            self.notes.clear()
            self.credits.clear()

    # -- the judging show -----------------------------------------------------------------------

    def no_towers(self) -> None:
        self.popup(Popup("No towers!", 640, 300, 1.6, 30, (theme.CREAM, theme.LINE)))

    def reveal(self, slot: int, scored: bool) -> None:
        """A verdict is stamped on a tile's card."""
        r = art.card_rect(slot)
        if scored:
            self.sound("score", 0.7, r.centerx)
            self.dust.emit(r.centerx, r.y + 60, 10, theme.MINT, speed=160, life=0.6, size=3,
                           gravity=200)
        else:
            self.sound("wood_hit_soft", 0.6, r.centerx)

    def mega(self) -> None:
        """The Mega Tower stood: the loudest moment of the game."""
        self.sound("kaboom", 1.0)
        self.add_shake(8.0)
        for _ in range(6):
            self.confetti.emit(640, 320, 14, self.rng.choice(
                (theme.SPARK, theme.FUSE, theme.MINT, theme.SKY)), speed=520, life=2.2,
                size=4, gravity=420, drag=0.8)

    def card_leaves(self, slot: int) -> None:
        self.sound("wood_place", 0.6, art.card_rect(slot).centerx)

    def card_lands(self, centre: tuple[float, float], points: int) -> None:
        """A won card reached the builder's chip: its points pop up under it, the burst clear of
        the chip all its life (it rose over the BUILDER label, a reviewer saw)."""
        cx, cy = centre
        self.sound("score", 0.9, cx)
        word = f"+{points}"
        # Half a chip, the burst's reach, what a popup rises in its life (12 px a second), a gap.
        # At 20 px it fits between the chips and the cards on the wall.
        drop = CHIP_H / 2 + hud.comic_reach(word, SCORE_POP_SIZE) + 12 + 4
        self.popup(Popup(word, cx, cy + drop, 1.0, SCORE_POP_SIZE,
                                 (theme.MINT, theme.INK_3)))
        self.confetti.emit(cx, cy + 20, 12, theme.SPARK, speed=200, life=0.7, size=3,
                           gravity=300)

    def card_drops(self, slot: int) -> None:
        self.sound("card_slide", 0.6, art.card_rect(slot).centerx)

    # -- time -----------------------------------------------------------------------------------

    def celebrate(self, stage_t: float) -> None:
        """Confetti over the final scoreboard (its first seconds)."""
        if stage_t < CELEBRATE_SECONDS and self.confetti.enabled and self.rng.random() < 0.5:
            col = self.rng.choice((theme.SPARK, theme.FUSE, theme.MINT, theme.SKY, theme.BLAST))
            self.confetti.emit(self.rng.uniform(100, 1180), -10, 3, col, speed=120,
                               angle=math.pi / 2, spread=1.2, life=2.2, size=4, gravity=180,
                               drag=0.6)

    def asked_kinds(self) -> frozenset[str]:
        """The kinds the refusals showing now ask for ("That spot needs the long beam..."):
        the tray marks where they lie."""
        return frozenset(k for slot in self.refusals
                         for k in [self.refused_kind.get(slot, "")] if k)

    def update(self, sdt: float) -> None:
        for p in (self.dust, self.splinters, self.confetti):
            p.update(sdt)
        self.notes = {slot: (msg, life - sdt) for slot, (msg, life) in self.notes.items()
                      if life - sdt > 0.0}
        self.refusals = {slot: (msg, life - sdt) for slot, (msg, life) in self.refusals.items()
                         if life - sdt > 0.0}
        self.credits = {slot: (msg, life - sdt, col) for slot, (msg, life, col)
                        in self.credits.items() if life - sdt > 0.0}
        for pop in self.popups:
            pop.age += sdt
        self.popups = [p for p in self.popups if p.age < p.life]
        self.shake, self.shake_off = settle_shake(self.shake, 10.0, sdt, self.rng)
