"""The tower called the Table is said as a tower in every sentence that names it: a stranger's
final board read "Ben's die knocked the pillar off the Table" as the furniture the game is
played on. Other names read as they always did."""

from __future__ import annotations

from typing import Any

from game.games.tower.controls import tile_words
from game.games.tower.data import TILES, said_as_tower, tower_words
from game.games.tower.knocks import Knock
from game.games.tower.rules import TileJudgement, TurnResult, explain, refused_words

from .test_scene import open_game

TABLE = 12


def test_the_final_board_names_the_table_tower(app: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=[TABLE, 4, 0, 3, 19])
    scene.turn_builder = 0
    table = TileJudgement(0, TABLE, False, "unfinished", 1, (0,), 0)
    lamp = TileJudgement(4, 19, False, "unfinished", 1, (6,), 0)
    scene.result = TurnResult(0, 0, (table, lamp), (), 0, {}, False, False)
    scene.built_slots = {0, 4}
    knock = Knock(0, TABLE, 1, TILES[TABLE].pieces[1:2], False, 2, 100)
    scene.knocks.knocks = {0: knock}
    notes = scene.table_view.board_info(True).notes
    ben = scene.voice.Poss(1)
    assert notes[0] == f"Last turn: {ben} die knocked the pillar off the Table tower", notes
    assert notes[1].startswith("Your Lamp has only 1 of 3"), notes  # as before
    scene.knocks.knocks = {}  # not knocked: why the half-built Table tower scored nothing
    notes = scene.table_view.board_info(False).notes
    assert notes[0].startswith("Your Table tower has only 1 of 3 blocks built"), notes


def test_every_sentence_naming_the_table_says_tower() -> None:
    assert tower_words(TABLE) == tile_words(TABLE) == "the Table tower"
    assert tower_words(19) == "the Lamp" and tower_words(0) == "the Mega tower"
    empty = TileJudgement(0, TABLE, False, "empty", 0, (), 0)
    assert said_as_tower(explain(empty), TABLE) == "nothing was built on the Table tower"
    moving = TileJudgement(0, TABLE, False, "still moving", 3, (0, 1, 2), 0)
    assert said_as_tower(explain(moving), TABLE) == \
        "the Table tower was still falling when the table settled"
    assert said_as_tower(refused_words(TABLE, "cube", ""), TABLE) == \
        "The Table tower is finished: nothing more goes on it"
    # said once, and other towers' sentences are left alone
    assert said_as_tower("the Table tower", TABLE) == "the Table tower"
    assert said_as_tower(explain(empty), 19) == explain(empty)
