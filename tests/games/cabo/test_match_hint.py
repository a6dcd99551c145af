"""The match hint: while the face-up discard may be slapped, a soft pulsing outline round each
card of the human's own that they have seen and that matches it (a stranger missed slaps of
an Ace, a King and a 5 he knew). On at a table with an Easy AI or while First-match tips are
on; only ever the cards of the human whose hand the screen shows."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.scene import LOOK, CaboScene
from tests.games.cabo.scene_helpers import key_event
from tests.games.cabo.test_scene_table import table

# seat 0 holds the 7 of hearts and a Joker, seat 1 the 7 of diamonds; the 7 of clubs is on
# the pile, discarded by seat 1, and seat 2 (an AI that knows nothing) is to play
GRIDS = [["7H", "3S", "XB", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"]]


def open_window(app: Any, driver: HeadlessDriver, kinds: list[str], top: str = "7C",
                **kw: Any) -> CaboScene:
    """The table at the moment the discard has landed and may be slapped."""
    kw.setdefault("seen", {0: [(0, 0)], 1: [(1, 0)]})
    scene = table(app, driver, kinds, grids=GRIDS, discard=[top], phase=R.Phase.TURN, turn=2,
                  window=True, window_from=1, **kw)
    st = scene.state
    assert driver.run_until(lambda: scene.landed_window == st.window_id, 600)
    driver.step(draw=True)
    return scene


def glowing(scene: CaboScene) -> list[R.Pos]:
    """The cards the last frame drew the hint round, by the place they were drawn at."""
    pr = scene.presenter
    drawn = scene.view.match_glow_at
    places = [R.Pos(p, i) for p, grid in enumerate(pr.grids) for i, sp in enumerate(grid)
              if sp is not None and sp.rect() in drawn]
    assert len(places) == len(drawn)
    return places


def test_the_known_match_glows_at_an_easy_table(app: Any, driver: HeadlessDriver) -> None:
    scene = open_window(app, driver, ["mouse", "easy", "medium"])
    assert scene.state.window and scene.state.slap is None
    assert scene.view.match_hint() == [R.Pos(0, 0)]
    assert glowing(scene) == [R.Pos(0, 0)]  # drawn round the 7 of hearts, nothing else


def test_no_glow_without_a_known_match(app: Any, driver: HeadlessDriver) -> None:
    """A card not seen (the 7 of hearts unseen), a seen card of another rank, and a Joker on
    a Joker (worth keeping): nothing glows."""
    unseen = open_window(app, driver, ["mouse", "easy", "medium"], seen={0: [(0, 1)]})
    assert unseen.view.match_hint() == [] and glowing(unseen) == []
    other = open_window(app, driver, ["mouse", "easy", "medium"], top="4C")
    assert other.view.match_hint() == [] and glowing(other) == []
    joker = open_window(app, driver, ["mouse", "easy", "medium"], top="XR",
                        seen={0: [(0, 0), (0, 2)]})
    assert joker.view.match_hint() == [] and glowing(joker) == []


def test_the_glow_ends_with_the_slap_window(app: Any, driver: HeadlessDriver) -> None:
    scene = open_window(app, driver, ["mouse", "easy", "medium"])
    assert glowing(scene) == [R.Pos(0, 0)]
    st = scene.state
    assert driver.run_until(lambda: not (st.window and st.slap is None), 900)
    driver.step(draw=True)
    assert scene.view.match_hint() == [] and glowing(scene) == []


def test_the_hint_is_for_easy_tables_or_first_match_tips(
        app: Any, driver: HeadlessDriver) -> None:
    app.settings.assists.first_match_tips = False  # (the tests' default)
    scene = open_window(app, driver, ["mouse", "medium", "hard"])
    assert scene.view.match_hint() == [] and glowing(scene) == []
    app.settings.assists.first_match_tips = True
    driver.step(draw=True)
    assert glowing(scene) == [R.Pos(0, 0)]


def test_on_a_couch_only_the_player_holding_their_card_up_sees_their_match(
        app: Any, driver: HeadlessDriver) -> None:
    """Ana and Ben share the screen and each knows a 7; the 7 of clubs is on the pile while
    Ana's 7 of clubs power lets her peek at her last card. Nothing glows for anyone until Ana
    holds her peeked card up: then her own 7 glows, never Ben's."""
    scene = table(app, driver, ["keys1", "keys2", "easy"], grids=GRIDS, phase=R.Phase.POWER,
                  turn=0, power=R.Power.PEEK_OWN, discard=["7C"], window=True, window_from=0,
                  seen={0: [(0, 0)], 1: [(1, 0)]})
    st = scene.state
    assert driver.run_until(lambda: scene.landed_window == st.window_id, 600)
    driver.step(draw=True)
    assert scene.couch() and scene.view.match_hint() == [] and glowing(scene) == []
    scene.human_act(R.PeekOwn(0, 3))
    pr = scene.presenter
    assert driver.run_until(lambda: bool(pr.lookable(0)), 600)
    driver.step(draw=True)
    assert st.window and st.slap is None
    assert scene.view.match_hint() == [] and glowing(scene) == []  # Ana's card is down
    driver.step([key_event(app, "keys1", LOOK[0], True)])  # Ana holds her card up
    assert driver.run_until(lambda: all(s.showing_face for s in pr.lookable(0)), 60)
    driver.step(draw=True)
    assert st.window and st.slap is None
    assert scene.view.match_hint() == [R.Pos(0, 0)] and glowing(scene) == [R.Pos(0, 0)]
    driver.step([key_event(app, "keys1", LOOK[0], False)], draw=True)
    assert scene.view.match_hint() == [] and glowing(scene) == []
