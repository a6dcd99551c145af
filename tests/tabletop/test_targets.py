"""The table's target cursor: which choices the keys reach."""

from __future__ import annotations


def test_a_target_for_the_mouse_alone_is_never_reached_by_the_keys() -> None:
    """While a card is aimed, the hand's other cards stay clickable (to pick another instead),
    but a stranger's D wandered from the walls into his hand: those targets are the mouse's
    alone, skipped by every direction and never where the keys start."""
    import pygame

    from game.tabletop.targets import Target, TargetCursor

    def noop() -> None:
        return None

    walls = [Target(f"wall:{i}", pygame.Rect(100 + 60 * i, 100, 50, 50), noop)
             for i in range(3)]
    hand = [Target(f"hand:{i}", pygame.Rect(100 + 60 * i, 500, 50, 80), noop, keys=False)
            for i in range(4)]
    back = Target("btn:back", pygame.Rect(400, 300, 80, 48), noop, kind="button")
    cur = TargetCursor()
    cur.set_targets(hand + walls + [back])
    assert cur.focus_key == "wall:0"  # not the hand's first card
    seen = set()
    for _ in range(3):
        for d in ("left", "right", "up", "down"):
            cur.move(d)
            seen.add(cur.focus_key)
    assert seen and not any(k.startswith("hand:") for k in seen)
    assert cur.hit((110, 520)) is not None  # the mouse still reaches them
