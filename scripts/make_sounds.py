#!/usr/bin/env python3
"""Synthesize the collection's sounds into WAV files: the kit's into assets/sounds/, each
registered game's own (its folder's `sounds.py`) into that folder's assets/sounds/.

Pure standard library and deterministic: each sound draws from its own Random seeded by its id,
so a run always writes the same bytes. The recipes are in `game.ui.kit_sounds` and the games'
folders, the building blocks in `game.ui.synth`; games are found through the catalogue
(`GAME_MODULES`). Usage: `python scripts/make_sounds.py [--only ID ...] [--out DIR]`.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
import wave
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere: this checkout's `game` package
    sys.path.insert(0, str(ROOT))

from game.app.catalogue import GAME_MODULES, game_folder  # noqa: E402
from game.ui.kit_sounds import KIT  # noqa: E402
from game.ui.synth import SR, Signal, SoundBook  # noqa: E402

__all__ = ["SR", "books", "main", "render", "render_pcm"]


def books() -> list[tuple[SoundBook, Path]]:
    """Every recipe book with the folder its files belong in: the kit's, then each game's."""
    out = [(KIT, ROOT / "assets" / "sounds")]
    for module in GAME_MODULES:
        if importlib.util.find_spec(f"{module}.sounds") is None:
            continue  # a game with no sounds of its own
        book = importlib.import_module(f"{module}.sounds").SOUNDS
        out.append((book, game_folder(module) / "assets" / "sounds"))
    seen: dict[str, int] = {}
    for i, (book, _) in enumerate(out):
        for name in book:
            if name in seen:
                raise ValueError(f"sound {name!r} is in two books: ids are shared by every game")
            seen[name] = i
    return out


def _book_of(name: str) -> tuple[SoundBook, Path]:
    for book, folder in books():
        if name in book:
            return book, folder
    raise KeyError(f"unknown sound {name!r}")


def render(name: str) -> Signal:
    """Build one sound by id, finished and normalised (floats in -1..1)."""
    return _book_of(name)[0].render(name)


def render_pcm(name: str) -> bytes:
    """One sound as 16-bit little-endian PCM bytes."""
    return _book_of(name)[0].render_pcm(name)


def main(out_dir: Path | None = None, names: Iterable[str] | None = None) -> list[Path]:
    """Write the chosen sounds (all by default) as WAV files, each into its book's folder (or all
    into out_dir); return their paths."""
    wanted = None if names is None else list(names)
    all_books = books()
    known = {n for book, _ in all_books for n in book}
    for name in wanted or ():
        if name not in known:
            raise KeyError(f"unknown sound {name!r}")
    written: list[Path] = []
    for book, folder in all_books:
        chosen = [n for n in book if wanted is None or n in wanted]
        if chosen:
            written += book.write(Path(out_dir) if out_dir is not None else folder, chosen)
    return written


def _cli(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="one output folder for all")
    parser.add_argument("--only", nargs="+", metavar="ID", help="only these sound ids")
    args = parser.parse_args(argv)
    for path in main(args.out, args.only):
        with wave.open(str(path), "rb") as w:
            secs = w.getnframes() / w.getframerate()
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
              f"  {secs:5.2f} s  {path.stat().st_size / 1024:6.1f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(_cli())
