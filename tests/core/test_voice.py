"""One voice for every game: a seat named You is spoken to, others about; numbers agree."""

from __future__ import annotations

from game.core.voice import Voice, count, listing, plural


def test_the_lone_human_and_a_seat_named_you_are_spoken_to() -> None:
    v = Voice(["Ana", "Ben", "You"], you=0)
    assert v.says(0, "takes", "take", " the C4") == "You take the C4"
    assert v.says(1, "takes", "take", " the C4") == "Ben takes the C4"
    assert v.says(2, "returns", "return", " to Base") == "You return to Base"
    assert v.poss(1) == "Ben's" and v.poss(2) == "your" and v.Poss(0) == "Your"
    assert v.obj(0) == "you" and v.obj(1) == "Ben"
    assert v.their(1) == "their" and v.own(0) == "your own"


def test_winners_agree_with_how_many_and_who() -> None:
    v = Voice(["Ana", "Ben", "Cleo"], you=1)
    assert v.winners([0]) == "Ana wins"
    assert v.winners([1]) == "You win"
    assert v.winners([0, 1]) == "Ana and you share the win"
    assert v.winners([0, 2], "past") == "Ana and Cleo won"
    assert v.winners([]) == "Nobody wins"


def test_numbers_agree_with_their_nouns() -> None:
    assert count(1, "point") == "1 point"
    assert count(2, "point") == "2 points"
    assert count(0, "planet") == "0 planets"
    assert count(-1, "point") == "-1 point" and count(-2, "point") == "-2 points"
    assert count(2.5, "second") == "2.5 seconds"
    assert plural(1, "die", "dice") == "die" and plural(3, "die", "dice") == "dice"
    assert count(4, "arch") == "4 arches" and count(2, "box") == "2 boxes"  # not "archs"
    assert Voice(["You", "Ben"]).scored(0, 1) == "You score 1 point"
    assert Voice(["You", "Ben"]).scored(1, 3) == "Ben scores 3 points"
    assert listing(["a", "b", "c"]) == "a, b and c"


def test_the_lead_is_said_with_ties_as_ties() -> None:
    """A Tower resume screen read "you lead with 0" at 0-0: a tie reads as one; and a
    stranger could not parse "Round 3, all level at 8": it says so plainly, in points."""
    v = Voice(["Ana", "Ben", "Cleo"], you=0)
    assert v.lead([0, 0, 0]) == "everyone is on 0 points"
    assert v.lead([8, 8, 8]) == "everyone is on 8 points"
    assert v.lead([1, 1, 1]) == "everyone is on 1 point"
    assert v.lead([5, 5, 2]) == "you and Ben are on 5 points each"
    assert v.lead([1, 7, 2]) == "Ben leads with 7 points"
    assert v.lead([9, 7, 2]) == "you lead with 9 points"
    assert v.lead([1, 0, 0]) == "you lead with 1 point"


def test_the_tower_resume_line_says_a_tie_as_one(app: object) -> None:
    from tests.games.tower.test_scene import open_game

    scene = open_game(app, "mouse", "ai:easy")
    assert scene.save_summary().endswith(", everyone is on 0 points")
