"""A person's win at a card table, one moment for every card game: the winner's word over the
felt ("YOU WIN!", "BEN WINS!"), sparks, the win sound, and confetti falling from the top for
the first seconds (none under reduced motion). A win by AIs alone gets the sparks and sound,
not the word or the rain."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial

import pygame

from game.core.rng import derive_rng, derive_seed
from game.core.voice import Voice
from game.tabletop.effects import Effects
from game.ui import theme
from game.ui.particles import Particles

CELEBRATE_S = 3.5
"""Seconds confetti falls after a person at the screen wins."""
COLOURS = (theme.SPARK, theme.FUSE, theme.MINT, theme.SKY, theme.BLAST)


def win_word(voice: Voice, people: Sequence[int]) -> str | None:
    """The word a person's win gets ("YOU WIN!" to the one spoken to), or None."""
    if not people:
        return None
    first = people[0]
    return "YOU WIN!" if voice.is_you(first) else f"{voice.name(first).upper()} WINS!"


class Celebration:
    """The confetti and the moment it started; a table's presenter owns one, updates it each
    frame and draws it over what the end of the match shows."""

    def __init__(self, seed: int, reduced_motion: bool, width: int = 1000) -> None:
        self.confetti = Particles(240, seed=derive_seed(seed, "fx", 1))
        self.confetti.enabled = not reduced_motion  # reduced motion: no rain of confetti
        self.since: float | None = None
        """Seconds since a person at the screen won (None: no person's win to celebrate)."""
        self._rain = derive_rng(seed, "confetti", 0)
        self._width = width

    def begin(self, effects: Effects, later: Callable[[float, Callable[[], None]], None],
              word: str | None, centre: tuple[float, float], width: int = 420) -> None:
        """The match is won: `word` (a person's win, see `win_word`) bursts at `centre` and the
        confetti starts; sparks either way."""
        if word is not None:
            self.since = 0.0
            effects.burst(word, centre, width, theme.MINT, theme.SPARK, 1.6)
        for k in range(5):
            later(k * 0.25, partial(effects.sparks, (220 + k * 140, 200 + (k % 2) * 80),
                                    COLOURS[k], 40, 420))

    def update(self, dt: float) -> None:
        self.confetti.update(dt)
        if self.since is None:
            return
        self.since += dt
        if self.since < CELEBRATE_S and self.confetti.enabled:
            rng = self._rain
            for _ in range(2):
                self.confetti.emit(rng.uniform(40, self._width - 40), -10, 2,
                                   rng.choice(COLOURS), speed=120, angle=math.pi / 2,
                                   spread=1.2, life=2.4, size=4, gravity=180, drag=0.6)

    def draw(self, surface: pygame.Surface) -> None:
        self.confetti.draw(surface)
