"""Easy's casual habits that move a duel on (a stranger's two-player match with Easy was a
seesaw: a wall broken, a wall built back, Diplomacy two turns running, a hoarded hand)."""

from __future__ import annotations

from dataclasses import replace

from game.games.blast import data as D
from game.games.blast.ai import PROFILES, decide, make_ai
from game.games.blast.rules import Action, MatchState, Pass, Play, Trade
from tests.games.blast.helpers import table


def _easy(m: MatchState, seed: int, **change: object) -> Action:
    """Easy's decision for seat 0 (its profile changed by `change`, to show what each habit
    does on its own)."""
    ai = make_ai("easy", 0, seed)
    if change:
        ai.profile = replace(ai.profile, **change)  # type: ignore[arg-type]
        ai.policy.profile = ai.profile
    return decide(ai, m)


def _wall(a: Action) -> bool:
    return isinstance(a, Play) and D.CARDS[a.card].is_wall


def test_easy_builds_while_its_row_stands_only_when_nothing_better() -> None:
    """Four walls standing and an attack in hand: no seed builds (the blunders pick among the
    other plays); without the habit some seeds do. With nothing else worth a turn it builds."""
    hand = [D.PIPE, D.STONE, D.IRON, D.TWIST]
    m = table(2, hands={0: hand}, walls={0: [D.PALISADE, D.STONE, D.IRON, D.STONE]})
    m.first = 1  # the enemy opened the round: it has had its turn, so Easy may attack it
    easy = [_easy(m, seed) for seed in range(24)]
    assert not any(_wall(a) for a in easy)
    assert sum(isinstance(a, Play) and a.card == D.PIPE for a in easy) >= 12
    old = [_easy(m, seed, walls_last=False, spend_attacks=False) for seed in range(24)]
    assert any(_wall(a) for a in old)
    idle = table(2, hands={0: [D.STONE, D.INSPECTOR]},
                 walls={0: [D.PALISADE, D.STONE, D.IRON, D.STONE]})
    assert sum(_wall(_easy(idle, seed)) for seed in range(12)) >= 9


def test_a_thin_row_rebuilds_unless_an_attack_leaves_the_enemy_bare() -> None:
    """Two walls: the wall it holds while the enemy stands strong (by its `rebuild_chance`:
    `test_playtest_s41_ai`); but an attack that would leave the enemy one wall or none goes
    first (both thin was the seesaw)."""
    thin = {0: [D.PALISADE, D.IRON]}
    strong = table(2, hands={0: [D.PIPE, D.STONE]}, walls=thin)
    assert all(_easy(strong, seed) == Play(0, D.STONE) for seed in range(12))
    weak = table(2, hands={0: [D.PIPE, D.STONE]}, walls={**thin, 1: [D.PALISADE, D.STONE]})
    weak.turn = 3 * 2  # round 4: past the opening rounds, when Easy leaves a thin row alone
    race = [_easy(weak, seed) for seed in range(12)]
    assert all(isinstance(a, Play) and a.card == D.PIPE and a.target == 1 for a in race)
    assert all(_easy(weak, seed, race_at=-1, rebuild_chance=1.0, attack_first=False)
               == Play(0, D.STONE) for seed in range(12))


def _next_turn(m: MatchState, ai_seed: int) -> tuple[Action, Action]:
    """Seat 0 (Easy) plays its turn out, seat 1 passes, then seat 0's next first action."""
    ai = make_ai("easy", 0, ai_seed)
    first = decide(ai, m)
    assert m.apply(first) is None
    while m.current_player() == 0:
        assert m.apply(decide(ai, m)) is None
    while m.current_player() == 1:
        assert m.apply(Pass(1)) is None
    return first, decide(ai, m)


def test_easy_plays_no_diplomacy_on_two_turns_running() -> None:
    """With two Diplomacies and a thin row Easy plays one; the next round it leaves the other
    in hand (a stranger could only pass twice behind Easy's two), the round after it may."""
    seen = 0
    for seed in range(12):
        m = table(2, hands={0: [D.DIPLOMACY, D.DIPLOMACY, D.TWIST]}, walls={0: [D.PALISADE]},
                  top=[D.INSPECTOR, D.INSPECTOR, D.INSPECTOR, D.INSPECTOR])
        first, then = _next_turn(m, seed)
        if first != Play(0, D.DIPLOMACY):
            continue
        seen += 1
        assert then != Play(0, D.DIPLOMACY)
        while m.current_player() == 0:
            assert m.apply(decide(make_ai("easy", 0, seed), m)) is None
    assert seen >= 4
    # Medium has no such rest: the second Diplomacy follows the first.
    m = table(2, hands={0: [D.DIPLOMACY, D.DIPLOMACY, D.TWIST]}, walls={0: [D.PALISADE]},
              top=[D.INSPECTOR, D.INSPECTOR])
    med = make_ai("medium", 0, 1)
    assert m.apply(decide(med, m)) is None
    while m.current_player() == 0:
        assert m.apply(decide(med, m)) is None
    while m.current_player() == 1:
        assert m.apply(Pass(1)) is None
    assert decide(med, m) == Play(0, D.DIPLOMACY)


def test_easy_seldom_plays_diplomacy_while_its_row_stands() -> None:
    """Five walls standing: Diplomacy is a card Easy seldom thinks of, a wall or Twist first."""
    m = table(2, hands={0: [D.DIPLOMACY, D.TWIST]})
    picks = [_easy(m, seed) for seed in range(16)]
    assert picks.count(Play(0, D.DIPLOMACY)) <= 4
    old = [_easy(m, seed, diplomacy_rest=False) for seed in range(16)]
    assert old.count(Play(0, D.DIPLOMACY)) > picks.count(Play(0, D.DIPLOMACY))


def test_easy_spends_a_big_hand() -> None:
    """Seven cards and nothing but a wall worth a turn while its row stands: Easy trades three
    spare cards rather than hoard them; with four cards it builds; Productivity with a big
    hand is a real play (it spends the hand faster), with a small one a card among others."""
    spare = [D.STONE, D.ASSASSIN, D.INSPECTOR, D.GUARD, D.FIZZLE, D.FIZZLE, D.TWIST]
    big = table(2, hands={0: spare}, walls={0: [D.PALISADE, D.STONE, D.IRON, D.STONE]})
    assert len(big.players[0].hand) >= PROFILES["easy"].spend_from
    picks = [_easy(big, seed) for seed in range(16)]
    assert sum(isinstance(a, Trade) for a in picks) >= 8
    # (`dig_attacks` off: with no explosive in hand Easy trades to dig for one)
    assert not any(isinstance(a, Trade)
                   for a in (_easy(big, s, spend_from=0, dig_attacks=False) for s in range(16)))
    small = table(2, hands={0: spare[:4]}, walls={0: [D.PALISADE, D.STONE, D.IRON, D.STONE]})
    assert not any(isinstance(a, Trade)
                   for a in (_easy(small, s, dig_attacks=False) for s in range(16)))

    from game.games.blast.ai import CASUAL_PRODUCTIVITY, Policy

    def productivity(hand: list[str]) -> float:
        m = table(2, hands={0: hand})
        import random
        ranked = Policy(PROFILES["easy"]).ranked(m, 0, random.Random(1))
        return next(s for s, a in ranked if a == Play(0, D.PRODUCTIVITY))

    cards = [D.PRODUCTIVITY, D.PIPE, D.PIPE, D.TNT, D.ARROW, D.FIZZLE, D.GUARD]
    assert productivity(cards) > CASUAL_PRODUCTIVITY + 2.0
    assert productivity(cards[:4]) == CASUAL_PRODUCTIVITY
