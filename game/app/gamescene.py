"""What every game's scene shares: seats, pausing, autosave and recording results."""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from game.app.catalogue import MatchSetup, Seat
from game.app.input import MOUSE, ActionEvent, played_label
from game.app.launch import RESUME_GRACE_S
from game.app.memory import forget_other_games, release_memory
from game.app.scene import Scene
from game.core.voice import Voice

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)


class GameScene(Scene):
    """Base for game scenes. Subclasses implement `save_state()` and call `autosave()` at
    each safe point and `finish()` when the match is over."""

    music: str | None = ""  # the table is quiet: effects only
    #: A demo table (screenshot, smoke, bench) never saves or records statistics.
    demo: bool = False
    #: A table playing a replay back (Watch again): its end is the replay bar's, not a match's.
    replaying: bool = False
    #: Full garbage collections as a table opens (the last match handed back to the system,
    #: then what lives all match frozen out of later passes). They change nothing a player
    #: sees, only memory and pauses over an evening; the test suite, which opens a table in
    #: most of its tests, turns them off except in the memory tests that check them.
    tidy_memory: ClassVar[bool] = True

    def __init__(self, app: App, setup: MatchSetup) -> None:
        forget_other_games(setup.game_id)  # another game's art is not drawn at this table
        if GameScene.tidy_memory:
            release_memory()  # the last match's tables and spaces, back to the system first
        super().__init__(app)
        self.setup = setup
        self.finished = False
        #: Seconds played before this scene was resumed from a save (the save carries them).
        self.elapsed_before = 0.0
        #: Seconds of match time spent under scenes that count it (`Scene.match_time`, the
        #: pass curtain), since this table opened.
        self.time_above = 0.0
        #: The save file this match was resumed from (None for a new match).
        self.resumed_from: Path | None = None
        #: Save files this match wrote. With `resumed_from`, the only saves it may remove.
        self.saves_written: set[Path] = set()
        #: Where the finished match's replay went (Watch again from the end of the match).
        self.replay_path: Path | None = None
        #: Who played each seat in the match a replay table shows (None at a live table).
        self.played_by: list[str] | None = None
        #: Each seat's identity, the lobby's, everywhere in every game: name, colour, shape.
        self.names: list[str] = [s.name for s in setup.seats]
        self.colours: list[tuple[int, int, int]] = [app.seat_colour(i, s.colour)
                                                    for i, s in enumerate(setup.seats)]
        self.shapes: list[str] = [app.seat_shape(i, s.colour) for i, s in enumerate(setup.seats)]

    def refresh_identity(self) -> bool:
        """The seats' colours again from the settings (the colour-blind palette may have been
        switched in the pause menu's Settings): True, and `identity_changed()`, when they moved."""
        colours = [self.app.seat_colour(i, s.colour) for i, s in enumerate(self.setup.seats)]
        if colours == self.colours:
            return False
        self.colours[:] = colours  # views holding the list see the new colours
        self.identity_changed()
        return True

    def identity_changed(self) -> None:
        """Hook: a game that drew its seats' colours into something kept redraws it here."""

    # Lifecycle ---------------------------------------------------------------------------
    def resume(self) -> None:
        """Back from a scene above (the pause menu, Settings): the lobby's identity may have
        changed look (the colour-blind palette), so every seat is drawn in its current colour."""
        super().resume()
        self.refresh_identity()

    def enter(self) -> None:
        """The table opens. What exists now (menus, fonts, caches, this table) lives all match:
        it is set aside from the garbage collector's full passes, so those stay short while AIs
        plan and physics runs (every game's table; subclasses call this first)."""
        if GameScene.tidy_memory:
            gc.collect()
            gc.freeze()

    def exit(self) -> None:
        """The table is gone: what it held may be collected again."""
        if GameScene.tidy_memory:
            gc.unfreeze()

    @property
    def elapsed(self) -> float:
        """Seconds of the whole match so far, including the time before any save and resume: real
        seconds at the table (dropped logic steps of a slow machine count; a pause does not),
        and under a scene that is part of the match over it (a couch's pass curtain: a couch
        match's statistics had counted only the time between hand-offs)."""
        scenes = self.app.stack.scenes
        above = scenes[scenes.index(self) + 1:] if self in scenes else []
        under_now = sum(s.real_time for s in above if s.match_time)
        return self.elapsed_before + max(self.time, self.real_time) + self.time_above + under_now

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

    def resumed_part(self, saved: Mapping[str, Any], version: int, key: str) -> Any:
        """The game's own part (`saved[key]`) of the save this match resumes from; a save of
        another version, or without that part, is refused in words (ValueError: the launcher
        moves it aside and tells the player)."""
        if saved.get("version") != version or key not in saved:
            raise ValueError(f"not a {self.game_title} save this version can read (version "
                             f"{saved.get('version')!r})")
        return saved[key]

    def check_seats(self, players: int) -> None:
        """A resumed match must have as many players as the setup has seats."""
        if players != len(self.seats):
            raise ValueError(f"the save has {players} players, the setup {len(self.seats)}")

    @property
    def game_title(self) -> str:
        """The game's name as players know it (its id if it is not registered)."""
        from game.app import catalogue

        info = catalogue.get(self.setup.game_id)
        return info.title if info is not None else self.setup.game_id

    def seat_label(self, seat: int) -> str:
        """The line under a seat's name: its AI level or the device its person plays with; on
        a table playing a replay back, who played it in the match (`played_by`)."""
        if self.played_by is not None and 0 <= seat < len(self.played_by):
            return self.played_by[seat]
        return played_label(self.seats[seat])

    @property
    def voice(self) -> Voice:
        """Words for the seats: a lone human is addressed as "you" ("You take", "Ben takes")."""
        hs = self.humans()
        return Voice([s.name for s in self.seats], hs[0] if len(hs) == 1 else None)

    # Pause -----------------------------------------------------------------------------
    def open_pause(self) -> None:
        """The pause menu over this game, once: two reasons in one frame (the window losing
        focus twice as it is remade, or Esc with it) stacked two menus, and Esc seemed to need
        two presses to get back to the game."""
        from game.app.menus.overlays import PauseOverlay

        if isinstance(self.app.stack.next_top, PauseOverlay):
            return  # the pause menu is already on its way (or up)
        self.app.input.release_all()
        self.app.stack.push(PauseOverlay(self.app, self))

    def handle_action(self, action: ActionEvent) -> bool:
        if action.is_("pause") and action.device != MOUSE:
            if not self.cancel_choice(action.device):
                self.open_pause()
            return True
        return self.game_action(action)

    def cancel_choice(self, device: str) -> bool:
        """Esc puts down a choice half made (a card picked, not yet played) before it
        pauses, as in most games; whether it did. None here: a table with such choices says."""
        return False

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
        The profile is credited with its own seat's result only (`profile_seat`); every other
        human's goes under their seat's name.
        """
        if self.finished:
            return
        self.finished = True
        self._resumed_healthy()
        self.show_match_end()
        if self.demo:
            return
        won = set(winners)
        for i, seat in enumerate(self.seats):
            if seat.is_ai:
                continue
            profile = self.app.settings.profile if i == self.profile_seat() else seat.name
            self.app.stats.record(profile, self.setup.game_id, won=i in won,
                                  score=scores[i], seconds=self.elapsed)
        try:
            self.app.stats.save()
            own = self.saves_written | ({self.resumed_from} if self.resumed_from else set())
            self.app.saves.discard(sorted(own))
        except (OSError, ValueError) as exc:
            self.app.notify(f"Could not record the result: {exc}", "warning")

    # The end of a match ----------------------------------------------------------------
    def show_match_end(self) -> None:
        """Offer Play again, Watch again and Main menu: the one end every game shares."""
        from game.app.menus.matchend import MatchEndBar

        if self.replaying:
            return
        self.app.input.release_all()
        self.app.stack.push(MatchEndBar(self.app, self))

    def play_again(self) -> None:
        """The same seats and options at a fresh table (a new seed)."""
        from game.app import catalogue
        from game.core.rng import new_seed

        info = catalogue.get(self.setup.game_id)
        if info is None:
            self.quit_to_menu()
            return
        setup = MatchSetup(self.setup.game_id,
                           [Seat.from_dict(s.to_dict(), i) for i, s in enumerate(self.seats)],
                           dict(self.setup.options), new_seed())
        self.app.reset(info.make_scene(self.app, setup, None), 0.35)

    def can_watch_again(self) -> bool:
        return self.replay_path is not None and self.replay_path.is_file()

    def watch_again(self) -> None:
        """Play the finished match's replay back (Back returns to the end of the match)."""
        from game.app.menus.replays import open_replay

        if self.replay_path is not None:
            open_replay(self.app, self.replay_path)

    def profile_seat(self) -> int | None:
        """The seat whose results are the profile's (Settings' name): the only human at the
        table, or, on a couch, the human seat called "You" or by the profile's own name;
        None when no seat is (a couch of typed names: a stranger's friend won as seat 1 and
        the Statistics credited the profile "Player", the first human, with the win)."""
        from game.app.menus.lobby import SOLO_NAME

        humans = [i for i, s in enumerate(self.seats) if not s.is_ai]
        if len(humans) == 1:
            return humans[0]
        marked = next((i for i in humans if self.seats[i].profile), None)
        if marked is not None:  # "You", renamed by the lobby for the couch
            return marked
        mine = {SOLO_NAME.casefold(), self.app.settings.profile.strip().casefold()}
        return next((i for i in humans if self.seats[i].name.strip().casefold() in mine), None)

    def first_human(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if not s.is_ai), None)

    def quit_to_menu(self) -> None:
        from game.app.menus.title import TitleScene

        self.autosave()
        self._resumed_healthy()  # left without crashing
        self.app.reset(TitleScene(self.app), 0.3)
