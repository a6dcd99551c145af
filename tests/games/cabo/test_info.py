"""The rules page is written from the engine: every decision it makes is on the page."""

from __future__ import annotations

import re

import pytest

from game.games.cabo import rules as R
from game.games.cabo.info import decision_html, rules_page


def _plain(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_every_engine_decision_is_on_the_rules_page() -> None:
    page = _plain(rules_page())
    assert len(R.DECISIONS) >= 16
    for i, decision in enumerate(R.DECISIONS, 1):
        assert f"{i}. {_plain(decision_html(decision))}" in page, decision[:50]


@pytest.mark.parametrize("phrase", [
    "A discard can be slapped only once",  # a discard slapped once
    "A wrong flip ends the slap",
    "a slap that only earns a penalty does not",  # ...end the flip phase
    "If the draw pile runs out before anyone slaps correctly, play starts with the round's "
    "starter",
    "with no correct slap, play starts the same way",
    "After a Kaboom! a player without cards still takes their last turn",
    "the discard pile except its top card is shuffled",
    "a tie goes to the lowest total including this round",
    "players tied for it all win",
    # a stranger (s31) shed a 30-point King by a wrong slap and could not find the rule
    "the wrongly flipped card stays on the discard pile",
])
def test_the_decisions_the_hand_written_page_left_out(phrase: str) -> None:
    assert phrase in _plain(rules_page())


def test_numbers_on_the_page_are_the_engines() -> None:
    page = _plain(rules_page())
    assert f"-{R.KABOOM_BONUS} minus" in page and f"+{R.KABOOM_PENALTY} plus" in page
    assert f"{R.WRONG_FLIP_PENALTY} penalty cards" in page
    assert f"after {R.OPENING_FLIPS} cards with no correct slap" in page  # the decision's
    assert f"If {R.OPENING_FLIPS} cards go by with no match slapped" in page  # the round's
    assert "Queen 15" in page and "red King 0" in page and "Joker -1" in page
    assert "7 or 8: look at one of your own cards" in page
    assert "`" not in page and "\n" not in rules_page()


def test_the_rules_page_names_the_slap_keys_of_the_bindings() -> None:
    """The controls' words come from the input layer: the defaults without an app, the
    player's bindings on the How to play screen."""
    page = _plain(rules_page())
    assert "LEFT SHIFT, RIGHT SHIFT, X on a gamepad" in page
    assert "or click the discard pile" in page
    rebound = {("keys1", "primary"): "G", ("keys2", "primary"): "K"}
    page = _plain(rules_page(lambda device, control: rebound.get((device, control), "?")))
    assert "(G, K, ? on a gamepad)" in page


def test_how_to_play_asks_the_page_with_the_players_words(app: object) -> None:
    from game.app import catalogue
    from game.app.headless import HeadlessDriver
    from game.app.menus.howto import HowToScene

    asked: list[object] = []
    info = catalogue.get("cabo")
    assert info is not None
    real = info.rules_page
    def page(word: object = None) -> str:
        asked.append(word)
        return real(word)  # type: ignore[arg-type]

    object.__setattr__(info, "rules_page", page)
    try:
        scene = HowToScene(app, "cabo")  # type: ignore[arg-type]
        HeadlessDriver(app, scene).step()  # type: ignore[arg-type]
    finally:
        object.__setattr__(info, "rules_page", real)
    assert asked and asked[0] == app.input.word_for  # type: ignore[attr-defined]


def test_the_first_tips_say_when_to_call_kaboom_in_the_rulebooks_words() -> None:
    """A first-timer had nothing to judge the call by: the coach says it in the rulebook's
    words ("once a player thinks they may have the score closest to zero") and points at the
    line by their cards."""
    from game.games.cabo import INFO, first_tips_for

    for tips in (INFO.first_tips, first_tips_for("mouse", lambda d, c: c)):
        kaboom = next(t for t in tips if "call Kaboom!" in t)
        assert kaboom.startswith("Once you think your total is the closest to zero")
        assert "line by your cards" in kaboom


def test_the_slap_timing_paragraph_is_short_sentences_with_an_example() -> None:
    """Strangers found the slap-timing paragraph hard to read (one 50-word sentence): it is
    short plain sentences, with an example whose words are the table's own."""
    from game.games.cabo.slaps import SLAP_GRACE

    page = _plain(rules_page())
    start = page.index("When to slap.")
    para = page[start:page.index("Kaboom!", start)]
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"])", para) if s.strip()]
    assert len(sentences) >= 6
    assert max(len(s.split()) for s in sentences) <= 20, max(sentences, key=len)
    seven = R.Card(7, "S").rank_name  # the scene says "Too late: the {rank_name} is covered"
    assert "For example:" in para and f'"Too late: the {seven} is covered"' in para
    assert f"For {SLAP_GRACE:g} s" in para and f"({R.DEFAULT_SLAP_WINDOW:g} s" in para
    assert "too late, and it costs nothing" in para


def test_the_first_tips_scoring_example_is_the_rules_own() -> None:
    """Two strangers stumbled on "you score -5 less your card total (a 3 scores -8)": the tip
    says it plainly, and its figures are what the scoring gives a Kaboomer whose cards are
    worth 3, closest and then beaten."""
    from game.games.cabo import INFO
    from game.games.cabo.rules.scoring import score_round

    tip = next(t for t in INFO.first_tips if "plus your total" in t)  # (tips come one by one)
    assert "less your" not in tip
    made = score_round([3, 9], 0)[0]
    missed = score_round([3, 1], 0)[0]
    assert f"a hand of 3 counts -3, plus a -5 bonus = {made}" in tip, tip  # the sheet's form
    assert f"+10 plus your total ({missed})" in tip, tip


def test_the_first_tips_say_the_opening_plainly_and_name_the_eye_marks() -> None:
    """"The table turning cards off the pile by itself, one per seat, until someone slaps"
    confused a stranger: the opening is said plainly, and the eyes that mark seen cards are
    named (he never found out what they were)."""
    from game.games.cabo import first_tips_for

    for device in ("mouse", "keys1"):
        tips = first_tips_for(device, lambda d, c: c.upper())
        said = " ".join(tips)
        assert "Before the first turn, cards are turned up from the draw pile one by one" in said
        assert "matches a card you have seen, slap it" in said
        assert "by itself" not in said and "one per seat" not in said
        assert "An eye marks each card you have seen" in said
        assert "LOOK+SWAP" not in said  # the King's tag is an eye and SWAP now


def test_the_lobbys_rounds_help_names_every_value_it_steps_through() -> None:
    """The Rounds option steps 1 -> 3 -> 5 -> 10 without a word (a stranger thought he had
    picked 2): its help says which values there are."""
    from game.games.cabo import INFO

    rounds = next(o for o in INFO.options if o.key == "rounds")
    assert rounds.help.startswith("1, 3, 5 or 10 rounds in a game;"), rounds.help
    assert ", ".join(str(c) for c in rounds.choices[:-1]) + f" or {rounds.choices[-1]}" \
        in rounds.help
