"""The Kaboom! cards rules page, written from the engine itself (pygame-gui's HTML subset).

Card values, powers, penalties and the Kaboom! scoring come from the rules module's constants,
and "How this table plays the rulebook" is the engine's own numbered list of decisions
(`rules.DECISIONS`), so the page can never drift from what the game does.
"""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING

from game.app.rulepics import RulePicture, heading, pic, side_by_side
from game.games.cabo import rules as R
from game.games.cabo import words
from game.games.cabo.slaps import OPENING_EXTRA, SLAP_GRACE

if TYPE_CHECKING:
    import pygame

    from game.app.input import ControlWord

CARD_W, CARD_H = 58, 82
"""A card on the page: as large as a hand card at the table, small enough for a row of seven."""
#: The cards shown with their values: one of each kind the Values line names.
VALUE_CARDS = ("AS", "7D", "JC", "QH", "KH", "KS", "XR")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def decision_html(text: str) -> str:
    """One decision as the page shows it (the option named as the lobby names it)."""
    return re.sub(r"`slap_window`", "the <i>Time to slap</i> option", text)


def _values() -> str:
    by_rank = {R.Card(r, "S").rank_name: R.Card(r, "S").value for r in range(1, 14)}
    red_king = R.Card(R.KING, "H").value
    black_king = R.Card(R.KING, "S").value
    joker = R.Card(R.JOKER, "R").value
    row = "".join(pic(f"value.{code}", "inline") for code in VALUE_CARDS)
    return (f"<b>Values</b>: Ace {by_rank['Ace']}, 2-10 as marked, Jack {by_rank['Jack']}, "
            f"Queen {by_rank['Queen']}, <b>red King {red_king}</b>, black King {black_king}, "
            f"<b>Joker {joker}</b>.<br>{row}<br><br>")


def _powers() -> str:
    ranks: dict[R.Power, list[str]] = {}
    for rank in range(1, 14):
        c = R.Card(rank, "S")
        if c.power is not None:
            ranks.setdefault(c.power, []).append(c.rank_name)
    lines = []
    for power, names in ranks.items():
        what = words.POWER_NAMES[power].format(their="your")
        lines.append(f"{pic(f'power.{power.value}', 'inline')}{' or '.join(names)}: {what}")
    return ("<b>Powers</b> (only for a card just drawn, and only if discarded to use it):<br>"
            + ";<br>".join(lines) + ".<br>Everyone hears which cards a power touches, and "
            "whether a King swapped.<br><br>")


def rules_page(word: ControlWord | None = None) -> str:
    """How to play Kaboom! cards, then every decision the engine makes, numbered; `word`
    names the controls (the player's bindings; the defaults unless given)."""
    from game.app.input import KEYS1, KEYS2, MOUSE, default_word

    w = word or default_word
    slap_keys = (f"{w(KEYS1, 'primary')}, {w(KEYS2, 'primary')}, {w('pad0', 'primary')} on a "
                 f"gamepad")

    def keys(action: str) -> str:
        return f"{w(KEYS1, action)}, {w(KEYS2, action)} or {w('pad0', action)}"

    parts = [
        heading("Kaboom! cards"),
        "The traveler's memory game: end each round with your cards as <b>close to zero</b> "
        f"as you can, though you hardly ever see them. {R.MIN_PLAYERS} to {R.MAX_PLAYERS} "
        f"players, {len(R.DECK)} cards with both jokers. Lowest total after the last round "
        f"({R.DEFAULT_ROUNDS} by default, the lobby's <i>Rounds</i>; the rulebook plays "
        f"{R.RULEBOOK_ROUNDS}) wins.<br><br>",
        _values(),
        heading("A round"),
        pic("grid"),
        f"<b>Deal and peek.</b> Everyone gets {R.GRID_SIZE} cards face down in a 2x2 grid and "
        "looks once at their two bottom cards. Remember them!<br>"
        "<b>Flip.</b> Players take turns flipping the top of the draw pile onto the discard "
        "pile until someone slaps a match; that slapper starts play. If "
        f"{R.OPENING_FLIPS} cards go by with no match slapped, the round's first player starts "
        "(the lobby's <i>Opening</i>; the rulebook's <i>until a slap</i> has no limit).<br>"
        "<b>Play.</b> On your turn draw a card and look at it. Then swap it for one of your "
        "cards (unseen; the old one goes face up on the discard pile), discard it, or discard "
        "it to use its power. Or, instead of drawing, call <b>Kaboom!</b><br><br>",
        _powers(),
        heading("Slapping"),
        pic("slap", "right"),
        "When a card is discarded (flipped, discarded from a draw, or replaced out of a grid), "
        "anyone may slap it until the next player draws: press your <b>action</b> key "
        f"({slap_keys}) or {w(MOUSE, 'primary')} the discard pile (or, with the mouse, a card of "
        "your own you know matches: one click slaps and flips it). The first slap wins. "
        "Then flip a matching card (same number or face) from <b>any</b> grid onto the discard "
        "pile; after each match you may flip another or stop. Flip a card from someone else's grid "
        "and you may give them one of yours, unseen, into the gap.<br>"
        f"A wrong flip costs <b>{_plural(R.WRONG_FLIP_PENALTY, 'penalty card')}</b>, and the "
        "wrongly flipped card stays on the discard pile (the rulebook's rule 7); slapping "
        f"and not flipping costs <b>{R.NO_FLIP_PENALTY}</b>.<br>"
        f"{SLAP_TIMING}<br><br>",
        heading("Kaboom!"),
        "Call it on your turn instead of drawing: your cards are locked (nobody may touch, "
        "swap, look at or slap them, and you can't slap); everyone else has one last turn.<br>"
        "<b>Scoring</b>: each player scores their card total. The caller scores "
        f"<b>-{R.KABOOM_BONUS} minus</b> their distance from zero if strictly closest to zero, "
        f"otherwise <b>+{R.KABOOM_PENALTY} plus</b> their distance (a tie is not closest). "
        "Yes, as the rulebook has it, a winning caller farther from zero earns more (a total "
        f"of 7 scores -7, minus {R.KABOOM_BONUS} for the call: "
        f"{-7 - R.KABOOM_BONUS}): the risk of calling early is the reward. The "
        "player closest to zero starts the next round. <b>Each round</b> goes to the cards "
        "closest to zero; <b>the match</b> to the lowest score after the last round. "
        "When the cards are turned up, the eye and the coloured dots low on a card's left edge "
        "say who had seen it: <b>a coloured dot on a card: that player has seen it</b> (in "
        "their colour and shape).<br><br>",
        heading("At the table"),
        "The mouse clicks cards, piles and buttons. Keyboards and gamepads move a cursor over "
        "what you may choose and confirm. <b>Kaboom!</b> has its own key "
        f"({keys('secondary')}); <b>no</b> has another ({keys('rotate_right')}: don't flip, "
        "stop, keep my cards, don't swap). <b>Back</b> opens the score sheet. With two or more "
        "people at the screen, a private card (your peek, your drawn card, a King's look) "
        "waits face down with a lifted corner: <b>hold to look</b> (press the card with the "
        f"mouse, or hold {keys('rotate_left')}) and let go to hide it.<br>"
        "At the end of a round little seat marks under each card show who had seen it.<br><br>",
        heading("How this table plays the rulebook"),
        "Where the rulebook leaves timing open, or a screen has to replace a physical act, the "
        "game decides as follows.<br>",
    ]
    parts.extend(f"<b>{i}.</b> {decision_html(d)}<br>" for i, d in enumerate(R.DECISIONS, 1))
    return "".join(parts)


