"""The table's layout at 1280x720, in normal and larger text: aim labels stay off the side
panels, the bomb's release zone ends along the window's edge, the panels' planet icons are
big enough and never run into their row's label."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.app.input import POINT
from game.games.cosmic import aimview as aim_mod
from game.games.cosmic import art, hud, marks
from game.games.cosmic import view as view_mod
from game.games.cosmic.data import FACTIONS
from game.games.cosmic.table import BASE_RADIUS
from game.ui import text, theme

from .test_scene import human_turn, mouse, open_scene, tick


@pytest.fixture
def larger_text() -> Any:
    text.set_scale(theme.LARGE_TEXT_SCALE)
    yield
    text.set_scale(1.0)


def _labels_drawn(monkeypatch: Any, wanted: Callable[[str], bool],
                  modules: tuple[Any, ...] = (view_mod, aim_mod)) -> list[pygame.Rect]:
    """Where each board label whose words are wanted is drawn, from now on (board_label spied
    on in each of the modules)."""
    drawn: list[pygame.Rect] = []
    real = modules[0].board_label

    def spy(surface: pygame.Surface, words: str, size: int, colour: Any, at: Any,
            anchor: str = "midtop") -> None:
        if wanted(words):
            img = text.render(words, size, colour, True)
            drawn.append(img.get_rect(**{anchor: (round(at[0]), round(at[1]))}))
        real(surface, words, size, colour, at, anchor)

    for module in modules:
        monkeypatch.setattr(module, "board_label", spy)
    return drawn


def _landing_words(words: str) -> bool:
    """The words a toss's landing spot says."""
    return words.startswith(("goes off here", "destroys "))


def test_the_dead_zone_label_stays_in_space_off_the_panels(app: Any,
                                                           monkeypatch: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    drawn = _labels_drawn(monkeypatch, lambda words: words.startswith("pull back further"))
    ship = art.to_screen(*scene.match.ship_at(0))
    mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - 5, ship[1] + 4))
    scene.draw(pygame.Surface((1280, 720)))
    assert drawn
    for seat in range(2):
        assert not drawn[-1].colliderect(scene.panel(seat))
    assert art.FIELD_RECT.contains(drawn[-1])


@pytest.mark.parametrize("faction", range(len(FACTIONS)))
def test_the_release_zone_ends_along_the_windows_edge(faction: int) -> None:
    img, (x, y) = art.release_zone(faction)
    placed = img.get_rect(topleft=(round(x), round(y)))
    room = pygame.Rect(0, 0, *art.SCREEN).inflate(-2 * art.ZONE_EDGE, -2 * art.ZONE_EDGE)
    zone = pygame.mask.from_surface(img, 1)
    inside = pygame.mask.Mask(img.get_size())
    slack = room.inflate(4, 4)  # the outline's own width
    inside.draw(pygame.mask.Mask(slack.size, fill=True),
                (slack.x - placed.x, slack.y - placed.y))
    assert zone.overlap_area(inside, (0, 0)) == zone.count()  # nothing past the edge
    if not room.contains(placed):  # cut by the window: the cut is outlined, not open
        edge = pygame.mask.Mask(img.get_size())
        for row in range(room.top - 2, room.top + 2):
            edge.draw(pygame.mask.Mask((room.w, 1), fill=True), (room.x - placed.x, row - placed.y))
        for row in range(room.bottom - 2, room.bottom + 2):
            edge.draw(pygame.mask.Mask((room.w, 1), fill=True), (room.x - placed.x, row - placed.y))
        bright = pygame.mask.from_surface(img, 150)
        assert bright.overlap_area(edge, (0, 0)) > 10


@pytest.mark.usefixtures("larger_text")
def test_planet_icons_clear_their_label_and_the_points_in_larger_text() -> None:
    r = hud.panel_rect(0)
    label = text.render("Planets", 14, (255, 255, 255)).get_rect(midleft=(r.x + 12, 0))
    first = hud.mini_start(r.x, label.right)
    assert first - hud.MINI_R > label.right
    last = first + 5 * hud.MINI_STEP + hud.MINI_R  # six planets: a two-player seat
    points = text.render("12 pts", 12, (255, 255, 255)).get_rect(midright=(r.right - 12, 0))
    assert last < points.left
    assert hud.MINI_R >= 11


def test_an_ai_choosing_a_card_is_not_said_to_take_aim(app: Any) -> None:
    from game.games.cosmic.match import CosmicMatch
    from game.games.cosmic.rules import Phase
    from game.games.cosmic.scene import Stage

    scene = open_scene(app, "ai:easy", "ai:easy", match=CosmicMatch.new(2, 3))
    assert scene.match.phase == Phase.DRAFT
    scene.stage = Stage.SHOW
    seat = scene.to_act
    assert seat is not None
    _, hint, _ = scene.presenter.banner()
    assert hint == f"{scene.name(seat)} chooses…"


def bomb_turn_match() -> Any:
    """Seat 0 about to toss the Space Bomb (all four colours banked)."""
    from game.games.cosmic.data import COLOUR_KEYS
    from game.games.cosmic.rules import Phase

    m = human_turn()
    m.state.players[0].base = list(COLOUR_KEYS)
    m.state.turn_phase = Phase.BOMB
    m.state.bomb_cubes = list(COLOUR_KEYS)
    return m


@pytest.mark.parametrize(("device", "updown"), [("keys1", "W/S"), ("keys2", "UP/DOWN")])
def test_the_keyboard_bomb_hint_names_the_seats_own_keys(app: Any, device: str,
                                                         updown: str) -> None:
    scene = open_scene(app, device, "ai:medium", match=bomb_turn_match())
    tick(scene)
    hint = scene.presenter.hint(0)
    assert "up/down" not in hint
    left, right = (app.input.word_for(device, a) for a in ("left", "right"))
    if device == "keys2":  # the arrows' long names: in a word, to leave room for the lane key
        assert hint.startswith("ARROWS aim")
    else:
        assert f"{updown} power" in hint and hint.startswith(f"{left}/{right} aim")


