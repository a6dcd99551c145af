"""Cosmic Kaboom drawn: space and the Bases (one cached layer), twinkling stars, planets with
their crystals, ships with thruster trails, the Space Bomb with its shadow, aims and the path
preview, the bomb's release zone and the planets it covers, effects, the HUD and the end.

`CosmicView(scene).draw(surface)` reads the scene's state (and its effects') and changes nothing
in the match; what it keeps are where each body was last drawn (effects start there) and
cached sprites, each bounded.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.app.input import MOUSE
from game.games.cosmic import art, hud
from game.games.cosmic.aimview import AimView
from game.games.cosmic.data import (
    BASE_CLEAR,
    BOMB_OVERLAP,
    BOMB_RADIUS,
    COLOUR_KEYS,
    FACTIONS,
    PLANET_RADIUS,
    SHIP_RADIUS,
    base_clear,
)
from game.games.cosmic.effects import FLY_SECONDS, TOUCH_SECONDS
from game.games.cosmic.marks import (
    CRYSTAL_TAG,
    EFFECTS_RECT,
    GEM_SIZE,
    PANEL_CLEAR,
    ZONE_SIZE,
    ZONE_WORDS,
    board_label,
    box_cuts_ring,
    clear_place,
    crystal_tag_centre,
    faded,
    fireball,
    flash_overlay,
    flyer_point,
    gem_rise,
    label_spots,
    toward_centre,
    under_box,
)
from game.games.cosmic.match import FlickInput, PlaceInput
from game.games.cosmic.presenter import end_line
from game.games.cosmic.rules import Phase
from game.games.cosmic.stage import BOMB_SHOW_SECONDS, Stage
from game.games.cosmic.table import BASE_RADIUS, bomb_cover, corner_of
from game.games.cosmic.world import BodyPose
from game.ui import text, theme
from game.ui.draw import dim_layer, lerp_colour
from game.ui.tween import ease_out_back, ease_out_cubic

if TYPE_CHECKING:
    from game.games.cosmic.scene import CosmicScene

Point = tuple[float, float]
Colour = tuple[int, int, int]


class CosmicView:
    """Draws one `CosmicScene` (its `draw` is the scene's)."""

    _greyed_at: dict[str, tuple[int, int] | None]
    """Each greyed-out HUD button: where the pointer was when it greyed under it (None: it
    was not under the pointer, or was greyed when it came)."""

    def note_buttons(self, buttons: list[hud.Button], mouse: tuple[float, float]) -> None:
        """Once a frame (the scene's `frame`): a button that greys out under a resting pointer
        (the player's own click on Return to Base) is remembered with where the pointer was,
        so its tooltip waits until the pointer moves (it popped up over the board and hid
        the crystals until the mouse moved)."""
        at = (round(mouse[0]), round(mouse[1]))
        seen: dict[str, tuple[int, int] | None] = {}
        for b in buttons:
            if b.enabled:
                continue
            if b.key in self._greyed_at:
                was = self._greyed_at[b.key]
                seen[b.key] = was if was == at else None  # moved: the tip may show from now
            else:
                seen[b.key] = at if pygame.Rect(b.rect).collidepoint(at) else None
        self._greyed_at = seen

    def quiet_tip(self, button: hud.Button, hover: tuple[int, int]) -> bool:
        """Whether a greyed-out button's tooltip waits: it greyed under the pointer, which has
        not moved since."""
        return not button.enabled and self._greyed_at.get(button.key) == hover

    def __init__(self, scene: CosmicScene) -> None:
        self.scene = scene
        self._greyed_at = {}
        self.aim = AimView(self)
        """The aims drawn: lanes, the band, the arrow, the path preview, the power bar."""
        self._log_home: tuple[object, pygame.Rect] | None = None
        self._result_home: tuple[object, tuple[int, int, int]] | None = None
        """The bomb's result card's top, kept for as long as that result shows."""
        self.log_open = False
        """The full table's log strip is opened upward (the pointer rests on it)."""
        self.planet_spots: dict[int, Point] = {}
        """Each planet's canvas point when last drawn."""
        self.ship_angles: dict[int, float] = {}
        """Each ship's heading when last seen moving (it rests pointing that way)."""
        panels = [hud.seat_rect(f, scene.factions).inflate(24, 24) for f in scene.factions]
        panels += [hud.unclaimed_rect(f).inflate(12, 12) for f in range(len(FACTIONS))
                   if f not in scene.factions]
        self.twinkles = [tw for tw in art.twinkle_stars()
                         if not any(r.collidepoint(tw[0], tw[1]) for r in panels)]
        """The twinkling stars, none under a seat's panel (panels may be part of the layer)."""
        self._panels_drawn = False
        self._layer: pygame.Surface | None = None
        self._layer_infos: dict[int, hud.SeatInfo] = {}
        self._layer_scale = text.scale()
        """The text scale the table layer's panels were drawn at."""
        self._standing_key: tuple[int, int] | None = None
        self._standings: dict[int, tuple[int, tuple[tuple[int, bool], ...], tuple[int, ...],
                                         int]] = {}
        self._last_pos: dict[int, Point] = {}
        self.layer_key = tuple(sorted(range(len(FACTIONS))))
        for f in scene.factions:
            art.ship_sprite(f, 0)
        for colour in COLOUR_KEYS:  # every pulse of every glow, made before play, not mid-frame
            for step in range(6):
                art.crystal_glow(colour, step)
        art.static_layer(tuple(sorted(scene.factions)))

    # -- the whole frame ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        fx = sc.fx
        # the table shakes, but never under a player's pointer: while an aim is in hand
        # everything it points at stays put
        off = (0, 0) if self._steady() else fx.shake_off
        self.aim.begin_frame()
        self._panels_drawn = off == (0, 0)
        if self._panels_drawn:
            # at rest: space and the seats' panels come as one opaque layer, remade only
            # when a panel changes (one blit instead of a background and four alpha panels)
            surface.blit(self._table_layer(), (0, 0))
        else:
            surface.fill(art.SPACE_TOP)
            surface.blit(art.static_layer(tuple(sorted(sc.factions))), off)
        self._twinkle(surface, sc.time)
        self._zone(surface, off)
        poses = self._poses()
        self._planets(surface, poses, off)
        self._ghost(surface, off)
        # The seats' panels lie over the table, never under it (a playtester's last-pull line
        # and a ship ran over them): at rest, when they come in the table layer, the bodies
        # and lines are kept between the side panels (laying the panels again cost a frame's
        # tenth); a ship out past the edge is marked over the HUD by `_ships_over_hud`.
        was = surface.get_clip()
        if self._panels_drawn:
            surface.set_clip(EFFECTS_RECT.clip(was))
        self._trails(surface, off, poses)
        self._ships(surface, poses, off)
        self._bomb(surface, poses, off)
        self.aim.draw(surface, off)
        surface.set_clip(was)
        # sparks, debris and blasts stay between the side panels: a panel drawn in the
        # table layer (at rest) would otherwise wear a big blast's spill for a moment
        was = surface.get_clip()
        surface.set_clip(EFFECTS_RECT.clip(was))
        fx.exhaust.draw(surface, off)
        fx.debris.draw(surface, off)
        fx.sparks.draw(surface, off)
        self._blasts(surface, off)
        surface.set_clip(was)
        self._flyers(surface)
        self._popups(surface)
        if fx.flash > 0.0:
            flash_overlay(surface, fx.flash)
        self._hud(surface)
        self.aim.over_panels(surface)  # an aim reaching past the board shows over a panel
        self._ships_over_hud(surface, poses, off)
        self._bomb(surface, poses, off, over_hud=True)

    def _steady(self) -> bool:
        """Whether the table must hold still: an aim (flick or toss) is in hand."""
        return self.scene.aims.active

    # -- space --------------------------------------------------------------------------------

    def _twinkle(self, surface: pygame.Surface, t: float) -> None:
        slow = self.scene.app.reduced_motion
        for x, y, phase, speed in self.twinkles:
            v = 0.5 + 0.5 * math.sin(phase + (0.0 if slow else t * speed))
            c = round(110 + 140 * v)
            if v > 0.75:
                pygame.draw.line(surface, (c, c, 255), (x - 2, y), (x + 2, y))
                pygame.draw.line(surface, (c, c, 255), (x, y - 2), (x, y + 2))
            else:
                surface.set_at((x, y), (c, c, min(255, c + 30)))

    def _zone(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        """The bomb's release zone behind the thrower's Base, while a toss is being aimed."""
        sc = self.scene
        seat = sc.to_act
        if seat is None or sc.match.phase != Phase.BOMB or sc.stage not in (Stage.DECIDE,
                                                                            Stage.SHOW):
            return
        img, (x, y) = art.release_zone(sc.faction_of(seat))
        surface.blit(img, (x + off[0], y + off[1]))
        # the green patch behind the Base is where the bomb may leave the hand (the rules:
        # from behind your own Base); a stranger saw an unexplained box, so it says so
        box = self.zone_label_box()
        if box is not None:
            board_label(surface, ZONE_WORDS, ZONE_SIZE, theme.MINT, box.center, anchor="center")

    def zone_label_box(self) -> pygame.Rect | None:
        """Where the release zone's words go: beside the zone, outward, on screen and off
        the banner, the panels and the log (None when no place is clear)."""
        sc = self.scene
        seat = sc.to_act
        if seat is None:
            return None
        img, (x, y) = art.release_zone(sc.faction_of(seat))
        zone = img.get_bounding_rect().move(round(x), round(y))
        size = text.render(ZONE_WORDS, ZONE_SIZE, theme.MINT, True).get_size()
        left = zone.centerx < art.SCREEN[0] / 2
        top = zone.centery < art.SCREEN[1] / 2
        side = (zone.left - 8, zone.centery, "midright") if left else \
            (zone.right + 8, zone.centery, "midleft")
        other = (zone.centerx, zone.bottom + 6, "midtop") if top else \
            (zone.centerx, zone.top - 6, "midbottom")
        inner = (zone.right + 8, zone.centery, "midleft") if left else \
            (zone.left - 8, zone.centery, "midright")
        # kept on the board: in a corner the words sat past the playfield's edge (a stranger)
        board = art.FIELD_RECT.inflate(-12, -8).clip(
            pygame.Rect(6, 6, art.SCREEN[0] - 12, art.SCREEN[1] - 12))
        keep_off = [hud.banner_rect(), self.log_rect(),
                    *(hud.seat_rect(f, sc.factions) for f in sc.factions),
                    *(pygame.Rect(b.rect) for b in sc.commands.buttons())]
        # off the Base's ring too (clamped into a corner, the words sat on it)
        bx, by = art.to_screen(*corner_of(sc.faction_of(seat)))
        ring = (round(bx), round(by))
        rr = art.px(BASE_RADIUS) + 4
        for cx, cy, anchor in (side, other, inner):
            box = pygame.Rect((0, 0), size)
            setattr(box, anchor, (round(cx), round(cy)))
            box.clamp_ip(board)
            if box.inflate(10, 4).collidelist(keep_off) < 0 and not box.colliderect(zone) \
                    and not box_cuts_ring(box, ring, rr):
                return box
        # else round the Base's ring, on the board, clear of the planets where it can be
        inward = math.atan2(board.centery - by, board.centerx - bx)
        spots = [((bx + math.cos(inward + math.radians(d)) * (rr + k),
                   by + math.sin(inward + math.radians(d)) * (rr + k)), "center")
                 for k in (22, 44) for d in (50, -50, 65, -65, 35, -35, 80, -80, 0)]
        circles = [(art.to_screen(*xy), float(art.px(PLANET_RADIUS) + 4))
                   for xy in sc.match.table.planets.values()]
        box = clear_place(size, spots, [*circles, ((bx, by), float(rr))],
                          [r.inflate(10, 4) for r in (*keep_off, zone)], board)
        return box if board.contains(box) else None

    def _poses(self) -> list[BodyPose]:
        """Every body to draw: the world's while a flick plays out, else the table's."""
        sc = self.scene
        w = sc.world
        if w is not None:
            return w.poses(sc.clock.alpha)
        out = [BodyPose("planet", p, x, y, 0.0, 0.0) for p, (x, y) in
               sc.match.table.planets.items()]
        for seat in range(len(sc.seats)):
            x, y = sc.match.ship_at(seat)
            docked = sc.match.state.players[seat].docked
            angle = self.ship_angles.get(seat, toward_centre(x, y)) if not docked \
                else toward_centre(x, y)
            out.append(BodyPose("ship", seat, x, y, angle, 0.0))
        return out

    def _planets(self, surface: pygame.Surface, poses: list[BodyPose],
                 off: tuple[int, int]) -> None:
        sc = self.scene
        st = sc.match.state
        crystal_at = {p: c for c, p in st.crystal.items()
                      if p is not None and c not in sc.fx.hidden_crystals}
        pulse = 0 if sc.app.reduced_motion else int(3 + 2.5 * math.sin(sc.time * 3.0))
        for pose in poses:
            if pose.kind != "planet":
                continue
            x, y = art.to_screen(pose.x, pose.y)
            self.planet_spots[pose.ident] = (x, y)
            cx, cy = x + off[0], y + off[1]
            colour = crystal_at.get(pose.ident)
            if colour is not None:
                glow = art.crystal_glow(colour, max(0, min(5, pulse)))
                surface.blit(glow, glow.get_rect(center=(cx, cy)),
                             special_flags=pygame.BLEND_ADD)
            owner = st.owner[pose.ident]
            img = art.planet_sprite(pose.ident, sc.faction_of(owner))
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            if colour is not None:
                gem = art.crystal_gem(colour, GEM_SIZE)
                surface.blit(gem, gem.get_rect(center=(round(cx), round(cy + gem_rise()))))
                # its cube beside it, lettered (R, B, G, Y) as in the Holds: a red crystal on a
                # red planet with a blue owner's badge glowed pink and was taken for blue
                tag = art.cube(colour, CRYSTAL_TAG, True)
                surface.blit(tag, tag.get_rect(center=crystal_tag_centre(cx, cy)))
            lit = sc.fx.touched.get(pose.ident)
            if lit is not None:
                # touched this flick (flying past or resting on its rim): a bright ring that
                # fades, so a touch that counted is seen to count
                fade = 1.0 - lit / TOUCH_SECONDS
                col = lerp_colour(theme.CREAM, theme.SPARK, 1.0 - fade)
                grow = 0 if sc.app.reduced_motion else round(4 * (1.0 - fade))
                pygame.draw.circle(surface, col, (round(cx), round(cy)),
                                   art.px(PLANET_RADIUS) + 5 + grow, 3 if fade > 0.4 else 2)

    def _ghost(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        """The planet being placed back: green where it may go, red where it may not."""
        sc = self.scene
        spot: tuple[int, float, float] | None = None
        if sc.aims.place is not None and sc.stage == Stage.DECIDE:
            spot = (sc.aims.place.planet, *sc.aims.place.pos)
        elif sc.stage == Stage.SHOW and isinstance(sc.ai_choice, PlaceInput):
            c = sc.ai_choice
            spot = (c.planet, c.x, c.y)
        if spot is None:
            return
        planet, wx, wy = spot
        ok = sc.match.table.can_place(planet, wx, wy)
        x, y = art.to_screen(wx, wy)
        cx, cy = round(x + off[0]), round(y + off[1])
        owner = sc.match.state.owner[planet]
        img = art.planet_sprite(planet, sc.faction_of(owner))
        surface.blit(faded(img), img.get_rect(center=(cx, cy)))
        col = theme.MINT if ok else theme.BLAST
        pygame.draw.circle(surface, col, (cx, cy), art.px(PLANET_RADIUS) + 6, 3)
        near = not base_clear(wx, wy)
        if near:  # ring the Base's clear zone the planet is in (`BASE_CLEAR`), on the board
            clip = surface.get_clip()
            surface.set_clip(art.FIELD_RECT.move(off).clip(clip))
            for f in FACTIONS:
                if math.hypot(wx - f.corner[0], wy - f.corner[1]) < BASE_CLEAR:
                    bx, by = art.to_screen(*f.corner)
                    pygame.draw.circle(surface, col, (round(bx + off[0]), round(by + off[1])),
                                       art.px(BASE_CLEAR), 2)
            surface.set_clip(clip)
        word = "free" if ok else ("too near a Base" if near else "blocked")
        box = self.ghost_word_box(planet, (wx, wy), word)
        text.blit(surface, word, 13, col, box.move(off).topleft, "topleft", bold=True)

    def ghost_word_box(self, planet: int, at: Point, word: str) -> pygame.Rect:
        """Where the placed planet's "free"/"blocked" word goes on the canvas: below its
        ring, else above, right or left of it, wherever it covers no other planet, ship,
        Base ring or panel (below, it lay under the very planet that blocked the spot)."""
        sc = self.scene
        x, y = art.to_screen(*at)
        gap = art.px(PLANET_RADIUS) + 10
        size = text.render(word, 13, theme.INK, bold=True).get_size()
        spots: list[tuple[Point, str]] = [
            ((x, y + gap), "midtop"), ((x, y - gap), "midbottom"),
            ((x + gap, y), "midleft"), ((x - gap, y), "midright")]
        own = art.to_screen(*sc.match.table.planets[planet]) \
            if planet in sc.match.table.planets else None
        circles = [(c, r) for c, r in self.circles() if own is None or c != own]
        circles += [(art.base_points(f), float(art.px(BASE_RADIUS))) for f in sc.factions]
        return clear_place(size, spots, circles, self.keep_off(), art.FIELD_RECT)

    def _trails(self, surface: pygame.Surface, off: tuple[int, int],
                poses: list[BodyPose]) -> None:
        sc = self.scene
        fx = sc.fx
        moving = set()
        if sc.world is not None:
            for pose in poses:
                if pose.kind != "ship":
                    continue
                last = self._last_pos.get(pose.ident)
                self._last_pos[pose.ident] = (pose.x, pose.y)
                if last is not None and math.hypot(pose.x - last[0], pose.y - last[1]) > 0.4:
                    self.ship_angles[pose.ident] = math.atan2(pose.y - last[1],
                                                              pose.x - last[0])
                if pose.speed > 12.0:
                    moving.add(pose.ident)
                    p = art.to_screen(pose.x, pose.y)
                    fx.thrust(pose.ident, sc.faction_of(pose.ident), p, pose.speed,
                              self.ship_angles.get(pose.ident, 0.0))
        else:
            self._last_pos.clear()
        for seat, pts in fx.trails.points.items():
            if seat not in moving:
                fx.trails.fade(seat)
            n = len(pts)
            if n < 2:
                continue
            col = art.faction_colour(sc.faction_of(seat))
            prev = pts[0]
            for i in range(1, n):
                cur = pts[i]
                t = i / n
                c = lerp_colour((20, 20, 40), col, t)
                pygame.draw.line(surface, c, (prev[0] + off[0], prev[1] + off[1]),
                                 (cur[0] + off[0], cur[1] + off[1]), max(1, round(1 + 4 * t)))
                prev = cur

    def _ships(self, surface: pygame.Surface, poses: list[BodyPose],
               off: tuple[int, int]) -> None:
        sc = self.scene
        w = sc.world
        seen = set()
        for pose in poses:
            if pose.kind != "ship":
                continue
            seen.add(pose.ident)
            angle = self.ship_angles.get(pose.ident, pose.angle) if w is not None else pose.angle
            self._ship(surface, pose.ident, pose.x, pose.y, angle, off)
        if w is not None:
            # Docked ships are not in the world: they wait on their Bases.
            for seat in range(len(sc.seats)):
                flicked = isinstance(sc.pending, FlickInput) and seat == w.mover
                if seat not in seen and sc.match.state.players[seat].docked \
                        and seat not in w.ships_out and not flicked:
                    x, y = sc.match.ship_at(seat)
                    self._ship(surface, seat, x, y, toward_centre(x, y), off)

    def _ships_over_hud(self, surface: pygame.Surface, poses: list[BodyPose],
                        off: tuple[int, int]) -> None:
        """A ship partly out past the edge of space (not yet lost) is marked over the HUD by
        its outline alone, so no panel, banner or button hides where it is, and none of their
        words is hidden by it (a playtester's AI ship sat on the End turn button)."""
        sc = self.scene
        if sc.stage == Stage.OVER or sc.commands.chooser is not None \
                or sc.match.phase == Phase.DRAFT:
            return  # a modal is up: it stays on top
        reach = art.px(SHIP_RADIUS)
        inner = art.FIELD_RECT.inflate(-2 * reach, -2 * reach)
        for pose in poses:
            if pose.kind != "ship":
                continue
            x, y = art.to_screen(pose.x, pose.y)
            if inner.collidepoint(x, y):
                continue
            if not self._under_hud(pygame.Rect(round(x) - reach, round(y) - reach,
                                               2 * reach, 2 * reach)):
                continue
            pygame.draw.circle(surface, self.scene.colours[pose.ident],
                               (round(x + off[0]), round(y + off[1])), reach, 2)

    def _ship(self, surface: pygame.Surface, seat: int, wx: float, wy: float, angle: float,
              off: tuple[int, int]) -> None:
        sc = self.scene
        x, y = art.to_screen(wx, wy)
        img = art.ship_sprite(sc.faction_of(seat), art.ship_step(angle))
        surface.blit(img, img.get_rect(center=(round(x + off[0]), round(y + off[1]))))
        if seat == sc.to_act and sc.stage == Stage.DECIDE and sc.match.phase == Phase.FLICK:
            r = art.px(SHIP_RADIUS) + 7 + round(2 * math.sin(sc.time * 5.0))
            pygame.draw.circle(surface, theme.SPARK, (round(x + off[0]), round(y + off[1])), r,
                               2)

    def _bomb(self, surface: pygame.Surface, poses: list[BodyPose],
              off: tuple[int, int], over_hud: bool = False) -> None:
        """The Space Bomb (in flight: lifted, larger, its shadow below). With `over_hud`, only
        a flying bomb that reaches under the banner or a panel, drawn again over the HUD (a
        stranger's bomb flew behind the top banner)."""
        sc = self.scene
        if over_hud and (sc.stage not in (Stage.FLIGHT, Stage.BOMB_REST)
                         or sc.commands.chooser is not None or sc.match.phase == Phase.DRAFT):
            return
        for pose in poses:
            if pose.kind != "bomb":
                continue
            x, y = art.to_screen(pose.x, pose.y)
            h = pose.height
            step = min(art.BOMB_SCALES - 1, round(h * (art.BOMB_SCALES - 1)))
            lift = h * 70.0
            if over_hud:
                img = art.bomb_sprite(step, 0)
                at = img.get_rect(center=(round(x + off[0]), round(y + off[1] - lift)))
                if self._under_hud(at):  # its outline: where it flies, hiding no words
                    # (never over the banner: the bomb's ring crossed its words; the banner
                    # stays on top and the ring shows where the flight leaves it)
                    was = surface.get_clip()
                    below = hud.banner_rect().bottom
                    surface.set_clip(pygame.Rect(0, below, surface.get_width(),
                                                 surface.get_height() - below).clip(was))
                    pygame.draw.circle(surface, theme.FUSE, at.center, at.w // 2 - 2, 2)
                    surface.set_clip(was)
                continue
            shadow = art.bomb_shadow(step)
            surface.blit(shadow, shadow.get_rect(center=(round(x + off[0] + lift * 0.35),
                                                         round(y + off[1] + lift * 0.25))))
            a = round(pose.angle / math.tau * art.BOMB_ANGLES) % art.BOMB_ANGLES
            img = art.bomb_sprite(step, a)
            surface.blit(img, img.get_rect(center=(round(x + off[0]), round(y + off[1] - lift))))
            if sc.stage == Stage.BOMB_REST:
                self._covered(surface, (pose.x, pose.y), off)

    def _under_hud(self, rect: pygame.Rect) -> bool:
        """Whether `rect` reaches under the banner, a seat's panel, the log or a button."""
        sc = self.scene
        hud_rects = [hud.banner_rect(), self.log_rect(),
                     *(sc.panel(s) for s in range(len(sc.seats))),
                     *(pygame.Rect(b.rect) for b in sc.commands.buttons())]
        return rect.collidelist(hud_rects) >= 0

    def _covered(self, surface: pygame.Surface, bomb: Point, off: tuple[int, int]) -> None:
        """Before it goes off: a ring round every planet the resting bomb covers, with how much
        of it lies under the bomb, and 'safe' on one too little under to go."""
        sc = self.scene
        w = sc.world
        if w is None:
            return
        t = sc.stage_t
        beat = 0.5 + 0.5 * math.sin(t * 14.0)
        bx, by = art.to_screen(*bomb)
        pygame.draw.circle(surface, theme.FUSE, (round(bx + off[0]), round(by + off[1])),
                           art.px(BOMB_RADIUS), 2)
        for _planet, body in w.planets.items():
            share = bomb_cover(bomb, (body.position.x, body.position.y))
            if share <= 0.0:
                continue
            x, y = art.to_screen(body.position.x, body.position.y)
            c = (round(x + off[0]), round(y + off[1]))
            hit = share >= BOMB_OVERLAP
            col = lerp_colour(theme.BLAST, theme.SPARK, beat) if hit else (150, 150, 170)
            pygame.draw.circle(surface, col, c, art.px(PLANET_RADIUS) + 6, 4 if hit else 2)
            # in words: a bare "40%" over a planet read as a mystery to a stranger; a quarter
            # under the bomb destroys it (`BOMB_OVERLAP`)
            label = f"{round(share * 100)}% under" if hit else f"{round(share * 100)}%: safe"
            size = text.render(label, 15, col, True).get_size()
            box = under_box(size, c, art.px(PLANET_RADIUS) + 6,
                            (round(bx + off[0]), round(by + off[1])), art.px(BOMB_RADIUS))
            text.blit(surface, label, 15, col, box.topleft, bold=True)
        left = max(0.0, BOMB_SHOW_SECONDS - t)
        if left > 0.0:
            k = left / BOMB_SHOW_SECONDS
            pygame.draw.circle(surface, theme.SPARK, (round(bx + off[0]), round(by + off[1])),
                               round(art.px(BOMB_RADIUS) * (1.0 + k)), 1)

    # -- aims ---------------------------------------------------------------------------------

    def planet_screens(self) -> list[Point]:
        """Every planet's centre on the canvas, as the table has it."""
        return [art.to_screen(x, y) for x, y in self.scene.match.table.planets.values()]

    def open_rects(self) -> list[pygame.Rect]:
        """The screen less every seat's panel (with its turn glow), the log, the banner and the
        buttons: where a mark the player did not make just now may be drawn."""
        sc = self.scene
        blockers = [sc.panel(s).inflate(12, 12) for s in range(len(sc.seats))]
        blockers += [self.log_rect().inflate(4, 4), hud.banner_rect().inflate(12, 8)]
        blockers += [pygame.Rect(b.rect).inflate(8, 8) for b in sc.commands.buttons()]
        return hud.open_rects(blockers)

    def blast_doomed(self, blast: list[int]) -> tuple[list[int], list[int]]:
        """The planets a bomb going off over `blast` destroys by the rules (`bomb_result`:
        standing planets, a Planetary Shield sparing its owner's) as far as the thrower can
        know, and those it may: (doomed, maybe). Every doomed planet is one the rules destroy
        (a stranger saw one crosshair more than the planets that died: a hidden Shield's).
        A hidden hand's planets are all "maybe", Shield or not, so the preview gives no card
        away; the thrower's own, or a seat holding no card, is sure."""
        sc = self.scene
        st = sc.match.state
        hit, spared = st.bomb_result(blast)
        seat = sc.to_act

        def hidden(owner: int) -> bool:
            # another person's hand is as hidden as an AI's: on a couch the cards go behind
            # a curtain (a stranger read Ana's secret Shield from "hits nothing")
            return owner != seat and bool(st.players[owner].hand)

        doomed = [p for p in hit if not hidden(st.owner[p])]
        maybe = [p for p in [*hit, *spared] if hidden(st.owner[p])]
        return doomed, maybe

    # -- effects --------------------------------------------------------------------------------

    def _blasts(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        for b in self.scene.fx.blasts:
            t = b.age / b.life
            c = (round(b.x + off[0]), round(b.y + off[1]))
            if b.kind == "fire":
                fireball(surface, c, max(2, round(b.radius * ease_out_cubic(min(1.0, t * 2.5)))),
                          t)
                continue
            if b.kind == "puff":  # a miss: a small grey puff that swells and fades
                r = max(2, round(b.radius * ease_out_cubic(min(1.0, t * 3.0))))
                puff = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
                pygame.draw.circle(puff, (*b.colour, round(150 * (1 - t))), (r + 1, r + 1), r)
                surface.blit(puff, (c[0] - r - 1, c[1] - r - 1))
                continue
            if b.kind == "shield":  # a Planetary Shield's bubble over a saved planet
                r = max(2, round(b.radius * ease_out_cubic(min(1.0, t * 6.0))))
                fade = 1.0 if t < 0.7 else max(0.0, 1.0 - (t - 0.7) / 0.3)
                bubble = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
                pygame.draw.circle(bubble, (*b.colour, round(60 * fade)), (r + 2, r + 2), r)
                pygame.draw.circle(bubble, (*b.colour, round(230 * fade)), (r + 2, r + 2), r,
                                   3)
                surface.blit(bubble, (c[0] - r - 2, c[1] - r - 2))
                continue
            if b.kind == "edge":
                r = max(1, round(b.radius * ease_out_cubic(min(1.0, t * 8.0))))
                fade = 1.0 if t < 0.6 else max(0.0, 1.0 - (t - 0.6) / 0.4)
                col = lerp_colour((50, 24, 30), b.colour, fade)
                pygame.draw.circle(surface, col, c, r, 3)
                pygame.draw.circle(surface, lerp_colour((40, 20, 24), theme.SPARK, fade), c,
                                   r + 4, 1)
                continue
            r = max(1, round(b.radius * ease_out_cubic(t)))
            width = max(1, round(10 * (1 - t)))
            pygame.draw.circle(surface, lerp_colour(b.colour, (60, 30, 30), t), c, r, width)
            if t < 0.35:
                pygame.draw.circle(surface, lerp_colour((255, 255, 230), b.colour, t / 0.35), c,
                                   max(1, round(r * 0.6 * (1 - t / 0.35))))

    def _flyers(self, surface: pygame.Surface) -> None:
        for f in self.scene.fx.flyers:
            t = min(1.0, f.age / FLY_SECONDS)
            x, y = flyer_point(f.start, f.end, t)
            gem = art.crystal_gem(f.colour, 11)
            surface.blit(gem, gem.get_rect(center=(round(x), round(y))))

    def _popups(self, surface: pygame.Surface) -> None:
        for p in self.scene.fx.popups:
            if p.spot is None:  # settled once where it covers no planet, ship or panel
                w, h = text.render(p.word, p.size, p.colour, True).get_size()
                spots = label_spots((p.x, p.y), (w, h + 24))
                # off the Bases' shape badges too (a stranger read "BANKED" over one)
                badges = [(art.base_badge(f), art.BADGE_RADIUS + 3.0)
                          for f in range(len(FACTIONS))]
                # and off the bomb's result card (a stranger's "Shielded!" was half under it)
                box = self.result_box()
                p.spot = clear_place((w, h + 24), spots, [*self.circles(), *badges],
                                     [*self.keep_off(), *([box] if box else [])],
                                     pygame.Rect(0, 0, *art.SCREEN)).center
            t = p.age / p.life
            rise = 24 * ease_out_cubic(t)
            text.blit(surface, p.word, p.size, p.colour, (p.spot[0], p.spot[1] + 12 - rise),
                      "center", bold=True, shadow=True)

    def circles(self) -> list[tuple[Point, float]]:
        """Every planet and ship on the canvas as (centre, radius in pixels), a little wide:
        what a label must not cover."""
        sc = self.scene
        out: list[tuple[Point, float]] = [
            (art.to_screen(*xy), art.px(PLANET_RADIUS) + 3.0)
            for xy in sc.match.table.planets.values()]
        for s in range(len(sc.seats)):
            at = sc.fx.last_ship.get(s) if sc.stage == Stage.FLIGHT else None
            out.append((art.to_screen(*(at or sc.match.ship_at(s))), art.px(SHIP_RADIUS) + 3.0))
        return out

    def keep_off(self) -> list[pygame.Rect]:
        """The panels (with their names), the banner and the buttons: never under a label."""
        sc = self.scene
        return [hud.banner_rect(), *(hud.seat_rect(f, sc.factions) for f in sc.factions),
                *(pygame.Rect(b.rect) for b in sc.commands.buttons())]

    # -- HUD ------------------------------------------------------------------------------------

    def seat_info(self, seat: int) -> hud.SeatInfo:
        """What a seat's panel shows now."""
        sc = self.scene
        st = sc.match.state
        p = st.players[seat]
        shown = sc.hand_shown(seat)
        cards = tuple(p.hand) if shown else ()
        playable = tuple(bool(sc.card_plays(seat, c)) and sc.acting_human() == seat
                         for c in cards)
        extra = sc.fx.shown_hold.get(seat, set())
        landed = {f.colour for f in sc.fx.flyers if f.seat == seat and not f.landed}
        hold = tuple(c for c in COLOUR_KEYS if (c in p.hold or c in extra) and c not in landed)
        score, planets, took, took_points = self._standing(seat)
        tall = sc.is_human(seat) and hud.may_grow(sc.faction_of(seat), sc.factions,
                                                  self.log_home())
        return hud.SeatInfo(
            seat=seat, name=sc.name(seat), faction=sc.faction_of(seat), who=sc.seat_who(seat),
            score=score, hold=hold, base=tuple(p.base), planets=planets, cards=cards,
            card_count=len(p.hand), playable=playable,
            active=seat == sc.to_act and not sc.match.over, docked=p.docked, took=took,
            took_points=took_points,
            # one height all match: a human's panel that may take its side always does, so
            # it never jumps when a card is kept or played (a stranger saw 355 -> 605 px)
            tall=tall, span=(0, 0) if tall else self._spans().get(seat, (0, 0)))

    def _spans(self) -> dict[int, tuple[int, int]]:
        """The panels sharing a side unevenly: a short panel showing cards grows for their
        words whole, and the other panel on its side gives way (`hud.side_spans`)."""
        sc = self.scene
        log = self.log_home()
        out: dict[int, tuple[int, int]] = {}
        for seat in range(len(sc.seats)):
            f = sc.faction_of(seat)
            if seat in out or not sc.hand_shown(seat) or hud.may_grow(f, sc.factions, log):
                continue
            hand = tuple(sc.match.state.players[seat].hand)
            other = next((s for s in range(len(sc.seats)) if sc.faction_of(s) == 3 - f), None)
            keep = log if log.colliderect(hud.panel_rect(f, True)) else None
            mine, theirs = hud.side_spans(f, hand, other is not None, keep)
            if mine[1]:
                out[seat] = mine
                if other is not None:
                    out[other] = theirs
        return out

    def forget_table_layer(self) -> None:
        """Draw space, the Bases and the panels afresh next frame (a seat's colour changed)."""
        self._layer = None
        self._layer_infos = {}

    def _table_layer(self) -> pygame.Surface:
        """Space, the Bases and every seat's panel as one opaque full-screen image, kept up to
        date panel by panel: a changed panel is redrawn over its own patch of space only."""
        sc = self.scene
        factions = tuple(sorted(sc.factions))
        static = art.static_layer(factions)
        if self._layer_scale != text.scale():  # larger text switched: every panel afresh (a
            # stranger's panels kept their larger size until their contents changed)
            self._layer, self._layer_scale = None, text.scale()
        if self._layer is None:
            self._layer = static.copy()
            for f in range(len(FACTIONS)):
                if f not in factions:
                    hud.draw_unclaimed(self._layer, f)
            self._layer_infos = {}
        layer = self._layer
        for seat in range(len(sc.seats)):
            info = hud.at_rest(self.seat_info(seat))
            if self._layer_infos.get(seat) != info:
                patch = hud.info_rect(info).inflate(20, 20)
                was = self._layer_infos.get(seat)
                if was is not None and hud.info_rect(was) != hud.info_rect(info):
                    # a panel grew or shrank: its side afresh (the other panel there gave way)
                    self._layer = None
                    return self._table_layer()
                layer.blit(static, patch, patch)
                hud.blit_panel(layer, info)
                self._layer_infos[seat] = info
        return layer

    def _standing(self, seat: int) -> tuple[int, tuple[tuple[int, bool], ...], tuple[int, ...],
                                            int]:
        """A seat's score, its planets (alive or not), the other seats' planets it destroyed
        and what they scored it, worked out once per rules change."""
        st = self.scene.match.state
        key = (id(st), len(st.events))
        if self._standing_key != key:
            self._standing_key = key
            alive = set(st.alive)
            self._standings = {}
            for s in range(len(st.players)):
                b = st.score_breakdown(s)
                took = tuple(p for p, by in sorted(st.destroyed_by.items())
                             if by == s and st.owner[p] != s)
                self._standings[s] = (b["total"],
                                      tuple((q, q in alive) for q in st.planets_of(s)),
                                      took, b["total"] - b["survivor_points"])
        return self._standings[seat]

    def _hud(self, surface: pygame.Surface) -> None:
        sc = self.scene
        t = sc.time
        used = set(sc.factions)
        if not self._panels_drawn:
            for f in range(len(FACTIONS)):
                if f not in used:
                    hud.draw_unclaimed(surface, f)
        items = sc.commands.focus_items() if sc.commands.menu_focus is not None else []
        focus_item = items[min(sc.commands.menu_focus or 0, len(items) - 1)] if items else None
        for seat in range(len(sc.seats)):
            info = self.seat_info(seat)
            focus = None
            if focus_item is not None and focus_item[0] == "card" and seat == sc.acting_human():
                focus = list(info.cards).index(str(focus_item[1])) \
                    if focus_item[1] in info.cards else None
            hud.draw_seat(surface, info, t, focus, panel=not self._panels_drawn)
            self._card_tip(surface, info, focus)
        if sc.stage == Stage.OVER:
            self._over(surface)
            return
        self._log(surface, self.log_rect())
        title, hint, colour = sc.presenter.banner()
        hud.draw_banner(surface, title, hint, colour)
        buttons = sc.commands.buttons()
        bfocus = None
        if focus_item is not None and focus_item[0] == "button":
            keys = [b.key for b in buttons]
            bfocus = keys.index(str(focus_item[1])) if focus_item[1] in keys else None
        hover = (round(sc.commands.mouse[0]), round(sc.commands.mouse[1]))
        if not sc.commands.can_press(MOUSE):
            hover = (-1, -1)  # a keys seat's buttons never light under the mouse
        buttons = [replace(b, why="") if self.quiet_tip(b, hover) else b for b in buttons]
        # keys on the HUD: the greyed-out buttons say why, unless a card has the focus and
        # shows itself large (a stranger's Ctrl opened three boxes at once over the board)
        hud.draw_buttons(surface, buttons, bfocus, hover, t,
                         tips=sc.commands.menu_focus is not None
                         and (focus_item is None or focus_item[0] != "card"))
        aiming = any(a is not None and a.active for a in (sc.aims.mouse_aim, sc.aims.pad_aim,
                                                          sc.aims.mouse_toss, sc.aims.pad_toss))
        acting = sc.to_act
        drafting = (acting is not None and sc.match.phase == Phase.DRAFT
                    and sc.is_human(acting) and sc.hand_shown(acting)
                    and not sc.presenter.draft_waits())
        if sc.presenter.result is not None and not aiming and not drafting \
                and sc.stage in (Stage.DECIDE, Stage.SHOW):  # never under the card dialog
            title, lines, left = sc.presenter.result
            self.result_box()
            if self._result_home is not None:
                x, y, w = self._result_home[1]
                hud.draw_result(surface, title, lines, min(1.0, left / 0.5), y, x, w)
        elif sc.presenter.result is None:
            self._result_home = None
        self._modals(surface)

    def _card_tip(self, surface: pygame.Surface, info: hud.SeatInfo,
                  focus: int | None) -> None:
        """A shown card whose row cuts its line, pointed at or focused: its whole face beside
        the panel (a four-seat panel has room for one line of a card's words)."""
        if not info.cards:
            return
        rect = hud.info_rect(info)
        at = (round(self.scene.commands.mouse[0]), round(self.scene.commands.mouse[1]))
        rows = hud.card_rects(rect, len(info.cards), info.cards)
        for i, (card, row) in enumerate(zip(info.cards, rows, strict=False)):
            if (i == focus or row.collidepoint(at)) and not hud.row_words_fit(row, card):
                tip = hud.card_tip_rect(rect, row)
                surface.blit(hud.card_face(card, tip.w, tip.h), tip)
                return

    def log_rect(self) -> pygame.Rect:
        """Where the move log lies: its home (`log_home`), less what a panel beside it on its
        side took for its cards' words (`_spans`)."""
        r = self.log_home()
        sc = self.scene
        for seat, (top, h) in self._spans().items():
            if sc.faction_of(seat) not in sc.factions or not h:
                continue
            mine = pygame.Rect(hud.panel_rect(sc.faction_of(seat)).x, top, hud.PANEL_W, h)
            if mine.colliderect(r.inflate(0, 2 * hud.PANEL_GAP)):
                if mine.centery < r.centery:
                    r.height, r.top = r.bottom - mine.bottom - hud.PANEL_GAP, \
                        mine.bottom + hud.PANEL_GAP
                else:
                    r.height = mine.top - hud.PANEL_GAP - r.top
        return r

    def log_home(self) -> pygame.Rect:
        """Where the move log lies, the whole match (see `hud.log_home`): the panels that may
        grow are those of seats whose cards are shown face up."""
        sc = self.scene
        growers = tuple(sc.faction_of(s) for s in range(len(sc.seats)) if sc.is_human(s))
        key = (tuple(sc.factions), growers)
        if self._log_home is None or self._log_home[0] != key:
            self._log_home = (key, hud.log_home(tuple(sc.factions), growers))
        return pygame.Rect(self._log_home[1])

    def log_area(self, r: pygame.Rect) -> tuple[pygame.Rect, int]:
        """Where the log in slot `r` is drawn and its text size: a panel's half-side, or the
        strip under the left panels at a full table, opened upward while the pointer rests on
        it (and stays open while the pointer is over the opened log)."""
        if r.size != hud.LOG_STRIP.size:
            self.log_open = False
            return r.inflate(-16, -16), 13 if r.h < hud.SHORT_H else 14
        opened = hud.log_opened(r)
        at = (round(self.scene.commands.mouse[0]), round(self.scene.commands.mouse[1]))
        self.log_open = r.collidepoint(at) or (self.log_open and opened.collidepoint(at))
        return (opened if self.log_open else r), hud.LOG_SMALL

    def _log(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """The match's story so far, newest at the bottom: who flicked and took what, the
        cards played, whose planets each bomb destroyed (an AI's turn can be followed)."""
        rect, size = self.log_area(r)
        if self.log_open:  # opened over a panel: solid, so the panel under it never shows
            pygame.draw.rect(surface, theme.INK, rect, border_radius=14)
        self.scene.presenter.log.draw(surface, rect, size, "Log")

    def result_box(self) -> pygame.Rect | None:
        """Where the bomb's result card lies while there is one: placed once, where it hides
        no planet, and kept there (a card that jumped when a ship flew under it moved while a
        player read it, seen in a real window)."""
        sc = self.scene
        if sc.presenter.result is None:
            return None
        title, lines, _ = sc.presenter.result
        if self._result_home is None or self._result_home[0] != (title, lines):
            at = self.result_place(lines, sc.presenter.result_spots, title)
            self._result_home = ((title, lines), at)
        x, y, w = self._result_home[1]
        return hud.result_rect(hud.result_rows(lines, w, title), y, x, w)

    def result_place(self, lines: Sequence[str], spots: Sequence[Point] = (),
                     title: str = "") -> tuple[int, int, int]:
        """Where the bomb's result card of `lines` goes and how wide (left, top, width): over
        space, on screen, clear of the spots of the planets it names (`spots`, gone from the
        table, their points rising over them), of every ship and planet, and of the banner and
        buttons; of the places that hide nothing, the usual width nearest the middle of space
        first, then other widths (`hud.RESULT_WIDTHS`). It was only ever moved up or down the
        middle and, on some of the twelve boards, hid a planet. Where nothing is clear, the
        named spots and ships stay clear and the fewest other planets are hidden, unless the
        card fits over the move log (`result_over_log`): a crowded board's card, taller with
        larger text, hid planets from the player about to aim."""
        sc = self.scene
        reach = art.px(PLANET_RADIUS) + 4
        named = [pygame.Rect(round(x) - reach, round(y) - reach - 52, 2 * reach, 2 * reach + 52)
                 for x, y in spots]  # the spot and its "+4" rising above it
        bodies = [art.to_screen(*xy) for xy in sc.match.table.planets.values()]
        ship = art.px(SHIP_RADIUS) + 6
        named += [pygame.Rect(round(x) - ship, round(y) - ship, 2 * ship, 2 * ship)
                  for x, y in (art.to_screen(*sc.match.ship_at(s)) for s in range(len(sc.seats)))]
        discs = [pygame.Rect(round(x) - reach, round(y) - reach, 2 * reach, 2 * reach)
                 for x, y in bodies]
        room = pygame.Rect(art.FIELD_X, art.FIELD_Y + 2, art.SIDE,
                           hud.BUTTON_Y - 10 - art.FIELD_Y - 2)  # under the banner
        centre = art.FIELD_RECT.center
        best: tuple[tuple[int, int, int, float], tuple[int, int, int]] | None = None
        for rank, w in enumerate(hud.RESULT_WIDTHS):
            if best is not None and best[0][:2] == (0, 0):
                break  # a clear place of an earlier width: no later width can rank above it
            h = hud.result_rect(hud.result_rows(lines, w, title), w=w).h
            for top in range(room.y, room.bottom - h + 1, 8):
                for left in range(room.x, room.right - w + 1, 8):
                    box = pygame.Rect(left, top, w, h)
                    over = len(box.collidelistall(named))
                    if best is not None and over > best[0][0]:
                        continue  # hides more of what must stay clear than the best so far
                    hidden = len(box.collidelistall(discs))
                    score = (over, hidden, rank if hidden == 0 else 0,
                             math.hypot(box.centerx - centre[0], box.centery - centre[1]))
                    if best is None or score < best[0]:
                        best = (score, (left, top, w))
        assert best is not None
        if best[0][:2] != (0, 0):
            return self.result_over_log(lines, title, [*named, *discs]) or best[1]
        return best[1]

    def result_over_log(self, lines: Sequence[str], title: str = "",
                        bodies: Sequence[pygame.Rect] = ()) -> tuple[int, int, int] | None:
        """The bomb's result card over the move log (which tells the same a moment later):
        the place nearest the log's middle, over space or not, that covers none of `bodies`
        (the planets, the ships and the named spots), no seat's panel, no Base, the banner,
        a button or an unclaimed Base's label; else, a full table's short strip too low for
        it, in the log opened upward (as the pointer opens it); else None."""
        sc = self.scene
        log = self.log_rect()
        screen = pygame.Rect(0, 0, *art.SCREEN).inflate(-16, -16)
        base_r = art.px(BASE_RADIUS) + 4
        blockers = [*bodies, hud.banner_rect().inflate(8, 8),
                    *(sc.panel(s).inflate(2 * PANEL_CLEAR, 2 * PANEL_CLEAR)  # (its glow)
                      for s in range(len(sc.seats))),
                    *(pygame.Rect(b.rect).inflate(8, 8) for b in sc.commands.buttons()),
                    *(hud.unclaimed_rect(f).inflate(8, 8) for f in range(len(FACTIONS))
                      if f not in sc.factions),
                    *(pygame.Rect(round(x) - base_r, round(y) - base_r, 2 * base_r, 2 * base_r)
                      for x, y in (art.to_screen(*corner_of(f)) for f in range(len(FACTIONS))))]
        best: tuple[float, tuple[int, int, int]] | None = None
        for w in sorted({log.w, *hud.RESULT_WIDTHS}):
            h = hud.result_rect(hud.result_rows(lines, w, title), w=w).h
            on_log = pygame.Rect(0, 0, w, h)
            on_log.center = log.center
            on_log.clamp_ip(screen)
            # the log's own place first, then every 16 px (once a bomb: a frame's time at 8)
            for left, top in [on_log.topleft,
                              *((x, y) for y in range(screen.y, screen.bottom - h + 1, 16)
                                for x in range(screen.x, screen.right - w + 1, 16))]:
                box = pygame.Rect(left, top, w, h)
                if box.collidelist(blockers) >= 0:
                    continue
                d = math.hypot(box.centerx - log.centerx, box.centery - log.centery)
                if best is None or d < best[0]:
                    best = (d, (left, top, w))
        if best is not None:
            return best[1]
        if log.h > hud.LOG_STRIP.h:
            return None
        room = hud.log_opened(log)
        for w in sorted({room.w, *(x for x in hud.RESULT_WIDTHS if x <= room.w)},
                        reverse=True):
            h = hud.result_rect(hud.result_rows(lines, w, title), w=w).h
            if h <= room.h:
                return room.centerx - w // 2, room.bottom - h, w
        return None

    def _modals(self, surface: pygame.Surface) -> None:
        sc = self.scene
        seat = sc.to_act
        if seat is None:
            return
        st = sc.match.state
        if sc.match.phase == Phase.DRAFT and sc.hand_shown(seat) and sc.stage == Stage.DECIDE \
                and not sc.presenter.draft_waits():
            offer = tuple(st.drafts[0][1])
            hud.draw_draft(surface, f"{sc.name(seat)}: keep one card", offer,
                           sc.commands.draft_focus, sc.time,
                           sc.aims.device != MOUSE or sc.device_of(seat) != MOUSE)
        if sc.commands.chooser is not None:
            card, plays = sc.commands.chooser
            labels = [sc.commands.option_label(p) for p in plays]
            from game.games.cosmic.data import CARDS_BY_ID

            for i, play in enumerate(plays):
                if play.planet is not None and i == sc.commands.chooser_focus:
                    at = sc.planet_screen(play.planet)
                    if at is not None:
                        pygame.draw.circle(surface, theme.SPARK, (round(at[0]), round(at[1])),
                                           art.px(PLANET_RADIUS) + 8, 3)
            hud.draw_chooser(surface, CARDS_BY_ID[card].name, labels,
                             sc.commands.chooser_focus, sc.time, sc.commands.chooser_side(),
                             sc.commands.chooser_hint())

    def _over(self, surface: pygame.Surface) -> None:
        sc = self.scene
        st = sc.match.state
        k = ease_out_back(min(1.0, sc.stage_t / 0.5)) if not sc.app.reduced_motion else 1.0
        surface.blit(dim_layer((1280, 720), round(150 * min(1.0, sc.stage_t / 0.4 + 0.3))),
                     (0, 0))
        won = set(st.winners())
        rows = []
        for seat in range(len(sc.seats)):
            b = st.score_breakdown(seat)
            rows.append(hud.ScoreRow(sc.name(seat), sc.faction_of(seat), b["survivors"],
                                     b["survivor_points"],
                                     (b["destroyed_1"], b["destroyed_2"], b["destroyed_3"]),
                                     b["own_destroyed"], b["total"], seat in won))
        title = f"{sc.voice.winners(sorted(won))}!"
        sheet = hud.over_sheet(title, tuple(rows), end_line(st, sc.voice))
        box = hud.over_box(len(rows))
        y = box.y - 12 + round((1.0 - k) * 60)
        surface.blit(sheet, (box.x - 12, y))
