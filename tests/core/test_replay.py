"""The replay file format: round trip, full validation, atomic saves, keeping the last 50."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.core import paths, replay
from game.core.replay import Checker, Replay, ReplayError


def sample() -> Replay:
    setup = {"game_id": "cabo", "seed": 7, "options": {"rounds": 1},
             "seats": [{"name": "Ana", "kind": "ai"}, {"name": "You", "kind": "human"}]}
    rep = replay.new_replay("cabo", setup, {"players": 2, "rounds": 1})
    rep.add_input(0, 0, 0.5, {"type": "FlipTop", "player": 0})
    rep.add_input(1, 1, 1.25, {"type": "Slap", "player": 1, "t": 0.3})
    rep.add_input(2, -1, None, {"type": "Reveal", "player": -1})
    rep.add_checkpoint(2, "action 2", replay.state_hash({"a": 1}))
    rep.final_hash = replay.state_hash({"a": 2})
    rep.summary = replay.summary([3, -1], [1], 1)
    return rep


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    rep = sample()
    path = replay.write(rep, tmp_path / "r.json")
    back = replay.load(path)
    assert back.to_dict() == json.loads(path.read_text())
    assert back.inputs == rep.inputs and back.checkpoints == rep.checkpoints
    assert back.final_hash == rep.final_hash and back.seed == 7 and back.game == "cabo"


def test_state_hash_is_stable_and_order_free() -> None:
    assert replay.state_hash({"b": [1.5, 2], "a": None}) == \
        replay.state_hash({"a": None, "b": [1.5, 2]})
    assert replay.state_hash({"a": 0.1}) != replay.state_hash({"a": 0.1 + 1e-15})
    assert len(replay.state_hash([])) == replay.HASH_CHARS


def _damage(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    keys = path.split(".")
    node: Any = data
    for k in keys[:-1]:
        node = node[int(k)] if isinstance(node, list) else node[k]
    last = keys[-1]
    if value is KeyError:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return data


@pytest.mark.parametrize(("where", "value", "words"), [
    ("format", "something", "not a replay"),
    ("version", "1", "invalid version"),
    ("version", 0, "invalid version"),
    ("game", "Not An Id!", "invalid game"),
    ("seed", -3, "seed -3 is not a whole number"),
    ("seed", True, "seed True is not a whole number"),
    ("setup", [], "'setup'"),
    ("setup.seed", 8, "another game or seed"),
    ("setup.seats", [], "no seats"),
    ("options", KeyError, "'options'"),
    ("final_hash", "xyz", "final_hash"),
    ("inputs", {}, "'inputs'"),
    ("inputs.0", [0, 0, 0.5], "is not \\[step"),
    ("inputs.1", [-1, 1, 0.1, {}], "bad step"),
    ("inputs.1", [1, 5, 0.1, {}], "names no seat"),
    ("inputs.1", [1, 1, "soon", {}], "bad time"),
    ("inputs.1", [1, 1, None, None], "is empty"),
    ("checkpoints.0", [2, "x"], "is not \\[step"),
    ("checkpoints.0", [2, "x", "NOTAHASH"], "bad label or hash"),
    ("created", 12, "'created'"),
])
def test_every_damage_is_named(where: str, value: Any, words: str) -> None:
    data = _damage(sample().to_dict(), where, value)
    with pytest.raises(ReplayError, match=words):
        Replay.from_dict(data)


def test_a_future_version_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    data = sample().to_dict()
    data["version"] = replay.VERSION + 1
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError, match="newer Kaboom! Collection"):
        replay.load(path)
    assert path.exists()  # a file picked by hand is never moved or deleted


@pytest.mark.parametrize("content", [b"", b"{\"format\": \"kaboom-replay\"", b"\xff\xfe\x00",
                                     b"[1, 2]", b"{\"version\": NaN}"])
def test_unreadable_files_give_a_replay_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ReplayError):
        replay.load(path)
    with pytest.raises(ReplayError, match="cannot read"):
        replay.load(tmp_path / "missing.json")


def test_save_goes_to_the_data_folder_and_keeps_the_newest_50(kaboom_home: Path) -> None:
    folder = paths.replays_dir()
    assert folder == paths.data_dir() / "replays"
    made = []
    for i in range(replay.KEEP + 5):
        rep = sample()
        rep.created = f"2026-01-01T00:{i // 60:02d}:{i % 60:02d}Z"
        path = replay.save(rep)
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
        made.append(path)
    replay.prune(folder)
    left = replay.listing()
    assert len(left) == replay.KEEP
    assert left[0] == made[-1] and set(left) == set(made[-replay.KEEP:])
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_two_saves_in_one_second_do_not_overwrite(tmp_path: Path) -> None:
    a = replay.save(sample(), tmp_path, keep=None)
    b_rep = sample()
    b_rep.created = replay.load(a).created
    b = replay.save(b_rep, tmp_path, keep=None)
    assert a != b and a.exists() and b.exists()


def test_capture_collects_only_inside_its_block() -> None:
    assert not replay.capturing()
    with replay.capture() as sink:
        assert replay.capturing()
        replay.captured(sample())
    assert len(sink) == 1 and not replay.capturing()


def test_checker_names_the_first_divergent_step() -> None:
    rep = sample()
    rep.checkpoints = [(10, "a", "0" * 16), (20, "b", "1" * 16), (30, "c", "2" * 16)]
    rep.final_hash = "3" * 16
    ok = Checker(rep)
    assert ok.check(10, "a", "0" * 16) and ok.check(20, "b", "1" * 16)
    assert ok.check(30, "c", "2" * 16)
    assert ok.finish(31, "3" * 16).ok
    bad = Checker(rep)
    bad.check(10, "a", "0" * 16)
    assert not bad.check(20, "b", "f" * 16)
    bad.check(30, "c", "f" * 16)  # later differences do not hide the first
    verdict = bad.finish(31, "f" * 16)
    assert not verdict.ok and verdict.step == 20 and "last match was at step 10" in \
        verdict.message
    short = Checker(rep)
    short.check(10, "a", "0" * 16)
    assert short.finish(12, "3" * 16).step == 20


def _made(count: int, start: int = 0) -> list[Path]:
    """`count` replays saved in the data folder, one second apart, oldest first."""
    made = []
    for i in range(start, start + count):
        rep = sample()
        rep.created = f"2026-01-01T01:{i // 60:02d}:{i % 60:02d}Z"
        path = replay.save(rep, keep=None)
        os.utime(path, (2_000_000 + i, 2_000_000 + i))
        made.append(path)
    return made


def test_pruning_removes_only_the_games_own_replays(kaboom_home: Path) -> None:
    """55 JSON files of the player's own, all older than every replay: 45 notes, 5 named like
    replays but written by hand, 5 real replays copied under names of their own. All stay;
    only the game's 5 oldest replays beyond the newest 50 go."""
    folder = paths.replays_dir()
    theirs = []
    for i in range(55):
        if i < 45:
            path, text = folder / f"notes-{i}.json", json.dumps({"mine": i})
        elif i < 50:
            path, text = folder / f"cabo-20200101-000000-{i}.json", json.dumps({"mine": i})
        else:
            path, text = folder / f"favourite-{i}.json", json.dumps(sample().to_dict())
        path.write_text(text)
        os.utime(path, (1_000 + i, 1_000 + i))
        theirs.append((path, path.read_bytes()))
    assert not any(replay.is_own_file(p) for p, _ in theirs)
    made = _made(replay.KEEP + 5)
    removed = replay.prune(folder)
    assert sorted(removed) == sorted(made[:5])
    assert all(p.exists() and p.read_bytes() == b for p, b in theirs)
    assert all(p.exists() for p in made[5:])


