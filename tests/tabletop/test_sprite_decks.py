"""A card game with its own artwork registers a deck; its sprites draw it."""

from __future__ import annotations

import pygame

from game.tabletop.sprites import CardSprite, register_deck


def _face(code: str, w: int, h: int, badge: str) -> pygame.Surface:
    s = pygame.Surface((w, h))
    s.fill((200, 30, 30) if code == "red" else (30, 200, 30))
    return s


def _back(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h))
    s.fill((20, 20, 200))
    return s


def test_a_registered_deck_draws_its_own_faces_and_backs() -> None:
    register_deck("test-deck", _face, _back)
    card = CardSprite(100, 100, w=40, h=60, code="red", deck="test-deck")
    back = card.image()
    centre = (back.get_width() // 2, back.get_height() // 2)
    assert back.get_at(centre)[:3] == (20, 20, 200)
    card.set_face(True)
    face = card.image()
    assert face.get_at(centre)[:3] == (200, 30, 30)
    # sprites without a deck keep drawing the playing cards
    assert CardSprite(0, 0).deck == "playing"
