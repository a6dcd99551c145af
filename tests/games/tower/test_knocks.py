"""A saboteur's knock is credited by name: hits, falls and the words live and at the judging."""

from __future__ import annotations

from game.core.voice import Voice
from game.games.tower.knocks import (
    FallWatch,
    KnockLedger,
    knock_words,
    knocked_words,
    lost_words,
)
from game.games.tower.rules import TileJudgement

COTTAGE = 4  # plank lying, cube, roof: 2 points


def judged(progress: int, stack: tuple[int, ...], scored: bool = False) -> TileJudgement:
    reason = "" if scored else "unfinished"
    return TileJudgement(1, COTTAGE, scored, reason, progress, stack, 0)


def test_a_fall_after_a_die_hit_is_that_saboteurs_knock() -> None:
    led = KnockLedger()
    led.fired(2, die_id=7)
    led.hit(7, block_id=11, frame=100)
    k = led.judged(judged(3, (10, 11, 12)), judged(1, (10,)), frame=130)
    assert k is not None and k.seat == 2
    assert k.lost == (("cube", "upright"), ("roof", "upright"))
    assert k.was_complete and k.denied == 2
    voice = Voice(["Ana", "You", "Ben"], you=1)
    assert knock_words(k, voice, 0) == (
        "Ben's die knocks the roof and the cube off the Cottage!\n"
        "Ana must rebuild it or lose 2 points")
    assert knocked_words(k, voice) == "Ben's die knocked the roof and the cube off the Cottage"


def test_your_die_on_an_unfinished_tower_denies_nothing() -> None:
    led = KnockLedger()
    led.fired(1, 0)
    led.hit(0, 10, frame=5)
    k = led.judged(judged(2, (10, 11)), judged(1, (10,)), frame=9)
    assert k is not None and k.denied == 0
    assert knock_words(k, Voice(["Ana", "You"], you=1), 1) == (
        "Your die knocks the cube off the Cottage!")


def test_no_credit_without_a_recent_hit_on_that_tower() -> None:
    led = KnockLedger(window=60)
    led.fired(1, 0)
    led.hit(0, 99, frame=0)  # another tower's block
    assert led.judged(judged(2, (10, 11)), judged(1, (10,)), frame=10) is None
    led.hit(0, 11, frame=0)
    assert led.judged(judged(2, (10, 11)), judged(1, (10,)), frame=61) is None  # too long ago
    assert led.judged(judged(2, (10, 11)), judged(1, (10,)), frame=60) is not None
    led.hit(5, 10, frame=70)  # a die nobody fired (unknown) credits nobody
    assert 10 not in led.hits


def test_a_fall_seen_in_two_steps_grows_one_knock() -> None:
    led = KnockLedger()
    led.fired(0, 3)
    led.hit(3, 10, frame=0)
    first = led.judged(judged(3, (10, 11, 12)), judged(2, (10, 11)), frame=4)
    second = led.judged(judged(2, (10, 11)), judged(0, ()), frame=8)
    assert first is not None and second is not None
    assert second.lost == (("plank", "lying"), ("cube", "upright"), ("roof", "upright"))
    assert second.was_complete and second.progress_before == 3
    assert knock_words(second, Voice(["Ana", "Bo"]), 1) == (
        "Ana's die knocks the Cottage down!\nBo must rebuild it or lose 2 points")
    assert lost_words(second.lost[1:]) == "the roof and the cube"
    assert lost_words((("pillar", "upright"), ("pillar", "upright"))) == "2 pillars"
    assert lost_words((("plank", "lying"),) * 2 + (("cube", "upright"),)) == "3 blocks"


def test_the_judging_names_the_knock_only_if_the_tower_was_not_rebuilt() -> None:
    led = KnockLedger()
    led.fired(0, 3)
    led.hit(3, 11, frame=0)
    led.judged(judged(2, (10, 11)), judged(1, (10,)), frame=4)
    assert led.standing_knock(judged(1, (10,))) is not None
    assert led.standing_knock(judged(2, (10, 14))) is None  # built back up past the knock
    assert led.standing_knock(judged(3, (10, 14, 15), scored=True)) is None


