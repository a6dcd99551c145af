"""Cosmic Kaboom AI: legal decisions in every phase, determinism, bounded slices, bombs that
spare its own planets, and only what its seat may know."""

from __future__ import annotations

import dataclasses
import math
import statistics
from typing import Any

import pytest

from game.games.cosmic.ai import (
    AI_LEVELS,
    LEVELS,
    SLICE_FRAMES,
    CosmicAI,
    decide,
    judge_bomb_point,
    make_ai,
    view_of,
)
from game.games.cosmic.data import COLOUR_KEYS, FIELD
from game.games.cosmic.match import CosmicMatch, FlickInput, PlaceInput, TossInput
from game.games.cosmic.options import ai_seed
from game.games.cosmic.rules import EndTurn, Keep, Phase, Play, ReturnToBase
from game.games.cosmic.table import corner_of, release_ok
from game.games.cosmic.world import play_toss


def drafted(players: int = 2, seed: int = 1) -> CosmicMatch:
    """A match past the opening card choices."""
    m = CosmicMatch.new(players, seed=seed)
    while m.phase == Phase.DRAFT:
        seat = m.to_act()
        assert seat is not None
        assert m.apply(decide(make_ai("medium", seat, 0), m)) is None
    return m


def bomb_turn(m: CosmicMatch) -> int:
    """Make the seat to act bank four colours and start a Space Bomb turn."""
    seat = m.state.current
    p = m.state.players[seat]
    p.base, p.hold = list(COLOUR_KEYS), []
    m.state.turn_phase = Phase.BOMB
    m.state.bomb_cubes = list(COLOUR_KEYS)
    return seat


def test_levels_and_factory() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    assert set(AI_LEVELS) == {*LEVELS, "random"}
    for level in AI_LEVELS:
        assert isinstance(make_ai(level, 0, 1), CosmicAI)
    with pytest.raises(ValueError):
        make_ai("impossible", 0, 1)


@pytest.mark.parametrize("level", AI_LEVELS)
def test_every_decision_of_a_short_match_is_legal(level: str) -> None:
    m = CosmicMatch.new(2, seed=4, max_rounds=3)
    ais = [make_ai(level, s, ai_seed(4, s)) for s in range(2)]
    kinds = set()
    while not m.over:
        seat = m.to_act()
        assert seat is not None
        inp = decide(ais[seat], m)
        assert inp.player == seat
        assert m.why_not(inp) is None, (inp, m.phase)
        if isinstance(inp, TossInput):
            assert release_ok(m.table.factions[seat], inp.x, inp.y)
        kinds.add(type(inp).__name__)
        assert m.apply(inp) is None
    assert {"Keep", "FlickInput"} <= kinds


@pytest.mark.parametrize("level", AI_LEVELS)
def test_places_a_pushed_out_planet_on_a_legal_spot(level: str) -> None:
    m = drafted()
    seat = 1
    planet = m.state.planets_of(seat)[0]
    m.state.placements.append((seat, planet))
    m.table = m.table.synced(m.state)
    inp = decide(make_ai(level, seat, 3), m)
    assert isinstance(inp, PlaceInput) and inp.planet == planet
    assert m.table.can_place(planet, inp.x, inp.y)
    assert m.apply(inp) is None and m.phase != Phase.PLACE


def test_hard_places_its_planet_away_from_the_rival_corner() -> None:
    m = drafted()
    seat = 0
    planet = m.state.planets_of(seat)[0]
    m.state.placements.append((seat, planet))
    m.table = m.table.synced(m.state)
    inp = decide(make_ai("hard", seat, 3), m)
    assert isinstance(inp, PlaceInput)
    rival = corner_of(m.table.factions[1])
    own = corner_of(m.table.factions[0])
    assert math.dist((inp.x, inp.y), rival) > math.dist((inp.x, inp.y), own)


@pytest.mark.parametrize("level", AI_LEVELS)
def test_keeps_an_offered_card(level: str) -> None:
    m = CosmicMatch.new(3, seed=2)
    seat = m.to_act()
    assert seat is not None and m.phase == Phase.DRAFT
    inp = decide(make_ai(level, seat, 5), m)
    assert isinstance(inp, Keep) and inp.card in m.state.drafts[0][1]


