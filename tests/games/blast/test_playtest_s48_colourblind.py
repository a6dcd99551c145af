"""Strangers' playtest (session 48): under the colour-blind palette the chain's arrows (who
fired at whom) were told apart by colour alone. Each arrow now carries its seat's shape."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import demos
from game.ui import theme


def _chain(app: Any, driver: HeadlessDriver, colourblind: bool) -> Any:
    app.settings.accessibility.colourblind = colourblind
    app.stack.push(demos.chain(app, 1))  # as the screenshot command opens "blast.chain"
    app.stack.apply_requests()
    driver.run(60)
    return app.stack.top


def test_each_chain_arrow_carries_its_seats_shape_under_the_colour_blind_palette(
        app: Any, driver: HeadlessDriver) -> None:
    scene = _chain(app, driver, True)
    links = scene.presenter.chain
    assert len(links) >= 2
    marks = [m[0] for m in scene.view.marks]  # one on each arrow drawn (Ben's, Cleo's)
    assert len(marks) >= 2
    assert marks == [scene.shapes[ln.source] for ln in links[:len(marks)]]
    assert len({m[0] for m in scene.view.marks}) >= 2  # two seats' arrows, two shapes
    assert all(s in theme.SEAT_SHAPES for s, _ in scene.view.marks)


def test_no_marks_on_the_arrows_in_the_usual_palette(app: Any, driver: HeadlessDriver) -> None:
    scene = _chain(app, driver, False)
    assert scene.presenter.chain and scene.view.marks == []
