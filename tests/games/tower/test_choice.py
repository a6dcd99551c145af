"""The builder's choice of tiles: the AI's swaps (choice.py) and the get-ready picker
(tilechoice.py) with the mouse, by dragging and with keys; AI choices shown on screen."""

from __future__ import annotations

from collections import Counter
from statistics import mean
from typing import Any

import pytest

from game.games.tower.ai import BUILDER_SKILLS
from game.games.tower.choice import ai_choose, choose, choose_row, tile_value
from game.games.tower.data import INVENTORY, MEGA_SLOT, OPEN_SPARES, TILES
from game.games.tower.rules import ChooseTile, MatchState, Rejected, StartTurn, new_match
from game.games.tower.scene import Stage
from game.games.tower.tilechoice import TIMER, Spot

from .test_scene import fast_forward, open_game

HARD = BUILDER_SKILLS["hard"]


def pads(m: MatchState) -> list[int]:
    return [t for s, t in enumerate(m.row) if s != MEGA_SLOT and t is not None]


def build_worth(m: MatchState) -> float:
    """What the pads are worth to a builder: the best towers the 16 blocks build together,
    best first (as the AI builder takes them), by the hard builder's measure."""
    need: Counter[str] = Counter()
    total = 0.0
    for t in sorted(pads(m), key=lambda t: -tile_value(TILES[t], HARD)):
        more = need + TILES[t].needs()
        if all(more[k] <= INVENTORY[k] for k in more):
            need, total = more, total + tile_value(TILES[t], HARD)
    return total


class Notes:
    def __init__(self) -> None:
        self.notes: list[tuple[int, str, tuple[Any, ...]]] = []

    def note(self, seat: int, kind: str, args: tuple[Any, ...]) -> None:
        self.notes.append((seat, kind, args))

    def stepped(self, turn: Any) -> None:
        """Not needed between turns."""


# -- the AI's choice (pure) -------------------------------------------------------------------


def test_choose_swaps_and_tells_the_recorder() -> None:
    m = new_match(3, seed=2)
    m.turn = 1  # seat 1 builds
    rec = Notes()
    assert choose(m, 4, 3, rec) is None
    assert rec.notes == [(1, "choose", (4, 3))]
    assert isinstance(choose(m, MEGA_SLOT, 0, rec), Rejected) and len(rec.notes) == 1


def test_an_ai_choice_is_deterministic_and_keeps_eight_tiles_open() -> None:
    for seed in range(12):
        a, b = new_match(2, seed), new_match(2, seed)
        assert choose_row(a, "medium") == choose_row(b, "medium")
        before = sorted(pads(a) + a.spares)
        ai_choose(a, "medium")
        assert sorted(pads(a) + a.spares) == before and len(a.spares) == OPEN_SPARES


def test_a_hard_ai_keeps_the_towers_it_builds_best_on_the_pads() -> None:
    better = 0
    for seed in range(30):
        m = new_match(2, seed)
        open_tiles = pads(m) + m.spares
        before = build_worth(m)
        ai_choose(m, "hard")
        best = max(open_tiles, key=lambda t: tile_value(TILES[t], HARD))
        assert best in pads(m)
        assert build_worth(m) >= before - 1e-9
        better += build_worth(m) > before + 1e-9
    assert better >= 15  # most deals offer something better than the four dealt


def test_easier_tiers_choose_less_well() -> None:
    worth: dict[str, float] = {}
    for skill in ("easy", "medium", "hard"):
        got = []
        for seed in range(60):
            m = new_match(2, seed)
            ai_choose(m, skill)
            got.append(build_worth(m))
        worth[skill] = mean(got)
    assert worth["easy"] < worth["medium"] < worth["hard"], worth


def test_easy_never_swaps_in_a_high_tile() -> None:
    """A stranger's Easy swapped in a Needle and a Lamp (6 points each) and scored 12 in a
    turn, after turns of 0, 0 and 3: Easy keeps to low tiles (`MOST_POINTS`), so it never
    brings a higher one onto a pad, while its noise still varies which low ones it takes."""
    from game.games.tower.choice import MOST_POINTS

    most = MOST_POINTS["easy"]
    brought: Counter[int] = Counter()
    offered = 0
    for seed in range(150):
        m = new_match(2, seed)
        looked = m.spares[:2]
        offered += sum(TILES[t].points > most for t in looked)
        before = set(pads(m))
        ai_choose(m, "easy")
        brought.update(t for t in pads(m) if t not in before)
    assert offered > 40  # high tiles were there to take
    assert brought and all(TILES[t].points <= most for t in brought), brought
    assert len(brought) >= 5  # still a choice among the low ones