@pytest.mark.parametrize("level", AI_LEVELS)
def test_bomb_turn_tosses_from_behind_its_base(level: str) -> None:
    m = drafted()
    seat = bomb_turn(m)
    m.state.players[seat].hand = []
    inp = decide(make_ai(level, seat, 7), m)
    assert isinstance(inp, TossInput)
    assert release_ok(m.table.factions[seat], inp.x, inp.y)
    assert m.apply(inp) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_never_bombs_its_own_planets_when_an_enemy_target_exists(level: str, seed: int) -> None:
    m = drafted(seed=seed)
    seat = bomb_turn(m)
    m.state.players[seat].hand = []
    rival = 1 - seat
    ours = m.state.planets_of(seat)
    theirs = m.state.planets_of(rival)
    corner = corner_of(m.table.factions[seat])
    ix = 1.0 if corner[0] < FIELD / 2 else -1.0
    iy = 1.0 if corner[1] < FIELD / 2 else -1.0
    # our planets straight along the diagonal, the one enemy target tucked behind them
    spots = {p: (corner[0] + ix * (150 + 80 * k), corner[1] + iy * (150 + 80 * k))
             for k, p in enumerate(ours)}
    spots[theirs[0]] = (corner[0] + ix * 200, corner[1] + iy * 420)
    for k, p in enumerate(theirs[1:]):
        spots[p] = (corner[0] + ix * (560 + 0 * k), corner[1] + iy * (60 + 90 * k))
    m.table = m.table.__class__(m.table.factions, spots, {})
    inp = decide(make_ai(level, seat, seed), m)
    assert isinstance(inp, TossInput)
    world = play_toss(m.table, seat, (inp.x, inp.y), inp.angle, inp.power, inp.spin)
    under = world.outcome().under_bomb
    assert not set(under) & set(ours)
    if level == "hard":  # its plan, before its hand's noise, lands on the enemy target
        steady = make_ai(level, seat, seed)
        steady.profile = dataclasses.replace(steady.profile, aim_noise=0.0, power_noise=0.0,
                                             bomb_scatter=(0.0, 0.0))
        inp = decide(steady, m)
        assert isinstance(inp, TossInput)
        world = play_toss(m.table, seat, (inp.x, inp.y), inp.angle, inp.power, inp.spin)
        assert set(world.outcome().under_bomb) & set(theirs)


def test_judging_a_landing_punishes_its_own_planets() -> None:
    m = drafted()
    view = view_of(m, 0)
    own = next(p for p in m.table.planets if m.state.owner[p] == 0)
    enemy = next(p for p in m.table.planets if m.state.owner[p] == 1)
    assert judge_bomb_point(view, m.table.planets[own]) < 0
    assert judge_bomb_point(view, m.table.planets[enemy]) >= 5


def test_plays_a_supply_drop_for_a_colour_it_lacks() -> None:
    m = drafted()
    seat = m.state.current
    m.state.players[seat].hand = ["supply_drop"]
    inp = decide(make_ai("hard", seat, 1), m)
    assert isinstance(inp, Play) and inp.card == "supply_drop"
    assert m.why_not(inp) is None
    assert m.apply(inp) is None and m.state.players[seat].hold == [inp.colour]


def test_hard_plays_second_payload_before_its_bomb() -> None:
    m = drafted()
    seat = bomb_turn(m)
    m.state.players[seat].hand = ["second_payload"]
    inp = decide(make_ai("hard", seat, 1), m)
    assert inp == Play(seat, "second_payload")
    assert m.apply(inp) is None


def test_hard_banks_a_full_set_at_once() -> None:
    m = drafted()
    seat = m.state.current
    p = m.state.players[seat]
    p.base, p.hold, p.hand = ["red", "blue", "green"], ["yellow"], []
    inp = decide(make_ai("hard", seat, 1), m)
    assert inp == ReturnToBase(seat)


def test_after_a_flick_it_flicks_banks_or_ends_legally() -> None:
    m = drafted(seed=6)
    seat = m.state.current
    m.state.players[seat].hand = []
    m.state.flicks_made, m.state.flicks_left = 1, 1
    inp = decide(make_ai("hard", seat, 1), m)
    assert isinstance(inp, (FlickInput, ReturnToBase, EndTurn))
    assert m.why_not(inp) is None


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_state_same_decision_however_sliced(level: str) -> None:
    m = drafted(seed=8)
    a = decide(make_ai(level, m.state.current, 11), m.clone(), budget_s=0.0)
    b = decide(make_ai(level, m.state.current, 11), m.clone(), budget_s=10.0)
    c = decide(make_ai(level, m.state.current, 12), m.clone())
    assert a == b
    assert isinstance(c, FlickInput)


