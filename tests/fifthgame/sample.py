"""How Dice Race's real sample save is written (`python -m tests.fifthgame.sample`), and what
the contract tests need to know of it: a fifth game gets every one of them through this recipe.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

SAMPLE = "save-v1-dicerace.json"
SHORT_OPTIONS: list[str] = ["target=20"]
"""Options that keep a whole match short, for the contract tests that play one."""


def make_sample(app: Any, driver: Any) -> Path:
    """A three-player race (you on the mouse, two AIs), saved at your turn once every seat has
    banked or bust at least twice."""
    from game.app import catalogue
    from game.app.catalogue import MatchSetup
    from tests.fifthgame.scene import BANK, ROLL, DiceScene

    info = catalogue.get("dicerace")
    assert info is not None
    setup = MatchSetup("dicerace", catalogue.parse_players("human,ai:hard,ai:medium", info),
                       info.default_options(), 31)
    scene = info.make_scene(app, setup, None)
    assert isinstance(scene, DiceScene)
    app.stack.push(scene)
    app.stack.apply_requests()
    for _ in range(20000):
        state = scene.state
        if state.is_over:
            raise SystemExit("the race ended before the sample was taken")
        if state.turn == 0 and state.move >= 12 and state.pot == 0:
            break
        if state.turn == 0:
            driver.click((BANK if state.pot >= 10 else ROLL).center)
        else:
            driver.step()
    else:
        raise SystemExit("the race never came back to you")
    return Path(app.saves.path_for("dicerace", autosave=True))


def _rules(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return lambda doc: change(doc["state"]["game"]["rules"])


BAD_GAME_STATES: dict[str, Callable[[dict[str, Any]], None]] = {
    "turn-out-of-range": _rules(lambda r: r.update(turn=7)),
    "players-mismatch": _rules(lambda r: r["options"].update(players=4)),
    "target-unknown": _rules(lambda r: r["options"].update(target=21)),
    "score-negative": _rules(lambda r: r["scores"].__setitem__(0, -5)),
    "die-of-nine": _rules(lambda r: r.update(last=9)),
    "already-won": _rules(lambda r: r["scores"].__setitem__(1, 99)),
    "rules-a-list": lambda d: d["state"]["game"].update(rules=[1, 2]),
    "seed-too-large": _rules(lambda r: r.update(seed=10**40)),
}
"""Damage inside Dice Race's own part of a save: each refused at load, moved aside and told."""

REFUSED_SAMPLES: tuple[str, ...] = ()
"""Old samples that can no longer be resumed (none: version 1 is the first)."""


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import tests.fifthgame

    tests.fifthgame.register()
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "saves"))
    import make_samples

    sys.exit(make_samples.main(["dicerace"]))
