"""games/tower package."""
