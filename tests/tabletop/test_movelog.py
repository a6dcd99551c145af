"""The move log panel shows whole lines: an older line that does not fit is left out, never
cut to its last part."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.tabletop import movelog
from game.tabletop.movelog import MoveLog
from tests.ui.layout import Words, observing


def test_an_older_line_that_does_not_fit_whole_is_left_out() -> None:
    pygame.font.init()
    log = MoveLog()
    long = "The endgame begins: whoever is out picks an endgame card each turn, until the end " \
        "of the game, and this line is long enough to wrap over several lines of the panel"
    log.add(long)
    for i in range(3):
        log.add(f"Short line {i}.")
    surface = pygame.Surface((300, 200), pygame.SRCALPHA)
    rect = pygame.Rect(8, 8, 270, 34 + 4 * 20 + 4)  # room for four lines of size 14
    with observing(Words()) as seen:
        log.draw(surface, rect, 14)
    shown = seen.words
    parts = movelog.text.wrap(long, 14, rect.w - 24)
    assert len(parts) > 1
    assert not any(p in shown for p in parts)  # no stray half of the long line
    assert "Short line 0." in shown and "Short line 1." in shown


def test_larger_text_switched_on_wraps_the_panel_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel is drawn once per new line and kept; switching on larger text mid-match must
    wrap it again at the new size (the newest line, drawn live, ran off the screen)."""
    pygame.font.init()
    drawn: list[pygame.Rect] = []
    real = movelog.text.blit

    def spy(surface: pygame.Surface, line: str, *args: Any, **kwargs: Any) -> Any:
        r = real(surface, line, *args, **kwargs)
        drawn.append(r)
        return r

    monkeypatch.setattr(movelog.text, "blit", spy)
    log = MoveLog()
    log.add("Cleo fires TNT at Ana (iron wall).", marker=("triangle", (240, 200, 60)))
    screen = pygame.Surface((1280, 720), pygame.SRCALPHA)
    rect = pygame.Rect(1012, 300, 250, 150)
    while movelog.text.wrap(log.lines[-1].text, 15, rect.w - 24 - 19)[1:]:
        rect.w += 4  # wide enough for the line in one piece at normal size
    try:
        log.draw(screen, rect)
        movelog.text.set_scale(movelog.theme.LARGE_TEXT_SCALE)
        drawn.clear()
        log.draw(screen, rect)
        assert drawn and all(r.right <= rect.right for r in drawn), drawn
    finally:
        movelog.text.set_scale(1.0)


def test_a_new_line_renders_only_its_own_text() -> None:
    """The panel is drawn again when a line arrives; the older lines, fading as they rise, keep
    their drawings (faded by opacity), so only the new line is rendered: re-rendering each
    line in a dimmer colour cost a whole frame's time in Watch again."""
    pygame.font.init()
    log = MoveLog()
    for i in range(12):
        log.add(f"Cleo swaps card {i} with Ben's.")
    screen = pygame.Surface((1280, 720), pygame.SRCALPHA)
    rect = pygame.Rect(1000, 100, 260, 400)
    log.update(1.0)  # the newest line has stopped flashing: drawn in its own colour
    log.draw(screen, rect)
    before = set(movelog.text._CACHE)
    log.add("Ben calls KABOOM!")
    log.draw(screen, rect)
    new = {key[0] for key in set(movelog.text._CACHE) - before}
    assert new == {"Ben calls KABOOM!"}, new


@pytest.mark.parametrize("heights", [(400, 120, 333, 60), (90, 700, 45)])
def test_the_kept_blank_panel_is_the_panel_drawn_at_each_height(heights: tuple[int, ...]) -> None:
    """A log that grows with its lines asks for a new height at each line; the blank panel is
    drawn once and joined top to foot, and must look exactly like one drawn at that height."""
    pygame.font.init()
    log = MoveLog()
    for h in heights:
        img = log._empty_panel((260, h), 8, None)
        ref = pygame.Surface((276, h + 16), pygame.SRCALPHA)
        movelog.panel(ref, pygame.Rect(8, 8, 260, h), movelog.theme.INK_2, radius=14,
                      border=movelog.theme.LINE, shadow=6, alpha=225)
        assert img.get_size() == ref.get_size()
        assert pygame.image.tobytes(img, "RGBA") == pygame.image.tobytes(ref, "RGBA"), h


