"""Break a module's decisions one at a time and see whether the tests notice.

    python scripts/mutants.py game/games/cabo/ai.py tests/games/cabo/test_ai.py
    python scripts/mutants.py game/games/blast/art.py tests/games/blast/test_art.py --kinds call
    python scripts/mutants.py MODULE TESTS... [--kinds never,always,call] [--lines 40-120] [--json]

Each mutant changes one place in MODULE, in a scratch copy of the project (the checkout is
never touched):

- never:  an `if` (or `elif`, or `while`) inside a function gets the condition `False`: the rule
          never fires (a guard removed);
- always: that condition becomes `True`: the rule always fires;
- call:   a statement that is only a call (`pygame.draw.circle(...)`, `surface.blit(...)`,
          `self._remember(...)`) becomes `pass`: a drawing or a bookkeeping step skipped.

The TESTS are run against each mutant (`pytest -x`, one process). A mutant they still pass
"survives": a rule, a guard or a drawing no test looks at. That is a hole to close with a test
(or, for a mutant that cannot change behaviour, a `# mutants: same` comment on its line, and
the mutant is left out). Exit status: 0 when none survived, 1 otherwise, 2 for bad arguments.

It is slow by nature (one test run per mutant): a tool for finding holes, not part of the suite.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("never", "always", "call")
#: A line carrying this comment is never mutated: its mutant would behave the same.
SAME = "# mutants: same"
#: Folders of the project a test run needs (the scratch copy holds these).
COPIED = ("game", "tests", "assets", "saves", "scripts", "pyproject.toml")


@dataclass(frozen=True)
class Mutant:
    """One change to the module: `kind` at `line`, replacing source[start:end] by `text`."""

    kind: str
    line: int
    start: int
    end: int
    text: str
    source_line: str


@dataclass
class Outcome:
    """What the tests made of one mutant."""

    kind: str
    line: int
    source_line: str
    survived: bool
    seconds: float
    detail: str = ""


def _offset(lines: list[str], lineno: int, col: int) -> int:
    """The character offset in the whole source of (1-based line, byte column)."""
    before = sum(len(line) for line in lines[:lineno - 1])
    return before + len(lines[lineno - 1].encode()[:col].decode())


def find_mutants(source: str, kinds: tuple[str, ...] = KINDS,
                 lines: range | None = None) -> list[Mutant]:
    """Every mutant of `source` of the given kinds, in source order."""
    tree = ast.parse(source)
    text_lines = source.splitlines(keepends=True)
    found: list[Mutant] = []

    def wanted(lineno: int) -> bool:
        return (lines is None or lineno in lines) and SAME not in text_lines[lineno - 1]

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if in_function and isinstance(child, ast.If | ast.While) and wanted(child.lineno):
                test = child.test
                assert test.end_lineno is not None and test.end_col_offset is not None
                start = _offset(text_lines, test.lineno, test.col_offset)
                end = _offset(text_lines, test.end_lineno, test.end_col_offset)
                shown = text_lines[child.lineno - 1].strip()
                if "never" in kinds:
                    found.append(Mutant("never", child.lineno, start, end, "False", shown))
                if "always" in kinds and isinstance(child, ast.If):
                    found.append(Mutant("always", child.lineno, start, end, "True", shown))
            if (in_function and "call" in kinds and isinstance(child, ast.Expr)
                    and isinstance(child.value, ast.Call) and wanted(child.lineno)):
                assert child.end_lineno is not None and child.end_col_offset is not None
                start = _offset(text_lines, child.lineno, child.col_offset)
                end = _offset(text_lines, child.end_lineno, child.end_col_offset)
                found.append(Mutant("call", child.lineno, start, end, "pass",
                                    text_lines[child.lineno - 1].strip()))
            visit(child, inside)

    visit(tree, False)
    return sorted(found, key=lambda m: (m.line, KINDS.index(m.kind)))


def apply(source: str, mutant: Mutant) -> str:
    """`source` with `mutant` made; the result still parses."""
    text = mutant.text if mutant.kind == "call" else f"({mutant.text})"
    return source[:mutant.start] + text + source[mutant.end:]


def _scratch() -> Path:
    """A copy of the project's code, tests and assets to mutate (the checkout is left alone)."""
    where = Path(tempfile.mkdtemp(prefix="kaboom-mutants-"))
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, where / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.exists():
            shutil.copy2(src, where / name)
    return where