def test_the_toss_landing_words_stay_in_space_clear_of_the_power_bar(app: Any,
                                                                     monkeypatch: Any) -> None:
    # a keyboard toss from the hand's first place by the top edge, barely charged: the
    # words once went under the bar or off the top of the screen
    scene = open_scene(app, "keys1", "ai:medium", match=bomb_turn_match())
    tick(scene)
    drawn = _labels_drawn(monkeypatch, _landing_words)
    from game.app.input import ActionEvent

    scene.handle_action(ActionEvent("keys1", "primary", True))
    for frames in (20, 40, 80):
        tick(scene, frames / 60)
        scene.draw(pygame.Surface((1280, 720)))
        toss = scene.aims.pad_toss
        assert toss is not None and drawn
        hx, hy = art.to_screen(*toss.hand)
        bar = marks.meter_rect((hx, hy), toss.angle, scene.view.aim.meter_bodies())
        assert art.FIELD_RECT.contains(drawn[-1])
        assert not drawn[-1].colliderect(bar.union(bar.move(0, -20)))


@pytest.mark.parametrize("pull", [(-60, -22), (-71, -32), (-40, -12)])
def test_the_toss_landing_words_keep_off_the_mouse_pull(app: Any, monkeypatch: Any,
                                                        pull: tuple[int, int]) -> None:
    from game.games.cosmic.controls import MouseToss

    scene = open_scene(app, "mouse", "ai:medium", match=bomb_turn_match())
    tick(scene)
    drawn = _labels_drawn(monkeypatch, _landing_words)
    start = (560, 200)  # pressed in space and pulled back toward the Base
    mouse(scene, POINT, start)
    mouse(scene, "primary", start)
    mouse(scene, POINT, (start[0] + pull[0], start[1] + pull[1]))
    scene.draw(pygame.Surface((1280, 720)))
    toss = scene.aims.mouse_toss
    assert isinstance(toss, MouseToss) and toss.pull is not None and drawn
    assert not drawn[-1].inflate(6, 2).clipline(toss.anchor, toss.pull.hand)


def test_the_release_zone_says_what_it_is_beside_it_clear_of_the_panels(app: Any,
                                                                        monkeypatch: Any) -> None:
    """A stranger saw a green box at the Base on every toss and could not tell what it was:
    the release zone is captioned ("toss from here"), beside it, on screen, off the banner,
    the panels and the log."""
    scene = open_scene(app, "mouse", "ai:medium", match=bomb_turn_match())
    tick(scene)
    drawn = _labels_drawn(monkeypatch, lambda words: words == view_mod.ZONE_WORDS)
    scene.draw(pygame.Surface((1280, 720)))
    assert drawn and "toss" in view_mod.ZONE_WORDS
    box = drawn[-1]
    img, (x, y) = art.release_zone(scene.faction_of(0))
    zone = img.get_bounding_rect().move(round(x), round(y))
    assert pygame.Rect(0, 0, *art.SCREEN).contains(box)
    # beside the zone it names (on the board: by the Base where the zone lies past its edge)
    assert box.inflate(60, 60).colliderect(zone)
    assert not box.colliderect(hud.BANNER)
    assert not box.colliderect(scene.view.log_rect())
    for seat in range(2):
        assert not box.colliderect(scene.panel(seat))


def test_the_rubber_band_stays_on_the_board_its_hand_marked_at_the_edge(app: Any) -> None:
    """A stranger saw the pull's rubber band drawn over the top prompt bar, and a later one
    over his player panel: a pull reaching over either leaves it as it was (two pulls, same
    pixels there). A hand past the board's edge is marked on the board, at the edge (another
    saw the band vanish behind a panel, the hand still pulling)."""
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    mouse(scene, "primary", ship)
    near = pygame.Rect(round(ship[0]) - 140, round(ship[1]) - 140, 280, 280)
    # the hand over the panel (the flick heads up the board), then over the prompt bar
    for rect, pulls in ((scene.panel(0), ((-60, 70), (-75, 40))),
                        (hud.BANNER, ((60, -70), (75, -55)))):
        shots = []
        for dx, dy in pulls:
            mouse(scene, POINT, (ship[0] + dx, ship[1] + dy))
            assert rect.collidepoint(scene.aims.mouse_aim.pull.hand)
            surface = pygame.Surface((1280, 720))
            scene.draw(surface)
            area = rect.clip(near).inflate(-4, -4)
            shots.append(pygame.image.tobytes(surface.subsurface(area), "RGB"))
        assert shots[0] == shots[1], rect
        mark = scene.view.aim.edge_mark
        assert mark is not None and marks.BOARD_CLIP.collidepoint(mark), rect


class _Placed:
    """A text observer: each line drawn and where (on the surface it was drawn on)."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, pygame.Rect]] = []

    def text(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
             img: pygame.Surface) -> None:
        self.lines.append((label, pygame.Rect(rect)))

    def rendered(self, img: pygame.Surface, label: str) -> None:
        """Only what is drawn counts."""

    def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Panels are not words."""


def _said(draw: Any) -> _Placed:
    text.forget_cached_drawings()  # drawn at this size, not taken from a cache
    said = _Placed()
    text.observe(said)
    try:
        draw()
    finally:
        text.observe(None)
    return said


