"""Tower Kaboom AI: builders that build and rebuild, saboteurs that hit, cheap per frame."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.games.tower import ai as ai_module
from game.games.tower.ai import (
    BUILDER_SKILLS,
    DIFFICULTIES,
    NEWCOMER,
    SABOTEUR_SKILLS,
    BuilderAI,
    SaboteurAI,
)
from game.games.tower.data import (
    BLOCKS,
    DIE_SIZE,
    MAX_LAUNCH_ANGLE,
    MIN_LAUNCH_ANGLE,
    SLOT_RANGES,
    TABLE_Y,
    TRAY_ZONE_Y,
)
from game.games.tower.reading import TableReading
from game.games.tower.rules import DIE, Options, new_match
from game.games.tower.sim import play_turn
from game.games.tower.tiers import ladder_pair, measure
from game.games.tower.turn import TurnController


def lone_column_match():
    """A 2-player match whose row offers the Column (two upright pillars) and the Mega."""
    m = new_match(Options(players=2), seed=5)
    m.row = [13, None, 0, None, None]
    m.pile = [t for t in m.pile if t != 13]
    return m


def test_difficulties_order_pace_and_precision():
    e, m, h = (BUILDER_SKILLS[d] for d in ("easy", "medium", "hard"))
    assert e.hand_speed < m.hand_speed < h.hand_speed
    assert e.pos_error > m.pos_error > h.pos_error
    # Easy builds a little slower than the newcomer model (session 29: at a stranger's pace
    # it scored 0 and was "no opponent"): slower to think and to set a block down than Medium,
    # and slower than the newcomer with the hand and in setting a block down. (Session 36: it
    # thinks a touch quicker than the newcomer between blocks, 0.8 s to 0.9, where it had
    # fallen under the ladder's band at 29%: the hand keeps it the slower builder. Session 37:
    # it thinks 0.5 s, the time going to a beginner's visible stops and nudges instead,
    # test_ai_beginner.py.)
    from game.games.tower.tiers import NEWCOMER as PERSON

    assert e.think > m.think and e.block_time > m.block_time
    assert e.block_time > PERSON.builder.block_time
    assert e.hand_speed <= PERSON.builder.hand_speed
    assert e.lower_speed < PERSON.builder.lower_speed
    se, sm, sh = (SABOTEUR_SKILLS[d] for d in ("easy", "medium", "hard"))
    assert se.angle_error > sm.angle_error > sh.angle_error
    assert se.power_error > sm.power_error > sh.power_error
    assert sm.cadence > sh.cadence
    # Easy keeps up the tension (a playtester saw it fire 0 of 8 dice in a turn): it starts
    # within the first quarter of the sand, fires at least three dice a turn at its pace, and
    # lobs at an empty tile rather than wait; it only aims worse.
    assert se.first_delay * 1.2 <= 8.0 and se.spread and se.idle_fire
    assert se.first_delay + 2 * (se.cadence + se.aim_time) < 30.0


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_builder_completes_towers_unopposed(difficulty: str):
    m = new_match(Options(players=2), seed=104)
    result = play_turn(m, [difficulty, "easy"], saboteurs=False)
    assert result["towers"] >= 1 and result["points"] >= 1
    assert result["dice_fired"] == 0 and result["blocks_placed"] >= 2


def test_builder_clears_a_wrong_block_and_rebuilds_after_a_hit():
    m = lone_column_match()
    turn = TurnController(m)
    x0, x1 = SLOT_RANGES[0]
    turn.world.hand.place(6, (x0 + x1) / 2, TABLE_Y - 9.0, 1.5708)  # a toppled pillar on the tile
    turn.world.settle(0.5)
    ai = BuilderAI("medium", seed=1)
    knocked = False
    seen_hand = set()
    while not turn.done:
        ai.update(turn)
        seen_hand.add((round(ai.hand[0]), round(ai.hand[1])))
        turn.step()
        js = turn.judgements() if turn.building and not knocked else []
        if js and js[0].complete and turn.world.is_still():
            top = js[0].stack[-1]
            body = turn.world.blocks[top].body
            body.apply_impulse_at_local_point((body.mass * 400.0, 0.0), (0.0, -15.0))
            knocked = True
    assert knocked and len(seen_hand) > 50  # the hand visibly moves
    assert turn.result is not None and turn.result.won_tiles == (13,)
    assert ai.placed >= 3  # the column, and again what the hit knocked off


def _dice_on_pad(turn: TurnController, *xs: float) -> None:
    """Dice lying still on the table at these x (as ones that landed there)."""
    seat = turn.match.saboteurs()[0]
    for x in xs:
        turn.world.catapults[seat].since_fire = 1e9  # reloaded
        die = turn.world.catapults.fire(seat)
        assert die is not None
        body = turn.world.dice[die].body
        body.position = (x, TABLE_Y - DIE_SIZE / 2.0)
        body.velocity = (0.0, 0.0)
        body.angular_velocity = 0.0
        body.angle = 0.0
    turn.world.settle(0.5)


def test_builder_builds_beside_a_die_on_its_pad(monkeypatch: pytest.MonkeyPatch):
    """Session 29: an Easy builder set three long beams on a die lying on a pad (the judge
    sees no tower on a die, so it set one down again and again), leaving a heap. With room
    beside the die it builds there, never on the die, and the tower counts. (A die at rest on
    a pad is lifted off now, test_dice_cleared.py; one that stays, as one a block rests on
    does, is played here by keeping it.)"""
    m = lone_column_match()
    turn = TurnController(m)
    monkeypatch.setattr(turn.world.catapults, "clear_die", lambda die_id: False)
    x0, x1 = SLOT_RANGES[0]
    _dice_on_pad(turn, (x0 + x1) / 2.0)
    (die,) = turn.world.die_ids()
    lay = turn.world.die_pose(die)
    ai = BuilderAI("easy", seed=1)
    while not turn.done:
        ai.update(turn)
        turn.step()
        on_die = [v.block_id for v in turn.world.reading.block_views() if DIE in v.rests_on]
        assert on_die == []
        assert math.dist(turn.world.die_pose(die)[:2], lay[:2]) < 0.5  # nothing pushed it
    assert turn.result is not None and turn.result.won_tiles == (13,)


def test_builder_builds_elsewhere_than_on_a_pad_dice_fill():
    """With no room on the pad for the tower's first block it builds on another tile; with no
    other tile it tries once (a die may be pushed aside), never a heap of tries."""
    def column_and_twin(dice: bool) -> TurnController:
        m = lone_column_match()
        m.row[2] = 8  # cube and pillar, worth less than the Column
        m.pile = [t for t in m.pile if t != 8]
        turn = TurnController(m)
        x0, x1 = SLOT_RANGES[0]
        if dice:
            _dice_on_pad(turn, x0 + 14.0, (x0 + x1) / 2.0, x1 - 14.0)
        return turn

    clear = column_and_twin(dice=False)
    assert BuilderAI("easy", seed=1)._choose(clear, clear.judgements()) == 0  # the Column
    turn = column_and_twin(dice=True)
    assert turn.judgements()[0].extra == 0  # nothing there to clear
    assert BuilderAI("easy", seed=1)._choose(turn, turn.judgements()) == 2
    alone = TurnController(lone_column_match())
    x0, x1 = SLOT_RANGES[0]
    _dice_on_pad(alone, x0 + 14.0, (x0 + x1) / 2.0, x1 - 14.0)
    ai = BuilderAI("easy", seed=1)
    assert ai._choose(alone, alone.judgements()) == 0
    ai.failures[0] = 1  # what it set down there did not stay
    assert ai._choose(alone, alone.judgements()) is None


def test_saboteurs_fire_their_dice_and_hit():
    """Three players: two hard saboteurs fire most of their four dice each (a die every nine
    seconds or so), and some hit (a two-player saboteur paces its eight dice the same, so it
    keeps more: see `SABOTEUR_SKILLS`)."""
    m = new_match(Options(players=3), seed=103)
    result = play_turn(m, ["medium", "hard", "hard"])
    assert 6 <= result["dice_fired"] <= 8
    assert result["dice_hit"] >= 1


@pytest.mark.parametrize("players", [2, 3])
def test_easy_catapult_fires_its_whole_share_over_the_turn(players: int):
    """Session 29: Easy's lone catapult fired 4 of its 8 dice and sat out half the turn. It
    shares the sand among its dice: every die flies, the last ones well before the sand runs
    out and not all in a rush at the start."""
    m = new_match(Options(players=players), seed=31)
    turn = TurnController(m)
    builder = BuilderAI("medium", 1)
    sabs = [SaboteurAI(s, "easy", 10 + s) for s in m.saboteurs()]
    fired_at: list[float] = []
    while turn.building:
        builder.update(turn)
        before = turn.world.stats.dice_fired
        for s in sabs:
            s.update(turn)
        fired_at += [turn.time_left] * (turn.world.stats.dice_fired - before)
        turn.step()
    # Session 30: in the match's first round Easy fires at most `early_shots` of them.
    share = min(m.dice_per_saboteur(), SABOTEUR_SKILLS["easy"].early_shots) * len(sabs)
    assert len(fired_at) == share
    assert min(fired_at) > 0.5  # the last die flew with sand left
    assert sum(1 for t in fired_at if t < 15.0) >= share // 3  # spread, not all early


def test_saboteur_aims_before_firing():
    m = new_match(Options(players=2), seed=103)
    turn = TurnController(m)
    builder = BuilderAI("hard", 1)
    sab = SaboteurAI(1, "medium", 2)
    aimed = fired = False
    while turn.building and not fired:
        builder.update(turn)
        sab.update(turn)
        if sab.aiming is not None:
            aimed = True
            view = {v.seat: v for v in turn.world.catapults.views()}[1]
            assert (view.aim_angle, view.aim_power) == pytest.approx(sab.aiming)
        turn.step()
        fired = turn.world.stats.dice_fired > 0
    assert aimed and fired


def test_ai_turns_are_deterministic():
    a = new_match(Options(players=3), seed=77)
    b = new_match(Options(players=3), seed=77)
    ra = play_turn(a, ["medium", "easy", "hard"])
    rb = play_turn(b, ["medium", "easy", "hard"])
    assert ra == rb and a.to_dict() == b.to_dict()


def test_ai_thinking_is_cheap_per_frame(monkeypatch: pytest.MonkeyPatch):
    """Counted, not timed: each AI makes at most one decision per world frame, a decision's work
    is bounded (one look at the table, a few launch solutions and arcs), and most frames make
    none. Wall time per frame is measured by `python -m game bench --scene tower.play`."""
    work = {"decisions": 0, "looks": 0, "solves": 0, "arc_points": 0}
    deciders: list[object] = []

    def counted(name: str, fn):
        def wrapper(*args, **kwargs):
            work[name] += 1
            if name == "decisions":
                deciders.append(args[0])
            return fn(*args, **kwargs)
        return wrapper

    real_path = ai_module.predict_path

    def path(*args, **kwargs):
        pts = real_path(*args, **kwargs)
        work["arc_points"] += len(pts)
        return pts

    monkeypatch.setattr(BuilderAI, "_decide", counted("decisions", BuilderAI._decide))
    monkeypatch.setattr(SaboteurAI, "_plan", counted("decisions", SaboteurAI._plan))
    monkeypatch.setattr(TableReading, "_judge", counted("looks", TableReading._judge))
    monkeypatch.setattr(ai_module, "solve_launch", counted("solves", ai_module.solve_launch))
    monkeypatch.setattr(ai_module, "predict_path", path)
    m = new_match(Options(players=3), seed=21)
    turn = TurnController(m)
    builder = BuilderAI("hard", 1)
    sabs = [SaboteurAI(s, "hard", s) for s in m.saboteurs()]
    elevations = len(SABOTEUR_SKILLS["hard"].elevations)
    frames = busy = 0
    total = dict.fromkeys(work, 0)
    while turn.building:
        for k in work:
            work[k] = 0
        deciders.clear()
        builder.update(turn)
        for s in sabs:
            s.update(turn)
        assert len(deciders) == len(set(map(id, deciders)))  # nobody thinks twice in a frame
        assert work["looks"] <= 1  # one look at the table, shared by every AI this frame
        assert work["solves"] <= elevations * work["decisions"]
        assert work["arc_points"] <= 2 * 60 * work["solves"]  # arcs of at most a second or so
        busy += work["decisions"] > 0
        for k in work:
            total[k] += work[k]
        frames += 1
        turn.step()
    assert frames == 30 * 60
    assert total["decisions"] >= 10  # it did play: the counts above saw real decisions
    assert total["solves"] > 0
    assert busy / frames < 0.2  # thinking happens on few frames; the rest only move the hand


def test_the_person_models_are_no_surer_than_any_ai_level():
    """The newcomer (issue 16: a few matches in, about Medium's pace) and the stranger (session
    27: a first match in a slow window) keep a person's faults: no surer a hand than any level,
    slower to set a block down, no judgement of a tower's stability, no Mega, misread cards.
    The newcomer is no quicker than Medium or Hard; the stranger's hand no quicker than any."""
    from game.games.tower.tiers import NEWCOMER as MODEL
    from game.games.tower.tiers import STRANGER

    newcomer = MODEL.builder
    for person, levels in ((newcomer, ("medium", "hard")), (STRANGER.builder, DIFFICULTIES)):
        for skill in (BUILDER_SKILLS[level] for level in levels):
            assert person.lower_speed < skill.lower_speed
            assert person.pos_error >= skill.pos_error
        assert person.caution == 0.0 and person.mega_value == 0.0
    for level in ("medium", "hard"):
        assert newcomer.hand_speed <= BUILDER_SKILLS[level].hand_speed
        assert newcomer.think >= BUILDER_SKILLS[level].think
    assert all(STRANGER.builder.hand_speed <= s.hand_speed for s in BUILDER_SKILLS.values())
    assert STRANGER.builder.think > newcomer.think and STRANGER.slip > MODEL.slip > 0.0
    ai = BuilderAI("hard", 3, newcomer, MODEL.slip)
    assert ai.skill is newcomer and ai.difficulty == "hard" and ai.slip == MODEL.slip


