"""Card sprites that travel, turn over, lift and tilt, with cached transformed images.

A sprite knows nothing of the rules: the scene tells it where to go and which face to show.
Motion is advanced by logic time, so animations are deterministic in tests. Which artwork a
sprite shows is its `deck`: the playing cards by default; a card game with its own cards
registers their face and back painters once with `register_deck`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.tabletop import playing_cards
from game.ui.cache import cached
from game.ui.tween import Ease, ease_in_out_cubic, ease_out_cubic

FLIP_STEPS = 12

FacePainter = Callable[[str, int, int, str], pygame.Surface]
"""`face(code, w, h, badge)`: a card's face at a size (cached by the caller)."""
BackPainter = Callable[[int, int], pygame.Surface]
"""`back(w, h)`: a card's back at a size."""

PLAYING = "playing"
_DECKS: dict[str, tuple[FacePainter, BackPainter]] = {
    PLAYING: (playing_cards.face, lambda w, h: playing_cards.back(w, h)),
}


def register_deck(name: str, face: FacePainter, back: BackPainter) -> None:
    """Declare a deck's artwork so sprites with ``deck=name`` draw it (idempotent)."""
    _DECKS[name] = (face, back)


@dataclass
class _Move:
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    delay: float
    ease: Ease
    arc: float
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None


