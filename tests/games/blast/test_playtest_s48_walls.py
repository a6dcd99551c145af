"""Strangers' 1024x576 playtest (session 48): a long duel's dozen walls were drawn squashed over
one another. Past a readable width a seat's walls of one kind gather into one stack with a "×N"
badge; a click on the stack targets a wall of that kind."""

from __future__ import annotations

from typing import Any

import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.controls import one_per_stack
from game.games.blast.demos import _give
from game.games.blast.layout import TableLayout
from game.games.blast.rules import MatchState, Options
from game.games.blast.rules.base import sort_walls
from game.games.blast.view import stack_badge_text
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table

KINDS = D.WALLS


def _row(count: int, mix: int) -> list[str]:
    """`count` walls over the first `mix` kinds, weakest first (as a seat keeps them)."""
    return sort_walls(KINDS[i % mix] for i in range(count))


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("extra", [0, 1])
def test_any_count_of_walls_stands_apart_and_readable(players: int, extra: int) -> None:
    lay = TableLayout(players, 0)
    for seat in range(players):
        for count in range(1, 32):
            for mix in (1, 2, 3, 5):
                walls = _row(count, mix)
                slots = lay.wall_slots(seat, count, extra, walls)
                rects = [s.rect for s in slots]
                for i, a in enumerate(rects):
                    assert a.collidelist(rects[i + 1:]) < 0, (players, seat, count, mix)
                    assert slots[i].card.w >= 22, (players, count, mix, slots[i].card)
                assert sum(s.count for s in slots) == count
                for s in slots:  # a stack stands for walls of one kind, as many as its badge says
                    assert len(set(walls[s.first:s.first + s.count])) == 1
                    if s.count > 1:
                        assert stack_badge_text(s) == f"\u00d7{s.count}"
                kinds = set(walls)
                assert sum(1 for s in slots if s.count > 1) <= len(kinds)
                if extra:
                    assert rects[-1].right <= lay.token_rects(seat, extra)[0].x
                # every wall stands at its slot (a crumble or a landing goes to/from the stack)
                each = lay.wall_rects(seat, count, extra, walls)
                assert len(each) == count
                assert all(each[i] == s.rect for s in slots
                           for i in range(s.first, s.first + s.count))


def test_walls_that_fit_stay_single_cards() -> None:
    lay = TableLayout(2, 0)
    walls = _row(6, 2)
    slots = lay.wall_slots(0, 6, 0, walls)
    assert [s.count for s in slots] == [1] * 6
    assert slots[0].card.w == 40
    assert [s.count for s in lay.wall_slots(0, 12, 0, _row(12, 3))] != [1] * 12


def test_a_click_on_a_stack_targets_a_wall_of_its_kind(app: Any,
                                                        driver: HeadlessDriver) -> None:
    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [D.TNT])
    foe = m.players[1]
    m.discard.extend(foe.walls)
    foe.walls = []
    want = [D.PALISADE] * 10 + [D.STONE] * 6  # 16: a duel row fits 12 side by side
    for w in want:  # the walls from wherever they lie (the 108 cards stay conserved)
        pile = next(p for p in (m.supply, m.discard, m.players[0].walls, m.removed)
                    if w in p)
        pile.remove(w)
        foe.walls.append(w)
    foe.walls = sort_walls(foe.walls)
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run_until(lambda: scene.decider() == 0, 300)
    driver.step()
    slots = scene.layout.wall_slots(1, 16, scene.view.token_count(1),
                                     scene.presenter.seats[1].walls)
    assert any(s.count > 1 for s in slots), scene.presenter.seats[1].walls
    hands = HumanHands(app, driver, scene)
    assert hands.point_at(0, f"hand:{scene.presenter.hand.index(D.TNT)}")
    driver.step()
    targets = [t for t in scene.cursor.targets if t.key.startswith("wall:1:")]
    assert len(targets) == len(slots)  # one target per place, none hidden under a stack
    stack = next(s for s in slots if s.count > 1)
    kind = scene.presenter.seats[1].walls[stack.first]
    hit = next(t for t in targets if t.rect.collidepoint(stack.card.center))
    assert scene.presenter.seats[1].walls[int(hit.key.split(":")[2])] == kind
    hands.click(stack.card.center)
    driver.run_until(lambda: bool(scene.state.chain), 300)
    assert scene.state.chain[-1].card == D.TNT
    assert scene.state.chain[-1].walls == (kind,)  # the TNT is aimed at a wall of the stack's kind


def test_one_target_per_stack_place() -> None:
    import pygame

    from game.tabletop.targets import Target

    r = pygame.Rect(0, 0, 30, 40)
    ts = [Target("wall:1:0", r.copy(), lambda: None), Target("wall:1:1", r.copy(), lambda: None),
          Target("wall:1:2", r.move(40, 0), lambda: None)]
    assert [t.key for t in one_per_stack(ts)] == ["wall:1:0", "wall:1:2"]