def test_a_misreading_builder_sets_some_blocks_wrong_and_takes_them_off_again():
    """With `slip` the builder sets some blocks the wrong way up or out of order, notices (the
    tower does not grow) and clears them; without it, it never misreads."""
    from game.games.tower.tiers import NEWCOMER as MODEL

    for slip, expect_wrong in ((0.0, False), (0.5, True)):
        m = new_match(Options(players=2), seed=12)
        turn = TurnController(m)
        builder = BuilderAI("newcomer", 5, MODEL.builder, slip)
        wrong = False
        while not turn.done:
            if turn.building:
                builder.update(turn)
                wrong = wrong or any(j.reason in ("wrong order", "toppled")
                                     for j in turn.judgements())
            turn.step()
            turn.pop_events()
        assert wrong == expect_wrong, slip
        assert builder.placed >= 3


def test_the_tiers_tables_count_every_turn_and_game():
    """The tuning tables (`python -m game.games.tower.tiers`) measure what they say; how strong
    each level is, is read there (and in CI's report), never pinned here."""
    rows = {r.level: r for r in measure(turns=2, seed=4)}
    assert set(rows) == {"easy", "medium", "hard"}
    for row in rows.values():
        assert row.turns == 2 and row.started >= row.finished >= 0 and row.started > 0
        assert row.dice_fired >= row.dice_hit >= 0
    row = ladder_pair("medium", "easy", games=2, seed=3, rounds=1)
    assert (row.stronger, row.weaker) == ("medium", "easy")
    assert row.games == row.wins + row.ties + row.losses == 2
    assert 0.0 <= row.share <= 1.0