def test_pruning_never_follows_a_link_out_of_the_data_folder(kaboom_home: Path,
                                                            tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder = paths.data_dir() / "replays"
    folder.symlink_to(elsewhere, target_is_directory=True)
    made = _made(replay.KEEP + 3)
    assert all(p.parent == folder for p in made)
    assert replay.prune(folder) == []
    assert len(list(elsewhere.glob("*.json"))) == replay.KEEP + 3
    inside = paths.data_dir() / "real"
    inside.mkdir()
    link = inside / "to-own.json"
    link.symlink_to(made[0])
    assert not replay.is_own_file(link)  # a link is never the game's file


@pytest.mark.parametrize("seed", [10**40, 2**63, -1, True, "7"])
def test_a_replay_seed_is_bounded_as_the_command_line_bounds_it(tmp_path: Path,
                                                                seed: object) -> None:
    data = sample().to_dict()
    data["seed"] = seed
    data["setup"]["seed"] = seed
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError, match="is not a whole number from 0 to 2\\*\\*63-1"):
        replay.load(path)
    data["seed"] = data["setup"]["seed"] = 2**63 - 1
    path.write_text(json.dumps(data))
    assert replay.load(path).seed == 2**63 - 1


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    from game.core.jsonio import MAX_FILE_BYTES

    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:  # sparse: nothing to read, only its size says no
        handle.truncate(300 * 1024 * 1024)
    with pytest.raises(ReplayError, match="at most 16 MB"):
        replay.load(path)
    assert MAX_FILE_BYTES < 300 * 1024 * 1024


