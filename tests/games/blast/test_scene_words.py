"""How the table tells a chain: who attacked whom with what, who answered, what came down; and
that the public log never names a hidden card."""

from __future__ import annotations

from typing import Any

from game.games.blast.demos import _give
from game.games.blast.rules import Defend, MatchState, Options, Play, TakeIt
from game.games.blast.rules.events import Aimed, Drew, Event, Fallout, Inspected, Protested, Stolen
from game.games.blast.words import Voice, walls_phrase

NAMES = ["Ana", "Bo", "Cy", "Di"]


def test_a_chain_reads_as_sentences() -> None:
    m = MatchState(Options(4, first=0), 3)
    _give(m, 0, ["tnt"])
    _give(m, 1, ["oops"])
    _give(m, 2, ["backfire"])
    start = len(m.events)
    for a in (Play(0, "tnt", 1, ("iron_wall",)), Defend(1, "oops", 2), Defend(2, "backfire"),
              TakeIt(1)):
        assert m.apply(a) is None
    voice = Voice(NAMES)
    lines = [ln for e in m.events_for(-1, start) if (ln := voice.describe(e))]
    assert lines[:5] == [
        "Ana fires TNT at Bo (iron wall).",
        "Bo answers with Oops: it flies at Cy.",
        "Cy answers with Backfire: it turns on Bo.",
        "Bo is hit by the TNT.",
        "Bo's iron wall is destroyed.",
    ]
    you = Voice(NAMES, you=1)
    assert you.describe(m.events_for(-1, start)[0]) == "Ana fires TNT at you (iron wall)."


def test_walls_read_naturally() -> None:
    assert walls_phrase(["palisade", "iron_wall"]) == "palisade and iron walls"
    assert walls_phrase(["palisade"] * 4 + ["stone_wall"]) == "four palisades and a stone wall"


def test_a_stolen_card_is_never_named_in_the_log() -> None:
    m = MatchState(Options(3, first=0), 5)
    _give(m, 0, ["spy"])
    start = len(m.events)
    assert m.apply(Play(0, "spy", 1, (), "steal")) is None
    assert m.apply(TakeIt(1)) is None
    stolen = next(e for e in m.events[start:] if isinstance(e, Stolen))
    card = stolen.card
    assert card is not None
    voice = Voice(NAMES)
    lines = [voice.describe(e) or "" for e in m.events_for(-1, start)]
    assert "Ana's Spy takes a card from Bo." in lines
    assert "The Spy gets through to Bo." in lines  # it read 'Bo is hit by the Spy', then
    # 'Bo lets the Spy through' (a choice a person with no answer was never offered)
    from game.games.blast.words import name_of

    drawn = {c for e in m.events[start:] if isinstance(e, Drew) for c in e.cards or ()}
    if card not in drawn:
        assert not any(name_of(card) in ln for ln in lines if "trades" not in ln)


def test_a_seat_named_you_is_spoken_to_even_on_a_couch() -> None:
    from game.games.blast.words import Voice

    v = Voice(["You", "Player 2", "Cleo"], None)
    assert v.says(0, "takes", "take", " the C4") == "You take the C4"
    assert v.poss(0) == "your" and v.says(1, "takes", "take") == "Player 2 takes"


def test_the_one_robbed_by_a_spy_is_told_which_card_on_the_stage() -> None:
    """The log keeps a stolen card secret; the viewer who lost it reads its name in the banner."""
    from game.games.blast.data import TNT
    from tests.ui.layout import open_scene

    app, _driver = open_scene("blast.duel", False)
    scene = app.stack.top
    pr = scene.presenter
    assert pr.viewer == 0 and TNT in pr.hand
    beat = pr._b_stolen(Stolen(turn=0, seat=0, by=1, count=1, origin=1, via="", card=TNT))
    next(beat)
    assert pr.banner is not None and pr.banner[0] == "Ben's Spy takes your TNT"
    assert TNT not in pr.hand