def test_random_play_is_legal_and_weak():
    """The random builder sets free blocks on open tiles at a person's pace; the random saboteur
    fires anywhere within the catapult's range. Both play real turns, and lose to easy."""
    m = new_match(Options(players=2), seed=31)
    turn = TurnController(m)
    builder = BuilderAI("random", 5)
    sab = SaboteurAI(1, "random", 6)
    assert builder.skill is NEWCOMER
    aims: list[tuple[float, float]] = []
    while not turn.done:
        if turn.building:
            builder.update(turn)
            sab.update(turn)
            if sab.aiming is not None and sab.aiming not in aims:
                aims.append(sab.aiming)
        turn.step()
        turn.pop_events()
    assert builder.placed >= 3 and turn.world.stats.dice_fired >= 4
    assert all(MIN_LAUNCH_ANGLE <= a <= MAX_LAUNCH_ANGLE and 0.0 <= p <= 1.0 for a, p in aims)
    assert len({round(a, 2) for a, _ in aims}) == len(aims)  # aimed anywhere, not at a tower
    row = ladder_pair("easy", "random", games=4, seed=3, rounds=1)
    assert row.losses == 0 and row.wins >= 2  # a tie is both scoring nothing in one round


def test_easy_fires_at_a_tile_before_any_tower_stands():
    """Easy's first die comes before the builder has set a block (tension); Medium waits."""
    from game.games.tower.ai import SaboteurAI
    from game.games.tower.turn import TurnController

    fired = {}
    for level in ("easy", "medium"):
        m = new_match(Options(players=2), seed=11)
        turn = TurnController(m)
        sab = SaboteurAI(1, level, seed=3)
        frames = 0
        while turn.building and frames < 60 * 12:
            sab.update(turn)
            turn.step()
            frames += 1
        fired[level] = turn.world.stats.dice_fired
    assert fired["easy"] >= 1 and fired["medium"] == 0