def test_verify_turns_reruns_a_turn_based_game_and_names_what_went_wrong() -> None:
    """The loop both card games share: a toy game where each action adds the actor's seat
    number plus one, and seat 1 may never add twice in a row."""
    from game.core.replay import TurnRules, input_mismatch, state_hash, verify_turns

    def apply(state: list[int], action: dict[str, int]) -> str | None:
        if state and action["player"] == 1 and state[-1] == 1:
            return "seat 1 may not go twice"
        state.append(action["player"])
        return None

    rules: TurnRules[list[int], dict[str, int]] = TurnRules(
        title="Toy", decode=lambda p: {"player": int(p["player"])}, encode=dict,
        actor=lambda a: a["player"], describe=lambda a: "Add", apply=apply,
        checkpoints=lambda st, n, _b: [(f"action {n}", state_hash(st))],
        final_hash=state_hash)
    rep = Replay("toy", 1, {}, {})
    played: list[int] = []
    for step, seat in enumerate([0, 1, 0]):
        rep.add_input(step, seat, None, {"player": seat})
        apply(played, {"player": seat})
        rep.add_checkpoint(step + 1, f"action {step + 1}", state_hash(played))
    rep.final_hash = state_hash(played)
    assert verify_turns(rep, [], rules).ok
    rep.inputs[1] = (1, 0, None, {"player": 1})  # the file says seat 0, the action is seat 1's
    verdict = verify_turns(rep, [], rules)
    assert not verdict.ok and verdict.message == (
        "input 1: the file says seat 0 acted, but the action is seat 1's Add")
    rep.inputs[1] = (1, 1, None, {"player": 1})
    rep.inputs[2] = (2, 1, None, {"player": 1})  # seat 1 twice: refused by the rules
    verdict = verify_turns(rep, [], rules)
    assert not verdict.ok and "seat 1's Add is not legal there (seat 1 may not go twice)" in \
        verdict.message
    with pytest.raises(ReplayError, match="input 0 is not a Toy action"):
        verify_turns(Replay("toy", 1, {}, {}, inputs=[(0, 0, None, {})]), [], rules)
    assert input_mismatch(3, 3, 0, 3, 0, "Add", waiting=1) == (
        "input 3: the file says seat 0 acted, but the match waits for seat 1")


class _Rec:
    """A recorder as the physics games' are: `ok`, and where it came from."""

    def __init__(self, how: str) -> None:
        self.how = how
        self.ok = True


def _resume(data: dict[str, Any]) -> _Rec:
    if data.get("step") != 2:
        raise ReplayError("the saved replay's step does not match its inputs")
    return _Rec(f"resumed at {data['step']}")


@pytest.mark.parametrize("saved", [None, {}, {"replay": None}])
def test_a_new_match_starts_its_replay(saved: dict[str, Any] | None) -> None:
    rec = replay.continue_or_start(saved, lambda: _Rec("new"), _resume, "Test")
    assert rec.how == "new" and rec.ok


@pytest.mark.parametrize("partial", [7, "{not json", "[1, 2]", '{"step": 5}'])
def test_a_saved_replay_that_cannot_continue_leaves_the_match_unrecorded(
        partial: Any, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("INFO"):
        rec = replay.continue_or_start({"replay": partial}, lambda: _Rec("new"), _resume, "Test")
    assert rec.how == "new" and not rec.ok
    assert "cannot be continued" in caplog.text and "this Test match is not recorded" in caplog.text


def test_a_cut_replay_continues_where_the_save_was_made() -> None:
    seats = [{"name": "Ana", "kind": "ai"}, {"name": "You", "kind": "human"}]
    rep = replay.new_replay("demo", {"game_id": "demo", "seed": 4, "seats": seats},
                            {"players": 2})
    digests = [f"{n:016x}" for n in range(1, 4)]
    for step in range(3):
        rep.add_input(step, step % 2, None, {"move": step})
        rep.add_checkpoint(step + 1, f"input {step + 1}", digests[step])
    text = replay.cut_text(rep, 2, 2, digests[1], step=2)
    assert "\n" not in text
    rec = replay.continue_or_start({"replay": text}, lambda: _Rec("new"), _resume, "Test")
    assert rec.how == "resumed at 2" and rec.ok
    data = json.loads(text)
    back = Replay.from_dict(data["replay"])
    assert [i[3] for i in back.inputs] == [{"move": 0}, {"move": 1}]
    assert back.final_hash == digests[1] and len(back.checkpoints) == 2


@pytest.mark.parametrize("error", [IndexError, AttributeError])
def test_a_resume_that_trips_over_a_damaged_replay_leaves_the_match_unrecorded(
        error: type[Exception]) -> None:
    def resume(data: dict[str, Any]) -> _Rec:
        raise error("damaged")
    rec = replay.continue_or_start({"replay": '{"step": 2}'}, lambda: _Rec("new"), resume, "Test")
    assert rec.how == "new" and not rec.ok
