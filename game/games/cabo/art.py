"""Kaboom! cards' own card faces: the playing card with its point value big in a corner badge
and the power it gives when drawn in a word along the bottom.

A stranger cannot know that a Jack is 12, a black King 30 and a Joker -1, nor which cards peek or
swap; the playtest player lost because no value was on the table. Every face-up card (discard,
peek, drawn card, the reveal) is drawn by `face` with its value. The power band shows only where a
power can be used: on a sprite whose `badge` is `POWER` (the card just drawn, the discard used
for its power); a peeked 8 in a grid reading "PEEK" told a stranger it could still peek.
Only faces carry it: a face-down card shows nothing more than its back.
"""

from __future__ import annotations

import pygame

from game.games.cabo import rules as R
from game.tabletop import playing_cards
from game.tabletop.effects import comic_burst, hand_image
from game.tabletop.sprites import register_deck
from game.ui import text, theme
from game.ui.cache import cached
from game.ui.draw import vertical_gradient

DECK = "cabo"
"""The sprites' deck name for these faces (`game.tabletop.sprites.register_deck`)."""

POWER = "power"
"""The sprite badge that asks for the power band (a card whose power can be used now)."""

POWER_TAGS: dict[R.Power, str] = {
    R.Power.PEEK_OWN: "PEEK",
    R.Power.PEEK_OTHER: "SPY",
    R.Power.BLIND_SWAP: "SWAP",
    R.Power.VISIBLE_SWAP: "LOOK+SWAP",
}
"""The word on a card for its power: peek at one of yours, spy on a rival's card, blind swap,
look at two then swap or not (`words.POWER_SHORT` spells them out on the buttons)."""


def value_colour(value: int) -> tuple[int, int, int]:
    """Badge colour by how good the points are for you (low is good): green to red."""
    if value <= 1:
        return theme.MINT
    if value <= 4:
        return theme.CREAM
    if value <= 10:
        return theme.SPARK
    return (255, 118, 118)


def _font_fit(label: str, px: int, width: int) -> pygame.Surface:
    """`label` in bold at `px` pixels, smaller until it fits `width` (fixed pixels: the card
    art does not grow with the large-text setting, the card would overflow)."""
    for size in range(px, 5, -1):
        img = theme.font(size, True).render(label, True, theme.CREAM)
        if img.get_width() <= width:
            return img
    return img


