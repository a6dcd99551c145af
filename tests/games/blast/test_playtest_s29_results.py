"""Playtest, session 29: the results table said nothing (PLAYED 13 for every seat, WALLS 0 for
all). Its columns now come from the match's own record, per seat."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast.data import FORCE_FIELD
from game.games.blast.rules.events import (
    Answered,
    Destroyed,
    EndgameCard,
    ForceFieldDestroyed,
    Played,
    Sabotaged,
)
from tests.games.blast.scene_helpers import make_setup, open_table


def test_the_results_table_says_what_each_seat_did(app: Any, driver: HeadlessDriver,
                                                   monkeypatch: Any) -> None:
    from game.games.blast import hud, view

    scene = open_table(app, driver, make_setup(["easy"] * 4, seed=8),
                       speed=60)
    assert driver.run_until(lambda: scene.finished and not scene.presenter.busy, 60000)
    st = scene.state
    rows: list[Any] = []
    monkeypatch.setattr(hud, "summary_surface", lambda title, got, *a: rows.extend(got))
    view.summary(scene)
    assert len(rows) == 4
    by_name = {r.name: r for r in rows}
    for seat in range(4):
        row = by_name[scene.names[seat]]
        p = st.players[seat]
        played = sum(1 for e in st.events if isinstance(e, Played | Answered | EndgameCard)
                     and e.seat == seat)
        smashed = sum(sum(1 for w in e.walls if w != FORCE_FIELD) for e in st.events
                      if isinstance(e, Destroyed | Sabotaged | ForceFieldDestroyed)
                      and e.by == seat != e.seat)
        assert row.played == played
        assert row.smashed == smashed
        if p.alive:  # the walls standing at the end, a Force Field beside them
            assert row.walls == sum(1 for w in p.walls if w != FORCE_FIELD)
        else:  # knocked out: no count of walls it no longer has, its fate says when
            assert row.walls is None and row.fate.startswith("Out in round")
    # the figures tell the seats apart (not one number for everybody)
    assert len({r.played for r in rows}) > 1 and len({r.smashed for r in rows}) > 1
    assert sum(r.smashed for r in rows) > 0


def test_the_headings_name_each_column() -> None:
    from game.games.blast import hud
    from tests.ui.layout import recording

    rows = (hud.SummaryRow(1, "Dev", (80, 200, 120), "diamond", "Winner", 15, 3, True,
                           smashed=9),
            hud.SummaryRow(2, "Ana", (230, 80, 60), "circle", "Out in round 6", 7, None,
                           False, smashed=2))
    hud.summary_surface.cache_clear()
    with recording(1.0) as rec:
        img = hud.summary_surface("Dev wins!", rows, "", 1.0)
        boxes = rec._images[id(img)][2]
    hud.summary_surface.cache_clear()
    said = [b.text for b in boxes]
    for heading in ("WALLS LEFT", "SMASHED", "PLAYED"):
        assert heading in said
    assert "9" in said and "15" in said and "-" in said  # the out seat has no wall count


def test_the_sidebar_says_over_as_soon_as_the_win_is_shown(app: Any,
                                                           driver: HeadlessDriver) -> None:
    """The sidebar said "Phase: Battle" under the winner's banner, then "Over" later."""
    from game.games.blast.view import fact_lines

    scene = open_table(app, driver, make_setup(["easy", "easy"], seed=3), speed=60)

    def phase() -> str:
        return dict(fact_lines(scene))["Phase"]

    def win_shown() -> bool:
        banner = scene.presenter.banner
        return bool(scene.state.over and banner and banner[0].endswith("!")
                    and banner[0] == f"{scene.voice.winners(scene.state.winners())}!")

    seen: list[str] = []
    for _ in range(60000):
        if win_shown():
            break
        seen.append(phase())
        driver.step()
    else:
        raise AssertionError("the match never showed its win")
    assert "Over" not in seen  # not before the table shows it
    assert phase() == "Over"
    assert driver.run_until(lambda: scene.finished and not scene.presenter.busy, 60000)
    assert phase() == "Over"
