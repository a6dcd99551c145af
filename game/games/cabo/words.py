"""What the table says: move-log lines in the third person and names for places on a grid.

Every line is written from an event *as the public sees it* (`event.redacted(None)`), so the log
can never carry a private card, whoever is looking at the screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.games.cabo import rules as R

SLOT_NAMES = ("top-left", "top-right", "bottom-left", "bottom-right")
POWER_NAMES = {
    R.Power.PEEK_OWN: "look at one of their own cards",
    R.Power.PEEK_OTHER: "look at another player's card",
    R.Power.BLIND_SWAP: "swap two cards blind",
    R.Power.VISIBLE_SWAP: "look at two cards and maybe swap them",
}
POWER_SHORT = {
    R.Power.PEEK_OWN: "peek at your own card",
    R.Power.PEEK_OTHER: "peek at another's card",
    R.Power.BLIND_SWAP: "blind swap",
    R.Power.VISIBLE_SWAP: "look and swap",
}


def slot_name(slot: int) -> str:
    return f"{SLOT_NAMES[slot]} card" if slot < 4 else f"extra card #{slot - 3}"


def place(names: Sequence[str], pos: R.Pos, actor: int | None = None) -> str:
    """'Ben's top-left card', or 'their own bottom-right card' for the actor's own."""
    owner = "their own" if pos.player == actor else f"{name(names, pos.player)}'s"
    return f"{owner} {slot_name(pos.slot)}"


def name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def card_name(c: R.Card) -> str:
    """'the 7 of hearts', 'the red Joker'."""
    return c.name


def describe(event: R.Event, names: Sequence[str]) -> str | None:
    """One public log line for an event (None: nothing worth a line)."""
    ev = event.redacted(None)
    n = names
    if isinstance(ev, R.RoundStarted):
        return f"Round {ev.round} begins: {name(n, ev.starter)} flips first."
    if isinstance(ev, R.Dealt):
        return f"{ev.counts[0]} cards are dealt face down to each player."
    if isinstance(ev, R.Peeked):
        if ev.reason == "start":
            return f"{name(n, ev.player)} peeks at their two bottom cards."
        if ev.reason == "king":
            return None  # PowerUsed already said which two
        return f"{name(n, ev.player)} looked at {place(n, ev.pos, ev.player)}."
    if isinstance(ev, R.Flipped):
        return f"{name(n, ev.player)} flipped {card_name(ev.card)}."
    if isinstance(ev, R.Reshuffled):
        return f"The discard pile was shuffled into a new draw pile ({ev.count} cards)."
    if isinstance(ev, R.Drew):
        return f"{name(n, ev.player)} drew a card."
    if isinstance(ev, R.Discarded):
        who = name(n, ev.player)
        if ev.use_power and ev.card.power is not None:
            return f"{who} discarded {card_name(ev.card)} to {POWER_NAMES[ev.card.power]}."
        return f"{who} discarded {card_name(ev.card)}."
    if isinstance(ev, R.Replaced):
        return (f"{name(n, ev.player)} kept the drawn card in place of their "
                f"{slot_name(ev.slot)}, discarding {card_name(ev.old)}.")
    if isinstance(ev, R.PowerUsed):
        who = name(n, ev.player)
        if ev.power is R.Power.VISIBLE_SWAP:
            a, b = ev.targets
            return (f"{who} looked at {place(n, a, ev.player)} and "
                    f"{place(n, b, ev.player)} (King).")
        return None  # the Peeked or Swapped line tells it
    if isinstance(ev, R.Swapped):
        if not ev.blind:
            return None  # KingDecided tells it
        return (f"{name(n, ev.player)} blind-swapped {place(n, ev.a, ev.player)} with "
                f"{place(n, ev.b, ev.player)}.")
    if isinstance(ev, R.KingDecided):
        if ev.swap:
            return f"{name(n, ev.player)} swapped the two cards."
        return f"{name(n, ev.player)} left the two cards where they were."
    if isinstance(ev, R.SlapAttempt):
        return f"{name(n, ev.player)} slapped {card_name(ev.card)}! ({ev.t:.2f} s)"
    if isinstance(ev, R.SlapFlipped):
        verdict = "a match" if ev.match else "no match"
        return (f"{name(n, ev.player)} flipped {place(n, ev.pos, ev.player)}: "
                f"{card_name(ev.card)}, {verdict}.")
    if isinstance(ev, R.Gave):
        return (f"{name(n, ev.player)} gave their {slot_name(ev.slot)} to "
                f"{name(n, ev.to.player)}, unseen.")
    if isinstance(ev, R.Penalty):
        k = len(ev.slots)
        if k == 0:
            return None
        return f"{name(n, ev.player)} takes {k} penalty card{'s' * (k != 1)} ({ev.reason})."
    if isinstance(ev, R.SlapResult):
        return None
    if isinstance(ev, R.KaboomCalled):
        if ev.auto:
            return f"{name(n, ev.player)} has no cards left: auto Kaboom!"
        return f"{name(n, ev.player)} called Kaboom! Everyone else has one last turn."
    if isinstance(ev, R.TurnStarted):
        return f"{name(n, ev.player)}'s {'last ' if ev.last else ''}turn"
    if isinstance(ev, R.RoundEnded):
        won = " and ".join(name(n, p) for p in ev.winners)
        return f"Round {ev.round} is over: {won} closest to zero."
    if isinstance(ev, R.GameEnded):
        won = " and ".join(name(n, p) for p in ev.winners)
        return f"Game over: {won} {'wins' if len(ev.winners) == 1 else 'win'} with " \
               f"{min(ev.totals)} points."
    return ev.public_text(names)


def actor(event: R.Event) -> int | None:
    """The seat an event is about, if any."""
    seat = getattr(event, "player", None)
    return seat if isinstance(seat, int) and seat >= 0 else None