def test_the_scoreboard_counts_points_denied_per_saboteur() -> None:
    led = KnockLedger()
    led.fired(1, 0)
    led.fired(2, 1)
    led.hit(0, 11, frame=0)
    led.hit(1, 21, frame=0)
    led.judged(judged(3, (10, 11, 12)), judged(1, (10,)), frame=4)  # finished: 2 points
    other = TileJudgement(3, COTTAGE, False, "unfinished", 2, (20, 21), 0)
    led.judged(other, TileJudgement(3, COTTAGE, False, "unfinished", 1, (20,), 0), frame=4)
    final = [judged(1, (10,)), TileJudgement(3, COTTAGE, False, "unfinished", 1, (20,), 0)]
    assert led.denied(final) == {1: 2}  # seat 2 knocked an unfinished tower: nothing denied
    assert led.denied([judged(3, (10, 14, 15), scored=True)]) == {}  # rebuilt and scored


def test_a_jolt_that_stands_back_up_is_no_fall_and_a_lasting_drop_is() -> None:
    watch = FallWatch(confirm=20)
    full = judged(3, (10, 11, 12))
    assert watch.seen(full, judged(0, ()), frame=100, by_hand=False) is None  # hopped
    assert watch.seen(judged(0, ()), judged(0, ()), frame=108, by_hand=False) is None
    assert watch.seen(judged(0, ()), full, frame=112, by_hand=False) is None  # back up
    assert watch.pending == {}
    assert watch.seen(full, judged(2, (10, 11)), frame=200, by_hand=False) is None
    assert watch.seen(judged(2, (10, 11)), judged(1, (10,)), frame=212, by_hand=False) is None
    was = watch.seen(judged(1, (10,)), judged(1, (10,)), frame=220, by_hand=False)
    assert was == full  # confirmed: the fall is measured from before the first drop
    assert watch.dropped_at == 200  # and began at the first drop
    assert watch.seen(full, judged(1, (10,)), frame=300, by_hand=True) is None  # the builder
    assert watch.pending == {}


def test_a_hit_on_a_block_not_yet_right_on_the_tile_credits_the_fall() -> None:
    """Seen in play: a die struck a roof still sliding into place (not yet in the right stack)
    and the tower under it fell, with no credit. A hit on any block on the tile counts; one on
    another tile does not."""
    led = KnockLedger()
    led.fired(2, die_id=7)
    led.hit(7, block_id=12, frame=100, slot=3)  # another tile's block
    assert led.judged(judged(2, (10, 11)), judged(0, ()), frame=130) is None
    led.hit(7, block_id=12, frame=100, slot=1)  # the sliding roof on this tile (slot 1)
    k = led.judged(judged(2, (10, 11)), judged(0, ()), frame=130)
    assert k is not None and k.seat == 2 and len(k.lost) == 2


def test_the_knock_window_runs_to_the_drop_not_to_its_confirmation() -> None:
    """A tower that falls just inside the window is confirmed a third of a second later, after
    the window: it is still the die's knock (counted to the drop), but not a hit long before."""
    led = KnockLedger(window=120)
    led.fired(0, die_id=1)
    led.hit(1, block_id=11, frame=0)
    assert led.judged(judged(2, (10, 11)), judged(1, (10,)), frame=135) is None
    assert led.judged(judged(2, (10, 11)), judged(1, (10,)), frame=135, dropped=115) is not None
    assert led.judged(judged(2, (10, 11)), judged(1, (10,)), frame=150, dropped=130) is None


def test_the_scoreboard_says_one_pt_and_two_pts_denied() -> None:
    import pygame

    from game.games.tower import hud
    from game.ui import text

    pygame.init()
    drawn: list[str] = []

    class Said:
        def text(self, surface: object, rect: object, label: str, img: object) -> None:
            drawn.append(label)

        def panel(self, surface: object, rect: object) -> None:
            pass

        def rendered(self, img: object, label: str) -> None:
            drawn.append(label)

    rows = tuple(hud.BoardRow(n, (200, 80, 60), "circle", 3, (), 0, False, denied=d,
                              denied_whose=whose)
                 for n, d, whose in (("Ben", 1, "Ann's"), ("Cleo", 2, "your")))
    text.observe(Said())
    try:
        hud.board_panel.cache_clear()
        hud.board_panel(hud.BoardInfo(rows, "Scores", "", "", (200, 80, 60)))
    finally:
        text.observe(None)
    # Whose points the saboteur's dice knocked down, in the saboteur's row ("6 pts denied"
    # there did not say whose, and read as their own loss; "cost you 5 pts" by the row's
    # total of 0 read oddly, as a sum).
    assert "knocked down Ann's 1 pt" in drawn and "knocked down your 2 pts" in drawn


