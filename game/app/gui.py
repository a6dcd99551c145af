"""pygame-gui glue: one themed manager, mouse mapped to logical space, and focus navigation.

pygame-gui is mouse-first; `Nav` adds what a gamepad or keyboard player needs: a focused
item, moved with up/down/left/right, activated with confirm, with a visible focus ring.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement

from game.app.display import LOGICAL_SIZE
from game.app.input import MOUSE, ActionEvent
from game.app.scene import Scene
from game.ui import text, theme
from game.ui.background import draw_menu_background, menu_backdrop
from game.ui.draw import focus_ring

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)



TOOLTIP_MAX_W = 420
"""The widest a button's tooltip grows before its words wrap."""


def tooltip_width(words: str) -> int:
    """A tooltip's wrap width: its words on one line (with the box's padding) when they fit in
    `TOOLTIP_MAX_W`, never narrower than pygame_gui's default 170."""
    from game.ui import text

    return max(170, min(TOOLTIP_MAX_W, text.render(words, 18, (255, 255, 255)).get_width() + 48))

class _Manager(pygame_gui.UIManager):
    """A UIManager whose hover position comes from our logical mouse, not the OS window, and
    whose parsed theme and loaded fonts are the process's (see `_Themes`)."""

    def __init__(self, app: App, large: bool) -> None:
        self._app = app
        self._large = large
        loader = _Themes.loader
        super().__init__(LOGICAL_SIZE, None, enable_live_theme_updates=False,
                         resource_loader=loader)
        if loader is None:  # the process's first manager: its loader, started, serves the rest
            _Themes.loader = self.resource_loader
        # Every manager adds pygame-gui's translations folder to i18n's path again.
        import i18n

        i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))

    def create_new_theme(self, theme_path: Any = None) -> Any:
        return _Themes.get(self, self._large)

    def _update_mouse_position(self) -> None:
        self.mouse_position = self._app.input.mouse_pos

    def create_tool_tip(self, text: str, position: tuple[int, int],
                        hover_distance: tuple[int, int], parent_element: Any,
                        object_id: Any, **kwargs: Any) -> Any:
        """pygame-gui's tooltip, then placed by `place_tip` inside the panel of the control it
        explains (the top screen's `tip_panels`): it grew right from the pointer, out of the
        seats' panel and over the options a player goes to next ("Planets", "First to
        flip")."""
        tip: Any = super().create_tool_tip(text, position, hover_distance, parent_element,
                                           object_id, **kwargs)
        top = self._app.stack.top
        panels = top.tip_panels() if isinstance(top, MenuScene) else ()
        keep = top.tip_keep_clear() if isinstance(top, MenuScene) else ()
        target = pygame.Rect(parent_element.rect)
        controls = [pygame.Rect(e.rect) for e in top.elements if e.visible] \
            if isinstance(top, MenuScene) else []
        tip.set_position(place_tip(tip.rect.size, target, panels, controls, keep))
        return tip


TIP_GAP = 4
"""Between a tooltip and the control it explains."""


