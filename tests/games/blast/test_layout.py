"""The table's geometry for 2-5 seats, and every blast screen in both text sizes (no text over
other text, none leaving its panel or the screen)."""

from __future__ import annotations

import pygame
import pytest

from game.games.blast import hud
from game.games.blast.controls import arrange_rects, picker_rects
from game.games.blast.layout import BAR, FELT, TableLayout
from game.ui import text, theme
from tests.ui.layout import LayoutRecorder, open_scene, problems, record_frame

SCENES = ["blast.play", "blast.hand", "blast.attack", "blast.defence", "blast.chain",
          "blast.endgame", "blast.over"]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("home", [0, 1])
def test_zones_piles_and_stage_fit_the_felt_apart(n: int, home: int) -> None:
    lay = TableLayout(n, home)
    zones = [lay.zone(s).rect for s in range(n)]
    assert lay.zone(home).side == "bottom"
    centre = [lay.stage_rect(), lay.piles_rect()]
    for i, z in enumerate(zones):
        assert FELT.contains(z), (n, i, z)
        assert z.collidelist([o for k, o in enumerate(zones) if k != i]) < 0
        assert z.collidelist(centre) < 0, (n, i)
        walls = lay.wall_rects(i, 9, 2)  # many walls and two characters still fit the row
        tokens = lay.token_rects(i, 2)
        assert all(lay.zone(i).row.contains(r) for r in walls + tokens)
        assert walls[-1].right <= tokens[0].x
    assert FELT.contains(lay.button_row(400))


def test_picker_and_arrangement_rows_fit_the_felt() -> None:
    assert all(FELT.contains(r) for r in picker_rects())
    rects = arrange_rects(4)
    lay = TableLayout(5, 0)
    sides = [lay.zone(s).rect for s in range(5)]
    assert all(FELT.contains(r) and r.collidelist(sides) < 0 for r in rects)


@pytest.mark.parametrize("scale", [1.0, 1.2], ids=["normal", "large"])
def test_long_prompt_fits_the_bar(scale: float) -> None:
    pygame.init()
    text.set_scale(scale)
    canvas = pygame.Surface((1280, 720))
    rec = LayoutRecorder(canvas)
    text.observe(rec)
    long = ("Cleo sends the TNT on to you (iron wall)! Answer with a defence, or take it "
            "(W A S D and SPACE).")
    try:
        bar = hud.prompt_surface("", theme.SKY, "star", long)
    finally:
        text.observe(None)
        text.set_scale(1.0)
    assert bar.get_height() == BAR.h
    assert problems(rec) == []


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("scene_id", SCENES)
def test_every_blast_screen_reads_in_both_text_sizes(scene_id: str, large: bool) -> None:
    app, driver = open_scene(scene_id, large)
    try:
        found = problems(record_frame(app, driver, 60))
    finally:
        app.shutdown(quit_pygame=False)
    assert not found, "\n".join(found)