def test_no_ai_choice_once_the_timer_runs() -> None:
    m = new_match(2, seed=3)
    m.apply(StartTurn(m.builder))
    assert choose_row(m, "hard") == [] and ai_choose(m, "hard") == []


# -- the picker on the get-ready screen -------------------------------------------------------


def centre(scene: Any, spot: Spot) -> tuple[int, int]:
    r = scene.picker.rect(spot)
    return (r.centerx, r.centery)


def ready(driver: Any, scene: Any) -> None:
    driver.step()
    fast_forward(driver, scene) if scene.stage != Stage.READY else None
    for _ in range(40):  # the panel slides in
        driver.step()
    assert scene.stage == Stage.READY and scene.picker.active


def test_click_a_spare_then_a_pad_to_swap(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", seed=5)
    ready(driver, scene)
    m = scene.match
    pad, spare = m.row[3], m.spares[2]
    driver.click(centre(scene, Spot("spare", 2)))
    assert scene.picker.selected == Spot("spare", 2)
    assert "pick the pad" in scene.picker.instruction()
    driver.click(centre(scene, Spot("pad", 3)))
    assert m.row[3] == spare and m.spares[2] == pad and scene.picker.selected is None
    assert scene.stage == Stage.READY  # swapping never turns the timer
    driver.click(centre(scene, Spot("pad", 0)))  # a pad first, then a spare, works too
    driver.click(centre(scene, Spot("spare", 0)))
    assert m.spares[0] != scene.safe_state["spares"][0]
    driver.click((640, 400))  # one click beside the cards turns the sand timer, as before
    assert scene.stage == Stage.PLAY and scene.turn is not None
    assert scene.turn_row == m.row and isinstance(m.apply(ChooseTile(m.builder, 0, 0)), Rejected)


def test_a_click_beside_the_cards_turns_the_timer_even_with_a_card_chosen(
        app: Any, driver: Any) -> None:
    """The prompt says "Click to turn the sand timer": a half-made swap never swallows it."""
    scene = open_game(app, "mouse", "ai:easy", seed=5)
    ready(driver, scene)
    row = list(scene.match.row)
    driver.click(centre(scene, Spot("spare", 1)))
    assert scene.picker.selected == Spot("spare", 1)
    driver.click((640, 660))
    assert scene.stage == Stage.PLAY and scene.match.row == row
    assert scene.picker.selected is None


def test_the_chosen_card_clicked_again_only_lets_go(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", seed=5)
    ready(driver, scene)
    driver.click(centre(scene, Spot("spare", 1)))
    driver.click(centre(scene, Spot("spare", 1)))
    assert scene.picker.selected is None and scene.stage == Stage.READY


def test_the_choice_panel_tells_a_human_saboteur_their_controls(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", seed=5)
    ready(driver, scene)
    sab = scene.match.saboteurs()[0]
    hints = scene.picker.saboteur_hints()
    assert hints == [f"{scene.seats[sab].name}: {scene.saboteur_hint('keys1')}"]
    solo = open_game(app, "mouse", "ai:easy", seed=5)
    ready(driver, solo)
    assert solo.picker.saboteur_hints() == []


def test_drag_a_spare_onto_a_pad(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", seed=6)
    ready(driver, scene)
    m = scene.match
    spare = m.spares[3]
    driver.drag(centre(scene, Spot("spare", 3)), centre(scene, Spot("pad", 1)))
    driver.step()
    assert m.row[1] == spare and scene.picker.drag is None and scene.stage == Stage.READY


def test_the_mega_card_stays_and_says_so(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", seed=6)
    ready(driver, scene)
    r = scene.picker.rect(Spot("pad", 1))
    driver.click((640, r.centery))
    assert scene.stage == Stage.READY and "Mega" in scene.picker.instruction()


def test_keys_move_a_cursor_and_confirm_twice(app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "ai:easy", seed=7)
    ready(driver, scene)
    m = scene.match
    assert scene.picker.cursor == TIMER
    driver.press("keys1", "up")  # onto the spares
    assert scene.picker.cursor.kind == "spare"
    driver.press("keys1", "right")
    spot = scene.picker.cursor
    spare = m.spares[spot.index]
    driver.press("keys1", "confirm")
    assert scene.picker.selected == spot
    driver.press("keys1", "up")  # up to the pad above it
    slot = scene.picker.cursor.index
    driver.press("keys1", "confirm")
    assert m.row[slot] == spare and scene.stage == Stage.READY
    driver.press("keys1", "down")
    driver.press("keys1", "down")
    assert scene.picker.cursor == TIMER
    driver.press("keys1", "confirm")  # the cursor rests on the timer: one confirm turns it
    assert scene.stage == Stage.PLAY


def test_confirm_at_once_still_turns_the_timer(app: Any, driver: Any) -> None:
    scene = open_game(app, "pad0", "ai:easy", seed=7)
    ready(driver, scene)
    before = list(scene.match.row)
    driver.press("pad0", "confirm")
    assert scene.stage == Stage.PLAY and scene.turn_row == before


@pytest.mark.parametrize("seed", [3, 8])
def test_an_ai_builder_chooses_on_screen(app: Any, driver: Any, seed: int) -> None:
    scene = open_game(app, "ai:hard", "mouse", seed=seed)
    driver.step()
    picker = scene.picker
    assert not picker.active  # the human saboteur cannot swap for the builder
    expected = new_match(2, seed, [s.name for s in scene.setup.seats])
    swaps = ai_choose(expected, "hard")
    assert picker.swaps == swaps and scene.match.row == expected.row
    assert picker._after(0)[0] == scene.safe_state["row"]  # shown from the table as dealt
    assert picker._after(len(swaps)) == (expected.row, expected.spares)
    fast_forward(driver, scene)
    assert scene.stage == Stage.PLAY and scene.turn_row == expected.row


def test_the_swap_line_agrees_with_plural_tile_names(app: Any, driver: Any) -> None:
    """"The Twin cubes go into play", "The Post goes into play"."""
    from game.games.tower.data import TILES

    scene = open_game(app, "mouse", "ai:easy", seed=5)
    ready(driver, scene)
    m = scene.match
    plural = next(t.tile_id for t in TILES.values() if t.name == "Twin cubes")
    if plural not in m.spares:  # make sure one spare reads as a plural
        where = m.row if plural in m.row else m.pile
        where[where.index(plural)] = m.spares[0]
        m.spares[0] = plural
    said = []
    for spare in range(len(m.spares)):
        tile = TILES[m.spares[spare]]
        driver.click(centre(scene, Spot("spare", spare)))
        driver.click(centre(scene, Spot("pad", 0)))
        said.append((tile.name, scene.picker.note))
    for name, note in said:
        verb = "go" if name.endswith("s") and not name.endswith("ss") else "goes"
        assert note.startswith(f"The {name} {verb} into play"), note
    assert any(name == "Twin cubes" for name, _ in said)


def test_an_ai_seat_named_you_reads_as_you(app: Any, driver: Any) -> None:
    """A match watched again plays "You" with a stand-in: "You keep", never "You keeps"."""
    from game.app import catalogue
    from game.app.catalogue import MatchSetup, Seat

    from .test_scene import COLOURS
    info = catalogue.get("tower")
    assert info is not None
    seats = [Seat("You", COLOURS[0], "ai", "easy"), Seat("Ben", COLOURS[1], "ai", "easy")]
    scene = info.make_scene(app, MatchSetup("tower", seats, info.default_options(), 5), None)
    app.stack.push(scene)
    app.stack.apply_requests()
    for _ in range(5):
        driver.step()
    assert scene.stage == Stage.READY and scene.match.builder == 0
    line = scene.picker.instruction()
    assert line.startswith("You ") and "keeps" not in line and "swaps" not in line, line
    assert scene.voice.says(0, "turns", "turn", " the sand timer") == "You turn the sand timer"


def test_the_get_ready_prompt_says_what_space_does_and_a_swap_hands_space_back_to_the_timer(
        app: Any, driver: Any) -> None:
    """A stranger read "Press SPACE to turn the sand timer" while the card just swapped had the
    keyboard's focus, and Space began a new swap: after a swap the cursor rests on the timer,
    and on a card the prompt says what Space does there."""
    scene = open_game(app, "keys1", "ai:easy", seed=7)
    ready(driver, scene)
    m = scene.picker
    assert m.confirm_does() == ""  # on the timer: Space turns it
    driver.press("keys1", "up")
    name = m._name(m.cursor)
    assert m.confirm_does() == f"pick up {name}"
    driver.press("keys1", "confirm")
    assert m.confirm_does() == "let go of it"
    driver.press("keys1", "up")  # the pad above it
    assert m.confirm_does() == f"swap {name} with {m._name(m.cursor)}"
    driver.press("keys1", "confirm")  # swapped
    assert m.cursor == TIMER and m.confirm_does() == ""
    driver.press("keys1", "confirm")  # Space turns the timer, as the prompt said
    assert scene.stage == Stage.PLAY


def test_the_get_ready_panel_leaves_no_catapult_nor_the_plaque_half_covered() -> None:
    """On the tile-swap screen the table's name plaque and a catapult stuck out past the
    panel's edge: the panel covers every catapult's place and the plaque whole."""
    from game.games.tower.camera import catapult_body
    from game.games.tower.data import CATAPULT_SLOTS
    from game.games.tower.tilechoice import PANEL

    for i in range(len(CATAPULT_SLOTS)):
        x0, y0, x1, y1 = catapult_body(i)  # the still view between turns is the world's
        assert PANEL.left <= x0 and x1 <= PANEL.right, (i, x0, x1)
        assert PANEL.top <= y0 and y1 <= PANEL.bottom
    plaque_x = (20, 200)  # the brass plate on the apron, centred 110 from the left edge
    assert PANEL.left <= plaque_x[0] and plaque_x[1] <= PANEL.right


def test_every_key_but_down_leads_from_the_timer_onto_the_cards(app: Any, driver: Any) -> None:
    """A stranger's A and D on the get-ready screen did nothing (only W left the timer), and
    he took the swap for the mouse's alone: left, right and up all step onto the cards, and
    the line says which keys do."""
    scene = open_game(app, "keys1", "ai:easy", seed=7)
    ready(driver, scene)
    m = scene.picker
    assert m.instruction() == "To swap a tile: W/A/D to a spare, SPACE, then a pad, SPACE"
    n = len(scene.match.spares)
    assert n > 1
    for key, spot in (("left", Spot("spare", 0)), ("right", Spot("spare", n - 1)),
                      ("up", Spot("spare", 1))):
        m.cursor = TIMER
        driver.press("keys1", key)
        assert m.cursor == spot, key
    m.cursor = TIMER
    driver.press("keys1", "down")
    assert m.cursor == TIMER


def test_the_easy_builder_chooses_short_towers_as_its_hand_builds_them() -> None:
    """`BuilderSkill.plain`: a tower of n blocks (more than `PLAIN_BLOCKS`) is worth
    (PLAIN_BLOCKS / n) ** plain as much to a plain builder (Easy) when it picks what to build;
    its choice of tiles weighs them the same way, not by points per second alone."""
    from dataclasses import replace

    from game.games.tower.ai import PLAIN_BLOCKS

    easy = BUILDER_SKILLS["easy"]
    assert easy.plain > 0.0
    flat = replace(easy, plain=0.0)
    longs = [t for t in TILES.values() if not t.mega and len(t.pieces) > PLAIN_BLOCKS]
    shorts = [t for t in TILES.values() if not t.mega and len(t.pieces) <= PLAIN_BLOCKS]
    assert longs and shorts
    for t in longs:
        want = (PLAIN_BLOCKS / len(t.pieces)) ** easy.plain
        assert tile_value(t, easy) == pytest.approx(tile_value(t, flat) * want)
    for t in shorts:
        assert tile_value(t, easy) == pytest.approx(tile_value(t, flat))
    # Over many deals the Easy builder's pads hold shorter towers than its noise alone gives.
    lengths = []
    for seed in range(40):
        m = new_match(2, seed)
        for slot, spare in choose_row(m, "easy"):
            choose(m, slot, spare)
        lengths.append(mean(len(TILES[t].pieces) for t in pads(m)))
    assert mean(lengths) < 2.76, mean(lengths)  # 2.81 when the choice ignored `plain`


def test_a_row_short_of_a_kind_is_said_while_a_tile_can_be_swapped(app: Any, driver: Any) -> None:
    """A stranger's row (Mushroom, Aqueduct, Belfry) asked for four arches of the tray's two;
    he found out mid-build. The get-ready line says so, while a tile can still be swapped; a
    row the blocks can build whole keeps the plain line. The Mega is left out (the small towers
    use its blocks by design)."""
    from game.games.tower.data import row_shortage

    assert row_shortage([24, 14, 0, 23, None]) == ("arch", 4, 2)
    assert row_shortage([1, 2, 0, 3, 7]) is None
    scene = open_game(app, "mouse", "ai:easy", seed=5, row=[24, 14, 0, 23, 1])
    ready(driver, scene)
    assert scene.picker.instruction() == (
        "These towers need 4 arches, the tray has 2: swap a tile, or turn the sand timer")
    plain = open_game(app, "mouse", "ai:easy", seed=5, row=[1, 2, 0, 3, 7])
    ready(driver, plain)
    assert plain.picker.instruction() == "Swap tiles if you like, then turn the sand timer"
