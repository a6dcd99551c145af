"""The news bubble beside the piles holds its words in both text sizes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.cabo import hud
from game.ui import text, theme


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_bubble_grows_with_its_lines(scale: float) -> None:
    """"Ben wins the game!" ran out of its bubble with larger text (21 px steps)."""
    text.set_scale(scale)
    message = "Ben wins the game!"
    lines = text.wrap(message, 16, 180 - 24, bold=True)
    img = hud.banner_surface(message, theme.SPARK)
    assert img.get_height() >= 16 + len(lines) * text.line_height(16, True)
    assert hud.banner_surface(message, theme.SPARK) is img  # made once, not every frame


def _lum(c: tuple[int, ...]) -> float:
    def ch(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    lo, hi = sorted((_lum(a), _lum(b)))
    return (hi + 0.05) / (lo + 0.05)


def _over_felt(c: tuple[int, ...]) -> tuple[int, int, int]:
    a = c[3] / 255
    return tuple(round(c[i] * a + theme.FELT[i] * (1 - a)) for i in range(3))  # type: ignore[return-value]


@pytest.mark.parametrize("colourblind", [False, True])
def test_seat_plates_and_hold_badges_have_a_dark_rim_on_the_felt(colourblind: bool) -> None:
    """With the colour-blind palette a green seat's plate and its "Hold" badges sat on the
    green felt with nothing between them: each has a dark rim outside its seat colour, which
    reads against both the colour and the felt, in every seat colour of both palettes."""
    import pygame

    pygame.font.init()
    for seat in range(6):
        colour = theme.seat_colour(seat, colourblind)
        for tag in (hud.look_tag("Hold Q", colour),
                    hud.hand_tag("You know 2 of 4 cards: 7 points so far", colour, 240, 1.0)):
            rim = _over_felt(tuple(tag.get_at((tag.get_width() // 2, 0))))
            assert _contrast(rim, colour) >= 3.5 and _contrast(rim, theme.FELT) >= 2.0, colour
        plate = hud.plate_surface("Ana", "Mouse", colour, "triangle", 0, 180, 40, False, False)
        for at in ((10 + 90, 8), (8, 10 + 20), (10 + 90, 10 + 40 + 1)):
            rim = _over_felt(tuple(plate.get_at(at)))
            assert _contrast(rim, colour) >= 3.5 and _contrast(rim, theme.FELT) >= 2.0, \
                (colour, at)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_slap_legend_says_the_discard_pile_whole_beside_a_long_name(
        scale: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """"the pile" was ambiguous: the mouse's slap is "click the discard pile", whole, and a
    long name gives way to it rather than run under it."""
    text.set_scale(scale)
    drawn: dict[str, pygame.Rect] = {}
    real = text.blit

    def spy(surface: pygame.Surface, words: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(surface, words, *args, **kw)
        drawn[words] = rect
        return rect

    monkeypatch.setattr(text, "blit", spy)
    try:
        hud.legend_surface((("circle", theme.SPARK, "Maximilianusss", "click the discard pile"),
                            ("square", theme.SKY, "Ana", "LEFT SHIFT")), "", 80)
    finally:
        text.set_scale(1.0)
    assert not drawn["Maximilianusss"].colliderect(drawn["click the discard pile"])
    assert "Ana" in drawn and "LEFT SHIFT" in drawn


def _on(img: pygame.Surface, ground: tuple[int, int, int]) -> pygame.Surface:
    """`img` over `ground`, then scaled to 0.8 as the window does at 1024x576."""
    s = pygame.Surface(img.get_size())
    s.fill(ground)
    s.blit(img, (0, 0))
    w, h = s.get_size()
    return pygame.transform.smoothscale(s, (round(w * 0.8), round(h * 0.8)))


def _darkest_gain(a: pygame.Surface, b: pygame.Surface) -> float:
    """The largest change (0-1, of 255 a channel) from `b` to `a`, pixel by pixel."""
    return max(abs(a.get_at((x, y))[i] - b.get_at((x, y))[i]) / 255
               for x in range(min(a.get_width(), b.get_width()))
               for y in range(min(a.get_height(), b.get_height())) for i in range(3))


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_a_negative_score_keeps_its_minus_at_1024x576(scale: float) -> None:
    """At 1024x576 (the canvas scaled to 0.8) the score pad's "-4" read as "4": the font's
    1-px minus faded to a smudge. Each score text's minus now survives the scaling as a clear
    stroke (the score pad, the sidebar's pad and results, the log), and the font has the glyph."""
    text.set_scale(scale)
    try:
        paper = (236, 222, 196)
        for size, bold, colour, ground in ((13, False, theme.INK, paper),
                                           (15, True, theme.INK, paper),
                                           (13, False, theme.MUTED, theme.INK_3),
                                           (13, True, theme.CREAM, theme.INK_3),
                                           (14, False, theme.CREAM, theme.INK_3)):
            assert theme.font(text.px(size), bold).metrics("-")[0] is not None
            for n in ("-4", "-12", "Kaboom! -9"):
                neg = text.render(n, size, colour, bold)
                pos = text.render(n.replace("-", " "), size, colour, bold)
                full = max(abs(colour[i] - ground[i]) for i in range(3)) / 255
                gain = _darkest_gain(_on(neg, ground), _on(pos, ground))
                assert gain >= 0.7 * full, (n, size, bold, gain, full)
        # the pads as drawn: a -4 total differs from a 4 one by a clear stroke
        args = (("Ann", "Ben"), (theme.SKY, theme.BLAST), ("circle", "square"))
        a = hud.score_pad(*args, ((-4, 12),), (-4, 12), 2, 5, 220, 300)
        b = hud.score_pad(*args, ((4, 12),), (4, 12), 2, 5, 220, 300)
        assert _darkest_gain(_on(a, paper), _on(b, paper)) >= 0.6
        c = hud.compact_pad(*args, (-4, 3), (-4, 3), 260, scale)
        d = hud.compact_pad(*args, (4, 3), (4, 3), 260, scale)
        assert _darkest_gain(_on(c, theme.INK_3), _on(d, theme.INK_3)) >= 0.6
    finally:
        text.set_scale(1.0)


def _head_lit(img: pygame.Surface) -> float:
    """How close (0-1) the legend's heading comes to SPARK, its colour when lit."""
    best = 0.0
    for x in range(12, 90):
        for y in range(8, 8 + text.line_height(13, True)):
            c = img.get_at((x, y))
            far = sum(abs(c[i] - theme.SPARK[i]) for i in range(3)) / (3 * 255)
            best = max(best, (1 - far) * c[3] / 255)
    return best


def test_the_slap_panel_is_lit_only_while_a_card_can_be_slapped(
        app: Any, driver: Any) -> None:
    """A stranger read the sidebar's always-lit SLAP as something to press when nothing could
    be slapped: it is bright while the pile's top card may be slapped, dim otherwise."""
    from game.games.cabo import rules as R
    from tests.games.cabo.test_scene_table import slappable, table

    scene = slappable(app, driver, ["mouse", "hard", "hard"])
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 300)
    assert scene.slap_open()
    lit = _head_lit(scene.view._legend())
    app.stack.pop()
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.TURN, turn=0)
    driver.run(5)
    assert not scene.state.window and not scene.slap_open()
    dim = _head_lit(scene.view._legend())
    assert lit > 0.95 and dim < 0.75, (lit, dim)


