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


def _duel_hand(app: Any, driver: HeadlessDriver, size: int) -> Any:
    m = MatchState(Options(2, first=0), 7)
    hand = m.players[0].hand
    while len(hand) < size:
        hand.append(m.supply.pop())
    m.supply.extend(hand[size:])
    del hand[size:]
    assert m.conserved()
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(20)
    return scene


def test_a_long_duel_hand_takes_smaller_cards_so_no_title_is_hidden(
        app: Any, driver: HeadlessDriver) -> None:
    """A nine-card duel hand of large cards hid 18 px of each card ("Flaming Arro"): the hand
    takes the next smaller card size whenever its cards would hide more than a sliver."""
    from game.games.blast.layout import DUEL_HAND_W, HAND_OVERLAP

    for size in (7, 9, 11):
        scene = _duel_hand(app, driver, size)
        lay = scene.layout
        slots = scene.table_controls.fan_slots()
        assert len(slots) == size and all(s.w == lay.hand_w for s in scene.presenter.fan)
        steps = [b.x - a.x for a, b in zip(slots, slots[1:], strict=False)]
        if size == 7:
            assert lay.hand_w == DUEL_HAND_W  # a short hand keeps the large cards
        elif size == 9:
            assert lay.hand_w < DUEL_HAND_W and min(steps) >= lay.hand_w - HAND_OVERLAP
        else:
            assert (lay.hand_w, lay.hand_h) == lay.hand_sizes[-1]
        app.stack.pop()


def test_the_results_box_sits_in_the_middle_of_the_felt(app: Any) -> None:
    """The summary was drawn high and left of the table it dims: now in the felt's middle."""
    from game.games.blast.demos import over
    from game.games.blast.layout import FELT
    from game.games.blast.view import summary, summary_rect

    scene = over(app, 3)
    at = summary_rect(summary(scene).get_size())
    assert FELT.contains(at)
    assert abs(at.centerx - FELT.centerx) <= 1 and abs(at.centery - FELT.centery) <= 1
