"""Replays: a match is its setup, its seed and the ordered inputs that changed it.

A replay file is versioned JSON (no pygame, no particular game here)::

    {"format": "kaboom-replay", "version": 1, "game": "cabo", "rules": 1, "seed": 12,
     "setup": {...MatchSetup.to_dict()...}, "options": {...the rules' options...},
     "created": "2026-11-23T20:01:02Z",
     "inputs": [[step, seat, t, payload], ...],
     "checkpoints": [[step, label, hash], ...],
     "final_hash": "0123456789abcdef",
     "summary": {"scores": [...], "winners": [...], "rounds": 3}}

``rules`` is the game's own revision of what a replay means (its rules and inputs; 1 when absent):
a game raises it when a replay recorded before a rules change could no longer be re-run, so
such a file is refused in words instead of diverging.
``step`` is the game's own clock for inputs, never decreasing: the number of rules actions applied
before the input (cards) or the logic step it reached the world at (physics). ``seat`` is who gave
the input (-1 for the table), ``t`` the table time in seconds when known, ``payload`` the game's
own plain-data input. A checkpoint is the hash of the canonical game state at a step; a game's
``replay`` module (beside its rules) re-runs the inputs and compares every checkpoint.

Loading validates the whole shape, so a damaged or newer file gives a :class:`ReplayError` with a
message for players, never a crash. Saving is atomic; the data folder keeps the newest
:data:`KEEP` replays.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, Protocol, TypeGuard, TypeVar

from game.core import paths
from game.core.bounds import MAX_COUNT, MAX_SEED, seed_problem
from game.core.jsonio import MAX_FILE_BYTES, read_limited, remove_stale_temps, write_text_atomic

_S = TypeVar("_S")
_A = TypeVar("_A")

log = logging.getLogger(__name__)

FORMAT = "kaboom-replay"
VERSION = 1
KEEP = 50
"""Replays kept in the data folder; the oldest beyond this are removed when a new one is saved."""
HASH_CHARS = 16
_HASH = re.compile(r"[0-9a-f]{16}")
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
_MAX_INPUTS = MAX_COUNT
_MAX_STEP = MAX_SEED
_MAX_TIME = 365 * 24 * 3600.0
"""No match lasts a year of table time."""

Input = tuple[int, int, float | None, Any]
"""(step, seat, table seconds or None, the game's payload)."""
Checkpoint = tuple[int, str, str]
"""(step, label such as "round 2 end", hash)."""


class ReplayError(ValueError):
    """A replay that cannot be used: damaged, of an unknown game or from a newer version."""


def state_hash(data: Any) -> str:
    """A short, stable hash of plain data (sorted-key JSON, floats by repr): the checkpoint hash."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:HASH_CHARS]


@dataclass
class Replay:
    """One whole match: setup, seed, options, ordered inputs and checkpoint hashes."""

    game: str
    seed: int
    setup: dict[str, Any]
    options: dict[str, Any]
    inputs: list[Input] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    final_hash: str = ""
    summary: dict[str, Any] = field(default_factory=dict)
    created: str = ""
    rules: int = 1
    """The game's replay revision (see the module's docstring)."""

    def add_input(self, step: int, seat: int, t: float | None, payload: Any) -> None:
        """Append an input (steps never go back)."""
        self.inputs.append((step, seat, None if t is None else round(t, 3), payload))

    def add_checkpoint(self, step: int, label: str, digest: str) -> None:
        """Append a checkpoint hash of the state at `step`."""
        self.checkpoints.append((step, label, digest))

    def to_dict(self) -> dict[str, Any]:
        """The file's JSON object."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules": self.rules,
            "seed": self.seed,
            "setup": self.setup,
            "options": self.options,
            "created": self.created or _now(),
            "inputs": [list(i) for i in self.inputs],
            "checkpoints": [list(c) for c in self.checkpoints],
            "final_hash": self.final_hash,
            "summary": self.summary,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Replay:
        """Validate a file's JSON object fully; raise ReplayError saying what is wrong."""
        if not isinstance(data, dict):
            raise ReplayError("not a replay: the file is not a JSON object")
        if data.get("format") != FORMAT:
            raise ReplayError("not a replay: 'format' is not 'kaboom-replay'")
        version = data.get("version")
        if not _is_int(version) or version < 1:
            raise ReplayError(f"damaged replay: invalid version {version!r}")
        if version > VERSION:
            raise ReplayError(f"this replay is version {version}, from a newer Kaboom! "
                              f"Collection; this one reads up to version {VERSION}")
        game = data.get("game")
        if not isinstance(game, str) or not _GAME_ID.fullmatch(game):
            raise ReplayError(f"damaged replay: invalid game id {game!r}")
        rules = data.get("rules", 1)
        if not _is_int(rules) or rules < 1:
            raise ReplayError(f"damaged replay: invalid rules revision {rules!r}")
        seed = data.get("seed")
        problem = seed_problem(seed)
        if problem is not None:
            raise ReplayError(f"damaged replay: {problem}")
        for key in ("setup", "options", "summary"):
            if not isinstance(data.get(key), dict):
                raise ReplayError(f"damaged replay: '{key}' is missing or not an object")
        setup = data["setup"]
        if setup.get("game_id") != game or setup.get("seed") != seed:
            raise ReplayError("damaged replay: the setup names another game or seed")
        seats = setup.get("seats")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, dict)
                                                                 for s in seats):
            raise ReplayError("damaged replay: the setup has no seats")
        created = data.get("created", "")
        if not isinstance(created, str):
            raise ReplayError("damaged replay: 'created' is not text")
        final = data.get("final_hash")
        if not isinstance(final, str) or not _HASH.fullmatch(final):
            raise ReplayError("damaged replay: 'final_hash' is not a hash")
        inputs = _inputs(data.get("inputs"), len(seats))
        checkpoints = _checkpoints(data.get("checkpoints"))
        return cls(game, seed, dict(setup), dict(data["options"]), inputs, checkpoints, final,
                   dict(data["summary"]), created, rules)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value == value \
        and value not in (float("inf"), float("-inf"))


