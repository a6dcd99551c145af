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


@pytest.mark.parametrize("args,needle", [
    (["simulate", "nope", "--players", "ai:hard,ai:easy"], "unknown game"),
    (["simulate"], "required"),
    (["bench", "--frames", "0"], "at least 1"),
    (["bench", "--frames", "many"], "not a whole number"),
    (["screenshot", "menu", "--out", "x.jpg"], ".png"),
    (["screenshot", "no-such-scene", "--out", "x.png"], "unknown scene"),
    (["screenshot", "menu"], "--out"),
    (["smoke", "--scene", "nowhere"], "unknown scene"),
    (["play", "nope"], "unknown game"),
    (["play", "--players", "human"], "needs a GAME"),
    (["frobnicate"], "invalid choice"),
    (["bench", "--seed", "-4"], "seed"),
])
def test_bad_arguments_exit_2_with_a_message(args: list[str], needle: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(args, capsys)
    assert code == 2
    assert needle in err


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
    row = json.loads(out.strip().splitlines()[-1])
    assert row["scene"] == "menu" and row["frames"] == 30
    assert 0 <= row["median_ms"] <= row["p99_ms"] <= row["max_ms"]


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
