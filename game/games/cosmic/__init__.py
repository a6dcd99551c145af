"""games/cosmic package."""