def _standing(turn: TurnController, slot: int) -> None:
    """The tower of the row's tile on `slot`, finished."""
    from .conftest import place_tower

    tid = turn.match.row[slot]
    assert tid is not None
    used = {b for b in range(16) if turn.world.block_where(b) != "tray"}
    place_tower(turn.world, slot, tid, used)


def _hold_over(turn: TurnController, slot: int) -> None:
    """The builder holds a block over the pad of `slot`, about to set it down."""
    x0, x1 = SLOT_RANGES[slot]
    bid = next(b for b in range(16) if turn.world.block_where(b) == "tray")
    x, y, _ = turn.world.block_pose(bid)
    assert turn.grab((x, y), bid) is not None
    for k in range(1, 31):  # a carry, frame by frame, up over the pad
        turn.drag_to((x + ((x0 + x1) / 2.0 - x) * k / 30, y + (TABLE_Y - 120.0 - y) * k / 30))
        turn.step()


def test_easy_never_fires_at_a_tower_a_block_is_being_set_on():
    """Session 30: Easy knocked every tower a stranger built. It never aims at the tower the
    builder's hand is over with a block; it picks another standing tower, or waits."""
    m = new_match(Options(players=2), seed=5)
    turn = TurnController(m)
    _standing(turn, 0)
    _hold_over(turn, 0)
    assert ai_module.placing_slot(turn) == 0
    easy, medium = SaboteurAI(1, "easy", 3), SaboteurAI(1, "medium", 3)
    assert easy._plan(turn, 8) is None  # waits: nothing else stands
    assert medium._plan(turn, 8) is not None and medium.target_slot == 0
    _standing(turn, 3)
    for seed in range(5):
        sab = SaboteurAI(1, "easy", seed)
        assert sab._plan(turn, 8) is not None and sab.target_slot == 3


