"""The lobby's options for Dice Race turned into the rules' options (no pygame)."""

from __future__ import annotations

from game.app.catalogue import MatchSetup
from tests.fifthgame import rules as R


def options_from(setup: MatchSetup) -> R.Options:
    """The rules' options from the lobby's (a missing target takes the default)."""
    return R.Options(players=len(setup.seats),
                     target=int(setup.options.get("target", R.DEFAULT_TARGET)))
