"""Kaboom! Collection: four tabletop Kaboom games on one screen."""

import os

# pygame's greeting is not for players: the terminal shows only what the game has to say.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
