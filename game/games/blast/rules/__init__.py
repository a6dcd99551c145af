"""Kaboom! An Explosive Card Game: the pure rules engine (no pygame, no pymunk).

One plain-data `MatchState` serves the table scene, the AI, saves, replays and tests (the
OpenSpiel model, as cabo's and cosmic's rules): `current_player()`, `legal_actions(player)`,
`why_illegal(action)`, `why_unplayable(seat, card)` (a `Refusal`: why a held card cannot be
played now, a sentence a table shows), `apply(action)` (None, or a `Rejected` with a reason:
nothing changes), `is_terminal()`, `winners()`, `ranking()`, `returns()`,
`observation(player)` for exactly what one seat may know, `events_for(viewer)` for the log
without others' secrets, `to_dict`/`from_dict` (`STATE_VERSION`) and `clone`. Randomness: every
chance event draws from `derive_rng(seed, purpose, n)` (purposes ``first``, ``deal``,
``reshuffle``, ``spy``), so a seed replays a match exactly.

Out-of-turn defences are explicit defence windows: a card aimed at a player opens a window
(phase DEFEND) in which `current_player()` is its target and `legal_actions(target)` lists only
the defences that answer it, plus `TakeIt`. It opens even when the target holds no defence, so
the timing tells nobody anything. An Oops or Backfire opens the next link of the chain
(`chain`: each link answers the one before, `link` is
its depth); the chain ends when a target takes it or a defence cancels it. The reaction-window
timing of `game.tabletop.reactions` is not used: here only the target may answer, so there is
no race to judge, and a window is a decision like any other. Every step is logged (``aimed``,
``answered``, ``took``, ``cancelled``, ``destroyed``, ``eliminated``...) so a table can show the
chain.

The decisions the rulebook leaves open are `game.games.blast.data.DECISIONS` (numbered; the
rules page prints them or the short `RULES_NOTES`), with the deck's `COUNT_TABLE`.

Modules: `actions` (the actions and their plain-data form), `events` (the log's typed events,
one class per kind, secrets for their seats), `base` (options, phases, seats, a
chain link, shared helpers), `effects` (what cards do), `state` (`MatchState`), `sim` (a seeded
random-play driver).
"""

from __future__ import annotations

from game.core.moves import Rejected
from game.games.blast.rules.actions import (
    ACTION_TYPES,
    NO_TARGET,
    Action,
    Arrange,
    Defend,
    Endgame,
    Pass,
    Play,
    TakeIt,
    Trade,
    Undermine,
)
from game.games.blast.rules.base import (
    STATE_VERSION,
    Options,
    Phase,
    PlayerState,
    Refusal,
    Strike,
    strongest_hit,
    wall_choices,
)
from game.games.blast.rules.effects import BREAK_FIELD, STEAL
from game.games.blast.rules.sim import random_game, random_step
from game.games.blast.rules.state import (
    AIMED_ENDGAME,
    AIMED_PLAYS,
    MatchState,
    multiset_choices,
    new_match,
)

__all__ = [
    "ACTION_TYPES",
    "AIMED_ENDGAME",
    "AIMED_PLAYS",
    "Action",
    "Arrange",
    "BREAK_FIELD",
    "Defend",
    "Endgame",
    "MatchState",
    "NO_TARGET",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "PlayerState",
    "Refusal",
    "Rejected",
    "STATE_VERSION",
    "STEAL",
    "Strike",
    "TakeIt",
    "Trade",
    "Undermine",
    "multiset_choices",
    "new_match",
    "random_game",
    "random_step",
    "strongest_hit",
    "wall_choices",
]