def test_uses_no_hidden_cards() -> None:
    """Rivals' hands and the deck change nothing in what it decides (their sizes are public)."""
    m = drafted(seed=9)
    seat = m.state.current
    other = m.clone()
    rival = other.state.players[1 - seat]
    rival.hand = ["emp_blast" if c != "emp_blast" else "hijack" for c in rival.hand]
    other.state.deck = list(reversed(other.state.deck))
    for level in LEVELS:
        assert decide(make_ai(level, seat, 2), m.clone()) == decide(make_ai(level, seat, 2),
                                                                     other.clone())


def test_a_work_slice_runs_a_bounded_number_of_physics_frames() -> None:
    m = drafted(seed=3)
    seat = m.state.current
    ai = make_ai("hard", seat, 4)
    ai.begin(m)
    assert ai.thinking
    calls = 0
    got = None
    while got is None:
        before = ai.frames
        got = ai.work(10.0)  # a generous budget: the frame cap still ends the slice
        calls += 1
        assert ai.frames - before <= SLICE_FRAMES
        assert ai.last_slice_frames <= SLICE_FRAMES
    assert calls > 3 and not ai.thinking
    assert ai.work(10.0) is None  # the decision is handed over once
    ai.begin(m)
    assert ai.work(0.0) is None and ai.last_slice_frames == 1  # no budget: one unit only


def test_begin_refuses_a_seat_not_to_act() -> None:
    m = drafted()
    with pytest.raises(ValueError):
        make_ai("easy", 1 - m.state.current, 0).begin(m)


def test_the_live_match_may_change_while_it_thinks() -> None:
    m = drafted(seed=5)
    seat = m.state.current
    expected = decide(make_ai("medium", seat, 3), m.clone())
    ai = make_ai("medium", seat, 3)
    ai.begin(m)
    ai.work(0.0)
    m.table = m.table.__class__(m.table.factions, {}, {})  # the scene moves things meanwhile
    got = None
    while got is None:
        got = ai.work(1.0)
    assert got == expected



def test_easy_plans_a_toss_onto_an_enemy_and_its_hand_is_steadier_than_on_a_flick() -> None:
    """Easy aims worse than a newcomer only by its hand's scatter, whose strength is far
    steadier on a toss than on a flick (the bomb's reach grows about as the square of the
    strength: a flick's scatter landed Easy's bombs 130 px off and a playtester saw Easy land
    none in a whole duel)."""
    m = drafted(seed=2)
    seat = bomb_turn(m)
    m.state.players[seat].hand = []
    steady = make_ai("easy", seat, 2)
    steady.profile = dataclasses.replace(steady.profile, aim_noise=0.0, power_noise=0.0,
                                         bomb_scatter=(0.0, 0.0))
    inp = decide(steady, m)
    assert isinstance(inp, TossInput)
    world = play_toss(m.table, seat, (inp.x, inp.y), inp.angle, inp.power, inp.spin)
    assert set(world.outcome().under_bomb) & set(m.state.planets_of(1 - seat))
    easy = make_ai("easy", seat, 5)
    tosses = [easy._noisy_toss(inp, m.table.factions[seat]).power / inp.power - 1.0
              for _ in range(400)]
    flicks = [easy._noisy_flick(FlickInput(seat, inp.angle, 0.5)).power / 0.5 - 1.0
              for _ in range(400)]
    spread = statistics.pstdev(tosses) / statistics.pstdev(flicks)
    assert spread < 0.6  # (its flick's own strength scatter is 11% since session 37, 14.5%
    # before: the toss's 6% is a little over half of it)
    # so its own tosses at that target come down on an enemy planet now and then
    hits = 0
    for k in range(12):
        got = easy._noisy_toss(inp, m.table.factions[seat])
        w = play_toss(m.table, seat, (got.x, got.y), got.angle, got.power, got.spin)
        hits += bool(set(w.outcome().under_bomb) & set(m.state.planets_of(1 - seat)))
        assert k < 11 or hits >= 2


