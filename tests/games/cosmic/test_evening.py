"""Cosmic Kaboom for a first evening (issue 16): the lobby's match length and planet placing,
one card per planet lost, the toss preview, a bomb's result in words, the newcomer model and
the pace estimate."""

from __future__ import annotations

import math

import pytest

from game.games.cosmic import data
from game.games.cosmic.data import COLOUR_KEYS, PLANETS
from game.games.cosmic.events import Placed
from game.games.cosmic.match import CosmicMatch, PlaceInput
from game.games.cosmic.options import options_of
from game.games.cosmic.rules import (
    FlickOutcome,
    Keep,
    MatchState,
    Phase,
    Rejected,
    Toss,
    deployment_order,
    new_match,
)
from game.games.cosmic.sim import play_match
from game.games.cosmic.table import release_default
from game.games.cosmic.tiers import NEWCOMER, Newcomer, Pace, make_seat, match_seconds
from game.games.cosmic.world import BombLanded, CosmicWorld, blast_at, play_toss, preview_toss


def ready(players: int = 2, seed: int = 0, **options: object) -> MatchState:
    m = new_match(players, seed, **options)
    while m.phase == Phase.DRAFT:
        seat = m.current_player()
        assert seat is not None
        assert m.apply(Keep(seat, m.drafts[0][1][0])) is None
    return m


def bomb_now(m: MatchState) -> int:
    seat = m.current
    m.players[seat].base = list(COLOUR_KEYS)
    m.turn_phase = Phase.BOMB
    m.bomb_cubes = list(COLOUR_KEYS)
    return seat


# -- one card per planet ----------------------------------------------------------------------


def test_a_bomb_destroying_two_planets_of_one_player_gives_them_two_draws():
    m = ready(2, seed=1)
    seat = bomb_now(m)
    victim = 1 - seat
    two = [p for p in m.planets_of(victim)][:2]
    hand = len(m.players[victim].hand)
    assert m.apply(Toss(seat, FlickOutcome.make(under_bomb=two))) is None
    assert [s for s, _ in m.drafts] == [victim, victim]
    while m.drafts:
        assert m.apply(Keep(victim, m.drafts[0][1][0])) is None
    assert len(m.players[victim].hand) == hand + 2


def test_draws_per_planet_go_in_turn_order_from_the_bomber_own_planets_included():
    m = ready(3, seed=2)
    seat = bomb_now(m)
    later = (seat + 2) % 3
    sooner = (seat + 1) % 3
    hit = [m.planets_of(later)[0], m.planets_of(seat)[0], m.planets_of(sooner)[0],
           m.planets_of(later)[1]]
    assert m.apply(Toss(seat, FlickOutcome.make(under_bomb=hit))) is None
    assert [s for s, _ in m.drafts] == [seat, sooner, later, later]


def test_the_decision_is_written_on_the_rules_page():
    from game.games.cosmic.info import rules_page

    page = rules_page()
    assert "One card per planet" in page and "two draws" in page
    assert "Decision 1" in page  # the rulebook's departures are numbered


# -- match length -----------------------------------------------------------------------------


def test_the_short_match_ends_at_its_count_and_the_rulebook_at_seven():
    assert options_of(2, {}).end_at == data.GAME_END_DESTROYED == 7
    assert options_of(2, {"length": "short"}).end_at == data.SHORT_END[2] == 3
    assert options_of(4, {"length": "short"}).end_at == data.SHORT_END[4]
    m = ready(2, seed=3, end_at=data.SHORT_END[2])
    seat = bomb_now(m)
    theirs = m.planets_of(1 - seat)
    last = data.SHORT_END[2] - 1
    for p in theirs[:last]:
        m._destroy_planet(p, by=seat)
    m._check_end()
    assert not m.over
    assert m.apply(Toss(seat, FlickOutcome.make(under_bomb=[theirs[last]]))) is None
    assert m.over and m.end_reason == "planets"
    with pytest.raises(ValueError):
        options_of(2, {"end_at": 0})