def _whole(words: str, said: _Placed) -> bool:
    return " ".join(words.split()) in " ".join(" ".join(w for w, _ in said.lines).split())


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_keep_a_card_dialog_shows_every_cards_words_whole(app: Any, scale: float) -> None:
    """With larger text the card choice cut a card's line to "…": the dialog grows so every
    card's words show whole at full size, with its hint, inside space."""
    from game.games.cosmic.data import CARDS

    text.set_scale(scale)
    try:
        box, rects = hud.draft_rects()
        assert art.FIELD_RECT.contains(box)
        assert all(box.contains(r) for r in rects)
        for card in CARDS:
            said = _said(lambda c=card.card_id: hud.card_face(c, rects[0].w, rects[0].h))
            assert _whole(card.text, said) and _whole(card.name, said), card.card_id
            assert not any("…" in w for w, _ in said.lines), card.card_id
            assert all(pygame.Rect((0, 0), rects[0].size).contains(r)
                       for _, r in said.lines), card.card_id
        offer = (CARDS[0].card_id, CARDS[1].card_id)
        said = _said(lambda: hud.draw_draft(pygame.Surface(art.SCREEN), "You: keep one card",
                                            offer, 0, 0.0, False))
        assert _whole(hud.DRAFT_HINT, said)
        hint = [r for w, r in said.lines if w in hud.DRAFT_HINT]  # on the box's image
        assert hint and all(box.y - 12 + r.bottom <= rects[0].top for r in hint)
        assert all(box.w + 12 > r.right and r.left > 12 for r in hint)
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_an_automatic_cards_words_keep_clear_of_its_automatic_label(app: Any,
                                                                      scale: float) -> None:
    """With larger text Escape Pod's last word "them." touched its AUTOMATIC label: on the
    card choice, the hand's whole-face tip and the rules page, every automatic card's words
    end a gap above the label, all on the face."""
    from game.games.cosmic import info
    from game.games.cosmic.data import CARDS

    text.set_scale(scale)
    try:
        draft = hud.draft_rects()[1][0].size
        pw = info.CARD_PICTURE_WIDTH
        ph = max(hud.card_height(c.card_id, pw, info.CARD_PICTURE_TEXT) for c in CARDS) + 10
        faces = [(draft, 14), ((hud.CARD_TIP[0], hud.card_tip_height()), 14),
                 ((pw, ph), info.CARD_PICTURE_TEXT)]
        automatic = [c.card_id for c in CARDS if c.automatic]
        assert "escape_pod" in automatic
        for card in automatic:
            for (w, h), size in faces:
                said = _said(lambda c=card, w=w, h=h, z=size: hud.card_face(c, w, h, z))
                label = [r for words, r in said.lines if words == "AUTOMATIC"]
                words = [r for said_words, r in said.lines if said_words != "AUTOMATIC"]
                assert len(label) == 1 and words, (card, w, h)
                assert max(r.bottom for r in words) + 4 <= label[0].top, (card, w, h)
                assert all(pygame.Rect(0, 0, w, h).contains(r) for _, r in said.lines)
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_banner_shows_its_longest_hints_whole(app: Any, scale: float) -> None:
    """With larger text the banner cut "Press in space, pull back toward your Base, let go ·
    Shif…". At normal size it says every hint whole; with larger text it keeps between the
    top Bases' rings (over them it hid a top-corner player's bomb arrow), so a hint too long
    drops its last controls whole: what it says is the hint's first controls, never a word
    cut, and always the first (what to do)."""
    hints = ["Press in space, pull back toward your Base, let go · Shift fine · wheel spins",
             "Dotted lanes lead to crystals you need · press in open space, pull back",
             "Let go to flick · hold Shift for fine aim · right click cancels"]
    text.set_scale(scale)
    try:
        banner = hud.banner_rect()
        for faction in (0, 1, 2, 3):  # clear of every top Base's ring
            x, y = art.base_points(faction)
            if y < art.FIELD_Y + 10:
                ring = art.px(BASE_RADIUS)
                assert not banner.colliderect(pygame.Rect(x - ring, y - ring, 2 * ring,
                                                          2 * ring).inflate(-4, -4)), faction
        for hint in hints:
            said = _said(lambda h=hint: hud.draw_banner(pygame.Surface(art.SCREEN),
                                                        "You: toss the Space Bomb! · round 1",
                                                        h, theme.BLAST))
            controls = hint.split(" · ")
            shown = [" · ".join(controls[:k]) for k in range(len(controls), 0, -1)]
            if scale == 1.0:
                assert _whole(hint, said), hint
            else:
                assert any(_whole(part, said) for part in shown), hint
            assert _whole("You: toss the Space Bomb! · round 1", said)
            assert not any("…" in w for w, _ in said.lines)
            inside = pygame.Rect(8, 6, banner.w, banner.h)  # on the banner's own image
            assert all(inside.contains(r) for _, r in said.lines), hint
    finally:
        text.set_scale(1.0)


def test_the_orbital_shift_emblem_is_arrows_round_an_orbit_with_planets(app: Any) -> None:
    """Strangers found Orbital Shift's emblem (a ringed planet) unclear: it is a round orbit
    drawn as two arrows chasing each other, a planet in each gap they point into."""
    import math

    from game.games.cosmic.data import Effect

    r = 40
    s = pygame.Surface((200, 200))
    hud.draw_emblem(s, Effect.MOVE_OWN_PLANET, (100, 100), r, (255, 255, 255))

    def lit(deg: float, out: float = hud.ORBIT_R - 0.06) -> bool:  # an arc's stroke is inside
        a = math.radians(deg)
        x, y = 100 + r * out * math.cos(a), 100 - r * out * math.sin(a)
        return s.get_at((round(x), round(y)))[:3] != (0, 0, 0)

    for a0, a1 in hud.ORBIT_ARCS:  # the orbit is round: its arcs run above and below
        assert all(lit(a0 + (a1 - a0) * k / 4) for k in range(1, 4))
    assert lit(90) and lit(270)
    for deg in hud.ORBIT_PLANETS:  # a planet in each gap
        assert lit(deg)
    ends = [a1 for _, a1 in hud.ORBIT_ARCS]
    for end, planet in zip(ends, hud.ORBIT_PLANETS, strict=True):
        assert lit(end, hud.ORBIT_R + 0.2) and lit(end, hud.ORBIT_R - 0.2)  # an arrowhead
        towards = range(round(end) + 1, round(planet + (360 if planet < end else 0)))
        assert any(not lit(d) for d in towards), end  # space between arrow and planet


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_prompt_never_covers_the_board(app: Any, scale: float) -> None:
    """With larger text the prompt grew to three lines and hung over the top of space (a
    ship hid under it): in both text sizes it lies in the strip above the board, clear of
    the docked ships and the bomb's hand, and its panel stops above space (a faint shadow
    aside)."""
    from game.games.cosmic.table import dock_spot, release_default

    text.set_scale(scale)
    try:
        banner = hud.banner_rect()
        assert banner.bottom <= art.FIELD_RECT.top
        for f in range(len(FACTIONS)):
            x, y = art.to_screen(*dock_spot(f))
            ship = pygame.Rect(0, 0, 2 * art.px(14.0), 2 * art.px(14.0))
            ship.center = (round(x), round(y))
            assert not banner.colliderect(ship), f
            hand = art.to_screen(*release_default(f))  # where the bomb waits in the hand
            assert not banner.inflate(2 * art.px(44.0), 2 * art.px(44.0)).collidepoint(hand), f
        s = pygame.Surface(art.SCREEN, pygame.SRCALPHA)
        hud.draw_banner(s, "Your turn · 1 flick left · round 12",
                        "Press in space, pull back toward your Base, let go · Shift fine · "
                        "wheel spins", theme.BLAST)
        rows = [y for y in range(art.SCREEN[1])
                if any(s.get_at((x, y)).a > 200 for x in range(banner.left, banner.right, 3))]
        assert max(rows) < art.FIELD_RECT.top
    finally:
        text.set_scale(1.0)


