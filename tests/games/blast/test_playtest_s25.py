"""What the fifth playtest (a stranger, 7/10) found, each fixed: a Mad Chemist that landed over
the walls, a nine-card duel hand that clipped its titles, clicks dropped while the table moved
and a couch bar that told everyone what a hand held (`test_playtest_s24` keeps that one)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options, Play
from tests.games.blast.scene_helpers import make_setup, open_table


def test_a_played_character_lands_on_its_own_place_not_over_the_walls(
        app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(4, first=0), 7)
    _give(m, 0, [D.CHEMIST])
    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    driver.run(30)
    scene.human_act(Play(0, D.CHEMIST))
    last = None
    for _ in range(120):
        driver.step()
        flying = [s for s in scene.presenter.flying if s.code == D.CHEMIST]
        if flying:
            last = flying[0].rect()
        elif last is not None:
            break
    assert last is not None
    driver.run_until(lambda: D.CHEMIST in scene.presenter.seats[0].characters, 60)
    tokens = scene.token_rects(0)
    assert D.CHEMIST in scene.presenter.seats[0].characters
    near = abs(last.centerx - tokens[-1].centerx) + abs(last.centery - tokens[-1].centery)
    assert near <= 8, (last, tokens)  # its last frame in flight: on its token's place
    assert not any(last.colliderect(w) for w in scene.wall_rects(0)), last
