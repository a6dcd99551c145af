"""The names and words a stranger reads on the cards: 'Miner' and 'Underminer' read as two
cards, and the rules page's card faces showed no words on most cards."""

from __future__ import annotations

from typing import Any

from game.games.blast import art, info
from game.games.blast import data as D


def test_the_underminer_is_never_called_by_another_name() -> None:
    """The smallest cards' short name for the Underminer is his own (it read 'Miner')."""
    assert art.SHORT_NAMES[D.UNDERMINER] == "Underminer"


def test_every_card_face_on_the_rules_page_shows_its_words(app: Any) -> None:
    """Every card drawn on the rules page prints its gist under the picture (at 92 x 128 nineteen
    of the 32 had no room for any words)."""
    for card in D.CARD_TYPES:
        lay = art.face_layout(card.card_id, info.CARD_W, info.CARD_H)
        assert lay.rule is not None and "".join(lay.rule.lines).strip(), card.card_id
        assert not lay.rule.lines[-1].endswith("…"), card.card_id


def test_every_card_on_the_rules_page_lists_its_text() -> None:
    page = info.rules_page()
    for card in D.CARD_TYPES:
        assert card.text.strip()
        assert f"<b>{card.name}</b> ×{card.count}: {card.text}" in page, card.card_id