def test_first_tips_name_the_players_device() -> None:
    from game.app.input import default_word
    from game.games.blast import first_tips_for

    assert "point at any card" in first_tips_for("mouse", default_word)[0]
    assert "move to any card with W/A/S/D" in first_tips_for("keys1", default_word)[0]
    assert "stick or d-pad" in first_tips_for("pad0", default_word)[0]


def test_no_seat_says_it_has_no_walls_before_the_walls_go_up(app: Any, driver: Any) -> None:
    from game.games.blast.scene import BlastScene
    from tests.games.blast.scene_helpers import make_setup

    scene = BlastScene(app, make_setup(["mouse", "easy"]), None, speed=4.0)
    app.stack.push(scene)
    app.stack.apply_requests()
    pr = scene.presenter
    assert not pr.walls_up  # the table has opened; the deal's beat has not played yet
    driver.run_until(lambda: pr.walls_up, 600)
    assert all(sv.walls for sv in pr.seats)


def test_a_character_says_what_he_does_and_what_stops_him_where_he_acts() -> None:
    """A stranger lost a wall a turn to the Underminer for ten rounds and nothing said what
    stops him: every dig and the reading panel's note name the Assassin (his arrival says
    what he does, in two lines of the log: a longer one pushed the other moves out)."""
    m = MatchState(Options(3, first=0), 4)
    _give(m, 0, ["underminer"])
    start = len(m.events)
    assert m.apply(Play(0, "underminer")) is None
    wall = m.players[1].walls[0]
    from game.games.blast.rules import Undermine

    assert m.apply(Undermine(0, 1, wall)) is None
    lines = [ln for e in m.events_for(-1, start) if (ln := Voice(NAMES, you=1).describe(e))]
    arrival = next(ln for ln in lines if "brings in The Underminer" in ln)
    assert "every turn" in arrival
    dig = next(ln for ln in lines if "digs under your" in ln)
    assert "Assassin" in dig
    note = Voice(NAMES, you=1).character_note(0, "underminer")
    assert note.startswith("Ana's Underminer") and "Assassin" in note
    assert "button" in Voice(NAMES, you=0).character_note(0, "underminer")


def test_an_upgraded_explosive_says_who_upgraded_it() -> None:
    v = Voice(NAMES, you=1)
    assert v.upgraded(0, "flaming_arrow", 2, "mad_chemist") == \
        "The Mad Chemist makes Ana's Flaming Arrow hit like a Pipe Bomb (a Fizzle or Blast " \
        "Shield still cancels it)."
    assert v.upgraded(1, "c4", 5, "tech") == \
        "Advanced Technology makes your C4 hit like an RPG (a Blast Shield still cancels it)."


def test_the_first_tips_say_what_stops_the_characters() -> None:
    from game.app.input import default_word
    from game.games.blast import first_tips_for

    tip = next(t for t in first_tips_for("mouse", default_word) if "Underminer" in t)
    assert "Assassin" in tip and "Mad Chemist" in tip


def test_the_table_logs_the_mad_chemists_upgrade_where_it_acts() -> None:
    from tests.ui.layout import open_scene

    app, _driver = open_scene("blast.duel", False)
    pr = app.stack.top.presenter
    pr.seats[1].characters.append("mad_chemist")
    beat = pr._b_aimed(Aimed(turn=0, card="flaming_arrow", source=1, target=0, origin=1,
                             power=2, walls=("stone_wall",), mode="", link=0, via=""))
    next(beat)
    assert pr.log.lines[-1].text == "The Mad Chemist makes Ben's Flaming Arrow hit like a Pipe " \
                                    "Bomb (a Fizzle or Blast Shield still cancels it)."