def place_tip(size: tuple[int, int], target: pygame.Rect,
              panels: Sequence[pygame.Rect] = (),
              controls: Sequence[pygame.Rect] = (),
              keep: Sequence[pygame.Rect] = ()) -> tuple[int, int]:
    """Where a tooltip of `size` explaining `target` goes: beside it (right, then left), over
    it, or under it, whichever is first inside the screen and the panel that holds the target
    and clear of every other control in `controls` (a tip under a seat's device button hid
    the next seat's row, the options a player goes to next) and of the words in `keep` (a
    screen's hint line: the lobby's device tip covered "click a player's kind to change
    it"); over it but above those words when they are what is in the way. When no spot is
    clear: under it (over it when the screen ends), from its left edge, moved left to stay
    inside its panel."""
    screen = pygame.Rect((0, 0), LOGICAL_SIZE)
    home = next((p for p in panels if p.contains(target)), screen)
    w, h = size
    others = [c for c in controls if not c.contains(target) and c != target]
    others += [k for k in keep if not k.colliderect(target)]
    cy = target.centery - h // 2
    x_in = min(max(target.left, home.left), home.right - w)
    over = pygame.Rect(x_in, target.top - TIP_GAP - h, w, h)
    spots = [(target.right + TIP_GAP, cy), (target.left - TIP_GAP - w, cy),
             (x_in, over.y), (x_in, target.bottom + TIP_GAP)]
    words = [k for k in keep if over.colliderect(k)]
    if words:
        spots.insert(3, (x_in, min(k.top for k in words) - TIP_GAP - h))
    away = [p for p in panels if p is not home]  # another panel's controls lie under it
    for room in (home, screen):
        for sx, sy in spots:
            r = pygame.Rect(sx, sy, w, h)
            if room.contains(r) and screen.contains(r) and r.collidelist(others) < 0 \
                    and (room is home or r.collidelist(away) < 0):
                return (sx, sy)
    x = min(target.left, home.right - w)
    x = max(x, home.left if w <= home.w else screen.left)
    x = min(max(x, screen.left), screen.right - w)
    y = target.bottom + TIP_GAP
    if y + h > screen.bottom:
        y = target.top - TIP_GAP - h
    return (x, max(screen.top, y))


class _Themes:
    """The two parsed themes (normal and larger text) and the started resource loader, made
    once per process: parsing the theme and loading its fonts is most of the cost of opening
    a manager, which headless runs (tests, smoke, bench) do hundreds of times. Themes are
    swapped whole, never edited, so every manager sees the same look."""

    loader: Any = None
    themes: dict[bool, Any] = {}

    @classmethod
    def get(cls, manager: pygame_gui.UIManager, large: bool) -> Any:
        got = cls.themes.get(large)
        if got is None:
            from pygame_gui.core import UIAppearanceTheme

            got = UIAppearanceTheme(manager.resource_loader, "en")
            # A started loader (every manager after the first) loads the fonts at once.
            got.load_theme(theme.gui_theme(large))
            cls.themes[large] = got
        return got


def forget_themes() -> None:
    """Drop the shared themes (and what pygame-gui drew into their caches): the next manager
    parses its theme afresh. For long headless sessions that measure what they keep."""
    _Themes.themes.clear()


#: The point sizes of the theme's font the screens use (html text boxes included).
FONT_SIZES = (14, 16, 18, 20, 22, 28)


def _preload_fonts(manager: pygame_gui.UIManager, large: bool) -> None:
    """The theme's fonts at every size the screens use, loaded once with its theme; with
    larger text, at those sizes scaled as the theme's are (How to play's italic at 23 pt
    was loaded late, with a warning on the console)."""
    sizes = {round(size * theme.LARGE_TEXT_SCALE) if large else size for size in FONT_SIZES}
    with warnings.catch_warnings():  # "already loaded" for the theme's own sizes
        warnings.simplefilter("ignore", UserWarning)
        manager.preload_fonts([
            {"name": "noto_sans", "point_size": size, "style": style, "antialiased": "1"}
            for size in sorted(sizes | set(FONT_SIZES))
            for style in ("regular", "bold", "italic")])


