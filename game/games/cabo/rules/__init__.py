"""Kaboom! the traveler's card game (the Cabo family): the pure rules engine.

One plain-data `CaboState` serves the table scene, the AI, saves, replays and tests (the OpenSpiel
model): `current_player()`, `legal_actions(player)`, `apply(action)`, `is_terminal()`, `returns()`,
and `observation(player)` for exactly what one seat may know. Randomness comes only from the seeded
`random.Random` kept in the state. Every change is also told as an `Event` whose private parts name
who may see them, so a log or an animation never leaks a hidden card.

Table model: each seat has a list of slots (`grids[seat][slot]`); slots 0 and 1 are the far row and
slots 2 and 3 the near row of the starting 2x2 grid. A card is addressed by `Pos(seat, slot)`.

Modules: `cards` (codes, values, powers, the deck), `table` (fixed numbers, `Pos`, cells, phases,
options), `decisions` (the list below, as the rules page prints it), `codec` (records as plain
data), `actions`, `events`, `records` (results, errors, observations), `state` (`CaboState`, built
from the `base` fields and queries, `checks`, `turns`, `slapping` and `scoring` mixins) and
`snapshot` (a state as plain data). This package re-exports their public names: import
`game.games.cabo.rules` (or `from game.games.cabo import rules as R`), not the modules.

Decisions
---------
Where the rulebook leaves timing open, or a screen has to replace a physical act:

1. Peek: at the deal every player automatically looks at their two near cards (the row nearest
   them) once.
2. Slap window: an original discard (a card flipped in the slap phase, a drawn card discarded with
   or without its power, a card replaced out of a grid) may be slapped until the next player draws
   (in the slap phase: until the next card is flipped; after the last turn of a round: until the
   table reveals). The table keeps the window open at least the lobby's Time to slap (4 s by
   default) before the next draw, flip or reveal; an AI draws exactly then. In the slap phase a
   player with nothing to slap may press the draw pile: once every player has, and no computer
   player is slapping, the next card comes sooner (the rulebook's quick flips).
3. First slap wins: slaps are timed from the discard; the earliest wins and exact ties go to the
   seat first in clockwise order starting with the discarder. A discard can be slapped only once:
   later slaps on it do nothing and cost nothing.
4. Only the top of the discard pile can be slapped; slapping when the top card is not slappable (a
   card discarded by a slap, or its window has closed) does nothing and costs nothing (rule 11).
5. After winning a slap the slapper flips one card at a time from any grid except a Kaboomer's.
   After each match they may flip another or stop. A wrong flip ends the slap with 2 penalty cards
   (rule 7); stopping before flipping anything costs 1 penalty card (rule 8).
6. After a correct flip from another player's grid the slapper may give one of their own cards,
   unseen, into the emptied slot, before flipping anything else.
7. A card leaving a grid leaves its slot empty; a given card fills the emptied slot; penalty cards
   fill the lowest empty slot, otherwise a new slot at the end. Slots never move during a round.
8. Slap phase: from the starter, players in turn flip the top draw card. The first slap with at
   least one correct flip starts play with the slapper; a slap that only earns a penalty does not.
   If the draw pile runs out before anyone slaps correctly, play starts with the round's starter
   (the last flipped card stays slappable until they draw). The lobby's Opening option ends the
   flips sooner by default (not the rulebook's; its "until a slap" has no limit): after 8 cards
   with no correct slap, play starts the same way.
9. A power is announced after its card is discarded and must then be completed (a King's way out
   is to decide not to swap). A power needs a legal target: a 7/8 needs a card of your own, a 9/10
   a card of another player, a Jack, Queen or King two cards on the table; locked cards never
   count. Slaps may happen while a power is being used; the power goes on with the changed table
   (if a slap took every target, the power is lost and the turn passes).
10. King: both cards are chosen before looking. If a slap takes either card away before the
    decision, the swap can no longer happen (only "no swap").
11. Calling Kaboom! does not close the slap window on the previous discard; the next draw does. A
    Kaboomer's cards are locked: they can't be flipped, swapped, looked at or given to, and the
    Kaboomer can't slap.
12. Auto Kaboom!: a player who starts their turn (before drawing) with no cards, while nobody has
    called Kaboom!, calls it automatically. After a Kaboom! a player without cards still takes
    their last turn (draw, then discard or use the power).
13. The current player may slap the previous discard before drawing.
14. Reshuffle: when the draw pile is empty, the discard pile except its top card is shuffled into
    a new draw pile. If nothing can be drawn, penalty cards are skipped and a turn passes.
15. Round starter: the first round's starter is an option (seat 0 by default, or random). Later
    the round's winner starts; a tie goes to the lowest total including this round, then to the
    lowest seat.
16. Game winner: lowest total after the last round; players tied for it all win.
"""

