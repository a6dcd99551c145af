"""Cosmic Kaboom's aims drawn: the dotted lanes to reachable crystals, the slingshot's band,
the aim arrow, the predicted path with its bounce and how it ends, the last pull's ghost, the
bomb's toss with its landing and the planets it would destroy, and the power bar.

`AimView(view)` is part of `CosmicView`: it reads the scene and asks the view only where the
bodies and panels are (`circles`, `keep_off`, `planet_screens`, `open_rects`) and which planets
a blast would take (`blast_doomed`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

import pygame

from game.app.input import MOUSE
from game.games.cosmic import art, hud
from game.games.cosmic.controls import (
    NO_ROOM,
    MouseFlick,
    MouseToss,
    PadFlick,
    PadToss,
    hand_reach,
)
from game.games.cosmic.data import (
    BOMB_RADIUS,
    FACTIONS,
    PLANET_RADIUS,
    PLANETS,
    SHIP_RADIUS,
)
from game.games.cosmic.marks import (
    ARROW_MIN,
    ARROW_SPAN,
    BAND_REACH,
    BAND_SHOWN,
    BOARD_CLIP,
    EDGE_MARK_R,
    EFFECTS_RECT,
    LAST_AIM,
    METER_SHOW_THROUGH,
    METER_SIZE,
    PANEL_CLEAR,
    PREVIEW_FADE,
    SIDE_STRIPS,
    arrow_boxes,
    arrow_length,
    board_label,
    box_cuts_ring,
    broken_ring,
    clear_place,
    cross_spot,
    doomed_mark,
    edge_exit,
    edge_landing,
    inward,
    label_spots,
    landing_edge,
    landing_label_box,
    lane_boxes,
    last_pull_hand,
    last_pull_words,
    leader,
    maybe_mark,
    meter_rect,
    meter_words_h,
    meter_words_w,
    near_mark,
    on_board,
    path_length,
    planet_keep_r,
    power_colour,
    preview_cut,
    ray_clear,
    screen_path,
    small_bomb,
    words_fit,
    yours_box,
)
from game.games.cosmic.match import FlickInput, TossInput
from game.games.cosmic.presenter import blast_preview_words
from game.games.cosmic.pull import MAX_PULL, PREVIEW_REACH, pull_readout, pull_ticks
from game.games.cosmic.rules import MatchState, Phase
from game.games.cosmic.stage import AI_SHOW_SECONDS, Stage
from game.games.cosmic.table import BASE_RADIUS, corner_of
from game.games.cosmic.world import MIN_FLICK_POWER, FlickLine
from game.ui import text, theme
from game.ui.draw import clipped, lerp_colour
from game.ui.tween import ease_out_cubic

if TYPE_CHECKING:
    from game.games.cosmic.view import CosmicView

Point = tuple[float, float]
Colour = tuple[int, int, int]


LOST_FAR = "at this power: flies out of space"
"""Said where the dots end when the ship's straight run, past them, leaves space."""
LOST_AFTER = "at this power: may bounce out of space"
"""Said where the dots end when the ship, past them, glances off a planet and out of space."""
LOST_MAYBE = "close: may fly out of space"
"""Said where the dots end when the ship, past them, stays in space but a hair's change of
the aim would fly or bounce out (`AimPreviews.may_leave`)."""



ALREADY_HELD = "already held"
"""Said by a previewed flick's first planet when its crystal is a colour the flicking seat
already has in its Hold or on its Base (`held_crystal`): touching it grants nothing."""


def tick_marks(start: Point, angle: float, ticks: list[tuple[float, float]],
               ) -> list[tuple[float, Point, Point]]:
    """(power, one end, the other) of each scale mark across a pull going from `start` along
    `angle`, at `ticks`' lengths (`pull.pull_ticks`): short strokes across the band."""
    dx, dy = math.cos(angle), math.sin(angle)
    out = []
    for power, length in ticks:
        half = 7.0 if power in (0.5, 1.0) else 4.0
        x, y = start[0] + dx * length, start[1] + dy * length
        out.append((power, (x - dy * half, y + dx * half), (x + dy * half, y - dx * half)))
    return out


def pull_scale(surface: pygame.Surface, start: Point, angle: float,
               ticks: list[tuple[float, float]]) -> None:
    """The pull's scale: a mark across it at 25/50/75/100% power (`tick_marks`)."""
    for _power, a, b in tick_marks(start, angle, ticks):
        pygame.draw.line(surface, (150, 156, 210), a, b, 2)


def held_crystal(state: MatchState, seat: int, planet: int) -> bool:
    """Whether `planet` holds a crystal of a colour `seat` already holds or banked."""
    colour = PLANETS[planet].colour
    return state.crystal.get(colour) == planet and state.players[seat].holds(colour)



def in_space(surface: pygame.Surface) -> AbstractContextManager[None]:
    """Draw between the side panels only (`EFFECTS_RECT`, within the clip already set), as
    a flick's arrow is: an aim arrow pointed at a panel stops at its edge."""
    return clipped(surface, EFFECTS_RECT)