def test_discarded_cards_are_counted_not_repeated() -> None:
    """"Dev discards Pipe Bomb, Pipe Bomb and TNT" read as a list, not as a sentence."""
    from game.games.blast.words import cards_phrase

    assert cards_phrase(["pipe_bomb", "pipe_bomb", "tnt"]) == "two Pipe Bombs and TNT"
    assert cards_phrase(["spy", "spy", "guard"]) == "two Spies and Guard"
    assert cards_phrase(["oops", "oops", "fizzle"]) == "two Oops and Fizzle"  # not "Oopss"
    line = Voice(NAMES).describe(Protested(turn=0, seat=1, by=0,
                                           discarded=("pipe_bomb", "pipe_bomb", "tnt")))
    assert line == "Protests: Bo discards two Pipe Bombs and TNT."


def _lines(m: MatchState, start: int, you: int | None = None) -> list[str]:
    voice = Voice(["Ana", "Ben", "Cleo", "Di"], you=you)
    return [ln for e in m.events_for(-1, start) if (ln := voice.describe(e))]


def _heads(lines: list[str]) -> list[str]:
    """The lines with a knock-out's why cut off (after "out of the game!")."""
    return [ln.split(" out of the game! ")[0] + " out of the game!"
            if " out of the game! " in ln else ln for ln in lines]


def test_a_knock_out_after_an_oops_names_whose_card_it_was_and_who_sent_it_on() -> None:
    """A stranger read 'Your TNT knocks Ben out' after answering Cleo's TNT with an Oops."""
    from tests.games.blast.helpers import ok, table

    m = table(4, hands={2: ["tnt", "spy"], 0: ["oops"]}, walls={1: []})
    m.current = 2
    start = len(m.events)
    ok(m, Play(2, "tnt", 0, ("iron_wall",)), Defend(0, "oops", 1), TakeIt(1))
    lines = _lines(m, start, you=0)
    assert "Cleo's TNT, sent on by your Oops, knocks Ben out of the game!" in _heads(lines)
    assert not any(ln.startswith("Your TNT") for ln in lines)
    assert "Cleo's TNT, sent on by Ana's Oops, knocks Ben out of the game!" \
        in _heads(_lines(m, start))


def test_a_knock_out_by_a_backfire_names_the_card_turned_back_on_its_player() -> None:
    from tests.games.blast.helpers import ok, table

    m = table(3, hands={0: ["pipe_bomb", "spy"], 1: ["backfire", "stone_wall"]}, walls={0: []})
    start = len(m.events)
    ok(m, Play(0, "pipe_bomb", 1, ("palisade",)), Defend(1, "backfire"), TakeIt(0))
    lines = _lines(m, start, you=0)
    at = lines.index("Ben answers with Backfire: it turns on you.")
    assert lines[at + 1] == "You are hit by the Pipe Bomb."
    assert ("Your own Pipe Bomb, turned back by Ben's Backfire, knocks you out of the game!"
            in _heads(_lines(m, start, you=0)))
    assert ("Ana's own Pipe Bomb, turned back by your Backfire, knocks Ana out of the game!"
            in _heads(_lines(m, start, you=1)))


def test_a_plain_knock_out_and_a_blast_shield_read_without_a_redirect() -> None:
    from tests.games.blast.helpers import ok, table

    m = table(3, hands={0: ["tnt", "spy"]}, walls={1: []})
    start = len(m.events)
    ok(m, Play(0, "tnt", 1), TakeIt(1))
    assert "Your TNT knocks Ben out of the game!" in _heads(_lines(m, start, you=0))
    m = table(3, hands={0: ["tnt", "spy"], 1: ["blast_shield"]})
    start = len(m.events)
    ok(m, Play(0, "tnt", 1, ("iron_wall",)), Defend(1, "blast_shield"))
    assert "You answer with Blast Shield: the TNT is cancelled." in _lines(m, start, you=1)


def test_an_oops_refused_against_a_spy_says_an_oops() -> None:
    """The refusal read 'a Oops does not answer a Spy'."""
    from tests.games.blast.helpers import ok, refused, table

    m = table(3, hands={0: ["spy", "tnt"], 1: ["oops", "stone_wall"]})
    ok(m, Play(0, "spy", 1, (), "steal"))
    assert refused(m, Defend(1, "oops", 2)) == "an Oops does not answer a Spy"