class _Said:
    """Where each line of text was drawn (a text.DrawObserver)."""

    def __init__(self) -> None:
        self.at: dict[str, pygame.Rect] = {}

    def text(self, surface: Any, rect: pygame.Rect, label: str, img: Any) -> None:
        self.at[label] = pygame.Rect(rect)

    def panel(self, surface: Any, rect: pygame.Rect) -> None:
        pass

    def rendered(self, img: Any, label: str) -> None:
        pass


@pytest.mark.parametrize("cards", [0, 2])
def test_a_seats_panel_in_larger_text_keeps_its_rows_apart(app: Any, larger_text: Any,
                                                           cards: int) -> None:
    """With larger text the panel was cramped: a ringed planet's band touched "Planets", six
    planets ran up to "12 pts", and the card backs lay over "3 cards". The panel (drawn at
    its shortest, a four-seat table's) keeps each row's words clear of its icons."""
    from game.games.cosmic.hud import SeatInfo, _seat_image

    info = SeatInfo(1, "Ben", 1, "AI · medium", 8, (), ("red",),
                    tuple((p, True) for p in (0, 1, 2, 5, 7, 10)),
                    ("orbital_shift", "hijack")[:cards], 3, (False,) * cards, False, True,
                    (0,), 2)
    assert text.scale() == theme.LARGE_TEXT_SCALE
    said = _Said()
    text.observe(said)
    try:
        _seat_image.cache_clear()
        img = _seat_image(info)
    finally:
        text.observe(None)
    white = (250, 250, 250)
    band = [img.get_at((x, y))[:3] for x in range(1, img.get_width() - 1)
            for y in range(said.at["Planets"].top, said.at["Planets"].bottom)
            if said.at["Planets"].right < x < said.at["Planets"].right + 8
            or said.at["12 pts"].left - 8 < x < said.at["12 pts"].left]
    assert white not in band  # no planet's rim or band reaches the row's words
    if not cards:
        words = said.at["3 cards"]
        ring = art.faction_colour(1)
        inside = [img.get_at((x, y))[:3] for x in range(words.left, words.right)
                  for y in range(words.top, words.bottom)]
        assert tuple(ring[:3]) not in inside  # no card back over the words


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_a_playable_card_wears_a_play_button_inside_its_row(monkeypatch: Any,
                                                            scale: float) -> None:
    """A kept card the player may play now shows a PLAY pill, as a button does, inside its row
    and clear of its name (a stranger saw no way to play a kept card with the mouse); a card
    not playable now shows none."""
    text.set_scale(scale)
    said: list[str] = []
    real = text.render

    def spy(words: str, *a: Any, **kw: Any) -> pygame.Surface:
        said.append(words)
        return real(words, *a, **kw)

    try:
        for playable in (True, False):
            surface = pygame.Surface((400, 200))
            surface.fill((0, 0, 0))
            said.clear()
            monkeypatch.setattr(text, "render", spy)
            row = pygame.Rect(20, 20, 290, 70)
            hud._card_row(surface, row, "intelligence", playable)
            monkeypatch.setattr(text, "render", real)
            words = list(said)
            assert ("PLAY" in words) == playable
            if playable:  # the pill's mint lies inside the row, right of the name
                mint = [(x, y) for x in range(row.x, row.right) for y in range(row.y, row.bottom)
                        if surface.get_at((x, y))[:3] == theme.MINT]
                assert mint and all(row.collidepoint(p) for p in mint)
                name_end = row.x + 8 + text.render("Intelligence", 14, theme.CREAM,
                                                   True).get_width()
                assert min(x for x, _ in mint) > name_end
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_a_choosers_options_start_under_its_hint_and_the_hint_speaks_to_the_device(
        app: Any, scale: float) -> None:
    """With larger text the Supply Drop chooser's first option covered its hint, and a keys
    player read 'right click' there."""
    from game.app.input import ActionEvent

    from .test_scene import with_cards

    text.set_scale(scale)
    try:
        for device in ("mouse", "keys1"):
            scene = open_scene(app, device, "ai:medium", match=with_cards("supply_drop"))
            tick(scene)
            if device == "mouse":
                rows = hud.card_rects(hud.panel_rect(scene.faction_of(0)), 1)
                mouse(scene, "primary", rows[0].center)
            else:
                scene.handle_action(ActionEvent("keys1", "secondary", True))
                scene.handle_action(ActionEvent("keys1", "confirm", True))
            assert scene.commands.chooser is not None
            hint = scene.commands.chooser_hint()
            assert ("click" in hint) == (device == "mouse"), hint
            assert "colour" in hint and "cancels" in hint, hint
            box, options = hud.chooser_rects(4, scene.faction_of(0), hint)
            hint_y = hud.modal_tops(box.w, hint)[0]
            lines = text.wrap(hint, hud.HINT_PX, box.w - 32)
            bottom = box.y + hint_y + len(lines) * text.line_height(hud.HINT_PX)
            assert options[0].top >= bottom, (options[0], bottom)
            assert box.contains(options[-1])
            app.stack.pop()
            app.stack.apply_requests()
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("device", ["keys1", "keys2"])
def test_a_keys_flick_hint_shows_whole_with_larger_text(app: Any, device: str) -> None:
    """With larger text the banner dropped 'LEFT CTRL cards & buttons', and with it a keys
    newcomer's way to Return to Base, and then the next-lane key: every control of the keys'
    hint shows, the menu key and the next-lane key too, in short words ("L CTRL")."""
    from game.games.cosmic.presenter import short_key_word

    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        scene = open_scene(app, device, "ai:easy", match=human_turn())
        tick(scene)
        title, hint, colour = scene.presenter.banner()
        menu = short_key_word(app.input.word_for)(device, "secondary")
        assert f"{menu} menu" in hint, hint
        said = _said(lambda: hud.draw_banner(pygame.Surface(art.SCREEN), title, hint, colour))
        assert _whole(hint, said), (hint, said.lines)
    finally:
        text.set_scale(1.0)


