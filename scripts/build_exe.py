#!/usr/bin/env python3
"""Build the onedir executable from build/kaboom.spec, then optionally smoke-test and measure it.

Work and dist folders always go outside the source tree (default: <system temp>/kaboom-build/).
Run it with the Python that has the game and PyInstaller installed (`pip install -e ".[build]"`):

    python scripts/build_exe.py                     # build into <tmp>/kaboom-build/dist/kaboom/
    python scripts/build_exe.py --smoke --measure 5 # + frozen `kaboom smoke`, size, startup time
    python scripts/build_exe.py --dist ~/kaboom-release

Exit status: 0 on success, 1 if the build, the smoke test or a measurement run failed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "kaboom.spec"
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def frozen_exe(dist: Path) -> Path:
    """The console executable inside the onedir build (on Windows `kaboom.exe` is windowed)."""
    if sys.platform == "win32":
        return dist / "kaboom" / "kaboom-console.exe"
    return dist / "kaboom" / "kaboom"


def outside_repo(path: Path) -> bool:
    path = path.resolve()
    return path != ROOT and ROOT not in path.parents


def folder_size(folder: Path) -> tuple[int, int]:
    """Bytes and count of the regular files under folder (symlinks are not followed or counted)."""
    total = count = 0
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            st = os.lstat(os.path.join(dirpath, name))
            if not os.path.islink(os.path.join(dirpath, name)):
                total += st.st_size
                count += 1
    return total, count


def build(work: Path, dist: Path) -> int:
    cmd = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm",
           "--log-level", "WARN", "--workpath", str(work), "--distpath", str(dist)]
    print("+", " ".join(cmd), flush=True)
    start = time.perf_counter()
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}  # hooks import pygame: no banner
    rc = subprocess.run(cmd, cwd=ROOT, env=env, stdin=subprocess.DEVNULL).returncode
    print(f"build: exit {rc} in {time.perf_counter() - start:.1f}s", flush=True)
    return rc


def run_frozen(exe: Path, args: list[str], home: Path, timeout: float,
               quiet: bool = False) -> tuple[int, float]:
    env = {**os.environ, **HEADLESS, "KABOOM_HOME": str(home)}
    start = time.perf_counter()
    try:
        proc = subprocess.run([str(exe), *args], env=env, stdin=subprocess.DEVNULL,
                              timeout=timeout, capture_output=quiet, text=True)
    except subprocess.TimeoutExpired:
        print(f"{exe.name} {' '.join(args)}: timed out after {timeout:.0f}s", flush=True)
        return 124, timeout
    seconds = time.perf_counter() - start
    if quiet and proc.returncode != 0:
        print(proc.stdout, proc.stderr, sep="\n", flush=True)
    return proc.returncode, seconds


def main(argv: list[str] | None = None) -> int:
    default = Path(tempfile.gettempdir()) / "kaboom-build"
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--work", type=Path, default=default / "work", help="PyInstaller work folder")
    p.add_argument("--dist", type=Path, default=default / "dist", help="PyInstaller dist folder")
    p.add_argument("--no-build", action="store_true", help="reuse an existing build in --dist")
    p.add_argument("--smoke", action="store_true", help="run the frozen `kaboom smoke` headless")
    p.add_argument("--smoke-frames", type=int, default=300, metavar="N")
    p.add_argument("--measure", type=int, default=0, metavar="RUNS",
                   help="print the build's size and the median start-to-first-frame time")
    args = p.parse_args(argv)

    for name in ("work", "dist"):
        if not outside_repo(getattr(args, name)):
            p.error(f"--{name} {getattr(args, name)} is inside the source tree; pick a folder "
                    "outside it")
    if not args.no_build and build(args.work.resolve(), args.dist.resolve()) != 0:
        return 1
    exe = frozen_exe(args.dist.resolve())
    if not exe.is_file():
        print(f"no executable at {exe}", flush=True)
        return 1
    print(f"executable: {exe}", flush=True)

    failed = False
    with tempfile.TemporaryDirectory(prefix="kaboom-frozen-") as tmp:
        home = Path(tmp)
        if args.smoke:
            print(f"\n+ {exe.name} smoke --frames {args.smoke_frames}  (headless, "
                  f"KABOOM_HOME={home})", flush=True)
            rc, secs = run_frozen(exe, ["smoke", "--frames", str(args.smoke_frames)], home, 600)
            print(f"frozen smoke: exit {rc} in {secs:.1f}s", flush=True)
            failed |= rc != 0
        if args.measure > 0:
            size, count = folder_size(exe.parent)
            print(f"\nfrozen size: {size / 2**20:.1f} MiB in {count} files ({exe.parent})")
            shot = home / "first-frame.png"
            times = []
            for _ in range(args.measure):
                rc, secs = run_frozen(exe, ["screenshot", "menu", "--out", str(shot),
                                            "--frames", "1"], home, 120, quiet=True)
                if rc != 0:
                    print(f"screenshot run failed with exit {rc}")
                    failed = True
                    break
                times.append(secs)
            if times:
                runs = " ".join(f"{t:.2f}" for t in times)
                print(f"start to first frame (screenshot menu --frames 1, wall): median "
                      f"{statistics.median(times):.2f}s over {len(times)} runs [{runs}]",
                      flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