DOUBLED = __import__("re").compile(r"[.!?,;:]\s*[.!?,;:]|\s[.!?,;:]|  |\.\.")
"""Punctuation a line should never hold: '!.', '!!', '..', ' .', double spaces."""


def test_no_line_of_a_whole_simulated_match_doubles_its_punctuation() -> None:
    """A stranger read 'Cleo drops the Nuclear Bomb on Ben!.' (and 'Protests: You discard C4'):
    every line of whole matches
    (five seats with a Nuclear Bomb dropped, and three), read by every seat and a watcher."""
    from game.games.blast.sim import play_match, start_match

    seen_nuke = False
    for levels, seed in ((["easy"] * 5, 5), (["medium"] * 5, 1), (["easy", "medium", "easy"], 2)):
        m, ais = start_match(levels, seed)
        play_match(m, ais)
        names = ["Ana", "Ben", "Cleo", "Di", "Eve"][: len(levels)]
        for you in (None, *range(len(levels))):
            voice = Voice(names, you=you)
            for e in m.events_for(-1 if you is None else you):
                line = voice.describe(e)
                if line is None:
                    continue
                assert not DOUBLED.search(line), (e.kind, line)
                assert line[-1] in ".!", (e.kind, line)
                assert ": You " not in line, (e.kind, line)  # 'Protests: you discard...'
                seen_nuke |= "drops the Nuclear Bomb" in line
    assert seen_nuke  # the line that read '!.' was among them


def test_a_sentence_gets_one_closing_mark() -> None:
    from game.games.blast.words import sentence

    assert sentence("Cleo drops the Nuclear Bomb on Ben!") == "Cleo drops the Nuclear Bomb on Ben!"
    assert sentence("Ben passes") == "Ben passes."
    assert sentence("Game over: you win", "!") == "Game over: you win!"
    from game.games.blast.words import after_colon

    assert after_colon("You win") == "you win" and after_colon("Ben wins") == "Ben wins"


def test_fallout_names_whose_walls_went() -> None:
    """It read 'Fallout: Ben loses stone wall.'"""
    v = Voice(["Ana", "Ben", "Cleo"], you=0)
    assert v.describe(Fallout(turn=0, seat=1, walls=("stone_wall",))) == \
        "Fallout: the Nuclear Bomb costs Ben a stone wall."
    assert v.describe(Fallout(turn=0, seat=0, walls=())) == \
        "Fallout: you have no wall to lose."


def _seen_by_seat_0(app: Any, driver: Any, event: Event) -> tuple[Any, str]:
    """A duel's presenter seen from seat 0's screen, and `event`'s line as everyone reads it."""
    from tests.games.blast.scene_helpers import make_setup, open_table

    scene = open_table(app, driver, make_setup(["mouse", "easy"]))
    scene.presenter.viewer = 0
    plain = scene.voice.describe(event)
    assert plain is not None
    return scene.presenter, plain


def test_the_log_names_a_stolen_card_to_its_owner_on_a_screen_of_their_own(
        app: Any, driver: Any) -> None:
    from tests.games.blast.scene_helpers import make_setup, open_table

    stolen = Stolen(turn=0, seat=0, by=1, count=1, origin=1, via="", card="backfire")
    p, plain = _seen_by_seat_0(app, driver, stolen)
    assert plain is not None and "Backfire" not in plain
    named = p._name_what_was_seen(stolen, plain)
    assert named.endswith("(the Backfire).") and named.startswith(plain[:-1])
    p.viewer = 2  # someone else's screen: the card stays secret
    assert p._name_what_was_seen(stolen, plain) == plain
    couch = open_table(app, driver, make_setup(["mouse", "keys1", "easy"]))
    couch.presenter.viewer = 0  # a shared screen: the line keeps it secret
    assert couch.presenter._name_what_was_seen(stolen, plain) == plain