def test_the_bombs_toss_shows_over_a_side_panel(app: Any) -> None:
    """A stranger's Space Bomb toss, from his Base's corner, ran behind his panel and
    vanished there: its arrow and arc are drawn over the panel (the panel's pixels change
    as the aim turns across it)."""
    import math

    scene = open_scene(app, "keys1", "ai:medium", match=bomb_turn_match())
    tick(scene)
    toss = scene.aims.pad_toss
    assert toss is not None
    toss.armed = True
    panel = scene.panel(0).inflate(-8, -8)
    across = away = None
    for k in range(72):  # an aim whose flight crosses the panel, and one that does not
        angle = k * math.tau / 72
        flight, _, _ = scene.previews.toss_preview(toss.hand, angle, 0.7, toss.spin)
        if any(panel.collidepoint(art.to_screen(*p)) for p in flight):
            across = angle if across is None else across
        elif away is None and not any(panel.inflate(80, 80).collidepoint(art.to_screen(*p))
                                      for p in flight):
            away = angle
    assert across is not None and away is not None
    shots = []
    for angle in (across, away):
        toss.angle, toss.power = angle, 0.7
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
        shots.append(surface)
    assert pygame.image.tobytes(shots[0].subsurface(panel), "RGB") != \
        pygame.image.tobytes(shots[1].subsurface(panel), "RGB")


def test_the_toss_landing_words_keep_off_the_bases(app: Any, monkeypatch: Any) -> None:
    """A stranger's "destroys Ben's Yellow" and "goes off here" lay on a Base in a corner of
    space: tossed to stop by a corner, the words keep off every Base."""
    import math

    from game.games.cosmic.table import corner_of

    scene = open_scene(app, "keys1", "ai:medium", match=bomb_turn_match())
    tick(scene)
    drawn = _labels_drawn(monkeypatch, _landing_words, (aim_mod,))
    toss = scene.aims.pad_toss
    assert toss is not None
    toss.armed = True
    bases = [(art.to_screen(*corner_of(f)), art.px(BASE_RADIUS)) for f in range(len(FACTIONS))]
    tried = 0
    for k in range(24):  # down and right from the top left corner's hand
        for power in (0.7, 0.8, 0.85, 0.9, 0.95, 1.0):
            angle = k * math.tau / 96
            _, slide, _ = scene.previews.toss_preview(toss.hand, angle, power, toss.spin)
            rest = art.to_screen(*slide[-1])
            if not art.FIELD_RECT.collidepoint(rest) or \
                    min(math.dist(rest, c) - r for c, r in bases) > 60:
                continue
            toss.angle, toss.power = angle, power
            drawn.clear()
            scene.draw(pygame.Surface((1280, 720)))
            assert drawn
            tried += 1
            for c, r in bases:
                assert not marks.box_cuts_ring(drawn[-1], (round(c[0]), round(c[1])), r), \
                    (angle, power)
    assert tried >= 3


def test_the_share_under_the_bomb_is_never_written_over_the_bomb(app: Any,
                                                                 monkeypatch: Any) -> None:
    """A stranger read "69% under" drawn over the resting bomb (it sat above the planet, the
    bomb above it too): the words go on a side of the planet clear of the bomb."""
    from types import SimpleNamespace

    from game.games.cosmic.data import BOMB_RADIUS, PLANET_RADIUS

    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    planet = (120.0, 230.0)
    said: list[pygame.Rect] = []
    real = text.blit

    def spy(surface: pygame.Surface, words: str, *a: Any, **k: Any) -> pygame.Rect:
        got = real(surface, words, *a, **k)
        if words.endswith(("% under", ": safe")):
            said.append(got)
        return got

    monkeypatch.setattr(view_mod.text, "blit", spy)
    body = SimpleNamespace(position=SimpleNamespace(x=planet[0], y=planet[1]))
    monkeypatch.setattr(scene, "world", SimpleNamespace(planets={0: body}))
    for dx, dy in ((-14.0, -22.0), (0.0, -30.0), (20.0, -10.0), (0.0, 28.0), (-30.0, 0.0)):
        bomb = (planet[0] + dx, planet[1] + dy)
        said.clear()
        scene.view._covered(pygame.Surface((1280, 720)), bomb, (0, 0))
        assert said, (dx, dy)
        bx, by = art.to_screen(*bomb)
        assert not marks.box_cuts_ring(said[-1], (round(bx), round(by)), art.px(BOMB_RADIUS))
        px_, py_ = art.to_screen(*planet)
        assert not marks.box_cuts_ring(said[-1], (round(px_), round(py_)),
                                       art.px(PLANET_RADIUS))