def test_the_scoreboard_says_whose_points_clear_of_the_won_tiles() -> None:
    """A saboteur with many tiles won: the 'knocked down Alexandra's 6 pts' words are never
    drawn over their tiles (the tiles stop short, the rest counted)."""
    import pygame

    from game.games.tower import hud
    from game.ui import text

    pygame.init()
    rects: list[tuple[str, pygame.Rect]] = []

    class Said:
        def text(self, surface: object, rect: pygame.Rect, label: str, img: object) -> None:
            rects.append((label, rect))

        def panel(self, surface: object, rect: object) -> None:
            pass

        def rendered(self, img: object, label: str) -> None:
            pass

    from game.games.tower.data import TILES

    won = tuple(t for t in range(len(TILES)) if not TILES[t].mega)[:12]
    rows = (hud.BoardRow("Ben", (200, 80, 60), "circle", 30, won, 0, False, denied=6,
                         denied_whose="Alexandra's"),)
    text.observe(Said())
    try:
        hud.board_panel.cache_clear()
        hud.board_panel(hud.BoardInfo(rows, "Scores", "", "", (200, 80, 60)))
    finally:
        text.observe(None)
    said = next(r for label, r in rects if label == "knocked down Alexandra's 6 pts")
    others = [r for label, r in rects if label != "knocked down Alexandra's 6 pts"
              and abs(r.centery - said.centery) < 20]
    assert any(label.startswith("+") for label, _ in rects)  # the tiles left out, counted
    assert others and not any(r.colliderect(said) for r in others)


def test_a_die_lying_still_that_a_block_slides_into_is_blamed_for_nothing() -> None:
    """A stranger read "Ben's die knocked the cube off the Three cubes ... cost you 3 pts" for a
    cube that slid off at the timeout against a die Ben had fired long before: only a die in
    flight (moving at `IN_FLIGHT_SPEED` or more as it touches) is blamed."""
    from game.games.tower.knocks import IN_FLIGHT_SPEED

    led = KnockLedger()
    led.fired(2, die_id=7)
    led.hit(7, block_id=11, frame=100, slot=1, speed=IN_FLIGHT_SPEED / 4)
    assert led.judged(judged(3, (10, 11, 12)), judged(1, (10,)), frame=130) is None
    assert led.denied([judged(1, (10,))]) == {}
    led.hit(7, block_id=11, frame=140, slot=1, speed=IN_FLIGHT_SPEED * 3)
    assert led.judged(judged(3, (10, 11, 12)), judged(1, (10,)), frame=150) is not None


def test_a_toast_that_says_it_costs_points_is_counted_on_the_score_screen() -> None:
    """A stranger's toast said "That costs Ben 3 points", and the score screen showed no points
    denied: the other saboteur's die then knocked the half-rebuilt tower and its knock (of an
    unfinished tower) replaced the first. Every costly knock counts while the tower ends
    unscored."""
    led = KnockLedger()
    led.fired(1, 0)
    led.fired(2, 1)
    led.hit(0, 11, frame=0)
    first = led.judged(judged(3, (10, 11, 12)), judged(1, (10,)), frame=4)
    voice = Voice(["Ana", "You", "Ben"], you=1)
    assert first is not None
    assert "Ana must rebuild it or lose 2 points" in knock_words(first, voice, 0)
    led.hit(1, 14, frame=300)  # the builder put a cube back; Ben's die knocks it off
    second = led.judged(judged(2, (10, 14)), judged(1, (10,)), frame=310)
    assert second is not None and second.seat == 2 and not second.denied
    assert led.denied([judged(1, (10,))]) == {1: 2}
    assert led.denied([judged(3, (10, 14, 15), scored=True)]) == {}  # rebuilt and scored


def test_the_hit_toast_states_no_loss_the_builder_can_still_rebuild() -> None:
    """A stranger's toast said "That costs Ben 2 points" at the hit, and Ben rebuilt the tower
    and scored it. At the hit the points are only at stake; the score screen charges them only
    if the tower ends unscored."""
    led = KnockLedger()
    led.fired(1, 0)
    led.hit(0, 11, frame=0)
    k = led.judged(judged(3, (10, 11, 12)), judged(1, (10,)), frame=4)
    assert k is not None
    said = knock_words(k, Voice(["Ana", "You"], you=0), 0)
    assert "costs" not in said
    assert said.endswith("\nYou must rebuild it or lose 2 points")
    assert led.denied([judged(3, (10, 14, 15), scored=True)]) == {}
    assert led.denied([judged(1, (10,))]) == {1: 2}