def _inputs(raw: Any, seats: int) -> list[Input]:
    if not isinstance(raw, list):
        raise ReplayError("damaged replay: 'inputs' is missing or not a list")
    if len(raw) > _MAX_INPUTS:
        raise ReplayError(f"damaged replay: more than {_MAX_INPUTS} inputs")
    out: list[Input] = []
    last = 0
    for n, item in enumerate(raw):
        if not isinstance(item, list) or len(item) != 4:
            raise ReplayError(f"damaged replay: input {n} is not [step, seat, time, input]")
        step, seat, t, payload = item
        if not _is_int(step) or not last <= step <= _MAX_STEP:
            raise ReplayError(f"damaged replay: input {n} has a bad step {step!r}")
        if not _is_int(seat) or not -1 <= seat < seats:
            raise ReplayError(f"damaged replay: input {n} names no seat ({seat!r})")
        if t is not None and (not _is_number(t) or not 0 <= t <= _MAX_TIME):
            raise ReplayError(f"damaged replay: input {n} has a bad time {t!r}")
        if payload is None:
            raise ReplayError(f"damaged replay: input {n} is empty")
        last = step
        out.append((step, seat, None if t is None else float(t), payload))
    return out


def _checkpoints(raw: Any) -> list[Checkpoint]:
    if not isinstance(raw, list):
        raise ReplayError("damaged replay: 'checkpoints' is missing or not a list")
    out: list[Checkpoint] = []
    last = 0
    for n, item in enumerate(raw):
        if not isinstance(item, list) or len(item) != 3:
            raise ReplayError(f"damaged replay: checkpoint {n} is not [step, label, hash]")
        step, label, digest = item
        if not _is_int(step) or not last <= step <= _MAX_STEP:
            raise ReplayError(f"damaged replay: checkpoint {n} has a bad step {step!r}")
        if not isinstance(label, str) or not isinstance(digest, str) or \
                not _HASH.fullmatch(digest):
            raise ReplayError(f"damaged replay: checkpoint {n} has a bad label or hash")
        last = step
        out.append((step, label, digest))
    return out


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# ------------------------------------------------------------------------------------ verifying


