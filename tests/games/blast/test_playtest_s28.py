"""What the ninth playtest (a stranger, 6/10) found, each fixed: keyboard aim and the second
wall of an RPG, and the smaller things listed with each test."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options
from tests.games.blast.scene_helpers import make_setup, open_table


def _table(app: Any, driver: HeadlessDriver, m: MatchState, kinds: list[str]) -> Any:
    assert m.conserved()
    scene = open_table(app, driver, make_setup(kinds, seed=4),
                       {"version": 1, "match": m.to_dict()})
    assert driver.run_until(lambda: scene.decider() == 0 and not scene.presenter.busy, 600)
    return scene


def _pick(scene: Any, card: str) -> None:
    """Pick a hand card as the keys do: focus it, confirm."""
    i = scene.presenter.hand.index(card)
    hit = scene.cursor.get(f"hand:{i}")
    scene.cursor.focus_key = hit.key
    hit.on_activate()
    scene.table_controls.refresh(0)


def _strip(m: MatchState, seat: int) -> None:
    """Every wall of `seat` to the discard pile (the cards stay counted)."""
    m.discard.extend(m.players[seat].walls)
    m.players[seat].walls = []


def test_keys_aim_first_at_the_wall_less_enemy_it_knocks_out(
        app: Any, driver: HeadlessDriver) -> None:
    """Aim began on the other person's palisade, not on the wall-less player the TNT knocks
    out, and the bar still said "choose the wall it destroys"."""
    m = MatchState(Options(3, first=0), 3)
    _give(m, 0, [D.TNT])
    _strip(m, 2)
    scene = _table(app, driver, m, ["keys1", "easy", "easy"])
    _pick(scene, D.TNT)
    assert scene.cursor.focus_key == "seat:2"
    said = scene.prompt()[1]
    assert said.startswith("TNT: choose Cleo to knock out (no walls left), or the wall it "
                           "destroys"), said


def test_the_second_wall_of_an_rpg_is_the_next_one_along(
        app: Any, driver: HeadlessDriver) -> None:
    """After the RPG's first wall the focus went back to the left-most wall, and two presses
    on landed on Back; it goes to the next wall to the right of the first, which is not
    offered again, and the "1st" tag marks the wall pressed."""
    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [D.RPG])
    scene = _table(app, driver, m, ["keys1", "easy"])
    walls = list(scene.presenter.seats[1].walls)
    _pick(scene, D.RPG)
    # it says two walls from the first choice (a stranger, s31, was surprised by "now the
    # second wall" after "choose the wall it destroys")
    said = scene.prompt()[1]
    assert said.startswith("RPG: choose the first of the two walls it destroys"), said
    second = 1  # a palisade among palisades: the place pressed, not the first of its kind
    hit = scene.cursor.get(f"wall:1:{second}")
    scene.cursor.focus_key = hit.key
    hit.on_activate()
    scene.table_controls.refresh(0)
    assert scene.table_controls.pick.stage == "walls" and scene.table_controls.pick.at == [1]
    assert scene.cursor.focus_key == f"wall:1:{second + 1}", (walls, scene.cursor.focus_key)
    assert scene.cursor.get(f"wall:1:{second}") is None
    assert scene.cursor.get("wall:1:0") is not None


def _firestorm_ends_it(app: Any, driver: HeadlessDriver, winner: int) -> Any:
    """`winner` holds a Firestorm, the other seat no walls: it ends the match at once."""
    from game.games.blast.rules import Play

    m = MatchState(Options(2, first=winner), 3)
    _give(m, winner, [D.FIRESTORM])
    _strip(m, 1 - winner)
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    assert scene.state.current_player() == winner
    scene.human_act(Play(winner, D.FIRESTORM, 1 - winner))  # for the AI too: no waiting
    assert driver.run_until(lambda: scene.finished and not scene.presenter.busy, 1200)
    return scene


def test_a_win_has_its_own_moment(app: Any, driver: HeadlessDriver) -> None:
    """A win ended on the same panel as a loss: now a "YOU WIN!" burst, confetti over the
    summary and a gold-framed summary; a loss keeps the quiet panel."""
    from game.games.blast import view

    scene = _firestorm_ends_it(app, driver, 0)
    assert scene.state.winners() == [0]
    cel = scene.presenter.celebration
    assert cel.since is not None and cel.confetti.items
    won = view.summary(scene)
    scene = _firestorm_ends_it(app, driver, 1)
    assert scene.state.winners() == [1] and scene.presenter.celebration.since is None
    lost = view.summary(scene)
    assert won.get_at((17, 60)) != lost.get_at((17, 60))  # the gold inner frame


def test_a_hit_that_destroys_nothing_says_so() -> None:
    """A Backfired Flaming Arrow at a seat with no palisade logged only "Ben is hit by the
    Flaming Arrow.", as if a wall went."""
    from game.games.blast import words as W
    from game.games.blast.rules.events import Destroyed

    said = W.Voice(["Ana", "Ben"], 0).describe(
        Destroyed(turn=3, seat=1, walls=(), card=D.ARROW, by=0))
    assert said == "Ben's walls are too strong for the Flaming Arrow: nothing is destroyed."