def test_the_lobby_says_the_match_lengths_measured():
    # A stranger was in round 13 after 35 minutes of a short match the lobby called about 11
    # minutes: the lobby says the rounds measured and the short match's own counts.
    from game.games.cosmic import INFO

    length = next(o for o in INFO.options if o.key == "length")
    words = length.help
    assert f"at {data.SHORT_END[2]} planets with two players" in words
    assert "about 13 rounds" in words and "11 minutes" not in words


def test_options_round_trip_through_saves():
    m = ready(2, seed=4, end_at=5, deploy=True)
    back = MatchState.from_dict(m.to_dict())
    assert back.options.end_at == 5 and back.options.deploy and back.deploying


# -- placing the planets ----------------------------------------------------------------------


def test_deployment_takes_turns_from_the_first_player_lowest_dots_first():
    m = new_match(3, seed=5, deploy=True)
    order = deployment_order(m.owner, m.first, 3)
    assert m.placements == order
    assert len(order) == 12
    assert [s for s, _ in order[:3]] == [m.first, (m.first + 1) % 3, (m.first + 2) % 3]
    for seat in range(3):
        dots = [PLANETS[p].dots for s, p in order if s == seat]
        assert dots == sorted(dots)
    assert options_of(3, {"planets": "you place"}).deploy
    assert not options_of(3, {"planets": "laid out"}).deploy


def test_the_table_starts_empty_and_fills_as_each_planet_is_placed():
    match = CosmicMatch.new(2, seed=6, deploy=True)
    assert match.phase == Phase.PLACE and match.table.planets == {}
    assert match.state.deploying
    seat, planet = match.state.placements[0]
    assert match.to_act() == seat == match.state.first
    assert isinstance(match.apply(PlaceInput(seat, planet, -10.0, 50.0)), Rejected)
    assert match.apply(PlaceInput(seat, planet, 300.0, 300.0)) is None
    seat2, planet2 = match.state.placements[0]
    assert seat2 != seat
    r = match.apply(PlaceInput(seat2, planet2, 330.0, 310.0))  # touching the first planet
    assert isinstance(r, Rejected) and "taken" in r.reason
    while match.phase == Phase.PLACE:
        s, p = match.state.placements[0]
        x, y = match.table.free_spot(p, (360.0, 360.0))
        assert match.apply(PlaceInput(s, p, x, y)) is None
    assert len(match.table.planets) == 12 and not match.state.deploying
    assert match.phase == Phase.DRAFT
    assert isinstance(match.state.events[-1], Placed)


def test_ai_seats_place_their_planets_and_play_on():
    r = play_match(["easy", "medium"], 7, {"planets": "you place", "rounds": 2})
    placed = [e for e in r["timeline"] if e[1] == "PlaceInput"]
    assert len(placed) >= 12
    assert r["options"]["deploy"]


# -- the toss preview and the result ----------------------------------------------------------


@pytest.mark.parametrize("power,spin", [(0.2, 0.0), (0.55, 0.5), (1.0, -1.0)])
def test_the_toss_preview_comes_down_where_the_world_lands_the_bomb(power, spin):
    match = CosmicMatch.new(2, seed=1)
    hand = release_default(0)
    angle = math.radians(42.0)
    flight, slide = preview_toss(hand, angle, power, spin)
    w = CosmicWorld(match.table, poses=False)
    w.toss(0, hand, angle, power, spin)
    landed = None
    while not w.at_rest and landed is None:
        w.step()
        landed = next((e for e in w.events if isinstance(e, BombLanded)), None)
    assert landed is not None
    assert flight[-1] == pytest.approx((landed.x, landed.y))
    assert slide[0] == flight[-1] and len(slide) > 1


@pytest.mark.parametrize("pick,spin", [(0, 0.0), (3, 0.7), (7, -1.0)])
def test_the_toss_preview_slides_to_where_the_world_stops_the_bomb_and_rings_its_blast(
        pick, spin):
    """The preview's slide ends on the engine's resting bomb, and the planets it rings are
    the ones the engine's blast there destroys (aimed at planets, so the blast is not empty)."""
    match = CosmicMatch.new(2, seed=3)
    table = match.table
    hand = release_default(0)
    angles = [math.atan2(y - hand[1], x - hand[0]) for _, (x, y) in sorted(table.planets.items())]
    hits = [(a, k / 20) for a in angles for k in range(2, 21)
            if blast_at(table, preview_toss(hand, a, k / 20, spin)[1][-1])]
    angle, pw = hits[pick % len(hits)]
    flight, slide = preview_toss(hand, angle, pw, spin)
    w = play_toss(table, 0, hand, angle, pw, spin)
    assert w.bomb is not None and not w.foul
    assert slide[-1] == pytest.approx((w.bomb.x, w.bomb.y), abs=1e-9)
    assert blast_at(table, slide[-1]) == w.under_bomb() != []
    assert len(slide) > 2 and slide[0] == flight[-1]


