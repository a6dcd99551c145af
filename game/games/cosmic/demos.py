"""Cosmic Kaboom's demo scenes for screenshot, smoke and bench, each deterministic from its seed.

- `cosmic.play`: four AIs playing live (bench).
- `cosmic.draft`: your first card choice, keep one of two.
- `cosmic.aim`: a human pulling the slingshot back from their ship, the path previewed.
- `cosmic.collision`: a flicked ship striking a planet, sparks flying.
- `cosmic.bomb`: the Space Bomb high over space, its shadow on the table below.
- `cosmic.explosion`: the bomb going off over the planets it covers.
- `cosmic.over`: the final score sheet.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.app.catalogue import MatchSetup, demo_seats
from game.app.input import MOUSE, POINT, ActionEvent
from game.games.cosmic import art
from game.games.cosmic.data import COLOUR_KEYS, FIELD
from game.games.cosmic.match import CosmicMatch, TossInput
from game.games.cosmic.rules import Keep, MatchState, Phase
from game.games.cosmic.savefmt import SAVE_VERSION
from game.games.cosmic.scene import CosmicScene
from game.games.cosmic.stage import Stage
from game.games.cosmic.table import release_default
from game.games.cosmic.world import Impact, blast_at, preview_toss

if TYPE_CHECKING:
    from game.app.app import App

STEP = 1.0 / 60.0


def demo_setup(kinds: list[str], seed: int, **options: object) -> MatchSetup:
    """A table of seats: "human" (on the mouse first, then keyboards) or an AI difficulty."""
    seats = demo_seats(kinds)
    opts: dict[str, object] = {"fly_back": False}
    opts.update(options)
    return MatchSetup("cosmic", seats, opts, seed)


def scene_for(app: App, setup: MatchSetup, match: CosmicMatch | None = None) -> CosmicScene:
    """A demo table (never saves), from a match made beforehand if given."""
    state = None if match is None else {"version": SAVE_VERSION, "match": match.to_dict()}
    return CosmicScene(app, setup, state, demo=True)


def skip_drafts(match: CosmicMatch) -> None:
    """Every waiting card choice keeps the first card offered."""
    while match.phase == Phase.DRAFT:
        seat = match.to_act()
        assert seat is not None
        match.apply(Keep(seat, match.state.drafts[0][1][0]))


def run(scene: CosmicScene, seconds: float, until: object = None) -> None:
    """Step the scene's logic for up to `seconds` of game time (or until `until()` holds)."""
    t = 0.0
    while t < seconds:
        if callable(until) and until():
            return
        scene.update(STEP)
        scene.time += STEP
        t += STEP * scene.time_scale


def build_play(app: App, seed: int) -> CosmicScene:
    """Four AIs, a few turns in: ships out in space, crystals on the move."""
    setup = demo_setup(["hard", "medium", "hard", "medium"], seed)
    scene = scene_for(app, setup)
    return scene


def build_draft(app: App, seed: int) -> CosmicScene:
    """The first card choice: keep one of two Advancement cards (the two with the longest
    words, so the layout is seen at its fullest in both text sizes)."""
    from game.games.cosmic.data import CARDS

    setup = demo_setup(["human", "medium"], seed)
    match = CosmicMatch.new(2, seed)
    while match.phase == Phase.DRAFT and match.to_act() != 0:  # Ben keeps his first
        seat = match.to_act()
        assert seat is not None
        match.apply(Keep(seat, match.state.drafts[0][1][0]))
    longest = sorted(CARDS, key=lambda c: -len(c.text))[:2]
    st = match.state
    st.drafts = [(0, [c.card_id for c in longest]) if s == 0 else (s, offer)
                 for s, offer in st.drafts]
    scene = scene_for(app, setup, match)
    scene.update(STEP)
    return scene


