"""Where a Cosmic Kaboom table is in its flow (`Stage`) and how long an AI's or a bomb's moment
shows: shared by the scene that runs the flow and the view and presenter that show it."""

from __future__ import annotations

from enum import StrEnum

AI_SHOW_SECONDS = 0.9
"""An AI's aim line shows this long before its flick or toss."""
AI_CHOICE_SECONDS = 0.6
"""An AI's card choice, card play or placement shows this long before it happens."""
BOMB_SHOW_SECONDS = 1.3
"""The resting bomb shows which planets it covers this long before it goes off."""
class Stage(StrEnum):
    """Where the scene is: a decision awaited, an AI's shown, a flick playing out, the bomb's
    moment of truth, the end."""

    DECIDE = "decide"
    SHOW = "show"
    FLIGHT = "flight"
    BOMB_REST = "bomb_rest"
    OVER = "over"