def test_an_ai_takes_a_firestorm_without_deciding(app: Any, driver: HeadlessDriver) -> None:
    """"Ben decides how to answer the Firestorm..." though no defence answers one: the bar
    says he takes it, after a short pause."""
    from game.games.blast.rules import Play
    from game.games.blast.scene import PAUSE, UNANSWERABLE_PAUSE, Phase

    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [D.FIRESTORM])
    scene = _table(app, driver, m, ["mouse", "easy"])
    scene.human_act(Play(0, D.FIRESTORM, 1))
    assert scene.state.phase == Phase.DEFEND and scene.state.current_player() == 1
    assert scene.table_controls._ai_prompt(1) == "takes the Firestorm: no defence answers it..."
    assert scene.ai_pause() <= UNANSWERABLE_PAUSE[1] * scene.pace < PAUSE[Phase.DEFEND][0]


def test_a_card_drawn_under_a_resting_pointer_is_not_pointed_at(
        app: Any, driver: HeadlessDriver) -> None:
    """A newly drawn card landed under the still pointer and popped up as hovered (a click
    meant for the old card nearly played it): it lifts only once the pointer moves."""
    import pygame

    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4))
    driver.run(5)
    ctl = scene.table_controls
    fan = scene.presenter.fan
    slots = ctl.fan_slots()
    pos = (round(slots[-1].x), round(slots[-1].y))
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                    buttons=(0, 0, 0))])
    ctl.fan_slots()
    assert ctl.focus_index == len(fan) - 1  # the pointer moved onto it: it is pointed at
    ctl.seen_cards.discard(id(fan[-1]))  # as if it had just been drawn there
    ctl.fan_slots()
    assert ctl.focus_index is None
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 2, pos[1]), rel=(2, 0),
                                    buttons=(0, 0, 0))])
    ctl.fan_slots()
    assert ctl.focus_index == len(fan) - 1


def test_the_inspector_sees_the_hand_as_cards(app: Any, driver: HeadlessDriver) -> None:
    """A Weapons Inspector's look was only a log line: the hand now lies on the felt as
    cards, face up, for the inspector, and is gone after the moment."""
    from game.games.blast.rules import Play
    from game.games.blast.rules.events import Inspected

    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [D.INSPECTOR])
    scene = _table(app, driver, m, ["mouse", "easy"])
    scene.human_act(Play(0, D.INSPECTOR, 1))
    pr = scene.presenter
    assert driver.run_until(lambda: bool(pr.inspected), 600)
    seen = next(e for e in scene.state.events if isinstance(e, Inspected))
    assert [s.code for s in pr.inspected] == list(seen.hand or ())
    assert all(s.showing_face for s in pr.inspected)
    assert driver.run_until(lambda: not pr.inspected, 600)


