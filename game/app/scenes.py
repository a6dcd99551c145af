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
        from game.app.menus.lobby import LobbyScene

        out[f"lobby.{info.id}"] = NamedScene(f"lobby.{info.id}",
                                             lambda a, s, i=info: LobbyScene(a, i),
                                             f"{info.title} lobby")
        for demo in info.demo_scenes:
            out[demo.scene_id] = NamedScene(demo.scene_id, demo.build, demo.description,
                                            demo.bench)
    first_demo = next((d for g in catalogue.games() for d in g.demo_scenes), None)
    if first_demo is not None:
        from game.app.menus.overlays import PauseOverlay

        out["pause"] = NamedScene("pause", lambda a, s: PauseOverlay(a, a.stack.top),
                                  "the pause overlay over a game", bench=False,
                                  base=first_demo.build)
    if "lobby" not in out:
        first = next(iter(catalogue.games()), None)
        if first is not None:
            out["lobby"] = NamedScene("lobby", out[f"lobby.{first.id}"].build,
                                      f"{first.title} lobby")
    return out
