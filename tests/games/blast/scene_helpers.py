"""Driving the Kaboom! Explosive table headless with real input events.

`HumanHands` plays the human seats: a seeded choice among the seat's legal actions, delivered as
a person would: clicks on the fan's cards, the seats, the walls and the buttons, or the seat's
keys (the cursor moved along the shortest path, then confirm). `PrivacyWatch` checks after every
frame that no hand is drawn face up for anyone but the seat at the device.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.catalogue import SEAT_COLOURS, MatchSetup, Seat
from game.app.headless import HeadlessDriver
from game.app.input import MOUSE
from game.core.rng import derive_rng
from game.games.blast.rules import (
    Action,
    Arrange,
    Defend,
    Endgame,
    Pass,
    Play,
    TakeIt,
    Trade,
    Undermine,
)
from game.games.blast.scene import BlastScene
from game.tabletop.curtain import PassCurtain

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")


def make_setup(kinds: list[str], seed: int = 11) -> MatchSetup:
    """`kinds` per seat: 'mouse', 'keys1', 'keys2', 'padN' for humans, or an AI level."""
    seats = []
    for i, k in enumerate(kinds):
        if k in ("easy", "medium", "hard", "random"):
            seats.append(Seat(NAMES[i], SEAT_COLOURS[i], "ai", k))
        else:
            seats.append(Seat(NAMES[i], SEAT_COLOURS[i], "human", "medium", k))
    return MatchSetup("blast", seats, {"ai_pace": "brisk"}, seed)


def open_table(app: Any, driver: HeadlessDriver, setup: MatchSetup,
               saved: dict[str, Any] | None = None, speed: float = 30.0) -> BlastScene:
    pygame.event.clear()
    scene = BlastScene(app, setup, saved, speed=speed)
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.step()
    return scene


def open_match(app: Any, driver: HeadlessDriver, m: Any, kinds: list[str],
               speed: float = 30.0) -> BlastScene:
    """A table opened on match `m` (its state as a save holds it), seats of these kinds (as
    many as the match has), three frames in."""
    scene = open_table(app, driver, make_setup(kinds[:m.options.players], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=speed)
    driver.run(3)
    return scene


def key_event(app: Any, device: str, action: str, down: bool) -> pygame.event.Event:
    name = app.input.bindings[device][action]
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP,
                              key=pygame.key.key_code(name), mod=0, unicode="", scancode=0)


def keys_aim(scene: BlastScene, seat: int) -> bool:
    """Whether the seat aims with keys or a pad (a walled player's panel is then no stop:
    `TableControls._walls_for_keys`)."""
    return scene.device_of(seat) != MOUSE


def plan(scene: BlastScene, action: Action) -> list[str]:
    """The targets a human chooses, in order, to take `action`."""
    pr = scene.presenter
    hand = list(pr.hand)
    if isinstance(action, Play):
        keys = [f"hand:{hand.index(action.card)}"]
        if action.target >= 0:
            if not (action.walls and keys_aim(scene, action.player)):
                # the keys go straight to an explosive's walls, past the panel round them
                keys.append(f"seat:{action.target}")
            walls = list(pr.seats[action.target].walls)
            used: list[int] = []
            for w in action.walls:
                i = next(k for k, v in enumerate(walls) if v == w and k not in used)
                used.append(i)
                keys.append(f"wall:{action.target}:{i}")
            if action.card == "spy":
                keys.append(f"btn:mode:{action.mode}")
            elif action.card == "assassin":
                keys.append(f"char:{action.target}:{action.mode}")
        return keys
    if isinstance(action, Trade):
        picks: list[int] = []
        for c in action.cards:
            picks.append(next(k for k, v in enumerate(hand) if v == c and k not in picks))
        return ["btn:trade", *(f"hand:{i}" for i in picks), "btn:confirm"]
    if isinstance(action, Pass):
        return ["btn:pass"]
    if isinstance(action, Undermine):
        i = pr.seats[action.target].walls.index(action.wall)
        if keys_aim(scene, action.player):  # the keys go straight to the walls
            return ["btn:mine", f"wall:{action.target}:{i}"]
        return ["btn:mine", f"seat:{action.target}", f"wall:{action.target}:{i}"]
    if isinstance(action, TakeIt):
        return ["btn:take"]
    if isinstance(action, Defend):
        keys = [f"btn:def:{action.card}"]
        return keys + ([f"seat:{action.target}"] if action.target >= 0 else [])
    if isinstance(action, Arrange):
        looking = scene.state.looking()
        picks = []
        for c in action.order:
            picks.append(next(k for k, v in enumerate(looking) if v == c and k not in picks))
        # the last card lies last by itself: it is never clicked
        return [*(f"look:{i}" for i in picks[:-1] if len(picks) > 1), "btn:confirm"]
    if isinstance(action, Endgame):
        return [f"eg:{action.card}"] + ([f"seat:{action.target}"] if action.target >= 0 else [])
    raise ValueError(f"no plan for {action}")


class HumanHands:
    """Plays every human seat of a table through the app's real input path."""

    def __init__(self, app: Any, driver: HeadlessDriver, scene: BlastScene, seed: int = 3
                 ) -> None:
        self.app = app
        self.driver = driver
        self.scene = scene
        self.seed = seed
        self.curtains: list[tuple[str, str]] = []
        self.actions = 0
        self.defences: list[Action] = []  # what the humans answered in defence windows
        self.frames_check: list[Any] = []

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

    def point_at(self, seat: int, key: str) -> bool:
        """Choose the target `key` with the seat's device; False if it is not offered."""
        scene = self.scene
        device = scene.device_of(seat)
        target = scene.cursor.get(key)
        if target is None:
            return False
        if device == MOUSE:
            if key.startswith("hand:"):
                for _ in range(60):  # as a person does: the hand at rest before the click (a
                    # press on a hand still sliding takes nothing, `BlastScene.target_at`)
                    if scene.presenter.fan_settled(scene.table_controls.slots):
                        break
                    self.step()
                slot = scene.table_controls.slots[int(key.split(":")[1])]
                pos = (round(slot.top[0]), round(slot.top[1]) - 30)
                if scene.table_controls.still_at == pos:  # a hand closed up under the resting
                    pos = (pos[0] + 3, pos[1])  # pointer: a person's hand moves to click again
            else:
                pos = target.rect.center
            self.click(pos)
            return True
        path = scene.cursor.path_to(key)
        assert path is not None, f"{key} can't be reached with the cursor"
        for d in path:
            self.press(device, d)
        assert scene.cursor.focus_key == key
        self.press(device, "confirm")
        return True

    def lift(self, seat: int, card: str) -> None:
        """Take `card` from the seat's hand into play: point at it, and press Play where the
        card waits armed for it."""
        scene = self.scene
        self.point_at(seat, f"hand:{scene.presenter.hand.index(card)}")
        self.driver.step()
        if scene.cursor.get("btn:play") is not None:
            self.point_at(seat, "btn:play")
            self.driver.step()

    def choose(self, seat: int) -> Action:
        legal = self.scene.state.legal_actions(seat)
        rng = derive_rng(self.seed, "hands", len(self.scene.state.events))
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(type(a).__name__, []).append(a)
        order = sorted(kinds)
        if "Play" in kinds and rng.random() < 0.7:
            return rng.choice(kinds["Play"])
        if "Defend" in kinds and rng.random() < 0.6:
            return rng.choice(kinds["Defend"])
        return rng.choice(kinds[rng.choice(order)])

    def act(self) -> bool:
        """Do whatever a human must do now; False if nothing waits on a human."""
        scene = self.scene
        top = self.app.stack.top
        if isinstance(top, PassCurtain):
            seat = scene.names.index(top.name)
            device = scene.device_of(seat)
            self.curtains.append((top.name, device))
            for _ in range(20):
                self.step()
            if device == MOUSE:
                self.click((640, 360))
            else:
                self.press(device, "confirm")
            return True
        if scene.finished:
            return False
        decider = scene.decider()
        if decider is None or not scene.cursor.targets:
            return False
        seat = decider
        if scene.cursor.get("btn:show") is not None:  # a couch turn goes on: the hand first
            self.step()
            assert self.point_at(seat, "btn:show")
            return True
        action = self.choose(seat)
        if isinstance(action, TakeIt | Defend):
            self.defences.append(action)
        before = len(scene.state.events)
        self.actions += 1
        for key in plan(scene, action):
            if len(scene.state.events) != before:
                break
            self.step()  # the step's targets are rebuilt
            if not self.point_at(seat, key):
                break
            if len(scene.state.events) == before and key.startswith("hand:") \
                    and scene.table_controls.pick.stage == "armed":
                # the card is only armed (keys, or a character by mouse): Play plays it
                self.step()
                key = "btn:play"
                assert self.point_at(seat, key)
            if len(scene.state.events) == before \
                    and key.startswith(("hand:", "btn:play", "btn:confirm")) \
                    and scene.table_controls.warned is not None:
                # the play was warned of (it would be wasted; a trade with the Underminer's
                # dig unused): a second press plays it
                self.step()
                self.point_at(seat, key)
        assert len(scene.state.events) != before, f"{action} was not taken"
        return True

    def play(self, max_frames: int = 60000) -> None:
        start = self.driver.frames
        while self.driver.frames - start < max_frames:
            if self.scene.finished and not self.scene.presenter.busy:
                return
            if not self.act():
                self.step()
        raise AssertionError(f"the match did not end in {max_frames} frames")


