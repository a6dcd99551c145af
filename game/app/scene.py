"""Scene stack: push, pop and replace requested during a frame and applied at its end.

Learned from Tuxemon's state stack: each scene has enter/exit/pause/resume hooks, input goes
to the top scene first, and drawing starts at the topmost opaque scene and goes upward.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.input import ActionEvent


class Scene:
    """A screen or overlay. Subclasses override the hooks they need."""

    scene_id: str = "scene"
    #: Draws the whole screen, so nothing below needs drawing.
    opaque: bool = True
    #: Scenes below stop updating while this one is on top (a pause overlay).
    pauses_below: bool = True
    #: Uses the shared pygame-gui manager (menus); events go to the manager first.
    uses_gui: bool = False
    #: Music this scene wants, or None to leave the current music alone.
    music: str | None = None
    #: Its seconds are the match's for a table under it (`GameScene.elapsed`): the pass
    #: curtain pauses the table while the device goes round, and that is play.
    match_time: bool = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.time = 0.0  # seconds of logic time this scene has run
        #: Seconds of real time this scene has run (not paused below another): the clock a
        #: player lives by. Logic time drops a slow machine's backlog; this one does not.
        self.real_time = 0.0

    # Lifecycle -----------------------------------------------------------------------
    def enter(self) -> None:
        """Called once when the scene becomes part of the stack."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack: free widgets and timers."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    # Per frame -----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """A raw event (mouse positions already in logical 1280x720 space). True if used."""
        return False

    def handle_action(self, action: ActionEvent) -> bool:
        """A device action (confirm, back, up, primary...). True if used."""
        return False

    def settling(self) -> bool:
        """Whether a choice has just left a spot on this screen, so a press there now would be
        taken as aimed at it and ignored (`game.tabletop.targets.ARM_S`): input helpers wait,
        as a player's hand takes that long to reach a new choice anyway."""
        return False

    def update(self, dt: float) -> None:
        """One fixed logic step of `dt` seconds."""

    def frame(self, frame_dt: float) -> None:
        """Once per rendered frame, after the logic steps (real time, for widgets)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the 1280x720 logical surface."""

    def snapshot(self) -> dict[str, Any] | None:
        """Plain-data state for the crash report and the autosave, if the scene has one."""
        return None


@dataclass
class _Request:
    kind: str  # push | pop | replace | clear
    scene: Scene | None = None
    fade: float = 0.0
    then: Callable[[], None] | None = None


class SceneStack:
    """Holds the scenes; changes requested mid-frame are applied by `apply_requests`."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._requests: list[_Request] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene) -> None:
        self._requests.append(_Request("push", scene))

    def pop(self) -> None:
        self._requests.append(_Request("pop"))

    def replace(self, scene: Scene) -> None:
        """Replace the top scene."""
        self._requests.append(_Request("replace", scene))

    def reset(self, scene: Scene) -> None:
        """Clear the whole stack and start over with `scene` (back to the title)."""
        self._requests.append(_Request("clear", scene))

    @property
    def pending(self) -> bool:
        return bool(self._requests)

    @property
    def next_top(self) -> Scene | None:
        """The top scene once this frame's requests are applied (`top` if there are none)."""
        scenes = list(self.scenes)
        for req in self._requests:
            if req.kind in ("pop", "replace") and scenes:
                scenes.pop()
            elif req.kind == "clear":
                scenes.clear()
            if req.kind != "pop" and req.scene is not None:
                scenes.append(req.scene)
        return scenes[-1] if scenes else None

    def apply_requests(self) -> None:
        """Apply the frame's requests in order; hooks run here, never mid-iteration."""
        while self._requests:
            req = self._requests.pop(0)
            if req.kind == "push" and req.scene is not None:
                if self.scenes:
                    self.scenes[-1].pause()
                self.scenes.append(req.scene)
                req.scene.enter()
            elif req.kind == "pop":
                if self.scenes:
                    self.scenes.pop().exit()
                if self.scenes:
                    self.scenes[-1].resume()
            elif req.kind == "replace" and req.scene is not None:
                if self.scenes:
                    self.scenes.pop().exit()
                self.scenes.append(req.scene)
                req.scene.enter()
            elif req.kind == "clear" and req.scene is not None:
                while self.scenes:
                    self.scenes.pop().exit()
                self.scenes.append(req.scene)
                req.scene.enter()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom-up, starting at the topmost opaque one."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def updating(self) -> list[Scene]:
        """Scenes that get logic steps: the top one and those not paused by an overlay."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if scene.pauses_below:
                break
        out.reverse()
        return out
