"""Driving the Kaboom! cards table headless with real input events.

A `HumanHands` plays the human seats: a bot decides from the seat's own observation, and the
choice is delivered the way a person would: a click on the card, pile or button, or the seat's
keys (cursor moves along the shortest path, then confirm), or a gamepad's actions.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.app.catalogue import SEAT_COLOURS, MatchSetup, Seat
from game.app.headless import HeadlessDriver
from game.app.input import MOUSE
from game.games.cabo import rules as R
from game.games.cabo.ai import PROFILES, CaboAI
from game.games.cabo.scene import LOOK, CaboScene

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def make_setup(kinds: list[str], seed: int = 11, rounds: int = 10) -> MatchSetup:
    """`kinds` per seat: 'mouse', 'keys1', 'keys2', 'padN' for humans, or an AI difficulty."""
    seats = []
    for i, k in enumerate(kinds):
        if k in ("easy", "medium", "hard", "random"):
            seats.append(Seat(NAMES[i], SEAT_COLOURS[i], "ai", k))
        else:
            seats.append(Seat(NAMES[i], SEAT_COLOURS[i], "human", "medium", k))
    return MatchSetup("cabo", seats, {"rounds": rounds, "first_starter": "first player",
                                      "slap_window": 1.5, "ai_pace": "normal"}, seed)


def open_table(app: Any, driver: HeadlessDriver, setup: MatchSetup,
               saved: dict[str, Any] | None = None, speed: float = 30.0) -> CaboScene:
    pygame.event.clear()  # the queue is process-wide: nothing left over from other tests
    scene = CaboScene(app, setup, saved, speed=speed)
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.step()
    return scene


def key_event(app: Any, device: str, action: str, down: bool) -> pygame.event.Event:
    name = app.input.bindings[device][action]
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP,
                              key=pygame.key.key_code(name), mod=0, unicode="", scancode=0)


def action_key(action: R.Action, seat: int) -> str:
    """The target a human clicks or moves to for an action."""
    if isinstance(action, R.FlipTop | R.Draw):
        return "draw"
    if isinstance(action, R.Discard):
        return "discard"
    simple = {R.CallKaboom: "btn:kaboom", R.Pass: "btn:pass", R.UsePower: "btn:power",
              R.SlapStop: "btn:stop", R.SkipGive: "btn:keep"}
    for cls, key in simple.items():
        if isinstance(action, cls):
            return key
    if isinstance(action, R.KingDecide):
        return "btn:swap" if action.swap else "btn:noswap"
    if isinstance(action, R.Replace | R.PeekOwn | R.Give):
        return f"card:{seat}:{action.slot}"
    if isinstance(action, R.PeekOther | R.SlapFlip):
        return f"card:{action.pos.player}:{action.pos.slot}"
    raise ValueError(f"no target for {action}")


class HumanHands:
    """Plays every human seat of a table through the app's real input path."""

    def __init__(self, app: Any, driver: HeadlessDriver, scene: CaboScene, seed: int = 3,
                 slaps: bool = True) -> None:
        self.app = app
        self.driver = driver
        self.scene = scene
        self.slaps = slaps
        self.bots = {i: CaboAI("hard", i, random.Random(seed * 31 + i)) for i in scene.humans()}
        self.slap_plan: dict[int, tuple[int, float]] = {}  # seat -> (window id, due clock)
        self.looks: list[tuple[int, str]] = []  # (seat, device) of every hold to look
        self.looked_at: set[tuple[int, int]] = set()  # (move, seat): drawn card looked at
        self.seen_while_held: set[str] = set()  # private faces the presenter drew while held
        self.actions = 0
        self.frames_check: list[Any] = []  # callables run after every frame

    # ---- delivery

    def step(self, events: list[pygame.event.Event] | None = None) -> None:
        self.driver.step(events or [])
        for check in self.frames_check:
            check()

    def click(self, pos: tuple[int, int]) -> None:
        self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                      buttons=(0, 0, 0))])
        self.driver.wait_for_guard()  # a hand takes that long to reach a new screen anyway
        self.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        self.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def press(self, device: str, action: str) -> None:
        if device.startswith("pad"):
            from game.app.input import ActionEvent

            self.app.inject_action(ActionEvent(device, action, True))
            self.step()
            self.app.inject_action(ActionEvent(device, action, False))
            return
        self.driver.wait_for_guard()
        self.step([key_event(self.app, device, action, True)])
        self.step([key_event(self.app, device, action, False)])

    def choose_target(self, seat: int, key: str) -> bool:
        """Point at `key` with the seat's device and choose it."""
        scene = self.scene
        device = scene.device_of(seat)
        target = scene.cursor.get(key)
        if target is None:
            return False
        if device == MOUSE:
            self.click(target.rect.center)
            return True
        path = scene.cursor.path_to(key)
        assert path is not None, f"{key} can't be reached with the cursor"
        for d in path:
            self.press(device, d)
        if scene.cursor.focus_key != key:
            return False  # the table changed under the cursor (a slap): decide again
        self.press(device, "confirm")
        return True

    def look(self, seat: int, frames: int = 4) -> None:
        """Lift the corner of `seat`'s private cards with their own device: hold for `frames`
        frames (the presenter is asked what it draws meanwhile), then let go."""
        scene = self.scene
        pr = scene.presenter
        device = scene.device_of(seat)
        self.looks.append((seat, device))
        cards = pr.lookable(seat)
        if device == MOUSE:
            pos = cards[0].rect().center if cards else (640, 360)
            self.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        elif device.startswith("pad"):
            from game.app.input import ActionEvent

            self.app.inject_action(ActionEvent(device, LOOK[0], True))
            self.app.input.held.add((device, LOOK[0]))  # as the input layer records a press
            self.step()
        else:
            self.step([key_event(self.app, device, LOOK[0], True)])
        for _ in range(frames):
            self.step()
            self.seen_while_held |= {s.code for s in pr.lookable(seat) if s.showing_face}
        if device == MOUSE:
            self.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        elif device.startswith("pad"):
            from game.app.input import ActionEvent

            self.app.input.held.discard((device, LOOK[0]))
            self.app.inject_action(ActionEvent(device, LOOK[0], False))
            self.step()
        else:
            self.step([key_event(self.app, device, LOOK[0], False)])

    # ---- one decision

    def act(self) -> bool:
        """Do whatever a human must do now; False if nothing is waiting on a human."""
        scene = self.scene
        waiting = scene.presenter.waiting_to_look()
        if waiting:
            self.look(waiting[0])
            return True
        hold = scene.presenter.hold
        if hold is not None and scene.is_human(hold.seat):
            device = scene.device_of(hold.seat)
            if device == MOUSE:
                self.click((640, 500))
            else:
                self.press(device, "confirm")
            return True
        if self.slaps and self._maybe_slap():
            return True
        st = scene.state
        if scene.finished:
            return False
        if st.phase is R.Phase.ROUND_OVER and not scene.presenter.busy and scene.humans():
            scene.table_controls.refresh(None)
            target = scene.cursor.get("btn:next")
            if target is None:
                return False
            seat = scene.humans()[0]
            device = scene.device_of(seat)
            self.step()  # drawn once, so the button sits where it is shown
            if device == MOUSE:
                self.click(scene.cursor.get("btn:next").rect.center)  # type: ignore[union-attr]
            else:
                path = scene.cursor.path_to("btn:next") or []
                for d in path:
                    self.press(device, d)
                self.press(device, "confirm")
            return True
        seat = scene.decider()
        if seat is None or not scene.cursor.targets:
            return False
        if scene.presenter.lookable(seat) and (st.move, seat) not in self.looked_at:
            self.looked_at.add((st.move, seat))  # a couch player looks at what they drew
            self.look(seat)
            return True
        bot = self.bots[seat]
        action = bot.choose(st.observation(seat))
        self.actions += 1
        if isinstance(action, R.BlindSwap | R.KingLook):
            a_key = f"card:{action.a.player}:{action.a.slot}"
            b_key = f"card:{action.b.player}:{action.b.slot}"
            if not self.choose_target(seat, a_key):
                return True
            self.step()
            self.choose_target(seat, b_key)
            return True
        key = action_key(action, seat)
        if key == "discard" and scene.cursor.get("btn:discard") is not None:
            key = "btn:discard" if self.actions % 2 else "discard"
        self.choose_target(seat, key)
        return True

    def _maybe_slap(self) -> bool:
        scene = self.scene
        st = scene.state
        if not (st.window and st.slap is None and scene.landed_window == st.window_id):
            return False
        lo, hi = PROFILES["hard"].reaction
        for seat, bot in self.bots.items():
            plan = self.slap_plan.get(seat)
            if plan is None or plan[0] != st.window_id:
                slap = bot.react(st.observation(seat, with_legal=False))
                # a practised tester's hands: 0.6-1.1 s (hard's own reflexes are a person's,
                # often too slow for the tests' 1.5 s window)
                quick = 0.6 + 0.5 * (slap.t - lo) / (hi - lo) if slap is not None else 0.0
                due = scene.clock + quick if slap is not None else float("inf")
                self.slap_plan[seat] = (st.window_id, due)
                plan = self.slap_plan[seat]
            if plan[1] <= scene.clock:
                self.slap_plan[seat] = (st.window_id, float("inf"))
                device = scene.device_of(seat)
                if device == MOUSE:
                    self.click(tuple(map(round, scene.layout.discard_pos)))  # type: ignore[arg-type]
                else:
                    self.press(device, "primary")
                return True
        return False

    def play(self, max_frames: int = 60000) -> None:
        """Play until the match is over (and shown)."""
        start = self.driver.frames
        while self.driver.frames - start < max_frames:
            if self.scene.finished and not self.scene.presenter.busy:
                return
            if not self.act():
                self.step()
        raise AssertionError(f"the match did not end in {max_frames} frames "
                             f"(round {self.scene.state.round}, phase {self.scene.state.phase})")