def test_easy_holds_its_aim_while_a_block_is_set_on_its_target():
    m = new_match(Options(players=2), seed=5)
    turn = TurnController(m)
    _standing(turn, 0)
    sab = SaboteurAI(1, "easy", 3)
    sab.cooldown = 0.0
    sab.update(turn)
    assert sab.aiming is not None and sab.target_slot == 0
    _hold_over(turn, 0)
    sab.aim_left = 0.0
    for _ in range(60):
        sab.update(turn)
    assert turn.world.stats.dice_fired == 0 and sab.aiming is not None
    turn.drag_to((640.0, TRAY_ZONE_Y + 40.0))  # the hand goes back to the tray
    turn.step()
    sab.update(turn)
    assert turn.world.stats.dice_fired == 1


def test_easy_fires_fewer_dice_and_wider_in_the_first_round():
    """A newcomer's first turns: Easy fires at most `early_shots` dice, aimed wider."""
    easy = SABOTEUR_SKILLS["easy"]
    assert easy.early_shots < easy.shots < 8 and easy.early_error > 1.0
    m = new_match(Options(players=2), seed=5)
    sab = SaboteurAI(1, "easy", 3)
    assert sab._shots_left(TurnController(m)) == easy.early_shots
    m.turn = 2  # round 2
    assert sab._shots_left(TurnController(m)) == easy.shots


def test_easy_aims_one_die_in_its_hit_every_at_a_tower_to_hit_and_the_rest_past():
    """Session 31: a stranger saw Easy knock three towers with four dice in one match and miss
    eight times in the next. Of its dice at a standing tower, one in `hit_every` is aimed to
    hit (its flight meets that tower) and the others to fly past every tower, in that order
    every turn: a steady count of hits, not luck."""
    n = SABOTEUR_SKILLS["easy"].hit_every
    assert n >= 2
    m = new_match(Options(players=2), seed=5)
    turn = TurnController(m)
    _standing(turn, 0)
    _standing(turn, 3)
    hits = misses = 0
    for seed in range(12):
        sab = SaboteurAI(1, "easy", seed)
        flags = []
        for k in range(2 * n):
            sab.at_towers = k
            shot = sab._plan(turn, 8)
            assert shot is not None and sab.aimed_at_tower
            met = sab._meets(turn, shot, sab._tower_boxes(turn))
            aimed = k % n == sab.hit_at
            flags.append(aimed)
            if aimed:
                hits += sab.target_slot in met
            else:
                misses += not met
        assert flags.count(True) == 2 and flags[:n].count(True) == 1  # one in each n
    assert hits >= 0.9 * 12 * 2
    assert misses >= 0.9 * 12 * 2 * (n - 1)


