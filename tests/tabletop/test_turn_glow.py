"""The turn glow both card tables draw round the seat whose turn it is: it pulses, holds
still under reduced motion, and points at the plate when asked."""

from __future__ import annotations

import pygame

from game.tabletop.table import draw_turn_glow


def _frame(t: float, reduced: bool, pointer: bool = False) -> bytes:
    s = pygame.Surface((200, 120))
    draw_turn_glow(s, pygame.Rect(60, 40, 100, 40), (200, 60, 60), t, reduced, pointer=pointer)
    return pygame.image.tobytes(s, "RGB")


def test_the_glow_pulses_and_holds_still_under_reduced_motion() -> None:
    assert _frame(0.0, False) != _frame(0.3, False)
    assert _frame(0.0, True) == _frame(0.3, True)


def test_the_pointer_sits_left_of_the_plate() -> None:
    s = pygame.Surface((200, 120))
    draw_turn_glow(s, pygame.Rect(60, 40, 100, 40), (200, 60, 60), 0.0, True, pointer=True)
    assert s.get_at((45, 60))[:3] != (0, 0, 0)  # the arrow's body, left of the glow
    assert _frame(0.0, True) != _frame(0.0, True, pointer=True)
