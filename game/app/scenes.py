"""Every named scene the testers' commands can open: menus and each game's demo scenes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.app import catalogue

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.scene import Scene


@dataclass(frozen=True)
class NamedScene:
    scene_id: str
    build: Callable[[App, int], Scene]
    description: str
    bench: bool = True
    #: Scenes pushed underneath first (an overlay needs something to cover).
    base: Callable[[App, int], Scene] | None = None


def _menus() -> list[NamedScene]:
    from game.app.menus.catalogue import CatalogueScene
    from game.app.menus.credits import CreditsScene
    from game.app.menus.howto import HowToScene
    from game.app.menus.overlays import CrashScene
    from game.app.menus.settings import ControlsScene, SettingsScene
    from game.app.menus.stats import StatsScene
    from game.app.menus.title import TitleScene

    return [
        NamedScene("menu", lambda a, s: TitleScene(a), "title screen and main menu"),
        NamedScene("catalogue", lambda a, s: CatalogueScene(a), "game catalogue"),
        NamedScene("settings", lambda a, s: SettingsScene(a), "settings"),
        NamedScene("controls", lambda a, s: ControlsScene(a), "key bindings"),
        NamedScene("stats", lambda a, s: StatsScene(a), "statistics"),
        NamedScene("howto", lambda a, s: HowToScene(a), "rules pages"),
        NamedScene("credits", lambda a, s: CreditsScene(a), "credits"),
        NamedScene("crash", lambda a, s: CrashScene(a, RuntimeError("example error"), None),
                   "the crash screen", bench=False),
    ]


def named_scenes() -> dict[str, NamedScene]:
    """Scene id -> how to build it, in menu order, then each game's own."""
    out = {n.scene_id: n for n in _menus()}
    for info in catalogue.games():
        out[f"lobby.{info.id}"] = NamedScene(f"lobby.{info.id}", _lobby_for(info),
                                             f"{info.title} lobby")
        for demo in info.demo_scenes:
            out[demo.scene_id] = NamedScene(demo.scene_id, demo.build, demo.description,
                                            demo.bench)
        out[f"howto.{info.id}"] = NamedScene(f"howto.{info.id}", _howto_for(info.id),
                                             f"{info.title}: the rules page", bench=False)
        if info.first_tips and info.demo_scenes:
            out[f"tips.{info.id}"] = NamedScene(
                f"tips.{info.id}", _tips_for(info), f"{info.title}: the first-match tips",
                bench=False, base=info.demo_scenes[0].build)
    first_demo = next((d for g in catalogue.games() for d in g.demo_scenes), None)
    if first_demo is not None:
        out["pause"] = NamedScene("pause", _pause_over_top,
                                  "the pause overlay over a game", bench=False,
                                  base=first_demo.build)
    if "lobby" not in out:
        first = next(iter(catalogue.games()), None)
        if first is not None:
            out["lobby"] = NamedScene("lobby", out[f"lobby.{first.id}"].build,
                                      f"{first.title} lobby")
    return out


def _howto_for(game_id: str) -> Callable[[App, int], Scene]:
    """A builder of the How to play scene open at `game_id`'s rules page."""

    def build(app: App, seed: int) -> Scene:
        from game.app.menus.howto import HowToScene

        return HowToScene(app, game_id)

    return build


def _lobby_for(info: catalogue.GameInfo) -> Callable[[App, int], Scene]:
    """A builder of `info`'s lobby (the seed is not used: a lobby deals nothing)."""

    def build(app: App, seed: int) -> Scene:
        from game.app.menus.lobby import LobbyScene

        return LobbyScene(app, info)

    return build


def _tips_for(info: catalogue.GameInfo) -> Callable[[App, int], Scene]:
    """A builder of `info`'s first-match tips (over its first demo table)."""

    def build(app: App, seed: int) -> Scene:
        from game.app.menus.coach import FirstMatchTips

        return FirstMatchTips(app, info)

    return build


def _pause_over_top(app: App, seed: int) -> Scene:
    """The pause overlay over the game scene on top of the stack (its base demo)."""
    from game.app.gamescene import GameScene
    from game.app.menus.overlays import PauseOverlay

    game = app.stack.top
    if not isinstance(game, GameScene):
        raise ValueError(f"the pause overlay needs a game scene below it, not {game!r}")
    return PauseOverlay(app, game)
