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


def test_reduced_motion_cards_glide_straight_and_untilted() -> None:
    """Strangers with reduced motion on still saw cards tumble and rotate as they were dealt:
    calm cards never arc or tilt."""
    from game.tabletop import sprites
    from game.tabletop.sprites import CardSprite

    pygame.init()
    for calm in (False, True):
        sprites.set_calm(calm)
        card = CardSprite(100.0, 300.0, angle=30.0)
        card.move_to((300.0, 300.0), 1.0, arc=80.0)
        card.update(0.5)
        tilted = card.image().get_size() != CardSprite(0.0, 0.0).image().get_size()
        assert (card.y < 299.0) == (not calm)  # the arc lifts it mid-way, unless calm
        assert tilted == (not calm)
    sprites.set_calm(False)