def badge_rect(w: int, h: int, digits: int, scale: float = 1.0,
               court: bool = False) -> pygame.Rect:
    """The value badge's place on a w x h face: the top-right corner, grown with the larger
    text setting (`scale`, 1.2 for larger text) as far as the card allows: clear of the
    rank in the top-left corner and of the card's middle (a stranger with larger text found
    the values the one thing on the table that stayed small). On a Jack, Queen or King
    (`court`) a narrower badge hugs the corner, right of the portrait's head (the usual one
    covered it: a stranger saw headless Kings)."""
    grow = max(1.0, min(scale, 1.3))
    if court:
        bh = min(max(14, round(h * 0.21 * grow)), round(h * 0.27))
        bw = round(w * 0.36)  # right of the head, which reaches to 0.6 of the width
        return pygame.Rect(w - bw - max(1, w // 40), max(1, h // 40), bw, bh)
    bh = min(max(16, round(h * 0.27 * grow)), round(h * 0.36))
    bw = max(bh, round(w * (0.44 if digits == 1 else 0.5) * grow))
    bw = min(bw, round(w * 0.58))  # a "10" in the rank corner needs its room
    return pygame.Rect(w - bw - max(2, w // 22), max(2, h // 28), bw, bh)


def face(code: str, w: int, h: int, badge: str = "") -> pygame.Surface:
    """The face of `code` at w x h with its value badge (top right) and, when `badge` is
    `POWER` and the card has a power, its power tag in a band along the bottom; its badges
    at the text setting's size."""
    return _face(code, w, h, badge, text.scale())


@cached(256, max_mb=6)
def _face(code: str, w: int, h: int, badge: str, scale: float) -> pygame.Surface:
    card = R.card(code)
    s = playing_cards.face(code, w, h).copy()
    value = str(card.value)
    # the value: a dark rounded badge in the top-right corner, its number as big as fits
    box = badge_rect(w, h, len(value), scale, court=card.rank in (11, 12, 13))
    bh = box.h
    pygame.draw.rect(s, theme.INK, box, border_radius=max(4, bh // 3))
    pygame.draw.rect(s, value_colour(card.value), box, max(1, w // 40),
                     border_radius=max(4, bh // 3))
    num = theme.font(max(8, round(bh * 0.82)), True).render(value, True,
                                                             value_colour(card.value))
    if num.get_width() > box.w - 4:
        num = pygame.transform.smoothscale(
            num, (box.w - 4, round(num.get_height() * (box.w - 4) / num.get_width())))
    s.blit(num, num.get_rect(center=box.center))
    power = card.power
    if power is not None and badge == POWER:  # the power it gives now, in a band
        th = min(max(12, round(h * 0.17 * max(1.0, min(scale, 1.3)))), round(h * 0.23))
        band = pygame.Rect(max(2, w // 20), h - th - max(2, h // 30), w - 2 * max(2, w // 20), th)
        pygame.draw.rect(s, theme.SKY if power in (R.Power.PEEK_OWN, R.Power.PEEK_OTHER)
                         else theme.FUSE, band, border_radius=th // 2)
        if power is R.Power.VISIBLE_SWAP:  # an eye and SWAP: "LOOK+SWAP" was 8 px
            word = _font_fit("SWAP", max(12, round(th * 0.8)), band.w - 14)
            ew = max(8, min(th, band.w - 6 - word.get_width()))
            eye = pygame.Rect(0, 0, ew, max(5, round(min(th, ew) * 0.62)))
            eye.midleft = (band.centerx - (ew + 3 + word.get_width()) // 2, band.centery)
            pygame.draw.ellipse(s, theme.CREAM, eye)
            pygame.draw.circle(s, theme.INK, eye.center, max(2, round(eye.h * 0.36)))
            s.blit(word, word.get_rect(midleft=(eye.right + 3, band.centery)))
        else:
            word = _font_fit(POWER_TAGS[power], max(12, round(th * 0.8)), band.w - 6)
            s.blit(word, word.get_rect(center=band.center))
    return s.convert_alpha() if pygame.display.get_surface() else s


def back(w: int, h: int) -> pygame.Surface:
    """The common card back."""
    return playing_cards.back(w, h)


register_deck(DECK, face, back)


def picture(surface: pygame.Surface) -> None:
    """The catalogue picture: a fanned hand on felt, a slap and a Kaboom! burst."""
    w, h = surface.get_size()
    surface.blit(vertical_gradient((w, h), (40, 112, 88), theme.FELT_DARK), (0, 0))
    pygame.draw.ellipse(surface, (52, 128, 100), (-40, h * 0.35, w + 80, h * 0.9))
    cards = (("XR", -24), ("KH", -10), ("7S", 4), ("QD", 18))
    cw, ch = 62, 87
    for i, (code, angle) in enumerate(cards):
        img = pygame.transform.rotozoom(playing_cards.face(code, cw, ch), angle, 1.0)
        surface.blit(img, img.get_rect(center=(58 + i * 36, 122 + abs(angle) * 0.6)))
    turned = pygame.transform.rotozoom(playing_cards.back(cw, ch), 8, 1.0)
    surface.blit(turned, turned.get_rect(center=(w - 58, 120)))
    hand = pygame.transform.rotozoom(hand_image(theme.hex_rgb("#3d8be8"), 70), 160, 1.0)
    surface.blit(hand, hand.get_rect(center=(w - 52, 90)))
    burst = comic_burst("KABOOM!", 150)
    surface.blit(burst, burst.get_rect(center=(w * 0.5, 40)))
