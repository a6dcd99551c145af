"""Tests for game.core (a package, so module names cannot clash with other test folders)."""
