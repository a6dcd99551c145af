"""Layout checking for tests: run a named scene, record one frame's text, report collisions.

Every text box drawn through `game.ui.text` and every panel from `game.ui.draw.panel` is
recorded, also when drawn into a cached image first: the canvas is a `RecordingCanvas`, which
maps an image's text to where the image lands. pygame-gui labels' and buttons' text is recorded
too. `problems` then checks each box: on the screen, inside the panel it sits on, not cut by a
panel drawn over it, not over another box, and not cut off the image it was drawn into.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui

from game.ui import text

SCREEN = pygame.Rect(0, 0, 1280, 720)
GUI_TEXT = (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel,
            pygame_gui.elements.UITextEntryLine)


@dataclass(frozen=True)
class Box:
    """A text box (the glyphs' ink) or a panel, in canvas pixels unless still off-screen."""

    text: str  # "" for a panel
    rect: pygame.Rect
    order: int  # draw order
    layer: int  # a scene drawn over another starts a new layer
    clip: pygame.Rect  # what of its target can be seen


@dataclass
class LayoutRecorder:
    """Every text box and panel drawn on the canvas this frame, and in off-screen images."""

    canvas: pygame.Surface
    boxes: list[Box] = field(default_factory=list)
    panels: list[Box] = field(default_factory=list)
    cut_off: list[str] = field(default_factory=list)  # text cut off an off-screen image
    layer_no: int = 0
    frame: int = 0
    #: Whether blits on the canvas are followed (the checked frame). Text and panels drawn
    #: into off-screen images are followed in every frame: a cached image made in an earlier
    #: frame is still read when the checked frame blits it.
    live: bool = True
    _order: int = 0
    _images: dict[int, tuple[pygame.Surface, int, list[Box], list[Box]]] = field(
        default_factory=dict)
    _texts: dict[int, tuple[pygame.Surface, str]] = field(default_factory=dict)

    def start_frame(self) -> None:
        self.frame += 1
        self.boxes.clear()
        self.panels.clear()
        self.layer_no = 0

    def layer(self) -> None:
        self.layer_no += 1

    def _next(self) -> int:
        self._order += 1
        return self._order

    def _image(self, surface: pygame.Surface) -> tuple[list[Box], list[Box]]:
        """The boxes drawn on an off-screen image in the latest frame anything was drawn on it."""
        got = self._images.get(id(surface))
        if got is None or got[0] is not surface or got[1] != self.frame:
            got = (surface, self.frame, [], [])
            self._images[id(surface)] = got  # holding the surface keeps its id unique
        return got[2], got[3]

    def rendered(self, img: pygame.Surface, label: str) -> None:
        """A text image from `text.render`: wherever it is blitted on the canvas, it is text."""
        self._texts[id(img)] = (img, label)

    def text(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
             img: pygame.Surface) -> None:
        ink = img.get_bounding_rect(min_alpha=40).move(rect.topleft)
        if not label.strip() or ink.w == 0:
            return
        if surface is self.canvas:
            if id(img) not in self._texts:  # else the canvas saw the blit itself
                self.boxes.append(Box(label, ink, self._next(), self.layer_no,
                                      surface.get_clip()))
            return
        area = pygame.Rect((0, 0), surface.get_size()).clip(surface.get_clip())
        if not area.contains(ink):
            self.cut_off.append(f"{label!r} {tuple(ink)} is cut off its "
                                f"{surface.get_size()} image")
        self._image(surface)[0].append(Box(label, ink, self._next(), 0, area))

    def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        box = Box("", pygame.Rect(rect), self._next(), self.layer_no, SCREEN)
        if surface is self.canvas:
            self.panels.append(box)
        else:
            self._image(surface)[1].append(box)

    def _copy_of(self, source: pygame.Surface
                 ) -> tuple[pygame.Surface, int, list[Box], list[Box]] | None:
        """A recorded image `source` is a copy of (`convert_alpha()`, `copy()`), if any."""
        size = source.get_size()
        candidates = [v for v in self._images.values() if v[0].get_size() == size]
        if not candidates:
            return None
        want = _samples(source)
        for got in reversed(candidates):
            if _samples(got[0]) == want:
                self._images[id(source)] = (source, got[1], got[2], got[3])
                return self._images[id(source)]
        return None

    def gui_text(self, rect: pygame.Rect, label: str, clip: pygame.Rect) -> None:
        self.boxes.append(Box(label, rect, self._next(), self.layer_no, clip))

    def composite(self, source: pygame.Surface, dest: Any, area: Any) -> None:
        """An image was blitted on the canvas: its text and panels land at `dest`."""
        known = self._texts.get(id(source))
        if known is not None and known[0] is source and area is None:
            x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
            ink = source.get_bounding_rect(min_alpha=40).move(round(x), round(y))
            if known[1].strip() and ink.w:
                self.boxes.append(Box(known[1], ink, self._next(), self.layer_no,
                                      self.canvas.get_clip()))
            return
        got = self._images.get(id(source))
        if got is None or got[0] is not source:
            got = self._copy_of(source)
            if got is None:
                return
        x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        shown = pygame.Rect((0, 0), source.get_size())
        if area is not None:
            shown = shown.clip(pygame.Rect(area))
        dx, dy = round(x) - shown.x, round(y) - shown.y
        canvas_clip = self.canvas.get_clip()
        for b in sorted(got[2] + got[3], key=lambda b: b.order):  # as drawn on the image
            if b.text:
                self.boxes.append(Box(b.text, b.rect.move(dx, dy), self._next(), self.layer_no,
                                      shown.move(dx, dy).clip(canvas_clip)))
            else:
                self.panels.append(Box("", b.rect.move(dx, dy), self._next(), self.layer_no,
                                       SCREEN))


DIMMING = (pygame.BLEND_RGB_MULT, pygame.BLEND_MULT, pygame.BLEND_RGBA_MULT)


def _is_dim_layer(source: pygame.Surface) -> bool:
    """A large see-through veil of one colour (`draw.dim_layer`): what follows is on top."""
    w, h = source.get_size()
    if w * h < 120_000 or not source.get_flags() & pygame.SRCALPHA:
        return False
    points = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, h // 2)]
    first = source.get_at(points[0])
    return 0 < first.a < 255 and all(source.get_at(p) == first for p in points)


def _samples(surface: pygame.Surface) -> tuple[tuple[int, int, int, int], ...]:
    w, h = surface.get_size()
    return tuple(tuple(surface.get_at((x * (w - 1) // 6, y * (h - 1) // 6)))  # type: ignore[misc]
                 for x in range(7) for y in range(7))


class RecordingCanvas(pygame.Surface):
    """The app's canvas, telling the recorder where each image is blitted."""

    recorder: LayoutRecorder | None = None

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        r = super().blit(source, dest, area, special_flags)
        if self.recorder is not None and self.recorder.live:
            if _is_dim_layer(source):
                self.recorder.layer()
            self.recorder.composite(source, dest, area)
        return r

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        r = super().fill(color, rect, special_flags)
        if self.recorder is not None and self.recorder.live and special_flags in DIMMING \
                and r.w * r.h >= 120_000:
            self.recorder.layer()  # the scene dims itself to show something over it
        return r

    def blits(self, blit_sequence: Any, doreturn: Any = 1) -> Any:
        if self.recorder is None or not self.recorder.live:
            return super().blits(blit_sequence, doreturn)
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(self, blit_sequence: Any, special_flags: int = 0) -> None:
        if self.recorder is None or not self.recorder.live:
            super().fblits(blit_sequence, special_flags)
            return
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)


def open_scene(scene_id: str, large: bool, seed: int = 1) -> tuple[Any, Any]:
    """A headless app on a recording canvas showing the named scene, normal or larger text."""
    from game.app.headless import HeadlessDriver, make_headless_app
    from game.app.scenes import named_scenes

    app = make_headless_app()
    canvas = RecordingCanvas(app.screen.get_size())
    app.display.pin_canvas(canvas)
    app.settings.accessibility.large_text = large
    app.apply_settings()
    app.gui.rebuild_theme()
    text.forget_cached_drawings()  # images cached by earlier tests are drawn again
    named = named_scenes()[scene_id]
    driver = HeadlessDriver(app)
    if named.base is not None:
        app.stack.push(named.base(app, seed))
        app.stack.apply_requests()
    app.stack.push(named.build(app, seed))
    app.stack.apply_requests()
    return app, driver


def gui_boxes(app: Any, rec: LayoutRecorder) -> None:
    """Record the text of every visible pygame-gui label and button, clipped to its element."""
    for el in app.gui.manager.get_sprite_group().sprites():
        if not isinstance(el, GUI_TEXT) or not el.visible or not getattr(el, "text", ""):
            continue
        font = getattr(el, "font", None)
        if font is None:
            continue
        ink = pygame.Rect(font.get_rect(el.text))
        ink.w = font.size(el.text)[0]
        r = pygame.Rect(el.rect)
        entry = isinstance(el, pygame_gui.elements.UITextEntryLine)  # typed names
        align = "left" if entry else getattr(el, "text_horiz_alignment", "center")
        pad = 6 if entry else getattr(el, "text_horiz_alignment_padding", 0) or 0
        if align == "left":
            ink.left = r.left + pad
        elif align == "right":
            ink.right = r.right - pad
        else:
            ink.centerx = r.centerx
        ink.centery = r.centery
        air = 8 if isinstance(el, pygame_gui.elements.UIButton) else 0  # clear of the border
        rec.gui_text(ink, el.text, r.inflate(-air, 0))


def record_frame(app: Any, driver: Any, frames: int = 60,
                 until: Callable[[], bool] | None = None) -> LayoutRecorder:
    """Run `frames` frames recording (images are often drawn once), then check the last.
    Text and panels drawn into cached images are followed in whichever frames are drawn (the
    driver's `draw_every`), so a cache made early is known when the checked frame shows it.

    With `until`, keep going (up to a minute of play) until it holds, then `frames` more.
    """
    rec = LayoutRecorder(app.screen)
    app.screen.recorder = rec
    text.observe(rec)
    try:
        for scene in app.stack.visible():
            draw = scene.draw

            def layered(surface: pygame.Surface, _draw: Any = draw) -> None:
                rec.layer()
                _draw(surface)

            scene.draw = layered
        gui_draw = app.gui.draw

        def gui_and_record(surface: pygame.Surface) -> None:
            gui_draw(surface)
            if rec.live:
                gui_boxes(app, rec)

        app.gui.draw = gui_and_record
        toasts = app._draw_toasts

        def toasts_on_top(surface: pygame.Surface) -> None:
            rec.layer()  # a notice floats over the screen for a few seconds
            toasts(surface)

        app._draw_toasts = toasts_on_top
        rec.live = False  # only the last frame's blits are checked (`live`)
        for _ in range(3600 if until is not None else 0):
            if until():  # type: ignore[misc]
                break
            rec.start_frame()
            driver.step()
        for i in range(frames):
            rec.start_frame()
            rec.live = i == frames - 1
            driver.step(draw=True if rec.live else None)
    finally:
        text.observe(None)
        app.screen.recorder = None
    return rec


def _near_copy(a: Box, b: Box) -> bool:
    """A text drawn twice a few pixels apart on purpose (an outline or an embossed shadow)."""
    return a.text == b.text and abs(a.rect.x - b.rect.x) <= 4 and abs(a.rect.y - b.rect.y) <= 4


def problems(rec: LayoutRecorder) -> list[str]:
    """Everything wrong with the recorded frame's text layout, in words."""
    out: list[str] = list(rec.cut_off)
    shown: list[Box] = []
    for b in rec.boxes:
        name = f"{b.text!r} {tuple(b.rect)}"
        if not SCREEN.contains(b.rect):
            out.append(f"{name} leaves the screen")
            continue
        if not b.clip.contains(b.rect):
            out.append(f"{name} is clipped to {tuple(b.clip)}")
        under = [p for p in rec.panels
                 if p.layer == b.layer and p.order < b.order and p.rect.colliderect(b.rect)]
        if under:
            own = max(under, key=lambda p: p.order)
            if not own.rect.contains(b.rect):
                out.append(f"{name} leaves its panel {tuple(own.rect)}")
        over = [p for p in rec.panels
                if p.layer == b.layer and p.order > b.order and p.rect.colliderect(b.rect)]
        if any(not p.rect.contains(b.rect) for p in over):
            out.append(f"{name} is cut by a panel drawn over it")
        if not over:
            shown.append(b)
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a.layer != b.layer or _near_copy(a, b):
                continue
            hit = a.rect.inflate(4, 0).clip(b.rect)  # touching letters read as one word
            if hit.w > 1 and hit.h > 1:
                out.append(f"{a.text!r} {tuple(a.rect)} overlaps {b.text!r} {tuple(b.rect)}")
    return sorted(set(out))


@contextmanager
def recording(scale: float = 1.0) -> Iterator[LayoutRecorder]:
    """Text drawn inside the block, at text size `scale`, recorded on a 1280x720 canvas for
    `problems`; the size and the observer are put back after."""
    pygame.init()
    text.set_scale(scale)
    rec = LayoutRecorder(pygame.Surface((1280, 720)))
    text.observe(rec)
    try:
        yield rec
    finally:
        text.observe(None)
        text.set_scale(1.0)


class Words:
    """A text observer (`observing(Words())`) that keeps the words drawn on any surface, in
    order; with `rendered=True` also those only rendered (kept and blitted from an image later,
    as cached panels are)."""

    def __init__(self, rendered: bool = False) -> None:
        self.words: list[str] = []
        #: Each drawn text with where it went (on the surface it was drawn on).
        self.boxes: list[tuple[str, pygame.Rect]] = []
        self._rendered = rendered

    def text(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
             img: pygame.Surface) -> None:
        self.words.append(label)
        self.boxes.append((label, pygame.Rect(rect)))

    def rendered(self, img: pygame.Surface, label: str) -> None:
        if self._rendered:
            self.words.append(label)

    def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Panels are not words."""


@contextmanager
def observing(observer: Any) -> Iterator[Any]:
    """`observer` sees every text drawn inside the block (`game.ui.text.observe`), and no
    longer after it, whatever the block raises."""
    from game.ui import text

    text.observe(observer)
    try:
        yield observer
    finally:
        text.observe(None)