@dataclass(frozen=True)
class Verdict:
    """The outcome of re-running a replay: ok, or the first step where it went another way."""

    ok: bool
    checked: int
    step: int | None = None
    message: str = ""


def check_rules(replay: Replay, title: str, rules: int) -> None:
    """Refuse, in words, a replay recorded under another rules revision of its game."""
    if replay.rules < rules:
        raise ReplayError(f"this {title} replay was recorded before the game's rules changed "
                          f"(revision {replay.rules}, now {rules}): it can no longer be "
                          f"played back")
    if replay.rules > rules:
        raise ReplayError(f"this {title} replay is from a newer Kaboom! Collection (rules "
                          f"revision {replay.rules}; this one plays up to {rules})")


def starting_state(replay: Replay, game_id: str, title: str,
                   fresh: Callable[[Mapping[str, Any], int], _S],
                   players: Callable[[_S], int], rules: int = 1) -> _S:
    """The rules state a replay of `game_id` starts from (`fresh(options, seed)`), after
    checking that the file names that game, its rules revision (`rules`), and that its options
    and seats agree.

    Raises ReplayError, in words that name the game as players know it (`title`)."""
    if replay.game != game_id:
        raise ReplayError(f"not a {title} replay ({replay.game!r})")
    check_rules(replay, title, rules)
    seats = replay.setup.get("seats", [])
    try:
        state = fresh(replay.options, replay.seed)
    except (KeyError, TypeError, ValueError) as err:
        raise ReplayError(f"damaged replay: its options are not {title} options ({err})") \
            from None
    if players(state) != len(seats):
        raise ReplayError(f"damaged replay: {players(state)} players in the options, "
                          f"{len(seats)} seats")
    return state


class Checker:
    """Compares the hashes a re-run produces with the replay's checkpoints, in order."""

    def __init__(self, replay: Replay) -> None:
        self.expected = list(replay.checkpoints)
        self.final = replay.final_hash
        self.index = 0
        self.failure: Verdict | None = None
        self.last_good = 0

    def check(self, step: int, label: str, digest: str) -> bool:
        """The re-run reached a checkpoint; False (and `failure` set) on the first mismatch."""
        if self.failure is not None:
            return False
        if self.index >= len(self.expected):
            return self.fail(step, f"step {step}: the re-run made a checkpoint ({label}) the "
                                   "replay does not have")
        want_step, want_label, want = self.expected[self.index]
        if want_step != step or want_label != label:
            return self.fail(min(step, want_step),
                             f"step {min(step, want_step)}: the re-run reached '{label}' at step "
                             f"{step}, the replay '{want_label}' at step {want_step}")
        if want != digest:
            return self.fail(step, f"step {step}: the state at '{label}' differs (hash {digest}, "
                                   f"replay {want}); the last match was at step "
                                   f"{self.last_good}")
        self.index += 1
        self.last_good = step
        return True

    def fail(self, step: int, message: str) -> bool:
        """Record the first divergence (later ones are ignored)."""
        if self.failure is None:
            self.failure = Verdict(False, self.index, step, message)
        return False

    def finish(self, step: int, digest: str) -> Verdict:
        """The re-run ended at `step` with the final state's hash: the verdict."""
        if self.failure is not None:
            return self.failure
        if self.index < len(self.expected):
            want_step, want_label, _ = self.expected[self.index]
            return Verdict(False, self.index, want_step,
                           f"step {want_step}: the re-run ended at step {step} before "
                           f"'{want_label}'")
        if digest != self.final:
            return Verdict(False, self.index, step, f"step {step}: the final state differs "
                           f"(hash {digest}, replay {self.final})")
        return Verdict(True, self.index, None, f"{self.index} checkpoints and the final state "
                       "match")


# ------------------------------------------------------------------------------------ files