def test_a_weapons_inspector_shows_its_player_the_hand_it_saw(app: Any, driver: Any) -> None:
    """"You see Bo's hand" and nothing else left the player who paid for the look with
    nothing: on a screen of their own the two who saw it read the cards; on a shared couch
    screen, and for anyone else, the line only says that it was seen."""
    from tests.games.blast.scene_helpers import make_setup, open_table

    seen = Inspected(turn=0, seat=1, by=0, discarded=(), hand=("tnt", "c4"))
    p, plain = _seen_by_seat_0(app, driver, seen)
    assert plain is not None and "TNT" not in plain
    named = p._name_what_was_seen(seen, plain)
    assert "hand (TNT and C4)" in named, named
    p.viewer = 2  # someone else's screen
    assert p._name_what_was_seen(seen, plain) == plain
    couch = open_table(app, driver, make_setup(["mouse", "keys1", "easy"]))
    couch.presenter.viewer = 0  # a shared screen: the log outlives the turn, the hand stays
    assert couch.presenter._name_what_was_seen(seen, plain) == plain  # secret


def test_a_card_named_for_the_thief_reads_once_with_its_article() -> None:
    """'Your Spy takes a card from Ben (the The Underminer)': a card whose printed name has
    its own 'The' is named bare after 'the'."""
    from types import SimpleNamespace

    from game.games.blast.data import UNDERMINER
    from game.games.blast.presenter import Presenter
    from game.games.blast.rules.events import Stolen

    me = SimpleNamespace(host=SimpleNamespace(human_count=lambda: 1), viewer=0)
    e = Stolen(seat=1, by=0, count=1, origin=0, via="spy", card=UNDERMINER, turn=3)
    line = Presenter._name_what_was_seen(me, e, "Your Spy takes a card from Ben.")  # type: ignore[arg-type]
    assert line == "Your Spy takes a card from Ben (the Underminer)."


def test_on_a_couch_the_banner_never_names_a_stolen_card(monkeypatch: Any) -> None:
    """On a couch the banner is everyone's: a stranger's named the card a Spy stole to both
    players, while the log kept it secret. With two people at the screen it names no card;
    and the turn's "while you waited" never reports a knock-out of the seat's own doing."""
    from game.games.blast.data import TNT
    from game.games.blast.rules.events import Eliminated, Turn
    from game.games.blast.words import name_of
    from tests.ui.layout import open_scene

    app, _driver = open_scene("blast.duel", False)
    scene = app.stack.top
    pr = scene.presenter
    monkeypatch.setattr(scene, "human_count", lambda: 2)
    beat = pr._b_stolen(Stolen(turn=0, seat=0, by=1, count=1, origin=1, via="", card=TNT))
    next(beat)
    assert pr.banner is None or name_of(TNT) not in pr.banner[0]
    monkeypatch.setattr(scene, "human_count", lambda: 1)
    monkeypatch.setattr(scene, "is_human", lambda s: s == 0)
    pr.state.events = [Turn(turn=0, seat=0, round=1, alive=True),
                       Eliminated(turn=0, seat=1, by=0, card="tnt", origin=0, via=""),
                       Turn(turn=1, seat=0, round=2, alive=True)]
    assert pr.while_you_waited(0, 2) == ""


def test_the_first_tips_and_the_rules_page_name_productivity() -> None:
    """Session 49: Productivity was named in neither the first-game tips nor the rules page's
    "In short" (built from the tips), on every device."""
    from game.app.input import default_word
    from game.games.blast import INFO, first_tips_for

    line = "Productivity: play two more cards this turn."
    assert any(line in tip for tip in INFO.first_tips)
    for device in ("mouse", "keys1", "pad0"):
        assert any(line in tip for tip in first_tips_for(device, default_word)), device
