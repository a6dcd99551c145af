"""Kaboom! cards, the traveler's memory card game: registers itself in the catalogue.

Importing this package is cheap: the table scene and the demos load only when a match opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.app import catalogue
from game.app.catalogue import DemoScene, GameInfo, MatchSetup, Option, SimResult, lazy_demo
from game.core.saves import GameFormat, register_game_format

if TYPE_CHECKING:
    import pygame

    from game.app.app import App
    from game.app.scene import Scene

GAME_ID = "cabo"


def make_scene(app: App, setup: MatchSetup, saved: dict[str, Any] | None) -> Scene:
    from game.games.cabo.scene import CaboScene

    return CaboScene(app, setup, saved)


def simulate(setup: MatchSetup) -> SimResult:
    """An AI-only match, headless (the CLI's simulate command): rules and AI only, no pygame."""
    from game.games.cabo.sim import simulate as run

    return run(setup)


def rules_page() -> str:
    """How to play, in pygame-gui's HTML subset (the How to play screen)."""
    from game.app.menus.howto import heading

    return (
        f"{heading('Kaboom! cards')}"
        "The traveler's memory game: end each round with your cards as <b>close to zero</b> as "
        "you can, though you hardly ever see them. 2 to 6 players, 54 cards with both jokers. "
        "Lowest total after the last round (10 by default) wins.<br><br>"
        "<b>Values</b>: Ace 1, 2-10 as marked, Jack 12, Queen 15, <b>red King 0</b>, "
        "black King 30, <b>Joker -1</b>.<br><br>"
        f"{heading('A round')}"
        "<b>Deal and peek.</b> Everyone gets four cards face down in a 2x2 grid and looks once "
        "at their two bottom cards. Remember them!<br>"
        "<b>Flip.</b> Players take turns flipping the top of the draw pile onto the discard "
        "pile until someone slaps a match; that slapper starts play.<br>"
        "<b>Play.</b> On your turn draw a card and look at it. Then swap it for one of your "
        "cards (unseen; the old one goes face up on the discard pile), discard it, or discard "
        "it to use its power. Or, instead of drawing, call <b>Kaboom!</b><br><br>"
        "<b>Powers</b> (only for a card just drawn): 7 or 8 look at one of your cards; 9 or 10 "
        "look at another player's card; Jack or Queen swap any two cards blind; King look at "
        "two cards, then swap them or not (everyone hears which).<br><br>"
        f"{heading('Slapping')}"
        "When a card is discarded (flipped, discarded from a draw, or replaced out of a grid), "
        "anyone may slap it until the next player draws: press your <b>action</b> key "
        "(Left Shift, Right Shift, X on a gamepad) or click the pile. The first slap wins. "
        "Then flip a matching card (same number or face) from <b>any</b> grid onto the pile; "
        "after each match you may flip another or stop. Flip a card from someone else's grid "
        "and you may give them one of yours, unseen, into the gap.<br>"
        "A wrong flip costs <b>2 penalty cards</b>; slapping and not flipping costs <b>1</b>. "
        "Cards discarded by a slap can't be slapped. Slapping when nothing can be slapped does "
        "nothing. The table waits a moment (Settings, Slap pause) before an AI draws so "
        "everyone can slap.<br><br>"
        f"{heading('Kaboom!')}"
        "Call it on your turn instead of drawing: your cards are locked (nobody may touch, "
        "swap, look at or slap them, and you can't slap); everyone else has one last turn. "
        "A player with no cards at their turn calls it automatically.<br>"
        "<b>Scoring</b>: each player scores their card total. The caller scores <b>-5 minus</b> "
        "their distance from zero if strictly closest to zero, otherwise <b>+10 plus</b> their "
        "distance (a tie is not closest). The player closest to zero starts the next round "
        "(a tie goes to the lowest total).<br><br>"
        f"{heading('At the table')}"
        "The mouse clicks cards, piles and buttons. Keyboards and gamepads move a cursor over "
        "what you may choose and confirm; the <b>second action</b> key presses the highlighted "
        "alternative (Kaboom!, Stop, Keep). <b>Back</b> opens the score sheet. With two or more "
        "people at the screen, anything private (your peek, your drawn card, a King's look) "
        "appears only after a <b>Pass to</b> curtain that only its player can open.<br>"
        "At the end of a round little seat marks under each card show who had seen it.<br><br>"
        f"{heading('House rules')}"
        "Where the rulebook leaves timing open: a slap window lasts until the next draw (at "
        "least the Slap window option); exact ties go clockwise from the discarder; the current "
        "player may slap before drawing; a power must be finished once announced; a King whose "
        "card is slapped away can only decline the swap; penalty cards fill a gap first. The "
        "first starter is the first seat (or random, an option).")


def draw_picture(surface: pygame.Surface) -> None:
    """The catalogue picture: a fanned hand on felt, a slap and a Kaboom! burst."""
    import pygame

    from game.tabletop import playing_cards
    from game.tabletop.effects import comic_burst, hand_image
    from game.ui import theme
    from game.ui.draw import vertical_gradient

    w, h = surface.get_size()
    surface.blit(vertical_gradient((w, h), (40, 112, 88), theme.FELT_DARK), (0, 0))
    pygame.draw.ellipse(surface, (52, 128, 100), (-40, h * 0.35, w + 80, h * 0.9))
    cards = (("XR", -24), ("KH", -10), ("7S", 4), ("QD", 18))
    cw, ch = 62, 87
    for i, (code, angle) in enumerate(cards):
        img = pygame.transform.rotozoom(playing_cards.face(code, cw, ch), angle, 1.0)
        surface.blit(img, img.get_rect(center=(58 + i * 36, 122 + abs(angle) * 0.6)))
    back = pygame.transform.rotozoom(playing_cards.back(cw, ch), 8, 1.0)
    surface.blit(back, back.get_rect(center=(w - 58, 120)))
    hand = pygame.transform.rotozoom(hand_image(theme.hex_rgb("#3d8be8"), 70), 160, 1.0)
    surface.blit(hand, hand.get_rect(center=(w - 52, 90)))
    burst = comic_burst("KABOOM!", 150)
    surface.blit(burst, burst.get_rect(center=(w * 0.5, 40)))


def _demo(name: str) -> Any:
    return lazy_demo("game.games.cabo.demos", name)


INFO = GameInfo(
    id=GAME_ID,
    title="Kaboom! cards",
    pitch="The traveler's memory game: peek, swap, slap matches, and call Kaboom! when "
          "your hidden cards are closest to zero.",
    min_players=2,
    max_players=6,
    make_scene=make_scene,
    simulate=simulate,
    rules_page=rules_page,
    draw_picture=draw_picture,
    options=(
        Option("rounds", "Rounds", (1, 3, 5, 10), 10, "Rounds in a game; lowest total wins."),
        Option("first_starter", "First to flip", ("first player", "random"), "first player",
               "Who starts the first round (later rounds: the round's winner)."),
        Option("slap_window", "Slap window (s)", (1.0, 1.5, 2.0, 3.0), 1.5,
               "The least time a discard stays slappable before the next draw."),
        Option("ai_pace", "AI pace", ("relaxed", "normal", "brisk"), "normal",
               "How long computer players take over each move."),
    ),
    demo_scenes=(
        DemoScene("cabo.deal", _demo("deal"), "Kaboom! cards: the deal and the first peek"),
        DemoScene("cabo.play", _demo("play"), "Kaboom! cards: four AIs mid-round (bench)"),
        DemoScene("cabo.mid", _demo("mid"), "Kaboom! cards: your drawn card, mid-round"),
        DemoScene("cabo.slap", _demo("slap"), "Kaboom! cards: an AI wins a slap"),
        DemoScene("cabo.end", _demo("end"), "Kaboom! cards: a round's reveal and score sheet"),
        DemoScene("cabo.six", _demo("six"), "Kaboom! cards: six players mid-round"),
        DemoScene("cabo.couch", _demo("couch"), "Kaboom! cards: two humans, pass-to curtains",
                  bench=False),
    ),
    accent="#e63946",
    default_players=4,
    higher_is_better=False,
    sounds=("card_deal", "card_flip", "card_shuffle", "card_slide", "game_win", "kaboom", "peek",
            "penalty", "round_end", "score", "slap", "slap_wrong", "swap", "ui_click", "ui_error",
            "ui_hover"),
    credit="The traveler's memory card game of the Cabo family, as played on the trails.",
)

catalogue.register(INFO)


def _save_format() -> GameFormat:
    """The save's version, upgraders and check; its rules load only when a save is read."""
    from game.games.cabo.savefmt import FORMAT

    return FORMAT


register_game_format(GAME_ID, _save_format)