def input_mismatch(n: int, step: int, seat: int, applied: int, actor: int, what: str,
                   waiting: int | None = None,
                   who: Callable[[int], str] = lambda s: f"seat {s}") -> str | None:
    """Why input `n` (recorded after `step` actions, for `seat`) cannot be the action a re-run
    is at (`applied` actions so far; the action is `actor`'s `what`; the match waits for
    `waiting`, when it knows), in plain words; None when they agree. Every turn-based game's
    replay says it the same way."""
    problems: list[str] = []
    if seat != actor:
        problems.append(f"the file says {who(seat)} acted, but the action is {who(actor)}'s "
                        f"{what}")
    elif waiting is not None and seat != waiting:
        problems.append(f"the file says {who(seat)} acted, but the match waits for "
                        f"{who(waiting)}")
    if step != applied:
        problems.append(f"the file says it comes after {step} actions, but {applied} came "
                        f"before it (inputs are missing or out of order)")
    if not problems:
        return None
    return f"input {n}: " + "; and ".join(problems)


class _Recording(Protocol):
    """A recorder: `ok` says whether it records (False once recording was given up)."""

    ok: bool


_R = TypeVar("_R", bound=_Recording)


def continue_or_start(saved: Mapping[str, Any] | None, start: Callable[[], _R],
                      resume: Callable[[dict[str, Any]], _R], title: str) -> _R:
    """The recorder for a table: `start()` for a new match; for a match resumed from a save,
    `resume(data)` with the replay so far that the save carried (its "replay", compact JSON
    text: see `cut_text`). A saved replay that cannot be continued (damaged, or of another
    match: `resume` raises ReplayError) leaves that match unrecorded, said in the log, and the
    game goes on. The physics games' recorders start this way."""
    partial = saved.get("replay") if saved is not None else None
    if partial is None:
        return start()
    try:
        if not isinstance(partial, str):
            raise ReplayError("the saved replay is not text")
        data = json.loads(partial)
        if not isinstance(data, dict):
            raise ReplayError("the saved replay is not an object")
        return resume(data)
    except (ReplayError, KeyError, IndexError, AttributeError, TypeError, ValueError,
            RecursionError) as err:
        log.info("the save's replay cannot be continued (%s): this %s match is not recorded",
                 err, title)
        rec = start()
        rec.ok = False
        return rec


def cut_text(replay: Replay, inputs: int, checkpoints: int, digest: str, **counts: int) -> str:
    """The replay's first `inputs` inputs and `checkpoints` checkpoints, ending at the match
    hash `digest`, with the recorder's `counts` (its step...), as compact JSON text for a save
    to carry: a save is indented JSON, which would put each number of thousands of inputs on a
    line of its own."""
    data = replay.to_dict()
    data["inputs"] = data["inputs"][:inputs]
    data["checkpoints"] = data["checkpoints"][:checkpoints]
    data["final_hash"] = digest
    return json.dumps({"replay": data, **counts}, separators=(",", ":"), allow_nan=False)


@dataclass
class TurnRules(Generic[_S, _A]):
    """What a turn-based game tells `verify_turns`: how to read an action from a replay input,
    whose it is, how to apply it (a refusal's reason, or None) and which checkpoints follow."""

    title: str
    decode: Callable[[Any], _A]
    #: The action as a replay input's payload (what `decode` reads back).
    encode: Callable[[_A], Any]
    actor: Callable[[_A], int]
    describe: Callable[[_A], str]
    apply: Callable[[_S, _A], str | None]
    #: (label, hash) pairs due after the `applied`-th action (the state before it is `before`).
    checkpoints: Callable[[_S, int, Any], Sequence[tuple[str, str]]]
    final_hash: Callable[[_S], str]
    waiting: Callable[[_S], int | None] = lambda state: None
    who: Callable[[int], str] = lambda seat: f"seat {seat}"
    #: What `checkpoints` needs of the state before an action (None: nothing).
    before: Callable[[_S], Any] = lambda state: None