@pytest.mark.parametrize("width", [160, 170, 200, 240])
def test_the_hand_tag_keeps_to_two_lines_with_larger_text(width: int) -> None:
    """"You know your card: / 3 points" took three lines with larger text: at most two."""
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        step = text.line_height(14, True)
        for words in ("You know your card: 3 points", "You know both cards: 11 points",
                      "Ben knows 3 of 4 cards: 7 points so far"):
            img = hud.hand_tag(words, theme.SKY, width, theme.LARGE_TEXT_SCALE)
            assert img.get_height() <= 2 * step + 8, (words, width)
    finally:
        text.set_scale(1.0)


def test_a_missed_kaboom_bubble_keeps_to_two_lines_with_larger_text() -> None:
    """"Kaboom! missed" wrapped to five lines of the narrow bubble with larger text: the
    bubble widens (`hud.BANNER_WIDTHS`) so that it takes at most two."""
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        step = text.line_height(16, True)
        for message in ("Ana's Kaboom! missed (Ben was closer): +23",
                        "Your Kaboom! missed (Ben and Cleo were closer): +23",
                        "Ana's Kaboom! missed (Ben tied): +13"):
            img = hud.banner_surface(message, theme.BLAST)
            assert img.get_height() <= 16 + 2 * step, message
            assert img.get_width() <= max(hud.BANNER_WIDTHS)
        assert hud.banner_surface("Ben: blind swap!", theme.SKY).get_width() == 180
    finally:
        text.set_scale(1.0)
