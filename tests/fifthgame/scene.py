"""Dice Race's table: seat plates, the die, the pot, Roll and Bank, and the match log.

Humans act with their device (the mouse clicks Roll or Bank; keys and pads press primary to
roll, secondary to bank); computer seats act after a short pause (`speed` shortens it). Every
action is applied to the rules, recorded for the replay and told in the log; each turn's end is
autosaved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.catalogue import MatchSetup
from game.app.gamescene import GameScene
from game.app.input import MOUSE, ActionEvent
from game.core import replay
from game.ui import text, theme
from game.ui.draw import panel, seat_shape
from tests.fifthgame import rules as R
from tests.fifthgame.ai import Bot
from tests.fifthgame.art import pips
from tests.fifthgame.options import options_from
from tests.fifthgame.replay import Recorder
from tests.fifthgame.savefmt import SAVE_VERSION
from tests.fifthgame.words import prompt, told

if TYPE_CHECKING:
    from game.app.app import App

AI_PAUSE = 0.6
"""Seconds a computer seat waits before each action (divided by `speed`)."""
ROLL = pygame.Rect(440, 520, 180, 64)
BANK = pygame.Rect(660, 520, 180, 64)
LOG_LINES = 5


class DiceScene(GameScene):
    """A Dice Race match (new, or resumed from `saved`, the game's part of a save)."""

    scene_id = "dicerace"
    #: Where the last lines of the log are shown.
    log_rect = pygame.Rect(40, 600, 1200, 104)

    def __init__(self, app: App, setup: MatchSetup, saved: dict[str, Any] | None = None,
                 demo: bool = False) -> None:
        super().__init__(app, setup)
        self.demo = demo
        if saved is None:
            self.state = R.new_match(options_from(setup), setup.seed)
        else:
            self.state = R.State.from_dict(self.resumed_part(saved, SAVE_VERSION, "rules"))
            self.check_seats(self.state.players)
        self.bots = {i: Bot(i, s.difficulty, setup.seed) for i, s in enumerate(setup.seats)
                     if s.is_ai}
        self.recorder = None if demo else Recorder(setup.to_dict(), self.state)
        self.speed = 1.0
        self.wait = AI_PAUSE
        self.log: list[str] = []
        self.saved_once = False

    # ------------------------------------------------------------------ flow

    def act(self, action: R.Action) -> bool:
        """Apply a seat's action: log it, record it, autosave at a turn's end; finish the race
        when won."""
        turn = self.state.turn
        why = self.state.apply(action)
        if why is not None:
            self.app.notify(f"Not now: {why.reason}.", "info")
            return False
        result = self.state.outcomes[-1]
        self.log = [*self.log, told(self.voice, action, result)][-LOG_LINES:]
        self.app.sound.play("score" if result.banked is not None else
                            "penalty" if result.rolled == R.BUST else "ui_click")
        if self.recorder is not None:
            self.recorder.applied(self.state, action, round(self.time, 3))
        self.wait = AI_PAUSE
        if self.state.is_over:
            self.finish_race()
        elif self.state.turn != turn:  # a turn's end is the safe point (a pot is never saved)
            self.autosave()
        return True

    def finish_race(self) -> None:
        if self.recorder is not None:
            self.replay_path = replay.store(self.recorder.finish(self.state))
        self.app.sound.play("game_win")
        self.finish([float(s) for s in self.state.scores], self.state.winners())

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.saved_once:  # the match's first safe point: it has begun
            self.saved_once = True
            self.autosave()
        if self.state.is_over or self.finished:
            return
        bot = self.bots.get(self.state.turn)
        if bot is None:
            return
        self.wait -= dt * self.speed
        if self.wait <= 0:
            self.act(bot.decide(self.state))

    def game_action(self, action: ActionEvent) -> bool:
        if self.finished or self.state.turn in self.bots:
            return False
        if self.state.turn not in self.seat_of(action.device):
            return False
        kind = None
        if action.device == MOUSE and action.is_("primary") and action.pos is not None:
            kind = "roll" if ROLL.collidepoint(action.pos) else \
                "bank" if BANK.collidepoint(action.pos) else None
        elif action.is_("primary", "confirm"):
            kind = "roll"
        elif action.is_("secondary"):
            kind = "bank"
        if kind is None:
            return False
        self.act(R.Action(self.state.turn, kind))
        return True

    # ------------------------------------------------------------------ saves

    def save_state(self) -> dict[str, Any] | None:
        return {"version": SAVE_VERSION, "rules": self.state.to_dict()}

    def save_summary(self) -> str:
        return ", ".join(f"{n} {s}" for n, s in zip(self.names, self.state.scores, strict=True))

    # ------------------------------------------------------------------ drawing

    def prompt_words(self) -> str:
        seat = self.state.turn
        if seat in self.bots or self.state.is_over:
            return prompt(self.voice, self.state, "", "")
        device = self.device_of(seat)
        if device == MOUSE:
            return prompt(self.voice, self.state, "click Roll", "click Bank")
        word = self.app.input.word_for
        return prompt(self.voice, self.state, f"press {word(device, 'primary')}",
                      f"press {word(device, 'secondary')}")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT_DARK)
        text.blit(surface, f"Dice Race: first to {self.state.options.target}", 30, theme.CREAM,
                  (40, 24), bold=True)
        n = self.state.players
        width = (1200 - 20 * (n - 1)) // n
        name_h, label_h = text.line_height(24, bold=True), text.line_height(16)
        height = 12 + name_h + label_h + text.line_height(36, bold=True) + 8
        for seat in range(n):
            rect = pygame.Rect(40 + seat * (width + 20), 84, width, height)
            turn = seat == self.state.turn and not self.state.is_over
            panel(surface, rect, theme.INK_2,
                  border=theme.SPARK if turn else theme.LINE)
            seat_shape(surface, self.shapes[seat], (rect.x + 30, rect.y + 34), 14,
                       self.colours[seat])
            name = text.ellipsize(self.names[seat], 24, width - 70, bold=True)
            text.blit(surface, name, 24, theme.CREAM, (rect.x + 54, rect.y + 12), bold=True)
            label = text.ellipsize(self.seat_label(seat), 16, width - 70)
            text.blit(surface, label, 16, theme.MUTED, (rect.x + 54, rect.y + 12 + name_h))
            text.blit(surface, str(self.state.scores[seat]), 36, theme.CREAM,
                      (rect.x + 24, rect.y + 12 + name_h + label_h), bold=True)
        die = pygame.Rect(560, 260, 160, 160)
        panel(surface, die, theme.CREAM, radius=24, border=theme.LINE)
        if self.state.last is not None:
            pips(surface, die, self.state.last)
        text.blit(surface, f"Pot: {self.state.pot}", 28, theme.SPARK, (760, 340), "midleft",
                  bold=True)
        for rect, label in ((ROLL, "Roll"), (BANK, "Bank")):
            live = not self.state.is_over and (label == "Roll" or self.state.pot > 0)
            panel(surface, rect, theme.FUSE if live else theme.LINE, radius=12, shadow=4)
            text.blit(surface, label, 26, theme.CREAM, rect.center, "center", bold=True)
        words = text.ellipsize(self.prompt_words(), 22, 1180)
        text.blit(surface, words, 22, theme.CREAM, (640, 470), "center")
        log = self.log_rect
        panel(surface, log, theme.INK, radius=10, shadow=0, alpha=200)
        for i, line in enumerate(self.log[-max(1, (log.height - 10) // 28):]):
            text.blit(surface, text.ellipsize(line, 18, 1170), 18, theme.MUTED,
                      (log.x + 14, log.y + 10 + i * 28))
