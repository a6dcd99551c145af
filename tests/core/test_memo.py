"""core.memo: a demo's match is played once per process, and every caller gets its own copy."""

from __future__ import annotations

import pytest

from game.core import memo


@pytest.fixture(autouse=True)
def empty() -> None:
    memo.forget()


def test_the_answer_is_made_once_and_handed_out_as_copies() -> None:
    calls: list[int] = []

    def make() -> dict[str, list[int]]:
        calls.append(1)
        return {"moves": [1, 2, 3]}

    first = memo.remembered(("k", 1), make)
    first["moves"].append(99)  # the caller changes its copy...
    second = memo.remembered(("k", 1), make)
    assert calls == [1]
    assert second == {"moves": [1, 2, 3]}  # ...and the kept answer does not change
    second["moves"].clear()
    assert memo.remembered(("k", 1), make) == {"moves": [1, 2, 3]}
    assert memo.remembered(("k", 2), make) == {"moves": [1, 2, 3]}
    assert len(calls) == 2  # another key is another answer


def test_only_the_latest_answers_are_kept() -> None:
    made: list[int] = []
    for n in range(memo.LIMIT + 1):
        memo.remembered(n, lambda n=n: made.append(n) or n)
    memo.remembered(memo.LIMIT, lambda: made.append(-1) or -1)  # still kept
    memo.remembered(0, lambda: made.append(-2) or -2)  # the oldest went
    assert made == [*range(memo.LIMIT + 1), -2]


def test_a_remembered_blast_demo_is_the_match_played_afresh() -> None:
    from game.games.blast.demos import demo_setup, fast_forward
    from game.games.blast.rules import MatchState

    setup = demo_setup(3, humans=0)

    def stop(m: MatchState) -> bool:
        return m.turn >= 3

    fresh = fast_forward(setup, stop)
    kept = fast_forward(setup, stop, memo="test")
    again = fast_forward(setup, stop, memo="test")
    assert kept.to_dict() == fresh.to_dict() == again.to_dict()
    assert again is not kept and again.players[0] is not kept.players[0]
