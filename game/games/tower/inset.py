"""The couch saboteur's inset: a small framed picture of their catapult when the builder's view
does not show it.

A person building keeps the solo build view on a couch (camera.turn_view: it never moves or
widens for a keyboard or pad saboteur), so that saboteur's catapult is off the screen. From the
turn's first frame, while they have a die left to fire (or one flies, or a press of theirs is
being answered), a picture in the screen's top corner on their catapult's side shows it (a
stranger on the couch could not see what he aimed with until he had fired blind): the
catapult with its arm and loaded die, the towers on the pads nearest it, the aim arrow, the
power in figures and the same trajectory preview the table draws (the assist's), and their
dice in flight. The corner lies beside the card strip, under the name plates: clear of every
pad, card and the tray (`inset_rect`). Only drawing, no state of the match.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.games.tower import art
from game.games.tower.camera import HUD_BOTTOM, View, catapult_body
from game.games.tower.data import CATAPULT_SLOTS, DIE_SIZE, SLOT_RANGES, TABLE_Y, VIEW_W
from game.games.tower.worlddata import Where
from game.ui import text, theme

if TYPE_CHECKING:
    from game.games.tower.view import TowerView

Point = tuple[float, float]

INSET_W = 180
INSET_H = 140
"""The inset's picture, in screen pixels (its frame is drawn round it)."""
INSET_WORLD_W = 480.0
"""World units across the picture: the catapult at one end, the two nearest pads' towers."""
INSET_GAP = 8
"""Pixels between the picture and the screen's side, the name plates and the card strip."""
AIM_SHOWN_SECONDS = 6.0
"""A saboteur whose aim changed this recently (or whose press waits on the reload) is aiming
(2.5 s was too short: a stranger who paused to think fired with the picture gone)."""


def inset_rect(facing: int, strip_left: int, strip_right: int) -> pygame.Rect:
    """The picture's place: the top corner on the catapult's side (a catapult facing right
    stands on the left), under the name plates, beside the card strip (`strip_left` and
    `strip_right`: the screen x the cards span), narrowed if the strip leaves less room."""
    room = (strip_left if facing > 0 else round(VIEW_W) - strip_right) - 2 * INSET_GAP
    w = max(80, min(INSET_W, room))
    h = round(INSET_H * w / INSET_W)
    r = pygame.Rect(0, round(HUD_BOTTOM) + INSET_GAP, w, h)
    if facing > 0:
        r.left = INSET_GAP
    else:
        r.right = round(VIEW_W) - INSET_GAP
    return r


def inset_view(slot_index: int, rect: pygame.Rect) -> View:
    """The world the picture shows, as a camera pose on the screen: the catapult near the
    picture's outer side, the table top near its bottom."""
    zoom = rect.w / INSET_WORLD_W
    cat = CATAPULT_SLOTS[slot_index]
    x0 = 0.0 if cat.facing > 0 else VIEW_W - INSET_WORLD_W
    y0 = TABLE_Y + 24.0 - rect.h / zoom
    # The pose maps a world point to the picture's pixels; the rect's corner is added on draw.
    return View(zoom, x0, y0)