def test_a_new_entry_flashes_whole_not_only_its_last_wrapped_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger saw only the wrapped second line of a new entry turn yellow and read its
    first line as an older move: every part of the newest entry flashes together."""
    from game.ui import theme

    pygame.font.init()
    lit: list[str] = []
    real = movelog.text.blit

    def spy(surface: pygame.Surface, line: str, size: int, colour: Any, *args: Any,
            **kwargs: Any) -> Any:
        if colour == theme.SPARK:
            lit.append(line)
        return real(surface, line, size, colour, *args, **kwargs)

    monkeypatch.setattr(movelog.text, "blit", spy)
    log = MoveLog()
    log.add("An older move.")
    long = "Ben flipped their own bottom-right card: the 3 of hearts, a match for the pile"
    log.add(long)
    surface = pygame.Surface((300, 300), pygame.SRCALPHA)
    rect = pygame.Rect(8, 8, 220, 260)
    log.draw(surface, rect, 15)
    parts = movelog.text.wrap(long, 15, rect.w - 24)
    assert len(parts) > 1
    assert all(p in lit for p in parts), (parts, lit)
    assert "An older move." not in lit


def test_a_newest_entry_longer_than_the_panel_shows_its_start() -> None:
    """With the Explosive's card preview open the log had three rows, and a six-row entry
    showed only its end ("...keeps him away"): who brought in whom was never seen. Its start
    shows, cut with an ellipsis."""
    pygame.font.init()
    log = MoveLog()
    log.add("An older move.")
    long = ("Ana brings in The Underminer: every turn he destroys a palisade, stone or iron "
            "wall of an enemy, on top of the turn's play. Only an Assassin removes him; a Force "
            "Field or Diplomacy keeps him away.")
    log.add(long)
    surface = pygame.Surface((300, 200), pygame.SRCALPHA)
    rect = pygame.Rect(8, 8, 270, 34 + 3 * 20 + 4)  # three rows of size 14
    with observing(Words()) as seen:
        log.draw(surface, rect, 14)
    shown = seen.words
    parts = movelog.text.wrap(long, 14, rect.w - 24)
    assert len(parts) > 3
    assert parts[0] in shown and parts[1] in shown  # who did what
    assert any(line.endswith("…") for line in shown)  # and that it goes on
    assert parts[-1] not in shown


def test_the_wheel_scrolls_back_through_older_moves_and_holds_them() -> None:
    """A stranger could not find what had happened a few moves back: the panel scrolls back
    an entry at a time, says so in its title, holds still while new moves arrive, and comes
    back to the newest."""
    pygame.font.init()
    log = MoveLog()
    for i in range(12):
        log.add(f"Move {i}.")
    surface = pygame.Surface((300, 200), pygame.SRCALPHA)
    rect = pygame.Rect(8, 8, 270, 34 + 4 * 20 + 4)  # four lines

    def shown() -> list[str]:
        with observing(Words()) as seen:
            log.draw(surface, rect, 14)
        return seen.words

    assert "Move 11." in shown() and "Move 5." not in shown()
    assert log.over((20, 20)) and not log.over((290, 190))
    log.scroll(6)
    now = shown()
    assert "Move 5." in now and "Move 11." not in now and "MOVES: EARLIER" in now
    log.add("Move 12.")  # a new move: what is read stays put
    assert shown() == now
    log.scroll(-99)
    assert log.back == 0 and "Move 12." in shown()
    log.scroll(99)
    assert log.back == len(log.lines) - 1 and "Move 0." in shown()


def test_a_turn_brings_a_scrolled_back_log_to_the_newest() -> None:
    """A stranger scrolled the log back once and read old moves through the next turns, the
    hand-over and the result screen: a line that opens a turn (or `to_newest`) brings it back,
    while any other new line leaves what is read in place."""
    pygame.font.init()
    log = MoveLog()
    for i in range(12):
        log.add(f"Move {i}.")
    log.scroll(6)
    log.add("Move 12.")
    assert log.back == 7
    log.add("Ben's turn.", turn=True)
    assert log.back == 0
    surface = pygame.Surface((300, 200), pygame.SRCALPHA)
    with observing(Words()) as seen:
        log.draw(surface, pygame.Rect(8, 8, 270, 34 + 4 * 20 + 4), 14)
    assert "Ben's turn." in seen.words and "MOVES" in seen.words
    log.scroll(3)
    log.to_newest()
    assert log.back == 0


def test_the_wheel_hint_shows_only_while_earlier_moves_are_out_of_sight() -> None:
    """Nothing said the wheel scrolls the log back: a small hint beside the title says so,
    only while there is more above (and never in a log whose game has no wheel)."""
    pygame.font.init()
    surface = pygame.Surface((300, 200), pygame.SRCALPHA)
    rect = pygame.Rect(8, 8, 270, 34 + 4 * 20 + 4)  # four lines

    def words(log: MoveLog) -> list[str]:
        with observing(Words()) as seen:
            log.draw(surface, rect, 14)
        return seen.words

    def hinted(log: MoveLog) -> bool:
        log._cache = None  # drawn afresh (a panel drawn before is only blitted)
        return any(w.startswith("Wheel up") for w in words(log))

    log = MoveLog(wheel_hint=True)
    for i in range(3):
        log.add(f"Move {i}.")
    assert not hinted(log)  # all in sight
    for i in range(3, 12):
        log.add(f"Move {i}.")
    assert hinted(log)
    log.scroll(99)  # the oldest in sight: nothing more above
    assert not hinted(log) and log.back == 11
    log.scroll(-6)  # seven entries up to here, four in sight
    assert hinted(log)
    plain = MoveLog()
    for i in range(12):
        plain.add(f"Move {i}.")
    assert not hinted(plain)
