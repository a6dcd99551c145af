"""A duel with Easy became a stand-off (session 43, 6/10): from round 9 to 20 both sides sat
behind iron and steel walls with only arrows and pipe bombs, passing and building. A seat
holding nothing that breaks any enemy wall trades three for one to dig for a breaker (keeping
its defences) rather than pass or build yet another wall; with a breaker it plays it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.ai import decide, make_ai
from game.games.blast.rules import MatchState, Play, Trade
from game.ui import text, theme
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import couch_recap, make_setup, open_table

IRON_ROWS = {0: [D.PALISADE, D.STONE, D.IRON], 1: [D.IRON, D.STEEL, D.IRON]}
"""Seat 0's row stands; seat 1 sits behind walls no arrow or pipe bomb breaks."""


def _standoff(hand: list[str]) -> MatchState:
    m = table(2, hands={0: hand}, walls=IRON_ROWS)
    m.turn = 10 * 2  # round 11, deep in the duel
    return m


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_weak_explosives_against_iron_walls_trade_rather_than_pass(level: str) -> None:
    """Arrows and a pipe bomb against iron and steel: every seed trades (it passed)."""
    hand = [D.ARROW, D.ARROW, D.PIPE, D.FIZZLE]
    for seed in range(12):
        a = decide(make_ai(level, 0, seed), _standoff(list(hand)))
        assert isinstance(a, Trade), (level, seed, a)
        assert D.FIZZLE not in a.cards  # it keeps its defence


def test_weak_explosives_dig_rather_than_build_another_wall() -> None:
    """With a wall in hand too, Easy digs for a breaker more often than it builds (a row of
    three stands; another wall only drew the stand-off out)."""
    hand = [D.ARROW, D.PIPE, D.ARROW, D.PALISADE, D.OOPS]
    trades = sum(isinstance(decide(make_ai("easy", 0, seed), _standoff(list(hand))), Trade)
                 for seed in range(20))
    assert trades >= 12, trades


def test_a_breaker_in_hand_is_played_not_traded() -> None:
    """With a C4 among the arrows, Easy plays an explosive at the enemy, never trades."""
    hand = [D.ARROW, D.ARROW, D.PIPE, D.C4]
    for seed in range(12):
        a = decide(make_ai("easy", 0, seed), _standoff(list(hand)))
        assert not isinstance(a, Trade), (seed, a)
    plays = [decide(make_ai("easy", 0, seed), _standoff(list(hand))) for seed in range(12)]
    assert sum(p == Play(0, D.C4, 1, p.walls) for p in plays if isinstance(p, Play)) >= 8



def test_the_bar_says_plainly_to_trade_when_nothing_breaks_an_enemy_wall(
        app: Any, driver: HeadlessDriver) -> None:
    """Arrows and a pipe bomb against Ben's iron and steel: the bar names the wall and what to
    dig for, by the trade button's name, and the button glows as the move to make (the
    stranger read "play a glowing card" with nothing worth playing, for rounds)."""
    m = table(2, hands={0: [D.ARROW, D.PIPE, D.ARROW, D.PALISADE]},
              walls={0: [D.STONE], 1: [D.STEEL, D.IRON]})
    scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    said = scene.prompt()[1]
    ben = scene.names[1]
    assert said.startswith(f"Nothing here breaks {ben}'s iron wall: \"Trade 3 for 1\" to dig "
                           "for TNT, a C4 or an RPG"), said
    trade = scene.cursor.get("btn:trade")
    assert trade is not None and trade.accent == theme.FUSE
    assert len(text.wrap(said, text.MIN_PX, 1280 - 32)) <= 2


def test_the_bar_keeps_its_usual_words_with_a_breaker_in_hand(
        app: Any, driver: HeadlessDriver) -> None:
    """With TNT among the arrows the iron wall can go: no word of a trade to dig, and the trade
    button stays quiet."""
    m = table(2, hands={0: [D.ARROW, D.PIPE, D.TNT, D.PALISADE]},
              walls={0: [D.STONE], 1: [D.STEEL, D.IRON]})
    scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    assert "Nothing here breaks" not in scene.prompt()[1]
    trade = scene.cursor.get("btn:trade")
    assert trade is not None and trade.accent != theme.FUSE


