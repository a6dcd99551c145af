"""The beginner's sand timer is easy to find in the lobby: its stepper says "beginner" on the
longer timers (with larger text the lobby shows only the help of the option pointed at, so a
newcomer stepping the timer read only "45 s"), and the rulebook's 30 s stays plain."""

from __future__ import annotations

from typing import Any

import pytest

from game.app import catalogue
from game.ui import text, theme


def test_the_longer_sand_timers_say_beginner() -> None:
    info = catalogue.get("tower")
    assert info is not None
    opt = next(o for o in info.options if o.key == "sand_timer")
    assert [opt.label_for(v) for v in opt.choices] == ["30 s", "45 s beginner", "60 s beginner"]


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_lobbys_sand_timer_stepper_shows_beginner_whole(app: Any, driver: Any,
                                                           scale: float) -> None:
    from game.app.scenes import named_scenes

    text.set_scale(scale)
    app.stack.push(named_scenes()["lobby.tower"].build(app, 1))
    app.stack.apply_requests()
    driver.run(5)
    scene = app.stack.top
    arrows = sorted((e for e in scene.elements if getattr(e, "text", "") == ">"),
                    key=lambda e: e.rect.y)
    sand = arrows[-1]  # the last option's: the sand timer
    driver.click(sand.rect.center)
    driver.run(5)
    assert scene.setup.options["sand_timer"] == 45
    value = next(e for e in scene.elements if getattr(e, "text", "") == "45 s beginner")
    back = next(e for e in scene.elements if getattr(e, "text", "") == "<"
                and abs(e.rect.centery - sand.rect.centery) < 4)
    # Whole between its arrows, inside the options' panel.
    assert back.rect.right <= value.rect.left and value.rect.right <= sand.rect.left
    font = scene.manager.get_theme().get_font(["#value", "label"])
    assert font.size(value.text)[0] <= value.rect.w
    assert scene.tip_panels()[1].contains(back.rect.union(sand.rect))
