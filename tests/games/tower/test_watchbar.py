"""Watch again's bar says where the play-back is in a player's words (a stranger read
"step 1157" as nothing): the turn, its builder and the sand left; then that the match is over.
(The play-back table itself is tested in tests/games/test_replays.py; here only its words, on
a real match, without simulating one.)"""

from __future__ import annotations

from types import SimpleNamespace

from game.core.voice import Voice
from game.games.tower.rules import Options, new_match
from game.games.tower.scene import Stage
from game.games.tower.turn import TurnController
from game.games.tower.watch import TowerWatchScene


def test_the_watch_bar_tells_the_turn_its_builder_and_the_sand_left() -> None:
    match = new_match(Options(players=2, rounds=1), 7, ["Ana", "Ben"])
    table = SimpleNamespace(match=match, stage=Stage.READY, turn=None, names=["Ana", "Ben"],
                            voice=Voice(["Ana", "Ben"]))
    status = TowerWatchScene.watch_status
    assert status(table) == "Turn 1/2: Ana builds"  # type: ignore[arg-type]
    table.turn = TurnController(match)
    table.stage = Stage.PLAY
    for _ in range(int(60 * 4.5)):
        table.turn.step()
    assert status(table) == "Turn 1/2: Ana builds, 26 s left"  # type: ignore[arg-type]
    while not table.turn.done:
        table.turn.step()
    table.stage = Stage.OVER
    assert status(table) == "The match is over"  # type: ignore[arg-type]


def test_the_watch_bar_says_you_build_not_you_builds() -> None:
    """A stranger's replay read "Turn 1/2: You builds": the bar speaks in the game's voice."""
    match = new_match(Options(players=2, rounds=1), 7, ["You", "Ben"])
    table = SimpleNamespace(match=match, stage=Stage.READY, turn=None, names=["You", "Ben"],
                            voice=Voice(["You", "Ben"], you=0))
    assert TowerWatchScene.watch_status(table) == "Turn 1/2: You build"  # type: ignore[arg-type]


def test_the_watch_bar_covers_none_of_the_tray(app: object, driver: object) -> None:
    """A stranger's Watch again bar lay over the block tray's front row: the table is raised
    over the bar's own strip, the whole tray above it, as the turn is played back."""
    from typing import Any

    from game.app.scenes import named_scenes
    from game.games.tower import art
    from game.games.tower.watch import BAR, WIDE_BAR

    a: Any = app
    drv: Any = driver
    a.stack.push(named_scenes()["tower.watch"].build(a, 1))
    a.stack.apply_requests()
    scene = a.stack.top
    for _ in range(600):
        drv.step()
        if scene.stage == Stage.PLAY:
            break
    drv.run(30)
    assert scene.stage == Stage.PLAY
    v = scene.camera.view
    tray_bottom = v.to_screen((0.0, float(art.TRAY_RECT.bottom)))[1]
    assert tray_bottom <= min(BAR.top, WIDE_BAR.top)
    top_row = v.to_screen((0.0, float(art.TRAY_RECT.top)))[1]
    assert top_row > 300  # still the table's foot, not lifted off the screen
