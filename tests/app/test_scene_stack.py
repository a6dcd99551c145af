"""Scene stack: push/pop/replace applied at the end of a frame, hooks, drawing and updating."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name: str, log: list[str], opaque: bool = True,
                 pauses_below: bool = True) -> None:
        super().__init__(None)  # type: ignore[arg-type]
        self.name = name
        self.log = log
        self.opaque = opaque
        self.pauses_below = pauses_below
        self.updates = 0

    def enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def pause(self) -> None:
        self.log.append(f"pause {self.name}")

    def resume(self) -> None:
        self.log.append(f"resume {self.name}")

    def update(self, dt: float) -> None:
        self.updates += 1


def test_requests_wait_for_end_of_frame() -> None:
    log: list[str] = []
    st = SceneStack()
    a = Probe("a", log)
    st.push(a)
    assert st.top is None and st.pending
    st.apply_requests()
    assert st.top is a
    assert log == ["enter a"]


def test_push_pop_replace_hooks_in_order() -> None:
    log: list[str] = []
    st = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    st.push(a)
    st.push(b)
    st.apply_requests()
    st.replace(c)
    st.apply_requests()
    st.pop()
    st.apply_requests()
    assert log == ["enter a", "pause a", "enter b", "exit b", "enter c", "exit c", "resume a"]
    assert st.top is a


def test_reset_clears_everything() -> None:
    log: list[str] = []
    st = SceneStack()
    for n in "abc":
        st.push(Probe(n, log))
    st.apply_requests()
    d = Probe("d", log)
    st.reset(d)
    st.apply_requests()
    assert st.scenes == [d]
    assert log[-4:] == ["exit c", "exit b", "exit a", "enter d"]


def test_visible_starts_at_topmost_opaque() -> None:
    log: list[str] = []
    st = SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    over = Probe("over", log, opaque=False)
    for s in (a, b, over):
        st.push(s)
    st.apply_requests()
    assert st.visible() == [b, over]


def test_overlay_pauses_updates_below_unless_it_says_not() -> None:
    log: list[str] = []
    st = SceneStack()
    game = Probe("game", log)
    pause = Probe("pause", log, opaque=False, pauses_below=True)
    st.push(game)
    st.push(pause)
    st.apply_requests()
    assert st.updating() == [pause]
    hud = Probe("hud", log, opaque=False, pauses_below=False)
    st.replace(hud)
    st.apply_requests()
    assert st.updating() == [game, hud]


def test_app_applies_requests_after_the_frame(app: Any, driver: Any) -> None:
    log: list[str] = []
    a = Probe("a", log)
    a.app = app
    app.stack.push(a)
    driver.step()
    assert app.stack.top is a and a.updates == 0  # applied at the end of the frame
    driver.step()
    assert a.updates == 2  # 120 Hz logic, 60 Hz frames
    b = Probe("b", log, opaque=False)
    b.app = app
    app.push(b)
    driver.step()
    assert app.stack.top is b
    driver.step()
    assert a.updates == 4  # b pauses what lies below


def test_fade_transition_swaps_halfway(app: Any, driver: Any) -> None:
    log: list[str] = []
    a, b = Probe("a", log), Probe("b", log)
    a.app = b.app = app
    app.stack.push(a)
    driver.step()
    app.replace(b, fade=0.4)
    driver.step()
    assert app.stack.top is a  # still fading out
    driver.run(20)
    assert app.stack.top is b
    driver.run(20)
    assert app._fade is None


def test_events_during_fade_do_not_reach_scenes(app: Any, driver: Any) -> None:
    got: list[int] = []

    class Catch(Scene):
        def handle_event(self, event: pygame.event.Event) -> bool:
            got.append(event.type)
            return True

    c = Catch(app)
    app.stack.push(c)
    driver.step()
    app.replace(Catch(app), fade=0.5)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a click during the fade
        driver.step([pygame.event.Event(kind, pos=(400, 300), button=1)])
    assert app._fade is not None
    assert got == []