def verify_turns(replay: Replay, state: _S, rules: TurnRules[_S, _A]) -> Verdict:
    """Re-run a turn-based replay's actions on `state` (its starting state) and compare every
    checkpoint hash: the loop both card games' `verify` share.

    Raises ReplayError when an input cannot be read as the game's action."""
    checker = Checker(replay)
    applied = 0
    for n, (step, seat, _t, payload) in enumerate(replay.inputs):
        try:
            action = rules.decode(payload)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ReplayError(f"damaged replay: input {n} is not a {rules.title} action "
                              f"({err!r})") from None
        mismatch = input_mismatch(n, step, seat, applied, rules.actor(action),
                                  rules.describe(action), rules.waiting(state), rules.who)
        if mismatch is not None:
            checker.fail(applied, mismatch)
            break
        before = rules.before(state)
        refused = rules.apply(state, action)
        if refused is not None:
            checker.fail(step, f"step {step}: {rules.who(seat)}'s {rules.describe(action)} is "
                               f"not legal there ({refused})")
            break
        applied += 1
        for label, digest in rules.checkpoints(state, applied, before):
            if not checker.check(applied, label, digest):
                break
        if checker.failure is not None:
            break
    return checker.finish(applied, rules.final_hash(state))


class TurnRecorder(Generic[_S, _A]):
    """Builds a turn-based match's replay as its actions are applied (the table's and
    simulate's seam): each input, the checkpoints the game's `TurnRules` name after it (the
    same ones `verify_turns` checks), and at the end the final hash and the summary.

    A match resumed from a save passes its earlier actions (`earlier`, each with its table
    time): they are re-run from the seed for their checkpoints and must lead to `state`;
    otherwise (a hand-made table) recording is given up (`ok` is False) and `finish` gives
    None. Both card games and the tests' fifth game record through it."""

    def __init__(self, rules: TurnRules[_S, _A], game_id: str, revision: int,
                 setup: Mapping[str, Any], state: _S, options: Mapping[str, Any],
                 fresh: Callable[[Mapping[str, Any], int], _S],
                 summary_of: Callable[[_S], dict[str, Any]],
                 earlier: Iterable[tuple[_A, float | None]] = ()) -> None:
        self.rules = rules
        self.replay = new_replay(game_id, setup, options, revision)
        self.ok = True
        self.step = 0
        self._summary_of = summary_of
        rerun = fresh(self.replay.options, self.replay.seed)
        self._before = rules.before(rerun)
        for action, t in earlier:
            if rules.apply(rerun, action) is not None:
                break
            self._note(rerun, action, t)
        if rules.final_hash(rerun) != rules.final_hash(state):
            log.info("this %s match does not follow from its seed and inputs: no replay",
                     rules.title)
            self.ok = False

    def applied(self, state: _S, action: _A, t: float | None = None) -> None:
        """`action` was just applied to `state` at table time `t` seconds."""
        if self.ok:
            self._note(state, action, t)

    def _note(self, state: _S, action: _A, t: float | None) -> None:
        self.replay.add_input(self.step, self.rules.actor(action), t,
                              self.rules.encode(action))
        self.step += 1
        for label, digest in self.rules.checkpoints(state, self.step, self._before):
            self.replay.add_checkpoint(self.step, label, digest)
        self._before = self.rules.before(state)

    def finish(self, state: _S) -> Replay | None:
        """The finished match's replay (None if recording was given up)."""
        if not self.ok:
            return None
        self.replay.final_hash = self.rules.final_hash(state)
        self.replay.summary = self._summary_of(state)
        return self.replay


def load(path: Path) -> Replay:
    """Read and validate a replay file; ReplayError with a clear message if it is unusable.

    The file is never moved or changed (a player may have picked it by hand)."""
    path = Path(path)
    try:
        raw = read_limited(path)
    except OSError as err:
        raise ReplayError(f"cannot read {path.name}: {err.strerror or err}") from None
    except ValueError as err:  # larger than any replay the game writes, or not a file
        raise ReplayError(f"not a replay: {path.name} is {err} (a replay is at most "
                          f"{MAX_FILE_BYTES // (1024 * 1024)} MB)") from None
    try:
        data = json.loads(raw.decode("utf-8-sig"), parse_constant=_refuse)
    except UnicodeDecodeError:
        raise ReplayError(f"damaged replay: {path.name} is not UTF-8 text") from None
    except (ValueError, RecursionError) as err:
        raise ReplayError(f"damaged replay: {path.name} is not valid JSON ({err})") from None
    return Replay.from_dict(data)


