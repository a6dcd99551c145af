"""Kaboom! Collection: four tabletop Kaboom games on one screen."""

__version__ = "0.1.0"
