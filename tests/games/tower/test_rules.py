"""Tower Kaboom rules, pure: dice, turns, rounds, judging, scoring, the optional rule, saves."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from game.games.tower.data import (
    CATAPULT_SLOTS,
    MEGA_SLOT,
    MEGA_TILE_ID,
    ONE_FOOT,
    OPEN_SPARES,
    RULES_NOTES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    CatapultSlot,
)
from game.games.tower.rules import (
    DIE,
    TABLE,
    BlockView,
    ChooseTile,
    CloseTile,
    FinishTurn,
    Fire,
    MatchState,
    Options,
    Phase,
    Rejected,
    StartTurn,
    TableView,
    Tick,
    TileView,
    TurnResult,
    catapult_clearance,
    catapult_legal,
    explain,
    judge_tile,
    new_match,
    next_piece,
    standing_note,
)

from .conftest import stack_views, table_view


def finish(m: MatchState, view: TableView) -> TurnResult:
    """The table judges the settled towers and ends the turn (through `apply`, as play does)."""
    assert m.apply(FinishTurn(TABLE, view)) is None
    assert m.last_result is not None
    return m.last_result


def small_slot(match: MatchState) -> int:
    return next(s for s, t in enumerate(match.row) if t is not None and t != MEGA_TILE_ID)


def play_empty_turn(match: MatchState) -> None:
    assert match.apply(StartTurn(match.builder)) is None
    match.apply(Tick(TABLE, match.options.turn_seconds))
    finish(match, table_view(match.row))


# -- setup, dice, turns -----------------------------------------------------------------------


def test_new_match_deals_four_small_tiles_around_the_mega():
    m = new_match(3, seed=5)
    assert m.row[MEGA_SLOT] == MEGA_TILE_ID
    small = [t for i, t in enumerate(m.row) if i != MEGA_SLOT]
    assert len(set(small)) == 4 and MEGA_TILE_ID not in small
    assert len(m.pile) == 21 - OPEN_SPARES and not set(m.pile) & set(small)
    assert m.phase == Phase.READY and m.builder == 0 and m.options.rounds == 3
    assert new_match(3, seed=5).row == m.row  # seeded
    assert any(new_match(3, seed=s).row != m.row for s in range(6, 12))


@pytest.mark.parametrize(("players", "dice"), [(2, 8), (3, 4), (4, 3), (5, 2)])
def test_dice_per_saboteur_by_player_count(players: int, dice: int):
    m = new_match(players, seed=1)
    assert m.apply(StartTurn(m.builder)) is None
    assert m.dice_left == {s: dice for s in range(1, players)}
    assert m.builder not in m.dice_left
    assert sum(m.dice_left.values()) <= 9  # the box holds nine dice


def test_player_count_limits():
    for bad in (1, 6):
        with pytest.raises(ValueError):
            Options(players=bad)


def test_each_die_is_fired_once_per_turn():
    m = new_match(2, seed=1)
    assert isinstance(m.apply(Fire(1)), Rejected)  # timer not running yet
    m.apply(StartTurn(m.builder))
    assert isinstance(m.apply(Fire(0)), Rejected)  # the builder has no catapult
    for _ in range(8):
        assert m.apply(Fire(1)) is None
    assert m.apply(Fire(1)) == Rejected("no dice left")
    assert m.dice_left[1] == 0


def test_firing_stops_when_the_sand_timer_runs_out():
    m = new_match(3, seed=1)
    m.apply(StartTurn(m.builder))
    m.apply(Tick(TABLE, 29.9))
    assert m.phase == Phase.BUILDING and m.apply(Fire(1)) is None
    m.apply(Tick(TABLE, 0.2))
    assert m.phase == Phase.SETTLING and m.time_left == 0.0
    assert isinstance(m.apply(Fire(2)), Rejected)


def test_builder_rotates_and_rounds_end_the_game():
    m = new_match(Options(players=3, rounds=2), seed=2)
    builders, rounds = [], []
    while not m.is_over:
        builders.append(m.builder)
        rounds.append(m.round)
        play_empty_turn(m)
    assert builders == [0, 1, 2, 0, 1, 2]
    assert rounds == [1, 1, 1, 2, 2, 2]
    assert isinstance(m.apply(StartTurn(m.builder)), Rejected)
    assert m.winners() == []  # nobody scored a point: a draw, nobody wins


def test_default_is_three_rounds():
    m = new_match(2, seed=3)
    turns = 0
    while not m.is_over:
        play_empty_turn(m)
        turns += 1
    assert turns == 6


def test_saboteurs_sit_clockwise_from_the_builder():
    m = new_match(4, seed=1)
    assert m.saboteurs() == [1, 2, 3]
    play_empty_turn(m)
    assert m.builder == 1 and m.saboteurs() == [2, 3, 0]
    # Each seat keeps its own catapult all match (seat s at slot s).
    assert m.catapult_of(2) == 2 and m.catapult_slots()[2] == CATAPULT_SLOTS[2]
    assert m.catapult_of(0) == 0 and m.catapult_layout() == (0, -1, 2, 3)


# -- judging ----------------------------------------------------------------------------------


def test_right_order_scores():
    tile = TILES[16]  # Stack: cube, plank, cube, roof
    view = table_view([16, None, 0, None, None], {0: stack_views(16, 0)}).tile(0)
    j = judge_tile(tile, view)
    assert j.scored and j.reason == "standing" and j.progress == 4 and j.complete


def test_wrong_order_does_not_score():
    views = stack_views(16, 0)
    # Swap the plank and the top cube's shapes: same stack, wrong order.
    views[1] = dataclasses.replace(views[1], shape="cube", angle=0.0)
    views[2] = dataclasses.replace(views[2], shape="plank", angle=math.pi / 2)
    j = judge_tile(TILES[16], table_view([16, None, 0, None, None], {0: views}).tile(0))
    assert not j.scored and j.reason == "wrong order" and j.progress == 1


def test_not_on_the_tile_does_not_score():
    views = stack_views(16, 0)
    x0, x1 = views[0].table_span or (0.0, 0.0)
    views[0] = dataclasses.replace(views[0], table_span=(x0 + 60.0, x1 + 60.0))
    j = judge_tile(TILES[16], table_view([16, None, 0, None, None], {0: views}).tile(0))
    assert not j.scored and j.reason == "not on the tile" and j.progress == 0


def test_toppled_does_not_score():
    views = stack_views(13, 0)  # Column: two upright pillars
    views[1] = dataclasses.replace(views[1], angle=math.radians(40))
    j = judge_tile(TILES[13], table_view([13, None, 0, None, None], {0: views}).tile(0))
    assert not j.scored and j.reason == "toppled" and j.progress == 1
    # Leaning within the tolerance still stands; symmetric shapes may turn a half or quarter turn.
    views[1] = dataclasses.replace(views[1], angle=math.radians(8))
    assert judge_tile(TILES[13], table_view([13, None, 0, None, None], {0: views}).tile(0)).scored
    views[1] = dataclasses.replace(views[1], angle=math.pi)
    assert judge_tile(TILES[13], table_view([13, None, 0, None, None], {0: views}).tile(0)).scored
    cubes = stack_views(3, 0)
    cubes[1] = dataclasses.replace(cubes[1], angle=-math.pi / 2)
    assert judge_tile(TILES[3], table_view([3, None, 0, None, None], {0: cubes}).tile(0)).scored


def test_one_stack_only_each_block_on_the_one_below():
    views = stack_views(13, 0)
    extra = dataclasses.replace(views[1], block_id=9, rests_on=(views[1].block_id,))
    j = judge_tile(TILES[13], table_view([13, None, 0, None, None], {0: [*views, extra]}).tile(0))
    assert not j.scored and j.progress == 2 and j.extra == 1
    # A second block on the tile that leans on the tower (an end on the table) is carried by
    # the table, not stacked on the tower: it does not spoil it (rules revision 10).
    leaner = dataclasses.replace(views[0], block_id=9, rests_on=(TABLE, views[0].block_id))
    j = judge_tile(TILES[13], table_view([13, None, 0, None, None], {0: [*views, leaner]}).tile(0))
    assert j.scored and j.extra == 0
    # A block resting partly on a die does not rest on the block below.
    views[1] = dataclasses.replace(views[1], rests_on=(views[0].block_id, DIE))
    j = judge_tile(TILES[13], table_view([13, None, 0, None, None], {0: views}).tile(0))
    assert not j.scored and j.progress == 1


def test_a_loose_block_lying_beside_the_tower_does_not_spoil_it():
    # Session 30: the Lamp's wreck fell onto the pad of a standing Three cubes, which then
    # scored nothing. The rulebook asks that a tower stand in order on its tile, no more.
    views = stack_views(10, 0)
    x0, _ = SLOT_RANGES[0]
    debris = BlockView(block_id=12, shape="pillar", angle=math.pi / 2, rests_on=(TABLE,),
                       table_span=(x0 + 1.0, x0 + 20.0), position=(x0 + 10.0, TABLE_Y - 5.0))
    on_debris = BlockView(block_id=13, shape="cube", angle=0.0, rests_on=(12,),
                          position=(x0 + 10.0, TABLE_Y - 15.0))
    row = [10, None, 0, None, None]
    j = judge_tile(TILES[10], table_view(row, {0: [debris, *views, on_debris]}).tile(0))
    assert j.scored and j.reason == "standing" and j.extra == 0 and j.complete
    # Still building it: the debris does not count as a second stack either.
    j = judge_tile(TILES[10], table_view(row, {0: [debris, *views[:2]]}).tile(0))
    assert not j.scored and j.reason == "unfinished" and j.progress == 2 and j.extra == 0
    # A block that rests on the tower spoils it, and one resting on that block too.
    on_top = dataclasses.replace(on_debris, rests_on=(views[-1].block_id,))
    j = judge_tile(TILES[10], table_view(row, {0: [debris, *views, on_top]}).tile(0))
    assert not j.scored and j.extra == 1
    # Debris with a foot on the table leaning on the tower's side does not (revision 10).
    bridge = dataclasses.replace(debris, rests_on=(TABLE, views[1].block_id))
    j = judge_tile(TILES[10], table_view(row, {0: [bridge, *views, on_debris]}).tile(0))
    assert j.scored and j.reason == "standing" and j.extra == 0


def test_unfinished_moving_or_held_towers_do_not_score():
    views = stack_views(16, 0)
    j = judge_tile(TILES[16], table_view([16, None, 0, None, None], {0: views[:3]}).tile(0))
    assert not j.scored and j.reason == "unfinished" and j.progress == 3
    assert next_piece(TILES[16], j.progress) == TILES[16].pieces[3]
    moving = [*views[:3], dataclasses.replace(views[3], speed=200.0)]
    j = judge_tile(TILES[16], table_view([16, None, 0, None, None], {0: moving}).tile(0))
    assert not j.scored and j.reason == "still moving"
    held = [*views[:3], dataclasses.replace(views[3], held=True)]
    assert not judge_tile(
        TILES[16], table_view([16, None, 0, None, None], {0: held}).tile(0)
    ).scored


def test_empty_tile():
    j = judge_tile(TILES[1], table_view([1, None, 0, None, None]).tile(0))
    assert not j.scored and j.reason == "empty" and j.progress == 0


# -- scoring ----------------------------------------------------------------------------------


def test_a_standing_tower_scores_and_its_tile_is_replaced_from_the_pile():
    m = new_match(2, seed=4)
    slot = small_slot(m)
    tid = m.row[slot]
    assert tid is not None
    top_of_pile = m.pile[-1]
    m.apply(StartTurn(m.builder))
    m.apply(Tick(TABLE, 30.0))
    result = finish(m, table_view(m.row, {slot: stack_views(tid, slot)}))
    assert result.won_tiles == (tid,) and result.points == TILES[tid].points
    assert m.won[0] == [tid] and m.totals() == [TILES[tid].points, 0]
    assert m.row[slot] == top_of_pile and result.replaced == {slot: top_of_pile}
    assert len(m.pile) == 20 - OPEN_SPARES and m.builder == 1 and m.phase == Phase.READY


def test_an_empty_pile_leaves_the_slot_empty():
    m = new_match(2, seed=4)
    m.pile.clear()
    m.spares.clear()
    slot = small_slot(m)
    tid = m.row[slot]
    assert tid is not None
    m.apply(StartTurn(m.builder))
    finish(m, table_view(m.row, {slot: stack_views(tid, slot)}))
    assert m.row[slot] is None and not m.can_build_on(slot)


def test_the_mega_tower_wins_the_whole_game_at_once():
    m = new_match(3, seed=6)
    m.won[2] = [t for t in m.pile[:5]]  # seat 2 is far ahead on points
    m.apply(StartTurn(m.builder))
    m.apply(Tick(TABLE, 30.0))
    result = finish(m, table_view(m.row, {MEGA_SLOT: stack_views(MEGA_TILE_ID, MEGA_SLOT)}))
    assert result.mega and result.game_over and result.points == 0
    assert m.is_over and m.mega_winner == 0 and m.winners() == [0]
    assert m.totals()[0] == 0 < m.totals()[2]


def test_highest_total_wins_and_ties_share():
    m = new_match(Options(players=2, rounds=1), seed=8)
    m.won = [[1], [3]]  # both 1 point
    play_empty_turn(m)
    play_empty_turn(m)
    assert m.is_over and m.winners() == [0, 1]
    m2 = new_match(Options(players=2, rounds=1), seed=8)
    m2.won = [[1], [19]]
    play_empty_turn(m2)
    play_empty_turn(m2)
    assert m2.winners() == [1]


def test_view_must_match_the_row():
    m = new_match(2, seed=4)
    m.apply(StartTurn(m.builder))
    wrong = list(m.row)
    wrong[0] = 99
    with pytest.raises(ValueError):
        m.judge(table_view(wrong))


# -- optional rule ----------------------------------------------------------------------------


def test_closing_rule_is_an_option():
    m = new_match(2, seed=1)
    m.apply(StartTurn(m.builder))
    assert m.apply(CloseTile(TABLE, 0, None)) == Rejected("the closing rule is off")


def test_a_closed_tile_takes_no_new_tower():
    m = new_match(Options(players=2, closing_rule=True), seed=1)
    slot = small_slot(m)
    tid = m.row[slot]
    assert tid is not None
    m.apply(StartTurn(m.builder))
    assert m.can_build_on(slot)
    assert m.apply(CloseTile(TABLE, slot, None)) is None
    assert not m.can_build_on(slot)
    assert isinstance(m.apply(CloseTile(TABLE, slot, None)), Rejected)  # already closed
    # A tower finished after the tile closed does not score.
    result = finish(m, table_view(m.row, {slot: stack_views(tid, slot)}))
    assert result.won_tiles == () and result.judgements[0].reason == "tile closed"


def test_a_tower_finished_before_closing_still_scores():
    m = new_match(Options(players=2, closing_rule=True), seed=1)
    slot = small_slot(m)
    tid = m.row[slot]
    assert tid is not None
    views = stack_views(tid, slot)
    m.apply(StartTurn(m.builder))
    assert m.apply(CloseTile(TABLE, slot, tuple(v.block_id for v in views))) is None
    result = finish(m, table_view(m.row, {slot: views}))
    assert result.won_tiles == (tid,)


# -- catapults --------------------------------------------------------------------------------


def test_catapults_stay_one_foot_from_the_nearest_tile():
    for slot in CATAPULT_SLOTS:
        assert catapult_clearance(slot) >= ONE_FOOT
        assert catapult_legal(slot)
    too_close = CatapultSlot(300.0, +1)
    assert not catapult_legal(too_close)
    assert catapult_clearance(CatapultSlot(430.0, +1)) == 0.0  # standing on a tile


# -- saves ------------------------------------------------------------------------------------


def test_save_and_resume_between_turns():
    m = new_match(Options(players=3, rounds=2, closing_rule=True), seed=11)
    slot = small_slot(m)
    tid = m.row[slot]
    assert tid is not None
    m.apply(StartTurn(m.builder))
    finish(m, table_view(m.row, {slot: stack_views(tid, slot)}))
    saved = json.loads(json.dumps(m.to_dict()))
    resumed = MatchState.from_dict(saved)
    assert resumed.to_dict() == m.to_dict()
    for match in (m, resumed):
        while not match.is_over:
            play_empty_turn(match)
    assert resumed.to_dict() == m.to_dict()  # the rng carried on identically
    assert resumed.turn_seed == m.turn_seed


def test_clone_is_independent():
    m = new_match(2, seed=1)
    c = m.clone()
    c.apply(StartTurn(c.builder))
    assert m.phase == Phase.READY and c.phase == Phase.BUILDING
    assert TABLE == -1  # the marker the world uses for the table surface


def test_a_refused_tower_says_why_in_player_words():
    post = next(t for t in TILES.values() if t.name == "Post")  # pillar, then cube
    view = TileView(0, post.tile_id, SLOT_RANGES[0], (
        BlockView(1, "plank", 0.0, (TABLE,), (SLOT_RANGES[0][0] + 30, SLOT_RANGES[0][0] + 46),
                  (SLOT_RANGES[0][0] + 38, TABLE_Y - 24)),
    ))
    j = judge_tile(post, view)
    assert (j.reason, j.found) == ("wrong order", "plank")
    assert explain(j) == "the Post needs a pillar at the bottom, not a short beam"
    half = stack_views(post.tile_id, 0)[:1]
    j = judge_tile(post, TileView(0, post.tile_id, SLOT_RANGES[0], tuple(half)))
    assert explain(j) == "the Post still needs a cube on top"
    bench = TILES[1]  # a long beam lying, then a cube
    tipped = [dataclasses.replace(b, angle=0.0) if b.shape == "beam" else b
              for b in stack_views(1, 0)]
    j = judge_tile(bench, TileView(0, 1, SLOT_RANGES[0], tuple(tipped)))
    # Upright, a quarter turn off: it stands on end (not "tilted", a stranger's words).
    assert explain(j) == "the Bench's long beam at the bottom stands on end: it must lie flat"
    j = judge_tile(bench, TileView(0, 1, SLOT_RANGES[0], tuple(stack_views(1, 0))))
    assert j.scored and explain(j) == ""
    twins = TILES[3]  # "Twin cubes": a plural name reads "need"
    j = judge_tile(twins, TileView(0, 3, SLOT_RANGES[0], tuple(stack_views(3, 0)[:1])))
    assert explain(j) == "the Twin cubes still need a cube on top"
    assert all(explain(dataclasses.replace(j, scored=False, reason=r)) for r in (
        "not one stack", "not on the tile", "still moving", "tile closed", "too many blocks"))
    steps = dataclasses.replace(j, tile_id=22, scored=False, reason="not on the tile")
    assert explain(steps) == "the Steps' bottom block must stand wholly on its tile"


# -- the builder's choice: spares beside the row ----------------------------------------------


def test_the_pads_are_dealt_as_before_then_the_spares_from_the_pile():
    from game.core.rng import derive_rng
    from game.games.tower.data import ROW_SLOTS, SMALL_TILE_IDS

    for seed in (1, 5, 77):
        m = new_match(3, seed=seed)
        pile = list(SMALL_TILE_IDS)
        derive_rng(seed, "tiles").shuffle(pile)
        pads = [pile.pop() for _ in range(ROW_SLOTS - 1)]
        assert [t for s, t in enumerate(m.row) if s != MEGA_SLOT] == pads  # same pops as ever
        assert m.spares == [pile.pop() for _ in range(OPEN_SPARES)]
        assert m.pile == pile
        opened = [t for t in m.row if t not in (None, MEGA_TILE_ID)] + m.spares
        assert len(set(opened)) == 8  # eight small towers open, plus the Mega
        assert new_match(3, seed=seed).to_dict() == m.to_dict()


def test_the_builder_swaps_a_pad_with_a_spare_before_the_timer():
    m = new_match(2, seed=3)
    pad, spare = m.row[0], m.spares[2]
    assert m.apply(ChooseTile(m.builder, 0, 2)) is None
    assert m.row[0] == spare and m.spares[2] == pad
    assert m.apply(ChooseTile(m.builder, 0, 2)) is None  # and back again: as often as they like
    assert m.row[0] == pad and m.spares[2] == spare
    assert m.apply(ChooseTile(m.builder, 4, 0)) is None
    assert m.apply(ChooseTile(m.builder, 1, 0)) is None
    small = [t for t in m.row if t != MEGA_TILE_ID]
    assert len(set(small + m.spares)) == 8


@pytest.mark.parametrize(("slot", "spare", "words"), [
    (MEGA_SLOT, 0, "Mega"), (5, 0, "no pad"), (-1, 0, "no pad"), (0, OPEN_SPARES, "no spare"),
    (0, -1, "no spare"),
])
def test_bad_choices_are_refused_with_a_reason(slot: int, spare: int, words: str):
    m = new_match(2, seed=3)
    before = m.to_dict()
    why = m.apply(ChooseTile(m.builder, slot, spare))
    assert isinstance(why, Rejected) and words in why.reason
    assert m.to_dict() == before


def test_no_choice_once_the_sand_timer_turns():
    m = new_match(2, seed=3)
    m.apply(StartTurn(m.builder))
    before = m.to_dict()
    why = m.apply(ChooseTile(m.builder, 0, 0))
    assert isinstance(why, Rejected) and "before the sand timer" in why.reason
    m.apply(Tick(TABLE, 30.0))
    assert isinstance(m.apply(ChooseTile(m.builder, 0, 0)), Rejected)
    assert m.to_dict()["row"] == before["row"] and m.to_dict()["spares"] == before["spares"]


def test_a_won_pad_is_refilled_from_the_pile_then_the_spares_then_stays_empty():
    m = new_match(2, seed=4)
    slot = small_slot(m)
    m.pile[:] = m.pile[-1:]  # one tile left in the pile
    first_spare = m.spares[0]
    rest = m.spares[1:]
    top = m.pile[0]
    for expected in [top, first_spare, *rest, None]:
        tid = m.row[slot]
        assert tid is not None
        m.apply(StartTurn(m.builder))
        result = finish(m, table_view(m.row, {slot: stack_views(tid, slot)}))
        assert result.won_tiles == (tid,)
        assert m.row[slot] == expected and result.replaced == {slot: expected}
    assert m.pile == [] and m.spares == [] and not m.can_build_on(slot)


def test_a_spare_on_an_empty_pad_leaves_the_spares():
    m = new_match(2, seed=4)
    m.row[0] = None
    spare = m.spares[1]
    assert m.apply(ChooseTile(m.builder, 0, 1)) is None
    assert m.row[0] == spare and spare not in m.spares and len(m.spares) == OPEN_SPARES - 1


def test_choices_save_and_resume():
    m = new_match(3, seed=9)
    m.apply(ChooseTile(m.builder, 3, 1))
    resumed = MatchState.from_dict(json.loads(json.dumps(m.to_dict())))
    assert resumed.spares == m.spares and resumed.row == m.row


def test_the_rules_page_says_how_the_choice_works_and_what_an_empty_pile_does():
    from game.games.tower.info import rules_page

    page = rules_page().lower()
    assert all(note.lower() in page for note in RULES_NOTES)
    assert "swap any small tile on the table with a spare" in page
    text = " ".join(RULES_NOTES).lower()
    assert "swap" in text and "spare" in text and "before you turn the sand timer" in text
    assert "pile runs out" in text and "stays empty" in text and "refilled from the spares" in text


def test_a_refusal_names_an_arch_with_its_article():
    hut = TILES[2]  # an arch, then a roof
    x0 = SLOT_RANGES[1][0]
    view = TileView(1, 2, SLOT_RANGES[1], (
        BlockView(1, "cube", 0.0, (TABLE,), (x0 + 30, x0 + 54), (x0 + 42, TABLE_Y - 12)),
    ))
    j = judge_tile(hut, view)
    assert explain(j) == "the Hut needs an arch at the bottom, not a cube"


def test_on_the_rules_page_a_towers_colon_stays_with_its_name():
    """pygame-gui may break a line between a bold chunk and the text after it: the colon after
    a tower's name (and points) is inside the bold chunk, never alone at a line's start."""
    from game.games.tower.info import rules_page

    page = rules_page()
    assert "</b>:" not in page and "</i>:" not in page
    assert "<b>Aqueduct:</b>" in page
    assert "<b>Mega Tower (wins the game):</b>" in page


def test_a_right_block_tilted_in_place_is_called_tilted_not_missing():
    """A stranger's long beam lay at the bottom of the Steps, tilted by a die under it, and the
    verdict said "the Steps needs a long beam lying flat at the bottom". The judging is
    unchanged (still refused); the words say the beam is there but tilted."""
    from game.games.tower.rules import ANGLE_TOLERANCE, standing_note
    steps = next(t for t in TILES.values() if t.name == "Steps")
    assert steps.pieces[0] == ("beam", "lying")
    views = stack_views(steps.tile_id, 2)[:1]
    tilted = tuple(dataclasses.replace(b, angle=b.angle + 2 * ANGLE_TOLERANCE) for b in views)
    j = judge_tile(steps, TileView(2, steps.tile_id, SLOT_RANGES[2], tilted))
    assert not j.scored and (j.reason, j.progress, j.found) == ("toppled", 0, "beam")
    assert explain(j) == ("the Steps' long beam at the bottom is tilted 24°: it may lean 12° "
                          "at most (a die under it?)")
    assert standing_note(j) == ("Steps' bottom long beam is tilted 24°: it may lean 12° at "
                                "most (a die under it?)")


def test_a_verdict_never_blames_a_loose_block_lying_beside_the_bottom_block():
    # A stranger's Post (pillar, cube) lay wrecked on its pad: its pillar on its side, another
    # block lying beside it. The verdict said "has another block on the tile beside it: the
    # tower must be one stack" while the rules page (and the rulebook) say a loose block
    # beside a tower does not spoil it. What spoils it is the fallen pillar.
    x0, _ = SLOT_RANGES[0]
    fallen = BlockView(block_id=4, shape="pillar", angle=math.pi / 2, rests_on=(TABLE,),
                       table_span=(x0 + 2.0, x0 + 40.0), position=(x0 + 20.0, TABLE_Y - 5.0))
    beside = BlockView(block_id=0, shape="beam", angle=0.0, rests_on=(TABLE,),
                       table_span=(x0 + 45.0, x0 + 90.0), position=(x0 + 60.0, TABLE_Y - 5.0))
    row = [7, None, 0, None, None]
    j = judge_tile(TILES[7], table_view(row, {0: [fallen, beside]}).tile(0))
    assert not j.scored and j.reason == "toppled" and j.found == "pillar"
    words = explain(j) + " " + standing_note(j)
    assert "beside" not in words and "one stack" not in words
    assert "fallen over" in explain(j)
    # No pillar on the tile at all, only loose blocks: it lacks its bottom block.
    other = dataclasses.replace(fallen, shape="plank", angle=0.0)
    j = judge_tile(TILES[7], table_view(row, {0: [other, beside]}).tile(0))
    assert not j.scored and j.reason == "wrong order"
    assert "needs a pillar at the bottom" in explain(j) and "one stack" not in explain(j)
    # A block with one end on the table leaning on the standing pillar is not part of the
    # tower (revision 10): the Post still needs its cube, and nothing else is blamed.
    up = dataclasses.replace(fallen, angle=0.0, table_span=(x0 + 20.0, x0 + 30.0))
    leaner = dataclasses.replace(beside, rests_on=(TABLE, 4))
    j = judge_tile(TILES[7], table_view(row, {0: [up, leaner, dataclasses.replace(
        beside, block_id=1, table_span=(x0 + 70.0, x0 + 90.0))]}).tile(0))
    assert not j.scored and (j.reason, j.progress, j.extra) == ("unfinished", 1, 0)
    assert "still needs a cube" in explain(j) and "beside" not in explain(j)


def test_on_the_rules_page_each_block_picture_stays_with_its_label():
    """A stranger saw the pillar's picture at the end of the "4 cubes" line and its label
    "2 pillars" at the start of the next: the set is laid out two a line, each picture followed
    at once (no breakable space) by its count and name."""
    import re

    from game.games.tower.data import SHAPES
    from game.games.tower.info import SET_PER_LINE, rules_page

    page = rules_page()
    start = page.index("wooden blocks:<br>") + len("wooden blocks:<br>")
    lines = page[start:page.index("<br>", page.index('"block.roof"'))].split("<br>")
    assert len(lines) == math.ceil(len(SHAPES) / SET_PER_LINE) and SET_PER_LINE <= 2
    for line in lines:
        entries = re.findall(r'<picture name="block\.(\w+)" inline>(\d+)&nbsp;([a-z ]+)', line)
        assert 1 <= len(entries) <= SET_PER_LINE, line
        for key, n, name in entries:
            assert int(n) == SHAPES[key].count and name.startswith(SHAPES[key].name.lower()[:4])