def test_protests_says_exactly_when_it_may_be_played() -> None:
    """The card said "After a C4 or RPG was played" (when? by whom?): per the rulebook it says
    once anyone has played one this match (whoever played it), as the rules allow it."""
    rule = D.CARDS[D.PROTESTS].text
    assert rule.startswith("Once anyone has played a C4 or RPG this match"), rule
    assert D.GISTS[D.PROTESTS].startswith("After any C4/RPG")  # the small face: anyone's
    m = table(2, hands={0: [D.PROTESTS, D.PALISADE], 1: [D.TNT]})
    assert Play(0, D.PROTESTS, 1) not in m.legal_actions(0)
    m.heavy_played = True  # a C4 or RPG went down earlier in the match, whoever played it
    assert Play(0, D.PROTESTS, 1) in m.legal_actions(0)


def test_a_dimmed_hand_card_does_not_lift_when_clicked(app: Any, driver: Any) -> None:
    """A dimmed Fizzle (no explosive to answer on one's own turn) rose when clicked, as if
    chosen, then did nothing: it stays down and the bar says why."""
    from tests.games.blast.scene_helpers import HumanHands, open_match

    scene = open_match(app, driver, table(2, hands={0: [D.FIZZLE, D.PALISADE, D.ARROW]}),
                       ["mouse", "easy"])
    hands = HumanHands(app, driver, scene)
    assert driver.run_until(lambda: scene.decider() == 0, 300)
    tc = scene.table_controls
    i = scene.presenter.hand.index(D.FIZZLE)
    assert i in tc.unplayable
    hands.point_at(0, f"hand:{i}")
    driver.run(5)
    assert tc.refusal is not None  # it says why ...
    assert tc.focus_index == i and tc.slots[i].lift == 0.0  # ... and stays down
    j = scene.presenter.hand.index(D.PALISADE)  # a glowing card still rises under the pointer
    hands.point_at(0, f"hand:{j}")
    driver.run(5)
    assert tc.slots[j].lift > 0.0


def test_a_note_never_lies_on_the_recap_bubble_or_the_eyes_only_caption(
        app: Any, driver: HeadlessDriver) -> None:
    """After a couch hand-over "While you waited: ...", "Nothing in your hand answers the Pipe
    Bomb: it hits you" and "For Cleo's eyes only" sat on top of one another by one panel: the
    note moves clear of the other two (and keeps on the felt)."""
    from game.games.blast.layout import FELT

    scene = couch_recap(app, driver, "While you waited: Ben built a palisade; Ben's TNT took "
                                     "your stone wall")
    home = scene.layout.home
    eyes, bubble = scene.view.eyes_only_rect(), scene.view.bubble_rect()
    assert eyes is not None and bubble is not None and not eyes.colliderect(bubble)
    from game.games.blast import hud

    clashed = 0  # where the note was given: on a bubble (as the stranger saw)
    for words in ("Nothing in your hand answers the Pipe Bomb: it hits you",
                  "That card cannot be played now"):
        scene._note(home, words)
        note = scene.note
        assert note is not None
        given = hud.note_surface(note.words, note.width).get_rect(
            center=(round(note.centre[0]), round(note.centre[1])))
        clashed += given.collidelist([eyes, bubble]) >= 0
        at = scene.view.note_rect()
        assert at is not None and FELT.contains(at), words
        assert not at.colliderect(eyes) and not at.colliderect(bubble), (words, at, eyes,
                                                                          bubble)
        driver.step(draw=True)  # and drawn there
    assert clashed
    app.stack.pop()
    app.stack.apply_requests()


