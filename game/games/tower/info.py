"""Tower Kaboom's rules page: the rulebook as adapted, the controls, and the whole set as data.

Written from `data.py` (blocks, tiles, points, the decisions in `RULES_NOTES`) so the page can
never disagree with the game. pygame-gui's HTML subset: newlines are ignored, `<br>` breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from game.app.input import KEYS1, KEYS2, default_word
from game.app.rulepics import RulePicture, heading, pic, subheading
from game.games.tower.data import (
    BLOCK_COUNT,
    LYING,
    MEGA_TILE,
    RULES_NOTES,
    SHAPES,
    SMALL_TILES,
)
from game.games.tower.rules import DICE_PER_SABOTEUR, TURN_SECONDS

if TYPE_CHECKING:
    import pygame

ACCENT = "#ffd23f"


def _sub(title: str) -> str:
    return subheading(title, ACCENT)


def _piece(shape: str, orientation: str) -> str:
    name = SHAPES[shape].name.lower()
    return f"{name} (lying)" if orientation == LYING else name


def _plural(word: str, n: int) -> str:
    if n == 1:
        return word
    return word + ("es" if word.endswith(("ch", "sh", "s", "x")) else "s")


def tower_line(tile_id: int, points: bool = True) -> str:
    """One tile of the set: name, (points,) and its tower bottom first."""
    tile = MEGA_TILE if tile_id == MEGA_TILE.tile_id else SMALL_TILES[tile_id - 1]
    pieces = ", ".join(_piece(k, o) for k, o in tile.pieces)
    if not points:
        return f"<b>{tile.name}:</b> {pieces}"  # the colon stays with the name
    pts = "wins the game" if tile.mega else f"{tile.points} {_plural('pt', tile.points)}"
    return f"<b>{tile.name} ({pts}):</b> {pieces}"


SET_PER_LINE = 2
"""Blocks of the set a line on the rules page: two fit the narrowest page in larger text."""


def rules_page(word: Callable[[str, str], str] | None = None) -> str:
    """The whole rules page; `word(device, action)` names the controls (the input layer's
    `InputManager.word_for` of the player's bindings; the default bindings unless given)."""
    if word is None:
        word = default_word
    turn_keys = f"{word(KEYS1, 'rotate_left')} / {word(KEYS1, 'rotate_right')}"
    pad_turns = f"{word('pad1', 'rotate_left')} / {word('pad1', 'rotate_right')}"
    dice = ", ".join(f"{n} players: {d} dice each" for n, d in DICE_PER_SABOTEUR.items())
    # Two a line, each picture with its label: left to wrap, a line broke between the pillar's
    # picture and its "2 pillars" (a stranger read the picture as the cubes').
    entries = [f"{pic('block.' + s.key, 'inline')}{s.count}&nbsp;"
               f"{_plural(s.name.lower(), s.count)}" for s in SHAPES.values()]
    blocks = "<br>".join("&nbsp;&nbsp; ".join(entries[i:i + SET_PER_LINE])
                         for i in range(0, len(entries), SET_PER_LINE))
    parts = [
        heading("Tower Kaboom"),
        "A mad dash to build or crash! One player is the <b>Master Builder</b> and stacks "
        "wooden blocks into the towers printed on the tiles before the "
        f"{TURN_SECONDS:.0f}-second sand timer runs out. Everyone else is a <b>Saboteur</b> "
        "and fires ammunition dice from a catapult to knock the towers down. A tower scores its "
        "tile's points only if it still stands when the sand runs out.<br>",
        _sub("A turn"),
        pic("timer"),
        "The builder turns the sand timer and builds, as many towers as they like, while the "
        "saboteurs fire at the same time. Build each tower <b>on its own tile</b>, block by "
        "block <b>in the order printed</b> on it (bottom first), upright or lying as shown. "
        "Blocks may be taken back to rebuild or to change towers, but each block counts for one "
        "tile only. The builder may not block or catch dice. When the sand runs out everyone "
        "stops (a block still in the builder's hand goes back to the tray and does not count), "
        "the table settles, and every standing, correct tower wins its tile; a won tile's "
        "pad is refilled from the pile, once the pile is empty from the spares, and once "
        "those are gone too it stays empty. "
        "Then the next player builds: a get-ready screen names them and shows the four small "
        "tiles on the table over the spares beside it. The builder <b>chooses</b> first: they "
        "may swap any small tile on the table with a spare (click a spare, then a pad, or "
        "drag it there; with keys or a gamepad move to a card and confirm twice), as often as "
        "they like, then turn the sand timer when they are ready (an AI builder chooses its "
        "tiles, then turns it after a moment). "
        "Leaving during a turn saves the turn as it is: Continue opens the table just as it "
        "was left (the sand left, the blocks where they were, the dice already fired), "
        "paused until you resume.<br>",
        _sub("Dice"),
        pic("catapult"),
        pic("dice", "right"),
        f"Each saboteur fires each die once per turn. {dice}. A catapult needs a moment to "
        "load its next die.<br>",
        _sub("Winning"),
        pic("card.mega", "right"),
        "A round is everyone building once; after the agreed number of rounds (3 unless the "
        "table chose otherwise) the highest total wins. The <b>Mega Tower</b> tile scores "
        "nothing, but a builder whose Mega Tower stands at the end of their turn <b>wins the "
        "whole game at once</b>.<br>",
        _sub("Optional rule: closing tiles"),
        "With the closing rule on, a die that comes to rest on a tile closes it for the rest "
        "of the turn: nothing more may be built there, though a tower already finished on it "
        "still scores if it stands.<br>",
        _sub("Controls"),
        "<b>Builder on the mouse</b>: drag a block out of the tray and set it down; one notch "
        f"of the wheel, a right click or {turn_keys} turns the held block a quarter (hold Shift "
        "for 15-degree turns); let go over the tray to put a block back. A block you lift "
        "from the tray stays the way it lay there (one picked up off the table comes up turned "
        "the way the tower you are building needs it). While you "
        "drag it, a faint outline shows where it goes on the nearest tower that needs that "
        "block next; when the outline turns gold (the block anywhere over its pad, from just "
        "above its spot to a little higher, turned any way), let go and the block settles "
        "into place. With empty hands, a faint outline on each pad "
        "shows where its tower's next block goes. While you build the view holds still (every "
        "pad, its card and the tray), so nothing moves under your pointer: a die flying "
        "beyond the screen is marked at its edge, and only a tower built higher than the view "
        "(the Mega) widens it, once, after you let go.<br>"
        "<b>Builder on keys or a gamepad</b>: move the hand with the direction keys or stick "
        "(it creeps for a moment, then speeds up; hold Shift to keep it creeping), "
        f"confirm lets go (and grabs), the rotate keys ({pad_turns}) turn, the second action "
        "turns a "
        f"quarter. Back ({word(KEYS1, 'back')}, {word(KEYS2, 'back')}, {word('pad1', 'back')}) "
        "is the builder's helper here: with your hand empty it takes the next block the tower "
        "ringed in gold needs, turned as its card shows, and carries it over that tower's "
        "spot; confirm lets it go there. A block in two presses; in between, the direction "
        "and rotate keys still adjust it, and pressed again Back stays put. "
        "With your hand empty, the rotate keys choose another tower's next block instead "
        "(then Back takes it, or confirm grabs it). "
        "A die coming in is shown where it will land: a "
        "shadow in the saboteur's colour on the table and a falling marker over it.<br>"
        "<b>Saboteur on keys or a gamepad</b>: up and down raise and lower the throw, left and "
        "right set the power (a tap a step, a hold of about a second from none to full), the "
        "action button fires. On a "
        "couch, while someone builds, your catapult may be off their screen: a picture of "
        "it, with your aim and power, shows in the top corner on its side from the start of "
        "the turn.<br>"
        "<b>Saboteur on the mouse</b> (when the mouse is not the builder's): press anywhere, "
        "pull back like a sling, and let go: the pull's direction and length aim. While you "
        "pull, a ring shows round the catapult's cup: pull back to the ring for full power, "
        "which reaches every pad (a catapult by the screen's edge has a smaller ring, so "
        "full power is always within reach). While you pull, a bar beside the catapult shows "
        "the power, and the trajectory preview (Settings, Assists) draws the whole flight as "
        "dots, with a ring where the die comes down. For keys and gamepads, which aim all the "
        "while, it draws the same whole flight and ring all the while; a tap of power moves it "
        "to the next 2% step. "
        "Saboteurs score no points: a die that knocks blocks off a tower is announced "
        "with your name, and a finished tower you knock down is points denied to the builder "
        "(the scores after the turn show them).<br>",
        _sub("The set"),
        f"{BLOCK_COUNT} wooden blocks:<br>{blocks}<br>",
        pic("card.small", "right"),
        f"{len(SMALL_TILES)} small tower tiles and "
        "the Mega Tower tile; points grow with how hard a tower is to build.<br>",
        tower_line(MEGA_TILE.tile_id) + "<br>",
    ]
    for points in range(1, 7):
        tiles = [t for t in SMALL_TILES if t.points == points]
        if tiles:
            parts.append(f"<i>{points} point{'s' if points != 1 else ''}</i>: ")
            parts.append("; ".join(tower_line(t.tile_id, False) for t in tiles) + "<br>")
    parts.append(_sub("How this table plays the rulebook"))
    parts.append("The table is seen from the side, drawn to scale: blocks, dice, tiles and "
                 "the distances between them are the real game's.<br>")
    parts.extend(f"• {note}<br>" for note in RULES_NOTES)
    # A colon after a bold or italic lead-in goes inside it: pygame-gui may break a line
    # between two chunks, and a colon must never start a line ("Aqueduct" / ": arch, arch").
    return "".join(parts).replace("</b>:", ":</b>").replace("</i>:", ":</i>")


def _block_picture(key: str) -> pygame.Surface:
    """One block at the table's scale, upright as the tile lists name it, the beams lying."""
    from game.games.tower import art
    from game.games.tower.data import ORIENTATION_ANGLE

    shape = SHAPES[key]
    orient = LYING if "beam" in shape.name.lower() and LYING in shape.orientations \
        else shape.orientations[0]
    return art.block_sprite(key, ORIENTATION_ANGLE[orient], zoom=2.0)


def _card_picture(tile_id: int) -> pygame.Surface:
    """A tile's card as it hangs over its pad, its tower drawn bright (as if built)."""
    from game.games.tower import art

    c = art.card(tile_id, 120)
    out = c.base.copy()
    for sprite, pos in c.pieces:
        out.blit(sprite, pos)
    return out


def _catapult_picture() -> pygame.Surface:
    """A saboteur's catapult, arm cocked, a die in its cup."""
    import pygame

    from game.games.tower import art
    from game.ui import theme

    colour = theme.hex_rgb(theme.SEAT_COLOURS[1])
    base, (px, py) = art.catapult_base(1, colour)
    out = pygame.Surface((base.get_width() + 16, base.get_height() + 30), pygame.SRCALPHA)
    out.blit(base, (8, 30))
    pivot = (px + 8, py + 30)
    tip = (pivot[0] - 24, pivot[1] - 20)
    art.draw_arm(out, pivot, tip)
    die = art.die_sprite(colour, 5, 0.3)
    out.blit(die, die.get_rect(center=(tip[0], tip[1] - 6)))
    return out


def _dice_picture() -> pygame.Surface:
    """Ammunition dice in three saboteurs' colours."""
    import pygame

    from game.games.tower import art
    from game.ui import theme

    dice = [art.die_sprite(theme.hex_rgb(theme.SEAT_COLOURS[i]), face, 0.2 * i)
            for i, face in ((0, 4), (1, 5), (2, 6))]
    w = sum(d.get_width() for d in dice) + 6 * (len(dice) - 1)
    out = pygame.Surface((w, max(d.get_height() for d in dice)), pygame.SRCALPHA)
    x = 0
    for d in dice:
        out.blit(d, (x, out.get_height() - d.get_height()))
        x += d.get_width() + 6
    return out


def _timer_picture() -> pygame.Surface:
    """The sand timer, a third run through."""
    import pygame

    from game.games.tower import art

    out = pygame.Surface((art.HG_W + 8, art.HG_H + 8), pygame.SRCALPHA)
    art.draw_hourglass(out, (out.get_width() // 2, out.get_height() // 2), 0.66, 0.0,
                       running=True, urgent=False)
    return out


def rules_pictures() -> list[RulePicture]:
    """The pictures the page shows, each drawn by the table's own art."""
    pics = [RulePicture(f"block.{key}", (200, 100), partial(_block_picture, key), grow=1.0)
            for key in SHAPES]
    pics += [
        RulePicture("timer", (70, 110), _timer_picture),
        RulePicture("catapult", (140, 90), _catapult_picture),
        RulePicture("dice", (120, 44), _dice_picture),
        RulePicture("card.small", (110, 170), partial(_card_picture, SMALL_TILES[10].tile_id)),
        RulePicture("card.mega", (110, 170), partial(_card_picture, MEGA_TILE.tile_id)),
    ]
    return pics
