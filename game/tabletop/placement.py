"""Where a transient message (a toast, a bubble, a news banner) may sit on a table: at the first
of its preferred places that covers nothing it must leave readable (name plates, hand counts, the
player's hand), else at the nearest clear place found by searching outward from where it wanted
to be. Pure geometry on rects: the games give the places and what to keep clear."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

Point = tuple[float, float]


def placed(size: tuple[int, int], at: Point, anchor: str = "center") -> pygame.Rect:
    """A box of `size` with its `anchor` ("center", "midtop", "midbottom", ...) at `at`."""
    r = pygame.Rect((0, 0), size)
    setattr(r, anchor, (round(at[0]), round(at[1])))
    return r


def is_clear(box: pygame.Rect, keep_off: Sequence[pygame.Rect], room: pygame.Rect) -> bool:
    """Whether `box` lies inside `room` and covers none of `keep_off`."""
    return room.contains(box) and box.collidelist(list(keep_off)) < 0


def clear_place(size: tuple[int, int], spots: Sequence[tuple[Point, str]],
                keep_off: Sequence[pygame.Rect], room: pygame.Rect, *,
                prefer_off: Sequence[pygame.Rect] = (),
                search: bool = True, step: int = 12) -> pygame.Rect | None:
    """Where a box of `size` goes: the first of `spots` (a point and the box's anchor there)
    inside `room` and clear of `keep_off` and of `prefer_off`; else the first clear of
    `keep_off` only; else (with `search`) the nearest place to the first spot, in rings of
    `step` px, clear of both, else of `keep_off`; None when the room holds no such place."""
    boxes = [placed(size, at, anchor) for at, anchor in spots]
    for soft in (True, False):
        for box in boxes:
            if is_clear(box, keep_off, room) and not (
                    soft and box.collidelist(list(prefer_off)) >= 0):
                return box
    if not search or not boxes:
        return None
    first = boxes[0]
    reach = max(room.w, room.h)
    fallback: pygame.Rect | None = None
    for ring in range(1, reach // step + 1):
        d = ring * step
        for k in sorted(range(-ring, ring + 1), key=abs):  # each side, its middle first
            for dx, dy in ((k * step, -d), (k * step, d), (-d, k * step), (d, k * step)):
                box = first.move(dx, dy)
                if not is_clear(box, keep_off, room):
                    continue
                if box.collidelist(list(prefer_off)) < 0:
                    return box
                if fallback is None:
                    fallback = box
        if fallback is not None and ring * step > 4 * step + max(first.size):
            return fallback
    return fallback


def least_covering(box: pygame.Rect, near: pygame.Rect, soft: Sequence[pygame.Rect],
                   hard: Sequence[pygame.Rect], room: pygame.Rect, step: int = 12) -> pygame.Rect:
    """The place for `box` inside `room` off every `hard` rect that covers least of `soft`
    (then nearest `near`); the room's first place when every place meets a `hard` rect. The
    search is remembered for the same rects: a tag held still asks it every frame."""
    found = _least_covering(tuple(box.size), tuple(near), tuple(tuple(r) for r in soft),
                            tuple(tuple(r) for r in hard), tuple(room), step)
    return pygame.Rect(found) if found is not None else box.clamp(room)


@lru_cache(maxsize=64)
def _least_covering(size: tuple[int, int], near: tuple[int, int, int, int],
                    soft: tuple[tuple[int, int, int, int], ...],
                    hard: tuple[tuple[int, int, int, int], ...],
                    room: tuple[int, int, int, int], step: int
                    ) -> tuple[int, int, int, int] | None:
    w, h = size
    centre = pygame.Rect(near).center
    area = pygame.Rect(room)
    softs = [pygame.Rect(r) for r in soft]
    best: tuple[tuple[int, int], pygame.Rect] | None = None
    for y in range(area.top, area.bottom - h + 1, step):
        for x in range(area.left, area.right - w + 1, step):
            r = pygame.Rect(x, y, w, h)
            if r.collidelist(hard) >= 0:
                continue
            cover = sum(r.clip(a).w * r.clip(a).h for a in softs)
            d = (r.centerx - centre[0]) ** 2 + (r.centery - centre[1]) ** 2
            if best is None or (cover, d) < best[0]:
                best = ((cover, d), r)
    return tuple(best[1]) if best is not None else None  # type: ignore[return-value]
