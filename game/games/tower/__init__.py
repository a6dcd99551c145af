"""Tower Kaboom: build towers on the tiles before the sand runs out while catapults fire dice.

Registers the game in the catalogue. Everything heavy (pygame drawing, pymunk, the AI) is
imported only when a scene, a simulation, the rules page or the picture is asked for, so
importing this package stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.app import catalogue
from game.app.catalogue import (
    DemoScene,
    GameInfo,
    Option,
    folder_parts,
    lazy_attr,
    lazy_demo,
    lazy_watch_demo,
)
from game.core.saves import register_game_format

GAME_ID = "tower"


@dataclass(frozen=True)
class SecondsOption(Option):
    """A lobby option counted in seconds: the default shown as "30 s" (the rulebook's), a
    longer one as "60 s beginner", so a newcomer reads on the stepper itself which to pick
    (with larger text the lobby shows only the help of the option pointed at)."""

    def label_for(self, value: Any) -> str:
        if isinstance(value, int) and isinstance(self.default, int) and value > self.default:
            return f"{value} s beginner"
        return f"{value} s"


SAND_TIMERS = (30, 45, 60)
"""The sand timers the lobby offers: the rulebook's 30 s, and beginner's ones."""


def _demo(name: str) -> Any:
    return lazy_demo("game.games.tower.demos", name)


LATE_DIE_TIP = "Keep a die for the last seconds: a tower knocked down late may not be rebuilt."
"""The saboteur's tip a stranger lacked (his dice were gone and Easy rebuilt in the last
seconds)."""

FIRST_TIPS = (
    "You take turns as the builder. Drag a block from the tray onto its faint outline: it "
    "settles into place, turned to fit. Copy the towers printed on the tile cards above the "
    "pads, in the order shown; point at a card to read it large, its blocks named.",
    "Placing a block yourself? Turn it with the mouse wheel or a right-click. A tower scores "
    "its tile's points only if it still stands when the sand runs out.",
    # Shown once the match has begun (a stranger read "In the lobby's Options, set..." as
    # something to do now): it speaks of the next match.
    "Too quick? Next match, set the lobby's Sand timer to 45 or 60 s: more time for every "
    "builder. The rulebook's timer is 30 s.",
    "When someone else builds, you are a saboteur: press anywhere, pull back (to the ring "
    "round your catapult for full power) and let go to fire a die at their towers. "
    f"{LATE_DIE_TIP}",
    "Most points after the last round wins. A standing Mega tower wins the game at once.",
)
"""The first-match tips, for the mouse (and for a table whose humans use several devices)."""


def first_tips_for(device: str, word: Callable[[str, str], str]) -> tuple[str, ...]:
    """The first tips in the words of `device` (`word` is the input layer's `word_for`): a
    keyboard or pad builder is taught the Tab helper (a stranger built by steering the hand and
    never learnt that Tab fetches the block the tower needs)."""
    if device == "mouse":
        return FIRST_TIPS
    w = {c: word(device, c) for c in ("back", "confirm", "primary", "secondary",
                                      "rotate_left", "rotate_right")}
    pad = device.startswith("pad")
    hand = "the stick moves" if pad else "/".join(word(device, d) for d in (
        "up", "left", "down", "right")) + " move"
    aim = ("the stick sets the power (left/right) and the angle (up/down)" if pad else
           f"{word(device, 'left')}/{word(device, 'right')} set the power, "
           f"{word(device, 'up')}/{word(device, 'down')} the angle")
    return (
        "You take turns as the builder. Copy the towers printed on the tile cards above the "
        "pads, in the order shown; the card ringed in gold is the tower you are building.",
        f"{w['back']} takes the next block of the tower whose card is ringed in gold and "
        f"carries it over its spot; {w['confirm']} drops it ({w['back']} always serves the "
        f"ringed tower). {w['rotate_left']} / {w['rotate_right']} choose another tower (a "
        f"held block goes with the hand); {w['secondary']} turns a held block 90°; "
        f"{hand} the hand.",
        FIRST_TIPS[2] + " A tower scores its tile's points only if it still stands when the "
        "sand runs out.",
        f"When someone else builds, you are a saboteur: {aim}, {w['primary']} fires a die at "
        f"their towers. {LATE_DIE_TIP}",
        FIRST_TIPS[4],
    )


INFO = GameInfo(
    id=GAME_ID,
    title="Tower Kaboom",
    pitch="Stack the printed towers before the sand runs out while everyone else fires dice "
          "from catapults to knock them down.",
    credit="Adapted from Kaboom by Florence and Roberto Fraga (HUCH! & friends, Blue Orange).",
    min_players=2,
    max_players=5,
    **folder_parts(__name__, "TowerScene"),
    options=(
        Option("rounds", "Rounds", (1, 2, 3, 4, 5), 3,
               "Each player builds once per round; the rulebook suggests 3."),
        Option("closing_rule", "Closing rule", (False, True), False,
               "On: a die that comes to rest on a tile closes it for the rest of the turn "
               "(the rulebook's optional rule). Off: dice only knock towers over."),
        SecondsOption("sand_timer", "Sand timer", SAND_TIMERS, 30,
                      "New to Tower Kaboom? Choose 45 s or 60 s: every builder gets time to "
                      "learn the blocks and the mouse. The rulebook's timer is 30 s."),
    ),
    demo_scenes=(
        DemoScene("tower.play", _demo("build_play"),
                  "Tower Kaboom: AI builder against three catapults, every block and die in play"),
        DemoScene("tower.build", _demo("build_human"),
                  "Tower Kaboom: the human builder's still view, dice flying from off screen"),
        DemoScene("tower.ready", _demo("build_ready"),
                  "Tower Kaboom: 'Builder: You, get ready' between turns, tiles to choose"),
        DemoScene("tower.choose", _demo("build_choose"),
                  "Tower Kaboom: the builder dragging a spare tile onto a pad", bench=False),
        DemoScene("tower.aichoice", _demo("build_aichoice"),
                  "Tower Kaboom: an AI builder's tile swaps on the get-ready screen",
                  bench=False),
        DemoScene("tower.judge", _demo("build_judge"),
                  "Tower Kaboom: the end of a turn judged, won tiles flying to the builder"),
        DemoScene("tower.score", _demo("build_score"),
                  "Tower Kaboom: the scoreboard between turns"),
        DemoScene("tower.mega", _demo("build_mega"), "Tower Kaboom: the Mega tower going up"),
        DemoScene("tower.over", _demo("build_over"), "Tower Kaboom: the final scoreboard"),
        DemoScene("tower.watch", lazy_watch_demo("tower", "ai:hard,ai:medium", rounds=1),
                  "Tower Kaboom: Watch again, a simulated match played back"),
    ),
    accent="#f2a03d",
    default_players=3,
    higher_is_better=True,
    first_tips=FIRST_TIPS,
    first_tips_for=first_tips_for,
    sounds=("card_slide", "catapult_fire", "die_hit", "game_win", "kaboom", "penalty", "round_end",
            "score", "timer_end", "timer_tick", "tower_fall", "ui_click", "ui_error",
            "wood_hit_hard", "wood_hit_soft", "wood_place"),
)


def register() -> GameInfo:
    """Put Tower Kaboom in the catalogue (done on import; again if something cleared it)."""
    return catalogue.register(INFO)


register()


register_game_format(GAME_ID, lazy_attr("game.games.tower.savefmt", "FORMAT"))
"""The save's version, upgraders and check; its rules load only when a save is read."""
