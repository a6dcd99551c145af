"""Cosmic Kaboom (game id ``cosmic``): being built, and not in the catalogue yet.

So far the pure foundation: `data` (the decisions the rulebook leaves open, the planets and the
Advancement deck) and `rules` (the match state and every rule that needs no physics, applying
the world's `FlickOutcome`). No world, scene or AI yet, so nothing here is registered and the
game does not appear in the menu.
"""