def build_aim(app: App, seed: int) -> CosmicScene:
    """Your turn: pulling the slingshot back from your docked ship toward a crystal."""
    setup = demo_setup(["human", "medium"], seed)
    match = CosmicMatch.new(2, seed)
    skip_drafts(match)
    if match.to_act() != 0:
        # Ben flicks first; then it is your turn.
        from game.games.cosmic.match import FlickInput

        match.apply(FlickInput(1, math.radians(200.0), 0.45))
        skip_drafts(match)
    scene = scene_for(app, setup, match)
    scene.update(STEP)
    ship = art.to_screen(*match.ship_at(0))
    target = art.to_screen(FIELD / 2 + 40, FIELD / 2 - 60)
    angle = math.atan2(target[1] - ship[1], target[0] - ship[0])
    pull = (round(ship[0] - math.cos(angle) * 95), round(ship[1] - math.sin(angle) * 95))
    start = (round(ship[0]), round(ship[1]))
    scene.handle_action(ActionEvent(MOUSE, POINT, True, start))
    scene.handle_action(ActionEvent(MOUSE, "primary", True, start))
    for i in range(1, 9):
        at = (start[0] + (pull[0] - start[0]) * i // 8, start[1] + (pull[1] - start[1]) * i // 8)
        scene.handle_action(ActionEvent(MOUSE, POINT, True, at, buttons=frozenset({1})))
    return scene


def build_toss(app: App, seed: int) -> CosmicScene:
    """Your Space Bomb: the hand behind your Base, the pull under way, where it goes off."""
    setup = demo_setup(["human", "medium"], seed)
    match = CosmicMatch.new(2, seed)
    skip_drafts(match)
    if match.to_act() != 0:
        from game.games.cosmic.match import FlickInput

        match.apply(FlickInput(1, math.radians(200.0), 0.45))
        skip_drafts(match)
    match.state.players[0].base = list(COLOUR_KEYS)
    match.state.turn_phase = Phase.BOMB
    match.state.bomb_cubes = list(COLOUR_KEYS)
    scene = scene_for(app, setup, match)
    scene.update(STEP)
    target = art.to_screen(FIELD / 2 + 60, FIELD / 2 + 20)
    start = (round(target[0] - 40), round(target[1] - 40))
    scene.handle_action(ActionEvent(MOUSE, POINT, True, start))
    scene.handle_action(ActionEvent(MOUSE, "primary", True, start))
    for i in range(1, 9):
        at = (start[0] - 9 * i, start[1] - 9 * i)
        scene.handle_action(ActionEvent(MOUSE, POINT, True, at, buttons=frozenset({1})))
    return scene


def build_collision(app: App, seed: int) -> CosmicScene:
    """Mid-flick, just after a ship struck a planet: sparks in the air."""
    setup = demo_setup(["hard", "hard"], seed)
    scene = scene_for(app, setup)
    scene.time_scale = 1.0

    def struck() -> bool:
        return scene.stage == Stage.FLIGHT and any(isinstance(e, Impact) or
                                                    type(e).__name__ == "Touched"
                                                    for e in scene.events_seen)

    run(scene, 120.0, struck)
    run(scene, 0.05)
    scene.time_scale = 0.08  # the screenshot's second shows a moment: sparks in the air
    return scene


def _bomb_turn(seed: int) -> tuple[MatchSetup, CosmicMatch, int]:
    """A match where the player to act holds all four colours: a Space Bomb turn."""
    setup = demo_setup(["hard", "hard"], seed)
    match = CosmicMatch.new(2, seed)
    skip_drafts(match)
    d = match.to_dict()
    st = d["state"]
    seat = int(st["current"])
    st["players"][seat]["base"] = list(COLOUR_KEYS)
    st["turn_phase"] = str(Phase.BOMB)
    st["bomb_cubes"] = list(COLOUR_KEYS)
    match = CosmicMatch(MatchState.from_dict(st), match.table)
    return setup, match, seat


def _best_toss(match: CosmicMatch, seat: int) -> TossInput:
    """A toss from behind the Base onto the rivals' planets (the most it can cover)."""
    faction = match.state.options.seat_factions[seat]
    hx, hy = release_default(faction)
    rivals = [p for p in match.table.planets if match.state.owner[p] != seat]
    best: tuple[int, TossInput] | None = None
    for p in rivals:
        px, py = match.table.planets[p]
        angle = math.atan2(py - hy, px - hx)
        for k in range(20, 101, 4):
            toss = TossInput(seat, hx, hy, angle, k / 100.0, 0.0)
            rest = preview_toss((hx, hy), angle, k / 100.0)[1][-1]  # the engine's, to the bit
            hit = len([q for q in blast_at(match.table, rest) if match.state.owner[q] != seat])
            if best is None or hit > best[0]:
                best = (hit, toss)
    assert best is not None
    return best[1]


def build_bomb(app: App, seed: int) -> CosmicScene:
    """The Space Bomb near the top of its flight, its shadow on the table below."""
    setup, match, seat = _bomb_turn(seed)
    scene = scene_for(app, setup, match)
    scene.perform(_best_toss(match, seat))
    w = scene.world
    assert w is not None

    def high() -> bool:
        return w.bomb is not None and w.bomb.air_left < w.bomb.air_total * 0.42

    run(scene, 3.0, high)
    scene.time_scale = 0.05  # the screenshot's second shows a moment: the bomb in the air
    return scene


def build_explosion(app: App, seed: int) -> CosmicScene:
    """The Space Bomb going off over the planets it came to rest on."""
    setup, match, seat = _bomb_turn(seed)
    scene = scene_for(app, setup, match)
    scene.perform(_best_toss(match, seat))
    run(scene, 10.0, lambda: scene.stage == Stage.BOMB_REST)
    run(scene, 10.0, lambda: scene.stage != Stage.BOMB_REST)
    run(scene, 0.1)
    scene.time_scale = 0.15  # the screenshot's second shows the blast at its height
    return scene


def build_over(app: App, seed: int) -> CosmicScene:
    """The final score sheet of a match that ended with seven planets destroyed."""
    setup = demo_setup(["human", "hard", "medium"], seed)
    match = CosmicMatch.new(3, seed)
    skip_drafts(match)
    d = match.to_dict()
    st = d["state"]
    owner = {int(k): int(v) for k, v in st["owner"].items()}
    doomed = [(0, 1), (2, 1), (3, 0), (5, 2), (7, 0), (9, 1), (10, 0)]
    for planet, by in doomed:
        if owner[planet] == by:
            by = (by + 1) % 3
        st["alive"].remove(planet)
        st["destroyed_by"][str(planet)] = by
    st["over"] = True
    st["end_reason"] = "planets"
    st["drafts"] = []
    st["placements"] = []
    match = CosmicMatch(MatchState.from_dict(st), match.table)
    scene = scene_for(app, setup, match)
    run(scene, 1.2)
    return scene
