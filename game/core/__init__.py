"""Services every part of the game shares, with no pygame or pymunk: where files live, settings,
saves, statistics, logging and seeded randomness. Import the submodules directly, e.g.
``from game.core import paths``.
"""