class GuiManager:
    """The app's single pygame-gui manager (theme parsed once, fonts preloaded)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.large = app.settings.accessibility.large_text
        fresh = self.large not in _Themes.themes
        self.manager = _Manager(app, self.large)
        if fresh:
            _preload_fonts(self.manager, self.large)

    def rebuild_theme(self) -> None:
        """Large text changed: swap in the scaled theme (screens rebuild their widgets)."""
        large = self.app.settings.accessibility.large_text
        if large != self.large:
            self.large = large
            self.manager._large = large
            fresh = large not in _Themes.themes
            self.manager.ui_theme = _Themes.get(self.manager, large)
            if fresh:
                _preload_fonts(self.manager, self.large)
            self.manager.rebuild_all_from_changed_theme_data()

    def process_event(self, event: pygame.event.Event) -> bool:
        return bool(self.manager.process_events(event))

    def update(self, dt: float) -> None:
        self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.manager.draw_ui(surface)


@dataclass
class NavItem:
    """Something focusable: a rect, what confirm does, and optional left/right adjusters."""

    rect: pygame.Rect
    on_confirm: Callable[[], None] | None = None
    on_left: Callable[[], None] | None = None
    on_right: Callable[[], None] | None = None
    row: int = 0
    col: int = 0
    element: Any = None
    enabled: bool = True
    tooltip: str = ""
    primary: bool = False
    """The screen's orange button: a key pressed before the ring shows may act on it."""


