"""Tower's rules in the kit's one shape: legal actions per seat, `apply` returning a refusal,
the table's own moves (timer, closing, the judged table) as actions of the `TABLE` seat."""

from __future__ import annotations

from game.core.moves import Rejected
from game.games.tower import rules as R


def _empty_view(m: R.MatchState) -> R.TableView:
    return R.TableView(tuple(R.TileView(slot, tid, (0.0, 1.0))
                             for slot, tid in enumerate(m.row) if tid is not None))


def test_before_the_timer_only_the_builder_acts_swapping_tiles_or_starting() -> None:
    m = R.new_match(3, seed=4)
    assert m.current_player() == m.builder == 0
    legal = m.legal_actions(0)
    assert legal[-1] == R.StartTurn(0)
    swaps = [a for a in legal if isinstance(a, R.ChooseTile)]
    assert swaps and all(a.slot != R.MEGA_SLOT for a in swaps)
    assert m.legal_actions(1) == [] and m.legal_actions(R.TABLE) == []
    assert isinstance(m.apply(R.StartTurn(1)), Rejected)
    assert m.apply(swaps[0]) is None and m.phase == R.Phase.READY


def test_while_the_sand_runs_the_builder_may_stop_the_saboteurs_fire_the_table_ticks() -> None:
    m = R.new_match(3, seed=4)
    assert m.apply(R.StartTurn(0)) is None
    assert m.current_player() is None
    assert m.legal_actions(0) == [R.EndBuilding(0)]
    assert m.legal_actions(1) == [R.Fire(1)] and m.legal_actions(2) == [R.Fire(2)]
    assert m.legal_actions(R.TABLE)[0] == R.Tick(R.TABLE)
    assert isinstance(m.apply(R.Tick(R.TABLE)), Rejected)  # a template: no time yet
    assert isinstance(m.apply(R.Tick(1, 0.5)), Rejected)  # a player is not the timer
    assert isinstance(m.apply(R.Fire(R.TABLE)), Rejected)  # the table has no hands
    left = m.time_left
    assert m.apply(R.Tick(R.TABLE, 0.5)) is None and m.time_left == left - 0.5
    dice = m.dice_left[1]
    assert m.apply(R.Fire(1)) is None and m.dice_left[1] == dice - 1
    assert m.apply(R.Tick(R.TABLE, m.time_left)) is None and m.phase == R.Phase.SETTLING


def test_the_judged_table_finishes_the_turn_and_its_result_is_kept() -> None:
    m = R.new_match(2, seed=4)
    m.apply(R.StartTurn(0))
    m.apply(R.EndBuilding(0))
    assert m.legal_actions(R.TABLE) == [R.FinishTurn(R.TABLE)]
    why = m.apply(R.FinishTurn(R.TABLE))
    assert isinstance(why, Rejected) and "settled table" in why.reason
    assert m.apply(R.FinishTurn(R.TABLE, _empty_view(m))) is None
    assert m.last_result is not None and m.last_result.points == 0
    assert m.phase == R.Phase.READY and m.builder == 1


def test_the_closing_rule_is_a_table_move_offered_only_when_it_is_on() -> None:
    off = R.new_match(2, seed=4)
    off.apply(R.StartTurn(0))
    assert not any(isinstance(a, R.CloseTile) for a in off.legal_actions(R.TABLE))
    on = R.new_match(R.Options(players=2, closing_rule=True), seed=4)
    on.apply(R.StartTurn(0))
    closes = [a for a in on.legal_actions(R.TABLE) if isinstance(a, R.CloseTile)]
    assert closes and on.apply(closes[0]) is None and closes[0].slot in on.closed
    assert closes[0] not in on.legal_actions(R.TABLE)
