"""The Kaboom! Explosive table, driven headless through the real App with real input events:
whole matches (AI only, a human by mouse, by keys, two humans on a couch), privacy, saves."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from game.app import catalogue
from game.app.headless import HeadlessDriver
from game.games.blast.options import places
from game.games.blast.rules import MatchState, Play
from game.games.blast.scene import BlastScene
from tests.games.blast.helpers import table as table_of
from tests.games.blast.scene_helpers import HumanHands, PrivacyWatch, make_setup, open_table


def _registered() -> None:
    import game.games.blast as blast

    catalogue.register(blast.INFO)


def test_blast_is_registered_with_its_demos() -> None:
    _registered()
    info = catalogue.get("blast")
    assert info is not None and (info.min_players, info.max_players) == (2, 5)
    assert info.default_players == 4 and info.higher_is_better is False
    ids = {d.scene_id for d in info.demo_scenes}
    assert {"blast.hand", "blast.attack", "blast.defence", "blast.chain", "blast.endgame",
            "blast.over", "blast.play"} <= ids
    assert "game.games.blast" in catalogue.GAME_MODULES


def test_importing_the_game_does_not_load_the_table() -> None:
    code = ("import sys, game.games.blast; print('game.games.blast.scene' in sys.modules, "
            "'game.games.blast.art' in sys.modules, 'pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout.split()
    assert out[:2] == ["False", "False"]


def test_an_ai_only_match_runs_to_its_summary(app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["hard", "medium", "easy"], seed=5), speed=60)
    assert driver.run_until(lambda: scene.finished and not scene.presenter.busy, 60000)
    st = scene.state
    assert st.is_terminal() and st.winners()
    # every action the rules took came through the table's record, in order
    assert len(scene.actions) == sum(1 for e in st.events if e.kind in (
        "played", "traded", "passed", "undermine", "arranged", "took", "answered",
        "endgame_card"))
    assert places(st)[st.winners()[0]] == 1
    assert not scene.presenter.fan_faces()  # nobody's hand is face up at an AI-only table
    assert any("Game over" in t or "round limit" in t for t in scene.presenter.log.texts())


def test_a_mouse_human_plays_a_whole_match_and_is_asked_out_of_turn(
        app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["mouse", "hard", "medium", "easy"], seed=11))
    hands = HumanHands(app, driver, scene)
    watch = PrivacyWatch(scene)
    hands.frames_check.append(watch)
    hands.play()
    st = scene.state
    assert st.is_terminal() and hands.actions > 10
    assert hands.defences, "the human was never asked to answer a card aimed at them"
    windows = [e for e in st.events if e.kind == "aimed" and e.target == 0]
    answers = [e for e in st.events if e.kind in ("took", "answered") and e.seat == 0]
    assert len(windows) == len(answers)  # every card aimed at the human was put to them
    assert watch.face_frames > 100
    assert scene.finished and not app.saves.has_save("blast")
    assert app.stats.for_profile(app.settings.profile)["blast"].played == 1


def test_a_keyboard_human_plays_with_the_cursor(app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["keys1", "medium", "hard"], seed=24))
    hands = HumanHands(app, driver, scene, seed=5)
    hands.frames_check.append(PrivacyWatch(scene))
    hands.play()
    assert scene.state.is_terminal() and hands.actions > 10


def test_two_humans_share_the_screen_behind_curtains(app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["keys1", "keys2", "medium"], seed=6))
    hands = HumanHands(app, driver, scene, seed=9)
    watch = PrivacyWatch(scene)
    hands.frames_check.append(watch)
    hands.play()
    assert scene.state.is_terminal()
    assert set(scene.curtains_opened) == {0, 1}
    assert all(dev == scene.device_of(scene.names.index(name)) for name, dev in hands.curtains)
    assert watch.face_frames > 50


def test_save_in_a_defence_window_and_resume(app: Any, driver: HeadlessDriver) -> None:
    from game.games.blast.demos import _defence_table

    setup, m = _defence_table(4)
    setup = make_setup(["mouse", "hard", "medium", "easy"], seed=4)
    m.apply(Play(1, "tnt", 0, ("iron_wall",)))
    scene = open_table(app, driver, setup, {"version": 1, "match": m.to_dict()})
    driver.run(3)
    assert scene.decider() == 0 and app.saves.has_save("blast")  # autosaved at the question
    saved = json.loads(json.dumps(scene.save_state()))
    before = scene.state.to_dict()
    app.stack.pop()
    app.stack.apply_requests()
    info = catalogue.get("blast")
    assert info is not None
    resumed = info.make_scene(app, setup, saved)
    assert isinstance(resumed, BlastScene)
    resumed.speed = 30.0
    app.stack.push(resumed)
    app.stack.apply_requests()
    driver.run(3)
    assert resumed.state.to_dict() == before
    assert [link.card for link in resumed.presenter.chain] == ["tnt"]
    assert resumed.presenter.hand == sorted(resumed.state.players[0].hand,
                                            key=resumed.presenter.hand.index)
    assert resumed.cursor.get("btn:take") is not None
    HumanHands(app, driver, resumed).play()
    assert resumed.state.is_terminal()


def test_a_bad_save_is_refused(app: Any) -> None:
    setup = make_setup(["mouse", "hard"], seed=2)
    m = MatchState.from_dict(MatchState(catalogue_options(3), 1).to_dict())
    for bad in ({"version": 99, "match": m.to_dict()}, {"version": 1},
                {"version": 1, "match": m.to_dict()}):
        try:
            BlastScene(app, setup, bad)
        except (ValueError, KeyError):
            continue
        raise AssertionError(f"accepted {list(bad)}")


def catalogue_options(players: int) -> Any:
    from game.games.blast.rules import Options

    return Options(players)


def test_ai_pauses_depend_on_the_seed_and_the_move_never_on_a_hand(app: Any,
                                                                   driver: HeadlessDriver) -> None:
    from game.games.blast.demos import _defence_table

    setup = make_setup(["hard", "medium", "easy", "hard"], seed=4)
    _, m = _defence_table(4)
    a = BlastScene(app, setup, {"version": 1, "match": m.to_dict()}, demo=True)
    other = MatchState.from_dict(m.to_dict())
    other.players[0].hand, other.players[2].hand = other.players[2].hand, other.players[0].hand
    b = BlastScene(app, setup, {"version": 1, "match": other.to_dict()}, demo=True)
    assert a.ai_pause() == b.ai_pause()
    assert a.ai_pause() != BlastScene(app, make_setup(["hard"] * 4, seed=5), {
        "version": 1, "match": m.to_dict()}, demo=True).ai_pause()  # another seed, another


@pytest.mark.parametrize("curtained", [False, True])
def test_a_card_nobody_can_answer_is_taken_by_itself(app: Any, driver: HeadlessDriver,
                                                     curtained: bool) -> None:
    """A person hit by a card they hold no answer to is not asked to click "Take it": the bar
    counts down and the card lands by itself; a person with an answer is still waited for.
    The count starts only once their hand is up to read: on a couch it was half gone by the
    time the curtain lifted."""
    from game.games.blast.data import DEFENCES
    from game.games.blast.rules import Phase, TakeIt
    from game.games.blast.scene import AUTO_TAKE_S

    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=3), speed=1.0)
    st = scene.state
    for _ in range(60 * 600):
        if st.is_terminal():
            break
        me = st.players[0]
        answers = [c for c in me.hand if c in DEFENCES]  # nothing that could answer: the
        me.hand[:] = [c for c in me.hand if c not in DEFENCES]  # defences go face up on the
        st.discard.extend(answers)  # pile (every card stays somewhere: the AIs' worlds add up)
        cur = st.current_player()
        if cur == 0 and not scene.presenter.busy and scene.decider() == 0:
            if st.phase == Phase.DEFEND:
                took = sum(1 for e in st.events if e.kind == "took" and e.seat == 0)
                if curtained:  # behind a curtain for a while: nothing counts down
                    scene.curtain = object()
                    driver.run(int(AUTO_TAKE_S * 60) * 2)
                    assert st.phase == Phase.DEFEND
                    assert scene.auto_take_in(0) == AUTO_TAKE_S
                    scene.curtain = None
                driver.step()
                assert "it hits in" in scene.prompt()[1]
                driver.run(int(AUTO_TAKE_S * 60) // 2)
                assert st.phase == Phase.DEFEND, "not before its time"
                driver.run(int(AUTO_TAKE_S * 60) // 2 + 30)
                now = sum(1 for e in st.events if e.kind == "took" and e.seat == 0)
                assert now == took + 1 and TakeIt(0) not in st.legal_actions(0)
                return
            legal = st.legal_actions(0)
            scene.human_act(next((a for a in legal if type(a).__name__ == "Pass"), legal[0]))
        driver.step()
    raise AssertionError("no card was aimed at the person in a whole match")


def test_an_attacks_arrow_ends_at_the_wall_it_names(app: Any, driver: HeadlessDriver,
                                                     monkeypatch: Any) -> None:
    """A stranger's arrow at Ben's left palisade ended on his iron wall (the zone's middle):
    a chain link's arrow ends at the wall the attack names, as it stands in the row."""
    import pygame

    from game.games.blast import view as blast_view
    from game.games.blast.demos import _defence_table

    _, m = _defence_table(4)
    setup = make_setup(["mouse", "hard", "medium", "easy"], seed=4)
    m.apply(Play(1, "tnt", 0, ("iron_wall",)))
    scene = open_table(app, driver, setup, {"version": 1, "match": m.to_dict()})
    driver.run(3)
    ends: list[tuple[float, float]] = []
    real = blast_view.draw_arrow

    def spy(surface: Any, start: Any, end: Any, *args: Any, **kwargs: Any) -> Any:
        ends.append(end)
        return real(surface, start, end, *args, **kwargs)

    monkeypatch.setattr(blast_view, "draw_arrow", spy)
    scene.draw(pygame.Surface((1280, 720)))
    walls = scene.presenter.seats[0].walls
    wall = scene.wall_rects(0)[walls.index("iron_wall")]
    others = [r for w, r in zip(walls, scene.wall_rects(0), strict=False) if w != "iron_wall"]
    assert ends and any(wall.collidepoint(e) for e in ends), (ends, wall)
    assert not any(r.collidepoint(e) for e in ends for r in others)


def test_a_couch_hand_off_waits_for_the_last_play_to_land(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's Flaming Arrow that put Ana out landed behind the next person's curtain: the
    table holds still a moment, everything shown, before the next hand-off (never longer than
    SETTLE_S)."""
    from game.games.blast.data import ARROW, PALISADE
    from game.games.blast.scene import HANDOFF_PAUSE, SETTLE_S
    from tests.games.blast.helpers import table

    m = table(3, hands={0: [ARROW], 2: [PALISADE]}, walls={2: [PALISADE]})
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=6),
                       {"version": 1, "match": m.to_dict()})
    hands = HumanHands(app, driver, scene)
    assert driver.run_until(lambda: scene.curtain is not None or scene.decider() == 0, 300)
    if scene.curtain is not None:
        assert hands.act()  # Ana's hand-off: her curtain lifts
    assert driver.run_until(lambda: scene.decider() == 0, 300)
    scene.human_act(Play(0, ARROW, 2, (PALISADE,)))
    assert driver.run_until(lambda: not scene.presenter.busy
                            and scene.state.current_player() == 1, 600), \
        (scene.state.current_player(), scene.state.phase)
    start = scene.clock
    assert scene.curtain is None  # the table holds still a moment, the hit in sight
    assert driver.run_until(lambda: scene.curtain is not None, 600)
    assert HANDOFF_PAUSE - 0.1 <= scene.clock - start <= SETTLE_S + 0.1


@pytest.mark.parametrize("players", [3, 4])
def test_the_endgame_banner_says_the_nuclear_bomb_is_live(
        app: Any, driver: HeadlessDriver, players: int) -> None:
    """A stranger's couch was ended by a Nuclear Bomb nobody had heard was playable: the
    endgame's banner says so (only tables of three or more have an endgame, and the bomb)."""
    from game.games.blast.data import ARROW

    m = table_of(players, hands={0: [ARROW]}, walls={players - 1: []})
    scene = open_table(app, driver, make_setup(["mouse"] + ["easy"] * (players - 1), seed=6),
                       {"version": 1, "match": m.to_dict()})
    assert driver.run_until(lambda: scene.decider() == 0, 300)
    scene.human_act(Play(0, ARROW, players - 1, ()))
    seen: set[str] = set()

    def banner() -> bool:
        if scene.presenter.banner is not None:
            seen.add(scene.presenter.banner[0])
        return scene.presenter.endgame

    assert driver.run_until(banner, 600)
    driver.run(5)
    banner()
    said = [b for b in seen if b.startswith("The endgame begins")]
    assert said == ["The endgame begins: the Nuclear Bomb may now be played!"]


def test_keys_pressed_before_a_hand_off_never_act_behind_it(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's Space, pressed while the table moved toward his turn, lifted his curtain
    and then picked his Flaming Arrow for him: the keys kept while the table moved are dropped
    when a hand-off curtain comes up."""
    from game.games.blast.data import ARROW, PALISADE

    m = table_of(3, hands={0: [ARROW], 1: [ARROW, PALISADE]}, walls={2: [PALISADE]})
    scene = open_table(app, driver, make_setup(["keys1", "keys2", "easy"], seed=6),
                       {"version": 1, "match": m.to_dict()})
    hands = HumanHands(app, driver, scene)
    assert driver.run_until(lambda: scene.curtain is not None or scene.decider() == 0, 300)
    if scene.curtain is not None:
        assert hands.act()
    assert driver.run_until(lambda: scene.decider() == 0, 300)
    scene.human_act(Play(0, ARROW, 2, (PALISADE,)))
    assert driver.run_until(lambda: scene.presenter.busy
                            and scene.state.current_player() == 1, 300)
    assert scene._keep_key(1, "confirm")  # Ben's Space while the table still moves
    assert driver.run_until(lambda: scene.curtain is not None, 600)
    assert scene.keys_kept == []
    assert hands.act()  # the curtain lifts on Ben's hand
    driver.run(30)
    assert [e for e in scene.state.events if getattr(e, "seat", None) == 1
            and type(e).__name__ == "Played"] == []
