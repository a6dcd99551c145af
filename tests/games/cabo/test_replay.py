"""Cabo's replay verifier says plainly where a changed input stops agreeing with the re-run."""

from __future__ import annotations

import copy
import random
from typing import Any

import pygame
import pytest

from game.core.replay import Replay
from game.games.cabo import rules as R
from game.games.cabo.replay import CaboRecorder, action_text, fresh_state, input_mismatch, verify

OPTIONS = R.CaboOptions(players=3, rounds=2).to_dict()


def recorded_match(seed: int = 12) -> Replay:
    """A whole match of seeded random legal actions (slaps included), recorded as the table
    and simulate record it."""
    state = fresh_state(OPTIONS, seed)
    recorder = CaboRecorder({"seed": seed, "seats": ["a", "b", "c"]}, state)
    rng = random.Random(seed)
    while not state.is_terminal():
        slaps = [a for p in range(state.players) for a in state.legal_actions(p)
                 if isinstance(a, R.Slap)]
        if slaps and rng.random() < 0.4:
            action = rng.choice(slaps)
        else:
            action = rng.choice(state.legal_actions())
        state.must_apply(action)
        recorder.applied(state, action, None)
    made = recorder.finish(state)
    assert made is not None
    return made


@pytest.fixture(scope="module")
def match() -> Replay:
    return recorded_match()


def with_input(replay: Replay, n: int, step: int, seat: int) -> Replay:
    changed = copy.deepcopy(replay)
    _, _, t, payload = changed.inputs[n]
    changed.inputs[n] = (step, seat, t, payload)
    return changed


def first_input(replay: Replay, kind: str) -> int:
    return next(i for i, (_, _, _, a) in enumerate(replay.inputs) if a["type"] == kind)


def test_the_recorded_match_verifies(match: Replay) -> None:
    verdict = verify(match)
    assert verdict.ok, verdict.message


def test_a_changed_seat_names_the_seat_in_the_file_and_the_actions_own_player(
        match: Replay) -> None:
    n = first_input(match, "SlapStop")
    step, seat, _, payload = match.inputs[n]
    other = (seat + 1) % 3
    verdict = verify(with_input(match, n, step, other))
    assert not verdict.ok and verdict.step == step
    assert verdict.message == (f"input {n}: the file says seat {other} acted, but the action is "
                               f"seat {payload['player']}'s SlapStop")


def test_a_table_action_under_a_seat_is_called_the_tables(match: Replay) -> None:
    n = first_input(match, "Reveal")
    step, seat, _, _ = match.inputs[n]
    assert seat == R.TABLE
    verdict = verify(with_input(match, n, step, 1))
    assert verdict.message == (f"input {n}: the file says seat 1 acted, but the action is the "
                               "table's Reveal")


def test_a_changed_step_says_how_many_actions_came_before(match: Replay) -> None:
    n = first_input(match, "Replace")
    step, seat, _, _ = match.inputs[n]
    verdict = verify(with_input(match, n, step + 3, seat))
    assert not verdict.ok and verdict.step == step
    assert verdict.message == (f"input {n}: the file says it comes after {step + 3} actions, but "
                               f"{step} came before it (inputs are missing or out of order)")


def test_both_differences_are_told() -> None:
    message = input_mismatch(200, 203, 0, 200, R.SlapFlip(1, R.Pos(2, 0)))
    assert message == ("input 200: the file says seat 0 acted, but the action is seat 1's "
                       "SlapFlip(pos=(2, 0)); and the file says it comes after 203 actions, "
                       "but 200 came before it (inputs are missing or out of order)")
    assert input_mismatch(5, 5, 1, 5, R.Draw(1)) is None


def test_action_text_shows_fields_but_the_player() -> None:
    assert action_text(R.SlapStop(1)) == "SlapStop"
    assert action_text(R.Replace(0, 3)) == "Replace(slot=3)"
    assert action_text(R.KingDecide(2, True)) == "KingDecide(swap=True)"
    assert action_text(R.BlindSwap(0, R.Pos(1, 2), R.Pos(2, 0))) == "BlindSwap(a=(1, 2), b=(2, 0))"
    assert action_text(R.Slap(2, 0.25)) == "Slap(t=0.25)"


def test_watch_again_shows_the_seats_as_they_were_played(app: Any) -> None:
    """A couch match played back: its human seats read as their devices, never 'AI - ...'."""
    import game.games.cabo as cabo
    from game.app import catalogue
    from game.core import replay
    from game.games.cabo.watch import CaboWatchScene
    from game.ui import text

    if catalogue.get("cabo") is None:  # loads the catalogue first; another test may empty it
        catalogue.register(cabo.INFO)
    seats = catalogue.parse_players("human:mouse,human:keys1,ai:easy", cabo.INFO)
    seats[0].name, seats[1].name = "Ana", "Ben"
    setup = catalogue.MatchSetup("cabo", seats, {**cabo.INFO.default_options(), "rounds": 1}, 4)
    with replay.capture() as made:
        cabo.INFO.simulate(setup)
    scene = CaboWatchScene(app, made[0])
    assert [scene.seat_label(i) for i in range(3)] == ["Mouse", "Keys (left)", "AI - easy"]
    assert scene.names[:2] == ["Ana", "Ben"]
    drawn: list[str] = []
    real = text.render

    def spy(s: str, *a: Any, **k: Any) -> Any:
        drawn.append(s)
        return real(s, *a, **k)

    text.render = spy  # type: ignore[assignment]
    try:
        from game.games.cabo import hud

        hud.plate_surface.cache_clear()
        scene.draw(pygame.Surface((1280, 720)))
    finally:
        text.render = real  # type: ignore[assignment]
    assert "Keys (left)" in drawn and "AI - easy" in drawn
    assert not any(s in ("AI - medium", "AI - hard") for s in drawn)


@pytest.mark.parametrize("large", [False, True])
def test_watch_agains_hand_line_never_covers_another_seats_plate(large: bool) -> None:
    """Watch again, viewing Cleo (a seat at the top): "Cleo knows 2 of 4 cards" sat left of
    her plate, over Ben's name plate. It goes where the felt by the viewed seat is free."""
    from game.games.cabo.layout import FELT
    from tests.ui.layout import open_scene

    app, driver = open_scene("cabo.watch", large)
    try:
        driver.run(30)
        sc = app.stack.top
        lay = sc.layout
        for v in range(len(sc.names)):
            sc._set_view(v)
            driver.run(200)
            sc.draw(app.screen)
            at = sc.view.hand_at
            assert at is not None and FELT.contains(at), (v, at)
            others = [lay.plate_rect(p) for p in range(len(sc.names)) if p != v]
            grids = [lay.grid_rect(p, len(g)) for p, g in enumerate(sc.presenter.grids)]
            assert at.collidelist(others + grids + [lay.piles_rect()]) < 0, (v, at)
    finally:
        app.shutdown(quit_pygame=False)
