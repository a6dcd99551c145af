"""Pictures on the rules pages: each game names pictures drawn by its own art, and its page
places them beside the words that describe them.

A page marks a place with :func:`pic` (``<picture name=cube>``); :func:`resolve` turns each mark
into pygame-gui's ``<img>`` of a PNG drawn once per run into the cache folder (written atomically),
or into nothing when the picture cannot be drawn or written, so the words always stand alone.
No pygame at import time: a game's rules page (pure text) may import :func:`pic`, and the
headings every page writes in the house style (:func:`heading`, :func:`subheading`).
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)

HEADING_COLOUR = "#ffd23f"
"""The rules pages' headings' colour (pygame-gui's HTML takes it as #rrggbb)."""


def heading(title: str) -> str:
    """A rules-page heading in the house style (pygame-gui's HTML subset)."""
    return f"<font pixel_size=28 color={HEADING_COLOUR}><b>{title}</b></font><br><br>"


def subheading(title: str, colour: str) -> str:
    """A heading inside a rules page's section, bold in the game's own `colour` (#rrggbb),
    on a line of its own."""
    return f"<br><font color={colour}><b>{title}</b></font><br>"

_MARK = re.compile(r'<picture name="?([\w.-]+)"?(?: (left|right|inline))?>')
_SAFE = re.compile(r"[^\w.-]")
#: Space between a floating picture and the words beside it (top right bottom left, pixels).
_PAD = {"left": "2 18 10 0", "right": "2 0 10 18", "inline": "4 12 4 0"}


@dataclass(frozen=True)
class RulePicture:
    """One named picture of a rules page: `draw()` returns it drawn by the game's own art; the
    kit crops its transparent margin and fits it (aspect kept, enlarged at most `grow` times)
    into `box` pixels of the 1280x720 page (a set of pieces keeps one scale with `grow=1`)."""

    name: str
    box: tuple[int, int]
    draw: Callable[[], pygame.Surface]
    grow: float = 2.0


def pic(name: str, place: str = "left") -> str:
    """The mark for picture `name`: `left` or `right` floats it beside the paragraph that follows
    (the words wrap round it), `inline` sits it in the line like a word."""
    if place not in _PAD:
        raise ValueError(f"picture place {place!r} is not one of {', '.join(_PAD)}")
    return f'<picture name="{name}" {place}>'


def names_in(html: str) -> list[str]:
    """Every picture name a page marks, in page order."""
    return [m.group(1) for m in _MARK.finditer(html)]


def strip(html: str) -> str:
    """The page with every picture mark removed (the words alone)."""
    return _MARK.sub("", html)


def strip_images(html: str) -> str:
    """A resolved page with every `<img>` removed (its files could not be loaded)."""
    return re.sub(r"<img [^>]*>", "", html)


def fitted(surface: pygame.Surface, box: tuple[int, int], grow: float = 2.0) -> pygame.Surface:
    """`surface` cropped to what it draws and scaled (aspect kept, enlarged at most `grow`
    times) to fit inside `box`."""
    import pygame

    used = surface.get_bounding_rect()  # transparent margins do not count
    if used.w <= 0 or used.h <= 0:
        raise ValueError("the picture is empty")
    surface = surface.subsurface(used)
    w, h = used.size
    k = min(box[0] / w, box[1] / h, grow)
    size = (max(1, round(w * k)), max(1, round(h * k)))
    if size == (w, h):
        return surface.copy()
    if surface.get_bitsize() not in (24, 32):
        surface = surface.convert_alpha()
    return pygame.transform.smoothscale(surface, size)


def side_by_side(surfaces: Iterable[pygame.Surface], gap: int = 8) -> pygame.Surface:
    """`surfaces` in a row, left to right, centred on one line (a set of pieces as one picture)."""
    import pygame

    items = list(surfaces)
    w = sum(s.get_width() for s in items) + gap * max(0, len(items) - 1)
    h = max((s.get_height() for s in items), default=1)
    out = pygame.Surface((max(1, w), h), pygame.SRCALPHA)
    x = 0
    for s in items:
        out.blit(s, (x, (h - s.get_height()) // 2))
        x += s.get_width() + gap
    return out


def is_blank(surface: pygame.Surface) -> bool:
    """True when every pixel of `surface` is one colour (a picture that shows nothing)."""
    import pygame

    w, h = surface.get_size()
    if w == 0 or h == 0:
        return True
    small = pygame.transform.scale(surface, (min(w, 48), min(h, 48)))
    first = small.get_at((0, 0))
    return all(small.get_at((x, y)) == first
               for x in range(small.get_width()) for y in range(small.get_height()))


def _write(surface: pygame.Surface, path: Path) -> None:
    """Save `surface` as the PNG `path`, atomically (a reader never sees half a file)."""
    import pygame

    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".png", dir=path.parent)
    os.close(fd)
    try:
        pygame.image.save(surface, tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class PictureCache:
    """The PNG of each game's rules pictures. A file drawn by this version of the game's code
    (its name carries a stamp of the sources) is reused across runs; otherwise the picture is
    drawn once per run, written atomically, and older versions of it are removed. A failure is
    remembered for the run, so a broken art function is not retried on every page."""

    def __init__(self, folder: Callable[[], Path] | None = None,
                 sources: Callable[[str], Iterable[Path]] | None = None) -> None:
        self._folder = folder
        self._sources = sources or source_folders
        self._done: dict[tuple[Path, str, str], Path | None] = {}
        self._stamps: dict[str, str] = {}

    def folder(self) -> Path:
        if self._folder is not None:
            return self._folder()
        from game.core import paths

        return paths.cache_dir() / "rules"

    def paths(self, game_id: str, pictures: Iterable[RulePicture]) -> dict[str, Path]:
        """Name -> PNG of every picture of `game_id` that could be drawn and written."""
        out: dict[str, Path] = {}
        try:
            folder = self.folder()
        except OSError:
            log.warning("no cache folder for the rules pictures; the pages show words alone",
                        exc_info=True)
            return out
        for p in pictures:
            key = (folder, game_id, p.name)
            path = self._done.get(key)
            if key not in self._done or (path is not None and not path.is_file()):
                # Once per run and folder; again only if its file has gone since.
                self._done[key] = path = self._find_or_make(folder, game_id, p)
            if path is not None:
                out[p.name] = path
        return out

    def _stamp(self, game_id: str) -> str:
        """A short hash of the game's version and its drawing code's files (names, sizes, times):
        a picture file with another stamp was drawn by other code."""
        got = self._stamps.get(game_id)
        if got is None:
            from game import __version__

            h = hashlib.sha1(__version__.encode())
            for folder in self._sources(game_id):
                for f in sorted(folder.rglob("*.py")) if folder.is_dir() else ():
                    st = f.stat()
                    h.update(f"{f.name}:{st.st_size}:{st.st_mtime_ns};".encode())
            got = self._stamps[game_id] = h.hexdigest()[:10]
        return got

    def _find_or_make(self, folder: Path, game_id: str, p: RulePicture) -> Path | None:
        try:
            stem = f"{_SAFE.sub('_', game_id)}-{_SAFE.sub('_', p.name)}"
            box = f"{p.box[0]}x{p.box[1]}x{p.grow:g}"
            path = folder / f"{stem}-{box}-{self._stamp(game_id)}.png"
            if path.is_file():
                return path
            surface = fitted(p.draw(), p.box, p.grow)
            if is_blank(surface):
                raise ValueError("the picture is one colour")
            folder.mkdir(parents=True, exist_ok=True)
            _write(surface, path)
            for old in folder.glob(f"{stem}-*.png"):
                if old != path:
                    old.unlink(missing_ok=True)
            return path
        except Exception:  # any art or disk failure: the page keeps its words
            log.warning("rules picture %s/%s not drawn; the page shows the words alone",
                        game_id, p.name, exc_info=True)
            return None


def source_folders(game_id: str) -> list[Path]:
    """The folders whose code draws a game's pictures: the game's own (the package that
    registered it, wherever it lives) and the kit's art."""
    from game.app import catalogue

    root = Path(__file__).resolve().parents[1]
    package = catalogue.package_of(game_id)
    try:
        own = catalogue.game_folder(package) if package else root / "games" / game_id
    except (ImportError, ValueError):
        own = root / "games" / game_id
    return [own, root / "ui", root / "tabletop"]


CACHE = PictureCache()


def resolve(html: str, pictures: Mapping[str, Path]) -> str:
    """`html` with each mark replaced by the `<img>` of its PNG, or removed when it has none."""

    def one(m: re.Match[str]) -> str:
        path = pictures.get(m.group(1))
        if path is None:
            return ""
        place = m.group(2) or "left"
        float_attr = "" if place == "inline" else f" float={place}"
        src = str(path).replace('"', "")
        return f'<img src="{src}"{float_attr} padding="{_PAD[place]}">'

    return _MARK.sub(one, html)


def keep_colons(html: str) -> str:
    """A colon after a bold, italic or coloured lead-in moved inside it: pygame-gui may break a
    line between two styled chunks, and a colon must never start a line ("Aqueduct" / ": arch")."""
    for tag in ("</b>", "</i>", "</font>"):
        while f"{tag}:" in html:
            html = html.replace(f"{tag}:", f":{tag}")
    return html


def page_with_pictures(game_id: str, html: str,
                       pictures: Callable[[], Iterable[RulePicture]] | None,
                       cache: PictureCache = CACHE) -> str:
    """The rules page `html` with its pictures drawn in (the words alone where one fails) and
    every colon kept with the word before it."""
    html = keep_colons(html)
    if pictures is None or not names_in(html):
        return strip(html)
    try:
        made = cache.paths(game_id, pictures())
    except Exception:
        log.warning("rules pictures of %s not listed; the page shows the words alone", game_id,
                    exc_info=True)
        made = {}
    return resolve(html, made)
