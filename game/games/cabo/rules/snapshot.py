"""A match's state as JSON-ready plain data (saves, replay hashes) and back, rng included."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.games.cabo.rules.actions import Action
from game.games.cabo.rules.base import _KingState, _SlapState, _StateBase
from game.games.cabo.rules.cards import Power, card
from game.games.cabo.rules.events import Event
from game.games.cabo.rules.table import STATE_VERSION, CaboOptions, Cell, Phase, Pos


def dump_state(state: _StateBase) -> dict[str, Any]:
    """JSON-ready plain data; `restore_state` restores an identical state (rng included)."""
    version, internal, gauss = state.rng.getstate()
    king = state.king
    slap = state.slap
    return {
        "version": STATE_VERSION,
        "game": "cabo",
        "options": state.options.to_dict(),
        "seed": state.seed,
        "rng": [version, list(internal), gauss],
        "round": state.round,
        "phase": state.phase.value,
        "turn": state.turn,
        "starter": state.starter,
        "grids": [
            [
                None
                if c is None
                else {
                    "card": c.card.code,
                    "seen": {str(k): v for k, v in c.seen.items()},
                    "moved_at": c.moved_at,
                }
                for c in grid
            ]
            for grid in state.grids
        ],
        "draw": [c.code for c in state.draw],
        "discard": [c.code for c in state.discard],
        "window": state.window,
        "window_id": state.window_id,
        "window_from": state.window_from,
        "drawn": state.drawn.code if state.drawn else None,
        "power": state.power.value if state.power else None,
        "king": None
        if king is None
        else {
            "a": list(king.a),
            "b": list(king.b),
            "card_a": king.card_a.code,
            "card_b": king.card_b.code,
        },
        "slap": None
        if slap is None
        else {
            "player": slap.player,
            "card": slap.card.code,
            "t": slap.t,
            "resume": slap.resume.value,
            "flips": slap.flips,
            "matched": slap.matched,
            "give_to": list(slap.give_to) if slap.give_to is not None else None,
        },
        "kaboomer": state.kaboomer,
        "turns": state.turns,
        "totals": list(state.totals),
        "history": [list(h) for h in state.history],
        "next_starter": state.next_starter,
        "move": state.move,
        "events": [e.to_dict() for e in state.events],
        "actions": [a.to_dict() for a in state.actions],
    }


def restore_state(state: _StateBase, data: Mapping[str, Any]) -> None:
    """Fill a blank state (made with `__new__`) from data saved by `dump_state`."""
    if data.get("version") != STATE_VERSION:
        raise ValueError(f"unsupported cabo save version {data.get('version')!r}")
    state.options = CaboOptions.from_dict(data["options"])
    state.seed = int(data["seed"])
    version, internal, gauss = data["rng"]
    state.rng = random.Random()
    state.rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
    state.round = int(data["round"])
    state.phase = Phase(data["phase"])
    state.turn = int(data["turn"])
    state.starter = int(data["starter"])
    state.grids = [
        [
            None
            if c is None
            else Cell(
                card(c["card"]),
                {int(k): int(v) for k, v in c["seen"].items()},
                int(c["moved_at"]),
            )
            for c in grid
        ]
        for grid in data["grids"]
    ]
    state.draw = [card(c) for c in data["draw"]]
    state.discard = [card(c) for c in data["discard"]]
    state.window = bool(data["window"])
    state.window_id = int(data["window_id"])
    state.window_from = data["window_from"]
    state.drawn = card(data["drawn"]) if data["drawn"] else None
    state.power = Power(data["power"]) if data["power"] else None
    k = data["king"]
    state.king = (
        None
        if k is None
        else _KingState(Pos(*k["a"]), Pos(*k["b"]), card(k["card_a"]), card(k["card_b"]))
    )
    s = data["slap"]
    state.slap = (
        None
        if s is None
        else _SlapState(
            player=int(s["player"]),
            card=card(s["card"]),
            t=float(s["t"]),
            resume=Phase(s["resume"]),
            flips=int(s["flips"]),
            matched=int(s["matched"]),
            give_to=Pos(*s["give_to"]) if s["give_to"] is not None else None,
        )
    )
    state.kaboomer = data["kaboomer"]
    state.turns = int(data["turns"])
    state.totals = [int(t) for t in data["totals"]]
    state.history = [[int(x) for x in h] for h in data["history"]]
    state.next_starter = data["next_starter"]
    state.move = int(data["move"])
    state.events = [Event.from_dict(e) for e in data["events"]]
    state.actions = [Action.from_dict(a) for a in data["actions"]]
