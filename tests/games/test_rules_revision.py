"""A game's rules revision moves when its rules change: each game's pinned replay
(`tests/data/replays/<game>.json`, recorded by `scripts/record_replays.py`) must still verify
under the current rules, at the current `RULES`. A rules change that makes it diverge fails
here, naming the revision to move; a moved revision fails here until the replay is re-recorded.
A fifth game gets this test by registering and recording its replay."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

from game.app import catalogue
from game.core import replay

PINNED = Path(__file__).resolve().parents[1] / "data" / "replays"


def replay_module(game_id: str) -> ModuleType | None:
    package = catalogue.package_of(game_id)
    try:
        return importlib.import_module(f"{package}.replay") if package else None
    except ImportError:
        return None


GAMES = [g.id for g in catalogue.games() if replay_module(g.id) is not None]


def test_every_game_with_replays_is_pinned() -> None:
    assert set(GAMES) == {"cabo", "tower", "cosmic", "blast"} or len(GAMES) >= 4
    missing = [g for g in GAMES if not (PINNED / f"{g}.json").exists()]
    assert not missing, f"record them: python scripts/record_replays.py {' '.join(missing)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_pinned_replay_verifies_under_the_current_rules(game_id: str) -> None:
    module = replay_module(game_id)
    assert module is not None
    rep = replay.load(PINNED / f"{game_id}.json")
    where = f"game/games/{game_id}/replay.py"
    assert rep.rules == module.RULES, (
        f"{game_id}'s RULES moved to {module.RULES} (the pinned replay is revision {rep.rules}): "
        f"re-record it with `python scripts/record_replays.py {game_id}`")
    verdict = module.verify(rep)
    assert verdict.ok, (
        f"{game_id}'s rules changed: the pinned replay diverged ({verdict.message}). Move RULES "
        f"in {where} (so old replays are refused in words) and re-record with "
        f"`python scripts/record_replays.py {game_id}`")
    assert verdict.checked > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_of_the_previous_revision_is_refused_in_words(game_id: str) -> None:
    module = replay_module(game_id)
    assert module is not None
    rep = replay.load(PINNED / f"{game_id}.json")
    rep.rules = module.RULES - 1
    with pytest.raises(replay.ReplayError, match="recorded before the game's rules changed"):
        module.verify(rep)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("moved", [-1, 1])
def test_watch_again_refuses_another_revision_in_words(app: object, game_id: str,
                                                       moved: int) -> None:
    """Every Watch again table (the kit's `WatchTable.open_replay`) refuses a file of an older
    or newer rules revision in words, before it deals (Kaboom! cards' table did not ask)."""
    from game.app.menus.replays import watch_builder

    module = replay_module(game_id)
    build = watch_builder(game_id)
    assert module is not None and build is not None
    rep = replay.load(PINNED / f"{game_id}.json")
    rep.rules = module.RULES + moved
    words = "recorded before the game's rules changed" if moved < 0 else "from a newer"
    with pytest.raises(replay.ReplayError, match=words):
        build(app, rep)  # type: ignore[arg-type]
