"""The lobby's options for Kaboom! cards turned into the rules' options: pure, no pygame.

The table, the demos and the headless `simulate` all read a `MatchSetup` through here, so a
simulation loads the rules and the AI only.
"""

from __future__ import annotations

from game.app.catalogue import MatchSetup
from game.games.cabo import RULEBOOK_OPENING
from game.games.cabo import rules as R


def options_from(setup: MatchSetup) -> R.CaboOptions:
    """The rules' options from the lobby's (a missing value takes the lobby's default: the
    quick opening, `R.OPENING_FLIPS` cards; only "until a slap" names the rulebook's)."""
    o = setup.options
    first = o.get("first_starter", "first player")
    return R.CaboOptions(players=len(setup.seats), rounds=int(o.get("rounds", R.DEFAULT_ROUNDS)),
                         first_starter=None if first == "random" else 0,
                         slap_window=float(o.get("slap_window", R.DEFAULT_SLAP_WINDOW)),
                         opening_flips=None if o.get("opening") == RULEBOOK_OPENING
                         else R.OPENING_FLIPS)

