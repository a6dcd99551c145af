"""What every game's scene shares: seats, pausing, autosave and recording results."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.app.catalogue import MatchSetup, Seat
from game.app.input import MOUSE, ActionEvent
from game.app.launch import RESUME_GRACE_S
from game.app.memory import forget_other_games, release_memory
from game.app.scene import Scene

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)


class GameScene(Scene):
    """Base for game scenes. Subclasses implement `save_state()` and call `autosave()` at
    each safe point and `finish()` when the match is over."""

    music: str | None = ""  # the table is quiet: effects only
    #: A demo table (screenshot, smoke, bench) never saves or records statistics.
    demo: bool = False

    def __init__(self, app: App, setup: MatchSetup) -> None:
        forget_other_games(setup.game_id)  # another game's art is not drawn at this table
        release_memory()  # the last match's tables and spaces, back to the system first
        super().__init__(app)
        self.setup = setup
        self.finished = False
        #: Seconds played before this scene was resumed from a save (the save carries them).
        self.elapsed_before = 0.0
        #: The save file this match was resumed from (None for a new match).
        self.resumed_from: Path | None = None
        #: Save files this match wrote. With `resumed_from`, the only saves it may remove.
        self.saves_written: set[Path] = set()

    @property
    def elapsed(self) -> float:
        """Seconds of the whole match so far, including the time before any save and resume."""
        return self.elapsed_before + self.time

    @property
    def seats(self) -> list[Seat]:
        return self.setup.seats

    def seat_of(self, device: str) -> list[int]:
        """Seats a device controls (a keyboard set may drive one human seat)."""
        return [i for i, s in enumerate(self.seats) if not s.is_ai and s.device == device]

    def seats_for(self, device: str) -> list[int]:
        """Seats a device drives; a lone human may use any device they like."""
        hs = self.humans()
        mine = [i for i in hs if self.seats[i].device == device]
        if not mine and len(hs) == 1:
            return hs
        return mine

    def humans(self) -> list[int]:
        """Seats played by people, in seat order."""
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def is_human(self, seat: int) -> bool:
        """True for a seat played by a person (False for an AI or no such seat)."""
        return 0 <= seat < len(self.seats) and not self.seats[seat].is_ai

    def device_of(self, seat: int) -> str:
        """The device a seat plays on."""
        return self.seats[seat].device

    def devices_in_use(self) -> set[str]:
        return {s.device for s in self.seats if not s.is_ai}

    def human_count(self) -> int:
        return sum(1 for s in self.seats if not s.is_ai)

    # Pause -----------------------------------------------------------------------------
    def open_pause(self) -> None:
        from game.app.menus.overlays import PauseOverlay

        self.app.input.release_all()
        self.app.stack.push(PauseOverlay(self.app, self))

    def handle_action(self, action: ActionEvent) -> bool:
        if action.is_("pause") and action.device != MOUSE:
            self.open_pause()
            return True
        return self.game_action(action)

    def game_action(self, action: ActionEvent) -> bool:
        """A device action that is not the pause button."""
        return False

    def on_focus_lost(self) -> None:
        if not self.finished:
            self.open_pause()

    def replace_device(self, old: str, new: str | None) -> None:
        """A pad went away for good: hand its seats to `new`, or to a medium AI if None."""
        for seat in self.seats:
            if not seat.is_ai and seat.device == old:
                if new is None:
                    seat.kind = "ai"
                    seat.difficulty = "medium"
                else:
                    seat.device = new

    # Saves -----------------------------------------------------------------------------
    def save_state(self) -> dict[str, Any] | None:
        """Plain-data game state at the last safe point, or None if there is nothing to keep."""
        return None

    def save_summary(self) -> str:
        return ""

    def autosave(self) -> None:
        """Write the resumable save at a safe point; failures are reported, never fatal."""
        if self.demo or self.finished:
            return
        state = self.save_state()
        if state is None:
            return
        try:
            path = self.app.saves.save(self.setup.game_id, {"setup": self.setup.to_dict(),
                                                             "game": state},
                                       seed=self.setup.seed, summary=self.save_summary(),
                                       autosave=True, meta={"elapsed_s": round(self.elapsed, 3)})
            self.saves_written.add(path)
            if self.resumed_from is not None and self.time > RESUME_GRACE_S:
                self._resumed_healthy()  # past the time a crash is blamed on the save
        except (OSError, ValueError) as exc:
            log.warning("autosave failed: %s", exc)
            self.app.notify(f"Could not save the game: {exc}", "warning")

    def _resumed_healthy(self) -> None:
        """The save this match was resumed from no longer needs its original bytes kept."""
        from game.app.launch import resumed_healthy

        resumed_healthy(self)

    def snapshot(self) -> dict[str, Any] | None:
        try:
            return {"setup": self.setup.to_dict(), "game": self.save_state()}
        except Exception:  # noqa: BLE001 - crash reports are best effort
            return {"setup": self.setup.to_dict()}

    def finish(self, scores: Sequence[float], winners: Iterable[int]) -> None:
        """The match is over: record statistics for humans and drop this match's own saves (the
        one it was resumed from and those it wrote; never another match's save).

        Every seat in `winners` is credited with the win, so a tie gives each tied player a
        win. Which score is best (highest or lowest) is the game's `GameInfo.higher_is_better`.
        """
        if self.finished:
            return
        self.finished = True
        self._resumed_healthy()
        if self.demo:
            return
        won = set(winners)
        for i, seat in enumerate(self.seats):
            if seat.is_ai:
                continue
            profile = self.app.settings.profile if i == self.first_human() else seat.name
            self.app.stats.record(profile, self.setup.game_id, won=i in won,
                                  score=scores[i], seconds=self.elapsed)
        try:
            self.app.stats.save()
            own = self.saves_written | ({self.resumed_from} if self.resumed_from else set())
            self.app.saves.discard(sorted(own))
        except (OSError, ValueError) as exc:
            self.app.notify(f"Could not record the result: {exc}", "warning")

    def first_human(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if not s.is_ai), None)

    def quit_to_menu(self) -> None:
        from game.app.menus.title import TitleScene

        self.autosave()
        self._resumed_healthy()  # left without crashing
        self.app.reset(TitleScene(self.app), 0.3)
