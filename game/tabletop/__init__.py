"""tabletop package."""
