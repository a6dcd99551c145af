"""The lobby's options for Tower Kaboom turned into the rules' options: pure, no pygame.

The table, the demos and the headless `simulate` all read a `MatchSetup` through here.
"""

from __future__ import annotations

from game.app.catalogue import MatchSetup
from game.games.tower.ai import SIM_DIFFICULTIES
from game.games.tower.rules import TURN_SECONDS, Options


def options_from_setup(setup: MatchSetup) -> Options:
    """Rules options from the lobby's setup (unknown or missing values take defaults)."""
    rounds = setup.options.get("rounds", 3)
    closing = setup.options.get("closing_rule", False)
    timer = setup.options.get("sand_timer", TURN_SECONDS)
    ok = isinstance(timer, int | float) and not isinstance(timer, bool) and 10 <= timer <= 120
    return Options(
        players=len(setup.seats),
        rounds=int(rounds) if isinstance(rounds, int) and rounds >= 1 else 3,
        closing_rule=bool(closing),
        turn_seconds=float(timer) if ok else TURN_SECONDS,
    )


def ai_difficulty(name: str) -> str:
    """A seat's difficulty as the AI knows it: a level, or "random" (random legal play, which
    the command line can seat; the lobby offers only the levels). Unknown ones play easy."""
    return name if name in SIM_DIFFICULTIES else "easy"
