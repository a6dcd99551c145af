"""Cabo's slap windows (`game.games.cabo.slaps`): the one arbitration simulate, demos and the
table use, on the shared reaction window."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.presenter import PlatedWord
from game.games.cabo.sim import simulate_match
from game.games.cabo.slaps import ACTION_TIME, SlapWindows, next_action

GRIDS = [["7H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"],
         ["7S", "3C", "4C", "5C"]]


class FakeBot:
    """A seat that slaps after a fixed delay, and records what it was asked."""

    needs_legal = False

    def __init__(self, seat: int, delay: float | None, choice: R.Action | None = None) -> None:
        self.seat, self.delay, self.choice = seat, delay, choice
        self.looks = 0
        self.chose = 0

    def react(self, obs: Any) -> R.Slap | None:
        self.looks += 1
        return None if self.delay is None or self.looks > 1 else R.Slap(self.seat, self.delay)

    def choose(self, obs: Any) -> R.Action:
        self.chose += 1
        assert self.choice is not None
        return self.choice


def slappable(turn: int = 2) -> R.CaboState:
    """The 7 of clubs was just discarded by seat 1; seats 0, 1 and 3 hold a seven."""
    return R.CaboState.from_layout(GRIDS, discard=["7C"], draw=["9H", "9S"], phase=R.Phase.TURN,
                                   turn=turn, window=True, window_from=1,
                                   seen={0: [(0, 0)], 1: [(1, 0)], 3: [(3, 0)]})


def test_ties_follow_rule_6_clockwise_from_the_discarder() -> None:
    st = slappable()
    bots: dict[int, Any] = {0: FakeBot(0, 0.4), 1: FakeBot(1, 0.9), 3: FakeBot(3, 0.4)}
    slaps = SlapWindows()
    slaps.ask(st, bots)
    won = slaps.due(st)
    assert won == R.Slap(3, 0.4)
    assert won == R.first_slap([R.Slap(0, 0.4), R.Slap(3, 0.4)], st.window_from, st.players)


def test_a_slap_lands_before_the_next_decision_only_when_quick_enough() -> None:
    st = slappable()
    slow = FakeBot(3, 0.8)
    drawer = FakeBot(2, None, R.Draw(2))
    bots: dict[int, Any] = {2: drawer, 3: slow}
    slaps = SlapWindows()
    slaps.ask(st, bots)
    assert slaps.due(st) is None  # 0.8 s is after the next decision (ACTION_TIME)
    assert ACTION_TIME < 0.8 < st.options.slap_window
    assert slaps.due(st, closing=True) == R.Slap(3, 0.8)  # but before the draw ends the window
    assert next_action(st, bots, slaps) == R.Slap(3, 0.8)
    assert drawer.chose == 1


def test_a_quick_slap_comes_before_the_decision_is_even_made() -> None:
    st = slappable()
    drawer = FakeBot(2, None, R.Draw(2))
    bots: dict[int, Any] = {2: drawer, 0: FakeBot(0, 0.3)}
    assert next_action(st, bots, SlapWindows()) == R.Slap(0, 0.3)
    assert drawer.chose == 0


def test_seats_look_once_per_move_and_the_kaboomer_never() -> None:
    st = slappable()
    st.kaboomer = 3
    quiet = FakeBot(0, None)
    caller = FakeBot(3, 0.1)
    slaps = SlapWindows()
    for _ in range(3):
        slaps.ask(st, {0: quiet, 3: caller})
    assert quiet.looks == 1 and caller.looks == 0
    assert slaps.due(st, closing=True) is None


def test_the_table_clock_shows_a_due_slap_after_its_delay() -> None:
    st = slappable()
    slaps = SlapWindows()
    slaps.ask(st, {0: FakeBot(0, 0.45)}, clock=10.0)
    assert slaps.on_screen(st, 10.4, humans=False) is None
    assert slaps.on_screen(st, 10.45, humans=False) == R.Slap(0, 0.45)
    late = SlapWindows()
    st2 = slappable()
    late.ask(st2, {0: FakeBot(0, 1.2)}, clock=0.0)
    assert late.on_screen(st2, 1.3, humans=False) is None  # waits for the next decision
    assert late.on_screen(st2, 1.3, humans=True) == R.Slap(0, 1.2)  # races a human's slap


def test_a_new_discard_opens_a_new_window() -> None:
    st = slappable()
    slaps = SlapWindows()
    first = slaps.current(st)
    assert first is not None and first.key == st.window_id and first.now == 0.0
    st.move += 2  # two decisions made in the same window
    same = slaps.current(st)
    assert same is first and same.now == 2 * ACTION_TIME
    st.window_id = st.move
    assert slaps.current(st) is not first
    st.window = False
    assert slaps.current(st) is None and slaps.due(st) is None


def test_simulated_matches_are_deterministic_per_seed() -> None:
    a = simulate_match(["hard", "medium", "easy"], 5, {"rounds": 2})
    b = simulate_match(["hard", "medium", "easy"], 5, {"rounds": 2})
    assert {k: v for k, v in a.items() if k != "seconds"} == \
        {k: v for k, v in b.items() if k != "seconds"}


def test_a_slaps_verdict_names_the_card_it_was_judged_against(app: Any,
                                                              driver: HeadlessDriver) -> None:
    """A wrong flip after a slap says, in the banner, what was flipped, which card the slap
    was on and what it cost (a stranger could not tell which card his slap had been judged
    against); a right one says it matched."""
    from tests.games.cabo.test_scene_table import slappable

    scene = slappable(app, driver, ["mouse", "easy", "easy"])
    driver.run(40)
    assert scene.slap(0)
    driver.run(40)
    scene.human_act(R.SlapFlip(0, R.Pos(0, 1)))  # not the 7 it knows
    said = []
    words_shown: set[str] = set()
    for _ in range(120):
        driver.step()
        if scene.presenter.banner is not None:
            said.append(scene.presenter.banner[0])
        words_shown |= {f.label for f in scene.presenter.effects.floats
                        if isinstance(f, PlatedWord)}
    wrong = "You flipped the 3 of spades: not a 7. It goes on the pile, and you take 2 penalty " \
        "cards!"
    assert wrong in said, said
    # ...and said once: no "No match!" and "+2 penalty cards" rising beside the banner, and
    # one line of the log (a stranger saw four messages at once for one wrong slap)
    assert not {w for w in words_shown if "match" in w.lower() or "penalty" in w}, words_shown
    told = [t for t in scene.presenter.log.texts() if "penalty" in t]
    assert told == ["You flipped your own top-right card: the 3 of spades. No match: your 3 goes "
                    "on the pile, and you take 2 penalty cards."], told


def test_slap_verdict_words() -> None:
    from game.games.cabo.words import Voice

    voice = Voice(["Ana", "Ben"], 0)
    king, four = R.card("KS"), R.card("4C")
    assert voice.slap_verdict(1, four, king, False) == \
        "Ben flipped the 4 of clubs: not a King. It goes on the pile, and Ben takes 2 penalty " \
        "cards!"
    assert voice.slap_verdict(0, R.card("KH"), king, True) == \
        "You flipped the King of hearts: a match for the King!"


def test_a_wrong_flip_says_its_whole_result_in_one_line() -> None:
    """A stranger read "no match: 2 penalty cards" after his wrong slap: the line says where
    the flipped card goes (the discard pile, as the rules have it) and who takes the penalty,
    in the voice of a seat named You."""
    from game.games.cabo.words import Voice

    ten = R.card("TH")
    st = R.CaboState.from_layout([["TH", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"]],
                                 discard=["7C"], phase=R.Phase.TURN, turn=1, window=True,
                                 window_from=0)
    st.must_apply(R.Slap(0, 0.5))
    st.must_apply(R.SlapFlip(0, R.Pos(0, 0)))
    assert st.discard[-1] == ten  # the rules: the wrong card is on the pile
    (flip,) = [e for e in st.events if isinstance(e, R.SlapFlipped)]
    you = Voice(["You", "Ben"])
    assert you.describe(flip) == ("You flipped your own top-left card: the 10 of hearts. No "
                                  "match: your 10 goes on the pile, and you take 2 penalty "
                                  "cards.")
    assert Voice(["Ana", "Ben"]).wrong_flip(1, R.Pos(0, 0), ten) == \
        "No match: Ana's 10 goes on the pile, and Ben takes 2 penalty cards"