from __future__ import annotations

from game.games.cabo.rules.actions import (
    ACTION_TYPES,
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
from game.games.cabo.rules.cards import (
    ACE,
    DECK,
    JACK,
    JOKER,
    KING,
    QUEEN,
    SUITS,
    Card,
    Power,
    card,
    rank_value_text,
)
from game.games.cabo.rules.decisions import (
    DECISIONS,
)
from game.games.cabo.rules.events import (
    EVENT_TYPES,
    Dealt,
    Discarded,
    Drew,
    Event,
    Flipped,
    GameEnded,
    Gave,
    KaboomCalled,
    KingDecided,
    Peeked,
    Penalty,
    PowerUsed,
    Replaced,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    SlapAttempt,
    SlapFlipped,
    SlapResult,
    Swapped,
    TurnStarted,
)
from game.games.cabo.rules.records import (
    IllegalAction,
    Observation,
    SlotView,
)
from game.games.cabo.rules.scoring import (
    round_winners,
    score_round,
)
from game.games.cabo.rules.slapping import (
    first_slap,
)
from game.games.cabo.rules.state import (
    CaboState,
    new_game,
    new_match,
)
from game.games.cabo.rules.table import (
    DEFAULT_ROUNDS,
    DEFAULT_SLAP_WINDOW,
    GRID_SIZE,
    KABOOM_BONUS,
    KABOOM_PENALTY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_FLIP_PENALTY,
    OPENING_FLIPS,
    PEEK_SLOTS,
    RULEBOOK_ROUNDS,
    STATE_VERSION,
    TABLE,
    TERMINAL,
    WRONG_FLIP_PENALTY,
    WRONG_FLIP_REASON,
    CaboOptions,
    Cell,
    Phase,
    Pos,
)

__all__ = [
    "ACE",
    "ACTION_TYPES",
    "Action",
    "BlindSwap",
    "CaboOptions",
    "CaboState",
    "CallKaboom",
    "Card",
    "Cell",
    "DECISIONS",
    "DECK",
    "DEFAULT_ROUNDS",
    "RULEBOOK_ROUNDS",
    "DEFAULT_SLAP_WINDOW",
    "OPENING_FLIPS",
    "Dealt",
    "Discard",
    "Discarded",
    "Draw",
    "Drew",
    "EVENT_TYPES",
    "Event",
    "FlipTop",
    "Flipped",
    "GRID_SIZE",
    "GameEnded",
    "Gave",
    "Give",
    "IllegalAction",
    "JACK",
    "JOKER",
    "KABOOM_BONUS",
    "KABOOM_PENALTY",
    "KING",
    "KaboomCalled",
    "KingDecide",
    "KingDecided",
    "KingLook",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NO_FLIP_PENALTY",
    "NextRound",
    "Observation",
    "PEEK_SLOTS",
    "Pass",
    "PeekOther",
    "PeekOwn",
    "Peeked",
    "Penalty",
    "Phase",
    "Pos",
    "Power",
    "PowerUsed",
    "QUEEN",
    "Replace",
    "Replaced",
    "Reshuffled",
    "Reveal",
    "RoundEnded",
    "RoundStarted",
    "STATE_VERSION",
    "SUITS",
    "SkipGive",
    "Slap",
    "SlapAttempt",
    "SlapFlip",
    "SlapFlipped",
    "SlapResult",
    "SlapStop",
    "SlotView",
    "Swapped",
    "TABLE",
    "TERMINAL",
    "TurnStarted",
    "UsePower",
    "WRONG_FLIP_PENALTY",
    "WRONG_FLIP_REASON",
    "card",
    "first_slap",
    "new_game",
    "new_match",
    "rank_value_text",
    "round_winners",
    "score_round",
]