@cached(512, max_mb=12)
def _transformed(key: tuple[str, int, int, str], flip_step: int, angle: int,
                 lift: int, deck: str = PLAYING) -> pygame.Surface:
    """The card image squeezed for a flip, rotated and with a shadow (all cached)."""
    code, w, h, badge = key
    face, back = _DECKS[deck]
    img = back(w, h) if code == "" else face(code, w, h, badge)
    sx = abs(math.cos(flip_step / FLIP_STEPS * math.pi))
    if flip_step:
        img = pygame.transform.smoothscale(img, (max(1, round(w * sx)), h))
    pad = 6 + lift
    out = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    shadow = pygame.Surface((img.get_width(), h), pygame.SRCALPHA)
    # a lifted card's shadow falls further away and grows fainter
    pygame.draw.rect(shadow, (0, 0, 0, max(40, 72 - lift)), shadow.get_rect(),
                     border_radius=max(4, w // 9))
    out.blit(shadow, ((out.get_width() - img.get_width()) // 2 + 2 + lift // 3,
                      pad + 3 + (lift * 2) // 3))
    out.blit(img, ((out.get_width() - img.get_width()) // 2, pad))
    if angle:
        out = pygame.transform.rotate(out, angle)
    return out


_calm = False
"""Reduced motion: cards glide straight, never arc or turn at an angle (`set_calm`)."""


def set_calm(on: bool) -> None:
    """Whether the table's cards move calmly (the reduced motion setting): a straight glide,
    no arc and no tilt or tumble (strangers with reduced motion on still saw cards tumble and
    rotate as they were dealt). Set by a table's presenter as it opens."""
    global _calm
    _calm = on


@dataclass
class CardSprite:
    """One card on the table: position, face, flip, rotation and lift, with queued motions."""

    x: float
    y: float
    w: int = 72
    h: int = 100
    code: str = ""  # the face to show when face up ("" = unknown to this screen)
    badge: str = ""
    face_up: bool = False
    angle: float = 0.0
    lift: float = 0.0
    visible: bool = True
    highlight: tuple[int, int, int] | None = None
    #: A private face: forgotten (code cleared) as soon as the card is back face down, so a
    #: hidden card can never be drawn face up by accident later.
    secret: bool = False
    deck: str = PLAYING  # whose artwork: see `register_deck`
    flip: float = 0.0  # 0 = showing the back, 1 = showing the face
    moves: list[_Move] = field(default_factory=list)
    _flip_target: float = 0.0
    _flip_speed: float = 0.0
    _lift_target: float = 0.0

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def busy(self) -> bool:
        return bool(self.moves) or self.flip != self._flip_target or \
            abs(self.lift - self._lift_target) > 0.5

    def move_to(self, pos: tuple[float, float], duration: float = 0.35, delay: float = 0.0,
                ease: Ease = ease_out_cubic, arc: float = 0.0,
                on_done: Callable[[], None] | None = None) -> None:
        """Queue a move (after any queued ones) with an optional upward arc in pixels."""
        start = self.moves[-1].end if self.moves else (self.x, self.y)
        self.moves.append(_Move(start, pos, max(0.001, duration), delay, ease, arc,
                                on_done=on_done))

    def jump_to(self, pos: tuple[float, float]) -> None:
        self.moves.clear()
        self.x, self.y = pos

    def turn(self, face_up: bool, duration: float = 0.3) -> None:
        """Animate turning over; `face_up` True shows `code` (if the screen may know it)."""
        self.face_up = face_up
        self._flip_target = 1.0 if face_up else 0.0
        self._flip_speed = 1.0 / max(0.001, duration)

    def set_face(self, face_up: bool) -> None:
        self.face_up = face_up
        self.flip = self._flip_target = 1.0 if face_up else 0.0
        if self.secret and not face_up:
            self.code = ""
            self.secret = False

    @property
    def showing_face(self) -> bool:
        """True when the drawn image is the face (what a privacy check must look at)."""
        return bool(self.code) and round(self.flip * FLIP_STEPS) > FLIP_STEPS // 2

    @property
    def target(self) -> tuple[float, float]:
        """Where the sprite will rest once its queued moves are done."""
        return self.moves[-1].end if self.moves else (self.x, self.y)

    def raise_to(self, lift: float) -> None:
        self._lift_target = lift

    def update(self, dt: float) -> None:
        if self.moves:
            m = self.moves[0]
            m.elapsed += dt
            t = (m.elapsed - m.delay) / m.duration
            if t >= 0:
                t = min(1.0, t)
                e = m.ease(t)
                self.x = m.start[0] + (m.end[0] - m.start[0]) * e
                arc = 0.0 if _calm else m.arc
                self.y = m.start[1] + (m.end[1] - m.start[1]) * e - arc * math.sin(math.pi * t)
                if t >= 1.0:
                    self.moves.pop(0)
                    if m.on_done:
                        m.on_done()
        if self.flip != self._flip_target:
            step = self._flip_speed * dt
            if self.flip < self._flip_target:
                self.flip = min(self._flip_target, self.flip + step)
            else:
                self.flip = max(self._flip_target, self.flip - step)
        if self.secret and self.flip == 0.0 and not self.face_up:
            self.code = ""
            self.secret = False
        self.lift += (self._lift_target - self.lift) * min(1.0, dt * 14)

    def image(self) -> pygame.Surface:
        step = round(self.flip * FLIP_STEPS)
        showing_face = step > FLIP_STEPS // 2
        code = self.code if showing_face else ""
        flip_step = step if not showing_face else FLIP_STEPS - step
        key = (code, self.w, self.h, self.badge if code else "")
        return _transformed(key, flip_step if 0 < step < FLIP_STEPS else 0,
                            0 if _calm else round(self.angle / 3) * 3,
                            min(20, round(self.lift / 2) * 2),
                            self.deck)

    def draw(self, surface: pygame.Surface, offset: tuple[float, float] = (0, 0)) -> None:
        if not self.visible:
            return
        img = self.image()
        rect = img.get_rect(center=(round(self.x + offset[0]),
                                    round(self.y + offset[1] - self.lift)))
        surface.blit(img, rect)
        if self.highlight:
            r = pygame.Rect(0, 0, self.w + 8, self.h + 8)
            r.center = (round(self.x + offset[0]), round(self.y + offset[1] - self.lift))
            pygame.draw.rect(surface, self.highlight, r, 3, border_radius=max(6, self.w // 8))

    def rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.w, self.h)
        r.center = (round(self.x), round(self.y - self.lift))
        return r


def ease_deal(t: float) -> float:
    return ease_in_out_cubic(t)
