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


def test_twist_of_fate_cards_stay_where_they_lay_and_are_never_greyed(app: Any,
                                                                      driver: Any) -> None:
    """Session 43: the picks slid to the front of the row, so a stranger's next click landed on
    a card already placed and did nothing, and once all four were placed every card was grey
    and looked disabled. Each card now stays under the pointer while picking (its number says
    its place) and a placed card keeps its face, undimmed."""
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
    for i in (0, 1, 3):  # the rest stay where they lay
        t = scene.cursor.get(f"look:{i}")
        assert t is not None and t.rect == rects[i], i
    hands.point_at(0, "look:0")  # the next click lands on the card under the pointer
    driver.step()
    assert scene.table_controls.pick.picked == [2, 0]
    driver.step(draw=True)
    screen = pygame.display.get_surface()
    assert screen is not None
    w, h = look_size(scene.layout.wide)
    for i in (2, 0):  # placed, in place and undimmed
        face = art.card_face(looking[i], w, h)
        at = face.get_rect(center=rects[i].center)
        y = at.y + h // 3  # across the picture
        same = sum(screen.get_at((x, y))[:3] == face.get_at((x - at.x, y - at.y))[:3]
                   for x in range(at.x + 8, at.right - 8))
        assert same > (at.w - 16) * 3 // 4, i