def test_with_larger_text_the_banner_says_the_tables_hints_whole_with_a_margin(
        app: Any, larger_text: Any) -> None:
    """With larger text a stranger's banner read "No straight lane to a crystal you need"
    (its "try a bounce off a planet" dropped), and its title and hint touched its edges. Every
    hint the table gives there is said whole, in its short words, and neither line touches
    the banner's top or bottom."""
    from game.app.input import ActionEvent
    from game.games.cosmic import presenter

    hints = list(getattr(presenter, "SHORT_HINTS", {}).values())
    hints.append("No straight lane to a crystal you need · try a bounce off a planet")
    mouse_turn = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(mouse_turn)
    hints.append(mouse_turn.presenter.hint(0))
    bomb = open_scene(app, "mouse", "ai:medium", match=bomb_turn_match())
    tick(bomb)
    hints.append(bomb.presenter.hint(0))
    for device in ("keys1", "keys2"):
        keys = open_scene(app, device, "ai:medium", match=human_turn())
        tick(keys)
        keys.handle_action(ActionEvent(device, "secondary", True))
        assert keys.commands.menu_focus is not None
        hints.append(keys.presenter.hint(0))
    banner = hud.banner_rect()
    inside = pygame.Rect(8, 6, banner.w, banner.h).inflate(0, -2)
    for hint in hints:
        short = getattr(presenter, "SHORT_HINTS", {}).get(hint, hint)  # as `hint` says it
        said = _said(lambda h=short: hud.draw_banner(pygame.Surface(art.SCREEN),
                                                     "Cleo's turn · 1 flick left · round 6",
                                                     h, theme.BLAST))
        assert _whole(short, said), hint
        assert _whole("Cleo's turn · 1 flick left · round 6", said)
        assert all(inside.contains(r) for _, r in said.lines), hint


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_last_pulls_words_never_touch_their_ring_or_a_panel(app: Any,
                                                                 scale: float) -> None:
    """A stranger read "ast pull" at a panel's edge (its turn glow over the "l"), "last pul"
    run into its own ring, and with larger text "last pull" ran into "points" on Cleo's
    panel. Wherever the ship and its last pull lie, the words show whole: clear of their
    ring, of every panel (glow and all) and of the log, or not at all."""
    import math

    text.set_scale(scale)
    try:
        scene = open_scene(app, "mouse", "keys1", "ai:easy", match=human_turn(players=3))
        tick(scene)
        aim = scene.aims.mouse_aim
        assert aim is not None
        shown = 0
        surface = pygame.Surface((1280, 720))
        for ship in (None, (20.0, 130.0), (40.0, 60.0), (230.0, 235.0), (560.0, 200.0)):
            if ship is None:
                scene.match.table.ships.pop(0, None)  # docked at the Base
            else:
                scene.match.table.ships[0] = ship
            for k in range(0, 24, 3):
                for power in (0.3, 0.9):
                    angle = k * math.tau / 24
                    aim.last = (angle, power)
                    said = _Placed()
                    text.observe(said)
                    try:
                        scene.draw(surface)
                    finally:
                        text.observe(None)
                    words = [r for w, r in said.lines if w == "last pull"]
                    if not words:
                        continue
                    shown += 1
                    box = words[-1]
                    ring = marks.last_pull_hand(art.to_screen(*scene.match.ship_at(0)),
                                                angle, power)
                    where = (ship, k, power, box)
                    assert not marks.box_cuts_ring(box, ring, 10), where  # (ring: 8)
                    assert marks.BOARD_CLIP.contains(box), where
                    for seat in range(3):
                        assert not box.colliderect(scene.panel(seat).inflate(20, 20)), where
                    assert not box.colliderect(scene.view.log_rect().inflate(4, 4)), where
        assert shown >= 40
    finally:
        text.set_scale(1.0)


