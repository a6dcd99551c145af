"""games/cabo package."""