class PrivacyWatch:
    """After every frame: the fan shows faces only for the seat at the device (the lone human,
    or the couch player behind the curtain last opened), and only that seat's own cards."""

    def __init__(self, scene: BlastScene) -> None:
        self.scene = scene
        self.face_frames = 0

    def __call__(self) -> None:
        sc = self.scene
        pr = sc.presenter
        faces = pr.fan_faces()
        if not faces:
            return
        self.face_frames += 1
        v = pr.viewer
        assert v is not None and v == sc.layout.home, "a hand face up with no viewer"
        if sc.couch():
            assert sc.curtains_opened and sc.curtains_opened[-1] == v, \
                f"seat {v}'s hand shown without its curtain"
            cur = sc.state.current_player()
            # an AI's decision: every hand down (a stranger's couch saw Cleo's hand stay up
            # through an AI's whole turn after she had answered an attack)
            assert sc.state.is_terminal() or cur is None or sc.is_human(cur), \
                f"seat {v}'s hand up while the AI at seat {cur} decides"
        else:
            assert v == sc.default_viewer()
        assert not isinstance(sc.app.stack.top, PassCurtain), "a hand drawn under a curtain"
        # (a lone human's own hand may stay under the match's end bar)
        if not pr.busy:  # at rest the fan is exactly the seat's hand
            assert sorted(faces) == sorted(sc.state.players[v].hand), (
                faces, sc.state.players[v].hand, sc.state.events[-6:])


def couch_recap(app: Any, driver: Any, recap: str) -> Any:
    """A couch table (keys and mouse) just handed over to the keys seat, its hand shown face up
    for it alone and `recap` in its "While you waited" bubble: the scene."""
    from game.games.blast import data as D
    from tests.games.blast.helpers import table

    m = table(2, hands={0: [D.TNT, D.STONE]}, walls={1: [D.PALISADE, D.STONE]})
    scene = open_table(app, driver, make_setup(["keys1", "mouse"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    home = scene.layout.home
    scene.presenter.set_viewer(home, list(scene.state.players[home].hand))
    scene.presenter.bubble = (recap, home, 5.0)
    return scene
