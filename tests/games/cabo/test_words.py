"""Every message at the Kaboom! cards table reads well whatever the names: "You", "Alex", "Zoë".

A lone human is spoken to ("Your turn", "You flip first", "Ben looked at your top-left card");
everyone else is spoken about; articles agree with what follows ("an 8", "an Ace").
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo import words
from game.games.cabo.words import Voice
from tests.games.cabo.scene_helpers import HumanHands, make_setup, open_table

NAMES = ("You", "Alex", "Zoë")
VERBS = ("flips|is|has|takes|peeks|slaps|wins|looks|draws|discards|calls|gives|swaps|keeps|"
         "was|does")
BAD = (
    re.compile(r"\b[Yy]ou's\b"),  # "You's turn"
    re.compile(rf"\b[Yy]ou (?:{VERBS})\b"),  # "You flips first"
    re.compile(r"(?<!and )\b(?:Alex|Zoë|Ben|Cleo) (?:flip|peek|take|slap|win|look|have|are)\b"),
    re.compile(r"\b[Aa] (?:8|Ace|11|18)\b"),  # "Know a 8?"
    re.compile(r"^(?:You|Your)\b[^.:]*\btheir own\b"),  # "You looked at their own card"
    re.compile(r"^(?:You|you), [Yy]our\b"),  # "You, your turn" (not "... to you, unseen")
    # "the pile" alone: which? (a stranger could not tell the draw pile from the discard pile)
    re.compile(r"(?<![Dd]raw )(?<![Dd]iscard )\bpile\b"),
)


def bad(line: str) -> list[str]:
    return [p.pattern for p in BAD if p.search(line)]


def sample_events() -> list[R.Event]:
    """One event of every kind that has words, about seats 0 (the human) and 1."""
    p = R.Pos
    c = R.card
    return [
        R.RoundStarted(1, 0), R.Dealt(1, (4, 4)), R.Peeked(0, p(0, 2), c("8S"), "start"),
        R.Peeked(1, p(0, 0), None, "peek_other"), R.Peeked(0, p(0, 1), None, "peek_own"),
        R.Flipped(0, c("8D")), R.Reshuffled(12), R.Drew(0, None),
        R.Discarded(0, c("7H"), True), R.Discarded(1, c("AS"), False),
        R.Replaced(0, 2, None, c("8C")), R.PowerUsed(0, R.Power.VISIBLE_SWAP, (p(0, 1), p(1, 0))),
        R.Swapped(1, p(1, 0), p(0, 3), True), R.KingDecided(0, True), R.KingDecided(1, False),
        R.SlapAttempt(0, 0.4, c("8H")), R.SlapFlipped(0, p(1, 2), c("8S"), True),
        R.Gave(0, 3, p(1, 2)), R.Penalty(0, (4,), None, "stopped without flipping"),
        R.Penalty(1, (4, 5), None, "a wrong flip"), R.KaboomCalled(0, False),
        R.KaboomCalled(1, True), R.TurnStarted(0, False), R.TurnStarted(1, True),
        R.RoundEnded(1, ((), ()), (3, 9), (3, 9), (3, 9), None, (0,), 0),
        R.RoundEnded(1, ((), ()), (3, 3), (3, 3), (3, 3), None, (0, 1), 0),
        R.GameEnded((3, 9), (0,)), R.GameEnded((3, 3), (1, 0)),
    ]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("you", [0, None])
def test_every_log_line_reads_well(name: str, you: int | None) -> None:
    voice = Voice([name, "Ben"], you)
    lines = [voice.describe(e) for e in sample_events()]
    lines += [voice.turn(0), voice.eyes_only(0), voice.slap_banner(0, R.card("8S")),
              voice.power_banner(0, R.Power.PEEK_OWN), f"{voice.winners([0])} the game!",
              f"{voice.winners([1, 0])} the game!", voice.place(R.Pos(0, 1), actor=1)]
    told = [ln for ln in lines if ln]
    assert len(told) > 25
    for line in told:
        assert not bad(line), (name, you, line, bad(line))


def test_a_lone_human_is_spoken_to() -> None:
    for name in NAMES:
        voice = Voice([name, "Ben"], you=0)
        assert voice.describe(R.RoundStarted(1, 0)) == "Round 1 begins: You flip first."
        assert voice.describe(R.Peeked(1, R.Pos(0, 0), None, "peek_other")) == \
            "Ben looked at your top-left card."
        assert voice.describe(R.TurnStarted(0, False)) == "Your turn"
        assert voice.describe(R.TurnStarted(1, True)) == "Ben's last turn"
        assert voice.eyes_only(0) == "For your eyes only"
        assert voice.describe(R.GameEnded((3, 9), (0,))) == "Game over: You win with 3 points."
        # the table turns the opening cards: nobody "flipped" one (a stranger read "You
        # flipped the 7 of hearts" when he had done nothing)
        assert voice.describe(R.Flipped(0, R.card("7H"))) == \
            "The 7 of hearts turns over for you."
        assert voice.describe(R.Flipped(1, R.card("7H"))) == \
            "The 7 of hearts turns over for Ben."


def test_others_are_spoken_about_and_a_you_name_is_still_grammatical() -> None:
    couch = Voice(["Alex", "Zoë", "You"])
    assert couch.describe(R.RoundStarted(2, 1)) == "Round 2 begins: Zoë flips first."
    assert couch.describe(R.RoundStarted(2, 2)) == "Round 2 begins: You flip first."
    assert couch.describe(R.Peeked(0, R.Pos(1, 3), None, "peek_other")) == \
        "Alex looked at Zoë's bottom-right card."
    assert couch.describe(R.Peeked(0, R.Pos(2, 3), None, "peek_other")) == \
        "Alex looked at your bottom-right card."
    assert couch.turn(1) == "Zoë's turn" and couch.turn(2) == "Your turn"
    assert couch.describe(R.Peeked(0, R.Pos(0, 2), None, "start")) == \
        "Alex peeks at their two bottom cards."
    assert couch.describe(R.GameEnded((3, 3, 3), (0, 2))) == \
        "Game over: Alex and you share the win with 3 points."


def test_articles() -> None:
    assert [words.a_or_an(r) for r in ("8", "Ace", "7", "King", "Jack", "11", "Joker")] == \
        ["an 8", "an Ace", "a 7", "a King", "a Jack", "an 11", "a Joker"]


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_round_at_the_table_reads_well(app: Any, driver: HeadlessDriver,
                                               name: str) -> None:
    """Every prompt, banner, log line and tag a lone human sees over a round, named `name`."""
    setup = make_setup(["mouse", "hard", "medium"], seed=5, rounds=1)
    setup.seats[0].name = name
    scene = open_table(app, driver, setup, speed=20.0)
    hands = HumanHands(app, driver, scene)
    seen: set[str] = set()

    def collect() -> None:
        seen.add(scene.prompt_line())
        if scene.presenter.banner is not None:
            seen.add(scene.presenter.banner[0])

    hands.frames_check.append(collect)
    hands.play()
    seen.update(scene.presenter.log.texts())
    # (the draw, or its wait: a press in the wait is queued, so a quick hand may never see
    # "draw a card")
    assert any(s.startswith("Your turn: draw") for s in seen), sorted(seen)
    assert any(s.startswith("Ben is ") for s in seen)
    for line in seen:
        assert not bad(line), (name, line, bad(line))


def test_couch_players_are_named_and_the_look_words_agree(app: Any,
                                                             driver: HeadlessDriver) -> None:
    setup = make_setup(["mouse", "keys1", "medium"], seed=8, rounds=1)
    setup.seats[0].name, setup.seats[1].name = "You", "Zoë"
    scene = open_table(app, driver, setup, speed=20.0)
    hands = HumanHands(app, driver, scene)
    seen: set[str] = set()
    tags: set[str] = set()

    def collect() -> None:
        seen.add(scene.prompt_line())
        for sec in scene.presenter.secrets:
            if sec.sprite.showing_face:
                tags.add(scene.voice.eyes_only(sec.seat))

    hands.frames_check.append(collect)
    hands.play()
    seen.update(scene.presenter.log.texts())
    assert {"For your eyes only", "For Zoë's eyes only"} <= tags
    assert any(s.startswith("Zoë, your turn") for s in seen), sorted(seen)
    assert any(s.startswith("Your turn") for s in seen)
    for line in seen | tags:
        assert not bad(line), (line, bad(line))


def _ended(card_totals: tuple[int, ...], kaboomer: int, empty: bool = False) -> R.RoundEnded:
    """A round's end as the rules write it (scores by the rulebook's Kaboom! rules)."""
    from game.games.cabo.rules.scoring import round_winners, score_round

    scores = tuple(score_round(card_totals, kaboomer))
    hands = tuple(() if empty and p == kaboomer else (R.card("AS"),)
                  for p in range(len(card_totals)))
    return R.RoundEnded(3, hands, card_totals, scores, scores, kaboomer,
                        round_winners(card_totals), 0)


def test_the_end_of_a_round_is_one_story_that_agrees_with_the_scores() -> None:
    you, others = Voice(["Ana", "Ben", "Cleo"], 0), Voice(["Ana", "Ben", "Cleo"])
    made = _ended((3, 9, 5), 0)
    assert words.kaboom_made(made) and words.round_best(made) == (0,)
    assert you.round_story(made) == (
        "You called Kaboom! and were closest to zero with cards worth 3. Kaboom! worked: a "
        "hand of 3 counts -3, plus a -5 bonus = -8. Everyone else scores their cards.")
    jokers = _ended((-2, 9, 5), 0)  # cards worth -2: still 2 from zero, never "-5 - -2"
    assert you.round_story(jokers).endswith("Kaboom! worked: a hand of -2 counts -2, plus a -5 "
                                            "bonus = -7. Everyone else scores their cards.")
    assert you.score_why(jokers, 0) == "Kaboom! worked: a hand of -2 counts -2, plus a -5 " \
        "bonus = -7"
    closer = _ended((3, 0, 5), 0)  # rule 2: someone closer
    assert words.kaboom_made(closer) is False and words.round_best(closer) == (1,)
    assert others.round_story(closer) == (
        "Ana called Kaboom! with cards worth 3, but Ben was closer to zero with 0. Kaboom! "
        "missed: a hand of 3 counts +3, plus a +10 penalty = 13.")
    tie = _ended((-1, 1, 5), 0)  # rule 3: a tie is a miss, and the caller is not the best
    assert tie.winners == (0, 1) and words.round_best(tie) == (1,)
    assert you.round_story(tie) == (
        "You called Kaboom! with cards worth -1, but Ben tied you with 1, and a tie is a "
        "miss. Kaboom! missed: a hand of -1 counts +1, plus a +10 penalty = 11.")
    auto = _ended((0, 0, 0), 1, empty=True)
    assert words.auto_kaboom(auto) and words.round_best(auto) == (0, 2)
    assert you.round_story(auto).startswith(
        "Ben had no cards left (an automatic Kaboom!), but you and Cleo tied Ben with 0 each")
    for story in (you.round_story(e) for e in (made, closer, tie, auto)):
        assert not bad(story), story
    assert you.game_won([0]) == "You win the game!"
    assert others.game_won([1, 0]) == "Ben and Ana share the win!"


def test_cards_are_named_where_they_lie_in_a_grown_grid() -> None:
    """A grid grows a column at a time beside the dealt 2x2 (penalty cards): a card is named
    by where a player sees it (a stranger read "bottom-right" for the middle of three)."""
    from game.games.cabo.words import slot_name

    assert [slot_name(s) for s in range(4)] == [
        "top-left card", "top-right card", "bottom-left card", "bottom-right card"]
    # growing right: the dealt right column is now the middle one
    # a penalty card is named by its place in the hand, never a corner (a stranger's log
    # said "top-right" for his penalty card and he looked at his dealt top-right one)
    assert [slot_name(s, (6, 1)) for s in (0, 1, 3, 4, 5)] == [
        "top-left card", "top-middle card", "bottom-middle card", "5th card", "6th card"]
    # growing left: the dealt left column is the middle one, the new cards on the left
    assert [slot_name(s, (6, -1)) for s in (0, 1, 2, 4)] == [
        "top-middle card", "top-right card", "bottom-middle card", "5th card"]
    assert slot_name(7, (8, 1)) == "8th card"
    assert slot_name(1, (8, 1)) == "top card, second from the left"
    assert slot_name(4, (8, -1)) == "5th card"


def test_the_log_names_a_card_where_the_table_draws_it(app: Any,
                                                       driver: HeadlessDriver) -> None:
    """The voice of a table whose home grid has grown to six names its places as drawn."""
    from tests.games.cabo.test_scene_table import table

    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.TURN, turn=0)
    scene.presenter.grids[0].extend([None, None])  # two penalty places
    assert scene.grid_shape(0)[0] == 6
    top_row = sorted((scene.presenter.xy(0, slot)[0], slot) for slot in (0, 1, 4))
    names = [scene.voice.place(R.Pos(0, slot)) for _x, slot in top_row]
    assert names == ["your top-left card", "your top-middle card", "your 5th card"]


def test_a_missed_kaboom_on_a_plate_never_runs_into_the_total() -> None:
    import pygame

    from game.games.cabo import hud
    from game.games.cabo.layout import PLATE_W
    from game.ui import text, theme

    pygame.init()
    boxes: list[tuple[str, pygame.Rect]] = []

    class Seen:
        def text(self, surface: object, rect: pygame.Rect, label: str, img: object) -> None:
            boxes.append((label, pygame.Rect(rect)))

        def panel(self, surface: object, rect: object) -> None:
            pass

        def rendered(self, img: object, label: str) -> None:
            pass

    for scale in (1.0, 1.2):  # normal and larger text
        boxes.clear()
        text.set_scale(scale)
        text.observe(Seen())
        try:
            img = hud.plate_surface("You", "Mouse", (230, 80, 60), "circle", 38, PLATE_W, 44,
                                    True, False, "missed! +46", theme.BLAST)
            total_w = text.render("38", 22, theme.SPARK, True).get_width()
        finally:
            text.observe(None)
            text.set_scale(1.0)
        said = [(label, r) for label, r in boxes if label.endswith("+46")]
        assert said, boxes
        total_left = img.get_width() - 10 - 26 - total_w
        assert all(r.right <= total_left for _, r in said), (scale, said, total_left)


def test_each_seats_round_score_is_explained_in_words() -> None:
    """The round's scores say how each seat's score came (from the rules' own scoring): a
    stranger thought the Kaboom! caller's score wrong when only the number showed."""
    voice = Voice(["Ana", "Ben", "Dev"], 0)
    ok = _ended((3, 5, 8), 0)
    assert voice.score_why(ok, 0) == "Kaboom! worked: a hand of 3 counts -3, plus a -5 bonus = -8"
    assert voice.score_why(ok, 1) == "cards add up to 5"
    closer = _ended((3, 1, 8), 0)
    assert voice.score_why(closer, 0) == \
        "Kaboom! missed (Ben was closer): a hand of 3 counts +3, plus a +10 penalty = 13"
    assert voice.score_why(closer, 1) == "cards add up to 1, closest to zero"
    tie = _ended((-1, 1, 8), 0)
    assert voice.score_why(tie, 0) == ("Kaboom! missed (a tie is a miss): a hand of -1 counts "
                                       "+1, plus a +10 penalty = 11")
    assert Voice(["Ana", "Ben", "Dev"], 1).score_why(closer, 0) == \
        "Kaboom! missed (you were closer): a hand of 3 counts +3, plus a +10 penalty = 13"
    far = _ended((11, 14, 12), 0)  # a playtest: a made call at 11 scored -16 "backwards"
    assert voice.score_why(far, 0) == \
        "Kaboom! worked: a hand of 11 counts -11, plus a -5 bonus = -16"
    # a playtest: a winning caller who had 14 came out with -19, which read backwards
    fourteen = _ended((14, 15, 20), 0)
    assert fourteen.scores[0] == -19  # the rulebook's rule, kept
    assert voice.score_why(fourteen, 0) == \
        "Kaboom! worked: a hand of 14 counts -14, plus a -5 bonus = -19"
    auto = _ended((0, 3, 8), 0, empty=True)
    assert voice.score_why(auto, 0) == "Kaboom! worked: no cards left, plus a -5 bonus = -5"
    for ev in (ok, closer, tie, far, fourteen, auto):  # the words' sum is the rules' score
        k = voice.score_why(ev, 0)
        assert k.endswith(f"= {ev.scores[0]}")
        # the score pad and the moves say it in one sentence
        assert k.split(": ", 1)[1] in voice.round_story(ev), (k, voice.round_story(ev))


def test_the_log_tells_a_turn_in_few_words(app: Any, driver: HeadlessDriver) -> None:
    """A stranger found the log wordy: a swap is one short line, and the draw every turn
    starts with is not a line of its own (the next line says what came of it)."""
    voice = Voice(["Ana", "Ben"], 0)
    assert voice.describe(R.Replaced(1, 2, None, R.card("TC"))) == \
        "Ben swapped out their bottom-left card: the 10 of clubs went to the discard pile."
    scene = open_table(app, driver, make_setup(["hard", "hard"], seed=4, rounds=1),
                       speed=30.0)
    driver.run_until(lambda: any(isinstance(e, R.Replaced | R.Discarded)
                                 for e in scene.state.events[-3:]), 3000)
    driver.run(30)
    lines = [line.text for line in scene.presenter.log.lines]
    assert any("turn" in t for t in lines), lines
    assert not any("drew a card" in t for t in lines), lines


def test_a_plate_after_the_reveal_says_the_hands_total_not_a_count_of_cards() -> None:
    """"cards: 5" read as five cards to a stranger; it is the points the cards add up to."""
    from game.games.cabo.hud import result_line

    assert result_line(5, 5, False, False)[0] == "total: 5"
    assert result_line(-1, -1, False, True)[0] == "closest: -1"
    assert result_line(3, -22, True, True)[0] == "Kaboom! -22"


def test_the_log_markers_take_the_seats_colours_again_after_the_palette_changes(
        app: Any, driver: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger switched on the colour-blind palette mid-match: the older log lines kept the
    old yellow marker beside new magenta ones."""
    from tests.games.cabo.scene_helpers import make_setup, open_table

    scene = open_table(app, driver, make_setup(["mouse", "easy"]))
    log = scene.presenter.log
    log.add("Ben discarded the 6 of clubs.", marker=(scene.shapes[1], scene.colours[1]))
    new = [(10, 20, 30), (40, 50, 60)]
    monkeypatch.setattr(app, "seat_colour", lambda i, name: new[i])
    assert scene.refresh_identity()
    marked = [ln.marker for ln in log.lines if ln.marker is not None]
    assert marked and all(m[1] == new[scene.shapes.index(m[0])] for m in marked)


def test_a_peek_banner_says_whose_cards_are_looked_at() -> None:
    """'Ben: peek at one of your cards!' over an AI's own peek read as the player's cards being
    looked at."""
    voice = Voice(["You", "Ben"], you=0)
    assert voice.power_banner(1, R.Power.PEEK_OWN) == "Ben: peek at one of their own cards!"
    assert voice.power_banner(0, R.Power.PEEK_OWN) == "You: peek at one of your own cards!"
    assert voice.power_banner(1, R.Power.BLIND_SWAP) == "Ben: blind swap!"


def test_the_first_tips_show_a_calls_score_as_the_score_sheet_does() -> None:
    """"Your round scores -5 minus your total (cards worth 3 score -8)" was hard to parse: the
    tip works an example in the score sheet's own words, and what a call usually has reads as
    advice, not a rule ("usually needs 5 or less" read like one)."""
    from game.games.cabo import first_tips_for
    from game.games.cabo.words import kaboom_sum

    tips = " ".join(first_tips_for("mouse", lambda device, action: "X"))
    assert "minus your total" not in tips and "usually needs" not in tips
    assert kaboom_sum(3, -8, True) in tips
    assert "Kaboom! worked: a hand of 3 counts -3, plus a -5 bonus = -8" in tips
    assert "a good call usually has" in tips.lower() and "any total may call" in tips


def test_a_players_own_high_call_that_missed_ends_with_the_lesson() -> None:
    """A stranger called with 10 against Easy's 3 and lost: the story says why a call needs a
    low total, to the caller only and only after a high call."""
    you, others = Voice(["Ana", "Ben", "Cleo"], 0), Voice(["Ana", "Ben", "Cleo"])
    high = _ended((10, 3, 7), 0)
    assert you.round_story(high) == (
        "You called Kaboom! with cards worth 10, but Ben was closer to zero with 3. Kaboom! "
        "missed: a hand of 10 counts +10, plus a +10 penalty = 20. A call pays off only with "
        "a low total.")
    assert "low total" not in others.round_story(high)
    assert "low total" not in you.round_story(_ended((4, 3, 7), 0))  # a low call, just beaten


def test_every_dealt_card_is_named_where_its_row_draws_it() -> None:
    """Every grid size a penalty makes (4 to 8 places), growing either way: each dealt card's
    name says where it lies in its row as the table draws it (a 5th card lies in the top row
    only, and the log called the dealt bottom-right card, still the bottom row's right end,
    "bottom-middle")."""
    import pygame

    from game.games.cabo.layout import TableLayout
    from game.games.cabo.words import _NTH, slot_name

    pygame.init()
    checked = set()
    for n in (2, 3, 4, 5, 6):
        lay = TableLayout(n)
        for seat in range(n):
            grow = lay.spots[seat].grow
            for count in range(4, 9):
                for slot in range(4):
                    x, y = lay.slot_pos(seat, slot, count)
                    row = sorted(lay.slot_pos(seat, s, count)[0] for s in range(count)
                                 if abs(lay.slot_pos(seat, s, count)[1] - y) < 1)
                    i = row.index(x)
                    side = "top" if slot < 2 else "bottom"
                    if i == 0:
                        want = f"{side}-left card"
                    elif i == len(row) - 1:
                        want = f"{side}-right card"
                    elif len(row) == 3:
                        want = f"{side}-middle card"
                    else:
                        want = f"{side} card, {_NTH[i]} from the left"
                    assert slot_name(slot, (count, grow)) == want, (n, seat, count, slot)
                    checked.add((grow, count))
    assert {g for g, _c in checked} == {1, -1}
    assert slot_name(3, (5, 1)) == "bottom-right card"
    assert slot_name(1, (5, 1)) == "top-middle card"


def test_the_round_and_match_goals_read_alike_everywhere() -> None:
    """The rulebook: a round goes to the total closest to zero, the match to the lowest score
    (the pitch said "closest to zero", the tips "the lowest total wins the round")."""
    import re

    from game.games.cabo import INFO, first_tips_for
    from game.games.cabo.info import rules_page

    tips = " ".join(first_tips_for("keys1", lambda d, c: c.upper()))
    page = re.sub(r"<[^>]+>", "", rules_page())
    for words_read in (INFO.pitch, tips, page):
        assert "closest to zero" in words_read
        assert "lowest total wins the round" not in words_read.lower()
    assert "Lowest score wins" in INFO.pitch
    assert "the match to the lowest score" in tips
    assert "the match to the lowest score after the last round" in page
    assert f"a total of 7 scores -7, minus {R.KABOOM_BONUS} for the call: -12" in page
    # the marks on the turned-up cards are explained (a stranger never knew what they were)
    assert "a coloured dot on a card: that player has seen it" in page


def test_the_first_call_that_pays_off_says_how_its_score_came_out() -> None:
    """A successful call with 7 scored -12 and surprised a stranger: the match's first call
    that pays off says "your 7 scores -7, minus 5 for the call: -12"; later ones the sum."""
    from game.games.cabo.words import first_paid_call

    you = Voice(["Ana", "Ben", "Cleo"], 0)
    made = _ended((7, 9, 12), 0)
    assert made.scores[0] == -12
    story = you.round_story(made, explain=True)
    assert "Kaboom! paid off: your 7 scores -7, minus 5 for the call: -12." in story, story
    assert "paid off" not in you.round_story(made)
    assert first_paid_call([made], made)
    earlier = R.RoundEnded(1, made.hands, (2, 9, 12), (-7, 9, 12), (-7, 9, 12), 0, (0,), 0)
    assert not first_paid_call([earlier, made], made)
    missed = R.RoundEnded(1, made.hands, (9, 2, 12), (19, 2, 12), (19, 2, 12), 0, (1,), 0)
    assert first_paid_call([missed, made], made)
    assert not first_paid_call([missed], missed)