class AimView:
    """The aims of a `CosmicView`, and where the power bar and aim labels went this frame."""

    def __init__(self, view: CosmicView) -> None:
        self.view = view
        self.scene = view.scene
        self.bar_area: pygame.Rect | None = None
        """Where the power bar and its words were drawn this frame (labels keep off it)."""
        self.edge_mark: Point | None = None
        """Where this frame's out-of-sight pull hand was marked at the edge (`_edge_hand`)."""
        self._label_offsets: dict[tuple[int, Colour], tuple[float, float]] = {}
        """Each aim label's offset from its place (by size and colour) as drawn last frame:
        tried first the next frame, so the words follow the aim instead of hopping."""
        self._labels_now: dict[tuple[int, Colour], tuple[float, float]] = {}
        self._over: list[Callable[[], None]] = []
        """The lines drawn this frame that go again over the side panels (`over_panels`)."""
        self._meter_last: tuple[Point, tuple[int, int]] | None = None
        """Last frame's power bar: the ship or hand it was for and its plate's centre's
        offset from there, kept while still clear (a stranger saw the bar hop between
        frames of one pull)."""
        self._meter_now: tuple[Point, tuple[int, int]] | None = None

    def begin_frame(self) -> None:
        """A new frame: no bar drawn yet; a label not drawn last frame starts afresh."""
        self.bar_area = None
        self.edge_mark = None
        self._label_offsets, self._labels_now = self._labels_now, {}
        self._meter_last, self._meter_now = self._meter_now, None
        self._over = []

    def _twice(self, draw: Callable[[], None]) -> None:
        """Draw now (on the board), and again over the side panels (`over_panels`)."""
        draw()
        self._over.append(draw)

    def over_panels(self, surface: pygame.Surface) -> None:
        """After the HUD: the band, the aim arrow and a toss's hand and arc again, over the
        side panels (under the prompt bar), so an aim reaching past the board never vanishes
        behind a panel (a stranger's band and bomb arc did, his hand still pulling)."""
        was = surface.get_clip()
        for strip in SIDE_STRIPS:
            surface.set_clip(strip.clip(was))
            for draw in self._over:
                draw()
        surface.set_clip(was)

    def draw(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        sc = self.scene
        seat = sc.to_act
        if seat is None:
            return
        if sc.stage == Stage.SHOW:
            choice = sc.ai_choice
            k = ease_out_cubic(min(1.0, sc.stage_t / (AI_SHOW_SECONDS * 0.7)))
            if isinstance(choice, FlickInput):
                sx, sy = art.to_screen(*sc.match.ship_at(seat))
                self._arrow(surface, (sx + off[0], sy + off[1]), choice.angle, choice.power * k,
                            art.faction_colour(sc.faction_of(seat)))
            elif isinstance(choice, TossInput):
                hx, hy = art.to_screen(choice.x, choice.y)
                if k >= 1.0:
                    self._landing(surface, (choice.x, choice.y), choice.angle, choice.power,
                                  choice.spin, off)
                self._hand(surface, (hx + off[0], hy + off[1]), choice.spin)
                self._arrow(surface, (hx + off[0], hy + off[1]), choice.angle, choice.power * k,
                            theme.FUSE)
            return
        if sc.stage != Stage.DECIDE or not sc.is_human(seat):
            return
        if sc.match.phase == Phase.FLICK:
            if sc.commands.chooser is None:
                self._lanes(surface, seat, off)
            self._flick_aim(surface, seat, off)
        elif sc.match.phase == Phase.BOMB:
            self._toss_aim(surface, off)

    def _lanes(self, surface: pygame.Surface, seat: int, off: tuple[int, int]) -> None:
        """The clear shots on a human's turn (with the trajectory assist): corner brackets round
        every planet with a crystal it still needs that one straight flick reaches, and, until
        the trip's first catch, a faint dotted lane in the crystal's colour to each."""
        sc = self.scene
        if not sc.app.settings.assists.trajectory_preview:
            return
        # with no sure lane, the nearest thing to one a flick reaches (the hint says what
        # they are, and says so when even full power reaches none)
        shots = sc.previews.lanes(seat)
        if not shots:
            return
        sx, sy = art.to_screen(*sc.match.ship_at(seat))
        sx, sy = sx + off[0], sy + off[1]
        aiming = any(a is not None and a.active for a in (sc.aims.mouse_aim, sc.aims.pad_aim))
        # The lanes show the way to the first catch of a trip; after it, the next hops are the
        # player's to judge (brackets still mark the targets): lanes all the way made a sweep
        # of four crystals a matter of following dots.
        lanes = not aiming and not sc.match.state.players[seat].hold
        pulse = 0.5 + 0.5 * math.sin(sc.time * 3.0)
        pr = art.px(PLANET_RADIUS)
        for planet, angle in shots:
            colour = art.COLOUR_RGB[PLANETS[planet].colour]
            px_, py_ = sc.match.table.planets[planet]
            cx, cy = art.to_screen(px_, py_)
            cx, cy = cx + off[0], cy + off[1]
            dim = lerp_colour((20, 20, 40), colour, 0.35 if aiming else 0.55 + 0.25 * pulse)
            if lanes:  # while a pull is in hand the lane goes: the aim is the player's
                start = art.px(SHIP_RADIUS) + 10
                length = math.hypot(cx - sx, cy - sy) - pr - 6
                d = float(start)
                dx, dy = math.cos(angle), math.sin(angle)
                while d < length:
                    pygame.draw.circle(surface, dim, (round(sx + dx * d), round(sy + dy * d)),
                                       2)
                    d += 11.0
            r = pr + 8
            for kx, ky in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                ex, ey = round(cx + kx * r), round(cy + ky * r)
                pygame.draw.line(surface, dim, (ex, ey), (ex - kx * 9, ey), 2)
                pygame.draw.line(surface, dim, (ex, ey), (ex, ey - ky * 9), 2)

    def _flick_aim(self, surface: pygame.Surface, seat: int, off: tuple[int, int]) -> None:
        """A human's flick being aimed: the band (mouse), where the ship would go (the
        trajectory assist) and how hard (arrow length against the full-strength outline, and
        the power bar)."""
        sc = self.scene
        sx, sy = art.to_screen(*sc.match.ship_at(seat))
        ship = (sx + off[0], sy + off[1])
        colour = art.faction_colour(sc.faction_of(seat))
        aim: MouseFlick | PadFlick | None = None
        pad = sc.aims.pad_aim
        if isinstance(sc.aims.mouse_aim, MouseFlick) and sc.aims.mouse_aim.active:
            aim = sc.aims.mouse_aim
        elif pad is not None and pad.armed:
            aim = pad  # only an aim the player touched this decision shows, with its preview
        mouse_aim = sc.aims.mouse_aim
        if aim is None and mouse_aim is not None and mouse_aim.snap is not None:
            # a lane the mouse's right click snapped to: shown as a pull made, path and all
            aim = PadFlick(seat, MOUSE, *mouse_aim.snap, armed=True)
        ghost: tuple[tuple[int, int, int, int], ...] = ()
        if (aim is None or isinstance(aim, MouseFlick)) and mouse_aim is not None \
                and mouse_aim.last is not None and sc.aims.device == MOUSE:
            with on_board(surface):  # never over the prompt bar or the log
                self._last_pull(surface, ship, *mouse_aim.last)
            ring = last_pull_hand(ship, *mouse_aim.last)
            words = self.last_pull_place(ship, ring)
            ghost = ((ring[0] - 9, ring[1] - 9, 18, 18),  # its ring and its words
                     (words.x, words.y, words.w, words.h))
        if aim is None:
            if pad is not None and sc.aims.device != MOUSE:
                # a keys seat's untouched aim: a dim arrow where it points, no preview (its
                # first key press shows the rest)
                self._arrow(surface, ship, pad.angle, pad.power, theme.MUTED)
            return
        if isinstance(aim, MouseFlick):
            band = aim
            with on_board(surface):  # the board alone: over a panel it hid its words; a
                # hand past the board's edge is marked there (`_edge_hand`)
                self._band(surface, band, ship, colour)
            if aim.in_dead_zone:
                self._space_label(surface, "pull back further to flick", 15, theme.CREAM,
                                  (ship[0], ship[1] + 34))  # in space, never on a panel
                self._no_room(surface, aim.stuck, ship)
                return
        # the bar first, the preview over it: its dots and a crystal's ring never hide; the
        # bar (and its words) is placed off the whole path shown, bounce and all (a
        # stranger's "power 64%" sat on the dots of the shot he was lining up)
        shown_line: FlickLine | None = None
        bounce_line: FlickLine | None = None
        whole = done = True
        stop: Point | None = None
        travel: float | None = None
        lost, lost_at = "", (0.0, 0.0)
        if aim.power >= MIN_FLICK_POWER and sc.app.settings.assists.trajectory_preview:
            line = sc.previews.preview(seat, aim.angle, aim.power)
            travel = path_length([art.to_screen(*p) for p in line.points])
            shown, whole = preview_cut(line.points, PREVIEW_REACH)
            if not whole and line.end == "rest":
                stop = line.points[-1]  # a long run through open space: where it stops
            shown_line = FlickLine(tuple(shown), line.end, line.hit)
            if whole and line.end == "planet":
                bounce = sc.previews.bounce_preview(seat, aim.angle, aim.power)
                if bounce is not None:
                    left = PREVIEW_REACH - path_length(line.points)
                    cut, done = preview_cut(bounce.points, left)
                    bounce_line = FlickLine(tuple(cut), bounce.end, bounce.hit)
                    if not done and bounce.end == "rest":
                        # a long run on after the bounce: where it stops, marked as well (a
                        # stranger's long shot showed only its start)
                        stop = bounce.points[-1]
            elif not whole:
                # past the preview's reach the ship's loss is still said, where the dots end:
                # a stranger's hard flicks took a crystal and flew on out of space unwarned
                gone = line.end == "out"
                if line.end == "planet":
                    bounce = sc.previews.bounce_preview(seat, aim.angle, aim.power)
                    gone = bounce is not None and bounce.end == "out"
                if gone and shown:
                    lost = LOST_FAR if line.end == "out" else LOST_AFTER
                    lost_at = shown[-1]
                elif shown and sc.previews.may_leave(seat, aim.angle, aim.power):
                    # a hair more or off the aim leaves space: said as a whole path's close
                    # call says "close: may fly out" (a stranger's cut MAX dots said nothing)
                    lost, lost_at = LOST_MAYBE, shown[-1]
        was = surface.get_clip()  # aimed out past the edge: the arrow stops at the panels
        surface.set_clip(EFFECTS_RECT.clip(was))
        # with the path previewed the arrow only points: it never reaches past where the ship
        # stops, and no full-strength outline runs on beyond (a stranger read the arrow as
        # where the ship goes, pulled 25% toward a planet and stopped half way)
        angle, power = aim.angle, aim.power
        self._twice(lambda: self._arrow(surface, ship, angle, power, power_colour(power),
                                        ghost=travel is None, most=travel))
        surface.set_clip(was)
        path = screen_path([*(shown_line.points if shown_line else ()),
                            *(bounce_line.points if bounce_line else ())], off)
        self._meter(surface, ship, aim.angle, aim.power,
                    aim.last[1] if isinstance(aim, PadFlick) and aim.last is not None else None,
                    BAND_REACH if isinstance(aim, MouseFlick) else 0.0, path, ghost)
        with on_board(surface):  # the dots and a lost ship's cross never over the prompt bar
            if bounce_line is not None:
                self._bounce_path(surface, seat, bounce_line, off, done,
                                  shown_line.hit if shown_line is not None
                                  and shown_line.end == "planet" else None)
            if shown_line is not None:
                # a long pull that meets a planet or a ship past the preview's reach still
                # shows where it ends: the ring and the close-call words a short pull gets (a
                # stranger's long mouse flicks showed dots fading half way and no end)
                reach = line if not whole and line.end in ("planet", "ship") else None
                close = sc.previews.close_call(seat, aim.angle, aim.power) \
                    if whole or reach is not None else None
                self._flick_path(surface, shown_line, colour, off, whole, close, seat=seat,
                                 far=reach)
            if stop is not None:
                self._stop_mark(surface, stop, colour, off)
            if lost:
                x, y = art.to_screen(*lost_at)
                at = (round(x + off[0]), round(y + off[1]))
                self._space_label(surface, lost, 14, theme.BLAST, inward(at, 36), mark=at)
        if isinstance(aim, MouseFlick) and aim.fine:
            hand = self.band_hand(aim, ship)
            self._space_label(surface, "fine aim", 13, theme.MINT, (hand[0], hand[1] + 14))
        self._no_room(surface, isinstance(aim, MouseFlick) and aim.stuck, ship)

    def _no_room(self, surface: pygame.Surface, stuck: bool, near: Point) -> None:
        """A pull pinned at the window's edge that no motion of the mouse's own carries on
        (a pointer moved by absolute positions: xdotool, a remote desktop): said plainly by
        the ship or bomb, in space off planets and panels (`NO_ROOM`), so such a player is
        never stuck at the edge's power unknowing (a press in open space leaves room)."""
        if stuck:
            self._space_label(surface, NO_ROOM, 15, theme.BLAST, (near[0], near[1] + 40))

    def _last_pull(self, surface: pygame.Surface, ship: Point, angle: float,
                   power: float) -> None:
        """The seat's previous flick, kept for the mouse: a faint arrow where it went and a
        hollow ring where its hand was let go, so the same pull (or a little more or less) is
        found again without starting from nothing."""
        dx, dy = math.cos(angle), math.sin(angle)
        x0, y0 = ship[0] + dx * 18, ship[1] + dy * 18
        length = ARROW_MIN + max(0.0, min(1.0, power)) * ARROW_SPAN
        length = min(length, ray_clear(ship, angle, self.view.planet_screens()) - 18)
        hand = last_pull_hand(ship, angle, power)
        rooms = self.view.open_rects()
        words = self.last_pull_place(ship, hand)
        # the ring as it shows (on the board, off the panels); the words only where they
        # show whole, clear of their ring and the panels' glow (a stranger read "ast pull"
        # at a panel's edge, "last pul" run into its ring, and it ran into "points")
        ring_seen = any(r.clip(BOARD_CLIP).collidepoint(hand) for r in rooms)
        # and only clear of every planet (with its glow), ship and Base ring: a crowded
        # place leaves the ring and line to say it alone, never "ast pull" over a planet
        words_seen = words_fit(words, hand, self.words_rooms()) and not any(
            box_cuts_ring(words, (round(c[0]), round(c[1])), round(r))
            for c, r in self.last_pull_circles(ship))
        was = surface.get_clip()
        for room in rooms:  # a ghost never crosses a panel (a stranger saw it)
            surface.set_clip(room.clip(was))
            if length > 2:
                pygame.draw.line(surface, LAST_AIM, (x0, y0),
                                 (x0 + dx * length, y0 + dy * length), 2)
            pygame.draw.line(surface, LAST_AIM, (round(ship[0]), round(ship[1])), hand, 1)
            pygame.draw.circle(surface, LAST_AIM, hand, 7, 2)
        surface.set_clip(was)
        if ring_seen and words_seen and not self._under_popup(words):
            # said in words, whole (a stranger never knew what the grey line and ring were),
            # once a word popping up there ("+ CRYSTAL") has gone (they ran into each other)
            text.blit(surface, "last pull", 12, LAST_AIM, words.center, "center")

    def _under_popup(self, box: pygame.Rect) -> bool:
        """Whether a word popping up on the table ("+ CRYSTAL", "BANKED") covers `box` now
        (where it rises, or, not yet settled, where it was asked for)."""
        return box.collidelist(self.popup_boxes()) >= 0

    def popup_boxes(self) -> list[pygame.Rect]:
        """Where the words popping up on the table now ("already held", "+ CRYSTAL") lie, as
        they rise: what the aim's labels keep off (a stranger's "already held" sat on
        "bounce: may fly out of space")."""
        out = []
        for p in self.scene.fx.popups:
            w, h = text.render(p.word, p.size, p.colour, True).get_size()
            at = p.spot if p.spot is not None else (round(p.x), round(p.y))
            out.append(pygame.Rect(0, 0, w, h + 24).move(at[0] - w // 2, at[1] - (h + 24) // 2)
                       .inflate(8, 4))
        return out

    def _band(self, surface: pygame.Surface, aim: MouseFlick, ship: Point,
              colour: Colour) -> None:
        """The slingshot's band from the ship to the hand, and the hand itself, bright at the
        full pull. A pull begun elsewhere in space is drawn behind the ship as if pulled from
        it (`band_hand`): drawn where it was pulled, its hand and band lay across the ship's
        predicted path (a stranger pressed in front of his ship and lost the dots under it)."""
        hand = self.band_hand(aim, ship)
        band = theme.MUTED if aim.in_dead_zone else colour
        # the full pull's reach round the ship, the same every way: where full power is
        for k in range(0, 360, 10):
            a = math.radians(k)
            reach = MAX_PULL
            pygame.draw.circle(surface, (110, 116, 170), (round(ship[0] + math.cos(a) * reach),
                                                        round(ship[1] + math.sin(a) * reach)), 1)
        for side in (-1, 1):
            nx, ny = -math.sin(aim.angle) * 9 * side, math.cos(aim.angle) * 9 * side
            pygame.draw.line(surface, band, (ship[0] + nx, ship[1] + ny), hand, 2)
        pull_scale(surface, ship, aim.angle + math.pi, pull_ticks())
        full = aim.pull is not None and aim.pull.at_max
        pygame.draw.circle(surface, theme.CREAM, (round(hand[0]), round(hand[1])), 6)
        pygame.draw.circle(surface, theme.BLAST if full else band,
                           (round(hand[0]), round(hand[1])), 9 if full else 6, 2)
        self._edge_hand(surface, ship, hand, theme.BLAST if full else band, BOARD_CLIP)

    def _edge_hand(self, surface: pygame.Surface, start: Point, hand: Point,
                   colour: Colour, room: pygame.Rect = BAND_SHOWN) -> None:
        """A pull's hand out of sight (past the window's edge, or under the prompt bar): a
        hand ring with an arrow pointing on along the band, at the edge where the band
        leaves the screen (`edge_exit`), so the pull is seen going on (only the power bar
        moved while a stranger's hand was off the top)."""
        at = edge_exit(start, hand, room)
        self.edge_mark = at
        if at is None:
            return
        angle = math.atan2(hand[1] - start[1], hand[0] - start[0])
        dx, dy = math.cos(angle), math.sin(angle)
        x, y = at
        c = (round(x), round(y))
        tip = (x + dx * 12, y + dy * 12)
        head = [tip, (x + dx * 4 - dy * 7, y + dy * 4 + dx * 7),
                (x + dx * 4 + dy * 7, y + dy * 4 - dx * 7)]
        pygame.draw.circle(surface, (10, 12, 28), c, 10)
        pygame.draw.circle(surface, theme.CREAM, c, 5)
        pygame.draw.circle(surface, colour, c, 9, 2)
        pygame.draw.polygon(surface, colour, head)
        pygame.draw.polygon(surface, theme.CREAM, head, 1)

    @staticmethod
    def band_hand(aim: MouseFlick, ship: Point) -> Point:
        """Where a mouse pull's hand is drawn: the pull's length (held at full strength's
        reach) straight behind the ship, opposite the aim, wherever the press began, on the
        ship or elsewhere in space (never on the path ahead)."""
        if aim.pull is None:
            return aim.hand
        reach = hand_reach(aim.power)
        return (ship[0] - math.cos(aim.angle) * reach, ship[1] - math.sin(aim.angle) * reach)

    def _space_label(self, surface: pygame.Surface, words: str, size: int, colour: Colour,
                     at: Point, mark: Point | None = None) -> None:
        """An aim label (midtop at `at`, or the nearest clear place round it) kept in space,
        off the power bar and its words, the slingshot's band, the panels, planets and ships
        (a stranger's "out of space: ship lost" lay across his band and two planets)."""
        w, h = text.render(words, size, colour, True).get_size()
        plate = (w + 10, h + 4)
        centre = (at[0], at[1] + plate[1] / 2)
        keep = [*self.view.keep_off(), *self._band_rects(), *self.popup_boxes()]
        if self.bar_area is not None:
            keep.append(self.bar_area)
        step = plate[1] + 8
        spots = label_spots(centre, plate) + [
            ((centre[0] + dx * (plate[0] * 0.5 + 20), centre[1] + k * step), "center")
            for k in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6) for dx in (0, 1, -1, 2, -2)]
        key = (size, colour)
        last = self._label_offsets.get(key)
        if last is not None:  # where it sat last frame, as far from its place: tried first,
            # so a label follows its aim smoothly instead of hopping between clear spots as
            # the hand moves a pixel (a stranger saw the preview's words jump)
            spots.insert(0, ((centre[0] + last[0], centre[1] + last[1]), "center"))
        spot = clear_place(plate, spots, self.view.circles(), keep, art.FIELD_RECT.inflate(-8, -8),
                           first_clear=last is not None)
        self._labels_now[key] = (spot.centerx - centre[0], spot.centery - centre[1])
        if mark is not None:  # a label pushed away from its mark keeps a line to it
            leader(surface, spot, mark, colour, 30.0)
        board_label(surface, words, size, colour, (spot.centerx, spot.top + 2))

    def _band_rects(self) -> list[pygame.Rect]:
        """Small squares along the mouse pull's band (ship to hand): what a label keeps off."""
        aim = self.scene.aims.mouse_aim
        if not isinstance(aim, MouseFlick) or not aim.active or aim.pull is None:
            return []
        (ax, ay) = aim.ship
        (hx, hy) = self.band_hand(aim, aim.ship)
        n = max(1, round(math.hypot(hx - ax, hy - ay) / 12))
        return [pygame.Rect(round(ax + (hx - ax) * k / n) - 6, round(ay + (hy - ay) * k / n) - 6,
                            12, 12) for k in range(n + 1)]

    def _bounce_path(self, surface: pygame.Surface, seat: int, line: FlickLine,
                     off: tuple[int, int], whole: bool = True,
                     direct: int | None = None) -> None:
        """The bank shot: after the first planet, where the ship glances on to (an estimate),
        as small hollow dots; a planet it would reach holding a crystal the seat still needs
        is ringed in that crystal's colour, so a bounce is a move one can see. Cut short
        (`whole` False, past the preview's reach), it shows only its start."""
        pts = [(x + off[0], y + off[1]) for x, y in (art.to_screen(*p) for p in line.points)]
        if len(pts) < 2:
            return
        gap, left = 13.0, 6.0
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            seg = math.hypot(x1 - x0, y1 - y0)
            t = left
            while t < seg:
                k = t / seg
                pygame.draw.circle(surface, theme.MUTED,
                                   (round(x0 + (x1 - x0) * k), round(y0 + (y1 - y0) * k)), 3, 1)
                t += gap
            left = t - seg
        if not whole:
            if line.end == "out":
                # cut short by the preview's reach, a bounce that leaves space still says so
                # at the end of its dots (a stranger's 94% bounce showed no warning and lost
                # his ship and its crystal; at 95% the whole path fitted and warned)
                last = (round(pts[-1][0]), round(pts[-1][1]))
                self._space_label(surface, "bounce: may fly out of space", 13, theme.BLAST,
                                  inward(last, 36), mark=last)
            return
        sc = self.scene
        st = sc.match.state
        end = (round(pts[-1][0]), round(pts[-1][1]))
        if line.end == "planet" and line.hit is not None and line.hit in sc.match.table.planets:
            colour = PLANETS[line.hit].colour
            wanted = st.crystal.get(colour) == line.hit and not st.players[seat].holds(colour)
            px_, py_ = art.to_screen(*sc.match.table.planets[line.hit])
            at = (round(px_ + off[0]), round(py_ + off[1]))
            pygame.draw.circle(surface, art.COLOUR_RGB[colour] if wanted else theme.MUTED, at,
                               art.px(PLANET_RADIUS) + 6, 3 if wanted else 1)
            # "bounce" only when the glance carries the ship on to another planet: a ship
            # that hits its crystal head on and stops against it is a direct hit (a playtester
            # read "bounce: crystal!" on a straight shot)
            if wanted and line.hit != direct:
                self._space_label(surface, "bounce: crystal!", 13, art.COLOUR_RGB[colour],
                                  (at[0], at[1] + art.px(PLANET_RADIUS) + 10), mark=at)
        elif line.end == "out":
            end = cross_spot(end, 7)
            pygame.draw.line(surface, theme.BLAST, (end[0] - 7, end[1] - 7),
                             (end[0] + 7, end[1] + 7), 3)
            pygame.draw.line(surface, theme.BLAST, (end[0] - 7, end[1] + 7),
                             (end[0] + 7, end[1] - 7), 3)
            # A glance that leaves space is said as plainly as a straight one (a playtester
            # lost a ship whose bounce showed only a small cross).
            self._space_label(surface, "bounce: may fly out of space", 13, theme.BLAST,
                              inward(end, 36), mark=end)
        else:
            pygame.draw.circle(surface, theme.MUTED, end, art.px(SHIP_RADIUS), 1)

    def _flick_path(self, surface: pygame.Surface, line: FlickLine, colour: Colour,
                    off: tuple[int, int], whole: bool = True,
                    close: str | None = None, seat: int | None = None,
                    far: FlickLine | None = None) -> None:
        """The predicted path as evenly spaced dots, and how it ends: a ring on the planet or
        ship it touches first, the ship's outline where it stops, a red cross where it leaves
        space (the ship would be lost). Cut at the preview's reach (`whole` False), the dots
        fade out; `far`, the whole path of a cut one that meets a planet or a ship, has its
        end marked all the same (where a long pull lands, and whether it is sure). `close`
        (`AimPreviews.close_call`): a hair off the aim shown ends otherwise, so the end is
        said to be a close call (a stranger's previewed hit grazed past): the words by it,
        and a touch drawn broken."""
        pts = [(x + off[0], y + off[1]) for x, y in (art.to_screen(*p) for p in line.points)]
        if len(pts) < 2:
            return
        gap = 13.0
        left = gap * 0.6
        n = 0
        total = path_length(pts)
        run = 0.0
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            seg = math.hypot(x1 - x0, y1 - y0)
            t = left
            while t < seg:
                k = t / seg
                c = lerp_colour(theme.CREAM, colour, min(1.0, n / 30))
                fade = 1.0 if whole else min(1.0, (total - run - t) / PREVIEW_FADE + 0.15)
                at = (round(x0 + (x1 - x0) * k), round(y0 + (y1 - y0) * k))
                pygame.draw.circle(surface, (10, 12, 28), at, 5)
                pygame.draw.circle(surface, lerp_colour((10, 12, 28), c, fade), at,
                                   3 if fade > 0.5 else 2)
                n += 1
                t += gap
            left = t - seg
            run += seg
        if not whole:
            if far is None or len(far.points) < 2:
                return
            line = far
            fx, fy = art.to_screen(*far.points[-1])
            pts.append((fx + off[0], fy + off[1]))
        ex, ey = pts[-1]
        end = (round(ex), round(ey))
        st = self.scene.match
        if line.end == "out":
            end = cross_spot(end, 9)
            for d in (-1, 1):
                pygame.draw.line(surface, theme.BLAST, (end[0] - 9, end[1] - 9 * d),
                                 (end[0] + 9, end[1] + 9 * d), 4)
            words = "out of space: ship lost" + (f" ({close})" if close else "")
            self._space_label(surface, words, 15, theme.BLAST, inward(end, 40), mark=end)
            return
        if line.end == "planet" and line.hit is not None \
                and line.hit in st.table.planets:
            px_, py_ = art.to_screen(*st.table.planets[line.hit])
            at = (round(px_ + off[0]), round(py_ + off[1]))
            ring = art.px(PLANET_RADIUS) + 7
            if close:
                broken_ring(surface, theme.CREAM, at, ring, 3)
            else:
                pygame.draw.circle(surface, theme.CREAM, at, ring, 3)
            pygame.draw.circle(surface, theme.CREAM, end, art.px(SHIP_RADIUS), 2)
            if seat is not None and held_crystal(st.state, seat, line.hit):
                # the crystal there is a colour the seat has: touching it grants nothing (a
                # stranger's keys aimed at one and read "only a crystal already held" after)
                self._space_label(surface, ALREADY_HELD, 14, theme.SPARK,
                                  inward(at, ring + 16), mark=at)
        elif line.end == "ship" and line.hit is not None:
            hx, hy = art.to_screen(*st.ship_at(line.hit))
            pygame.draw.circle(surface, theme.CREAM, (round(hx + off[0]), round(hy + off[1])),
                               art.px(SHIP_RADIUS) + 7, 3)
            pygame.draw.circle(surface, theme.CREAM, end, art.px(SHIP_RADIUS), 2)
        else:
            pygame.draw.circle(surface, colour, end, art.px(SHIP_RADIUS) + 2, 2)
            pygame.draw.circle(surface, theme.CREAM, end, 3)
        if close:
            self._space_label(surface, close, 14, theme.SPARK, inward(end, 30), mark=end)

    def _stop_mark(self, surface: pygame.Surface, at: Point, colour: Colour,
                   off: tuple[int, int]) -> None:
        """Where a flick cut at the preview's reach comes to rest in open space (how far the
        chosen power goes, a stranger asked): the ship's faint outline with a centre dot.
        Only for a path that meets nothing: past the reach a contact is still judged by eye."""
        x, y = art.to_screen(*at)
        end = (round(x + off[0]), round(y + off[1]))
        faint = lerp_colour((10, 12, 28), colour, 0.6)
        pygame.draw.circle(surface, faint, end, art.px(SHIP_RADIUS) + 2, 2)
        pygame.draw.circle(surface, theme.CREAM, end, 2)

    def _toss_aim(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        sc = self.scene
        toss: MouseToss | PadToss | None = sc.aims.mouse_toss if sc.aims.device == MOUSE \
            else sc.aims.pad_toss
        if toss is None:
            return
        hx, hy = art.to_screen(*toss.hand)
        hand = (hx + off[0], hy + off[1])
        if isinstance(toss, PadToss) and not toss.armed:
            # untouched this decision: the hand and a dim arrow, no preview (the first key
            # press shows the rest)
            self._hand(surface, hand, toss.spin)
            with in_space(surface):
                self._arrow(surface, hand, toss.angle, toss.power, theme.MUTED)
            return
        path: tuple[tuple[int, int], ...] = ()
        if (toss.active or isinstance(toss, PadToss)) and toss.power >= 0.04:
            path = self._landing(surface, toss.hand, toss.angle, toss.power, toss.spin, off)
        spin, angle, power = toss.spin, toss.angle, toss.power
        self._twice(lambda: self._hand(surface, hand, spin))
        if isinstance(toss, MouseToss) and toss.active and toss.pull is not None:
            end, anchor, full = toss.pull.hand, toss.anchor, toss.pull.at_max

            def pull() -> None:
                pygame.draw.line(surface, theme.MUTED, anchor, end, 2)
                away = math.atan2(end[1] - anchor[1], end[0] - anchor[0])
                pull_scale(surface, anchor, away, pull_ticks(toss=True))
                pygame.draw.circle(surface, theme.MUTED, (round(anchor[0]),
                                                          round(anchor[1])), 5, 2)
                pygame.draw.circle(surface, theme.BLAST if full else theme.CREAM,
                                   (round(end[0]), round(end[1])), 8 if full else 6, 2)
                self._edge_hand(surface, anchor, end, theme.BLAST if full else theme.CREAM)

            with on_board(surface):  # over the panels after the HUD (`over_panels`)
                self._twice(pull)
        if toss.active or isinstance(toss, PadToss):
            # on the board only, never again over the panels as the hand and the arc are
            # (Ben's arrow lay on his own panel)
            with in_space(surface):
                self._arrow(surface, hand, angle, power, power_colour(power), ghost=True)
            # off the bomb's predicted flight and slide, as a flick's bar keeps off its path
            # (a stranger's "power 71%" sat on the dots of the toss he was lining up)
            self._meter(surface, hand, toss.angle, toss.power, path=path, toss=True)
        if isinstance(toss, MouseToss) and toss.stuck:
            self._no_room(surface, True, hand)

    def _landing(self, surface: pygame.Surface, hand: Point, angle: float, power: float,
                 spin: float, off: tuple[int, int]) -> tuple[tuple[int, int], ...]:
        """The toss preview (the trajectory assist): the flight's track, a small mark where
        the bomb comes down, its whole slide, and where it stops and goes off: a ring the
        blast's size there and a red ring on every planet that blast destroys. Off with the
        assist: nothing. Returns the drawn path as canvas points (`screen_path`), what the
        power bar keeps off."""
        sc = self.scene
        if not sc.app.settings.assists.trajectory_preview:
            return ()
        flight, slide, blast = sc.previews.toss_preview(hand, angle, power, spin)
        path = screen_path([*flight, *slide], off)

        def screen(xy: Point) -> tuple[int, int]:
            x, y = art.to_screen(*xy)
            return round(x + off[0]), round(y + off[1])

        def dots() -> None:  # (again over the panels after the HUD: `over_panels`)
            for i in range(2, len(flight) - 1, 3):
                pygame.draw.circle(surface, theme.FUSE, screen(flight[i]), 2)
            for i in range(2, len(slide) - 1, 3):
                pygame.draw.circle(surface, theme.CREAM, screen(slide[i]), 2)
            pygame.draw.circle(surface, theme.FUSE, screen(flight[-1]), 5, 2)  # comes down

        self._twice(dots)
        rest = slide[-1]
        c = screen(rest)
        st = sc.match.state
        r = art.px(BOMB_RADIUS)
        yours: list[pygame.Rect] = []
        doomed, maybe = self.view.blast_doomed(blast)
        for planet in maybe:  # a hidden hand's: gone unless its owner holds a Shield
            maybe_mark(surface, screen(sc.match.table.planets[planet]), art.px(PLANET_RADIUS))
        for planet in doomed:
            at = screen(sc.match.table.planets[planet])
            doomed_mark(surface, at, art.px(PLANET_RADIUS))
            if st.owner[planet] == sc.to_act:  # your own: destroyed for no points
                # beside the planet where the words cross neither the blast's ring nor its
                # crosshair (over the ring, "yours!" read as orange noise in a real window)
                size = text.render("yours!", 13, theme.BLAST, True).get_size()
                box = yours_box(size, at, art.px(PLANET_RADIUS) + 4, c, r,
                                art.FIELD_RECT.inflate(-8, -8))
                text.blit(surface, "yours!", 13, theme.BLAST, box.center, "center",
                          bold=True, shadow=True)
                yours.append(box)
        pygame.draw.circle(surface, theme.FUSE, c, r, 2)
        pygame.draw.line(surface, theme.FUSE, (c[0] - 6, c[1]), (c[0] + 6, c[1]), 2)
        pygame.draw.line(surface, theme.FUSE, (c[0], c[1] - 6), (c[0], c[1] + 6), 2)
        # the words beyond the stop (the side the slide does not come from), or the first
        # other side where they hide fewer planets (or their "yours!")
        dy = rest[1] - slide[max(0, len(slide) - 4)][1] if len(slide) > 1 else \
            rest[1] - flight[0][1]
        # planets a toss a hair off would catch too: dashed, and named ("close to ...")
        hit, spared = st.bomb_result(sc.previews.toss_close(hand, angle, power, spin))
        close = [p for p in [*hit, *spared] if p not in doomed and p not in maybe]
        for planet in close:  # a near miss: a dashed ring in the toss's colour, never the
            # red gunsight of a planet it destroys (a stranger read red ticks on a planet
            # the words said it missed)
            near_mark(surface, screen(sc.match.table.planets[planet]), art.px(PLANET_RADIUS))
        words = blast_preview_words(sc.voice, st.owner, doomed, maybe, close)
        # a landing under a panel or the log (or off the screen) is said in words and marked
        # at the open board's edge, the words beside the mark (a stranger's landing ring lay
        # under the LOG, "goes off here" beside it)
        ring, ring_r = c, r
        where = self.hidden_landing(c)
        if where:
            words = words.replace("goes off here", f"goes off {where}", 1) \
                if words.startswith("goes off here") else f"goes off {where}, {words}"
            bases = [((round(bx), round(by)), art.px(BASE_RADIUS))
                     for bx, by in (art.to_screen(*corner_of(f)) for f in range(len(FACTIONS)))]
            ring, ring_r = landing_edge(c, bases), EDGE_MARK_R
            edge_landing(surface, ring, c)
        c, r = ring, ring_r
        size = text.render(words, 14, theme.FUSE, True).get_size()
        sides = [(c[0], c[1] + r + 4, "midtop"), (c[0], c[1] - r - 4, "midbottom"),
                 (c[0] + r + 6, c[1], "midleft"), (c[0] - r - 6, c[1], "midright")]
        if dy <= 0.0:
            sides[0], sides[1] = sides[1], sides[0]
        far = r + 4 + art.px(PLANET_RADIUS) * 2  # past a planet beside the ring
        sides += [(c[0], c[1] + far, "midtop"), (c[0], c[1] - far, "midbottom"),
                  (c[0] + far, c[1], "midleft"), (c[0] - far, c[1], "midright")]
        wide = far + art.px(PLANET_RADIUS) * 2  # past the planets round a crowded target
        sides += [(c[0] + far, c[1] + far, "topleft"), (c[0] - far, c[1] + far, "topright"),
                  (c[0] + far, c[1] - far, "bottomleft"), (c[0] - far, c[1] - far, "bottomright"),
                  (c[0], c[1] + wide, "midtop"), (c[0], c[1] - wide, "midbottom")]
        aimed = [*doomed, *maybe] or [p for p, xy in sc.match.table.planets.items()
                                      if math.dist(screen(xy), c) < r + art.px(PLANET_RADIUS)]
        planets = [screen(xy) for xy in sc.match.table.planets.values()]
        planets += [b.center for b in yours]  # and their "yours!"
        ships = [screen(sc.match.ship_at(s)) for s in range(len(sc.seats))]
        # never over the power bar (and its words), a panel and its score, the banner or a
        # button; each place is pulled inside space first, so by an edge the words slide
        # along it instead of leaving the screen (a stranger's keyboard toss by the top edge
        # drew them off the top, or under the bar when every side was out)
        hx, hy = art.to_screen(*hand)
        held = (hx + off[0], hy + off[1])
        bar = meter_rect(held, angle, self.meter_bodies(), 0.0, path,
                         keep=self._meter_kept(held))
        keep_off = [bar.inflate(10, 10).union(bar.move(0, -meter_words_h() - 2)),
                    hud.banner_rect(),
                    *(hud.seat_rect(f, sc.factions) for f in sc.factions),
                    *(pygame.Rect(b.rect) for b in sc.commands.buttons()),
                    # the panels with their glow and the log: words over space, whole
                    *(sc.panel(s).inflate(2 * PANEL_CLEAR, 2 * PANEL_CLEAR)
                      for s in range(len(sc.seats))),
                    self.view.log_rect().inflate(2 * PANEL_CLEAR, 2 * PANEL_CLEAR)]
        # and off the aim arrow out of the hand (its full-strength outline): a keyboard toss
        # aimed a little way out drew the arrow's head through "goes off here"
        keep_off += arrow_boxes((hx + off[0], hy + off[1]), angle)
        toss = sc.aims.mouse_toss  # and off the mouse's pull line (a stranger's lay across it)
        if isinstance(toss, MouseToss) and toss.active and toss.pull is not None:
            (ax, ay), (ex, ey) = toss.anchor, toss.pull.hand
            n = max(1, round(math.hypot(ex - ax, ey - ay) / 12))
            keep_off += [pygame.Rect(round(ax + (ex - ax) * k / n) - 7,
                                     round(ay + (ey - ay) * k / n) - 7, 14, 14)
                         for k in range(n + 1)]
        bases = [((round(bx), round(by)), art.px(BASE_RADIUS) + 2)
                 for bx, by in (art.to_screen(*corner_of(f)) for f in range(len(FACTIONS)))]
        box = landing_label_box(size, c, r, sides, planets, ships, keep_off,
                                art.FIELD_RECT.inflate(-8, -8),
                                [screen(sc.match.table.planets[p]) for p in aimed], path,
                                bases)
        leader(surface, box, c, theme.FUSE, r + 10)
        board_label(surface, words, 14, theme.FUSE, box.center, anchor="center")
        return path

    def hidden_landing(self, at: tuple[int, int]) -> str:
        """Where a toss landing at canvas point `at` goes off out of sight ("under the log",
        "under Ben's panel", "off the screen"), or "" when it shows on the open board."""
        sc = self.scene
        if any(r.collidepoint(at) for r in self.view.open_rects()):
            return ""
        if self.view.log_rect().inflate(4, 4).collidepoint(at):
            return "under the log"
        for seat in range(len(sc.seats)):
            if sc.panel(seat).inflate(12, 12).collidepoint(at):
                return f"under {sc.voice.poss(seat)} panel"
        return "out of sight"

    def _hand(self, surface: pygame.Surface, at: Point, spin: float) -> None:
        """The bomb in the thrower's hand, with its spin shown as an arc."""
        img = art.bomb_sprite(0, 0)
        small = small_bomb(img)
        surface.blit(small, small.get_rect(center=(round(at[0]), round(at[1]))))
        if spin:
            r = small.get_width() // 2 + 8
            start = -math.pi / 2
            sweep = spin * math.pi
            a0, a1 = (start, start + sweep) if sweep > 0 else (start + sweep, start)
            rect = pygame.Rect(0, 0, r * 2, r * 2)
            rect.center = (round(at[0]), round(at[1]))
            pygame.draw.arc(surface, theme.SPARK, rect, -a1, -a0, 3)
            text.blit(surface, f"spin {'+' if spin > 0 else ''}{spin:.2f}", 13, theme.SPARK,
                      (at[0], at[1] + r + 4), "midtop")

    def _arrow(self, surface: pygame.Surface, start: Point, angle: float, power: float,
               colour: Colour, ghost: bool = False, most: float | None = None) -> None:
        """An aim arrow from `start`, longer with more power; with `ghost`, the outline of the
        full-strength arrow behind it, so how much more there is reads at a glance; `most`,
        how far from `start` the ship will travel: the arrow's head stops short of it."""
        dx, dy = math.cos(angle), math.sin(angle)
        x0, y0 = start[0] + dx * 18, start[1] + dy * 18

        def tip(length: float) -> tuple[Point, list[Point]]:
            x1, y1 = x0 + dx * length, y0 + dy * length
            return (x1, y1), [(x1 + dx * 12, y1 + dy * 12), (x1 - dy * 8, y1 + dx * 8),
                              (x1 + dy * 8, y1 - dx * 8)]

        if ghost:
            end, head = tip(ARROW_MIN + ARROW_SPAN)
            pygame.draw.line(surface, (70, 74, 110), (x0, y0), end, 8)
            pygame.draw.polygon(surface, (70, 74, 110), head, 2)
        end, head = tip(arrow_length(power, most))
        pygame.draw.line(surface, colour, (x0, y0), end, 4)
        pygame.draw.polygon(surface, colour, head)
        pygame.draw.polygon(surface, theme.CREAM, head, 1)

    def _meter(self, surface: pygame.Surface, at: Point, angle: float, power: float,
               mark: float | None = None, band: float = 0.0,
               path: tuple[tuple[int, int], ...] = (),
               also: tuple[tuple[int, int, int, int], ...] = (), toss: bool = False) -> None:
        """The power bar beside the ship or hand (off the aim line, kept on screen): filled
        green to red with the power, its outline bright at full, the percentage or MAX over it;
        `mark`, the last flick's power, as a notch under the bar to stop the charge at; `also`,
        boxes it keeps off as it does planets (the last pull's ring and words, whole: a
        stranger's "power 55%" sat on "last pull", and with larger text "power 54%"). It shows
        the pull's share of the full pull (`pull.pull_readout`), a flick's and a toss's alike
        (`toss`), not the power itself."""
        w, h = METER_SIZE
        planets = self.meter_bodies()
        rect = meter_rect(at, angle, planets, band, path, also, self._meter_kept(at))
        # no clear place (a ship boxed in by a corner): the planets under the bar show through
        reach = art.px(PLANET_RADIUS) + 4
        words = pygame.Rect(0, 0, max(w, meter_words_w()), meter_words_h() + 4)
        words.midbottom = rect.midtop  # (with larger text wider than the bar)
        tall = h + meter_words_h()  # the plate `meter_rect` placed: the bar, its words above
        self._meter_now = (at, (rect.centerx - round(at[0]),
                                rect.bottom - tall + tall // 2 - round(at[1])))
        area = rect.union(words).inflate(16, 8).clip(surface.get_rect())
        self.bar_area = area
        under = surface.subsurface(area).copy() if any(
            area.inflate(reach * 2, reach * 2).collidepoint(c) for c in planets) else None
        p = pull_readout(max(0.0, min(1.0, power)), toss)
        full = p >= 0.995
        pygame.draw.rect(surface, (14, 16, 34), rect.inflate(6, 6), border_radius=5)
        if p > 0.0:
            fill = rect.copy()
            fill.width = max(2, round(w * p))
            pygame.draw.rect(surface, power_colour(p), fill, border_radius=3)
        for q in (0.25, 0.5, 0.75):  # quarter ticks: a soft, medium or hard flick at a glance
            x = rect.x + round(w * q)
            pygame.draw.line(surface, (14, 16, 34) if p > q else (90, 96, 140),
                             (x, rect.y + 2), (x, rect.bottom - 3))
        pygame.draw.rect(surface, theme.CREAM if full else (120, 126, 170), rect, 1,
                         border_radius=3)
        if mark is not None:
            x = rect.x + round(w * pull_readout(max(0.0, min(1.0, mark)), toss))
            pygame.draw.polygon(surface, theme.CREAM, [(x, rect.bottom + 1),
                                                       (x - 5, rect.bottom + 7),
                                                       (x + 5, rect.bottom + 7)])
        label = "MAX power" if full else f"power {round(p * 100)}%"
        board_label(surface, label, 15, theme.BLAST if full else theme.CREAM,
               (rect.centerx, rect.top - 4), anchor="midbottom")
        if under is not None:
            under.set_alpha(METER_SHOW_THROUGH)
            surface.blit(under, area)

    def _meter_kept(self, at: Point) -> tuple[int, int] | None:
        """Last frame's power bar plate's offset from `at`, if it was drawn for `at`."""
        last = self._meter_last
        return last[1] if last is not None and last[0] == at else None

    def meter_bodies(self) -> tuple[tuple[int, int], ...]:
        """The planets' and the other ships' centres on the canvas: the power bar and its
        "MAX power" keep off them (the bar and the toss label ask alike, so they agree)."""
        sc = self.scene
        seat = sc.to_act
        pts = [art.to_screen(*xy) for xy in sc.match.table.planets.values()]
        pts += [art.to_screen(*sc.match.ship_at(s)) for s in range(len(sc.seats)) if s != seat]
        return tuple((round(x), round(y)) for x, y in pts)

    def last_pull_place(self, ship: Point, ring: tuple[int, int]) -> pygame.Rect:
        """Where the "last pull" words go for a ring at `ring` behind the ship at `ship`: off
        every planet and ship (the ringed ship a little wider), the Bases' rings and the last
        pull's own lane (a stranger's "last pull" lay on his Base's ring and its lane)."""
        return last_pull_words(ring, self.last_pull_circles(ship),
                               [*self.view.keep_off(), *lane_boxes(ship, ring)],
                               self.words_rooms())

    def last_pull_circles(self, ship: Point) -> list[tuple[Point, float]]:
        """What the "last pull" words keep off, as (centre, radius): each planet with its
        badge and its crystal's glow (`planet_keep_r`), not just its disc (the words have no
        plate: over a planet's glow a stranger read "ast pull"), the ships (the ringed one
        `ship` a little wider) and the Bases' rings."""
        bases = [(art.to_screen(*corner_of(f)), float(art.px(BASE_RADIUS)) + 3.0)
                 for f in range(len(FACTIONS))]
        planets = self.view.planet_screens()
        return [*((c, float(planet_keep_r())) for c in planets),
                *self.view.circles()[len(planets):],
                (ship, float(art.px(SHIP_RADIUS)) + 12.0), *bases]

    def words_rooms(self) -> list[pygame.Rect]:
        """Where the "last pull" words show whole: the board less the panels with their
        turn glow (and a margin), the log, the banner and the buttons."""
        sc = self.scene
        blockers = [sc.panel(s).inflate(2 * PANEL_CLEAR, 2 * PANEL_CLEAR)
                    for s in range(len(sc.seats))]
        blockers += [self.view.log_rect().inflate(12, 12), hud.banner_rect().inflate(12, 8)]
        blockers += [pygame.Rect(b.rect).inflate(8, 8) for b in sc.commands.buttons()]
        return [r.clip(BOARD_CLIP) for r in hud.open_rects(blockers)
                if r.clip(BOARD_CLIP).w > 0 and r.clip(BOARD_CLIP).h > 0]