def test_a_tower_shoved_off_its_tile_whole_is_said_shoved_not_knocked_down() -> None:
    """A stranger read "Ana's die knocks the Table down!" over a Table still standing, only
    pushed off its pad: a tower shoved off its tile whole is said so."""
    led = KnockLedger()
    led.fired(2, die_id=7)
    led.hit(7, block_id=11, frame=100)
    off = TileJudgement(1, COTTAGE, False, "not on the tile", 0, (), 3, "plank", 1.57)
    k = led.judged(judged(3, (10, 11, 12)), off, frame=130)
    assert k is not None and k.shoved
    voice = Voice(["Ana", "You", "Ben"], you=1)
    assert knock_words(k, voice, 0).startswith("Ben's die shoves the Cottage off its tile!")
    assert knocked_words(k, voice) == "Ben's die shoved the Cottage off its tile"
    fell = led.judged(judged(3, (10, 11, 12)), judged(1, (10,)), frame=131)
    assert fell is not None and not fell.shoved  # knocked apart: as before
    lying = TileJudgement(1, COTTAGE, False, "not on the tile", 0, (), 3, "plank", 0.0)
    toppled = KnockLedger()
    toppled.fired(2, die_id=7)
    toppled.hit(7, block_id=11, frame=100)
    k2 = toppled.judged(judged(3, (10, 11, 12)), lying, frame=130)
    assert k2 is not None and not k2.shoved  # its bottom block on end: it fell


def test_a_die_landing_on_a_falling_tower_takes_no_credit_from_the_one_that_knocked_it() -> None:
    """A stranger's red die knocked the Gatehouse; the other saboteur's die landed on its
    falling blocks a moment later and the live words named that other seat ("Ben's die shoves
    the Gatehouse off its tile!") while the score screen named hers. Only a hit before the drop
    knocked the tower, and the fall going on is the same knock: one seat, live and scored."""
    led = KnockLedger()
    led.fired(1, die_id=0)  # the tester's die
    led.fired(2, die_id=1)  # Ben's
    led.hit(0, block_id=12, frame=100, slot=1)
    led.hit(1, block_id=11, frame=112, slot=1)  # on the falling blocks, after the drop
    first = led.judged(judged(3, (10, 11, 12)), judged(2, (10, 11)), frame=125, dropped=105)
    assert first is not None and first.seat == 1
    led.hit(1, block_id=10, frame=130, slot=1)  # still falling; Ben's die rolls on
    more = led.judged(judged(2, (10, 11)), judged(0, ()), frame=140, dropped=128)
    assert more is not None and more.seat == 1 and more.progress_before == 3
    assert led.denied([judged(0, ())]) == {1: 2}
    assert led.standing_knock(judged(0, ())) == more
    voice = Voice(["Ana", "You", "Ben"], you=1)
    assert led.board_note(judged(0, ()), voice, 0) == (
        "Your die knocked the Cottage down: no 2 points for Ana")


def test_a_tower_whose_block_was_held_at_time_up_is_not_blamed_on_an_earlier_knock() -> None:
    # Knocked finished, rebuilt, then its roof lifted by the hand and still held when the sand
    # ran out: the score sheet says so, and the die is credited with no points.
    led = KnockLedger()
    led.fired(1, 0)
    led.hit(0, 12, frame=0)
    led.judged(judged(3, (10, 11, 12)), judged(2, (10, 11)), frame=4)
    final = judged(2, (10, 11))
    assert led.standing_knock(final) is not None and led.denied([final]) == {1: 2}
    led.lifted_off(15, slot=1)  # the rebuilt roof, off the Cottage
    led.timed_out(15, "roof")
    voice = Voice(["Ana", "Ben"])
    assert led.standing_knock(final) is None and led.denied([final]) == {}
    assert led.board_note(final, voice, 0) == (
        "Ana's Cottage's roof was still in hand when the sand ran out")
    assert led.held_words(final) == "the Cottage's roof was still in hand when the sand ran out"
    led.timed_out(99, "cube")  # a block from the tray: no tower's
    assert list(led.held_out) == [1]
