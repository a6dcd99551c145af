"""games/blast package."""
