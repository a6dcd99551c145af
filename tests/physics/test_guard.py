"""The physics guard refuses every number a world cannot hold, huge ints included."""

from __future__ import annotations

import math

import pytest

from game.physics.guard import NotFiniteError, finite, finite_point, is_finite

HUGE = 10**400  # an int no float can hold: float(HUGE) raises OverflowError


@pytest.mark.parametrize("bad", [math.nan, math.inf, HUGE, -HUGE, "1", None])
def test_guard_refuses_with_its_own_error(bad: object) -> None:
    with pytest.raises(NotFiniteError, match="power must be a finite number"):
        finite("power", 1.0, bad)  # type: ignore[arg-type]
    with pytest.raises(NotFiniteError, match="target"):
        finite_point("target", (bad, 1.0))  # type: ignore[arg-type]
    assert not is_finite(bad)  # type: ignore[arg-type]


def test_guard_message_of_a_huge_int_is_short() -> None:
    with pytest.raises(NotFiniteError) as caught:
        finite("aim", HUGE)
    assert len(str(caught.value)) < 100


def test_guard_accepts_ordinary_numbers() -> None:
    finite("aim", 0, -3, 2.5, 10**300)
    assert finite_point("p", (1, 2.5)) == (1.0, 2.5)
    assert is_finite(1, 2.0)


def test_a_huge_int_never_reaches_the_tower_world() -> None:
    # Imported here: importing a game registers it, and collection must not reorder the catalogue.
    from game.games.tower.rules import Options, new_match
    from game.games.tower.turn import TurnController

    world = TurnController(new_match(Options(players=2), seed=3)).world
    for call, what in [
        (lambda: world.hand.grab((HUGE, 300.0)), "grab point"),
        (lambda: world.catapults.aim(1, HUGE, 0.5), "aim"),
        (lambda: world.catapults.fire(1, 0.5, -HUGE), "fire aim"),
        (lambda: world.advance(HUGE), "elapsed time"),
    ]:
        with pytest.raises(NotFiniteError, match=what):
            call()
    cat = world.catapults[1]
    assert math.isfinite(cat.aim_angle) and math.isfinite(cat.aim_power)
    assert world.dice == {}
