"""Session 41's small things: the replay bar's round agrees with the header's."""

from __future__ import annotations

from typing import Any

from game.games.blast.view import round_status
from game.games.blast.watch import BlastWatchScene
from tests.games.blast.test_watch import _simulated


def test_the_replay_bar_says_the_round_the_header_says(app: Any) -> None:
    """The bar said "round 3" while the header said "Round 2": the rules run ahead of the
    table's animation, and the bar read the rules."""
    scene = BlastWatchScene(app, _simulated())
    for _ in range(6000):
        scene.update(1.0 / 30.0)
        if scene.state.round != scene.presenter.round or scene.finished:
            break
    assert scene.state.round != scene.presenter.round  # a moment when the two differ
    header = round_status(scene.presenter.round, scene.state.options.max_rounds)
    assert f"Round {scene.presenter.round} " in header
    assert scene.watch_status().endswith(f"round {scene.presenter.round}")


def test_twist_of_fate_cards_move_into_the_order_picked(app: Any, driver: Any) -> None:
    """The picks were numbered where they lay; they now move to the front of the row in the
    order picked, the rest after them as they lay, each clickable where it is drawn."""
    import pygame

    from game.games.blast import art
    from game.games.blast import data as D
    from game.games.blast.controls import arrange_rects
    from game.games.blast.layout import look_size
    from tests.games.blast.helpers import table
    from tests.games.blast.scene_helpers import HumanHands, open_match

    scene = open_match(app, driver, table(3, hands={0: [D.TWIST, D.ARROW]}),
                       ["mouse", "hard", "hard"])
    hands = HumanHands(app, driver, scene)
    hands.lift(0, D.TWIST)
    assert driver.run_until(lambda: scene.cursor.get("look:0") is not None, 300)
    driver.step()
    hands.point_at(0, "look:2")
    driver.step()
    looking = scene.state.looking()
    rects = arrange_rects(len(looking), scene.layout.wide)
    assert scene.cursor.get("look:0").rect == rects[1]  # moved right past the pick
    assert scene.cursor.get("look:1").rect == rects[2]
    assert scene.cursor.get("look:3").rect == rects[3]
    driver.step(draw=True)
    screen = pygame.display.get_surface()
    assert screen is not None
    w, h = look_size(scene.layout.wide)
    face = art.card_face(looking[2], w, h)
    at = face.get_rect(center=rects[0].center)  # the first pick lies first
    name_y = at.y + h // 3  # across the picture
    same = sum(screen.get_at((x, name_y))[:3] == face.get_at((x - at.x, name_y - at.y))[:3]
               for x in range(at.x + 8, at.right - 8))
    assert same < (at.w - 16) // 2  # dimmed as picked: it is not the undimmed face ...
    dimmed = face.copy()
    from game.games.blast.view import _dim
    dimmed.blit(_dim(w, h, 120), (0, 0))
    same = sum(screen.get_at((x, name_y))[:3] == dimmed.get_at((x - at.x, name_y - at.y))[:3]
               for x in range(at.x + 8, at.right - 8))
    assert same > (at.w - 16) * 3 // 4  # ... but the picked card's dimmed face, in place one