def test_no_played_card_ghosts_through_the_twist_panel(app: Any,
                                                      driver: HeadlessDriver) -> None:
    """The played Twist of Fate's title showed through the see-through panel of its cards:
    the panel is opaque, one colour wherever no card or caption lies on it."""
    import pygame

    from game.games.blast.rules import Play
    from game.games.blast.view import decision_panel

    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [D.TWIST])
    scene = _table(app, driver, m, ["mouse", "easy"])
    scene.human_act(Play(0, D.TWIST))
    assert driver.run_until(lambda: decision_panel(scene) is not None
                            and not scene.presenter.busy, 600)
    box = decision_panel(scene)
    assert box is not None
    colours = set()
    for felt in ((40, 90, 60), (200, 30, 30)):  # whatever lies under the panel
        surface = pygame.Surface((1280, 720))
        surface.fill(felt)
        scene.view._panels(surface)
        colours.add(tuple(surface.get_at((box.x + 8, box.bottom - 8))))
    assert len(colours) == 1, colours


def test_protests_warn_before_they_are_spent(app: Any, driver: HeadlessDriver) -> None:
    """Non-Violent Protests played at a hand with no attacks did nothing, unwarned: pointing
    at them says so before the card is spent."""
    from game.games.blast.rules import Pass, Play, TakeIt

    m = MatchState(Options(2, first=1), 3)
    _give(m, 1, [D.C4])
    _give(m, 0, [D.PROTESTS])
    c4 = next(a for a in m.legal_actions(1) if isinstance(a, Play) and a.card == D.C4)
    assert m.apply(c4) is None
    assert m.apply(TakeIt(0)) is None
    while m.current_player() == 1:  # Ben ends his turn
        assert m.apply(Pass(1)) is None
    scene = _table(app, driver, m, ["mouse", "easy"])
    scene.table_controls.refresh(0)
    i = scene.presenter.hand.index(D.PROTESTS)
    ctl = scene.table_controls
    ctl.focus_index = i  # pointed at, as the fan sets it
    assert i in ctl.playable
    shown = scene.view._previewed()
    assert shown is not None and \
        "discards only the pipe bombs and bigger the enemy holds" in shown[1], shown


def test_cancelled_rises_over_the_stage_clear_of_the_news_banner(app: Any,
                                                                  driver: HeadlessDriver) -> None:
    """A playtest saw "Cancelled" hidden under the news banner, which sits under the stage;
    session 41's stranger saw it at the attacker's panel edge: the word now rises from the
    wall it saved, clear of the banner under the stage."""
    from game.games.blast.presenter import Link
    from game.games.blast.rules import events as E

    scene = open_table(app, driver, make_setup(["easy", "easy"]))
    pr = scene.presenter
    walls = pr.seats[1].walls
    pr.chain = [Link("tnt", 0, 1, walls=(walls[-1],))]
    beat = pr._b_cancelled(E.Cancelled(turn=1, seat=1, card="tnt", by="blast_shield",
                                       why="defended"))
    next(beat)
    next(beat)  # the word is out
    words = [f for f in pr.effects.floats if f.label == "Cancelled"]
    assert words, "no Cancelled word"
    saved = scene.wall_rects(1)[len(walls) - 1]
    assert words[0].pos == saved.center  # on the saved wall
    stage = scene.layout.stage_rect()
    assert words[0].pos[1] < stage.top  # the banner's place is under the stage


def test_the_confetti_falls_behind_the_summary_never_on_its_words(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger (s31) saw the win's confetti over "Ben wins!" and the results' header: it
    rains on the table behind the summary panel."""
    import pygame

    from game.games.blast import view

    scene = _firestorm_ends_it(app, driver, 0)
    cel = scene.presenter.celebration
    assert cel.confetti.items
    img = view.summary(scene)
    rect = view.summary_rect(img.get_size())
    # confetti everywhere: only what the panel covers stays clear of it
    cel.draw = lambda surface: surface.fill((255, 0, 0))  # type: ignore[method-assign]
    surface = pygame.Surface((1280, 720))
    scene.view._summary(surface)
    middle = (rect.centerx, rect.y + 20)
    assert surface.get_at(middle) == img.get_at((rect.w // 2, 20))
    assert surface.get_at((rect.x - 10, rect.y)) == (255, 0, 0, 255)  # the table around it
