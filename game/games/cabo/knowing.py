"""What each seat knows of its own hand, as far as the table has shown it.

The rules state runs ahead of the animation: an action's effect on what a player knows (a
peek, a swap in or out, a blind swap, a new deal) is in the state as soon as it is applied,
while the screen still shows the cards on their way. A line that read the state directly
told a card before its owner had been shown it, and one that waited for the table to stand
still went stale for whole rounds of AI turns (the table is never still while AIs play).

`ShownKnowledge` keeps, after each change to the event log, what every seat knows of its own
cards, and answers for the moment the presenter has shown: the last record whose events are
all on screen. Before a round's first record is reached (its deal and opening peek still on
their way), the seat knows nothing of its new cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.games.cabo import rules as R


@dataclass(frozen=True)
class OwnHand:
    """One seat's knowledge of its own cards at one moment."""

    round: int
    cards: int  # cards in the seat's grid
    known: tuple[tuple[int, int], ...]  # (slot, value) of the cards it knows, by slot
    rivals: tuple[tuple[int, int], ...] = ()
    """(seat, slot) of the other seats' cards it has looked at (a Spy, a King), each only
    until that card moves."""

    @property
    def slots(self) -> list[int]:
        return [slot for slot, _ in self.known]

    @property
    def values(self) -> list[int]:
        return [value for _, value in self.known]


def own_hands(state: R.CaboState) -> tuple[OwnHand, ...]:
    """Every seat's knowledge of its own cards as the rules state stands (each from its own
    observation: cards it has seen and followed through public moves)."""
    out = []
    for seat in range(state.players):
        grid = state.grids[seat]  # (seen, not revealed: a round's end turns every card over)
        known = tuple((i, c.card.value) for i, c in enumerate(grid)
                      if c is not None and seat in c.seen)
        rivals = tuple((p, i) for p, other in enumerate(state.grids) if p != seat
                       for i, c in enumerate(other)
                       if c is not None and c.seen.get(seat, -1) >= c.moved_at)
        out.append(OwnHand(state.round, sum(1 for c in grid if c is not None), known, rivals))
    return tuple(out)


#: The events that change what a seat knows of its own cards (a card seen, moved or gone).
CHANGES = (R.RoundStarted, R.Dealt, R.Peeked, R.Replaced, R.Swapped, R.KingDecided,
           R.SlapFlipped, R.Gave, R.Penalty)


class ShownKnowledge:
    """Records of `own_hands`, each by the event count the screen must have shown for it to be
    told: just past the last event that changed it (a peek is counted while its card is up,
    not once the next turn's "Ben's turn" has been shown too)."""

    def __init__(self) -> None:
        self.records: list[tuple[int, tuple[OwnHand, ...]]] = []
        self.logged = 0  # the event count at the last record

    def note(self, state: R.CaboState) -> None:
        """Record the state's knowledge if its event log grew since the last record (cheap to
        call every frame; the scene also calls it after each action it applies)."""
        events = state.events
        if len(events) == self.logged and self.records:
            return
        if len(events) < self.logged:
            self.records.clear()  # a different (restored) state: start again
            self.logged = 0
        start = self.logged if self.records else 0
        at = next((i + 1 for i in range(len(events) - 1, start - 1, -1)
                   if isinstance(events[i], CHANGES)), len(events))
        self.logged = len(events)
        if self.records and self.records[-1][0] > at:
            at = self.records[-1][0]  # (never before an earlier record)
        self.records.append((at, own_hands(state)))
        del self.records[:-200]

    def hand(self, seat: int, shown: int, round_: int, cards: int) -> OwnHand:
        """What `seat` knows of its own cards once the first `shown` events are on screen, in
        the round the screen shows (`round_`; `cards`: how many it holds there, for a round
        whose first record is not reached yet)."""
        for at, hands in reversed(self.records):
            if at <= shown and seat < len(hands):
                if hands[seat].round == round_:
                    return hands[seat]
                break
        dealt = next((hands[seat].cards for _, hands in self.records
                      if seat < len(hands) and hands[seat].round == round_), cards)
        return OwnHand(round_, dealt, ())  # the round's deal is on its way: cards dealt
