"""Easy eases off when it leads every person at the table; AIs alone never ease."""

from __future__ import annotations

from game.games.tower.ai import BUILDER_SKILLS, BuilderAI
from game.games.tower.data import SMALL_TILES
from game.games.tower.rules import Options, new_match
from game.games.tower.turn import TurnController


def _tiles(points: int) -> list[int]:
    """Tile ids worth `points` in all (ones where it can)."""
    ones = [t.tile_id for t in SMALL_TILES if t.points == 1]
    assert len(ones) >= points
    return ones[:points]


def _turn(builder_lead: int) -> TurnController:
    match = new_match(Options(players=2), 5)
    other = 1 - match.builder
    match.won[match.builder] = _tiles(builder_lead)
    match.won[other] = []
    return TurnController(match)


def test_easy_thinks_longer_the_further_it_leads_the_person() -> None:
    turn = _turn(4)
    person = 1 - turn.match.builder
    easy = BuilderAI("easy", 1, people=frozenset({person}))
    assert easy.pace(turn) == 1.0 + BUILDER_SKILLS["easy"].ease * 4 > 2.0
    assert BuilderAI("easy", 1, people=frozenset({person})).pace(_turn(0)) == 1.0  # level
    assert BuilderAI("easy", 1).pace(turn) == 1.0  # AIs alone: no person to ease for
    assert BuilderAI("medium", 1, people=frozenset({person})).pace(turn) == 1.0  # Easy only


def test_easing_slows_the_hand_between_blocks() -> None:
    """Ahead by four, its first block is taken later than when level (the same seed)."""
    def first_grab(lead: int) -> int:
        turn = _turn(lead)
        assert turn.building
        ai = BuilderAI("easy", 1, people=frozenset({1 - turn.match.builder}))
        for frame in range(600):
            ai.update(turn)
            if ai.state != "think":
                return frame
        return 600
    assert first_grab(4) > first_grab(0) * 1.8
