"""The seat chips' small words read right: "4 tiles" with a clear gap (a stranger's read
"4tiles"), and the dice pips say they count dice left ("2 left"; a stranger read them as used)."""
from __future__ import annotations

from typing import Any

from game.games.tower import hud


def _drawn(monkeypatch: Any, chip: hud.SeatChip, w: int = 262) -> list[tuple[str, Any, str]]:
    calls: list[tuple[str, Any, str]] = []
    real = hud.text.blit

    def blit(surface: Any, words: str, size: int, colour: Any, pos: Any,
             anchor: str = "topleft", **kw: Any) -> Any:
        calls.append((words, pos, anchor))
        return real(surface, words, size, colour, pos, anchor, **kw)

    monkeypatch.setattr(hud.text, "blit", blit)
    hud._chip(chip, w, 54)  # a score no other test draws: not a cached chip
    return calls


def test_the_tile_count_and_its_word_are_apart(app: Any, monkeypatch: Any) -> None:
    chip = hud.SeatChip("Ben", (60, 120, 220), "square", 97, 4, False, 2, 4, True)
    calls = _drawn(monkeypatch, chip)
    words = {w: (pos, anchor) for w, pos, anchor in calls}
    assert "tiles" in words and "4" in words and "4 tiles" not in words
    (wx, _), _ = words["tiles"]
    (nx, _), _ = words["4"]
    gap = wx - hud._width("tiles") - nx
    assert gap >= hud.TILES_GAP


def test_the_dice_pips_say_they_count_dice_left(app: Any, monkeypatch: Any) -> None:
    chip = hud.SeatChip("Ana", (220, 180, 40), "triangle", 98, 0, False, 3, 4, True)
    words = [w for w, _, _ in _drawn(monkeypatch, chip)]
    assert "3" in words and "left" in words