def test_no_recap_of_what_the_open_table_showed_everyone(
        app: Any, driver: HeadlessDriver) -> None:
    """On a couch the AI's turn plays out at the open table, every hand down and no curtain:
    the whole couch watched it, so the next person's "While you waited" does not retell it
    (it is only for what a curtain or another's hand hid from them)."""
    from game.games.blast.rules import Pass
    from game.games.blast.rules.events import Played
    from tests.games.blast.helpers import ok

    m = table(3, hands={0: [D.STONE], 1: [D.STONE], 2: [D.CHEMIST]})
    ok(m, Pass(0), Pass(1))
    assert m.current_player() == 2
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    pr = scene.presenter

    def shown() -> int | None:
        return next((i for i, e in enumerate(scene.state.events[:pr.next_event])
                     if isinstance(e, Played) and e.seat == 2), None)

    assert driver.run_until(lambda: shown() is not None and scene.curtain is not None, 900)
    played = shown()
    assert played is not None
    assert played in scene.open_events
    start = min(scene.seen_upto[0], played)
    assert "Mad Chemist" in pr.couch_recap(0, start, pr.next_event)  # what it would retell
    assert pr.couch_recap(0, start, pr.next_event, scene.open_events) == ""
    scene.presenter.bubble = None
    scene._recap(0)  # the recap itself, as Ana's curtain opens
    assert scene.presenter.bubble is None or "Mad Chemist" not in scene.presenter.bubble[0]
    app.stack.pop()
    app.stack.apply_requests()


def test_cancelled_floats_inside_its_panel(app: Any, driver: HeadlessDriver) -> None:
    """"Cancelled" over the wall a cancelled card was aimed at spilled out of the panel when
    that wall stood at the row's end: it keeps whole inside the seat's panel, over each wall."""
    from game.games.blast.presenter import Link

    row = [D.PALISADE, D.PALISADE, D.STONE, D.IRON, D.STEEL]
    m = table(2, walls={0: row, 1: list(row)})
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(2)
    pr = scene.presenter
    half = text.render("Cancelled", 22, theme.CREAM, True, shadow=True).get_width() / 2
    for seat in (0, 1):
        zone = scene.layout.zone(seat).rect
        for w in dict.fromkeys(pr.seats[seat].walls):
            pr.chain = [Link(D.TNT, 1 - seat, seat, walls=(w,))]
            (x, _), _ = pr.saved_spot(seat)
            assert zone.x < x - half and x + half < zone.right, (seat, w, x, zone)
    app.stack.pop()
    app.stack.apply_requests()


def test_an_opponents_draw_lands_on_the_felt_before_their_count_changes(
        app: Any, driver: HeadlessDriver) -> None:
    """The opponent's drawn card flew over the window's top edge onto their hand count, and
    the count changed before it arrived: it flies to a spot whole on the felt, off the plate,
    and the count goes up as it lands."""
    from game.games.blast.layout import FELT, PILE_H, PILE_W
    from game.games.blast.rules.events import Drew

    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": table(2).to_dict()})
    driver.run(2)
    pr = scene.presenter
    other = 1 - scene.layout.home
    before = pr.seats[other].hand
    beat = pr._b_drew(Drew(turn=0, seat=other, count=1, why="turn"))
    first = next(beat)
    assert pr.seats[other].hand == before  # on its way
    card = pr.flying[-1]
    spot = pygame.Rect(0, 0, PILE_W, PILE_H)
    spot.center = (round(pr.draw_spot(other)[0]), round(pr.draw_spot(other)[1]))
    assert FELT.contains(spot) and not spot.colliderect(scene.layout.zone(other).plate)
    assert card is not None and isinstance(first, float) and first >= 0.3  # the flight's time
    for _ in beat:
        pass
    assert pr.seats[other].hand == before + 1  # landed
    app.stack.pop()
    app.stack.apply_requests()


def test_the_bar_names_the_pipe_bomb_when_a_stone_wall_is_the_nearest_to_breaking(
        app: Any, driver: HeadlessDriver) -> None:
    """Arrows only against Ben's stone wall: a Pipe Bomb breaks it, and the bar says so (a
    stranger read "dig for TNT, a C4 or an RPG" and never looked for the Pipe Bomb)."""
    m = table(2, hands={0: [D.ARROW, D.ARROW, D.PALISADE, D.ARROW]},
              walls={0: [D.STONE], 1: [D.STONE, D.IRON]})
    scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    said = scene.prompt()[1]
    ben = scene.names[1]
    assert said.startswith(f"Nothing here breaks {ben}'s stone wall: \"Trade 3 for 1\" to dig "
                           "for a Pipe Bomb, TNT, a C4 or an RPG"), said
