"""A comic burst's words stay inside its points, in both text sizes, however long the name."""

from __future__ import annotations

import pytest

from game.tabletop.effects import BURST_MIN_PX, BURST_ROOM, _burst_words, comic_burst
from game.ui import text, theme


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
@pytest.mark.parametrize("label,width", [("ADVANCED TECHNOLOGY", 240), ("KABOOM!", 260),
                                         ("NON-VIOLENT PROTESTS", 240), ("OUT!", 200)])
def test_the_words_fit_inside_the_burst(scale: float, label: str, width: int) -> None:
    text.set_scale(scale)
    lines, size = _burst_words(label, width, theme.CREAM)
    img = comic_burst(label, width)
    assert size >= BURST_MIN_PX and " ".join(lines) == label
    widest = max(text.render(ln, size, theme.CREAM, True).get_width() for ln in lines)
    assert widest <= img.get_width() * BURST_ROOM + 1
    assert len(lines) * text.line_height(size, True) <= img.get_height() * 0.6


def test_a_short_word_keeps_one_line_and_its_size() -> None:
    lines, size = _burst_words("SLAP!", 200, theme.CREAM)
    assert lines == ["SLAP!"] and size == max(BURST_MIN_PX, int(200 * 0.62 * 0.3))
    assert comic_burst("SLAP!", 200).get_width() == 200


def test_a_burst_is_scaled_once_per_size_not_every_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pop-in size of a burst is made once: a second burst of the same words draws from
    the cache (every burst frame smooth-scaled its picture again, and the tables' warm-ups
    warmed nothing)."""
    import pygame

    from game.tabletop import effects

    calls: list[tuple[int, int]] = []
    real = pygame.transform.smoothscale
    monkeypatch.setattr(effects.pygame.transform, "smoothscale",
                        lambda s, size, *a: (calls.append(tuple(size)), real(s, size, *a))[1])
    surface = pygame.Surface((640, 360))
    label = "CACHED BURST"

    def play() -> None:
        burst = effects.Burst(label, (320.0, 180.0), width=180)
        while not burst.done:
            burst.draw(surface, (0.0, 0.0))
            burst.update(1 / 60)

    play()
    first = len(calls)
    assert 0 < first <= effects.SCALE_STEPS + 1  # one scaling per size shown
    play()
    assert len(calls) == first  # the second burst scales nothing
