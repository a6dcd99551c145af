"""The match-ending Space Bomb is seen: its landing, its explosion and its result words hold
on the table, by frames, before the final score sheet covers it."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from game.games.cosmic import scene as scene_mod
from game.games.cosmic.match import TossInput
from game.games.cosmic.stage import Stage
from game.games.cosmic.table import release_default
from tests.games.cosmic.test_scene import STEP, open_scene, stub_ai  # noqa: F401


def _final_bomb(app: Any) -> Any:
    from game.games.cosmic.demos import _bomb_turn
    from game.games.cosmic.world import blast_at, preview_toss

    _setup, match, seat = _bomb_turn(4)
    hand = release_default(match.state.options.seat_factions[seat])
    toss = next(TossInput(seat, *hand, a, k / 10, 0.0)
                for p, (x, y) in sorted(match.table.planets.items())
                if match.state.owner[p] != seat
                for a in (math.atan2(y - hand[1], x - hand[0]),) for k in range(2, 11)
                if p in blast_at(match.table, preview_toss(hand, a, k / 10)[1][-1]))
    match.state.options = replace(match.state.options, end_at=1)
    scene = open_scene(app, *("mouse" if i == seat else "ai:easy" for i in range(2)),
                       match=match)
    scene.update(STEP)
    assert scene.perform(toss)
    return scene


def _frames(scene: Any, limit: int = 60 * 30) -> dict[str, int]:
    """The frame of each moment, from the toss: landing, explosion, result, sheet."""
    seen: dict[str, int] = {}
    for frame in range(limit):
        scene.update(STEP)
        if scene.stage == Stage.BOMB_REST:
            seen.setdefault("landed", frame)
        if scene.fx.blasts:
            seen.setdefault("exploded", frame)
        if scene.presenter.result is not None:
            seen.setdefault("result", frame)
        if scene.stage == Stage.OVER:
            seen.setdefault("sheet", frame)
            break
    return seen


def test_the_final_bomb_lands_goes_off_and_is_read_before_the_sheet(app: Any) -> None:
    scene = _final_bomb(app)
    seen = _frames(scene)
    assert set(seen) == {"landed", "exploded", "result", "sheet"}, seen
    assert seen["landed"] < seen["exploded"] <= seen["result"] < seen["sheet"]
    # the explosion and its words stay on the table four seconds and more on their own (at
    # 2.5 s a stranger learnt which of his planets it took only from the score table)
    assert seen["sheet"] - seen["exploded"] >= round(scene_mod.END_AFTER_RESULT * 60) - 1
    assert seen["sheet"] - seen["exploded"] >= 4 * 60 - 1
    assert seen["sheet"] - seen["landed"] >= round(3.0 * 60)


def test_the_final_explosion_is_drawn_while_it_holds(app: Any) -> None:
    import pygame

    scene = _final_bomb(app)
    for _ in range(60 * 30):
        scene.update(STEP)
        if scene.fx.blasts:
            break
    assert scene.fx.blasts and scene.stage != Stage.OVER
    before = pygame.Surface((1280, 720))
    scene.draw(before)
    fire = [b for b in scene.fx.blasts]
    assert fire  # the explosion's rings are drawn on the table, not under a sheet
    for _ in range(30):
        scene.update(STEP)
    assert scene.stage != Stage.OVER


def test_a_bomb_that_ends_the_match_on_the_round_limit_still_goes_off_in_sight(
        app: Any) -> None:
    """The bomb destroys nothing (no result card), but it is the last turn of the last round:
    before, the sheet came the very frame it went off, so its landing was the last thing seen."""
    from game.games.cosmic.demos import _bomb_turn
    from game.games.cosmic.world import blast_at, preview_toss

    _setup, match, seat = _bomb_turn(4)
    hand = release_default(match.state.options.seat_factions[seat])
    toss = next(TossInput(seat, *hand, a / 20, k / 10, 0.0)
                for a in range(0, 126) for k in range(2, 8)
                if not blast_at(match.table, preview_toss(hand, a / 20, k / 10)[1][-1]))
    st = match.state
    st.options = replace(st.options, max_rounds=1)
    st.turn = st.options.players - 1  # the last turn of the last round
    scene = open_scene(app, *("mouse" if i == seat else "ai:easy" for i in range(2)),
                       match=match)
    scene.update(STEP)
    assert scene.perform(toss)
    seen = _frames(scene)
    assert scene.match.over and scene.presenter.result is None
    assert seen["landed"] < seen["exploded"] < seen["sheet"], seen
    assert seen["sheet"] - seen["exploded"] >= round(scene_mod.END_AFTER_RESULT * 60) - 1


def test_under_reduced_motion_the_bomb_still_visibly_goes_off(app: Any) -> None:
    app.settings.accessibility.reduced_motion = True
    scene = _final_bomb(app)
    for _ in range(60 * 30):
        scene.update(STEP)
        if scene.fx.blasts:
            break
    kinds = {b.kind for b in scene.fx.blasts}
    assert "fire" in kinds and "edge" in kinds  # a soft fireball inside the reach ring
    assert scene.fx.flash == 0.0 and not scene.fx.sparks.items


def test_through_the_apps_own_loop_the_end_bar_waits_for_the_final_explosion(
        app: Any, driver: Any) -> None:
    """A stranger saw the results before the final KABOOM: through the app's frames (drawn,
    the end bar pushed by the scene's stack), the explosion plays on the table four seconds
    before the end bar covers it, with reduced motion too."""
    app.settings.accessibility.reduced_motion = True
    scene = _final_bomb(app)
    exploded = None
    for frame in range(60 * 20):
        driver.step(dt=1 / 60)
        if scene.fx.blasts and exploded is None:
            exploded = frame
            assert app.stack.top is scene
        if app.stack.top is not scene:
            break
    assert exploded is not None and type(app.stack.top).__name__ == "MatchEndBar"
    assert frame - exploded >= round(scene_mod.END_AFTER_RESULT * 60) - 1 >= 90


def test_the_match_is_over_waits_for_the_final_kaboom_card(app: Any) -> None:
    """A stranger's match ended abruptly: "The match is over" stood in the banner over the
    bomb's KABOOM card still up. While the card is up the banner says the card's title; "The
    match is over" only after it."""
    scene = _final_bomb(app)
    order: list[str] = []
    for _ in range(60 * 30):
        scene.update(STEP)
        if scene.stage == Stage.OVER:
            break
        if scene.match.over:
            title = scene.presenter.banner()[0]
            up = scene.presenter.result is not None
            if not order or order[-1] != ("card" if up else title):
                order.append("card" if up else title)
            if up:
                assert title != "The match is over" and title.startswith("KABOOM"), title
    assert order and order[0] == "card", order


def test_the_end_is_warned_as_it_nears() -> None:
    """The end came without warning: the last round's first turn says "Last round", and a
    bomb turn one planet short of the end says this bomb may end the match."""
    from game.games.cosmic.events import Turn
    from game.games.cosmic.match import CosmicMatch
    from game.games.cosmic.presenter import end_near
    from game.games.cosmic.rules import Phase

    st = CosmicMatch.new(2, 3, max_rounds=4).state
    o = st.options
    assert end_near(st, Turn(seat=0, turn=6, phase=str(Phase.FLICK))) == \
        "Last round: the match ends after it"
    assert end_near(st, Turn(seat=1, turn=7, phase=str(Phase.FLICK))) == ""
    assert end_near(st, Turn(seat=0, turn=4, phase=str(Phase.FLICK))) == ""
    st.destroyed_by = {p: 0 for p in list(st.owner)[:o.end_at - 1]}
    assert end_near(st, Turn(seat=0, turn=2, phase=str(Phase.BOMB))) == \
        "1 planet to go: the match ends if this Space Bomb destroys one"
    assert end_near(st, Turn(seat=0, turn=2, phase=str(Phase.FLICK))) == ""
