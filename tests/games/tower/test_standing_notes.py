"""A tower that stands but scored nothing is explained on the scoreboard (rules.standing_note):
a stranger saw their tower stand and could not tell why it earned no points."""

from __future__ import annotations

from typing import Any

from game.games.tower.rules import TileJudgement, standing_note


def _j(tid: int, reason: str, progress: int, extra: int = 0, found: str = "",
       slot: int = 1) -> TileJudgement:
    return TileJudgement(slot, tid, False, reason, progress, (), extra, found)


def test_each_reason_reads_as_a_sentence_with_its_pad() -> None:
    lamp = 19  # pillar, short beam lying, pillar
    assert standing_note(_j(lamp, "unfinished", 1)) == (
        "Lamp has only 1 of 3 blocks built, and still needs a short beam lying flat on "
        "top: no points")
    assert standing_note(_j(lamp, "wrong order", 1, 1, "cube")) == (
        "Lamp stands, but needs a short beam as block 2, not a cube: no points")
    assert standing_note(_j(lamp, "toppled", 1, 1, "plank")) == (
        "Lamp stands, but its short beam is tilted: it must lie flat (a die under "
        "it?): no points")
    twins = 3  # a plural name agrees
    assert standing_note(_j(twins, "too many blocks", 2, 1, slot=3)) == (
        "Twin cubes stand, but have too many blocks (2 make the tower): no points")


def test_blocks_never_placed_are_not_built_and_only_fallen_ones_are_not_standing(
        app: Any) -> None:
    """A stranger read "Your Viaduct has only 2 of 4 blocks standing" of blocks he never
    placed: "built" then, "standing" only when placed blocks fell."""
    viaduct = 18
    assert standing_note(_j(viaduct, "unfinished", 2)).startswith(
        "Viaduct has only 2 of 4 blocks built, and still needs")
    assert standing_note(_j(viaduct, "unfinished", 2), fell=True).startswith(
        "Viaduct has only 2 of 4 blocks standing, and still needs")
    from game.games.tower.rules import TurnResult

    from .test_scene import open_game

    scene = open_game(app, "mouse", "ai:easy", row=[1, viaduct, 0, 3, 19])
    j = _j(viaduct, "unfinished", 2, slot=1)
    scene.turn_builder = 0
    scene.built_slots = {1}
    scene.result = TurnResult(0, 0, (j,), (), 0, {}, False, False)
    scene.peak = {1: 2}
    assert "2 of 4 blocks built" in scene.table_view.board_info(False).notes[0]
    scene.peak = {1: 3}  # a third block stood once, and fell
    assert "2 of 4 blocks standing" in scene.table_view.board_info(False).notes[0]


def test_nothing_is_said_of_a_scored_tile_or_an_empty_one() -> None:
    assert standing_note(_j(19, "empty", 0)) == ""
    scored = TileJudgement(1, 19, True, "standing", 3, (1, 2, 3), 0)
    assert standing_note(scored) == ""


def test_the_scoreboard_says_why_in_the_builders_name(app: Any) -> None:
    from game.games.tower.rules import TurnResult

    from .test_scene import open_game

    scene = open_game(app, "mouse", "ai:easy", row=[1, 4, 0, 3, 19])
    lamp = _j(19, "unfinished", 1, slot=4)
    scene.turn_builder = 1
    scene.result = TurnResult(0, 1, (_j(1, "empty", 0, slot=0), lamp), (), 0, {}, False, False)
    info = scene.table_view.board_info(False)
    assert info.notes == (f"{scene.voice.Poss(1)} {standing_note(lamp)}",)
    assert info.notes[0].startswith(scene.voice.name(1) + "'s Lamp has only 1 of 3")
    scene.turn_builder = 0  # the human at the screen is spoken to
    assert scene.table_view.board_info(False).notes[0].startswith("Your Lamp")


def test_a_wrapped_note_never_leaves_its_last_word_alone() -> None:
    from game.games.tower import hud

    note = ("Your Gatehouse stands, but needs a long beam at the bottom, not a "
            "short beam: no points")
    for width in (300, 500, 716):
        lines = hud._wrap(note, hud.NOTE_SIZE, width)
        assert len(lines[-1].split()) >= 2 and lines[-1].endswith("no points"), lines


def test_rubble_or_a_stray_block_is_no_tower_that_stands() -> None:
    """A stranger's score screen said "Ben's Mega Tower stands" for an arch left on
    its pad, and "Ben's Stack ... stands" for rubble: with no right block at the bottom it says
    what is there, not that a tower stands."""
    mega, lamp = 0, 19
    assert standing_note(_j(mega, "wrong order", 0, 1, "arch", slot=2)) == (
        "Mega Tower's pad holds only an arch, no tower: the Mega Tower needs a long beam "
        "lying flat at the bottom")
    assert standing_note(_j(lamp, "toppled", 0, 1, "pillar")) == (
        "Lamp's bottom pillar leans or has fallen: it must stand up")
    # In plain words (a stranger read "Ben's Bench's pad has its long beam at the bottom, but
    # it is not wholly on the tile (over its edge, or on another block)").
    assert standing_note(_j(1, "not on the tile", 0, 1, "beam")) == (
        "Bench's bottom long beam hangs off its tile")
    assert standing_note(_j(16, "not one stack", 0, 3)) == (
        "Stack's pad holds only 3 stray blocks, no tower: the Stack needs a cube at the "
        "bottom")
    for note in (standing_note(_j(t, r, 0, 2, "cube")) for t in (0, 16, 19)
                 for r in ("wrong order", "toppled", "not one stack")):
        assert "stand" not in note.split(":")[0], note
