"""Kaboom! An Explosive Card Game (game id ``blast``): walls, explosives and out-of-turn defences.

`data` holds the cards, the 108-card deck and the decisions the rulebook leaves open; `rules` is
the pure rules engine (no pygame, no pymunk). The game is not in the catalogue yet.
"""
