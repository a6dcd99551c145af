"""Session 42: while a card is aimed, the bubbles stand aside and the target's name keeps off
the hand."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from tests.games.blast.scene_helpers import couch_recap


def test_the_bubbles_stand_aside_while_a_card_is_aimed(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's aiming arrow ran through "While you waited: ..." and "For Ben's eyes
    only": both hide while a card is lifted and aimed, and come back when it is put back."""
    from game.games.blast.controls import Pick

    scene = couch_recap(app, driver, "While you waited: Ben built a palisade")
    assert scene.view.eyes_only_rect() is not None and scene.view.bubble_shown()
    for stage in ("target", "walls"):  # the TNT lifted: at a player, then at their walls
        scene.table_controls.pick = Pick(stage=stage, card=D.TNT)
        assert scene.view.eyes_only_rect() is None
        assert not scene.view.bubble_shown()
    scene.table_controls.pick = Pick()  # put back: they come back
    assert scene.view.eyes_only_rect() is not None and scene.view.bubble_shown()
    app.stack.pop()
    app.stack.apply_requests()


def test_a_targets_name_never_lies_on_the_hand() -> None:
    """A stranger's "iron wall" label sat on the lifted card's title: where the name finds no
    room clear of the hand, it is not drawn (the preview names the target); a tilted card
    covers its whole turned box."""
    import pygame

    from game.games.blast.view import card_bounds, label_clear
    from game.tabletop.sprites import CardSprite

    wall = pygame.Rect(300, 400, 48, 66)
    lifted = pygame.Rect(260, 330, 130, 200)  # a large lifted card over and under the wall
    assert label_clear("iron wall", wall, [lifted]) is None
    at = label_clear("iron wall", wall, [pygame.Rect(260, 520, 116, 162)])
    assert at is not None and not at.colliderect(pygame.Rect(260, 520, 116, 162))
    card = CardSprite(400.0, 500.0, 116, 162, angle=8.0)
    box = card_bounds(card)
    assert box.w > 116 and box.h > 162 and box.center == (400, 500)