def test_a_crystals_letter_stands_out_from_its_cube() -> None:
    """With the colour-blind palette a stranger could hardly read the crystals' letters: a
    9-pixel dark letter on red, blue and green. The letter is larger, in whichever of dark
    and white stands further from its cube in luminance, ringed in the other."""
    from game.games.cosmic.marks import CRYSTAL_TAG

    def lum(c: tuple[int, int, int]) -> float:
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    assert CRYSTAL_TAG >= 16
    for colour, rgb in art.COLOUR_RGB.items():
        ink, ring = art.mark_inks(rgb)
        assert abs(lum(ink) - lum(rgb)) >= 110, (colour, rgb, ink)
        assert abs(lum(ring) - lum(ink)) > 200  # the ring is the other ink
        tag = art.cube(colour, CRYSTAL_TAG, True)
        # the letter's own ink is drawn on the cube (white on red, dark on yellow)
        centre = tag.get_rect().center
        near = [tuple(tag.get_at((centre[0] + dx, centre[1] + dy)))[:3]
                for dx in range(-4, 5) for dy in range(-5, 6)]
        assert ink in near, (colour, ink)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_power_words_never_touch_the_last_pulls_words_or_ring(app: Any, scale: float,
                                                                  players: int) -> None:
    """With larger text a stranger's "power 54%" sat on "last pull": the words stuck out past
    the bar, whose plate alone kept off the ghost's ring and the words' middle. The bar's
    words, as drawn, keep off the last pull's words and ring, every way round."""
    import math

    from game.games.cosmic.data import FIELD

    text.set_scale(scale)
    try:
        scene = open_scene(app, "mouse", *["ai:easy"] * (players - 1),
                           match=human_turn(players=players))
        tick(scene)
        surface = pygame.Surface((1280, 720))
        shown = 0
        for sx, sy in ((0.3, 0.5), (0.8, 0.8)):
            scene.match.table.ships[0] = (FIELD * sx, FIELD * sy)
            ship = art.to_screen(*scene.match.ship_at(0))
            for k in (0, 1, 6, 11):
                a = k * math.pi / 6
                assert mouse(scene, "primary", ship)
                mouse(scene, POINT, (ship[0] - math.cos(a) * 60, ship[1] - math.sin(a) * 60))
                aim = scene.aims.mouse_aim
                assert aim is not None and aim.active
                for turn in (0.0, 0.6, 3.1):
                    aim.last = (a + turn, 0.55)
                    said = _Placed()
                    text.observe(said)
                    try:
                        scene.draw(surface)
                    finally:
                        text.observe(None)
                    power = [r for w, r in said.lines if w.startswith(("power ", "MAX power"))]
                    ghost = [r for w, r in said.lines if w == "last pull"]
                    ring = marks.last_pull_hand(ship, a + turn, 0.55)
                    assert len(power) == 1
                    ghost.append(pygame.Rect(ring[0] - 8, ring[1] - 8, 16, 16))
                    where = (sx, sy, k, turn)
                    assert power[0].collidelist(ghost) < 0, where
                    shown += len(ghost) == 2
                mouse(scene, "secondary", ship)  # let go of this aim: the next one
        assert shown >= 12
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_bombs_result_card_hides_no_planet_or_ship(app: Any, scale: float,
                                                      players: int) -> None:
    """With larger text a stranger's bomb result ("KABOOM! 2 planets destroyed" and a line
    each) covered planets as the next player lined up: on a crowded board no place in space
    was clear. It goes out of space then, nearest the move log, over no panel or Base (or
    in the log opened upward at a full table), and never over a planet or a ship."""
    import random

    from game.games.cosmic.data import PLANET_RADIUS
    from game.games.cosmic.presenter import bomb_lines
    from game.games.cosmic.table import corner_of

    text.set_scale(scale)
    try:
        rnd = random.Random(1)
        pr = art.px(PLANET_RADIUS)
        off_space = 0
        for seed in (3, 60):
            scene = open_scene(app, "mouse", *["ai:easy"] * (players - 1),
                               match=human_turn(seed=seed, players=players))
            tick(scene)
            table = scene.match.table
            log = scene.view.log_rect()
            bases = [(round(x), round(y)) for x, y in
                     (art.to_screen(*corner_of(f)) for f in range(len(FACTIONS)))]
            for _ in range(6):
                kept = dict(table.planets)
                hit = rnd.sample(sorted(table.planets), rnd.choice([0, 1, 2, 3]))
                spots = tuple(art.to_screen(*table.planets[p]) for p in hit)
                for p in hit:
                    del table.planets[p]
                title, lines = bomb_lines(scene.voice, scene.match.state.owner, 0, hit, "now")
                x, y, w = scene.view.result_place(lines, spots, title)
                card = hud.result_rect(hud.result_rows(lines, w, title), y, x, w)
                bodies = [*(art.to_screen(*xy) for xy in table.planets.values()),
                          *(art.to_screen(*scene.match.ship_at(s)) for s in range(players))]
                where = (seed, hit, card)
                assert not any(card.inflate(2 * pr, 2 * pr).collidepoint(b) for b in bodies), \
                    where
                assert pygame.Rect(0, 0, *art.SCREEN).contains(card), where
                assert not card.colliderect(hud.banner_rect()), where
                if not art.FIELD_RECT.contains(card):
                    off_space += 1
                    if log.h <= hud.LOG_STRIP.h:  # a full table: in the log opened upward
                        assert hud.log_opened(log).contains(card), where
                    else:
                        panels = [scene.panel(s) for s in range(players)]
                        assert card.collidelist(panels) < 0, where
                        assert not any(marks.box_cuts_ring(card, b, art.px(BASE_RADIUS))
                                       for b in bases), where
                table.planets.clear()
                table.planets.update(kept)
        assert off_space or scale == 1.0
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_a_toss_landing_out_of_sight_is_said_and_marked_on_the_board(
        app: Any, monkeypatch: Any, scale: float, players: int) -> None:
    """A stranger's toss stopped under the LOG: its ring hid under the panel and "goes off
    here" lay beside it. A landing under the log or a panel is said so ("goes off under the
    log"), marked at the open board's edge with an arrow on to it, its words on the open
    board; a landing in space is "here", unmarked."""
    from game.games.cosmic.data import COLOUR_KEYS
    from game.games.cosmic.rules import Phase
    from game.games.cosmic.table import corner_of

    text.set_scale(scale)
    try:
        match = human_turn(players=players)
        match.state.players[0].base = list(COLOUR_KEYS)
        match.state.turn_phase = Phase.BOMB
        match.state.bomb_cubes = list(COLOUR_KEYS)
        scene = open_scene(app, "mouse", *["ai:easy"] * (players - 1), match=match)
        tick(scene)
        said: list[tuple[str, pygame.Rect]] = []
        real_label = aim_mod.board_label

        def label(surface: pygame.Surface, words: str, size: int, colour: Any, at: Any,
                  anchor: str = "midtop") -> None:
            if words.startswith(("goes off", "destroys ")):
                img = text.render(words, size, colour, True)
                said.append((words, img.get_rect(**{anchor: (round(at[0]), round(at[1]))})))
            real_label(surface, words, size, colour, at, anchor)

        marked: list[tuple[Any, Any]] = []
        real_mark = aim_mod.edge_landing

        def mark(surface: pygame.Surface, at: Any, toward: Any) -> None:
            marked.append((at, toward))
            real_mark(surface, at, toward)

        monkeypatch.setattr(aim_mod, "board_label", label)
        monkeypatch.setattr(aim_mod, "edge_landing", mark)
        start = (560, 200)  # pressed in space and pulled back
        mouse(scene, POINT, start)
        mouse(scene, "primary", start)
        mouse(scene, POINT, (start[0] - 60, start[1] - 22))
        toss = scene.aims.mouse_toss
        assert toss is not None and toss.active
        log = scene.view.log_rect()
        panels = [scene.panel(s) for s in range(players)]
        surface = pygame.Surface((1280, 720))
        for at, where in ((log.center, "under the log"), (panels[1].center, "panel"),
                          (art.FIELD_RECT.center, "here")):
            stop = ((at[0] - art.FIELD_X) / art.SCALE, (at[1] - art.FIELD_Y) / art.SCALE)
            monkeypatch.setattr(scene.previews, "toss_preview",
                                lambda *_, s=stop: ([toss.hand, s], [s], []))
            marked.clear()
            said.clear()
            scene.draw(surface)
            assert said, where
            words, box = said[-1]
            assert art.FIELD_RECT.contains(box), (where, box)
            assert box.collidelist([log, *panels]) < 0, (where, box)
            if where == "here":
                assert words.startswith("goes off here") and not marked
                continue
            assert words.startswith("goes off under ") and where in words, words
            assert len(marked) == 1 and marked[0][1] == at
            edge = pygame.Rect(0, 0, 2 * marks.EDGE_MARK_R, 2 * marks.EDGE_MARK_R)
            edge.center = marked[0][0]
            assert art.FIELD_RECT.contains(edge) and edge.collidelist([log, *panels]) < 0
            for f in range(len(FACTIONS)):  # and off the Bases in space's corners
                base = art.to_screen(*corner_of(f))
                assert math.dist(edge.center, base) >= art.px(BASE_RADIUS) + marks.EDGE_MARK_R
            assert math.dist(edge.center, at) < math.dist(art.FIELD_RECT.center, at)
    finally:
        text.set_scale(1.0)


def test_the_bomb_in_flight_never_draws_over_the_banner(app: Any) -> None:
    """A stranger's bomb in flight covered the top banner's words: the banner stays on top
    (the bomb's outline over the HUD keeps below it), wherever under the banner it flies."""
    from game.games.cosmic import art, hud
    from game.games.cosmic.scene import Stage
    from game.games.cosmic.world import BodyPose

    from .test_scene import open_scene, tick

    scene = open_scene(app, "mouse", "ai:easy", match=bomb_turn_match())
    tick(scene)
    scene.stage = Stage.FLIGHT
    banner = hud.banner_rect()
    drawn_below = False
    for sx in range(banner.left + 20, banner.right, 60):
        wx, wy = art.to_world(sx, banner.bottom + 30)
        pose = BodyPose("bomb", 0, wx, wy, 0.0, 0.0, height=0.6)
        shot = pygame.Surface((1280, 720), pygame.SRCALPHA)  # clear: only what is drawn
        scene.view._bomb(shot, [pose], (0, 0), over_hud=True)
        assert shot.subsurface(banner).get_bounding_rect().size == (0, 0), sx
        drawn_below |= shot.get_bounding_rect().size != (0, 0)
    assert drawn_below  # it still shows where it flies, below the banner