def test_easy_aims_every_die_of_the_turns_last_seconds_past_the_towers():
    """A stranger lost a 6-point tower to Easy with 5 s of sand left, too late to rebuild: in
    the last `late_miss` seconds Easy's dice at a tower are all aimed to fly past it (medium
    has no such mercy)."""
    easy = SABOTEUR_SKILLS["easy"]
    assert easy.late_miss > 0 and SABOTEUR_SKILLS["medium"].late_miss == 0
    m = new_match(Options(players=2), seed=5)
    turn = TurnController(m)
    _standing(turn, 0)
    while turn.time_left > easy.late_miss - 1.0:
        turn.step()
    assert turn.building
    for seed in range(12):
        sab = SaboteurAI(1, "easy", seed)
        sab.at_towers = sab.hit_at  # the die that would be aimed to hit
        shot = sab._plan(turn, 8)
        assert shot is not None and sab.aimed_at_tower
        assert not sab._meets(turn, shot, sab._tower_boxes(turn)), seed


def test_every_saboteur_aims_true_at_a_mega_half_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger built the Mega in one 45 s turn while three Easy AIs shot elsewhere (the
    rulebook calls finishing it "the rare case"): a Mega half built is the target, and every
    level's aim at it is drawn to hit; a Mega just begun is not yet feared above the rest."""
    import dataclasses

    from game.games.tower.data import TILES

    m = new_match(Options(players=2), seed=103)
    turn = TurnController(m)
    mega = next(s for s, t in enumerate(m.row) if t is not None and TILES[t].mega)
    beam = next(b.block_id for b in BLOCKS if b.shape == "beam")
    pose = turn.world.reading.placement_pose(mega, (), TILES[m.row[mega] or 0].pieces[0])
    turn.world.hand.place(beam, *pose)
    for _ in range(20):
        turn.step()
    real = turn.judgements
    pieces = len(TILES[m.row[mega] or 0].pieces)

    def built(progress: int) -> None:
        def judgements() -> list[Any]:
            return [dataclasses.replace(j, progress=progress) if j.slot == mega else j
                    for j in real()]
        turn.judgements = judgements  # type: ignore[method-assign]

    asked: list[tuple[int, bool | None]] = []
    for level in ("easy", "medium", "hard"):
        sab = SaboteurAI(1, level, seed=3)
        monkeypatch.setattr(sab, "_solve", lambda t, dst, slot, hit=None: asked.append((slot, hit)))
        built(pieces // 2)
        sab._plan(turn, 8)
        assert asked[-1] == (mega, True), (level, asked)
    built(1)
    sab = SaboteurAI(1, "easy", seed=3)
    monkeypatch.setattr(sab, "_solve", lambda t, dst, slot, hit=None: asked.append((slot, hit)))
    asked.clear()
    sab._plan(turn, 8)
    assert not asked or asked[-1][1] is not True


def test_easy_launches_no_die_in_the_last_seconds_of_the_sand():
    """Session 38: a stranger on 30 s of sand had both towers knocked down by Easy in the
    turn's last 7 s, too late to rebuild. Over a whole turn, Easy launches no die with less
    than its `last_shot` of sand left (it fires its share before); Medium may shoot late."""
    easy = SABOTEUR_SKILLS["easy"]
    assert easy.last_shot >= 8.0 and SABOTEUR_SKILLS["medium"].last_shot == 0.0
    launched: list[float] = []
    for seed in (1,):
        m = new_match(Options(players=2), seed=5)
        turn = TurnController(m)
        _standing(turn, 0)
        _standing(turn, 3)
        sab = SaboteurAI(1, "easy", seed)
        fire = turn.fire

        def record(seat: int, angle: float | None = None, power: float | None = None,
                   fire: Any = fire, turn: TurnController = turn) -> Any:
            got = fire(seat, angle, power)
            if isinstance(got, int):
                launched.append(turn.time_left)
            return got

        turn.fire = record  # type: ignore[method-assign]
        while turn.building:
            sab.update(turn)
            turn.step()
    assert len(launched) >= 3  # it still fires its dice, earlier
    assert min(launched) >= easy.last_shot, launched