def _refuse(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def write(replay: Replay, path: Path) -> Path:
    """Write `replay` to `path` atomically (compact JSON: replays can be long)."""
    text = json.dumps(replay.to_dict(), separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)
    write_text_atomic(Path(path), text + "\n")
    return Path(path)


def file_name(replay: Replay) -> str:
    """`<game>-<YYYYmmdd-HHMMSS>-<seed>.json`: sorts by time within a game."""
    stamp = (replay.created or _now()).replace("-", "").replace(":", "")
    stamp = re.sub(r"[^0-9T]", "", stamp).replace("T", "-")
    return f"{replay.game}-{stamp}-{replay.seed}.json"


def save(replay: Replay, folder: Path | None = None, keep: int | None = KEEP) -> Path:
    """Save into `folder` (the data folder's replays/ by default) under a free name.

    With `keep`, only the newest `keep` replays stay in the folder (older ones are removed)."""
    folder = Path(folder) if folder is not None else paths.replays_dir()
    if not replay.created:
        replay.created = _now()
    target = folder / file_name(replay)
    n = 2
    while target.exists():
        target = folder / f"{target.stem.split('~')[0]}~{n}.json"
        n += 1
    write(replay, target)
    if keep is not None:
        prune(folder, keep)
    return target


def clean_stale_temps(folder: Path | None = None) -> list[Path]:
    """At start: remove the hidden ``.<name>.XXXX.tmp`` files a killed replay write left in
    `folder` (the data folder's replays/ by default); a folder that cannot be used is logged."""
    try:
        folder = Path(folder) if folder is not None else paths.replays_dir()
    except OSError as err:
        log.info("cannot look in the replays folder: %s", err)
        return []
    return remove_stale_temps(folder)


def listing(folder: Path | None = None) -> list[Path]:
    """Replay files in `folder` (the data folder's by default), newest first."""
    folder = Path(folder) if folder is not None else paths.replays_dir()
    files = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


_OWN_NAME = re.compile(r"([a-z][a-z0-9_]{0,31})-\d{8}-\d{6}-\d+(?:~\d+)?\.json")
_OWN_HEAD = b'{"format":"' + FORMAT.encode("ascii") + b'","version":'


def is_own_file(path: Path) -> bool:
    """Whether `path` is a replay this game wrote: named as :func:`file_name` names them, a
    regular file (never a link), and starting as :func:`write` starts them, with the game its
    name gives. Only such files are ever removed."""
    path = Path(path)
    match = _OWN_NAME.fullmatch(path.name)
    if match is None:
        return False
    try:
        if not stat.S_ISREG(path.lstat().st_mode):
            return False
        with open(path, "rb") as handle:
            head = handle.read(512)
    except OSError:
        return False
    return head.startswith(_OWN_HEAD) and f'"game":"{match.group(1)}"'.encode() in head


def _prune_refusal(folder: Path) -> str | None:
    """Why old replays must not be removed from `folder`: it is a link, or lies behind one
    outside the data folder (removing there would remove someone else's files)."""
    if folder.is_symlink():
        return "it is a link to another folder"
    real = folder.resolve()
    try:
        data = paths.data_dir().resolve()
    except OSError:
        data = None
    if data is not None and real.is_relative_to(data):
        return None
    if real != folder.absolute():
        return f"it leads to {real}, outside the data folder"
    return None


def prune(folder: Path, keep: int = KEEP) -> list[Path]:
    """Remove all but the newest `keep` replays the game wrote in `folder`; return what was
    removed. A player's own files there are never touched, nor a folder behind a link."""
    folder = Path(folder)
    why = _prune_refusal(folder)
    if why is not None:
        log.warning("not removing old replays from %s: %s", folder, why)
        return []
    try:
        own = [(p.lstat().st_mtime, p.name, p) for p in folder.glob("*.json") if is_own_file(p)]
    except OSError as err:
        log.warning("could not look for old replays in %s: %s", folder, err)
        return []
    own.sort(reverse=True)
    removed: list[Path] = []
    for _, _, old in own[keep:]:
        try:
            old.unlink()
            removed.append(old)
        except OSError as err:
            log.warning("could not remove old replay %s: %s", old, err)
    if removed:
        log.info("removed %d old replay(s) from %s (the newest %d are kept): %s", len(removed),
                 folder, keep, ", ".join(p.name for p in removed))
    return removed


# ------------------------------------------------------------------------------------ capture

_sinks: list[list[Replay]] = []


@contextmanager
def capture() -> Iterator[list[Replay]]:
    """Collect the replays of the matches simulated inside the block (`simulate --replay-dir`).

    A game's headless simulate records only while a capture is open, so plain runs pay nothing."""
    sink: list[Replay] = []
    _sinks.append(sink)
    try:
        yield sink
    finally:
        _sinks.remove(sink)


def capturing() -> bool:
    """Whether a simulate should record its match."""
    return bool(_sinks)


def captured(replay: Replay) -> None:
    """Hand a simulated match's replay to the open capture(s)."""
    for sink in _sinks:
        sink.append(replay)


def new_replay(game: str, setup: Mapping[str, Any], options: Mapping[str, Any],
               rules: int = 1) -> Replay:
    """An empty replay of `setup` (a MatchSetup's dict) with the rules' `options`, under the
    game's replay revision `rules`."""
    seed = setup.get("seed")
    if not _is_int(seed):
        raise ValueError("the setup has no seed")
    return Replay(game, int(seed), dict(setup), dict(options), created=_now(), rules=rules)


def summary(scores: Sequence[float], winners: Sequence[int], rounds: int) -> dict[str, Any]:
    """What the Replays list shows without re-running: final scores, winners, rounds."""
    return {"scores": [float(s) for s in scores], "winners": [int(w) for w in winners],
            "rounds": int(rounds)}


def store(replay: Replay | None) -> Path | None:
    """Save a finished match's replay in the data folder; a failure is logged, never fatal.

    It is dated when the match finished (the Replays list shows that date): a match continued
    from a save carried the day it began, days before it was last played."""
    if replay is None:
        return None
    replay.created = _now()
    try:
        return save(replay)
    except (OSError, ValueError) as err:
        log.warning("could not save the replay: %s", err)
        return None


_D = TypeVar("_D")


class ReplayFeed(Generic[_D]):
    """A replay's decisions handed out in order, each to the seat that made it: how Watch again
    drives a real table, asking where it would ask its AIs. Play-back stops, saying where, as
    soon as the file and the match disagree (`diverged`)."""

    def __init__(self, decisions: Sequence[tuple[int, _D]], player_of: Callable[[_D], int]
                 ) -> None:
        self.decisions = list(decisions)
        self.player_of = player_of
        self.next_input = 0
        self.diverged: str | None = None

    def __len__(self) -> int:
        return len(self.decisions)

    def next_for(self, seat: int, over: bool = False) -> _D | None:
        """The next decision if it is `seat`'s; otherwise None, and play-back stops (unless the
        match is `over` and the file simply ended)."""
        if self.diverged is not None:
            return None
        if self.next_input >= len(self.decisions):
            if not over:
                self.stop("the file ends before the match does")
            return None
        who, decision = self.decisions[self.next_input]
        if who != seat or self.player_of(decision) != seat:
            self.stop(f"input {self.next_input}: the file says seat {who} decides, but seat "
                      f"{seat} is to act")
            return None
        self.next_input += 1
        return decision

    def stop(self, why: str) -> None:
        """Play-back cannot go on: keep the first reason."""
        if self.diverged is None:
            self.diverged = why
            log.warning("replay play-back stopped: %s", why)


class FeedSeat(Generic[_D]):
    """A seat of a table played from a `ReplayFeed`, with an AI's `begin`/`work` interface: its
    "decision" is the next recorded one."""

    def __init__(self, feed: ReplayFeed[_D], seat: int, over: Callable[[], bool]) -> None:
        self.feed = feed
        self.seat = seat
        self.over = over
        self.ready = False

    def begin(self, match: object) -> None:
        """The table asks this seat to decide."""
        self.ready = True

    @property
    def thinking(self) -> bool:
        return self.ready

    def work(self, budget_s: float) -> _D | None:
        """The recorded decision (once per `begin`)."""
        if not self.ready:
            return None
        self.ready = False
        return self.feed.next_for(self.seat, self.over())