@pytest.mark.parametrize("large", [False, True])
def test_a_panels_points_word_keeps_clear_of_its_docked_line(large: bool) -> None:
    """With larger text "points" sat right on "in space" / "docked" under it: it keeps a
    clear gap from that line (beside the score, with larger text)."""
    from game.games.cosmic import hud
    from game.ui import text, theme

    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    try:
        r = pygame.Rect(10, 10, 300, 480)
        score_w = text.render("12", 30, theme.SPARK, bold=True).get_width()
        (x, y), anchor = hud.points_spot(r, score_w)
        words = text.render("points", 12, theme.MUTED).get_rect(**{anchor: (x, y)})
        status = text.render("in space", 12, theme.MUTED).get_rect(
            midright=(r.right - 12, r.y + hud.HOLD_Y + 12))
        assert words.inflate(0, 8).colliderect(status) is False, (words, status)
        score = pygame.Rect(0, 0, score_w, 4).move(r.right - 12 - score_w, r.y + 20)
        assert not words.colliderect(score)
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_play_button_on_a_card_row_keeps_above_the_cards_words(scale: float) -> None:
    """With larger text the green PLAY button touched the card's words under it: it keeps
    inside its row, above where the words start, its word inside it."""
    text.set_scale(scale)
    try:
        row = pygame.Rect(20, 300, 280, 70)
        label, box = hud.play_pill(row, mid=False)
        assert row.contains(box) and box.bottom < row.y + hud.CARD_WORDS_Y
        assert label.get_width() < box.w and label.get_height() < box.h
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_banner_says_every_next_lane_note_and_refusal_whole(app: Any, scale: float) -> None:
    """With larger text the banner cut "No straight lane to a crystal: the clearest way
    toward the…": every note the next-lane and target keys leave (each kind, the longest
    planet name, six to choose) and every refusal of theirs says its target whole at both
    text sizes (the keys' words after it drop whole where there is no room), no word cut."""
    from game.games.cosmic.commands import TARGET_WORDS, lane_note
    from game.games.cosmic.data import PLANETS
    from game.games.cosmic.presenter import BANNER_TITLE_LONGEST

    longest = max(range(len(PLANETS)), key=lambda p: len(PLANETS[p].colour) + PLANETS[p].dots)
    word = app.input.word_for
    notes = [lane_note(word, device, kind, None if kind in ("water", "base") else longest, 6,
                       kind == "planet")
             for kind in TARGET_WORDS for device in ("keys1", "keys2", "pad1")]
    notes += ["No clear lane from here: turn the aim by hand",
              "No clear lane from here: pull back to aim by hand",
              "No rival planet a toss from here destroys"]
    text.set_scale(scale)
    try:
        for note in notes:
            said = _said(lambda n=note: hud.draw_banner(pygame.Surface(art.SCREEN),
                                                        BANNER_TITLE_LONGEST, n, theme.BLAST))
            assert _whole(note.split(" · ")[0], said), (note, said.lines)
            assert not any("…" in w for w, _ in said.lines), (note, said.lines)
            if scale == 1.0 and note.startswith("Lane to") and ":" not in note.split(" · ")[0] \
                    and "TAB" in note:
                # (a plain lane on the left keys: the power keys said too)
                assert _whole(note, said), (note, said.lines)
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_release_zones_words_stay_on_the_board_in_every_corner(app: Any, monkeypatch: Any,
                                                                   seat: int) -> None:
    """A stranger's "toss from here" sat outside the playfield in a corner: at every seat's
    zone the words are inside the board."""
    from game.games.cosmic.scene import CosmicScene

    scene = open_scene(app, *(["ai:easy"] * 4), match=human_turn(players=4))
    monkeypatch.setattr(CosmicScene, "to_act", property(lambda self: seat))
    box = scene.view.zone_label_box()
    assert box is not None
    assert art.FIELD_RECT.contains(box.inflate(10, 4)), (box, art.FIELD_RECT)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_every_advancement_card_face_has_one_name_size_and_one_words_size(
        app: Any, scale: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each card's name and words were fitted alone, so with larger text one card's title
    (and on the hand's tip one card's words) showed a size smaller than the next card's. On
    the card choice, the tip and the rules page every card's name is drawn at one size, its
    words at one size, whole and on the face."""
    from game.games.cosmic import info
    from game.games.cosmic.data import CARDS

    sizes: dict[str, int] = {}
    blit = text.blit

    def noted(surface: Any, label: str, size: int, *args: Any, **kw: Any) -> Any:
        sizes[label] = size
        return blit(surface, label, size, *args, **kw)

    monkeypatch.setattr(text, "blit", noted)
    text.set_scale(scale)
    try:
        draft = hud.draft_rects()[1][0].size
        tip = (hud.CARD_TIP[0], hud.card_tip_height())
        pw = info.CARD_PICTURE_WIDTH
        ph = max(hud.card_height(c.card_id, pw, info.CARD_PICTURE_TEXT) for c in CARDS) + 10
        for (w, h), size in ((draft, 14), (tip, 14), ((pw, ph), info.CARD_PICTURE_TEXT)):
            names: set[int] = set()
            words: set[int] = set()
            for card in CARDS:
                sizes.clear()
                said = _said(lambda c=card.card_id, w=w, h=h, z=size: hud.card_face(c, w, h, z))
                assert _whole(card.text, said) and _whole(card.name, said), (card.card_id, w)
                assert not any("…" in s for s, _ in said.lines), (card.card_id, w)
                assert all(pygame.Rect(0, 0, w, h).contains(r) for _, r in said.lines)
                for s, _ in said.lines:
                    if s == "AUTOMATIC":
                        continue
                    if s in card.name:
                        names.add(sizes[s])
                    elif s in " ".join(card.text.split()):
                        words.add(sizes[s])
            assert len(names) == 1 and len(words) == 1, (w, h, names, words)
    finally:
        text.set_scale(1.0)
