"""Text that re-lays out for larger text: `text.fit` and the catalogue's pitches."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app import catalogue
from game.ui import text, theme
from tests.ui.layout import open_scene, record_frame

PITCH = ("The traveler's memory game: peek, swap, slap matches, and call Kaboom! when your "
         "hidden cards are closest to zero.")


@pytest.fixture(params=[1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "large"])
def scale(request: pytest.FixtureRequest) -> object:
    pygame.init()
    text.set_scale(request.param)
    yield request.param
    text.set_scale(1.0)


def test_fit_keeps_the_size_when_there_is_room(scale: float) -> None:
    size, lines = text.fit(PITCH, 16, 600, 400)
    assert size == 16 and lines == text.wrap(PITCH, 16, 600)


def test_fit_shrinks_until_every_word_fits(scale: float) -> None:
    wide, room = round(244 * scale), 4 * round(22 * scale)  # type: ignore[operator]
    size, lines = text.fit(PITCH, 16, wide, room)  # a box too small at 16, grown with the text
    assert size <= 16
    assert " ".join(lines) == PITCH  # nothing dropped
    assert len(lines) * text.line_height(size) <= room
    f = theme.font(text.px(size))
    assert all(f.size(ln)[0] <= wide for ln in lines)


def test_fit_ends_with_an_ellipsis_when_even_the_smallest_is_too_big(scale: float) -> None:
    size, lines = text.fit(PITCH * 3, 16, 200, 2 * 22)
    assert text.px(size) == text.px(text.MIN_PX) == round(text.MIN_PX * scale)
    assert len(lines) * text.line_height(size) <= 2 * 22
    assert lines[-1].endswith("…")
    assert theme.font(text.px(size)).size(lines[-1])[0] <= 200


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_catalogue_shows_every_word_of_each_pitch(large: bool) -> None:
    app, driver = open_scene("catalogue", large)
    try:
        drawn = {w for b in record_frame(app, driver, 5).boxes for w in b.text.split()}
    finally:
        app.shutdown(quit_pygame=False)
    for info in catalogue.games():
        assert set(info.pitch.split()) <= drawn, info.id


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_catalogue_shows_each_games_picture_whole(large: bool) -> None:
    """Larger text cropped the pictures about their middle (the cards' "KABOOM!" and a
    tower's top were cut off): each picture is on its card whole, scaled down as one."""
    from game.app.menus.catalogue import PIC_H, _picture

    app, driver = open_scene("catalogue", large)
    try:
        driver.run(5)
        scene = app.stack.top
        screen = app.screen
        for info, rect in zip(scene.games, scene.cards, strict=True):
            pic = _picture(info.id)
            strip = pygame.Rect(rect.x + 12, rect.y + 12, rect.w - 24, PIC_H)
            # the strip ends at the accent line under it: find that height on screen
            accent = theme.hex_rgb(info.accent)
            xs = range(strip.x + 1, strip.right - 1, 7)
            h = next(y for y in range(strip.y, strip.y + PIC_H + 1)
                     if all(screen.get_at((x, y))[:3] == accent for x in xs)) - strip.y
            k = min(strip.w / pic.get_width(), h / pic.get_height())
            fw, fh = round(pic.get_width() * k), round(pic.get_height() * k)
            want = pygame.transform.smoothscale(pic, (fw, fh)) if (fw, fh) != pic.get_size() \
                else pic
            at = (strip.x + (strip.w - fw) // 2, strip.y + (h - fh) // 2)
            same = sum(screen.get_at((at[0] + i, at[1] + j))[:3] == want.get_at((i, j))[:3]
                       for i in range(0, fw, 3) for j in range(0, fh, 3))
            total = len(range(0, fw, 3)) * len(range(0, fh, 3))
            assert same >= 0.97 * total, (info.id, same, total)
    finally:
        app.shutdown(quit_pygame=False)


def test_ellipsize_shortens_only_what_is_too_wide(scale: float) -> None:
    assert text.ellipsize("Ana", 16, 200) == "Ana"
    short = text.ellipsize("Keyboard (left)", 12, 70)
    assert short.endswith("…") and short.startswith("Keyb")
    assert theme.font(text.px(12)).size(short)[0] <= 70


def test_wrap_breaks_a_path_wider_than_the_box(scale: float) -> None:
    path = "/home/someone/.local/state/KaboomCollection/log/crash-2026-11-23T19-51-33.txt"
    lines = text.wrap(f"Report: {path}", 18, 300)
    f = theme.font(text.px(18))
    assert all(f.size(ln)[0] <= 300 for ln in lines)
    assert "".join(lines[1:]) == path  # nothing lost, broken after a / where it can be
    assert lines[1].endswith(("/", "-", "_", "."))
    assert text.wrap("W", 18, 1) == ["W"]  # one glyph wider than the box: kept, no hang


def test_a_number_and_its_unit_never_part_at_a_line_end(scale: object) -> None:
    """A slap's reaction time "(1.00 s)" is written with a no-break space: wrapping keeps it
    whole wherever the line ends, and the space still draws as a space."""
    from game.games.cabo import rules as R
    from game.games.cabo.words import describe

    line = describe(R.SlapAttempt(player=1, t=1.0, card=R.card("4H")), ["Ana", "Ben"])
    assert line == "Ben slapped the 4 of hearts! (1.00\u00a0s)"
    for width in range(120, 420, 7):
        lines = text.wrap(line, 14, width)
        assert not any(piece.endswith("(1.00") or piece == "s)" for piece in lines), lines
    f = theme.font(text.px(14), False)
    assert f.size("1.00\u00a0s")[0] == f.size("1.00 s")[0]


@pytest.mark.parametrize("size", [11, 12, 13, 14, 16, 18, 22])
def test_larger_text_is_a_clear_step_at_every_size(size: int) -> None:
    """Larger text draws every size, the small print included (logs, hints, side panels),
    at least a quarter taller than normal: a step a player sees without comparing."""
    pygame.init()
    try:
        text.set_scale(1.0)
        normal = text.render("Hg", size, theme.CREAM).get_height()
        text.set_scale(theme.LARGE_TEXT_SCALE)
        large = text.render("Hg", size, theme.CREAM).get_height()
    finally:
        text.set_scale(1.0)
    assert large >= 1.25 * normal, (size, normal, large)


def test_the_gui_theme_grows_by_the_same_step() -> None:
    normal, large = theme.gui_theme(False), theme.gui_theme(True)
    for name, block in normal.items():
        f = block.get("font") if isinstance(block, dict) else None
        if isinstance(f, dict) and "size" in f:
            assert int(large[name]["font"]["size"]) >= 1.25 * int(f["size"]), name


def _wrap_measuring_every_line(words: str, size: int, width: int, bold: bool) -> list[str]:
    """The plain greedy wrap that measures each candidate line whole: what `text.wrap`,
    which estimates from cached word widths near no edge, must agree with."""
    f = theme.font(text.px(size), bold)
    lines: list[str] = []
    line = ""
    for w in words.split(" "):
        cand = w if not line else f"{line} {w}"
        if f.size(cand)[0] <= width or not line:
            line = cand
        else:
            lines.append(line)
            line = w
        while len(line) > 1 and f.size(line)[0] > width and " " not in line:
            head, line = text._break_word(line, f, width)
            lines.append(head)
    lines.append(line)
    return lines


def test_wrap_from_word_widths_breaks_where_measuring_every_line_does() -> None:
    pygame.font.init()
    rng = random.Random(7)
    vocab = ("Ben", "takes", "the", "Temple", "tile:", "a", "long", "beam", "lying", "flat,",
             "KABOOM!", "You", "peek", "at", "Cleo's", "card", "(iron", "wall).", "W", "i",
             "mmmmmm", "saves/folder/with/a/rather/long/path/name.json", "Force", "Field")
    for _ in range(600):
        words = " ".join(rng.choice(vocab) for _ in range(rng.randint(1, 24)))
        size, width, bold = rng.choice((13, 15, 18, 24, 36)), rng.randint(40, 520), \
            rng.random() < 0.5
        assert text.wrap(words, size, width, bold) == \
            _wrap_measuring_every_line(words, size, width, bold), (words, size, width, bold)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_warmed_fonts_are_open_before_a_scene_asks(scale: float) -> None:
    """Opening a font costs about a tenth of a frame, so the app opens the sizes the scenes
    use over its first frames; a pop-in word growing through its sizes mid-match then opens
    none. Larger text warms the scaled sizes again."""
    pygame.font.init()
    text.set_scale(scale)
    try:
        while not text.warm_fonts(0.05):
            pass
        opened = theme.font.cache_info().misses
        for size, bold in text.WARM_FONTS:
            theme.font(max(1, round(size * scale)), bold)
        assert theme.font.cache_info().misses == opened
    finally:
        text.set_scale(1.0)


def test_the_app_warms_the_fonts_over_its_first_frames() -> None:
    from tests.ui.layout import open_scene as _open

    text.set_scale(1.0)
    text.forget_cached_drawings()
    text._warmed.clear()
    app, driver = _open("menu", False)
    driver.run(60)
    assert all((size, bold) in text._warmed for size, bold in text.WARM_FONTS)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_catalogue_titles_share_one_size(large: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Larger text shrank only "Kaboom! Explosive", the longest title: the four read as one
    row, so all take the size the longest fits at."""
    from game.app.menus import catalogue as menu
    from game.ui import text

    app, driver = open_scene("catalogue", large)
    sizes: dict[str, int] = {}
    real = text.blit

    def spy(surface: pygame.Surface, words: str, size: int, *a: object,
            **k: object) -> pygame.Rect:
        sizes[words] = size
        return real(surface, words, size, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(menu.text, "blit", spy)
    try:
        driver.run(2)
    finally:
        app.shutdown(quit_pygame=False)
    titles = {sizes[info.title] for info in catalogue.games()}
    assert len(titles) == 1, titles
