"""SDL settings for runs without a window or a sound card, kept free of pygame imports.

The command line sets them before anything imports pygame, so a headless `simulate` (which
loads no pygame at all) and `smoke`/`bench`/`screenshot` share one switch.
"""

from __future__ import annotations

import os


def prepare_headless_env() -> None:
    """No window, no sound card: must run before pygame is first imported."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
