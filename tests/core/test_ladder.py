"""The kit's ladder: the tally, the bands, the seating and the `--pairs` parser every game's
`tiers` command shares."""

from __future__ import annotations

import pytest

from game.core import ladder
from game.core.ladder import BANDS, NEWCOMER, PairRow


def test_a_tie_or_a_draw_counts_half_and_a_win_counts_whole():
    row = PairRow("medium", "easy")
    row.record({0}, me=0)          # a win
    row.record({1}, me=0)          # a loss
    row.record({0, 1}, me=1)       # a shared win
    row.record((), me=0, rounds=7)  # nobody won: a draw
    assert (row.games, row.wins, row.losses, row.ties) == (4, 1, 1, 2)
    assert row.share == pytest.approx(0.5)
    assert row.rounds == [7]


def test_every_game_measures_against_the_same_bands():
    assert BANDS[("easy", NEWCOMER)] == (0.35, 0.55)
    assert BANDS[("medium", "easy")] == BANDS[("hard", "medium")] == (0.60, 0.85)
    row = PairRow("easy", NEWCOMER, games=10, wins=3)
    assert (row.verdict, row.met) == ("low", False)
    row.wins = 5
    assert (row.verdict, row.met) == ("ok", True)
    row.wins = 6
    assert (row.verdict, row.met) == ("high", False)
    free = PairRow("easy", "random", games=4, wins=4)
    assert (free.band, free.verdict, free.met) == (None, "", True)


def test_the_stronger_sits_first_in_even_games_and_second_in_odd_ones():
    assert ladder.seating("hard", "easy", 0) == (["hard", "easy"], 0)
    assert ladder.seating("hard", "easy", 1) == (["easy", "hard"], 1)


def test_a_pair_plays_its_games_through_the_game_and_tallies_each_seat():
    seen: list[tuple[list[str], int]] = []

    def play(levels: list[str], i: int) -> tuple[set[int], int]:
        seen.append((levels, i))
        return {levels.index("hard")} if i < 3 else set(), 10 + i

    row = ladder.play_pair("hard", "easy", 4, play)
    assert [i for _, i in seen] == [0, 1, 2, 3]
    assert seen[1][0] == ["easy", "hard"]
    assert (row.wins, row.ties, row.losses, row.rounds) == (3, 1, 0, [10, 11, 12, 13])
    assert "hard-easy" in ladder.line(row) and "87.5%" in ladder.line(row)


def test_pairs_are_parsed_and_a_bad_one_is_named():
    names = ("easy", "medium", NEWCOMER)
    assert ladder.parse_pairs("", [("a", "b")], names) == [("a", "b")]
    assert ladder.parse_pairs("easy-newcomer, medium-easy", [], names) == [
        ("easy", NEWCOMER), ("medium", "easy")]
    with pytest.raises(ValueError, match="'easy-expert' is not a pair of easy, medium"):
        ladder.parse_pairs("easy-expert", [], names)
    with pytest.raises(ValueError, match="stronger-weaker"):
        ladder.parse_pairs("easy", [], names)


def test_the_printed_ladder_says_whether_every_band_was_met(capsys):
    ok = ladder.print_ladder([PairRow("medium", "easy", games=10, wins=7),
                              PairRow("hard", "medium", games=10, wins=2)])
    out = capsys.readouterr().out
    assert not ok
    assert " ok " in out and " low " in out and out.splitlines()[0] == ladder.HEADER
