"""A card table's feedback: sounds panned to where they happen, a refusal noted by its seat."""

from __future__ import annotations

from game.tabletop.feedback import TableFeedback


class Sounds:
    def __init__(self) -> None:
        self.played: list[tuple[str, float, float]] = []

    def play(self, name: str, volume: float = 1.0, pan: float = 0.0) -> None:
        self.played.append((name, volume, pan))


def test_sounds_pan_to_their_place_and_a_refusal_is_noted_by_its_seat() -> None:
    sounds = Sounds()
    notes: list[tuple[int, str]] = []
    seats = {0: 100.0, 1: 1180.0}
    feedback = TableFeedback(sounds, lambda x: (x - 640) / 640, 640.0, seat_x=seats.__getitem__,
                             note=lambda seat, words: notes.append((seat, words)))
    feedback.click()
    feedback.error()
    feedback.hover(1280.0)
    feedback.hover()
    feedback.refused(1, "Nothing to slap")
    assert sounds.played == [("ui_click", 1.0, 0.0), ("ui_error", 1.0, 0.0),
                             ("ui_hover", 0.4, 1.0), ("ui_hover", 0.4, 0.0),
                             ("ui_error", 0.6, 0.84375)]
    assert notes == [(1, "Nothing to slap")]
