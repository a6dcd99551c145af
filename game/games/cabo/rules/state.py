"""`CaboState`: the whole match and its OpenSpiel-like interface (legal actions, apply,
observation, clone, saves), assembled from the checks, turn, slap and scoring mixins."""

from __future__ import annotations

import dataclasses
import math
import random
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.core.moves import Rejected
from game.games.cabo.rules.actions import (
    Action,
    BlindSwap,
    CallKaboom,
    Discard,
    Draw,
    FlipTop,
    Give,
    KingDecide,
    KingLook,
    NextRound,
    Pass,
    PeekOther,
    PeekOwn,
    Replace,
    Reveal,
    SkipGive,
    Slap,
    SlapFlip,
    SlapStop,
    UsePower,
)
from game.games.cabo.rules.cards import DECK, Card, Power, card
from game.games.cabo.rules.checks import _Checks
from game.games.cabo.rules.events import Event
from game.games.cabo.rules.records import IllegalAction, Observation, SlotView
from game.games.cabo.rules.scoring import _Scoring
from game.games.cabo.rules.slapping import _Slapping
from game.games.cabo.rules.snapshot import dump_state, restore_state
from game.games.cabo.rules.table import TABLE, TERMINAL, CaboOptions, Cell, Phase


class CaboState(_Checks, _Slapping, _Scoring):
    """The whole match: all grids, piles, phase, scores and the seeded rng; plain data."""

    def __init__(self, options: CaboOptions | None = None, seed: int = 0) -> None:
        """A new match, already dealt (phase FLIP); use `new_game` or `from_layout` normally."""
        self.options = options or CaboOptions()
        self.seed = seed
        self.rng = random.Random(seed)
        n = self.options.players
        self.round = 1
        self.phase = Phase.FLIP
        self.turn = 0
        self.starter = 0
        self.grids = [[] for _ in range(n)]
        self.draw = []  # the top card is the last
        self.discard = []  # the top card is the last
        self.window = False
        self.window_id = 0
        self.window_from = None
        self.drawn = None
        self.power = None
        self.king = None
        self.slap = None
        self.kaboomer = None
        self.turns = 0
        self.totals = [0] * n
        self.history = []
        self.next_starter = None
        self.move = 0
        self.events = []
        self.actions = []
        first = self.options.first_starter
        self._deal(self.rng.randrange(n) if first is None else first)

    # ---- construction

    @classmethod
    def from_layout(
        cls,
        grids: Sequence[Sequence[str | Card | None]],
        *,
        draw: Sequence[str | Card] = (),
        discard: Sequence[str | Card] = (),
        phase: Phase = Phase.TURN,
        turn: int = 0,
        seen: Mapping[int, Iterable[tuple[int, int]]] | None = None,
        drawn: str | Card | None = None,
        power: Power | None = None,
        window: bool = False,
        window_from: int | None = None,
        kaboomer: int | None = None,
        totals: Sequence[int] | None = None,
        round: int = 1,
        options: CaboOptions | None = None,
        seed: int = 0,
        fill_draw: bool = True,
    ) -> CaboState:
        """A hand-made table for scenario tests and tutorials. Cards are codes ('7H', 'XR');
        `draw` and `discard` are listed top first; `seen[seat]` lists (seat, slot) places that
        seat knows; unused cards go under the given draw cards unless fill_draw is False."""
        opts = options or CaboOptions(players=len(grids), first_starter=0)
        if opts.players != len(grids):
            opts = dataclasses.replace(opts, players=len(grids))
        state = cls(opts, seed)
        state.events.clear()
        used: set[Card] = set()

        def take(code: str | Card) -> Card:
            c = card(code)
            if c in used:
                raise ValueError(f"{c.code} is used twice in the layout")
            used.add(c)
            return c

        state.grids = [
            [None if code is None else Cell(take(code)) for code in grid] for grid in grids
        ]
        top_first_draw = [take(c) for c in draw]
        top_first_discard = [take(c) for c in discard]
        held = take(drawn) if drawn is not None else None
        rest = [c for c in DECK if c not in used] if fill_draw else []
        state.draw = rest + top_first_draw[::-1]
        state.discard = top_first_discard[::-1]
        for viewer, places in (seen or {}).items():
            for p, s in places:
                cell = state.grids[p][s]
                if cell is None:
                    raise ValueError(f"seat {viewer} can't have seen empty slot {(p, s)}")
                cell.seen[viewer] = 0
        state.phase = phase
        state.turn = turn
        state.starter = turn
        state.drawn = held
        state.power = power
        state.window = window
        state.window_from = window_from if window_from is not None else (turn if window else None)
        state.kaboomer = kaboomer
        state.round = round
        state.totals = list(totals) if totals is not None else [0] * opts.players
        if phase is Phase.DRAWN and held is None:
            raise ValueError("phase DRAWN needs a drawn card")
        if phase is Phase.POWER and power is None:
            raise ValueError("phase POWER needs a power")
        return state

    # ---- the OpenSpiel-like core

    def current_player(self) -> int:
        """The seat to decide now; TABLE to reveal or deal; TERMINAL once the game is over."""
        if self.slap is not None:
            return self.slap.player
        if self.phase in (Phase.LAST_CALL, Phase.ROUND_OVER):
            return TABLE
        if self.phase is Phase.GAME_OVER:
            return TERMINAL
        return self.turn

    def is_terminal(self) -> bool:
        """OpenSpiel's name for `is_over` (the AI's search uses it)."""
        return self.is_over

    @property
    def is_over(self) -> bool:
        """The match has ended (`winners` is final)."""
        return self.phase is Phase.GAME_OVER

    def returns(self) -> list[float]:
        """Per seat, minus the total score (higher is better, the OpenSpiel convention)."""
        return [float(-t) for t in self.totals]

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action `player` (default: the current decision maker) may take now. A Slap is
        listed with t=0; any t >= 0 is accepted."""
        cur = self.current_player()
        seat = cur if player is None else player
        acts: list[Action] = []
        if seat >= 0 and self._why_not_slap(seat) is None:
            acts.append(Slap(seat))
        if seat != cur or cur == TERMINAL:
            return acts
        phase = self.phase
        if phase is Phase.FLIP:
            acts.append(FlipTop(seat) if self.draw else Pass(seat))
        elif phase is Phase.TURN:
            acts.append(Draw(seat) if self._can_draw() else Pass(seat))
            if self.kaboomer is None:
                acts.append(CallKaboom(seat))
        elif phase is Phase.DRAWN:
            acts.append(Discard(seat))
            assert self.drawn is not None
            power = self.drawn.power
            if power is not None and self._power_usable(power, seat):
                acts.append(UsePower(seat))
            acts.extend(Replace(seat, s) for s in self._occupied(seat))
        elif phase is Phase.POWER:
            acts.extend(self._power_actions(seat) or [Pass(seat)])
        elif phase is Phase.KING_DECIDE:
            acts.append(KingDecide(seat, False))
            if self._king_intact():
                acts.append(KingDecide(seat, True))
        elif phase is Phase.SLAP:
            acts.append(SlapStop(seat))
            acts.extend(SlapFlip(seat, pos) for pos in self._touchable())
        elif phase is Phase.GIVE:
            acts.append(SkipGive(seat))
            acts.extend(Give(seat, s) for s in self._occupied(seat))
        elif phase is Phase.LAST_CALL:
            acts.append(Reveal())
        elif phase is Phase.ROUND_OVER:
            acts.append(NextRound())
        return acts

    def why_illegal(self, action: Action) -> str | None:
        """None if `action` is legal now, else the reason in words."""
        if isinstance(action, Slap):
            if not (math.isfinite(action.t) and action.t >= 0):
                return "a slap's time must be a finite number of seconds >= 0"
            return self._why_not_slap(action.player)
        cur = self.current_player()
        if cur == TERMINAL:
            return "the game is over"
        if action.player != cur:
            who = "the table" if cur == TABLE else f"seat {cur}"
            return f"it is not seat {action.player}'s decision: waiting for {who}"
        check = _CHECKS.get(type(action))
        if check is None:
            return f"unknown action {action!r}"
        return check(self, action)

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Action) -> Rejected | None:
        """Apply a legal action (its events are appended to `events`); an illegal one changes
        nothing and is refused as a value, with the reason."""
        reason = self.why_illegal(action)
        if reason is not None:
            return Rejected(reason)
        self.move += 1
        self.actions.append(action)
        _DOS[type(action)](self, action)
        return None

    def must_apply(self, action: Action) -> tuple[Event, ...]:
        """Like apply, but return the action's events, and raise IllegalAction for an illegal
        action (for tests, simulations and the AI's look-ahead)."""
        start = len(self.events)
        why = self.apply(action)
        if why is not None:
            raise IllegalAction(action, why.reason)
        return tuple(self.events[start:])

    # ---- what one seat may know

    def observation(self, viewer: int, *, with_legal: bool = True) -> Observation:
        """What `viewer` may legitimately know now: cards they saw (and followed through public
        moves), public piles and counts, their drawn card, and their legal actions."""
        revealed = self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        grids = tuple(
            tuple(
                None
                if c is None
                else SlotView(
                    c.card if revealed or viewer in c.seen else None, c.seen.get(viewer), c.moved_at
                )
                for c in grid
            )
            for grid in self.grids
        )
        king = self.king
        slap = self.slap
        mine = viewer == self.turn
        return Observation(
            viewer=viewer,
            players=self.options.players,
            round=self.round,
            rounds=self.options.rounds,
            phase=self.phase,
            current=self.current_player(),
            turn=self.turn,
            starter=self.starter,
            move=self.move,
            turns=self.turns,
            grids=grids,
            discard=tuple(self.discard),
            draw_count=len(self.draw),
            window=self.window and self.slap is None,
            can_slap=viewer >= 0 and self._why_not_slap(viewer) is None,
            window_id=self.window_id,
            window_from=self.window_from,
            drawn=self.drawn if mine else None,
            power=self.power,
            king=(king.a, king.b) if king is not None else None,
            king_cards=(king.card_a, king.card_b) if king is not None and mine else None,
            slapper=slap.player if slap is not None else None,
            slap_card=slap.card if slap is not None else None,
            slap_matched=slap.matched if slap is not None else 0,
            give_to=slap.give_to if slap is not None else None,
            kaboomer=self.kaboomer,
            totals=tuple(self.totals),
            history=tuple(tuple(h) for h in self.history),
            legal=tuple(self.legal_actions(viewer)) if with_legal else (),
        )

    def events_for(self, viewer: int | None, start: int = 0) -> list[Event]:
        """The event log from `start`, redacted for `viewer` (None: public only)."""
        return [e.redacted(viewer) for e in self.events[start:]]

    # ---- copies and saves

    def clone(self) -> CaboState:
        """An independent copy (events and actions are immutable and shared by value)."""
        other = CaboState.__new__(CaboState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.grids = [[None if c is None else c.copy() for c in g] for g in self.grids]
        other.draw = list(self.draw)
        other.discard = list(self.discard)
        other.king = dataclasses.replace(self.king) if self.king is not None else None
        other.slap = dataclasses.replace(self.slap) if self.slap is not None else None
        other.totals = list(self.totals)
        other.history = [list(h) for h in self.history]
        other.events = list(self.events)
        other.actions = list(self.actions)
        return other

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready plain data; `from_dict` restores an identical state (rng included)."""
        return dump_state(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CaboState:
        """Rebuild a state saved by `to_dict`."""
        state = cls.__new__(cls)
        restore_state(state, data)
        return state

    @classmethod
    def replay(cls, options: CaboOptions | None, seed: int, actions: Iterable[Action]) -> CaboState:
        """Rebuild a match from its options, seed and action list (raises on a bad action)."""
        state = cls(options, seed)
        for action in actions:
            state.must_apply(action)
        return state


_Check = typing.Callable[[CaboState, Action], "str | None"]
_Do = typing.Callable[[CaboState, Action], None]

_CHECKS: dict[type[Action], _Check] = {
    FlipTop: CaboState._chk_flip,
    Draw: CaboState._chk_draw,
    CallKaboom: CaboState._chk_kaboom,
    Pass: CaboState._chk_pass,
    Discard: CaboState._chk_discard,
    UsePower: CaboState._chk_use_power,
    Replace: CaboState._chk_replace,
    PeekOwn: CaboState._chk_peek_own,
    PeekOther: CaboState._chk_peek_other,
    BlindSwap: CaboState._chk_blind,
    KingLook: CaboState._chk_king_look,
    KingDecide: CaboState._chk_king_decide,
    SlapFlip: CaboState._chk_slap_flip,
    SlapStop: CaboState._chk_slap_stop,
    Give: CaboState._chk_give,
    SkipGive: CaboState._chk_skip_give,
    Reveal: CaboState._chk_reveal,
    NextRound: CaboState._chk_next_round,
}

_DOS: dict[type[Action], _Do] = {
    FlipTop: CaboState._do_flip,
    Draw: CaboState._do_draw,
    CallKaboom: CaboState._do_kaboom,
    Pass: CaboState._do_pass,
    Discard: CaboState._do_discard,
    UsePower: CaboState._do_use_power,
    Replace: CaboState._do_replace,
    PeekOwn: CaboState._do_peek_own,
    PeekOther: CaboState._do_peek_other,
    BlindSwap: CaboState._do_blind,
    KingLook: CaboState._do_king_look,
    KingDecide: CaboState._do_king_decide,
    Slap: CaboState._do_slap,
    SlapFlip: CaboState._do_slap_flip,
    SlapStop: CaboState._do_slap_stop,
    Give: CaboState._do_give,
    SkipGive: CaboState._do_skip_give,
    Reveal: CaboState._do_reveal,
    NextRound: CaboState._do_next_round,
}


def new_game(options: CaboOptions | None = None, seed: int = 0) -> CaboState:
    """A new match, dealt and peeked, waiting for the starter's first flip."""
    return CaboState(options, seed)


def new_match(players: int, seed: int = 0) -> CaboState:
    """A new match of `players` seats with the default options (the catalogue's `new_rules`)."""
    return CaboState(CaboOptions(players=players), seed)
