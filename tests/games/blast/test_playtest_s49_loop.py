"""Session 49 (7/10): a stranger's duel with Easy looped from round 14 to 21: Easy, at no
walls, rebuilt one palisade every turn and the stranger knocked it down every turn."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.ai import decide, make_ai
from game.games.blast.rules import MatchState, Play, TakeIt
from game.ui import text
from tests.games.blast.helpers import ok, table
from tests.games.blast.scene_helpers import make_setup, open_table

HAND = [D.PALISADE, D.PALISADE, D.TNT, D.FIZZLE]
ENEMY_WALLS = [D.STONE, D.STONE, D.IRON]


def _plays(m: MatchState, seeds: int = 40) -> Counter[str]:
    out: Counter[str] = Counter()
    for seed in range(seeds):
        a = decide(make_ai("easy", 0, seed), m.clone())
        assert isinstance(a, Play), a
        out[a.card] += 1
    return out


def test_easy_rebuilding_in_vain_sometimes_hits_back() -> None:
    """Easy rebuilt a palisade last turn and the enemy's arrow knocked it down: back at no
    walls with a palisade and a TNT in hand, it does not always rebuild (about half the seeds
    hit back), so the loop ends."""
    m = table(2, hands={0: HAND, 1: [D.ARROW, D.STONE]},
              walls={0: [], 1: ENEMY_WALLS}, top=[D.STONE, D.PIPE, D.IRON])
    m.turn = 4 * 2  # round 5: past the opening rounds
    ok(m, Play(0, D.PALISADE), Play(1, D.ARROW, 0, (D.PALISADE,)), TakeIt(0))
    assert m.current == 0 and not m.players[0].walls and D.PALISADE in m.players[0].hand
    plays = _plays(m)
    assert 8 <= plays[D.TNT] <= 32 and plays[D.PALISADE] >= 8, plays


def test_easy_bare_for_the_first_time_still_rebuilds() -> None:
    """A bare row that did not just rebuild in vain still builds every time (a cautious
    beginner: one that never rebuilt lost in three turns)."""
    m = table(2, hands={0: HAND}, walls={0: [], 1: ENEMY_WALLS})
    m.turn = 4 * 2
    assert _plays(m) == Counter({D.PALISADE: 40})


def test_the_bar_tells_how_productivity_breaks_a_lone_wall_and_hits_again(
        app: Any, driver: HeadlessDriver) -> None:
    """Ben stands behind the one palisade he rebuilt; Ana holds Productivity and two
    explosives: the bar says both fit in this turn (the stranger knocked the palisade down
    turn after turn, never seeing how to get ahead), on one or two lines."""
    m = table(2, hands={0: [D.PRODUCTIVITY, D.ARROW, D.TNT, D.STONE]},
              walls={0: [D.STONE, D.IRON], 1: [D.PALISADE]})
    m.turn = 14 * 2
    scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    said = scene.prompt()[1]
    assert ("Play Productivity for two more cards this turn: break the wall, then attack "
            "again") in said
    assert len(text.wrap(said, text.MIN_PX, 1280 - 32)) <= 2


def test_no_productivity_tip_with_a_single_attack_or_no_lone_wall(
        app: Any, driver: HeadlessDriver) -> None:
    """One explosive only (nothing to attack again with), or two walls standing: the usual
    words."""
    for hand, ben in (([D.PRODUCTIVITY, D.TNT, D.STONE, D.FIZZLE], [D.PALISADE]),
                      ([D.PRODUCTIVITY, D.ARROW, D.TNT, D.STONE], [D.PALISADE, D.STONE])):
        m = table(2, hands={0: hand}, walls={0: [D.STONE, D.IRON], 1: ben})
        m.turn = 14 * 2
        scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=4),
                           {"version": 1, "match": m.to_dict()})
        driver.run(3)
        assert "Productivity lets you" not in scene.prompt()[1], (hand, ben)