def test_a_bombs_result_names_each_planet_its_owner_and_its_points():
    from game.core.voice import Voice
    from game.games.cosmic.presenter import bomb_lines

    owner = {p.planet_id: (0 if p.planet_id < 6 else 1) for p in PLANETS}
    mine = next(p.planet_id for p in PLANETS if p.planet_id < 6)
    theirs = next(p.planet_id for p in PLANETS if p.planet_id >= 6 and p.dots == 2)
    title, lines = bomb_lines(Voice(["You", "Ben"]), owner, 0, [theirs, mine])
    assert title == "KABOOM! 2 planets destroyed"
    colour = PLANETS[theirs].colour.capitalize()
    # the owner's loss after a comma: a bracket split over two rows read as stray
    assert lines[0] == (f"Ben's {colour} 2-dot planet: +4\u00a0for\u00a0you, "
                        "\u22122\u00a0for\u00a0Ben")
    assert lines[1].startswith("Your own ") and ": 0\u00a0for\u00a0you" in lines[1]
    assert "own planets score nothing" in lines[1]
    title, lines = bomb_lines(Voice(["Ana", "Ben"]), owner, 1, [theirs])
    assert "0\u00a0for\u00a0Ben" in lines[0]
    # "−2 for Ben" is never split over two rows of the result box
    from game.games.cosmic import hud

    for names in (["You", "Ben"], ["Christabel", "Ben"], ["Ana", "Maximilian"]):
        for bomber in (0, 1):
            _t, said = bomb_lines(Voice(names), owner, bomber, [theirs, mine])
            rows = [row.strip() for line in said for row in hud._result_wrap(line)]
            assert not any(row.endswith(("for", "\u22122")) for row in rows), rows


# -- the newcomer and the pace ----------------------------------------------------------------


def test_the_newcomer_plays_a_whole_legal_match():
    r = play_match([NEWCOMER, "easy"], 11, {"rounds": 6}, factory=make_seat)
    assert r["flicks"][0] > 0 and r["turns"] > 0
    assert isinstance(make_seat(NEWCOMER, 0, 1), Newcomer)
    with pytest.raises(ValueError):
        play_match([NEWCOMER, "easy"], 11)  # not an AI level without the ladder's factory


def test_the_pace_prices_people_slower_than_the_ai_and_matches_the_scene():
    from game.games.cosmic import scene

    pace = Pace()
    assert pace.ai_show == scene.AI_SHOW_SECONDS and pace.ai_choice == scene.AI_CHOICE_SECONDS
    assert pace.bomb_show == scene.BOMB_SHOW_SECONDS
    report = {"timeline": [(0, "FlickInput", 120, 0.01), (1, "FlickInput", 120, 0.01)]}
    human = match_seconds(report, (0,), pace)
    nobody = match_seconds(report, (), pace)
    assert human > nobody > 2 * 120 / 60.0


def test_the_score_sheet_says_why_the_match_ended():
    from game.core.voice import Voice
    from game.games.cosmic.presenter import end_line

    st = CosmicMatch.new(2, seed=1).state
    voice = Voice(["You", "Ben"])
    assert end_line(st, voice) == ""  # not over: nothing to say
    theirs = st.planets_of(1)
    st.destroyed_by = {p: 0 for p in theirs[:5]}
    st.over, st.end_reason = True, "planets"
    assert end_line(st, voice) == "5 planets destroyed: that ends the match."
    st.destroyed_by = {p: 0 for p in theirs}
    st.end_reason = "faction"
    assert end_line(st, voice) == "Every one of Ben's planets is destroyed: that ends the match."


