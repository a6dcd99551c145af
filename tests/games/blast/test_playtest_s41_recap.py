"""Session 41: after Ben's Firestorm burnt Cleo's three palisades and his Underminer took her
stone wall, Cleo's couch "While you waited" said only "your TNT destroyed Ben's palisade". It
now leads with what happened to her own walls, characters and hand, then the rest; and an
old one does not peek out from behind the results at the match's end."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.rules import Pass, Play, TakeIt, Undermine
from tests.games.blast.helpers import ok, table
from tests.games.blast.test_playtest_s38 import _recap_scene


def test_while_you_waited_leads_with_your_own_losses(app: Any, driver: HeadlessDriver) -> None:
    m = table(3, hands={0: [D.TNT], 1: [D.FIRESTORM, D.STONE], 2: [D.STONE]},
              walls={0: [D.PALISADE, D.PALISADE, D.PALISADE, D.STONE, D.IRON],
                     1: [D.PALISADE, D.IRON], 2: [D.STONE]},
              characters={1: [D.UNDERMINER]})
    start = len(m.events)
    ok(m, Play(0, D.TNT, 1, (D.PALISADE,)), TakeIt(1))
    assert m.current_player() == 1
    ok(m, Play(1, D.FIRESTORM, 0), TakeIt(0), Undermine(1, 0, D.STONE), TakeIt(0))
    if m.current_player() == 1:
        ok(m, Pass(1))
    ok(m, Pass(2))
    scene = _recap_scene(app, driver, m)
    said = scene.presenter.couch_recap(0, start, len(m.events))
    body = said.removeprefix("While you waited: ")
    items = body.split("; ")
    assert "three palisades fell to Firestorm" in items[0], said
    assert "stone wall fell to the Underminer" in items[1], said
    assert any("your TNT destroyed Ben's palisade" in x for x in items[2:]), said
    app.stack.pop()
    app.stack.apply_requests()


def test_no_old_recap_under_the_results(app: Any, driver: HeadlessDriver) -> None:
    from game.games.blast.rules.events import Over

    m = table(2, hands={0: [D.STONE]})
    scene = _recap_scene(app, driver, m)
    pr = scene.presenter
    pr.bubble = ("While you waited: Ben brought in the Mad Chemist", 0, 7.0)
    beat = pr._b_over(Over(turn=0, winners=(0,), reason="last_standing", ranking=((0,), (1,))))
    next(beat)
    assert pr.bubble is None
    app.stack.pop()
    app.stack.apply_requests()
