"""A person's win at a card table has its own moment (the kit's, for every card game): the
winner's word, sparks, and confetti for the first seconds; reduced motion keeps the word and
drops the rain; an AI's win gets sparks only."""

from __future__ import annotations

from collections.abc import Callable

from game.core.voice import Voice
from game.tabletop.celebration import CELEBRATE_S, Celebration, win_word
from game.tabletop.effects import Effects


def _now(_delay: float, fn: Callable[[], None]) -> None:
    fn()


def test_the_word_speaks_to_the_winner() -> None:
    voice = Voice(["Ana", "Ben"], you=0)
    assert win_word(voice, [0]) == "YOU WIN!"
    assert win_word(voice, [1]) == "BEN WINS!"
    assert win_word(voice, []) is None


def test_a_persons_win_rains_confetti_for_a_while_then_stops() -> None:
    fx = Effects(False, seed=1)
    cel = Celebration(7, reduced_motion=False)
    cel.begin(fx, _now, "YOU WIN!", (500, 300))
    assert [b.label for b in fx.bursts] == ["YOU WIN!"]
    cel.update(0.1)
    assert cel.confetti.items
    for _ in range(int((CELEBRATE_S + 3) / 0.1)):
        cel.update(0.1)
    assert not cel.confetti.items  # it has all fallen


def test_reduced_motion_keeps_the_word_without_the_rain_and_an_ai_win_has_no_word() -> None:
    fx = Effects(True, seed=1)
    cel = Celebration(7, reduced_motion=True)
    cel.begin(fx, _now, "YOU WIN!", (500, 300))
    cel.update(0.5)
    assert [b.label for b in fx.bursts] == ["YOU WIN!"] and not cel.confetti.items
    fx2 = Effects(False, seed=1)
    quiet = Celebration(7, reduced_motion=False)
    quiet.begin(fx2, _now, None, (500, 300))
    quiet.update(0.5)
    assert fx2.bursts == [] and quiet.since is None and not quiet.confetti.items