class Insets:
    """Which human saboteurs get an inset this frame, and drawing them."""

    def __init__(self, view: TowerView) -> None:
        self.view = view
        self.rects: dict[int, pygame.Rect] = {}
        """This frame's insets on screen, per saboteur seat (tests read them)."""
        self._aims: dict[int, tuple[float, float, float]] = {}
        """Per seat, the aim (angle, power) last seen and the stage time it changed."""
        self._backs: dict[tuple[object, ...], pygame.Surface] = {}

    def plan(self) -> dict[int, pygame.Rect]:
        """Decide this frame's insets (before the aims are drawn: the power bars keep under
        them). One per side of the table: the saboteur there who aimed last (before anyone
        aims, the first seated there)."""
        view = self.view
        sc = view.scene
        self.rects = {}
        turn = sc.turn
        b = sc.builder_ctl
        from game.games.tower.scene import Stage

        if sc.stage != Stage.PLAY or turn is None or not turn.building or sc.turn_view is None \
                or b is None or b.kind == "ai":
            self._aims.clear()
            return self.rects
        v = sc.camera.view
        left, _, right, _ = v.world_rect()
        flying = {seat for seat, _x, _y in sc.world.catapults.dice_in_flight()}
        cards = [view.card_rect(s) for s in range(len(SLOT_RANGES))]
        strip_l = min(c.left for c in cards)
        strip_r = max(c.right for c in cards)
        best: dict[int, tuple[float, int]] = {}
        for seat, ctl in sc.sab_ctls.items():
            cat = sc.world.catapults.get(seat)
            if not ctl.human or cat is None:
                continue
            aim = (cat.aim_angle, cat.aim_power)
            seen = self._aims.get(seat)
            if seen is None:
                self._aims[seat] = (*aim, -1e9)  # the turn's first aim is not a change
            elif seen[:2] != aim:
                self._aims[seat] = (*aim, sc.stage_t)
            changed = self._aims[seat][2]
            body_l, _, body_r, _ = catapult_body(cat.slot_index)
            if body_l >= left and body_r <= right:
                continue  # on screen: aimed where it stands
            aiming = sc.stage_t - changed < AIM_SHOWN_SECONDS or ctl.queued \
                or ctl.feedback > 0.0
            armed = sc.match.dice_left.get(seat, 0) > 0
            if not aiming and not armed and seat not in flying:
                continue
            side = cat.slot.facing
            when = max(changed, sc.stage_t if seat in flying else -1e9)
            if side not in best or when > best[side][0]:
                best[side] = (when, seat)
        for side, (_, seat) in best.items():
            self.rects[seat] = inset_rect(side, strip_l, strip_r)
        return self.rects

    def draw(self, surface: pygame.Surface) -> None:
        """Each planned inset: framed picture, catapult, towers, aim, preview, dice, power."""
        for seat, rect in self.rects.items():
            self._draw_one(surface, seat, rect)

    def _background(self, slot_index: int, rect: pygame.Rect) -> pygame.Surface:
        """The still table (backdrop, slabs, catapult frames) in the picture, scaled once."""
        view = self.view
        layer = view._table_layer()
        key = (slot_index, rect.size, id(layer), view._layer_key, view._layer_cats)
        got = self._backs.get(key)
        if got is None:
            iv = inset_view(slot_index, rect)
            m = art.MARGIN
            w, h = rect.w / iv.zoom, rect.h / iv.zoom
            src = pygame.Rect(round(iv.x0) + m, round(iv.y0) + m, round(w), round(h))
            src = src.clip(layer.get_rect())
            got = pygame.transform.smoothscale(layer.subsurface(src), rect.size)
            if len(self._backs) >= 4:  # one a side, renewed when the table changes
                self._backs.clear()
            self._backs[key] = got
        return got

    def _draw_one(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        view = self.view
        sc = view.scene
        world = sc.world
        cat = world.catapults[seat]
        colour = sc.colours[seat]
        iv = inset_view(cat.slot_index, rect)
        z = iv.zoom

        def at(p: Point) -> tuple[int, int]:
            x, y = iv.to_screen(p)
            return (round(x) + rect.x, round(y) + rect.y)

        pygame.draw.rect(surface, (20, 16, 24), rect.inflate(10, 10), border_radius=8)
        pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=7)
        surface.blit(self._background(cat.slot_index, rect), rect)
        old_clip = surface.get_clip()
        surface.set_clip(rect)
        try:
            # The towers (and anything else on the table) as flat wooden shapes.
            for bid in range(len(world.blocks)):
                if world.block_where(bid) not in (Where.TABLE, Where.HELD) \
                        or bid in sc.collected:
                    continue
                for poly in world.block_polygons(bid):
                    pts = [at(p) for p in poly]
                    pygame.draw.polygon(surface, (204, 150, 92), pts)
                    pygame.draw.polygon(surface, (70, 40, 18), pts, 1)
            for cv in world.catapults.views():
                a = cv.arm_angle
                dx, dy = -cv.facing * math.sin(a), -math.cos(a)
                tip = (cv.pivot[0] + dx * cv.arm_length, cv.pivot[1] + dy * cv.arm_length)
                art.draw_arm(surface, at(cv.pivot), at(tip), max(z, 0.5))
            for did, die in world.dice.items():
                if did in sc.collected_dice:
                    continue
                x, y, _ = world.die_pose(did)
                d = max(3, round(DIE_SIZE * z))
                box = pygame.Rect(0, 0, d, d)
                box.center = at((x, y))
                pygame.draw.rect(surface, (20, 16, 24), box.inflate(2, 2))
                pygame.draw.rect(surface, sc.colours[die.seat], box)
            # The trajectory preview the table draws (the assist's), and the aim arrow.
            for x, y in view.preview_shown.get(seat, [])[1:]:
                p = at((x, y))
                pygame.draw.circle(surface, (20, 16, 24), p, 3)
                pygame.draw.circle(surface, colour, p, 2)
            cup = at(cat.slot.launch_point)
            d2 = (cat.slot.facing * math.cos(cat.aim_angle), -math.sin(cat.aim_angle))
            length = 14 + 30 * cat.aim_power
            tip2 = (cup[0] + d2[0] * length, cup[1] + d2[1] * length)
            pygame.draw.line(surface, (20, 16, 24), cup, tip2, 4)
            pygame.draw.line(surface, colour, cup, tip2, 2)
        finally:
            surface.set_clip(old_clip)
        # The power and the angle in words along the picture's top.
        label = f"{round(cat.aim_power * 100)}% · {round(math.degrees(cat.aim_angle))}°"
        size, lines = text.fit(label, 13, rect.w - 8, text.line_height(13, True) + 2, bold=True)
        text.blit(surface, lines[0], size, theme.CREAM, (rect.centerx, rect.y + 3), "midtop",
                  bold=True, shadow=True)