def _run_tests(where: Path, tests: list[str], timeout: float) -> tuple[bool, str]:
    """Whether the tests pass in `where` (a timeout counts as caught), and their last line."""
    env = {**os.environ, "PYTHONPATH": str(where), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
           "-o", "addopts=", *tests]
    try:
        done = subprocess.run(cmd, cwd=where, env=env, capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {timeout:.0f} s"
    tail = (done.stdout.strip().splitlines() or [""])[-1]
    return done.returncode == 0, tail


def _parse_lines(spec: str | None) -> range | None:
    if not spec:
        return None
    first, _, last = spec.partition("-")
    return range(int(first), int(last or first) + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mutants", description=__doc__.split("\n\n")[0])
    parser.add_argument("module", help="the module to mutate, e.g. game/games/cabo/ai.py")
    parser.add_argument("tests", nargs="+", help="test files or folders that should notice")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help="comma-separated: never, always, call (default: all)")
    parser.add_argument("--lines", help="only these lines of the module, e.g. 300-420")
    parser.add_argument("--json", action="store_true", help="print the outcomes as JSON")
    args = parser.parse_args(argv)
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    bad = [k for k in kinds if k not in KINDS]
    module = (ROOT / args.module).resolve()
    if bad or not module.is_file() or ROOT not in module.parents:
        why = f"unknown kinds {bad}" if bad else f"no module {args.module} in the project"
        print(f"mutants: {why}", file=sys.stderr)
        return 2
    try:
        lines = _parse_lines(args.lines)
    except ValueError:
        print(f"mutants: --lines wants FIRST-LAST, got {args.lines!r}", file=sys.stderr)
        return 2
    source = module.read_text(encoding="utf-8")
    mutants = find_mutants(source, kinds, lines)
    where = _scratch()
    target = where / module.relative_to(ROOT)
    try:
        t0 = time.perf_counter()
        ok, tail = _run_tests(where, args.tests, 1800)
        base = time.perf_counter() - t0
        if not ok:
            print(f"mutants: the tests fail before any mutant ({tail})", file=sys.stderr)
            return 2
        outcomes: list[Outcome] = []
        for i, mutant in enumerate(mutants, 1):
            target.write_text(apply(source, mutant), encoding="utf-8")
            t0 = time.perf_counter()
            survived, tail = _run_tests(where, args.tests, max(60.0, base * 3))
            outcomes.append(Outcome(mutant.kind, mutant.line, mutant.source_line, survived,
                                    round(time.perf_counter() - t0, 1), tail))
            if not args.json:
                mark = "SURVIVED" if survived else "caught  "
                print(f"[{i}/{len(mutants)}] {mark} {mutant.kind:6} line {mutant.line}: "
                      f"{mutant.source_line[:70]}", flush=True)
        target.write_text(source, encoding="utf-8")
    finally:
        shutil.rmtree(where, ignore_errors=True)
    survivors = [o for o in outcomes if o.survived]
    if args.json:
        print(json.dumps({"module": args.module, "tests": args.tests, "mutants": len(outcomes),
                          "survived": len(survivors), "baseline_s": round(base, 1),
                          "outcomes": [asdict(o) for o in outcomes]}, indent=2))
    else:
        print(f"\n{len(survivors)} of {len(outcomes)} mutants survived "
              f"(tests take {base:.1f} s unmutated)")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