@dataclass
class Nav:
    """Grid focus navigation over NavItems (rows and columns)."""

    items: list[NavItem] = field(default_factory=list)
    index: int = 0
    visible: bool = False  # the ring shows once a key or pad is used
    home: int | None = None
    """Where the keys left the focus (None: on the first item), whatever the mouse has pointed
    at since: a confirm pressed before the ring shows starts from here, not from the button
    under a forgotten pointer (a stranger's Enter opened Play under the pointer instead of the
    orange Continue, and a Space in Settings switched on Fullscreen)."""

    pointed: int | None = None
    """The item under the pointer now (None: the pointer is over none of them)."""

    fresh: bool = False
    """The ring was shown by the screen opening (the player came by keys or pad), not by a
    key pressed here yet: a first left or right on a value row only marks the row, it does not
    change the value (a stranger's first Right in Settings switched Fullscreen on before he
    had seen where the focus was)."""

    def add(self, item: NavItem) -> NavItem:
        self.items.append(item)
        return item

    def clear(self) -> None:
        self.items.clear()
        self.index = 0
        self.home = None
        self.pointed = None

    def set(self, index: int) -> None:
        """Put the keys' focus on item `index` (a screen's own choice of where it starts)."""
        self.index = self.home = index

    @property
    def focused(self) -> NavItem | None:
        if not self.items:
            return None
        self.index = max(0, min(self.index, len(self.items) - 1))
        return self.items[self.index]

    def focus(self, item: NavItem) -> None:
        """Put the focus on `item` on purpose (the screen's choice, a test's): it is meant, so
        a first left or right acts on it (`fresh` ends)."""
        if item in self.items:
            self.set(self.items.index(item))
            self.fresh = False

    def toward(self, dx: int, dy: int) -> NavItem | None:
        """The item the focus moves to for an arrow (dx, dy: one of them +-1): the nearest
        interactive item that lies that way on screen, one level with it first (its span
        across the arrow's line overlaps the focused one's), else the nearest by distance with
        sideways steps counted double. Never a disabled item, nor one that does nothing (a
        heading or a label is no stop of the keys)."""
        cur = self.focused
        if cur is None:
            return None
        a = cur.rect
        best: tuple[tuple[int, int], NavItem] | None = None
        for it in self.items:
            if it is cur or not it.enabled or not (it.on_confirm or it.on_left or it.on_right):
                continue
            b = it.rect
            if dx:
                ahead = (b.centerx - a.centerx) * dx > 0 and \
                    ((b.left >= a.centerx) if dx > 0 else (b.right <= a.centerx))
                along = max(0, b.left - a.right) if dx > 0 else max(0, a.left - b.right)
                side = max(0, b.top - a.bottom, a.top - b.bottom)
            else:
                ahead = (b.centery - a.centery) * dy > 0 and \
                    ((b.top >= a.centery) if dy > 0 else (b.bottom <= a.centery))
                along = max(0, b.top - a.bottom) if dy > 0 else max(0, a.top - b.bottom)
                side = max(0, b.left - a.right, a.left - b.right)
            if not ahead:
                continue
            score = (0 if side == 0 else 1, along + 2 * side)
            if best is None or score < best[0]:
                best = (score, it)
        return best[1] if best is not None else None

    def move(self, drow: int, dcol: int) -> bool:
        cur = self.focused
        if cur is None:
            return False
        cands = [it for it in self.items if it.enabled and it is not cur]
        if drow:
            ahead = [it for it in cands if (it.row - cur.row) * drow > 0]
            # Up and down stay in the column the focus is in when something there lies that
            # way (a lobby's players beside its options: from Back, Up reached only options).
            above = [it for it in ahead
                     if it.rect.left < cur.rect.right and it.rect.right > cur.rect.left]
            pool = above or ahead
            rows = sorted({it.row for it in pool}, key=lambda r: abs(r - cur.row))
            if not rows:
                return False
            row = rows[0]
            same = [it for it in pool if it.row == row]
            target = min(same, key=lambda it: abs(it.rect.centerx - cur.rect.centerx))
        else:
            beyond = [it for it in cands if (it.col - cur.col) * dcol > 0]
            same = [it for it in beyond if it.row == cur.row]
            if same:
                target = min(same, key=lambda it: abs(it.col - cur.col))
            elif beyond:
                # Nothing further along this row: the nearest thing that way on screen (a
                # lobby's player row reaches the option beside it, whose rows come later).
                target = min(beyond, key=lambda it: (abs(it.rect.centery - cur.rect.centery),
                                                     abs(it.col - cur.col)))
            else:
                return False
        self.set(self.items.index(target))
        return True

    def handle(self, act: ActionEvent) -> bool:
        """Apply a navigation action; True if it was used."""
        if not act.pressed:
            return False
        cur = self.focused
        if act.action in ("up", "down", "left", "right", "confirm"):
            # Before the ring shows, the first arrow only shows it, on a button the player can
            # see is meant: the one under the pointer, else where the keys left the focus (the
            # orange or first button). It never moves on from a hidden focus: a stranger's
            # Down + Space on the title, the focus hidden on Settings the mouse had left,
            # opened Credits instead of How to play. Nor does it change a value unseen.
            if not self.visible and act.action in ("up", "down", "left", "right"):
                self.visible = True
                self.index = self._start()
                return True
            if not self.visible and act.action == "confirm":
                # Before the ring shows, a confirm acts only on the screen's orange button
                # where the keys left the focus; anything else it shows the ring on first:
                # a pointer resting on another button, or a settings row, is not a choice.
                self.visible = True
                self.index = min(self.home or 0, max(0, len(self.items) - 1))
                cur = self.focused
                if cur is not None and cur.primary and cur.enabled and cur.on_confirm:
                    cur.on_confirm()
                return True
            self.visible = True
        fresh, self.fresh = self.fresh, False
        if fresh and act.action in ("left", "right") and cur is not None \
                and (cur.on_left or cur.on_right):
            return True  # the first left or right on this screen: the row is marked, unchanged
        if act.action == "up":
            return self.move(-1, 0)
        if act.action == "down":
            return self.move(1, 0)
        if act.action == "left":
            if cur and cur.on_left:
                cur.on_left()
                return True
            return self.move(0, -1)
        if act.action == "right":
            if cur and cur.on_right:
                cur.on_right()
                return True
            return self.move(0, 1)
        if act.action == "confirm" and cur and cur.enabled and cur.on_confirm:
            cur.on_confirm()
            return True
        return False

    def _start(self) -> int:
        """Where the ring shows first: the enabled item under the pointer, else the keys'
        home (or the first item)."""
        last = max(0, len(self.items) - 1)
        p = self.pointed
        if p is not None and p <= last and self.items[p].enabled:
            return p
        return min(self.home or 0, last)

    def hover(self, pos: tuple[int, int]) -> None:
        self.pointed = None
        for i, it in enumerate(self.items):
            if it.enabled and it.rect.collidepoint(pos):
                self.index = self.pointed = i
                return

    def draw(self, surface: pygame.Surface, t: float) -> None:
        cur = self.focused
        if self.visible and cur is not None and cur.enabled:
            focus_ring(surface, cur.rect, theme.SPARK, t)