SLAP_TIMING = (
    "<b>When to slap.</b> You can slap a card until the next card is drawn or flipped. "
    f"The table waits at least the lobby's <i>Time to slap</i> ({R.DEFAULT_SLAP_WINDOW:g} s "
    "unless you change it). A bar under the discard pile shows the time left, and Draw "
    "stays grey until it runs out. With an Easy player at the table, each opening card "
    f"waits {OPENING_EXTRA:g} s longer. "
    f"A new card may land just as you press. For {SLAP_GRACE:g} s, your press counts for the "
    "card underneath. That card's time is over. So you are <b>too late, and it costs "
    "nothing</b> (the rulebook's rule 11). "
    "<i>For example:</i> a 7 is on the discard pile and you hold a 7. Ben discards a Queen "
    'on it as you press. You see "Too late: the 7 is covered" and lose nothing. '
    "Your press slaps the new card instead in two cases. You discarded it yourself (not an "
    "opening flip). Or you know a match for it and none for the old card. Another press "
    f"in those {SLAP_GRACE:g} s is too late as well.")
"""The rules page's slap-timing paragraph, in short sentences with an example (strangers
found one long sentence hard to read); `scene.CaboScene.aimed_below` is the rule it tells."""


def _face(code: str, badge: str = "") -> pygame.Surface:
    from game.games.cabo import art

    return art.face(code, CARD_W, CARD_H, badge)


def _value_picture(code: str) -> pygame.Surface:
    """A card with its value in the corner badge, as the score sheet shows it."""
    return _face(code)


def _power_picture(power: R.Power) -> pygame.Surface:
    """The cards that give `power`, side by side, with the band they show when just drawn."""
    from game.games.cabo import art

    ranks = [r for r in range(1, 14) if R.Card(r, "S").power is power]
    return side_by_side([_face(R.Card(r, "HS"[i % 2]).code, art.POWER)
                         for i, r in enumerate(ranks)], 4)


def _grid_picture() -> pygame.Surface:
    """A fresh 2x2 grid: the top two face down, the bottom two peeked at."""
    import pygame

    from game.tabletop import playing_cards

    back = playing_cards.back(CARD_W, CARD_H)
    gap = 6
    out = pygame.Surface((CARD_W * 2 + gap, CARD_H * 2 + gap), pygame.SRCALPHA)
    out.blit(back, (0, 0))
    out.blit(back, (CARD_W + gap, 0))
    out.blit(_face("4C"), (0, CARD_H + gap))
    out.blit(_face("QD"), (CARD_W + gap, CARD_H + gap))
    return out


def _slap_picture() -> pygame.Surface:
    """A match to slap: the discard pile's 9 and a 9 flipped onto it from a grid."""
    import pygame

    under, over = _face("9S"), _face("9H")
    out = pygame.Surface((CARD_W + 34, CARD_H + 20), pygame.SRCALPHA)
    out.blit(under, (0, 18))
    out.blit(pygame.transform.rotozoom(over, -8, 1.0), (24, 0))
    return out


def rules_pictures() -> list[RulePicture]:
    """The pictures the page shows, each drawn by the table's own card art."""
    powers = {c.power for c in R.DECK if c.power is not None}
    return [
        RulePicture("grid", (130, 180), _grid_picture, grow=1.0),
        RulePicture("slap", (110, 110), _slap_picture, grow=1.0),
        *(RulePicture(f"value.{code}", (CARD_W, CARD_H), partial(_value_picture, code))
          for code in VALUE_CARDS),
        *(RulePicture(f"power.{p.value}", (CARD_W * 2 + 4, CARD_H), partial(_power_picture, p))
          for p in sorted(powers, key=lambda p: p.value)),
    ]
