"""The judge's notes and the raised card read whole: a note breaks only between phrases (a
playtester read "needs a short / beam lying flat"), and the card raised under the pointer
covers no other card nor the controls' plate (it hid the Mega card beside it)."""

from __future__ import annotations

from typing import Any

from game.games.tower import guide
from game.games.tower.data import ROW_SLOTS, SHAPES, TILES
from game.games.tower.rules import TileJudgement, explain
from game.games.tower.view import PHRASE_STARTS, WHY_WIDTH, phrase_wrap
from game.ui import text
from tests.games.tower.test_scene import open_game

REASONS = ("wrong order", "toppled", "unfinished", "too many blocks", "not one stack",
           "not on the tile", "still moving", "tile closed", "block still held", "empty")


def _notes() -> list[str]:
    out = []
    for tid, tile in TILES.items():
        for reason in REASONS:
            for progress in range(len(tile.pieces)):
                for found in (SHAPES if reason in ("wrong order", "toppled") else ("",)):
                    j = TileJudgement(0, tid, False, reason, progress, (), 0, found)
                    why = explain(j)
                    out.append(why[:1].upper() + why[1:])
    return sorted(set(out))


def test_every_judge_note_breaks_only_between_phrases(app: Any) -> None:
    notes = _notes()
    assert len(notes) > 50
    for why in notes:
        lines = phrase_wrap(why, 14, WHY_WIDTH)
        assert " ".join(lines) == why
        assert len(lines) <= 3, lines
        for before, line in zip(lines, lines[1:], strict=False):
            first = line.split(" ")[0].lower()
            assert first in PHRASE_STARTS or before[-1] in ":,", lines
        for line in lines:
            assert text.render(line, 14, (0, 0, 0), bold=True).get_width() <= WHY_WIDTH, line


def test_the_raised_card_covers_no_card_nor_the_controls(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", "ai:easy")
    scene.start_turn()
    driver.run(5)
    view = scene.table_view
    scene.draw(app.screen)  # the controls' plates
    for slot in (1, 3):  # the Mega's neighbours
        scene.mouse_screen = view.card_rect(slot).center
        assert guide.hovered_card(view) == slot
        big = guide.draw_enlarged(app.screen, view, slot, {})
        assert big is not None
        for other in range(ROW_SLOTS):
            assert not big.colliderect(view.card_rect(other)), (slot, other)
        assert not any(big.colliderect(p) for p in view.hint_plates), slot
        assert app.screen.get_rect().contains(big)
