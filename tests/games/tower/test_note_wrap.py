"""Event boxes broke lines mid-phrase for a stranger ("the short / beam off the Lamp", "the
Three / cubes!", "Ben's die knocks the Tee / down!" with "down!" alone): names stay whole and
no word is left alone on the last line."""

from __future__ import annotations

from typing import Any

import pytest

from game.games.tower.view import _note_lines

NOTES = ("Ben's die knocks the short beam off the Lamp!", "Ben's die knocks the Three cubes!",
         "Ben's die knocks the Tee down!", "Ann's die knocks the long beam off the Mega Tower!")


@pytest.mark.parametrize("note", NOTES)
def test_a_notes_lines_keep_names_whole_and_no_word_alone(app: Any, note: str) -> None:
    for width in range(150, 420, 10):
        lines = _note_lines(note, width)
        assert " ".join(lines) == note
        for name in ("short beam", "long beam", "Three cubes", "Mega Tower"):
            if name in note:
                assert any(name in ln for ln in lines), (width, lines)
        if len(lines) > 1:
            assert len(lines[-1].split()) > 1, (width, lines)
