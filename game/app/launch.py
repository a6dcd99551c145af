"""Starting and resuming matches: the one path from the lobby, the CLI and the catalogue."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.app.catalogue import GameInfo, MatchSetup

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)


def start_game(app: App, info: GameInfo, setup: MatchSetup, fade: float = 0.35) -> None:
    """Open a new match of `info` on top of the menus."""
    scene = info.make_scene(app, setup, None)
    app.replace(scene, fade) if app.stack.top is not None and \
        getattr(app.stack.top, "scene_id", "") == "lobby" else app.push(scene, fade)


def resume_game(app: App, info: GameInfo) -> bool:
    """Resume the saved match of `info`; a save that won't load is reported and dropped."""
    save = app.saves.load(info.id)
    for p in app.saves.take_problems():
        app.notify(p.message, "warning")
    if save is None:
        app.notify(f"No saved {info.title} game to resume.", "info", 3)
        return False
    try:
        setup = MatchSetup.from_dict(save.state["setup"])
        scene = info.make_scene(app, setup, save.state["game"])
    except (KeyError, TypeError, ValueError) as exc:
        log.warning("save for %s unusable: %s", info.id, exc)
        app.notify(f"The saved {info.title} game could not be resumed ({exc}); "
                   "it was set aside.", "warning")
        app.saves.delete(info.id)
        return False
    app.push(scene, 0.35)
    return True