def test_easys_hand_errs_by_modest_amounts_never_wildly() -> None:
    """A playtester saw Easy's ship fly off the board and its bomb land far from anything: its
    aim and strength errors stay within `clip` standard deviations (a beginner misses by a
    little), on a flick and on a toss alike."""
    easy = make_ai("easy", 0, 7)
    prof = easy.profile
    assert prof.clip > 0.0
    aim, strength = prof.bomb_scatter or (prof.aim_noise, prof.power_noise)
    errs = []
    for _ in range(600):
        f = easy._noisy_flick(FlickInput(0, 1.0, 0.5))
        errs.append((abs(f.angle - 1.0) / prof.aim_noise,
                     abs(f.power / 0.5 - 1.0) / prof.power_noise))
        t = easy._noisy_toss(TossInput(0, -60.0, -60.0, 0.8, 0.5, 0.0), 0)
        errs.append((abs(t.angle - 0.8) / aim, abs(t.power / 0.5 - 1.0) / strength))
    assert max(max(e) for e in errs) <= prof.clip + 1e-9
    assert statistics.mean(e[0] for e in errs) > 0.5  # still a hand that errs


def test_medium_corrects_its_bomb_from_a_simulated_landing_and_easy_does_not(
        monkeypatch: Any) -> None:
    """Medium won only 51% against Easy and hit fewer of its tosses: it aimed the bomb by the
    spinless model alone. It now re-aims its best tosses from where their simulation came to
    rest (Easy, a beginner, throws at the planet it picked), with its own toss scatter in
    place of the flick's 10% strength noise."""
    from game.games.cosmic import ai as ai_mod

    calls: dict[str, int] = {}
    real = ai_mod.CosmicAI._corrected

    def spy(self: Any, shot: Any, target: Any, spin: float) -> Any:
        calls[self.level] = calls.get(self.level, 0) + 1
        return real(self, shot, target, spin)

    monkeypatch.setattr(ai_mod.CosmicAI, "_corrected", spy)
    for level in ("easy", "medium"):
        m = drafted(seed=2)
        seat = bomb_turn(m)
        m.state.players[seat].hand = []
        got = decide(make_ai(level, seat, 2), m)
        assert isinstance(got, TossInput)
    assert calls.get("medium", 0) > 0 and calls.get("easy", 0) == 0
    medium = make_ai("medium", 0, 1).profile
    assert medium.bomb_scatter is not None and medium.bomb_scatter[1] < medium.power_noise


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_when_every_shot_it_weighed_loses_the_ship_it_flicks_softly_inward(
        level: str, monkeypatch: Any) -> None:
    """A playtester saw Easy's ship fly off the board: when it had to flick and every shot it
    weighed slid out of space (a glance off the crystal), it flicked the least bad of them
    anyway. It now tries a soft flick toward the middle and keeps its ship."""
    from game.games.cosmic import ai as ai_mod
    from game.games.cosmic.world import CosmicWorld

    m = drafted(seed=3)
    seat = m.to_act()
    assert seat is not None and m.phase == Phase.FLICK
    ship = m.table.ship_at(seat)
    out = math.atan2(ship[1] - FIELD / 2, ship[0] - FIELD / 2)  # straight away from the middle

    def doomed(self: Any, view: Any) -> Any:
        yield
        return [(out, 1.0), (out + 0.2, 1.0), (out - 0.2, 1.0)]

    monkeypatch.setattr(ai_mod.CosmicAI, "_flick_candidates", doomed)
    player = make_ai(level, seat, 4)
    player.profile = dataclasses.replace(player.profile, aim_noise=0.0, power_noise=0.0)
    got = decide(player, m)
    if isinstance(got, (ReturnToBase, EndTurn)):
        pytest.skip("not a forced flick on this board")
    assert isinstance(got, FlickInput)
    world = CosmicWorld(m.table, poses=False)
    world.flick(seat, got.angle, got.power)
    world.run_to_rest()
    assert seat not in world.outcome().ships_out