class MenuScene(Scene):
    """A pygame-gui screen: builds its widgets on enter, kills them on exit, and is
    navigable by mouse, keyboard and gamepad alike."""

    uses_gui = True
    music: str | None = "music_menu"
    title: str = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.nav = Nav()
        self.elements: list[UIElement] = []
        self.callbacks: dict[int, Callable[[], None]] = {}
        #: Where each button of the last build stood: a click the old button heard before a
        #: rebuild (two quick clicks on a seat's kind) acts through the new one at that place.
        self.retired: dict[int, tuple[UIElement, tuple[int, ...]]] = {}
        #: The backdrop with the still parts baked in: (its key, the layer, the embers' cover).
        self._still: tuple[Hashable, pygame.Surface, list[pygame.Rect]] | None = None

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.gui.manager

    # Building --------------------------------------------------------------------------
    def build(self) -> None:
        """Create this screen's widgets (called on enter and after a rebuild)."""

    def rebuild(self) -> None:
        keep, home, pointed = self.nav.index, self.nav.home, self.nav.pointed
        self.teardown()
        self.build()
        self._carry_presses()
        self.nav.index, self.nav.home, self.nav.pointed = keep, home, pointed

    def _carry_presses(self) -> None:
        """A button held down as the screen is rebuilt stays held in the button that took its
        place, so the release finishes that click. A quick double click on "+ Add player" was
        one seat: the first click's rebuild came between the second press and its release."""
        held = {place for el, place in self.retired.values()
                if isinstance(el, pygame_gui.elements.UIButton) and el.held}
        for el in self.elements:
            if isinstance(el, pygame_gui.elements.UIButton) and tuple(el.rect) in held:
                el.held = True

    def teardown(self) -> None:
        # The old button itself is kept beside its place: an id alone may be reused by a new
        # element of another screen once the old one is gone, and act here by mistake.
        self.retired = {id(el): (el, tuple(el.rect)) for el in self.elements
                        if id(el) in self.callbacks}
        for el in self.elements:
            el.kill()
        self.elements.clear()
        self.callbacks.clear()
        self.nav.clear()

    def enter(self) -> None:
        self.build()
        # A player who came here by keys or pad sees where the focus is at once, so their first
        # press acts instead of only waking the ring; a mouse player sees no ring until a key.
        if self.app.input.last_device != MOUSE:
            self.nav.visible = self.nav.fresh = True

    def exit(self) -> None:
        self.teardown()

    def pause(self) -> None:
        for el in self.elements:
            el.hide()

    def resume(self) -> None:
        self.rebuild()
        # Back on this screen by keys or pad (Back from a screen above): the ring shows at
        # once, as on `enter`, so the first arrow moves instead of only waking it.
        if self.app.input.last_device != MOUSE:
            self.nav.visible = self.nav.fresh = True

    def track(self, el: UIElement) -> UIElement:
        self.elements.append(el)
        return el

    def button(self, rect: pygame.Rect | tuple[int, int, int, int], label: str,
               on_click: Callable[[], object], *, object_id: str | None = None,
               row: int = 0, col: int = 0, tooltip: str = "", enabled: bool = True,
               nav: bool = True) -> pygame_gui.elements.UIButton:
        rect = pygame.Rect(rect)
        b = pygame_gui.elements.UIButton(rect, label, self.manager, object_id=object_id,
                                         tool_tip_text=tooltip or None)
        if tooltip:
            # As wide as its words, up to a limit (the default 170 px squeezed "Which controls
            # this player uses" onto three short lines).
            b.set_tooltip(tooltip, wrap_width=tooltip_width(tooltip))
        if not enabled:
            b.disable()
        self.track(b)

        def click() -> None:
            self.app.sound.play("ui_click")
            on_click()

        self.callbacks[id(b)] = click
        if nav:
            self.nav.add(NavItem(rect, click, row=row, col=col, element=b, enabled=enabled,
                                 primary=object_id == "#primary"))
        return b

    def label(self, rect: pygame.Rect | tuple[int, int, int, int], text: str,
              object_id: str | None = None) -> pygame_gui.elements.UILabel:
        el = pygame_gui.elements.UILabel(pygame.Rect(rect), text, self.manager,
                                         object_id=object_id)
        self.track(el)
        return el

    # Input -----------------------------------------------------------------------------
    def _successor(self, old: object) -> Callable[[], None] | None:
        """The button standing where `old` stood before the screen was rebuilt, if any."""
        entry = self.retired.get(id(old))
        if entry is None or entry[0] is not old:
            return None
        place = entry[1]
        for el in self.elements:
            if id(el) in self.callbacks and tuple(el.rect) == place:
                return self.callbacks[id(el)]
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            cb = self.callbacks.get(id(event.ui_element)) or self._successor(event.ui_element)
            if cb:
                cb()
                return True
        if event.type == pygame.MOUSEMOTION and not self.app.window_moved_pointer():
            # (the window reopened under a still pointer (F11) is no sign the player took up
            # the mouse: the keys' ring stays where it was, shown)
            before = self.nav.index
            self.nav.hover(event.pos)
            self.nav.visible = False
            if self.nav.index != before:
                self.app.sound.play("ui_hover", 0.5)
        return False

    def handle_action(self, action: ActionEvent) -> bool:
        if action.device == "mouse":
            return False
        if action.is_("back", "pause"):
            self.app.sound.play("ui_back")
            self.on_back()
            return True
        before = self.nav.index
        used = self.nav.handle(action)
        if used and self.nav.index != before:
            self.app.sound.play("ui_hover", 0.6)
        return used

    def on_back(self) -> None:
        """Back/Escape/B: by default leave this screen."""
        self.app.pop(fade=0.2)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        """The screen's still parts (its header and panels), drawn over the menu backdrop
        once and kept (see `draw_background`); the rects returned are the panels the embers
        pass behind."""
        return ()

    def tip_panels(self) -> Sequence[pygame.Rect]:
        """The panels a tooltip stays inside (`place_tip`): the still parts' panels."""
        return [r.inflate(-8, -8) for r in self._still[2]] if self._still is not None else ()

    def tip_keep_clear(self) -> Sequence[pygame.Rect]:
        """Words on the screen no tooltip covers (`place_tip`): none unless a screen says."""
        return ()

    def still_key(self) -> Hashable:
        """What the still parts show besides the text size and the palette: when it changes,
        they are drawn again."""
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        """The backdrop with the still parts baked in: a frame is one opaque blit and the
        embers, not a header and half a dozen shadowed panels drawn again."""
        if text.observer() is not None:  # a test reading what is drawn: draw it all now
            draw_menu_background(surface, self.app.time, self.app.reduced_motion)
            self.draw_still(surface)
            return
        key = (text.scale(), theme.CREAM, theme.LINE, theme.INK_2, self.still_key())
        if self._still is None or self._still[0] != key:
            layer = menu_backdrop().copy()
            behind = [r.inflate(8, 8) for r in self.draw_still(layer)]
            self._still = (key, layer, behind)
        _, layer, behind = self._still
        draw_menu_background(surface, self.app.time, self.app.reduced_motion, backdrop=layer,
                             behind=behind)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after the widgets: the focus ring (still, with reduced motion)."""
        self.nav.draw(surface, 0.0 if self.app.reduced_motion else self.app.time)
