"""Cosmic Kaboom's table commands: what the acting human's mouse, keys or pad do at the table.

`CosmicScene.game_action` hands every action here. A device's action becomes a pick in the
draft, a planet put down, a flick or a toss aimed with `controls.Aims`, a card or button of
the HUD, or a choice in the card's target chooser; what it changes is the scene's (its aims,
focus and chooser, read by the view), and what it decides goes through `CosmicScene.perform`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.app.input import MOUSE, POINT, ActionEvent
from game.games.cosmic import art, hud
from game.games.cosmic.match import FlickInput, TossInput
from game.games.cosmic.rules import Keep, Phase

Point = tuple[float, float]

if TYPE_CHECKING:
    from game.games.cosmic.scene import CosmicScene

#: The grid a human's flick or toss is put on, the one its preview is computed on (the
#: scene's preview caches are keyed by it): half a degree, a hundredth of full power.
ANGLE_STEP = math.radians(0.5)
POWER_STEP = 0.01
AIM_ACTIONS = frozenset(("up", "down", "left", "right", "confirm", "primary", "rotate_left",
                         "rotate_right"))
"""The keys that aim a flick or toss (not pause, back, or the cards-and-buttons key)."""


def as_previewed(inp: FlickInput | TossInput) -> FlickInput | TossInput:
    """A human's flick or toss on the grid its preview was computed on (angle and power), so
    what the trajectory preview showed is what happens: off the grid, a path ending just on
    a planet could stop a hair short of it (about one flick in a hundred, measured)."""
    a = round(inp.angle / ANGLE_STEP) * ANGLE_STEP
    p = round(inp.power / POWER_STEP) * POWER_STEP
    if isinstance(inp, FlickInput):
        return FlickInput(inp.player, a, p)
    return TossInput(inp.player, inp.x, inp.y, a, p, inp.spin)


class TableCommands:
    """The acting human's device at the table, routed to the scene's actions."""

    def __init__(self, scene: CosmicScene) -> None:
        self.sc = scene

    def handle(self, action: ActionEvent) -> bool:
        """One action of a seat's device (the match not over): True when the table used it."""
        sc = self.sc
        seat = sc.acting_human()
        if seat is None or seat not in sc.seats_for(action.device):
            return False
        if action.device == MOUSE:
            return self._mouse(seat, action)
        return self._keys(seat, action)

    # Mouse ------------------------------------------------------------------------------------

    def _mouse(self, seat: int, action: ActionEvent) -> bool:
        sc = self.sc
        pos = sc.mouse
        phase = sc.match.phase
        sc.aims.device = MOUSE
        if sc.chooser is not None:
            return self._mouse_chooser(action, pos)
        if phase == Phase.DRAFT:
            if not sc.hand_shown(seat):
                return False
            if sc.draft_waits():  # the bomb's result first: a click goes on to the cards
                if action.is_("primary"):
                    sc.result_seen = True
                return True
            if action.is_("primary"):
                _, rects = hud.draft_rects()
                offer = sc.match.state.drafts[0][1]
                for card, r in zip(offer, rects, strict=False):
                    if r.collidepoint(pos):
                        return sc.perform(Keep(seat, card))
            return action.action == POINT
        if phase == Phase.PLACE and sc.aims.place is not None:
            if action.action == POINT:
                sc.aims.place.point(*art.to_world(*pos))
                return True
            if action.action == "primary":
                # press to pick the planet up, drag it, let go to put it down (a click is a
                # press and a let-go on the spot)
                sc.aims.place.point(*art.to_world(*pos))
                if action.pressed:
                    sc.aims.place_held = True
                    return True
                if sc.aims.place_held:
                    sc.aims.place_held = False
                    return sc.try_place()
                return True
            return False
        if action.is_("primary") and self._click_hud(seat, pos):
            return True
        if phase == Phase.FLICK:
            return self._mouse_flick(seat, action, pos)
        if phase == Phase.BOMB:
            return self._mouse_toss(action, pos)
        return False

    def _mouse_flick(self, seat: int, action: ActionEvent, pos: Point) -> bool:
        sc = self.sc
        aim = sc.aims.mouse_aim
        if aim is None:
            return False
        if action.action == "primary":
            if action.pressed:
                if sc.aims.pad_aim is not None:  # the mouse takes over a keyboard aim
                    sc.aims.pad_aim.disarm()
                return aim.press(pos, sc.match.ship_at(seat))
            got = aim.release(pos, action.fine)
            if got is not None:
                return sc.perform(as_previewed(got))
            return True
        if action.action == POINT:
            aim.motion(pos, action.fine)
            return aim.active
        if action.is_("secondary") and aim.active:
            aim.cancel()
            return True
        return False

    def _mouse_toss(self, action: ActionEvent, pos: Point) -> bool:
        sc = self.sc
        toss = sc.aims.mouse_toss
        if toss is None:
            return False
        if action.action == "primary":
            if action.pressed:
                if sc.aims.pad_toss is not None:
                    sc.aims.pad_toss.disarm()
                return toss.press(pos)
            got = toss.release(pos, action.fine)
            if got is not None:
                return sc.perform(as_previewed(got))
            return True
        if action.action == POINT:
            toss.motion(pos, action.fine)
            return True
        if action.is_("rotate_left", "rotate_right"):
            toss.turn_spin(-1 if action.action == "rotate_left" else 1)
            return True
        if action.is_("secondary") and toss.active:
            toss.cancel()
            return True
        return False

    def _mouse_chooser(self, action: ActionEvent, pos: Point) -> bool:
        sc = self.sc
        assert sc.chooser is not None
        plays = sc.chooser[1]
        if action.is_("secondary", "back"):
            sc.chooser = None
            return True
        _, rows = hud.chooser_rects(len(plays))
        for i, r in enumerate(rows):
            if r.collidepoint(pos):
                sc.chooser_focus = i
                if action.is_("primary"):
                    return sc.perform(plays[i])
                return True
        if action.is_("primary"):
            for play in plays:
                at = sc.planet_screen(play.planet) if play.planet is not None else None
                if at is not None and math.hypot(at[0] - pos[0], at[1] - pos[1]) <= art.px(
                        34.0):
                    return sc.perform(play)
        return action.action == POINT

    def _click_hud(self, seat: int, pos: Point) -> bool:
        """A click on a HUD button or one of the acting human's cards."""
        sc = self.sc
        for b in sc.buttons():
            if pygame.Rect(b.rect).collidepoint(pos):
                if b.enabled:
                    sc.activate(b.key)
                else:
                    sc.fx.sound("ui_error", 0.5)
                return True
        rect = sc.panel(seat)
        if not rect.collidepoint(pos):
            return False
        cards = sc.match.state.players[seat].hand
        for card, r in zip(cards, hud.card_rects(rect, len(cards)), strict=True):
            if r.collidepoint(pos):
                sc.play_card(seat, card)
                return True
        return True  # a click on the panel is the panel's, not a pull

    # Keys and pads ----------------------------------------------------------------------------

    def _keys(self, seat: int, action: ActionEvent) -> bool:
        sc = self.sc
        mouse_pull = any(a is not None and a.active
                         for a in (sc.aims.mouse_aim, sc.aims.mouse_toss))
        if mouse_pull and action.action in ("primary", "confirm"):
            # Left Shift is the left keys' fire and the mouse's fine aim: held during a mouse
            # pull it is the modifier, never a keyboard flick (one fired on letting Shift go)
            return True
        phase = sc.match.phase
        if action.action in AIM_ACTIONS and phase in (Phase.FLICK, Phase.BOMB) \
                and sc.menu_focus is None and sc.chooser is None:
            # only a key that aims makes this device the one the hints and aim speak for
            # (Esc for the pause menu switched a mouse seat's hints to the keys)
            sc.aims.device = action.device
        if sc.chooser is not None:
            plays = sc.chooser[1]
            if action.is_("up", "left"):
                sc.chooser_focus = (sc.chooser_focus - 1) % len(plays)
            elif action.is_("down", "right"):
                sc.chooser_focus = (sc.chooser_focus + 1) % len(plays)
            elif action.is_("confirm", "primary"):
                return sc.perform(plays[sc.chooser_focus])
            elif action.is_("back", "secondary"):
                sc.chooser = None
            else:
                return False
            return True
        if phase == Phase.DRAFT:
            if not sc.hand_shown(seat):
                return False
            if sc.draft_waits():  # the bomb's result first: a key goes on to the cards
                if action.is_("confirm", "primary"):
                    sc.result_seen = True
                return True
            offer = sc.match.state.drafts[0][1]
            if action.is_("left", "right", "up", "down"):
                sc.draft_focus = (sc.draft_focus + 1) % len(offer)
                return True
            if action.is_("confirm", "primary"):
                return sc.perform(Keep(seat, offer[min(sc.draft_focus, len(offer) - 1)]))
            return False
        if phase == Phase.PLACE:
            if action.is_("confirm", "primary"):
                return sc.try_place()
            return action.pressed and action.action in ("up", "down", "left", "right")
        if sc.menu_focus is not None:
            return self._menu(action)
        if action.is_("secondary"):
            if sc.focus_items():
                sc.cancel_aims()
                sc.menu_focus = 0
            else:
                sc.refuse("Nothing to play or press now")
            return True
        if phase == Phase.FLICK and sc.aims.pad_aim is not None:
            aim = sc.aims.pad_aim
            if action.action in ("primary", "confirm"):
                if action.pressed:
                    aim.hold()
                    return True
                got = aim.release()
                return sc.perform(as_previewed(got)) if got is not None else True
            if action.is_("back") and aim.armed:
                aim.disarm()
                return True
            if action.is_("left", "right"):
                aim.nudge(-1 if action.action == "left" else 1, action.fine)
                return True
            if action.is_("up", "down"):
                aim.step(1 if action.action == "up" else -1, action.fine)
                return True
            return action.action in ("left", "right", "up", "down")
        if phase == Phase.BOMB and sc.aims.pad_toss is not None:
            toss = sc.aims.pad_toss
            if action.action in ("primary", "confirm"):
                if action.pressed:
                    toss.hold()
                    return True
                got_toss = toss.release()
                return sc.perform(as_previewed(got_toss)) if got_toss is not None else True
            if action.is_("rotate_left", "rotate_right"):
                toss.turn_spin(-1 if action.action == "rotate_left" else 1)
                return True
            if action.is_("left", "right"):
                toss.nudge(-1 if action.action == "left" else 1, action.fine)
                return True
            if action.is_("up", "down"):
                toss.step(1 if action.action == "up" else -1, action.fine)
                return True
            if action.is_("back") and toss.armed:
                toss.disarm()
                return True
            return action.action in ("left", "right", "up", "down")
        return False

    def _menu(self, action: ActionEvent) -> bool:
        """Keys or a pad on the HUD: move between buttons and cards, confirm, back to aiming."""
        sc = self.sc
        items = sc.focus_items()
        if not items:
            sc.menu_focus = None
            return False
        focus = min(sc.menu_focus or 0, len(items) - 1)
        if action.is_("up", "left"):
            sc.menu_focus = (focus - 1) % len(items)
        elif action.is_("down", "right"):
            sc.menu_focus = (focus + 1) % len(items)
        elif action.is_("back", "secondary"):
            sc.menu_focus = None
        elif action.is_("confirm", "primary"):
            kind, what = items[focus]
            seat = sc.acting_human()
            sc.menu_focus = None
            if kind == "button":
                return sc.activate(str(what))
            if seat is not None:
                return sc.play_card(seat, str(what))
        else:
            return False
        return True
