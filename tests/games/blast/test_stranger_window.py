"""A stranger's real-window report on Kaboom! Explosive: what he pressed, what the table did."""

from __future__ import annotations

from typing import Any

from game.app.input import MOUSE, ActionEvent
from tests.games.blast.scene_helpers import make_setup, open_table


def _my_turn_settled(app: Any, driver: Any) -> Any:
    scene = open_table(app, driver, make_setup(["mouse", "easy"]))
    pr, tc = scene.presenter, scene.table_controls
    driver.run_until(lambda: scene.decider() == 0 and bool(tc.slots) and bool(tc.playable)
                     and pr.fan_settled(tc.slots), 3000)
    return scene


def test_a_press_on_a_sliding_hand_takes_the_card_drawn_under_the_pointer(
        app: Any, driver: Any) -> None:
    """At the start of the turn the hand re-lays out and its cards slide; a press on a card
    mid-slide took nothing (or the card whose final place was under the pointer). It takes the
    card drawn there."""
    scene = _my_turn_settled(app, driver)
    pr, tc = scene.presenter, scene.table_controls
    k = min(tc.playable)
    dx = pr.layout.hand_w * 0.5  # the whole hand half a card short of its places, sliding
    for s in pr.fan:
        s.x += dx
    assert not pr.fan_settled(tc.slots)
    card = pr.fan[k]
    at = (round(card.x), round(card.y - card.lift))  # the centre of the card as drawn
    assert card.rect().collidepoint(at)
    assert scene.target_at(at) == f"hand:{k}"
    assert scene.game_action(ActionEvent(MOUSE, "primary", True, at))
    assert tc.pick.card == pr.hand[k]  # the card the player saw under the pointer


def test_a_press_where_no_card_is_drawn_takes_none_of_the_sliding_hand(
        app: Any, driver: Any) -> None:
    """A card's final place, left empty while the card is still on its way, is not that card:
    a press there takes whatever is drawn there, here nothing."""
    scene = _my_turn_settled(app, driver)
    pr, tc = scene.presenter, scene.table_controls
    slot = tc.slots[-1]
    at = (round(slot.x + pr.layout.hand_w * 0.4), round(slot.y))
    assert scene.target_at(at) == f"hand:{len(pr.fan) - 1}"
    pr.fan[-1].x += pr.layout.hand_w * 1.5  # the last card far from its place still
    assert scene.target_at(at) is None


def test_watch_again_keeps_its_line_of_keys_at_every_speed_the_mouse_picks(
        app: Any, driver: Any) -> None:
    """Watch again: a stranger clicked + up to 4x and the line saying how to pause, step and
    change the speed went blank (the bar named nothing once the mouse had clicked it)."""
    import pygame

    from game.app.menus.replays import RATES, demo_watch

    scene = demo_watch("blast", "ai:hard,ai:medium,ai:easy", max_rounds=3)(app, 1)
    app.stack.push(scene)
    app.stack.apply_requests()
    shown: list[str] = []
    draw = scene.controls.draw

    def spy(surface: pygame.Surface, status: str, hint: str = "") -> None:
        shown.append(hint)
        draw(surface, status, hint)

    scene.controls.draw = spy  # type: ignore[method-assign]
    faster = next(r for r, c in scene.controls.buttons if c == "faster")
    slower = next(r for r, c in scene.controls.buttons if c == "slower")
    for button, clicks in ((slower, 2), (faster, len(RATES))):
        for _ in range(clicks):
            driver.click(faster.center if button is faster else slower.center)
            shown.clear()
            driver.step(draw=True)
            assert scene.controls.device == MOUSE
            assert shown and "speed" in shown[-1] and "play/pause" in shown[-1], \
                (scene.controls.rate, shown)
    assert scene.controls.rate == max(RATES)


def test_a_couch_matchs_time_counts_its_hand_offs(app: Any, driver: Any) -> None:
    """Statistics' time played: the curtain that passes the device pauses the table under it,
    and the match's clock stood still for every hand-off (a couch match's time came out low).
    The time under a curtain is the match's; a pause menu's is not."""
    from game.app.headless import FRAME_DT
    from game.tabletop.curtain import PassCurtain

    scene = open_table(app, driver, make_setup(["keys1", "keys2"], seed=4), speed=4.0)
    assert driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 3000)
    before, table = scene.elapsed, scene.real_time
    driver.run(120)  # two seconds while the next person takes the keyboard
    assert scene.real_time == table  # the table itself is paused under the curtain
    assert abs(scene.elapsed - before - 120 * FRAME_DT) < 0.05
    curtain = app.stack.top
    assert isinstance(curtain, PassCurtain)
    driver.press(curtain.device, "confirm")
    assert driver.run_until(lambda: scene.curtain is None, 600)
    driver.run(30)
    assert abs(scene.elapsed - (scene.real_time + scene.time_above)) < 1e-9
    assert scene.time_above > 120 * FRAME_DT - 0.01
    app.stack.top.open_pause()
    app.stack.apply_requests()
    paused = scene.elapsed
    driver.run(60)
    assert scene.elapsed == paused  # a pause menu is not match time
