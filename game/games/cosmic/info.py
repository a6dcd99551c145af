"""Cosmic Kaboom's rules page: the rulebook as adapted, the controls, the planets and the whole
Advancement deck, written from `data.py` so the page can never disagree with the game.

pygame-gui's HTML subset: newlines are ignored, `<br>` breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from game.app.input import KEYS1, default_word
from game.app.rulepics import RulePicture, heading, pic, side_by_side, subheading
from game.games.cosmic.controls import keys_words, lane_words
from game.games.cosmic.data import (
    BOMB_OVERLAP,
    CARDS,
    COLOURS,
    DECK_SIZE,
    DESTROYED_POINTS,
    FACTIONS,
    GAME_END_DESTROYED,
    MAX_ROUNDS,
    PATTERNS,
    PLANETS,
    RULES_NOTES,
    SHORT_END,
    SURVIVOR_POINTS,
)

if TYPE_CHECKING:
    import pygame

ACCENT = "#8fd3ff"


def _sub(title: str) -> str:
    return subheading(title, ACCENT)


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def planet_table() -> list[str]:
    """One line per faction: its corner, shape and its three planets (colour and dots)."""
    corners = ("top left", "top right", "bottom right", "bottom left")
    names = {c.key: c.name for c in COLOURS}
    rgb = {c.key: c.rgb for c in COLOURS}
    lines = []
    for f in FACTIONS:
        planets = sorted((p for p in PLANETS if p.faction == f.faction_id), key=lambda p: p.dots)
        listed = ", ".join(
            f"<font color={_hex(rgb[p.colour])}>{names[p.colour]}</font> {PATTERNS[p.colour]}"
            f"&nbsp;{'•' * p.dots}"
            for p in planets
        )
        lines.append(
            f"<font color={_hex(f.rgb)}><b>{f.name}</b></font> ({corners[f.faction_id]}, "
            f"{f.shape} badge): {listed}"
        )
    return lines


def deck_table() -> list[str]:
    """One line per Advancement card: name, copies and the line printed on its face."""
    return [f"<b>{c.name}</b> ×{c.count}: {c.text}" for c in CARDS]


def rules_page(word: Callable[[str, str], str] | None = None) -> str:
    """The whole rules page; `word(device, control)` names the controls (the player's bindings,
    or the defaults when not given)."""
    if word is None:
        word = default_word
    # No line break inside "5 per ••• planet" (the dots would be left at a line's end).
    points = ", ".join(f"{DESTROYED_POINTS[d]}&nbsp;per&nbsp;{'•' * d}&nbsp;planet"
                       for d in (1, 2, 3))
    parts = [
        heading("Cosmic Kaboom"),
        "The Factions are at war, and the first to build a bomb that destroys whole planets "
        "rules the universe. Fly your spaceship round space with a flick of the finger, collect "
        "Energy Crystals of all four colours, bank them at your Base, then toss the "
        "<b>Space Bomb</b> onto your enemies' planets.<br>",
        _sub("Space"),
        pic("planets", "right"),
        "Space is the square between the four faction Bases at its corners (unused factions' "
        "Bases still mark them). Twelve planets float in it: each faction owns three, one of "
        "each colour but its own, marked with 1, 2 or 3 dots. With two or three players the "
        "factions nobody plays have their planets shared out evenly among the players, as the "
        "rulebook's setup says: with two players each owns six, with three four (the panels' "
        "Planets row shows yours). Each colour's planets also wear "
        f"a pattern: {pattern_words()} {pic('kinds', 'inline')}. Each colour has one Energy "
        "Crystal, which starts on its 1-dot planet. The lobby's <b>Planets</b> option starts "
        "on one of the table's ready boards (quick) or has the players place their planets "
        "in turn, as the rulebook's setup does: drag each one to a free spot.<br>",
        _sub("A turn: flicking"),
        pic("ships"),
        "Flick your ship once. If it touches a planet holding a crystal of a colour you do not "
        "already have (in your Cargo Hold or on your Base), you collect that colour's crystal "
        f"{pic('cubes', 'inline')} "
        "(a ship that comes to rest against the planet, its hull inside the ring the preview "
        "draws round it, touches it), the "
        "crystal moves on to the next planet of its colour (from 1 dot to 2, 2 to 3, and 3 "
        "back to 1), and you may "
        "flick again. Touching a crystal of a colour you already have moves nothing and grants "
        "nothing. A ship that ends completely outside space is destroyed: its Hold is lost and "
        "it goes back to its Base; it can be pushed out by another ship. Planets move when hit "
        "hard; one pushed out of space is placed back by its owner at once.<br>"
        "<b>Instead of flicking</b>, you may return to your Base: your ship docks and your Hold "
        "is banked on the Base. (Fly-back variant, a lobby option: no returning; your flick "
        "must end on your own Base to dock and bank.)<br>",
        _sub("The Space Bomb"),
        pic("bomb"),
        "With all four colours banked at the start of your turn, you do not fly: you toss the "
        "Space Bomb, released from <b>behind your own Base</b>. It flies over everything, "
        "lands, slides and spins to a stop; every planet it covers by at least "
        f"{BOMB_OVERLAP:.0%} of its disc is destroyed. A hit discards your four crystals; a miss "
        "keeps them for your next turn. Ships and Bases are unaffected.<br>",
        _sub("Advancement cards"),
        "You start with one (draw two, keep one, the other goes to the bottom). Whenever one of "
        "your planets is destroyed, draw two and keep one again: once for every planet, so a "
        "bomb that takes two of yours gives you two draws. Cards change the rules: they "
        "are played on your own turn unless they say otherwise; <i>Automatic</i> cards trigger "
        f"by themselves. The deck holds {DECK_SIZE} cards:<br>",
        "".join(pic(f"card.{c.card_id}", "inline") for c in CARDS) + "<br>",
        *(f"• {line}<br>" for line in deck_table()),
        _sub("Game end and scoring"),
        f"The game ends when {GAME_END_DESTROYED} planets are destroyed or one player has lost "
        f"every planet (or after {MAX_ROUNDS} rounds). The lobby's short match ends sooner: "
        f"at {SHORT_END[2]} planets with two players, {SHORT_END[3]} with three or four. "
        f"Score {SURVIVOR_POINTS} per surviving "
        f"planet of yours and, for enemy planets you destroyed, {points}; your own destroyed "
        "planets are worth nothing. The highest score wins; tied scores share the win.<br>",
        _sub("Controls"),
        "<b>Mouse</b>: press on your ship (or anywhere in space), pull back like a slingshot "
        "and let go; the longer the pull, the harder the flick, up to MAX power (reached before "
        "the screen's edge, even from a corner). Let go near the ship or right-click to "
        "cancel. Hold <b>Shift</b> while you pull for fine aim: the hand moves a quarter as "
        "far as the mouse. For the "
        "Space Bomb, your hand waits behind your Base: press anywhere in space, pull back "
        "toward your Base and let go; the wheel sets its spin.<br>"
        f"<b>Keyboard</b>: {keys_words(word, KEYS1)}; {word(KEYS1, 'primary')} flicks too "
        "(on the keys Shift is no fine-aim modifier: a tap of a key is the fine step); "
        f"holding it turns on smoothly, and holding {word(KEYS1, 'confirm')} charges on from "
        "the power shown. The Space Bomb the same way: "
        f"{keys_words(word, KEYS1, True)}. {word(KEYS1, 'secondary')} reaches your cards and "
        f"the buttons. {lane_words(word, KEYS1)}: the aim jumps to the next crystal you need "
        "with a clear straight lane, the power left to you: the dotted path shows "
        "whether it gets there (for the Space Bomb, "
        f"{lane_words(word, KEYS1, True)}: the next rival's planet it destroys); "
        f"{lane_words(word, 'pad1')} on a gamepad.<br>"
        f"<b>Gamepad</b>: {keys_words(word, 'pad1')}; the Space Bomb: "
        f"{keys_words(word, 'pad1', True)}.<br>"
        "Return to Base, End turn and your cards are buttons on your side of the table. The "
        "trajectory preview (Settings, Assists) shows the first third of space of a flick's "
        "path: within that reach, the first planet or ship it would touch (ringed), where it "
        "would stop, or a red cross where it would fly out of space, and in small hollow dots "
        "where the ship glances on to after the first planet (an estimate: a bank shot can "
        "reach a crystal no straight flick can); beyond it the dots fade and the rest is yours "
        "to judge. A power bar shows how hard. Before you pull, dotted lanes in a crystal's "
        "colour lead from your ship to every crystal you still need that one straight flick "
        "reaches (the brackets round them stay while you aim). For a Space Bomb toss it shows "
        "the bomb's flight, its whole slide to where it stops and goes off, and red crosshairs "
        "on every planet that blast would destroy.<br>",
        _sub("The planets"),
        *(f"• {line}<br>" for line in planet_table()),
        _sub("How this table plays the rulebook"),
        "Where the rulebook leaves a choice open, or a screen cannot do what hands do, this "
        "table decides as follows (numbered, so they can be talked about):<br>",
        *(f"<b>Decision {i}</b>: {note}<br>" for i, note in enumerate(RULES_NOTES, 1)),
    ]
    return "".join(parts)


def pattern_words() -> str:
    """The planet kinds in words, each colour with its pattern (red planets are banded...)."""
    return ", ".join(f"{c.name} {PATTERNS[c.key]}" for c in COLOURS)


def _kinds_picture() -> pygame.Surface:
    """One planet of each colour, each wearing its pattern, as on the table."""
    from game.games.cosmic import art

    firsts = [min((i for i, p in enumerate(PLANETS) if p.colour == c.key),
                  key=lambda i: PLANETS[i].dots) for c in COLOURS]
    return side_by_side([art.planet_sprite(i, PLANETS[i].faction) for i in firsts], 4)


def _ship_picture() -> pygame.Surface:
    """A ship of each of two factions, as they fly on the table."""
    from game.games.cosmic import art

    return side_by_side([art.ship_sprite(0, 0), art.ship_sprite(1, art.SHIP_ANGLES // 8)])


def _planets_picture() -> pygame.Surface:
    """One faction's three planets, 1, 2 and 3 dots, the first holding its crystal."""
    from game.games.cosmic import art

    mine = sorted((i for i, p in enumerate(PLANETS) if p.faction == 0),
                  key=lambda i: PLANETS[i].dots)
    sprites = [art.planet_sprite(i, 0).copy() for i in mine]
    gem = art.crystal_gem(PLANETS[mine[0]].colour, sprites[0].get_width() // 3)
    sprites[0].blit(gem, gem.get_rect(center=sprites[0].get_rect().center))
    return side_by_side(sprites, 6)


def _cubes_picture() -> pygame.Surface:
    """The four Energy Cubes, one of each colour."""
    from game.games.cosmic import art

    return side_by_side([art.cube(c.key, 26, True) for c in COLOURS], 5)


def _bomb_picture() -> pygame.Surface:
    """The Space Bomb, large, as it flies."""
    from game.games.cosmic import art

    return art.bomb_sprite(6, 0)


CARD_PICTURE_WIDTH = 240
"""How wide the rules page draws an Advancement card (at the page's own scale, never shrunk):
three to a row."""
CARD_PICTURE_TEXT = 18
"""The size of a rules-page card's words: the page's body text (the hand's 150-pixel face
shrunk to fit the page left them tiny and cut, "Salvage Rights ... take...")."""


def _card_picture(card_id: str) -> pygame.Surface:
    """An Advancement card's face as the hand draws it, tall enough for its whole line at the
    page's body size (every card as tall as the tallest)."""
    from game.games.cosmic import hud

    w = CARD_PICTURE_WIDTH
    # one height for every card (the tallest's, and room under its words for AUTOMATIC), so
    # the rows of the page line up
    h = max(hud.card_height(c.card_id, w, CARD_PICTURE_TEXT) for c in CARDS) + 10
    return hud.card_face(card_id, w, h, CARD_PICTURE_TEXT)


def rules_pictures() -> list[RulePicture]:
    """The pictures the page shows, each drawn by the table's own art."""
    return [
        RulePicture("ships", (150, 80), _ship_picture),
        RulePicture("planets", (230, 90), _planets_picture),
        RulePicture("kinds", (200, 50), _kinds_picture),
        RulePicture("cubes", (140, 32), _cubes_picture),
        RulePicture("bomb", (110, 110), _bomb_picture),
        *(RulePicture(f"card.{c.card_id}", (CARD_PICTURE_WIDTH, 480),
                      partial(_card_picture, c.card_id), grow=1.0) for c in CARDS),
    ]
