"""Cosmic Kaboom's table commands: what the acting human's mouse, keys or pad do at the table.

`CosmicScene.game_action` hands every action here. A device's action becomes a pick in the
draft, a planet put down, a flick or a toss aimed with `controls.Aims`, a card or button of
the HUD, or a choice in the card's target chooser; what it changes is its own (the aims,
focus and chooser, read by the view), and what it decides goes through `CosmicScene.perform`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.app.input import KEYS1, MOUSE, POINT, ActionEvent, device_label
from game.games.cosmic import art, hud
from game.games.cosmic.controls import READY_POWER, TOO_SHORT, Aims, PadFlick, PadToss
from game.games.cosmic.data import (
    CARDS_BY_ID,
    FIELD,
    PLANETS,
    base_clear,
)
from game.games.cosmic.match import FlickInput, Input, PlaceInput, TossInput
from game.games.cosmic.previews import ANGLE_STEP, POWER_STEP, Target, next_target
from game.games.cosmic.rules import EndTurn, Keep, Phase, Play, ReturnToBase
from game.games.cosmic.world import MIN_FLICK_POWER

Point = tuple[float, float]

if TYPE_CHECKING:
    from game.games.cosmic.scene import CosmicScene

REACH_ARRIVE = 160.0
"""Units a second a keys or pad aim's first power still moves at as it meets the crystal it
points at (the AI's margin for a flick that reaches)."""
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
    """The acting human's device at the table: its aims, the HUD's focus and the card's
    chooser (the view reads them), routed to the scene's actions."""

    def __init__(self, scene: CosmicScene) -> None:
        self.sc = scene
        self.aims = Aims(MOUSE)
        """The acting human's pulls, charges and planet ghost (controls.Aims)."""
        self.menu_focus: int | None = None
        """Keys or pad: the focused HUD item (buttons, then playable cards) while the HUD has
        the focus; None while they aim."""
        self.draft_focus = 0
        self.chooser: tuple[str, list[Play]] | None = None
        """A card whose plays need a target: its id and the plays to pick from."""
        self.chooser_focus = 0
        self.mouse: Point = (640.0, 360.0)
        """The pointer's last place on the canvas."""
        self.rel: Point | None = None
        """The mouse's own motion (canvas pixels) in the event behind the next pointer move:
        a pull pinned at the window's edge goes on by it (`FinePointer.pinned`)."""
        self._buttons_key: tuple[Any, ...] | None = None
        self._buttons: list[hud.Button] = []
        """The HUD buttons as last worked out, and the state they were worked out for."""

    def track(self, action: ActionEvent) -> None:
        """Follow the pointer (the view's hovers, a bomb's first hand), whatever the stage."""
        if action.device == MOUSE and action.pos is not None:
            self.mouse = (float(action.pos[0]), float(action.pos[1]))

    def reset(self) -> None:
        """A new decision: no pull, charge, chooser or HUD focus is left over."""
        self.aims.clear()
        self.chooser = None
        self.menu_focus = None
        self.draft_focus = 0

    def prepare(self, seat: int) -> None:
        """Set up the acting human's controllers for the decision now."""
        sc = self.sc
        phase = sc.match.phase
        faction = sc.faction_of(seat)
        device = sc.device_of(seat)
        if phase == Phase.FLICK:
            ship = sc.match.ship_at(seat)
            shots = sc.previews.open_shots(seat)  # a keyboard aim starts at the nearest clear shot
            near = min(shots, key=lambda s: math.dist(ship, sc.match.table.planets[s[0]]),
                       default=None)
            # else toward open space nearest a crystal it needs (never into a planet)
            toward = near[1] if near is not None else None
            # a fresh turn's power is the middle of the meter, a later flick of the same
            # turn's where the last one left it; a lane below brings its own power (the
            # power kept sent the dotted path past the crystal, onto one already held)
            power = self.turn_power(seat)
            if near is not None:  # (a mouse seat's keys too: its pad aim is made here)
                # the nearest clear shot, after each flick too (the old aim, stale from the
                # ship's last spot, wasted a Space)
                toward = round(near[1] / ANGLE_STEP) * ANGLE_STEP
                # at the power that reaches it (the power kept sent a stranger's dotted path
                # past it, onto a crystal he already held)
                power = next((t[3] for t in sc.previews.flick_targets(
                    seat, REACH_ARRIVE, power) if t[1] == near[0]), power)
            elif sc.previews.lanes(seat):
                # no sure lane, but a narrow or full-power one is drawn: the aim starts down
                # the nearest (the next-lane key's)
                lane = min((t for t in sc.previews.flick_targets(seat, REACH_ARRIVE, power)
                            if t[0] in ("narrow", "tight") and t[1] is not None),
                           key=lambda t: math.dist(ship, sc.match.table.planets[t[1] or 0]),
                           default=None)
                if lane is not None:
                    toward, power = lane[2], lane[3]
            if toward is None:
                # no lane to a crystal it still needs: its own Base when flying home is the
                # goal (the fly-back variant with a Hold), before any open water (a keys aim
                # never starts toward a planet whose colour the seat already holds)
                home = next((t for t in sc.previews.flick_targets(seat, REACH_ARRIVE, power)
                             if t[0] == "base"), None)
                if home is not None:
                    toward = home[2]
            if toward is None and device != self.aims.mouse_id:
                # after a pickup too: never the crystal that just moved on or the planet hit
                water = sc.previews.open_water(seat, power)
                if water is not None:
                    toward, power = water
            st = sc.match.state
            self.aims.flick(seat, device, ship, toward, power, (st.turn, st.flicks_made))
        elif phase == Phase.BOMB:
            self.aims.toss(seat, device, faction, self.mouse)
        elif phase == Phase.PLACE:
            planet = sc.match.state.placements[0][1]
            spot = sc.match.table.free_spot(planet, (FIELD / 2, FIELD / 2))
            self.aims.placing(seat, device, planet, spot)

    def turn_power(self, seat: int) -> float:
        """A keys or pad flick's starting power: the seat's last flick's when it was made this
        turn (only the seat's own decisions since), else the middle of the meter."""
        last = self.aims.last_flick.get(seat)
        for inp in reversed(self.sc.inputs):
            if inp.player != seat:
                break
            if isinstance(inp, FlickInput):
                return last[1] if last is not None else inp.power
        return READY_POWER

    def decided(self, inp: Input) -> None:
        """A decision was made: a human's flick or toss is remembered, the rest let go."""
        if isinstance(inp, (FlickInput, TossInput)) and self.sc.is_human(inp.player):
            self.aims.remember(inp)
        self.aims.cancel()
        self.chooser = None
        self.menu_focus = None

    def steer(self, seat: int, dt: float) -> None:
        """One logic step of the acting human's held stick or keys (aim, power, ghost)."""
        sc = self.sc
        device = sc.device_of(seat)
        axis = (0.0, 0.0)
        for d in sorted({device, self.aims.device}):
            if d != MOUSE:
                ax = sc.app.input.axis(d)
                if ax != (0.0, 0.0):
                    axis = ax
                    device = d
        if self.menu_focus is not None or self.chooser is not None:
            return
        self.aims.steer(dt, axis, device)

    # The HUD ----------------------------------------------------------------------------------

    def buttons(self) -> list[hud.Button]:
        """The HUD buttons for the acting human: Return to Base and End turn, when legal.
        Kept until the table's state moves on (a frame asked for them seven times, each time
        working out every legal action)."""
        sc = self.sc
        seat = sc.acting_human()
        if seat is None or self.chooser is not None:
            return []
        if sc.match.phase not in (Phase.FLICK, Phase.BOMB):
            return []
        st = sc.match.state
        key = (id(st), len(st.events), seat, sc.match.phase, st.flicks_made, sc.couch(),
               sc.hand_shown(seat), len(st.players[seat].hand))
        if self._buttons_key != key:
            self._buttons_key, self._buttons = key, self._make_buttons(seat)
        return self._buttons

    def _make_buttons(self, seat: int) -> list[hud.Button]:
        sc = self.sc
        legal = sc.legal(seat)
        want: list[tuple[str, str, bool, str]] = []
        if sc.match.phase == Phase.FLICK:
            if not sc.match.state.options.fly_back:
                back = any(isinstance(a, ReturnToBase) for a in legal)
                # greyed out, it says why in its tooltip (a stranger saw it grey and no reason)
                want.append(("return", "Return to Base", back,
                             "" if back else self.why_not_return()))
            can_end = any(isinstance(a, EndTurn) for a in legal)
            # greyed out, it says why (a playtester docked at his Base saw no reason): a turn
            # ends only after a flick; before it, flick or return to Base. Beside two other
            # buttons there is no room for the why in its label (a stranger read "End turn:
            # flick..."): its tooltip says it.
            crowded = sc.couch() and bool(sc.match.state.players[seat].hand)
            want.append(("end", "End turn" if can_end or sc.match.state.flicks_made
                         or crowded else "End turn: flick first", can_end,
                         "" if can_end else "A turn ends only after a flick: flick your ship "
                         "first (or Return to Base, which ends it too)."))
        if sc.couch() and sc.match.state.players[seat].hand:
            # named for whose they are: on the other person's turn "My cards" read as the
            # clicker's own, and a stranger's click on it did nothing
            want.append(("hide", "Hide cards", True, "") if sc.hand_shown(seat)
                        else ("cards", f"{sc.voice.Poss(seat)} cards", True, ""))
        rects = hud.button_rects(len(want))
        return [hud.Button(k, label, (r.x, r.y, r.w, r.h), ok, why)
                for (k, label, ok, why), r in zip(want, rects, strict=True)]

    def why_not_return(self) -> str:
        """Why Return to Base is greyed out now, in a sentence."""
        sc = self.sc
        seat = sc.acting_human()
        st = sc.match.state
        if seat is None or st.current_player() != seat:
            return "Return to Base is for the seat whose turn it is."
        p = st.players[seat]
        if p.docked and not p.hold:
            return ("Your ship is already docked at your Base and its Hold is empty: there is "
                    "nothing to bank. Flick out to collect a crystal first.")
        why = st.why_illegal(ReturnToBase(seat)) or "not now"
        return f"Return to Base: {why}."

    def focus_items(self) -> list[tuple[str, Any]]:
        """What keys or a pad can reach on the HUD: the buttons in their row, left to right
        (a greyed one too: pressed, it says why), then playable cards."""
        sc = self.sc
        out: list[tuple[str, Any]] = [("button", b.key) for b in self.buttons()]
        seat = sc.acting_human()
        if seat is not None and self.chooser is None and sc.hand_shown(seat):
            for card in dict.fromkeys(sc.match.state.players[seat].hand):
                if sc.card_plays(seat, card):
                    out.append(("card", card))
        return out

    def menu_start(self) -> int | None:
        """Where keys land on the HUD: the action the player most likely wants. Return to
        Base or a shown card that can be played, then End turn; with none of them open, the
        greyed Return to Base or End turn, which says why when pressed (docked at his Base a
        stranger's keys landed on "Ben's cards" and Space opened the curtain instead of
        acting). None: nothing at all can be pressed."""
        items = self.focus_items()
        buttons = {b.key: b for b in self.buttons()}

        def ok(item: tuple[str, Any]) -> bool:
            return item[0] == "card" or buttons[str(item[1])].enabled

        if not any(ok(i) for i in items):
            return None
        order = [("button", "return"), ("card", None), ("button", "end")]
        for kind, key in order:
            for i, item in enumerate(items):
                if item[0] == kind and (key is None or item[1] == key) and ok(item):
                    return i
        for key in ("return", "end"):
            if ("button", key) in items:
                return items.index(("button", key))
        return next(i for i, item in enumerate(items) if ok(item))

    def activate(self, key: str) -> bool:
        """A HUD button: Return to Base, End turn."""
        sc = self.sc
        seat = sc.acting_human()
        if seat is None:
            return False
        if key == "return":
            return sc.perform(ReturnToBase(seat))
        if key == "end":
            return sc.perform(EndTurn(seat))
        if key == "cards":
            sc.request_curtain(seat, "Your Advancement cards, for your eyes only")
            return True
        if key == "hide":
            sc.peeked = None
            return True
        return False

    def play_card(self, seat: int, card: str) -> bool:
        """Play a card from the HUD: at once, or through the chooser when it needs a target."""
        sc = self.sc
        if not sc.hand_shown(seat):
            return False  # a couch player looks at their cards behind the curtain first
        d = CARDS_BY_ID[card]
        plays = sc.card_plays(seat, card)
        if not plays:
            why = ("it triggers by itself" if d.automatic else
                   sc.match.state.why_illegal(Play(seat, card)) or "not now")
            sc.presenter.refuse(f"{d.name}: {why}")
            return False
        if len(plays) == 1:
            return sc.perform(plays[0])
        self.chooser = (card, plays)
        self.chooser_focus = 0
        sc.fx.sound("card_flip", 0.5)
        return True

    def option_label(self, play: Play) -> str:
        """How a card's target reads in the chooser."""
        sc = self.sc
        parts: list[str] = []
        if play.target is not None:
            parts.append(f"{sc.name(play.target)}'s")
        if play.planet is not None:
            p = PLANETS[play.planet]
            owner = sc.match.state.owner[play.planet]
            parts.append(f"{p.colour.capitalize()} {p.dots}-dot planet ({sc.name(owner)})")
        elif play.colour is not None:
            parts.append(f"{play.colour.capitalize()} crystal")
        return " ".join(parts) or CARDS_BY_ID[play.card].name

    def try_place(self) -> bool:
        """Put the waiting planet where its ghost is, if the spot is free."""
        sc = self.sc
        cur = self.aims.place
        if cur is None:
            return False
        x, y = cur.pos
        if not base_clear(x, y):
            sc.presenter.refuse("Too near a Base: planets keep clear of the Bases")
            return False
        if not sc.match.table.can_place(cur.planet, x, y):
            sc.presenter.refuse("That spot is taken: the planet must touch nothing")
            return False
        return sc.perform(PlaceInput(cur.seat, cur.planet, x, y))

    # Routing ----------------------------------------------------------------------------------

    def handle(self, action: ActionEvent) -> bool:
        """One action of a seat's device (the match not over): True when the table used it."""
        sc = self.sc
        seat = sc.acting_human()
        if seat is None:
            return False
        if seat not in sc.seats_for(action.device):
            return self._not_yours(seat, action)
        if action.device == MOUSE:
            return self._mouse(seat, action)
        return self._keys(seat, action)

    def can_press(self, device: str) -> bool:
        """Whether `device` plays the seat deciding now (the HUD lights for it alone)."""
        seat = self.sc.acting_human()
        return seat is not None and seat in self.sc.seats_for(device)

    def device_words(self, seat: int) -> str:
        """The device a seat plays with, as a player says it: "the keyboard", "the left keys"
        (when both sides of the keyboard play), "the mouse", "Gamepad 1"."""
        sc = self.sc
        device = sc.device_of(seat)
        if device == MOUSE:
            return "the mouse"
        if device.startswith("pad"):
            return device_label(device)
        if sum(1 for d in sc.devices_in_use() if d.startswith("keys")) > 1:
            return "the left keys" if device == KEYS1 else "the right keys"
        return "the keyboard"

    def _not_yours(self, seat: int, action: ActionEvent) -> bool:
        """A press from a device that does not play the seat deciding: the devices stay
        apart, but it says whose turn it is and what they play with (a stranger's clicks on
        Ben's keyboard turn did nothing, and nothing said why)."""
        sc = self.sc
        if not action.pressed:
            return False
        if action.device == MOUSE:
            if not action.is_("primary", "secondary"):
                return False
        elif not sc.seats_for(action.device) or not action.is_("confirm", "primary",
                                                                "secondary"):
            return False  # keys nobody plays, or a direction: nothing to say
        name = sc.name(seat)
        note = f"{name}'s turn: {name} plays with {self.device_words(seat)}"
        if all(m != note for m, _ in sc.presenter.notes):
            sc.presenter.note(note)
        return True

    # Mouse ------------------------------------------------------------------------------------

    def _mouse(self, seat: int, action: ActionEvent) -> bool:
        sc = self.sc
        pos = self.mouse
        phase = sc.match.phase
        self.aims.device = MOUSE
        if self.chooser is not None:
            return self._mouse_chooser(action, pos)
        if phase == Phase.DRAFT:
            if not sc.hand_shown(seat):
                return False
            if sc.presenter.draft_waits():  # the bomb's result first: a click goes on to the cards
                if action.is_("primary"):
                    sc.presenter.result_seen = True
                return True
            if action.is_("primary"):
                _, rects = hud.draft_rects()
                offer = sc.match.state.drafts[0][1]
                for card, r in zip(offer, rects, strict=False):
                    if r.collidepoint(pos):
                        return sc.perform(Keep(seat, card))
            return action.action == POINT
        if phase == Phase.PLACE and self.aims.place is not None:
            if action.action == POINT:
                self.aims.place.point(*art.to_world(*pos))
                return True
            if action.action == "primary":
                # press to pick the planet up, drag it, let go to put it down (a click is a
                # press and a let-go on the spot)
                self.aims.place.point(*art.to_world(*pos))
                if action.pressed:
                    self.aims.place_held = True
                    return True
                if self.aims.place_held:
                    self.aims.place_held = False
                    return self.try_place()
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
        aim = self.aims.mouse_aim
        if aim is None:
            return False
        if action.action == "primary":
            if action.pressed:
                if self.aims.pad_aim is not None:  # the mouse takes over a keyboard aim
                    self.aims.pad_aim.disarm()
                return aim.press(pos, sc.match.ship_at(seat))
            got = aim.release(pos, action.fine)
            if got is not None:
                return sc.perform(as_previewed(got))
            if aim.too_short:
                sc.presenter.refuse(TOO_SHORT)
            return True
        if action.action == POINT:
            aim.motion(pos, action.fine, self.take_rel())
            return aim.active
        if action.is_("secondary") and aim.active:
            aim.cancel()
            return True
        if action.is_("secondary", "rotate_left", "rotate_right"):
            # the mouse's next-lane key: the aim snaps to the next lane round the ship with
            # the power that gets there, shown as the pull (a click on the ship flicks it)
            return self.snap_mouse(seat, -1 if action.action == "rotate_left" else 1)
        return False

    def snap_mouse(self, seat: int, direction: int = 1) -> bool:
        """The mouse seat's aim snaps to the next (`direction` -1: the previous) lane, as the
        keys' next-lane key does (`next_target`), and says which."""
        sc = self.sc
        aim = self.aims.mouse_aim
        if aim is None or aim.active:
            return False
        targets = sc.previews.flick_targets(seat, REACH_ARRIVE, READY_POWER)
        got = next_target(targets, aim.angle if aim.snap is not None else -1e-6, direction)
        if got is None:
            sc.presenter.refuse("No clear lane from here: pull back to aim by hand")
            return True
        kind, planet, angle, power = got
        aim.snap_to(angle, power)
        if self.aims.pad_aim is not None:
            self.aims.pad_aim.disarm()
        sc.presenter.note(target_words(kind, planet, len(targets)), 2.0)
        return True

    def take_rel(self) -> Point | None:
        """The mouse's motion behind this pointer move, once (None for a move made without
        an event, as a test's injected action)."""
        rel, self.rel = self.rel, None
        return rel

    def _mouse_toss(self, action: ActionEvent, pos: Point) -> bool:
        sc = self.sc
        toss = self.aims.mouse_toss
        if toss is None:
            return False
        if action.action == "primary":
            if action.pressed:
                if self.aims.pad_toss is not None:
                    self.aims.pad_toss.disarm()
                return toss.press(pos)
            got = toss.release(pos, action.fine)
            if got is not None:
                return sc.perform(as_previewed(got))
            return True
        if action.action == POINT:
            toss.motion(pos, action.fine, self.take_rel())
            return True
        if action.is_("rotate_left", "rotate_right"):
            toss.turn_spin(-1 if action.action == "rotate_left" else 1)
            return True
        if action.is_("secondary") and toss.active:
            toss.cancel()
            return True
        return False

    def chooser_side(self) -> int | None:
        """The faction whose side panel the target chooser lies over: the chooser's own."""
        seat = self.sc.acting_human()
        return None if seat is None else self.sc.faction_of(seat)

    def chooser_hint(self) -> str:
        """The chooser's line under its title: what is chosen and how, in the words of the
        device in use (a stranger on the keys was told to right click), and how to cancel."""
        sc = self.sc
        seat = sc.acting_human()
        device = MOUSE if seat is None else sc.presenter.device_for(seat)
        how = sc.presenter.hint(seat) if seat is not None else ""
        back = "right click" if device == MOUSE else sc.app.input.word_for(device, "back")
        return f"{how} · {back} cancels" if how else hud.CHOOSER_HINT

    def _mouse_chooser(self, action: ActionEvent, pos: Point) -> bool:
        sc = self.sc
        assert self.chooser is not None
        plays = self.chooser[1]
        if action.is_("secondary", "back"):
            self.chooser = None
            return True
        _, rows = hud.chooser_rects(len(plays), self.chooser_side(), self.chooser_hint())
        for i, r in enumerate(rows):
            if r.collidepoint(pos):
                self.chooser_focus = i
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
        for b in self.buttons():
            if pygame.Rect(b.rect).collidepoint(pos):
                if b.enabled:
                    self.activate(b.key)
                elif b.why:
                    sc.presenter.refuse(b.why)  # a press on a greyed button says why
                else:
                    sc.fx.sound("ui_error", 0.5)
                return True
        rect = sc.panel(seat)
        if not rect.collidepoint(pos):
            return False
        cards = sc.match.state.players[seat].hand
        for card, r in zip(cards, hud.card_rects(rect, len(cards), cards), strict=True):
            if r.collidepoint(pos):
                self.play_card(seat, card)
                return True
        return True  # a click on the panel is the panel's, not a pull

    # Keys and pads ----------------------------------------------------------------------------

    def _keys(self, seat: int, action: ActionEvent) -> bool:
        sc = self.sc
        mouse_pull = any(a is not None and a.active
                         for a in (self.aims.mouse_aim, self.aims.mouse_toss))
        if mouse_pull and action.action in ("primary", "confirm"):
            # Left Shift is the left keys' fire and the mouse's fine aim: held during a mouse
            # pull it is the modifier, never a keyboard flick (one fired on letting Shift go)
            return True
        phase = sc.match.phase
        if action.action in AIM_ACTIONS and phase in (Phase.FLICK, Phase.BOMB) \
                and self.menu_focus is None and self.chooser is None:
            # only a key that aims makes this device the one the hints and aim speak for
            # (Esc for the pause menu switched a mouse seat's hints to the keys)
            self.aims.device = action.device
        if self.chooser is not None:
            plays = self.chooser[1]
            if action.is_("up", "left"):
                self.chooser_focus = (self.chooser_focus - 1) % len(plays)
            elif action.is_("down", "right"):
                self.chooser_focus = (self.chooser_focus + 1) % len(plays)
            elif action.is_("confirm", "primary"):
                return sc.perform(plays[self.chooser_focus])
            elif action.is_("back", "secondary"):
                self.chooser = None
            else:
                return False
            return True
        if phase == Phase.DRAFT:
            if not sc.hand_shown(seat):
                return False
            if sc.presenter.draft_waits():  # the bomb's result first: a key goes on to the cards
                if action.is_("confirm", "primary"):
                    sc.presenter.result_seen = True
                return True
            offer = sc.match.state.drafts[0][1]
            if action.is_("left", "right", "up", "down", "confirm", "primary") \
                    and self.aims.device == MOUSE and sc.device_of(seat) == MOUSE:
                # a mouse seat's player took up the keys: the first key shows the ring and
                # the banner speaks for the keys (a stranger's D did nothing to be seen, and
                # Space kept the left card, nothing ringed, the banner saying "Click")
                self.aims.device = action.device
                return True
            if action.is_("left", "up"):
                self.draft_focus = (self.draft_focus - 1) % len(offer)
                return True
            if action.is_("right", "down"):
                self.draft_focus = (self.draft_focus + 1) % len(offer)
                return True
            if action.is_("confirm", "primary"):
                return sc.perform(Keep(seat, offer[min(self.draft_focus, len(offer) - 1)]))
            return False
        if phase == Phase.PLACE:
            if action.is_("confirm", "primary"):
                return self.try_place()
            return action.pressed and action.action in ("up", "down", "left", "right")
        if self.menu_focus is not None:
            return self._menu(action)
        if action.is_("secondary"):
            start = self.menu_start()
            if start is not None:
                # the aim stays armed where the player set it (Ctrl hid it: back from the
                # menu a stranger found his aim gone)
                self.aims.let_go()
                self.menu_focus = start
            else:
                # nothing to reach: why the buttons are grey, where one says (keys cannot
                # point at a greyed button to read its tooltip)
                grey = next((b.why for b in self.buttons() if not b.enabled and b.why), "")
                sc.presenter.refuse(grey or "Nothing to play or press now")
            return True
        if phase == Phase.FLICK and self.aims.pad_aim is not None:
            aim = self.aims.pad_aim
            if action.action in ("primary", "confirm"):
                if action.pressed:
                    aim.hold()
                    return True
                got = aim.release()
                return sc.perform(as_previewed(got)) if got is not None else True
            if action.is_("back"):
                return self.next_target(seat, action.device)
            if action.is_("left", "right"):
                aim.nudge(-1 if action.action == "left" else 1)
                return True
            if action.is_("up", "down"):
                aim.step(1 if action.action == "up" else -1, action.fine)
                return True
            return action.action in ("left", "right", "up", "down")
        if phase == Phase.BOMB and self.aims.pad_toss is not None:
            toss = self.aims.pad_toss
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
                toss.nudge(-1 if action.action == "left" else 1)
                return True
            if action.is_("up", "down"):
                toss.step(1 if action.action == "up" else -1, action.fine)
                return True
            if action.is_("back"):
                return self.next_target(seat, action.device)
            return action.action in ("left", "right", "up", "down")
        return False

    def next_target(self, seat: int, device: str) -> bool:
        """The next-lane key (the keys' and pad's "back": Tab, Backspace, B): the keys or pad
        aim jumps to the next useful target round the ship (a flick: the crystals it needs
        with a clear straight lane, else the nearest clear lane, `flick_targets`) or the
        hand (a toss: the planets it destroys, `toss_targets`), at the power that gets
        there, and shows (a stranger's keyboard could not find a lane he saw dotted, and
        "No straight lane" left him turning by hand). A charge under way is let go of first.
        A mouse seat's player pressing it on the keys leaves the seat's mouse alone."""
        sc = self.sc
        if self.aims.device == MOUSE and sc.device_of(seat) == MOUSE:
            return False
        targets: list[Target]
        if sc.match.phase == Phase.FLICK and self.aims.pad_aim is not None:
            aim: PadFlick | PadToss = self.aims.pad_aim
            aim.cancel()
            targets = sc.previews.flick_targets(seat, REACH_ARRIVE, READY_POWER)
        elif sc.match.phase == Phase.BOMB and self.aims.pad_toss is not None:
            aim = self.aims.pad_toss
            aim.cancel()
            targets = sc.previews.toss_targets(seat, aim.hand)
        else:
            return False
        got = next_target(targets, aim.angle)
        if got is None:
            sc.presenter.refuse("No clear lane from here: turn the aim by hand"
                                if sc.match.phase == Phase.FLICK
                                else "No rival planet a toss from here destroys")
            return True
        kind, planet, angle, power = got
        # the direction and the power that reaches the target the note names (with the power
        # kept, a stranger's dotted line stopped short of the planet the bar named)
        aim.angle, aim.armed = angle, True
        aim.power = min(1.0, max(MIN_FLICK_POWER, power))
        if isinstance(aim, PadToss):
            aim.spin = 0.0  # (the target is found without spin: the preview shows it so)
            kind = toss_hint(sc, seat, aim.hand, angle, aim.power, planet, kind)
        self.aims.device = device
        sc.presenter.note(lane_note(sc.app.input.word_for, device, kind, planet, len(targets),
                                    isinstance(aim, PadToss)), 2.5)
        return True

    def _menu(self, action: ActionEvent) -> bool:
        """Keys or a pad on the HUD: move between buttons and cards, confirm, back to aiming."""
        sc = self.sc
        items = self.focus_items()
        if not items:
            self.menu_focus = None
            return False
        focus = min(self.menu_focus or 0, len(items) - 1)
        if action.is_("up", "left"):
            self.menu_focus = (focus - 1) % len(items)
        elif action.is_("down", "right"):
            self.menu_focus = (focus + 1) % len(items)
        elif action.is_("back", "secondary"):
            self.menu_focus = None
        elif action.is_("confirm", "primary"):
            kind, what = items[focus]
            seat = sc.acting_human()
            self.menu_focus = None
            if kind == "button":
                button = next((b for b in self.buttons() if b.key == what), None)
                if button is not None and not button.enabled:
                    # greyed: it says why, and the keys stay on the HUD
                    self.menu_focus = focus
                    if button.why:
                        sc.presenter.refuse(button.why)
                    else:
                        sc.fx.sound("ui_error", 0.5)
                    return True
                return self.activate(str(what))
            if seat is not None:
                return self.play_card(seat, str(what))
        else:
            return False
        return True


TARGET_WORDS = {
    "lane": "Lane to {planet}",
    "narrow": "Narrow lane to {planet}: close by another body",
    "tight": "Lane to {planet}: full power only",
    "short": "Toward {planet}: too far for one flick",
    "water": "No straight lane: toward the nearest crystal",
    "base": "Back to your Base",
    "planet": "Bomb on {planet}",
    "toward": "Toward {planet}: not reached at this power",
    "overshoots": "Toward {planet}: overshoots it at this power",
    "own": "Warning: destroys YOUR OWN planet",
}
"""What the table says as the next-lane key lands on a target, by its kind (`Target`)."""


def toss_hint(sc: CosmicScene, seat: int, hand: Point, angle: float, power: float,
              planet: int | None, kind: str) -> str:
    """The next-target note's kind for a toss aimed at `planet`, agreeing with the preview:
    "own" (loud) when the bomb's blast takes one of the seat's own planets, "overshoots"
    or "toward" (falls short) when it misses the planet, else `kind` (a stranger's note
    said "not reached at this power" while the preview overshot onto his own planet)."""
    _flight, slide, blast = sc.previews.toss_preview(hand, angle, power, 0.0)
    st = sc.match.state
    if any(st.owner.get(b) == seat for b in blast):
        return "own"
    if planet is None or planet in blast:
        return kind
    xy = sc.match.table.planets[planet]
    return "overshoots" if math.dist(hand, slide[-1]) > math.dist(hand, xy) else "toward"


def target_words(kind: str, planet: int | None, count: int) -> str:
    """The note for a next-lane target: what it is, and how many there are to cycle."""
    name = "" if planet is None else \
        f"{PLANETS[planet].colour.capitalize()} {'•' * PLANETS[planet].dots}"
    words = TARGET_WORDS[kind].format(planet=name)
    return f"{words} ({count} to choose)" if count > 1 else words


def lane_note(word: Callable[[str, str], str], device: str, kind: str, planet: int | None,
              count: int, bomb: bool = False) -> str:
    """What the banner says as the next-lane (or target) key lands: the target, then that the
    key sets the direction only and the power keys the power ("TAB: next lane · W/S:
    power", in the device's own words; the banner drops those last whole where it has no
    room for them)."""
    power = "up/down" if device.startswith("pad") else \
        f"{word(device, 'up')}/{word(device, 'down')}"
    keys = f"{word(device, 'back')}: next {'target' if bomb else 'lane'} · {power}: power"
    return f"{target_words(kind, planet, count)} · {keys}"