def test_the_first_tips_teach_a_keyboard_seat_its_keys():
    # A stranger at the left keys read only the mouse's "press on your ship, pull back and
    # let go" (73-kb): a keyboard or pad seat is taught its own aim, power and fire.
    from game.games.cosmic import INFO

    assert INFO.first_tips_for is not None
    names = {"left": "A", "right": "D", "up": "W", "down": "S", "confirm": "LSHIFT"}
    keys = INFO.first_tips_for("keys1", lambda device, c: names.get(c, c))
    assert keys[1].startswith("On your turn, A/D turn the aim, W/S set the power; LSHIFT")
    assert not any("pull back" in tip for tip in keys)
    # The mouse's "hold Shift for fine aim" is no keyboard modifier: the left keys' Shift
    # flicks too (a stranger held it to turn finely and flicked his ship out of space).
    assert "primary flicks too: a tap of a key is the fine step" in keys[1]
    pad = INFO.first_tips_for("pad1", lambda device, c: "A" if c == "confirm" else c)
    assert "flicks too" not in pad[1]
    assert "stick" in pad[1] and "A flicks" in pad[1]
    assert INFO.first_tips_for("mouse", lambda device, c: c) == INFO.first_tips
    assert "pull back" in INFO.first_tips[1]


# -- a clear zone round every Base (a placed planet walled a ship in) ---------------------------


def test_no_planet_is_placed_inside_a_bases_clear_zone():
    from game.games.cosmic.data import BASE_CLEAR, base_clear

    match = CosmicMatch(MatchState(options_of(3, {"planets": "you place"}), 4))
    s, p = match.state.placements[0]
    # a spot the old rule (clear of the Base's disc only) allowed, 30 units from the dock
    near = (95.0, 95.0)
    assert math.dist(near, (0.0, 0.0)) < BASE_CLEAR and not base_clear(*near)
    assert not match.table.can_place(p, *near)
    got = match.apply(PlaceInput(s, p, *near))
    assert got is not None  # the world's placement check (`Table.can_place`)
    for corner in ((720.0, 0.0), (720.0, 720.0), (0.0, 720.0)):  # unused Bases too
        spot = (abs(corner[0] - 110.0), abs(corner[1] - 110.0))
        assert not match.table.can_place(p, *spot)
    assert match.apply(PlaceInput(s, p, 200.0, 200.0)) is None


@pytest.mark.parametrize("level", ["hard", "easy"])
def test_ai_placements_keep_every_bases_zone_clear_and_a_lane_out(level):
    from game.games.cosmic.ai import decide, make_ai
    from game.games.cosmic.data import BASE_CLEAR
    from game.games.cosmic.options import ai_seed
    from game.games.cosmic.table import Table
    from game.games.cosmic.world import sure_shots

    seed = 3
    match = CosmicMatch(MatchState(options_of(3, {"planets": "you place"}), seed))
    ais = [make_ai(level, s, ai_seed(seed, s)) for s in range(3)]
    while match.phase in (Phase.PLACE, Phase.DRAFT):
        seat = match.to_act()
        assert seat is not None
        assert match.apply(decide(ais[seat], match)) is None
    t = match.table
    corners = [(0.0, 0.0), (720.0, 0.0), (720.0, 720.0), (0.0, 720.0)]
    assert BASE_CLEAR == 180.0  # a quarter of space's side (`data.RULES_NOTES`)
    assert all(math.dist(xy, c) >= 180.0 for xy in t.planets.values() for c in corners)
    for seat in range(3):  # from every dock a straight flick reaches some planet
        assert sure_shots(Table(t.factions, dict(t.planets), {}), seat, list(t.planets))


def test_every_quick_start_board_keeps_the_bases_zones_clear():
    from game.games.cosmic.data import LAYOUT_SETS, base_clear, layout_from

    for spots in LAYOUT_SETS:
        for mirror in (False, True):
            assert all(base_clear(x, y) for x, y in layout_from(spots, mirror).values())


def test_the_rules_page_states_the_bases_clear_zone():
    from game.games.cosmic.data import BASE_CLEAR, RULES_NOTES
    from game.games.cosmic.info import rules_page

    note = next(n for n in RULES_NOTES if "clear of the Bases" in n)
    assert f"{BASE_CLEAR:.0f} units" in note and note in rules_page()