def test_easy_tries_another_line_when_a_planet_blocks_its_crystal() -> None:
    """A playtester's Easy banked a cube in round 1, then flicked "no crystal" six rounds
    running: its three shots at the crystal it needed all went dead into the planet in the
    way. With its hand steady, Easy now takes a crystal reachable past the edge of the
    planet in the way (it still misses often with its usual hand)."""
    from game.games.cosmic.data import PLANETS
    from game.games.cosmic.table import Table
    from game.games.cosmic.world import CosmicWorld

    m = drafted(seed=3)
    seat = m.to_act()
    assert seat is not None and m.phase == Phase.FLICK
    st = m.state
    colour = COLOUR_KEYS[0]
    target = st.crystal[colour]
    assert target is not None
    p = st.players[seat]
    p.base, p.hold, p.docked = [c for c in COLOUR_KEYS if c != colour], [], False
    others = [q for q in sorted(m.table.planets) if q != target]
    blocker = next(q for q in others if q not in st.crystal.values())
    spots = {target: (450.0, 360.0), blocker: (300.0, 395.0)}  # its centre line is blocked
    for i, q in enumerate(q for q in others if q != blocker):
        spots[q] = (60.0 + 70.0 * (i // 2), 60.0 if i % 2 else 660.0)
    m.table = Table(m.table.factions, spots, {seat: (150.0, 360.0)})
    player = make_ai("easy", seat, 4)
    player.profile = dataclasses.replace(player.profile, aim_noise=0.0, power_noise=0.0)
    got = decide(player, m)
    assert isinstance(got, FlickInput)
    world = CosmicWorld(m.table, poses=False)
    world.flick(seat, got.angle, got.power)
    world.run_to_rest()
    assert target in world.outcome().touched_by(seat), PLANETS[target].colour


def _behind_one_from_the_end(seed: int = 1) -> tuple[CosmicMatch, int]:
    """A bomb turn one destroyed planet from the match's end, its seat far behind: the rival
    has destroyed three of the seat's planets."""
    m = drafted(seed=seed)
    seat = bomb_turn(m)
    m.state.players[seat].hand = []
    rival = 1 - seat
    for planet in m.state.planets_of(seat)[:3]:
        m.state.alive.remove(planet)
        m.state.destroyed_by[planet] = rival
        m.table.planets.pop(planet, None)
    m.state.options = dataclasses.replace(m.state.options, end_at=4)
    return m, seat


def test_bomb_loses_match_reads_the_end_and_the_scores() -> None:
    from game.games.cosmic.ai import bomb_loses_match

    m, seat = _behind_one_from_the_end()
    view = view_of(m, seat)
    scores = m.state.scores()
    assert scores[seat] < scores[1 - seat]
    theirs = next(p for p in m.table.planets if m.state.owner[p] != seat)
    ours = next(p for p in m.table.planets if m.state.owner[p] == seat)
    assert bomb_loses_match(view, [ours])  # the fourth planet ends it, still behind
    assert bomb_loses_match(view, [theirs])
    assert not bomb_loses_match(view, [])  # a miss: the match goes on
    m.state.options = dataclasses.replace(m.state.options, end_at=7)
    assert not bomb_loses_match(view_of(m, seat), [ours])  # not the end


@pytest.mark.parametrize("level", LEVELS)
def test_an_ai_never_ends_the_match_with_a_bomb_that_makes_it_lose(level: str) -> None:
    """A stranger's Medium ended a match it was behind in with a bomb (on its own planet),
    and lost: where any planet destroyed ends the match with it behind, it tosses so as to
    destroy none (its plan, before its hand's scatter)."""
    m, seat = _behind_one_from_the_end()
    steady = make_ai(level, seat, 3)
    steady.profile = dataclasses.replace(steady.profile, aim_noise=0.0, power_noise=0.0,
                                         bomb_scatter=(0.0, 0.0))
    inp = decide(steady, m)
    assert isinstance(inp, TossInput)
    assert m.apply(inp) is None
    assert not m.over or seat in m.state.winners()


def test_easy_plays_a_prototype_bomb_it_may_play_now_and_then() -> None:
    """A stranger's Easy never bombed all match: a beginner plays the early bomb the card
    allows about half the times it may (it played cards at random, 15% of chances)."""
    played = 0
    start = drafted(seed=1)
    for seed in range(8):
        m = start.clone()
        seat = m.state.current
        p = m.state.players[seat]
        p.base, p.hold, p.hand = ["red", "blue", "green"], [], ["prototype_bomb"]
        assert Play(seat, "prototype_bomb") in m.state.legal_actions(seat)
        inp = decide(make_ai("easy", seat, seed), m)
        played += isinstance(inp, Play) and inp.card == "prototype_bomb"
    assert 2 <= played <= 6
