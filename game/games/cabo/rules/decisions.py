"""The decisions taken where the rulebook leaves timing open or a screen replaces a physical act.

The rules page prints `DECISIONS`; the package docstring (`game.games.cabo.rules.__doc__`) tells
the same list, numbered, and a test keeps the two in step.
"""

from __future__ import annotations

DECISIONS: tuple[str, ...] = (
    "Peek: at the deal every player automatically looks at their two near cards (the row"
    " nearest them) once.",
    "Slap window: an original discard (a card flipped in the slap phase, a drawn card discarded"
    " with or without its power, a card replaced out of a grid) may be slapped until the next"
    " player draws (in the slap phase: until the next card is flipped; after the last turn of a"
    " round: until the table reveals). The table keeps the window open at least the lobby's"
    " Time to slap (4 s by default) before the next draw, flip or reveal; an AI draws exactly"
    " then. In the slap phase a player with nothing to slap may press the draw pile: once every"
    " player has, and no computer player is slapping, the next card comes sooner (the rulebook's"
    " quick flips).",
    "First slap wins: slaps are timed from the discard; the earliest wins and exact ties go to the"
    " seat first in clockwise order starting with the discarder. A discard can be slapped only"
    " once: later slaps on it do nothing and cost nothing.",
    "Only the top of the discard pile can be slapped; slapping when the top card is not slappable"
    " (a card discarded by a slap, or its window has closed) does nothing and costs nothing"
    " (rule 11).",
    "After winning a slap the slapper flips one card at a time from any grid except a Kaboomer's."
    " After each match they may flip another or stop. A wrong flip ends the slap with 2 penalty"
    " cards (rule 7); stopping before flipping anything costs 1 penalty card (rule 8).",
    "After a correct flip from another player's grid the slapper may give one of their own cards,"
    " unseen, into the emptied slot, before flipping anything else.",
    "A card leaving a grid leaves its slot empty; a given card fills the emptied slot; penalty"
    " cards fill the lowest empty slot, otherwise a new slot at the end. Slots never move during a"
    " round.",
    "Slap phase: from the starter, players in turn flip the top draw card. The first slap with at"
    " least one correct flip starts play with the slapper; a slap that only earns a penalty does"
    " not. If the draw pile runs out before anyone slaps correctly, play starts with the round's"
    " starter (the last flipped card stays slappable until they draw). The lobby's Opening option"
    " ends the flips sooner by default (not the rulebook's; its \"until a slap\" has no limit):"
    " after 8 cards with no correct slap, play starts the same way.",
    "A power is announced after its card is discarded and must then be completed (a King's way out"
    " is to decide not to swap). A power needs a legal target: a 7/8 needs a card of your own, a"
    " 9/10 a card of another player, a Jack, Queen or King two cards on the table; locked cards"
    " never count. Slaps may happen while a power is being used; the power goes on with the"
    " changed table (if a slap took every target, the power is lost and the turn passes).",
    "King: both cards are chosen before looking. If a slap takes either card away before the"
    ' decision, the swap can no longer happen (only "no swap").',
    "Calling Kaboom! does not close the slap window on the previous discard; the next draw does. A"
    " Kaboomer's cards are locked: they can't be flipped, swapped, looked at or given to, and the"
    " Kaboomer can't slap.",
    "Auto Kaboom!: a player who starts their turn (before drawing) with no cards, while nobody has"
    " called Kaboom!, calls it automatically. After a Kaboom! a player without cards still takes"
    " their last turn (draw, then discard or use the power).",
    "The current player may slap the previous discard before drawing.",
    "Reshuffle: when the draw pile is empty, the discard pile except its top card is shuffled into"
    " a new draw pile. If nothing can be drawn, penalty cards are skipped and a turn passes.",
    "Round starter: the first round's starter is an option (seat 0 by default, or random). Later"
    " the round's winner starts; a tie goes to the lowest total including this round, then to the"
    " lowest seat.",
    "Game winner: lowest total after the last round; players tied for it all win.",
)