# ---- privacy


def _cards_in(value: Any) -> list[R.Card]:
    if isinstance(value, R.Card):
        return [value]
    if isinstance(value, tuple | list):
        return [c for v in value for c in _cards_in(v)]
    return []


class PrivacyWatch:
    """Checked after every frame: nothing private on screen, in the prompt or in the log,
    unless its owner may look (`human_sees`: a lone human; a couch player's card only while
    they hold their own look control down)."""

    def __init__(self, scene: CaboScene, human_sees: set[int]) -> None:
        self.scene = scene
        self.human_sees = human_sees
        self.public: set[str] = set()  # cards shown to the whole table so far
        self.events_seen = 0
        self.lines_seen = 0
        self.private_frames = 0  # frames that showed someone their own private card

    def _update_public(self) -> None:
        import dataclasses

        events = self.scene.state.events
        for ev in events[self.events_seen:]:
            public = ev.redacted(None)
            for f in dataclasses.fields(public):
                self.public.update(c.code for c in _cards_in(getattr(public, f.name)))
        self.events_seen = len(events)

    def __call__(self) -> None:
        scene = self.scene
        self._update_public()
        pr = scene.presenter
        private_shown = pr.shown_codes() - self.public
        _seat, prompt = scene.prompt()
        private_named = {c.code for c in R.DECK if c.name in prompt} - self.public
        if scene.couch():
            self._neutral_words(prompt)
        if private_shown or private_named:
            self.private_frames += 1
            if scene.couch():
                assert not private_named, f"the prompt names {private_named} on a couch"
                self._held_faces_only(private_shown)
                self._check_log()
                return
            v = pr.viewer
            assert v is not None, f"private cards {private_shown | private_named}, no viewer"
            assert v in self.human_sees, f"seat {v}'s cards shown to a screen it does not own"
            allowed = viewer_may_see(scene, v)
            assert private_shown <= allowed, f"{private_shown - allowed} shown to seat {v}"
            assert private_named <= allowed, f"{private_named - allowed} named to seat {v}"
        self._check_log()

    def _neutral_words(self, prompt: str) -> None:
        """Couch play: while a drawn card is hidden, neither the shared bar nor a note on the
        table says what it can do (its power's words told the other player its rank band)."""
        from game.games.cabo import words

        st = self.scene.state
        if st.phase is not R.Phase.DRAWN or st.drawn is None or st.drawn.code in self.public:
            return
        telling = [*words.POWER_SHORT.values(), *words.POWER_BUTTON.values(), "no power"]
        notes = [f.label for f in self.scene.presenter.effects.floats]
        for said in [prompt, *notes]:
            told = [w for w in telling if w.lower() in said.lower()]
            assert not told, f"the shared screen says {told} of a hidden drawn card: {said!r}"

    def _held_faces_only(self, private_shown: set[str]) -> None:
        """Couch play: every private face drawn is a card its owner may see, lifted by the
        owner's own device held down right now (asked of the input layer, not the scene)."""
        scene = self.scene
        pr = scene.presenter
        for code in private_shown:
            owners = [sec.seat for sec in pr.secrets
                      if sec.sprite.showing_face and sec.sprite.code == code]
            assert owners, f"{code} is face up but nobody's to lift"
            seat = owners[0]
            device = scene.device_of(seat)
            inp = scene.app.input
            held = inp.is_held(device, "primary") if device == MOUSE else any(
                inp.is_held(device, a) for a in LOOK)
            assert held, f"{code} is face up while seat {seat} holds nothing"
            assert code in viewer_may_see(scene, seat), f"{code} shown to seat {seat}"

    def _check_log(self) -> None:
        pr = self.scene.presenter
        lines = pr.log.texts()
        for line in lines[self.lines_seen:] if len(lines) >= self.lines_seen else lines:
            for c in R.DECK:
                if c.name in line:
                    assert c.code in self.public, f"the log names a private card: {line!r}"
        self.lines_seen = len(lines)


def viewer_may_see(scene: CaboScene, seat: int) -> set[str]:
    """Cards `seat` has legitimately seen: in their observation, their drawn card, King cards."""
    obs = scene.state.observation(seat, with_legal=False)
    codes = {c.code for c in obs.known().values()}
    if obs.drawn is not None:
        codes.add(obs.drawn.code)
    if obs.king_cards is not None:
        codes.update(c.code for c in obs.king_cards)
    return codes
