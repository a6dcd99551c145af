"""scripts/mutants.py finds every decision and drawing step of a module and breaks each one
alone; the broken source still runs, and lines marked as equivalent are left alone."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent

SOURCE = '''\
RULE = 3


def decide(cards, draw):
    if not cards:
        return "draw"
    elif len(cards) > RULE:
        draw.note(len(cards))
        return "kaboom"
    while cards and cards[0] < 0:  # mutants: same
        cards = cards[1:]
    draw.circle(
        cards[0],
    )
    return "keep"
'''


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutants", ROOT / "scripts" / "mutants.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutants"] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


class Calls:
    def __init__(self) -> None:
        self.made: list[str] = []

    def note(self, n: int) -> None:
        self.made.append(f"note {n}")

    def circle(self, x: int) -> None:
        self.made.append(f"circle {x}")


def _run(source: str, cards: list[int]) -> tuple[str, list[str]]:
    space: dict[str, object] = {}
    exec(compile(source, "<mutant>", "exec"), space)  # noqa: S102 - the test's own source
    calls = Calls()
    decide = space["decide"]
    assert callable(decide)
    return decide(cards, calls), calls.made


def test_each_if_and_bare_call_in_a_function_is_a_mutant_and_marked_lines_are_not() -> None:
    tool = _tool()
    found = [(m.kind, m.line) for m in tool.find_mutants(SOURCE)]
    assert found == [("never", 5), ("always", 5), ("never", 7), ("always", 7), ("call", 8),
                     ("call", 12)]
    assert [m.line for m in tool.find_mutants(SOURCE, ("call",), range(1, 10))] == [8]


def test_every_mutant_still_runs_and_changes_what_the_code_does() -> None:
    tool = _tool()
    original = _run(SOURCE, [1, 2, 3, 4])
    assert original == ("kaboom", ["note 4"])
    for mutant in tool.find_mutants(SOURCE):
        mutated = tool.apply(SOURCE, mutant)
        hands: list[list[int]] = [[], [5], [1, 2, 3, 4]]
        outcomes: list[tuple[str, list[str]]] = []
        for cards in hands:
            try:
                outcomes.append(_run(mutated, cards))
            except IndexError as exc:
                outcomes.append((type(exc).__name__, []))
        assert outcomes != [_run(SOURCE, cards) for cards in hands], mutant


def test_bad_arguments_are_refused_in_words(capsys: object) -> None:
    tool = _tool()
    assert tool.main(["game/nothing_here.py", "tests"]) == 2
    assert tool.main(["game/cli.py", "tests", "--kinds", "sometimes"]) == 2
    assert tool.main(["game/cli.py", "tests", "--lines", "a-b"]) == 2
