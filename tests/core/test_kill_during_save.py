"""A process killed (SIGKILL) at random moments while it writes saves always leaves a valid save.

A forked child writes a cabo-sized save over and over through the real :class:`SaveStore`; the test
kills it at a random moment, then loads what is on disk. Every time the save must load with no
problem and be whole (its checksum matches), and the next start removes the half-written
temporary files the kills left behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import time
from pathlib import Path

import pytest

from game.core.jsonio import remove_stale_temps
from game.core.saves import SaveStore

from .helpers import temp_files

KILLS = 15
"""Kills at least: a save written in place (no temporary file) failed within the first 10 in
every try."""
MAX_KILLS = 100
"""Kills at most, going on past KILLS until one has landed in the middle of a write (the first
such came anywhere from the 2nd kill to past the 50th)."""


def _write_forever(folder: Path, ready: int) -> None:
    """The child: write a cabo-sized save again and again through the real SaveStore."""
    store = SaveStore(folder)
    n = 0
    while True:
        n += 1
        cards = [f"{n}-{i}" for i in range(3000)]  # about the size of a real cabo save
        digest = hashlib.sha256(json.dumps(cards).encode()).hexdigest()
        store.save("cabo", {"n": n, "cards": cards, "digest": digest}, seed=n,
                   autosave=n % 2 == 0)
        if n == 1:
            os.write(ready, b"saved\n")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")
def test_kill_while_saving_always_leaves_a_valid_save(tmp_path: Path) -> None:
    rng = random.Random(1234)
    highest = 0
    killed_mid_write = 0
    for kill in range(1, MAX_KILLS + 1):
        if kill > KILLS and killed_mid_write:
            break
        read_end, write_end = os.pipe()
        pid = os.fork()  # fork, not a new interpreter: kills stay within a few seconds
        if pid == 0:  # pragma: no cover - the child never returns
            try:
                os.close(read_end)
                _write_forever(tmp_path, write_end)
            finally:
                os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end, "rb") as ready:
            assert ready.readline() == b"saved\n"  # one whole save exists
        time.sleep(rng.uniform(0.0, 0.02))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        killed_mid_write += bool(temp_files(tmp_path))
        store = SaveStore(tmp_path)
        for found in store.candidates("cabo"):
            state = found.state
            digest = hashlib.sha256(json.dumps(state["cards"]).encode()).hexdigest()
            assert digest == state["digest"] and found.seed == state["n"]
        save = store.load("cabo")
        assert store.problems == [] and save is not None
        highest = max(highest, int(save.state["n"]))
        assert not list(tmp_path.glob("*.corrupt-*"))
    assert highest > 1  # the kills landed in the middle of the write loop...
    assert killed_mid_write > 0  # ...and some in the middle of a write
    # The next start removes what the kills left half-written (ours only, and only stale ones).
    for tmp in temp_files(tmp_path):
        os.utime(tmp, (time.time() - 3600, time.time() - 3600))
    remove_stale_temps(tmp_path)
    assert temp_files(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cabo.autosave.json", "cabo.json"]
