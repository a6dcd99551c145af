"""Command line: help, clear errors with exit status 2, and the headless commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("cmd", [[], ["play"], ["simulate"], ["screenshot"], ["smoke"], ["bench"]])
def test_help_for_every_command(cmd: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([*cmd, "--help"], capsys)
    assert code == 0 and "usage:" in out


AI2 = ["--players", "ai:hard,ai:easy"]
# Every way to get the command line wrong: (arguments, what the message must name).
# {tmp} is a scratch folder holding a file "file" and a folder "dir.png".
BAD_ARGUMENTS = [
    (["--colour", "red"], "unknown option '--colour'"),
    (["--colour=red", "play"], "unknown option '--colour'"),
    (["--verbose", "-x", "smoke"], "unknown option '-x'"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["--data-dir"], "--data-dir: expected one argument"),
    (["--data-dir", "{tmp}/file", "smoke"], "--data-dir '{tmp}/file' is a file, not a folder"),
    (["--data-dir", "{tmp}/file/sub", "smoke"], "--data-dir '{tmp}/file/sub' cannot be created"),
    (["--data-dir", "/proc/kaboom-no/such", "smoke"], "cannot be created"),
    (["--data-dir", "", "smoke"], "--data-dir is empty"),
    (["--data-dir=  ", "smoke"], "--data-dir is empty"),
    (["play", "--colour", "red"], "unrecognized arguments: --colour"),
    (["play", "nope"], "unknown game 'nope'"),
    (["play", "--players", "human"], "--players needs a GAME"),
    (["play", "cabo", "--players", "ai:godlike,human"], "unknown AI difficulty 'godlike'"),
    (["play", "cabo", "--players", "human:pad,ai"], "unknown device 'pad'"),
    (["play", "cabo", "--players", "human:pad\u00b2,ai"], "unknown device 'pad\u00b2'"),
    (["play", "cabo", "--players", "human:pad\u0663,ai"], "unknown device 'pad\u0663'"),
    (["play", "cabo", "--players", "human:pad999999,ai"], "unknown device 'pad999999'"),
    (["play", "cabo", "--players", "human:pad-1,ai"], "unknown device 'pad-1'"),
    (["play", "cabo", "--players", "human"], "takes 2-6 players, got 1"),
    (["play", "cabo", "--players", ","], "--players needs at least one entry"),
    (["play", "cabo", "--players", "robot,ai"], "unknown player 'robot'"),
    (["play", "--seed", "x"], "seed 'x' is not a whole number"),
    (["play", "--seed", str(2**63)], "seed 9223372036854775808 is not a whole number from 0 to "
                                     "2**63-1"),
    (["play", "cabo", "--fullscreen=yes"], "--fullscreen"),
    (["simulate"], "required"),
    (["simulate", "nope", *AI2], "unknown game 'nope'"),
    (["simulate", "cabo", "--players", "human,ai:easy"], "AI-only"),
    (["simulate", "cabo", *AI2, "--games", "0"], "--games: the count must be a whole number "
                                                 "from 1 to 1,000,000, not 0"),
    (["simulate", "blast", *AI2, "--games", str(10**30)], "--games: the count must be a whole "
                                                          "number from 1 to 1,000,000"),
    (["simulate", "blast", *AI2, "--games", "1000001"], "from 1 to 1,000,000, not 1000001"),
    (["simulate", "blast", *AI2, "--seed", "9" * 5000], "--seed: seed '99999999999999999999..."
                                                        " (5000 characters)' is not a whole"),
    (["soak", "--minutes", "0"], "--minutes: must be more than 0"),
    (["soak", "--minutes", "nan"], "--minutes: must be more than 0"),
    (["soak", "--rounds", "0"], "--rounds: the count must be"),
    (["simulate", "cabo", *AI2, "--seed", "abc"], "--seed: seed 'abc' is not a whole number"),
    (["simulate", "cabo", *AI2, "--option", "rounds=7"], "--option rounds: '7' is not one of"),
    (["simulate", "cabo", *AI2, "--option", "colour=red"], "bad --option 'colour=red'"),
    (["simulate", "cabo", *AI2, "--option", "rounds"], "bad --option 'rounds'"),
    (["simulate", "tower", "--players", "ai:hard"], "takes 2-5 players, got 1"),
    (["screenshot"], "SCENE is required"),
    (["screenshot", "menu"], "--out FILE.png is required"),
    (["screenshot", "no-such-scene", "--out", "x.png"], "unknown scene 'no-such-scene'"),
    (["screenshot", "menu", "--out", "x.jpg"], "--out must be a .png file"),
    (["screenshot", "menu", "--out", "{tmp}/missing/x.png"], "the folder '{tmp}/missing' does "
                                                             "not exist"),
    (["screenshot", "menu", "--out", "{tmp}/dir.png"], "--out '{tmp}/dir.png' is a folder"),
    (["screenshot", "menu", "--out", "{tmp}/file/x.png"], "'{tmp}/file' is a file, not a folder"),
    (["screenshot", "menu", "--out", "x.png", "--frames", "-1"], "--frames: the count must be"),
    (["smoke", "--scene"], "--scene: expected one argument"),
    (["smoke", "--scene", "nowhere"], "unknown scene 'nowhere'"),
    (["smoke", "--frames", "lots"], "--frames: 'lots' is not a whole number"),
    (["bench", "--frames", "0"], "--frames: the count must be"),
    (["smoke", "--frames", str(10**7)], "from 1 to 1,000,000, not 10000000"),
    (["bench", "--frames", "many"], "not a whole number"),
    (["bench", "--seed", "-4"], "--seed: the seed -4 is not a whole number from 0 to 2**63-1"),
    (["bench", "--scene", "nope"], "unknown scene 'nope'"),
]


@pytest.mark.parametrize("args,needle", BAD_ARGUMENTS,
                         ids=[" ".join(a) or "none" for a, _ in BAD_ARGUMENTS])
def test_bad_arguments_exit_2_with_a_message(args: list[str], needle: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("a file")
    (tmp_path / "dir.png").mkdir()
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    code, out, err = run(args, capsys)
    assert code == 2
    assert needle.replace("{tmp}", str(tmp_path)) in err
    assert "Traceback" not in err + out
    assert not (tmp_path / "missing").exists()  # a refused command changes nothing


def test_kaboom_home_naming_a_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("a file")
    monkeypatch.setenv("KABOOM_HOME", str(tmp_path / "file"))
    code, _, err = run(["smoke", "--scene", "menu", "--frames", "1"], capsys)
    assert code == 2 and "KABOOM_HOME" in err and "is a file, not a folder" in err


def test_screenshot_writes_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import pygame

    out = tmp_path / "menu.png"
    code, stdout, _ = run(["screenshot", "menu", "--out", str(out), "--frames", "5"], capsys)
    assert code == 0 and "wrote" in stdout
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_screenshot_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["screenshot", "--list"], capsys)
    assert code == 0
    for sid in ("menu", "catalogue", "settings", "stats", "howto", "credits"):
        assert sid in out


def test_smoke_one_scene(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["smoke", "--scene", "menu", "--scene", "settings", "--frames", "60"],
                       capsys)
    assert code == 0
    assert "2 passed, 0 failed" in out


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bench", "--scene", "menu", "--frames", "30", "--json"], capsys)
    assert code == 0
    ref, row = (json.loads(line) for line in out.strip().splitlines())
    assert ref["scene"] == "reference"  # the budget is measured beside the scenes, same clock
    assert 0 < ref["median_ms"] <= ref["p99_ms"]
    assert ref["budget_p99_ms"] == pytest.approx(1.5 * ref["p99_ms"], abs=0.002)
    assert row["scene"] == "menu" and row["frames"] == 30
    assert 0 <= row["median_ms"] <= row["p99_ms"] <= row["max_ms"]
    assert row["within_budget"] == (row["p99_ms"] <= ref["budget_p99_ms"])


def test_data_dir_moves_everything(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "portable"
    code, _, _ = run(["--data-dir", str(home), "screenshot", "menu", "--out",
                      str(tmp_path / "m.png"), "--frames", "2"], capsys)
    assert code == 0
    assert (home / "logs" / "kaboom.log").exists()


def test_smoke_never_touches_the_real_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("KABOOM_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "realhome"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "realhome" / ".config"))
    code, _, _ = run(["smoke", "--scene", "settings", "--frames", "30"], capsys)
    assert code == 0
    assert not (tmp_path / "realhome" / ".config" / "KaboomCollection").exists()


@pytest.mark.parametrize(("spec", "devices"), [
    ("human,human", ["mouse", "keys1"]),
    ("human:keys1,human", ["keys1", "mouse"]),
    ("human,human:mouse", ["keys1", "mouse"]),
    ("human:pad0,human,human,human", ["pad0", "mouse", "keys1", "keys2"]),
])
def test_humans_without_a_device_take_one_nobody_else_named(spec: str,
                                                           devices: list[str]) -> None:
    from game.app.catalogue import parse_players

    assert [s.device for s in parse_players(spec)] == devices


def test_one_human_is_you_and_a_couch_are_players() -> None:
    from game.app import catalogue

    info = catalogue.get("blast")
    assert info is not None
    alone = catalogue.parse_players("human,ai:hard", info)
    assert [s.name for s in alone][:1] == ["You"]
    couch = catalogue.parse_players("human:mouse,human:keys1,ai:easy", info)
    assert [s.name for s in couch][:2] == ["Player 1", "Player 2"]


def test_ctrl_c_in_the_terminal_ends_with_a_line_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from game import cli

    def interrupted(parser: object, args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_simulate", interrupted)
    assert cli.main(["simulate", "cabo", "--players", "ai:easy,ai:easy"]) == 130
    err = capsys.readouterr().err
    assert "stopped (Ctrl+C)" in err and "Traceback" not in err
