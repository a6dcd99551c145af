"""The README a newcomer reads: CI's commands first, the catalogue's games, no outside paths."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from game.app import catalogue
from tests.contract import is_shipped

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
LAUNCH = ("python3 -m venv .venv && .venv/bin/python -m pip install -e . && "
          ".venv/bin/python -m game")
TEST = ('python3 -m venv .venv && .venv/bin/python -m pip install -e ".[test]" && '
        ".venv/bin/python -m pytest")


def load_script() -> ModuleType:
    """Import scripts/readme_games.py (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("readme_games",
                                                  REPO / "scripts" / "readme_games.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def code_blocks(text: str) -> list[str]:
    return [b.strip() for b in re.findall(r"```\n(.*?)```", text, re.S)]


def test_readme_opens_with_ci_install_commands() -> None:
    blocks = code_blocks(README)
    assert blocks[:2] == [LAUNCH, TEST]
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "-m pytest" in ci  # the test command is the one CI runs


def shipped() -> list[catalogue.GameInfo]:
    """The catalogue's games players get (the test session also registers tests/fifthgame)."""
    return [g for g in catalogue.games() if is_shipped(g.id)]


def test_games_table_matches_the_catalogue() -> None:
    script = load_script()
    games = shipped()  # the README names what players get, not the tests' own game
    assert script.replace_block(README, script.games_block(games)) == README, \
        "stale: run python scripts/readme_games.py"
    rows = re.findall(r"^\| `([a-z_]+)` \| (.+?) \| .+ \| (\d+)-(\d+) \|$", README, re.M)
    assert [(i, t, int(a), int(b)) for i, t, a, b in rows] == [
        (g.id, g.title, g.min_players, g.max_players) for g in games]


def test_games_block_counts_and_lists_every_game() -> None:
    script = load_script()
    games = catalogue.games()
    block = script.games_block(games[:1])
    assert block.startswith("One game is in so far")
    assert f"`{games[0].id}`" in block and (len(games) < 2 or games[1].title not in block)


def test_readme_needs_nothing_outside_the_repo_and_says_how_to_start_again() -> None:
    assert "../" not in README
    assert ".venv/bin/kaboom" in README and ".venv/bin/python -m game" in README
    assert "Four tabletop games" not in README


def test_credits_name_exactly_the_catalogue_games() -> None:
    from game.app.menus.credits import TOOLS, credits

    entries = credits()
    titles = [t for t, _ in entries]
    games = catalogue.games()
    assert titles == ["Kaboom! Collection", *(g.title for g in games), *(t for t, _ in TOOLS)]
    assert all(body for _, body in entries)


def test_controls_table_names_the_default_keys_and_towers_use_of_back() -> None:
    """The Controls table's keys are the default bindings, and its back row says what back
    does in Tower Kaboom, where a keyboard or pad builder's back fetches the next block (a
    stranger read "back: Tab" and did not expect Tab to fetch a block)."""
    from game.app.input import PAD_WORDS
    from game.core.settings import DEFAULT_KEYS1, DEFAULT_KEYS2

    rows = dict(re.findall(r"^\| (back[^|]*?) \| (.+?) \|$", README, re.M))
    assert len(rows) == 1
    (label, keys), = rows.items()
    left, right, pad = (k.strip() for k in keys.split("|"))
    assert (left.lower(), right.lower(), pad) == (DEFAULT_KEYS1["back"], DEFAULT_KEYS2["back"],
                                                  PAD_WORDS["back"])
    assert "Tower" in label and "fetch" in label
    assert "pause (Esc, P, Start)" in README
