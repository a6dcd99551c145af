"""How a Dice Race save is versioned and checked before the table sees it (pure Python)."""

from __future__ import annotations

from typing import Any

from game.core.bounds import MAX_COUNT, check_count, check_seed, check_sizes
from game.core.saves import GameFormat
from tests.fifthgame import rules as R

SAVE_VERSION = 1


def check(state: dict[str, Any]) -> None:
    """Raise unless `state` (`{"setup", "game"}`) is a race the table can run."""
    game = state["game"]
    if not isinstance(game, dict) or game.get("version") != SAVE_VERSION:
        raise ValueError("not a Dice Race save of this version")
    check_sizes(game, "the save")
    rules = R.State.from_dict(game["rules"])
    if rules.players != len(state["setup"]["seats"]):
        raise ValueError(f"the rules have {rules.players} players, the setup "
                         f"{len(state['setup']['seats'])} seats")
    check_seed(rules.seed)
    check_count(rules.rolls, "the rolls", 0, MAX_COUNT)
    for score in rules.scores:
        check_count(score, "a score", 0, rules.options.target + 6 * MAX_COUNT)
    if rules.is_over:
        raise ValueError("the race in the save is already over")


FORMAT = GameFormat(version=SAVE_VERSION, upgraders={}, check=check)
