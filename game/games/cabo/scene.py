"""The Kaboom! cards table: rules, presenter and every seat's input on one screen.

The scene is the controller. It asks the rules what may happen, lets AIs decide (paced so each
move can be followed), turns human input into actions, times slaps, puts up "pass to" curtains
in couch play, and saves. What is on screen is the presenter's business: it replays the rules'
events, so the scene never draws a card itself.

Timing: all waits run on `clock`, logic time times `speed` (tests speed a match up without
changing what happens). A discard stays slappable until the next draw; the next draw by an AI
(or a flip, or the reveal) waits max(the rules' slap window, the Slap pause setting) after the
discard lands, and a human's early draw is held back until the rules' window has passed.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.app.catalogue import MatchSetup
from game.app.gamescene import GameScene
from game.app.input import MOUSE, POINT, ActionEvent, device_label
from game.core.replay import store
from game.core.rng import derive_rng, derive_seed
from game.games.cabo import hud, words
from game.games.cabo import rules as R
from game.games.cabo.ai import Bot, make_bot
from game.games.cabo.layout import BAR, CENTRE, SCREEN, SIDEBAR, TABLE, TableLayout
from game.games.cabo.options import options_from
from game.games.cabo.presenter import Presenter
from game.games.cabo.replay import CaboRecorder
from game.games.cabo.slaps import CLOSERS, SlapWindows
from game.tabletop.curtain import PassCurtain
from game.tabletop.scoresheet import score_sheet
from game.tabletop.table import felt_table
from game.tabletop.targets import DIRS, Target, TargetCursor, button_width, draw_button
from game.ui import text, theme
from game.ui.draw import lerp_colour

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)
SAVE_VERSION = 1
# Seconds an AI takes over each kind of decision (times the AI pace option).
THINK = {R.Phase.FLIP: 0.45, R.Phase.TURN: 0.75, R.Phase.DRAWN: 0.95, R.Phase.POWER: 0.9,
         R.Phase.KING_DECIDE: 1.1, R.Phase.SLAP: 0.8, R.Phase.GIVE: 0.8}
PACE = {"relaxed": 1.5, "normal": 1.0, "brisk": 0.6}
ROUND_OVER_AUTO = 6.0  # an AI-only table deals the next round after this long
SCORES_RECT = pygame.Rect(SIDEBAR.right - 92, SIDEBAR.y + 10, 82, 30)


def press(w: dict[str, str], device: str, control: str) -> str:
    """Do `control` on `device`, as a prompt says it: "click the pile", "press SPACE"."""
    return w[control] if device == MOUSE else f"press {w[control]}"


class CaboScene(GameScene):
    """One match of Kaboom! cards at the table."""

    scene_id = "cabo"

    def __init__(self, app: App, setup: MatchSetup, saved: dict[str, Any] | None = None, *,
                 speed: float = 1.0, demo: bool = False) -> None:
        super().__init__(app, setup)
        self.speed = speed
        self.demo = demo  # a screenshot/bench table: never saves, never records statistics
        n = len(setup.seats)
        if saved is not None:
            if saved.get("version") != SAVE_VERSION or "rules" not in saved:
                raise ValueError("not a Kaboom! cards save this version can read")
            self.state = R.CaboState.from_dict(saved["rules"])
            if self.state.players != n:
                raise ValueError(f"the save has {self.state.players} players, the setup {n}")
        else:
            self.state = R.new_game(options_from(setup), derive_seed(setup.seed, "deal"))
        self.recorder = None if demo else CaboRecorder(setup.to_dict(), self.state)
        self.replay_path: Path | None = None  # where the finished match's replay went
        self.rounds = self.state.options.rounds
        self.pace = PACE.get(str(setup.options.get("ai_pace", "normal")), 1.0)
        self.names = [s.name for s in setup.seats]
        self.colours = [app.seat_colour(i, s.colour) for i, s in enumerate(setup.seats)]
        self.shapes = [theme.SEAT_SHAPES[i % len(theme.SEAT_SHAPES)] for i in range(n)]
        self.bots: dict[int, Bot] = {}
        self._make_bots()
        home = next((i for i, s in enumerate(setup.seats) if not s.is_ai), 0)
        self.layout = TableLayout(n, home)
        self.presenter = Presenter(self, self.layout, self.state, app.reduced_motion)
        self.presenter.warm_up()
        self.clock = 0.0
        self.landed_at = 0.0
        self.landed_window: int | None = None
        self.slaps = SlapWindows()  # AI slaps, timed as `simulate` times them
        self._ai_key: tuple[int, int] | None = None
        self._ai_due = 0.0
        self.queued: tuple[int, R.Action] | None = None  # a human's draw held for the window
        self.cursor = TargetCursor()
        self._targets_key: tuple[Any, ...] | None = None
        self.selection: R.Pos | None = None
        self.alt_key: str | None = None  # the button the "secondary" control presses
        self.show_scores = False
        self.round_over_at: float | None = None
        self.knew: dict[tuple[int, int], tuple[int, ...]] = {}
        self.curtain: PassCurtain | None = None
        self.curtains_opened: list[int] = []  # seats, in order (tests check who opened what)
        self._curtain_for_decision = False
        self.last_saved_move = -1
        hs = self.humans()
        # the device the lone human last used (prompts name its keys); seat devices otherwise
        self.last_device = self.seats[hs[0]].device if hs else MOUSE
        self._sheet_shown_for: int | None = None  # the round whose sheet came up by itself
        self._sheet: pygame.Surface | None = None
        self._sheet_key: tuple[Any, ...] | None = None
        self.presenter.viewer = self.default_viewer()
        if saved is not None:
            self.presenter.sync(self.state, self.default_viewer())
            if self.state.window:
                self.landed_window = self.state.window_id
            if self.state.phase is R.Phase.ROUND_OVER and self.presenter.reveal is not None:
                self.knew = self._knowledge_from_cells()
                self.presenter.reveal.knew = dict(self.knew)

    # ------------------------------------------------------------------ seats

    def _make_bots(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.is_ai and i not in self.bots:
                rng = derive_rng(self.setup.seed, "ai", i)
                diff = seat.difficulty if seat.difficulty in ("easy", "medium", "hard",
                                                              "random") else "medium"
                self.bots[i] = make_bot(diff, i, rng)
        for i in list(self.bots):
            if not self.seats[i].is_ai:
                del self.bots[i]

    def couch(self) -> bool:
        """Two or more humans share the screen: private things go behind curtains."""
        return len(self.humans()) >= 2

    @property
    def voice(self) -> words.Voice:
        """Words for the seats: a lone human is addressed as "you"."""
        return words.Voice(self.names, self.default_viewer())

    def default_viewer(self) -> int | None:
        """Whose private cards the screen may show without asking: a lone human's."""
        hs = self.humans()
        return hs[0] if len(hs) == 1 else None

    def replace_device(self, old: str, new: str | None) -> None:
        """A pad went away: its seat moves to another device, or an AI takes it over."""
        affected = [i for i, s in enumerate(self.seats) if not s.is_ai and s.device == old]
        super().replace_device(old, new)
        self._make_bots()
        for seat in affected:
            if new is None:
                self.presenter.release(seat)
                if self.curtain is not None and self.curtain.device == old:
                    self.curtain.cancel()
                if self.presenter.viewer == seat:
                    self.presenter.set_viewer(None)
                self.app.notify(f"An AI now plays for {self.names[seat]}.", "info", 4)
            elif self.curtain is not None and self.curtain.device == old:
                self.curtain.device = new
        viewer = self.default_viewer()
        if viewer is not None:
            self.presenter.set_viewer(viewer)
        elif not self.couch():
            self.presenter.set_viewer(None)
        self._targets_key = None
        self._ai_key = None

    # ------------------------------------------------------------------ presenter host

    def curtain_for(self, event: R.Event, viewer: int | None) -> int | None:
        """The couch player who must open a curtain before `event` can be shown."""
        if not self.couch():
            return None
        if isinstance(event, R.Peeked | R.Drew) and self.is_human(event.player) and \
                event.player != viewer:
            return event.player
        return None

    def request_curtain(self, seat: int, reason: str, for_decision: bool = False) -> None:
        if self.curtain is not None:
            return
        self._curtain_for_decision = for_decision
        self.app.input.release_all()
        self.curtain = PassCurtain(self.app, self.names[seat], self.colours[seat],
                                   self.device_of(seat), lambda: self._curtain_opened(seat),
                                   reason, self.shapes[seat], on_cancel=self._curtain_cancelled)
        self.app.stack.push(self.curtain)

    def _curtain_opened(self, seat: int) -> None:
        self.curtain = None
        self.curtains_opened.append(seat)
        self.presenter.set_viewer(seat)
        self.presenter.waiting_curtain = None
        if self._curtain_for_decision:
            self._reshow(seat)

    def _curtain_cancelled(self) -> None:
        self.curtain = None
        self.presenter.waiting_curtain = None

    def _reshow(self, seat: int) -> None:
        obs = self.state.observation(seat, with_legal=False)
        if obs.drawn is not None:
            self.presenter.reshow_drawn(obs.drawn)
        if obs.king is not None and obs.king_cards is not None:
            self.presenter.reshow_king({p: c for p, c in zip(obs.king, obs.king_cards,
                                                              strict=True)
                                        if self.state.card_at(p) == c})

    def on_landed(self) -> None:
        """A slappable discard has reached the pile: its slap clock starts now."""
        self.landed_at = self.clock
        self.landed_window = self.state.window_id

    def knowledge(self) -> dict[tuple[int, int], tuple[int, ...]]:
        return dict(self.knew)

    def play(self, sound: str, x: float = CENTRE[0], volume: float = 1.0) -> None:
        self.app.sound.play(sound, volume, self.layout.pan(x))

    def _capture_knowledge(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """Before the reveal: which seats had seen each card, from their observations."""
        seen: dict[tuple[int, int], list[int]] = {}
        for viewer in range(self.state.players):
            obs = self.state.observation(viewer, with_legal=False)
            for pos in obs.known():
                seen.setdefault((pos.player, pos.slot), []).append(viewer)
        return {k: tuple(v) for k, v in seen.items()}

    def _knowledge_from_cells(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """At a resumed round end: the same, read from the revealed table."""
        out: dict[tuple[int, int], tuple[int, ...]] = {}
        for p, grid in enumerate(self.state.grids):
            for i, cell in enumerate(grid):
                if cell is not None and cell.seen:
                    out[(p, i)] = tuple(sorted(cell.seen))
        return out

    # ------------------------------------------------------------------ timing

    def window_open_for(self) -> float:
        """Seconds the current discard has been slappable on screen."""
        if self.landed_window != self.state.window_id:
            return 0.0
        return max(0.0, self.clock - self.landed_at)

    def window_wait_over(self, for_ai: bool) -> bool:
        """The next draw, flip or reveal may happen (no open window, or it has lasted)."""
        st = self.state
        if not st.window:
            return True
        wait = st.options.slap_window
        if for_ai:
            wait = max(wait, float(self.app.settings.assists.slap_pause_s))
        return self.landed_window == st.window_id and self.clock - self.landed_at >= wait

    def ai_wait(self) -> float:
        return max(self.state.options.slap_window, float(self.app.settings.assists.slap_pause_s))

    # ------------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        dt *= self.speed
        self.clock += dt
        self.presenter.update(dt)
        if self.finished:
            self._refresh_targets(None)
            return
        self._ai_slaps()
        self._try_queued()
        if self.curtain is not None or self.presenter.busy:
            return
        self._decide()

    def _ai_slaps(self) -> None:
        st = self.state
        if self.slaps.current(st) is None or self.landed_window != st.window_id:
            return
        self.slaps.ask(st, self.bots, self.clock)
        slap = self.slaps.on_screen(st, self.clock, humans=bool(self.humans()))
        if slap is not None:
            self._apply(slap)

    def _try_queued(self) -> None:
        if self.queued is None:
            return
        move, action = self.queued
        if move != self.state.move:
            self.queued = None
        elif self.window_wait_over(for_ai=False):
            self.queued = None
            self._apply(action)

    def _decide(self) -> None:
        st = self.state
        if st.is_terminal():
            self._game_over()
            return
        cur = st.current_player()
        if cur == R.TABLE:
            self._table_step()
        elif self.is_human(cur):
            self._human_step(cur)
        else:
            self._ai_step(cur)

    def _table_step(self) -> None:
        st = self.state
        if st.phase is R.Phase.LAST_CALL:
            if self.window_wait_over(for_ai=True):
                self.slaps.ask(st, self.bots, self.clock)
                slap = self.slaps.due(st, closing=True)  # a slap inside the window comes first
                if slap is not None:
                    self._apply(slap)
                    return
                self.knew = self._capture_knowledge()
                self._apply(R.Reveal())
            return
        if st.phase is R.Phase.ROUND_OVER:
            if self.round_over_at is None:
                self.round_over_at = self.clock
                self.autosave()
            if self._sheet_shown_for != st.round and self.clock - self.round_over_at >= 2.5:
                self._sheet_shown_for = st.round  # the reveal first, then the sheet
                self.show_scores = True
                self._targets_key = None
            if not self.humans():
                if self.clock - self.round_over_at >= ROUND_OVER_AUTO:
                    self.next_round()
            else:
                self._refresh_targets(None)

    def next_round(self) -> None:
        if self.state.phase is R.Phase.ROUND_OVER:
            self.round_over_at = None
            self.show_scores = False
            self.knew = {}
            self._apply(R.NextRound())

    def _ai_step(self, seat: int) -> None:
        st = self.state
        key = (st.move, seat)
        if self._ai_key != key:
            self._ai_key = key
            self._ai_due = self.clock + THINK.get(st.phase, 0.8) * self.pace
        if self.clock < self._ai_due:
            return
        if st.phase in (R.Phase.FLIP, R.Phase.TURN) and not self.window_wait_over(for_ai=True):
            return  # the pause before an AI draws: humans may still slap
        bot = self.bots.get(seat)
        if bot is None:
            return
        self.slaps.ask(st, self.bots, self.clock)
        slap = self.slaps.due(st)  # a slap landing before this decision, as `simulate` has it
        if slap is None:
            action = bot.choose(st.observation(seat, with_legal=bot.needs_legal))
            if isinstance(action, CLOSERS):
                slap = self.slaps.due(st, closing=True)
        if slap is not None:
            self._apply(slap)
            return
        if not self._apply(action):
            log.warning("AI seat %s chose an illegal %s", seat, action)
            legal = st.legal_actions(seat)
            fallback = next((a for a in legal if not isinstance(a, R.Slap)), None)
            if fallback is not None:
                self._apply(fallback)

    def _human_step(self, seat: int) -> None:
        st = self.state
        if self.couch() and st.phase in (R.Phase.DRAWN, R.Phase.KING_DECIDE) and \
                self.presenter.viewer != seat:
            reason = ("See the card you drew" if st.phase is R.Phase.DRAWN
                      else "Look at the two cards your King picked")
            self.request_curtain(seat, reason, for_decision=True)
            return
        if st.phase in (R.Phase.TURN, R.Phase.FLIP) and self.last_saved_move != st.move:
            self.last_saved_move = st.move
            self.autosave()
        self._refresh_targets(seat)

    def _apply(self, action: R.Action) -> bool:
        res = self.state.apply(action)
        if not res.ok:
            return False
        if self.recorder is not None:
            self.recorder.applied(self.state, action, self.clock)
        self._targets_key = None
        self.cursor.clear()
        if not isinstance(action, R.Slap):
            self.selection = None
        return True

    def _game_over(self) -> None:
        if not self.finished:
            st = self.state
            winners = st.winners()
            self.show_scores = True
            if self.recorder is not None:
                self.replay_path = store(self.recorder.finish(st))
            self.finish([float(t) for t in st.totals], winners)
        self._refresh_targets(None)

    # ------------------------------------------------------------------ human decisions

    def decider(self) -> int | None:
        """The human seat whose choice the table waits for, if any."""
        if self.curtain is not None or self.presenter.busy:
            return None
        cur = self.state.current_player()
        return cur if cur >= 0 and self.is_human(cur) else None

    def _refresh_targets(self, seat: int | None) -> None:
        st = self.state
        key = (st.move, seat, st.phase, self.selection, self.finished, self.show_scores,
               text.scale())  # button widths are measured in the current text size
        if key == self._targets_key:
            return
        self._targets_key = key
        targets, prefer, alt = self._build_targets(seat)
        self.alt_key = alt
        self.cursor.set_targets(targets, prefer)

    def _card_target(self, pos: R.Pos, fn: Callable[[], None]) -> Target:
        s = self.presenter.sprite_at(pos)
        if s is not None:
            x, y = s.target
        else:
            x, y = self.presenter.xy(pos.player, pos.slot)
        rect = pygame.Rect(0, 0, self.layout.card_w, self.layout.card_h)
        rect.center = (round(x), round(y))
        return Target(f"card:{pos.player}:{pos.slot}", rect, fn, kind="card")

    def _buttons(self, specs: list[tuple[str, str, Callable[[], None], tuple[int, int, int]]],
                 device: str | None, alt: str | None, seat: int | None = None) -> list[Target]:
        """A row of buttons by the seat that must decide (under the piles between rounds)."""
        words_ = hud.device_words(self.app.input, device) if device else {}
        widths = []
        for key, label, _fn, _c in specs:
            hint = words_.get("alt", "") if key == alt and device not in (None, MOUSE) else ""
            widths.append((button_width(label, hint), hint))
        total = sum(w for w, _ in widths) + 12 * (len(specs) - 1)
        counts = [len(g) for g in self.presenter.grids]
        row = self.layout.button_row(seat, total, counts if len(counts) == self.state.players
                                     else None)
        x = row.x
        out = []
        for (key, label, fn, colour), (w, hint) in zip(specs, widths, strict=True):
            rect = pygame.Rect(x, row.y, w, row.h)
            out.append(Target(key, rect, fn, label, "button", hint, colour))
            x += w + 12
        return out

    def _pile(self, key: str, fn: Callable[[], None]) -> Target:
        pos = self.layout.draw_pos if key == "draw" else self.layout.discard_pos
        rect = pygame.Rect(0, 0, self.layout.card_w, self.layout.card_h)
        rect.center = pos
        return Target(key, rect, fn, kind="pile")

    def _build_targets(self, seat: int | None) -> tuple[list[Target], str | None, str | None]:
        st = self.state
        if self.finished:
            end = [("btn:again", "Play again", self._play_again, theme.FUSE),
                   ("btn:menu", "Main menu", self.quit_to_menu, theme.INK_3)]
            if self.replay_path is not None:
                end.insert(1, ("btn:watch", "Watch again", self._watch_again, theme.INK_3))
            return self._buttons(end, None, None), "btn:again", None
        if st.phase is R.Phase.ROUND_OVER:
            label = "Hide scores" if self.show_scores else "Show scores"
            between = [("btn:next", f"Deal round {st.round + 1}", self.next_round, theme.FUSE),
                       ("btn:scores", label, self.toggle_scores, theme.INK_3)]
            return self._buttons(between, None, None), "btn:next", None
        if seat is None:
            return [], None, None
        legal = st.legal_actions(seat)
        device = self.device_of(seat)
        targets: list[Target] = []
        specs: list[tuple[str, str, Callable[[], None], tuple[int, int, int]]] = []
        prefer: str | None = None
        alt: str | None = None

        def act(a: R.Action) -> Callable[[], None]:
            return lambda: self.human_act(a)

        phase = st.phase
        for a in legal:
            if isinstance(a, R.FlipTop):
                targets.append(self._pile("draw", act(a)))
                specs.append(("btn:flip", "Flip the top card", act(a), theme.FUSE))
                prefer = "draw"
            elif isinstance(a, R.Draw):
                targets.append(self._pile("draw", act(a)))
                specs.append(("btn:draw", "Draw", act(a), theme.FUSE))
                prefer = "draw"
            elif isinstance(a, R.CallKaboom):
                specs.append(("btn:kaboom", "Kaboom!", act(a), theme.BLAST))
                alt = "btn:kaboom"
            elif isinstance(a, R.Pass):
                specs.append(("btn:pass", "Pass", act(a), theme.INK_3))
            elif isinstance(a, R.Discard):
                targets.append(self._pile("discard", act(a)))
                specs.append(("btn:discard", "Discard it", act(a), theme.INK_3))
            elif isinstance(a, R.UsePower):
                drawn = st.drawn
                power = drawn.power if drawn is not None else None
                label = f"Use power: {words.POWER_SHORT[power]}" if power else "Use power"
                specs.append(("btn:power", label, act(a), theme.SKY))
                alt = "btn:power"
            elif isinstance(a, R.Replace | R.PeekOwn | R.Give):
                targets.append(self._card_target(R.Pos(seat, a.slot), act(a)))
            elif isinstance(a, R.PeekOther | R.SlapFlip):
                targets.append(self._card_target(a.pos, act(a)))
            elif isinstance(a, R.SkipGive):
                specs.append(("btn:keep", "Keep my cards", act(a), theme.INK_3))
                alt = "btn:keep"
            elif isinstance(a, R.SlapStop):
                slap = st.slap
                label = "Stop" if slap is not None and slap.flips else \
                    "Don't flip (1 penalty card)"
                specs.append(("btn:stop", label, act(a), theme.INK_3))
                alt = "btn:stop"
            elif isinstance(a, R.KingDecide):
                if a.swap:
                    specs.insert(0, ("btn:swap", "Swap them", act(a), theme.FUSE))
                else:
                    specs.append(("btn:noswap", "Don't swap", act(a), theme.INK_3))
                    alt = "btn:noswap"
                    prefer = prefer or "btn:noswap"
        if phase is R.Phase.POWER and st.power in (R.Power.BLIND_SWAP, R.Power.VISIBLE_SWAP):
            targets = self._pair_targets(seat, legal)
            if self.selection is not None:
                specs.append(("btn:cancel", "Choose again", self.cancel_selection, theme.INK_3))
        cards = [t for t in targets if t.kind == "card"]
        if prefer is None and cards:
            own = [t for t in cards if t.key.startswith(f"card:{seat}:")]
            prefer = (own or cards)[0].key
        buttons = self._buttons(specs, device, alt, seat)
        return targets + buttons, prefer or (buttons[0].key if buttons else None), alt

    def _pair_targets(self, seat: int, legal: list[R.Action]) -> list[Target]:
        """Blind swap or King: pick one card, then a second that makes a legal pair."""
        pairs = [(a.a, a.b) for a in legal if isinstance(a, R.BlindSwap | R.KingLook)]
        make = R.BlindSwap if self.state.power is R.Power.BLIND_SWAP else R.KingLook
        if self.selection is not None and not any(self.selection in p for p in pairs):
            self.selection = None  # a slap took the chosen card away
        first = self.selection
        out: list[Target] = []
        if first is None:
            places = sorted({p for pair in pairs for p in pair})
            for pos in places:
                out.append(self._card_target(pos, partial(self.select, pos)))
        else:
            others = sorted({b if a == first else a for a, b in pairs if first in (a, b)})
            for pos in others:
                a, b = (first, pos) if (first, pos) in pairs else (pos, first)
                out.append(self._card_target(pos, partial(self.human_act, make(seat, a, b))))
        return out

    def select(self, pos: R.Pos) -> None:
        self.selection = pos
        self._targets_key = None
        self.play("ui_click")

    def cancel_selection(self) -> None:
        self.selection = None
        self._targets_key = None

    def toggle_scores(self) -> None:
        self.show_scores = not self.show_scores
        self._targets_key = None
        self.play("ui_click")

    def human_act(self, action: R.Action) -> None:
        """A human chose `action` (from a target). Draws wait for the slap window."""
        st = self.state
        if isinstance(action, R.Draw | R.FlipTop) and not self.window_wait_over(for_ai=False):
            self.queued = (st.move, action)
            self.play("ui_click")
            return
        if self._apply(action):
            self.play("ui_click")
        else:
            self.play("ui_error")

    def slap(self, seat: int) -> bool:
        """A human slapped the pile: the first input wins; a slap at nothing does nothing."""
        st = self.state
        attempt = R.Slap(seat, round(self.window_open_for(), 3))
        why = st.why_illegal(attempt)
        if why is not None:
            if st.slap is None or st.slap.player != seat:
                msg = ("You called Kaboom!: no more slaps" if seat == st.kaboomer
                       else "Nothing to slap")
                self.presenter.effects.float_text(msg, self.layout.note_point(seat),
                                                  theme.MUTED, 16)
                self.play("ui_error", self.layout.spots[seat].cx, 0.6)
            return False
        self.queued = None
        return self._apply(attempt)

    def _watch_again(self) -> None:
        """Play the finished match's replay back on this table (Back returns here)."""
        from game.app.menus.replays import open_replay

        if self.replay_path is not None:
            open_replay(self.app, self.replay_path)

    def _play_again(self) -> None:
        from game.core.rng import new_seed

        setup = MatchSetup(self.setup.game_id, [type(s)(**s.to_dict()) for s in self.seats],
                           dict(self.setup.options), new_seed())
        self.app.replace(CaboScene(self.app, setup), 0.35)

    # ------------------------------------------------------------------ input

    def _point(self, pos: tuple[int, int]) -> bool:
        """The pointer moved: hover the target under it (a soft tick entering a button)."""
        seats = self.seats_for(MOUSE)
        if len(self.humans()) == 1:
            self.last_device = MOUSE
        t = self.cursor.hit(pos) if seats and self._may_point(seats[0]) else None
        key = t.key if t is not None else None
        if key != self.cursor.hover_key and t is not None and t.kind == "button":
            self.play("ui_hover", pos[0], 0.4)
        self.cursor.hover_key = key
        return bool(seats)

    def _may_point(self, seat: int) -> bool:
        """May this seat use the targets now (its decision, or a between-rounds button)?"""
        if self.finished or self.state.phase is R.Phase.ROUND_OVER:
            return self.curtain is None and not self.presenter.busy
        return self.decider() == seat

    def game_action(self, action: ActionEvent) -> bool:
        if action.action == POINT and action.device == MOUSE and action.pos is not None:
            return self._point(action.pos)
        if not action.pressed:
            return False
        seats = self.seats_for(action.device)
        if not seats:
            return False
        seat = seats[0]
        self.last_device = action.device
        a = action.action
        if action.device == MOUSE:
            if a == "primary" and action.pos is not None:
                return self._click(seat, action.pos)
            if a == "secondary":
                return self._back(seat)
            return False
        if a == "primary":
            self.slap(seat)
            return True
        hold = self.presenter.hold
        if hold is not None and hold.seat == seat and a == "confirm":
            self.presenter.release(seat)
            return True
        if a == "back":
            return self._back(seat)
        if not self._may_point(seat):
            return False
        if a in DIRS:
            if self.cursor.move(a):
                self.play("ui_hover", volume=0.4)
            return True
        if a == "confirm":
            t = self.cursor.focused()
            if t is not None:
                t.on_activate()
            return True
        if a == "secondary" and self.alt_key is not None:
            t = self.cursor.get(self.alt_key)
            if t is not None:
                t.on_activate()
            return True
        return False

    def _back(self, seat: int) -> bool:
        if self.selection is not None and self.decider() == seat:
            self.cancel_selection()
            return True
        self.toggle_scores()
        return True

    def _click(self, seat: int, pos: tuple[int, int]) -> bool:
        if SCORES_RECT.collidepoint(pos):
            self.toggle_scores()
            return True
        hold = self.presenter.hold
        if hold is not None and hold.seat == seat:
            self.presenter.release(seat)
            return True
        pile = pygame.Rect(0, 0, self.layout.card_w + 16, self.layout.card_h + 16)
        pile.center = self.layout.discard_pos
        st = self.state
        if pile.collidepoint(pos) and st.window and st.slap is None:
            return self.slap(seat)
        if self._may_point(seat):
            t = self.cursor.hit(pos)
            if t is not None:
                self.cursor.focus_key = t.key
                t.on_activate()
                return True
        return False

    # ------------------------------------------------------------------ saves

    def save_state(self) -> dict[str, Any] | None:
        return {"version": SAVE_VERSION, "rules": self.state.to_dict()}

    def save_summary(self) -> str:
        st = self.state
        totals = ", ".join(f"{n} {t}" for n, t in zip(self.names, st.totals, strict=True))
        return f"Round {st.round} of {self.rounds}: {totals}"

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        t = self.clock
        surface.blit(felt_table(SCREEN, (TABLE.x, TABLE.y, TABLE.w, TABLE.h)), (0, 0))
        self._draw_plates(surface, t)
        off = self.presenter.effects.offset()
        self._draw_window_ring(surface, t)
        self.presenter.draw(surface, off, t)
        self._draw_targets(surface, t)
        self.presenter.effects.draw(surface, off)
        self._draw_banner(surface)
        self._draw_private_tag(surface)
        self._draw_sidebar(surface)
        self._draw_prompt(surface)
        if self.show_scores:
            self._draw_sheet(surface)
        self._draw_buttons(surface, t)

    def _draw_plates(self, surface: pygame.Surface, t: float) -> None:
        pr = self.presenter
        totals = pr.totals
        info = pr.reveal
        for seat in range(self.state.players):
            rect = self.layout.plate_rect(seat)
            s = self.seats[seat]
            sub = f"AI - {s.difficulty}" if s.is_ai else device_label(s.device)
            result, result_colour = "", theme.CREAM
            if info is not None:
                result, result_colour = hud.result_line(
                    info.card_totals[seat], info.scores[seat], info.kaboomer == seat,
                    seat in info.winners)
            img = hud.plate_surface(self.names[seat], sub, self.colours[seat], self.shapes[seat],
                                    totals[seat], rect.w, rect.h, pr.kaboomer == seat, s.is_ai,
                                    result, result_colour)
            surface.blit(img, (rect.x - 10, rect.y - 10))
            if pr.turn == seat:
                hud.draw_turn_glow(surface, rect, self.colours[seat], t, self.app.reduced_motion)
            elif info is not None and seat in info.winners:
                pygame.draw.rect(surface, theme.MINT, rect.inflate(6, 6), 3, border_radius=14)

    def _draw_window_ring(self, surface: pygame.Surface, t: float) -> None:
        st = self.state
        if not (st.window and st.slap is None and self.landed_window == st.window_id):
            return
        x, y = self.layout.discard_pos
        r = pygame.Rect(0, 0, self.layout.card_w + 26, self.layout.card_h + 26)
        r.center = (round(x), round(y))
        left = 1 - min(1.0, self.window_open_for() / max(0.01, self.ai_wait()))
        colour = theme.SPARK if left > 0 else lerp_colour(theme.SPARK, theme.FELT, 0.5)
        pygame.draw.rect(surface, lerp_colour(theme.FELT_DARK, colour, 0.35), r, 2,
                         border_radius=12)
        if left > 0:
            # a bar under the pile that runs out when the AIs may draw
            bar = pygame.Rect(r.x, r.bottom + 4, round(r.w * left), 5)
            pygame.draw.rect(surface, colour, bar, border_radius=3)
        if self.humans():
            text.blit(surface, "SLAP!", 13, colour, (r.centerx, r.y - 4), "midbottom", bold=True,
                      shadow=True)

    def _draw_targets(self, surface: pygame.Surface, t: float) -> None:
        if self.curtain is not None:
            return
        seat = self.decider()
        if seat is None:
            return
        colour = self.colours[seat]
        device = self.device_of(seat)
        show_cursor = device != MOUSE if len(self.humans()) > 1 else \
            self.last_device != MOUSE
        for tg in self.cursor.targets:
            if tg.kind == "button":
                continue
            r = tg.rect.inflate(8, 8)
            hover = tg.key == self.cursor.hover_key and not show_cursor
            width = 3 if hover else 2
            col = theme.SPARK if hover else lerp_colour(colour, theme.CREAM, 0.2)
            pygame.draw.rect(surface, col, r, width, border_radius=9)
        if self.selection is not None:
            s = self.presenter.sprite_at(self.selection)
            if s is not None:
                r = s.rect().inflate(14, 14)
                pygame.draw.rect(surface, theme.SPARK, r, 4, border_radius=10)
                text.blit(surface, "1st", 12, theme.INK, (r.right - 4, r.y + 2), "topright",
                          bold=True)
        focus = self.cursor.focused()
        if show_cursor and focus is not None and focus.kind != "button":
            k = 0.5 if self.app.reduced_motion else (1 + math.sin(t * 6)) / 2
            r = focus.rect.inflate(14 + round(4 * k), 14 + round(4 * k))
            pygame.draw.rect(surface, theme.SPARK, r, 4, border_radius=12)

    def _draw_buttons(self, surface: pygame.Surface, t: float) -> None:
        if self.curtain is not None:
            return
        buttons = [b for b in self.cursor.targets if b.kind == "button"]
        if not buttons:
            return
        seat = self.decider()
        between = self.finished or self.state.phase is R.Phase.ROUND_OVER
        if seat is None and not (between and not self.presenter.busy):
            return
        mouse = (self.last_device == MOUSE if seat is None or
                 len(self.humans()) == 1 else self.device_of(seat) == MOUSE)
        if between and self.show_scores and self._sheet is not None:
            rect = self._sheet.get_rect(center=(CENTRE[0], CENTRE[1] - 20))
            for b in buttons:
                b.rect.y = min(rect.bottom + 4, TABLE.bottom - 50)
        for b in buttons:
            draw_button(surface, b, hover=b.key == self.cursor.hover_key and mouse,
                        focus=b.key == self.cursor.focus_key and not mouse, pulse=t)

    def _draw_private_tag(self, surface: pygame.Surface) -> None:
        """In couch play, while a private card is face up: whose eyes only."""
        v = self.presenter.viewer
        if v is None or not self.couch() or not any(
                s.secret and s.showing_face for s in self.presenter.sprites()):
            return
        img = hud.private_tag(self.voice.eyes_only(v), self.colours[v])
        surface.blit(img, img.get_rect(bottomleft=(TABLE.x + 30, TABLE.bottom - 24)))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        banner = self.presenter.banner
        if banner is None:
            return
        msg, colour, _ = banner
        img = hud.banner_surface(msg, colour)
        x = self.layout.discard_pos[0] + self.layout.card_w // 2 + 24
        surface.blit(img, img.get_rect(midleft=(x, CENTRE[1])))

    def _draw_sidebar(self, surface: pygame.Surface) -> None:
        status = f"Round {self.presenter.round} of {self.rounds}"
        surface.blit(hud.sidebar_frame("Kaboom! cards", status, text.scale()), SIDEBAR.topleft)
        legend = self._legend()
        lh = legend.get_height()
        log_rect = pygame.Rect(SIDEBAR.x, SIDEBAR.y + 58, SIDEBAR.w, SIDEBAR.h - 66 - lh)
        self.presenter.log.draw(surface, log_rect, 14)
        surface.blit(legend, (SIDEBAR.x, SIDEBAR.bottom - lh))
        r = pygame.Rect(0, 0, 74, 24)
        r.topright = (log_rect.right - 10, log_rect.y + 5)
        pygame.draw.rect(surface, theme.INK_3 if not self.show_scores else theme.SPARK, r,
                         border_radius=12)
        text.blit(surface, "Scores", 13, theme.CREAM if not self.show_scores else theme.INK,
                  r.center, "center", bold=True)
        SCORES_RECT.update(r)

    def _legend(self) -> pygame.Surface:
        lines = []
        for seat in self.humans():
            w = hud.device_words(self.app.input, self.device_of(seat))
            lines.append((self.shapes[seat], self.colours[seat], self.names[seat], w["slap"]))
        if not lines:
            click = self.app.input.word_for(MOUSE, "confirm")
            return hud.legend_surface((), f"AI-only table: watch them play. Scores: {click}.",
                                      70)
        first = self.device_of(self.humans()[0])
        w = hud.device_words(self.app.input, first)
        footer = (f"Scores: {w['choose']} Scores" if first == MOUSE
                  else f"Score sheet: {w['back']}")
        return hud.legend_surface(tuple(lines), footer, 54 + 21 * len(lines))

    def prompt(self) -> tuple[int | None, str]:
        """Who must act and exactly what to press (the bar at the bottom)."""
        st = self.state
        pr = self.presenter
        if self.curtain is not None:
            return None, ""
        hold = pr.hold
        if hold is not None:
            w = hud.device_words(self.app.input, self.device_of(hold.seat))
            what = ("memorise your two bottom cards" if hold.kind == "start"
                    else "remember the card you looked at")
            device = self.last_device if len(self.humans()) == 1 else self.device_of(hold.seat)
            done = press(hud.device_words(self.app.input, device), device, "choose")
            return hold.seat, f"{what}, then {done}."
        if self.finished:
            won = self.voice.winners(st.winners(), "past")
            return None, f"Game over: {won} with {min(st.totals)} points. " \
                         "Play again, or back to the menu."
        if st.phase is R.Phase.ROUND_OVER:
            if pr.busy:
                return None, "The cards are turned over..."
            if not self.humans():
                return None, f"Round {st.round} scored. The next deal comes in a moment."
            w = hud.device_words(self.app.input, self.device_of(self.humans()[0]))
            return None, (f"Round {st.round} scored ('eyes' under a card: who had seen it). "
                          f"{w['choose'].capitalize()} to deal the next round.")
        if pr.busy:
            return None, self._slap_hint() or self._news()
        cur = st.current_player()
        if cur == R.TABLE:
            return None, "Last chance to slap before the cards are turned over!"
        if not self.is_human(cur):
            hint = self._slap_hint()
            is_ = self.voice.verb(cur, "is", "are")
            doing = {R.Phase.FLIP: f"{is_} about to flip the top card",
                     R.Phase.TURN: f"{is_} thinking",
                     R.Phase.DRAWN: self.voice.verb(cur, "looks", "look") + " at the drawn card",
                     R.Phase.POWER: f"{is_} choosing", R.Phase.KING_DECIDE: f"{is_} deciding",
                     R.Phase.SLAP: f"{is_} choosing a card to flip",
                     R.Phase.GIVE: "may give a card away"}.get(st.phase, f"{is_} thinking")
            return cur, f"{doing}...{'   ' + hint if hint else ''}"
        return cur, self._human_prompt(cur)

    def prompt_label(self, seat: int | None) -> str:
        """What the bar shows before the prompt: 'Ben' (about to act), 'Alex,' (spoken to),
        or nothing when the seat is 'you' (the prompt then starts the sentence)."""
        if seat is None:
            return ""
        if self.voice.is_you(seat):
            return "You" if not self.is_human(seat) else ""
        return self.names[seat] if not self.is_human(seat) else f"{self.names[seat]},"

    def prompt_line(self) -> str:
        """The bar's whole sentence (label and prompt), as a player reads it."""
        seat, message = self.prompt()
        label = self.prompt_label(seat)
        return f"{label} {message}" if label else words.capitalise(message)

    def _news(self) -> str:
        """While the table animates: the latest move, as the log tells it."""
        lines = self.presenter.log.lines
        return lines[-1].text if lines else " "

    def _slap_hint(self) -> str:
        st = self.state
        if not (st.window and st.slap is None and st.top is not None and self.humans()):
            return ""
        if self.landed_window != st.window_id:
            return ""
        slappers = [s for s in self.humans() if s != st.kaboomer]
        if not slappers:
            return ""
        if len(self.humans()) == 1:
            w = hud.device_words(self.app.input, self.last_device)
            how = press(w, self.last_device, "slap")
            return f"Know {words.a_or_an(st.top.rank_name)}? Slap it: {how}."
        who = [f"{self.names[s]} {hud.device_words(self.app.input, self.device_of(s))['slap']}"
               for s in slappers]
        return f"Know {words.a_or_an(st.top.rank_name)}? Slap: " + ", ".join(who) + "."

    def _human_prompt(self, seat: int) -> str:
        st = self.state
        w = hud.device_words(self.app.input, self.device_of(seat))
        lone = len(self.humans()) == 1
        device = self.last_device if lone else self.device_of(seat)
        mouse = device == MOUSE
        w = hud.device_words(self.app.input, device)
        choose = w["choose"]
        pick = f"{w['choose']} one" if mouse else f"{w['move']} and {w['choose']}"
        phase = st.phase
        if self.queued is not None:
            return "waiting a moment for slaps on the last discard..."
        if phase is R.Phase.FLIP:
            return f"flip the top card of the draw pile ({choose} on the pile)."
        if phase is R.Phase.TURN:
            kaboom = "." if st.kaboomer is not None else \
                (" or call Kaboom!" if mouse else f" or call Kaboom! ({w['alt']}).")
            hint = self._slap_hint()
            return f"your turn: draw a card ({choose} on the draw pile){kaboom}" + \
                (f"  {hint}" if hint else "")
        if phase is R.Phase.DRAWN:
            drawn = st.drawn if self.presenter.viewer == seat else None
            what = f"you drew {drawn.name}" if drawn is not None else "you drew a card"
            power = drawn.power if drawn is not None else None
            extra = f", use its power ({words.POWER_SHORT[power]})" if power and any(
                isinstance(a, R.UsePower) for a in st.legal_actions(seat)) else ""
            return f"{what}. Swap it for one of your cards ({pick}){extra}, or discard it."
        if phase is R.Phase.POWER:
            power = st.power
            if power is R.Power.PEEK_OWN:
                return f"choose one of your cards to look at ({pick})."
            if power is R.Power.PEEK_OTHER:
                return f"choose another player's card to look at ({pick})."
            verb = "swap blind" if power is R.Power.BLIND_SWAP else "look at (King)"
            if self.selection is None:
                return f"choose the first of two cards to {verb} ({pick})."
            return f"now the second card to {verb} ({w['back']} to choose again)."
        if phase is R.Phase.KING_DECIDE:
            return "swap the two cards you looked at, or leave them? Everyone will hear."
        if phase is R.Phase.SLAP:
            slap = st.slap
            rank = slap.card.rank_name if slap is not None else "card"
            if slap is not None and slap.flips:
                return f"a match! Flip another {rank} from any grid, or stop ({pick})."
            return (f"you won the slap on the {rank}! Flip a matching card from any grid "
                    f"({pick}), or don't flip and take 1 penalty card.")
        if phase is R.Phase.GIVE:
            slap = st.slap
            to = slap.give_to if slap is not None else None
            other = self.voice.obj(to.player) if to is not None else "them"
            return f"give one of your cards, unseen, to {other} ({pick}), or keep them."
        return "..."

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        seat, message = self.prompt()
        label = self.prompt_label(seat)
        if seat is not None and label:
            img = hud.prompt_surface(label, self.colours[seat], self.shapes[seat], message)
        elif seat is not None:
            img = hud.prompt_surface("", self.colours[seat], self.shapes[seat],
                                     words.capitalise(message))
        else:
            img = hud.prompt_surface("", theme.SPARK, "circle", message)
        surface.blit(img, BAR.topleft)

    def _draw_sheet(self, surface: pygame.Surface) -> None:
        st = self.state
        key = (self.presenter.scored_rounds, self.finished, text.scale())
        if key != self._sheet_key:
            self._sheet_key = key
            ended = [e for e in st.events if isinstance(e, R.RoundEnded)]
            ended = ended[:self.presenter.scored_rounds]
            totals = [sum(e.scores[p] for e in ended) for p in range(st.players)]
            rows = hud.sheet_rows(self.names, self.colours, self.shapes, ended, totals,
                                  self.finished)
            if self.finished:
                title = f"Final scores: {self.voice.winners(st.winners())}!"
            else:
                title = f"Score sheet after round {len(ended)}"
            footer = ("Green: closest to zero.  Blue / red: a Kaboom! call made / missed.  "
                      "Small: running total.  Lowest total wins.")
            self._sheet = score_sheet(rows, self.rounds, title, len(ended) - 1, 780, footer)
        assert self._sheet is not None
        # dim the table by multiplying (cheaper than blending a table-sized alpha layer)
        surface.fill((96, 98, 112), TABLE, special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(self._sheet, self._sheet.get_rect(center=(CENTRE[0], CENTRE[1] - 20)))
