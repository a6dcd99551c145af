"""The table never lies: frame by frame, what the presenter draws on top of each pile is the
rules' card, over whole AI-only games played through the real scene."""

from __future__ import annotations

from typing import Any

import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.scene import CaboScene
from game.tabletop.sprites import CardSprite
from tests.games.cabo.scene_helpers import make_setup, open_table


class PileWatch:
    """Records the rules' piles after every action and checks the drawn piles every frame."""

    def __init__(self, scene: CaboScene) -> None:
        self.scene = scene
        self.truth: dict[int, tuple[str | None, int]] = {}
        self._note()
        real_apply = scene._apply

        def spy(action: R.Action) -> bool:
            ok = real_apply(action)
            self._note()
            return ok

        scene._apply = spy  # type: ignore[method-assign]
        self.checked = 0
        self.discard_checked = 0

    def _note(self) -> None:
        st = self.scene.state
        top = st.top.code if st.top is not None else None
        self.truth[len(st.events)] = (top, len(st.draw))

    def settled_top(self) -> CardSprite | None:
        """The uppermost card at rest over the discard pile, in the order it is drawn."""
        pr = self.scene.presenter
        resting, moving = pr.layers()
        point = pr.layout.discard_pos
        for s in reversed(resting + moving):
            if s.visible and not s.moves and s.rect().collidepoint(point):
                return s
        return None

    def __call__(self) -> None:
        pr = self.scene.presenter
        seen = self.truth.get(pr.next_event)  # the rules as far as the table has shown them
        if seen is None:
            return
        top, draw_count = seen
        assert pr.draw_count == draw_count, (pr.next_event, pr.draw_count, draw_count)
        self.checked += 1
        if pr.discard and pr.discard[-1].moves:
            return  # the new top card is still on its way
        drawn = self.settled_top()
        if top is None:
            assert drawn is None or not drawn.showing_face, pr.next_event
            return
        assert drawn is not None, (pr.next_event, top)
        assert drawn.showing_face and drawn.code == top, (pr.next_event, drawn.code, top)
        self.discard_checked += 1


@pytest.mark.parametrize(("kinds", "seed"), [(["hard", "medium", "easy", "hard"], 6),
                                             (["easy", "easy", "medium"], 21)])
def test_the_piles_on_screen_are_the_rules_piles_every_frame(
        app: Any, driver: HeadlessDriver, kinds: list[str], seed: int) -> None:
    scene = open_table(app, driver, make_setup(kinds, seed=seed, rounds=2), speed=6.0)
    watch = PileWatch(scene)
    for _ in range(40000):
        driver.step()
        watch()
        if scene.state.is_terminal() and not scene.presenter.busy:
            break
    assert scene.state.is_terminal() and scene.state.round == 2
    replaced = sum(isinstance(e, R.Replaced) for e in scene.state.events)
    assert replaced > 3  # the move that used to leave a raised card over the new top
    assert watch.discard_checked > 200 and watch.checked > watch.discard_checked
