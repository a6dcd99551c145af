"""The match's end: a person's win is a moment over the table (a large band for a couple of
seconds, the win sound, the kit's burst and confetti, as the other card game ends); a loss gets
a quieter band. A stranger's win was only a small text bubble beside the piles."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.layout import CENTRE
from game.games.cabo.scene import CaboScene
from tests.games.cabo.scene_helpers import make_setup, open_table

LOW, HIGH = ["AH", "2S", "XR", "AS"], ["7D", "9H", "KH", "QS"]


def last_round(app: Any, driver: HeadlessDriver, person_wins: bool) -> CaboScene:
    """The match's one round at its last call: the person (seat 0) or Ben called Kaboom!
    with the low hand; every card known to its owner."""
    grids = [LOW, HIGH] if person_wins else [HIGH, LOW]
    state = R.CaboState.from_layout(
        grids, phase=R.Phase.LAST_CALL, kaboomer=0 if person_wins else 1, turn=0,
        seen={0: [(0, k) for k in range(4)], 1: [(1, k) for k in range(4)]},
        options=R.CaboOptions(players=2, first_starter=0, slap_window=1.5, rounds=1))
    return open_table(app, driver, make_setup(["mouse", "hard"], seed=1, rounds=1),
                      {"version": 1, "rules": state.to_dict()}, 1.0)


@pytest.mark.parametrize("person_wins", [True, False])
def test_the_match_ends_with_a_band_across_the_table(app: Any, driver: HeadlessDriver,
                                                     person_wins: bool) -> None:
    sounds: list[str] = []
    app.sound.play = lambda name, *a, **k: sounds.append(name)  # type: ignore[method-assign]
    scene = last_round(app, driver, person_wins)
    pr = scene.presenter
    assert driver.run_until(lambda: any(isinstance(e, R.GameEnded)
                                        for e in scene.state.events), 1200)
    assert driver.run_until(lambda: getattr(pr, "finale", None) is not None, 1200)
    surface = pygame.Surface((1280, 720))
    scene.view.draw(surface)
    band = scene.view.finale_at
    assert band is not None and band.collidepoint(CENTRE) and band.w >= 300
    assert scene.view.win_at is None and scene.view.banner_at is None  # no bubble beside it
    finale = pr.finale
    assert finale is not None and finale.won is person_wins
    if person_wins:
        assert finale.title == "You win the game!" and "1st of 2" in finale.line
        assert "game_win" in sounds and pr.celebration.since is not None
        assert [b.label for b in pr.effects.bursts] == ["YOU WIN!"]
    else:  # gentler: no fanfare, no confetti
        assert finale.title == "Ben wins the game!" and "2nd of 2" in finale.line
        assert "game_win" not in sounds and pr.celebration.since is None
    # a couple of seconds, then the table as it lies, with the verdict beside the piles
    frames = 0
    while pr.finale is not None and frames < 600:
        driver.step()
        frames += 1
    assert 100 <= frames < 600  # (60 frames a second)
    scene.view.draw(surface)
    assert scene.view.finale_at is None


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("large", [False, True])
def test_the_win_burst_keeps_off_the_bands_headline(app: Any, driver: HeadlessDriver,
                                                    seats: int, large: bool) -> None:
    """A stranger's "YOU WIN!" burst hid the first letter of the band's "You win the game!":
    the burst pops on felt clear of the band."""
    from game.games.cabo.layout import WIN_BURST_TALL

    scene = _last_call_won(app, driver, seats, large)
    pr = scene.presenter
    assert driver.run_until(lambda: bool(pr.effects.bursts) and pr.finale is not None, 3000)
    burst = next(b for b in pr.effects.bursts if b.label == "YOU WIN!")
    scene.draw(app.screen)
    band = scene.view.finale_at
    assert band is not None
    box = pygame.Rect(0, 0, burst.width, round(burst.width * WIN_BURST_TALL))
    box.center = (round(burst.pos[0]), round(burst.pos[1]))
    assert not box.colliderect(band), (box, band)


def test_the_home_cards_stay_put_as_the_last_rounds_hands_turn_over(
        app: Any, driver: HeadlessDriver) -> None:
    """The player's cards rose ~18 px as the last round's hands turned over (the home seat
    was moved clear of the match's end bar then): the last round is laid out clear of it
    already, and nothing of the home seat moves at the reveal."""
    from game.games.cabo.layout import END_CLEAR

    grids = [["7H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"]]
    state = R.CaboState.from_layout(grids, phase=R.Phase.LAST_CALL, turn=1, kaboomer=1,
                                    discard=["9C"], window=True, window_from=0,
                                    options=R.CaboOptions(players=2, first_starter=0,
                                                          slap_window=1.5, rounds=1))
    scene = open_table(app, driver, make_setup(["mouse", "easy"], rounds=1),
                       {"version": 1, "rules": state.to_dict()})
    pr, home = scene.presenter, scene.layout.home
    before = [s.rect() for s in pr.grids[home] if s is not None]
    plate = scene.layout.plate_rect(home)
    assert max(r.bottom for r in before) <= END_CLEAR
    assert driver.run_until(lambda: pr.reveal is not None and not pr.busy, 900)
    assert [s.rect() for s in pr.grids[home] if s is not None] == before
    assert scene.layout.plate_rect(home) == plate


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("large", [False, True])
def test_the_match_end_bar_covers_no_seats_cards_or_plate(
        app: Any, driver: HeadlessDriver, seats: int, large: bool) -> None:
    """Strangers found the player's own cards, face up at the end, hidden under the match's
    end bar: every seat's cards and name plate stay clear of it, at both text sizes."""
    from game.app.menus.matchend import MatchEndBar

    scene = _last_call_won(app, driver, seats, large)
    assert driver.run_until(lambda: isinstance(app.stack.top, MatchEndBar)
                            and bool(app.stack.top.buttons), 3000)
    bar = app.stack.top.rect
    cards = [s.rect() for grid in scene.presenter.grids for s in grid if s is not None]
    plates = [scene.layout.plate_rect(s) for s in range(seats)]
    assert len(cards) == 4 * seats
    assert not [r for r in cards + plates if r.colliderect(bar)], bar


def _last_call_won(app: Any, driver: HeadlessDriver, seats: int, large: bool) -> Any:
    """A one-round table at `seats` (large text or not) in its last call, the mouse seat 0
    holding the low hand it called Kaboom! with: the match ends with seat 0 winning."""
    from game.ui import text

    if large:
        app.settings.accessibility.large_text = True
        app.apply_settings()
        text.forget_cached_drawings()
    others = [HIGH, ["7C", "9C", "KC", "QC"], ["7S", "9S", "KD", "QD"]][:seats - 1]
    state = R.CaboState.from_layout(
        [LOW, *others], phase=R.Phase.LAST_CALL, kaboomer=0, turn=0,
        seen={0: [(0, k) for k in range(4)]},
        options=R.CaboOptions(players=seats, first_starter=0, slap_window=1.5, rounds=1))
    scene = open_table(app, driver, make_setup(["mouse"] + ["hard"] * (seats - 1), seed=1,
                                               rounds=1),
                       {"version": 1, "rules": state.to_dict()}, 1.0)
    return scene
