"""A card table's scene: the kit's `GameScene` with what every card table asks once a frame,
whose decision the match waits for, answered the same way at every table."""

from __future__ import annotations

from typing import Protocol

from game.app.gamescene import GameScene


class _Turns(Protocol):
    """A card game's rules state: at least whether it is over and whose decision it waits for."""

    def is_terminal(self) -> bool: ...

    def current_player(self) -> int | None: ...


class CardTableScene(GameScene):
    """A card game's table: once a frame `_decide` ends a finished match (`_game_over`), lets
    the table itself act where the game has such a step (`_table_acts`), and otherwise hands
    the seat to act to its person (`_human_step`) or its AI (`_ai_step`)."""

    state: _Turns

    def _decide(self) -> None:
        st = self.state
        if st.is_terminal():
            self._game_over()
            return
        cur = st.current_player()
        if cur is None or self._table_acts(cur):
            return
        if self.is_human(cur):
            self._human_step(cur)
        else:
            self._ai_step(cur)

    def _table_acts(self, seat: int) -> bool:
        """Whether `seat` is the table's own (a dealer's step, not a player's), having let it
        act; a game without such steps never has one."""
        return False

    def _game_over(self) -> None:
        """The match is over: score it and show its end (once)."""
        raise NotImplementedError

    def _human_step(self, seat: int) -> None:
        """A person's seat is to decide: offer what it may do."""
        raise NotImplementedError

    def _ai_step(self, seat: int) -> None:
        """An AI's seat is to decide: let it think, and play what it chose when due."""
        raise NotImplementedError
