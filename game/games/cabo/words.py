"""What the table says: the one vocabulary for Kaboom! cards' events, banners and prompts.

Every log line is written from an event *as the public sees it* (`event.redacted(None)`), so the
log can never carry a private card, whoever is looking at the screen. A `Voice` knows who is
addressed as "you" (the lone human at the screen, or anyone whose name is "You") and chooses
the words that agree with it: "You flip first" / "Alex flips first", "your top-left card" /
"Zoë's top-left card", "an 8" / "a 7".
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.voice import Voice as SeatVoice
from game.core.voice import capitalise as capitalise
from game.core.voice import count
from game.core.voice import listing as listing
from game.games.cabo import rules as R

SLOT_NAMES = ("top-left", "top-right", "bottom-left", "bottom-right")
#: The "use power" button's words: what the power lets you do, as an order.
POWER_BUTTON: dict[R.Power, str] = {
    R.Power.PEEK_OWN: "Peek at one of yours",
    R.Power.PEEK_OTHER: "Spy on a rival's card",
    R.Power.BLIND_SWAP: "Swap two cards blind",
    R.Power.VISIBLE_SWAP: "Look at two, maybe swap",
}

#: What a power lets its drawer do; "{their}" becomes "their" or "your".
POWER_NAMES = {
    R.Power.PEEK_OWN: "look at one of {their} own cards",
    R.Power.PEEK_OTHER: "look at another player's card",
    R.Power.BLIND_SWAP: "swap two cards blind",
    R.Power.VISIBLE_SWAP: "look at two cards and maybe swap them",
}
#: Button and banner labels, the same for everyone.
POWER_SHORT = {
    R.Power.PEEK_OWN: "peek at one of your cards",
    R.Power.PEEK_OTHER: "peek at another player's card",
    R.Power.BLIND_SWAP: "blind swap",
    R.Power.VISIBLE_SWAP: "look and swap",
}


_NTH = ("fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth")


def slot_name(slot: int) -> str:
    """'top-left card' for the four dealt places; 'fifth card', 'sixth card' for the cards a
    player was given beyond them (penalties), in the order they came."""
    if slot < 4:
        return f"{SLOT_NAMES[slot]} card"
    n = slot - 4
    return f"{_NTH[n]} card" if n < len(_NTH) else f"card #{slot + 1}"


def kaboom_made(ev: R.RoundEnded) -> bool | None:
    """Whether the round's Kaboom! call was made (strictly closest to zero); None: no call."""
    k = ev.kaboomer
    if k is None:
        return None
    d = abs(ev.card_totals[k])
    return all(d < abs(t) for p, t in enumerate(ev.card_totals) if p != k)


def round_best(ev: R.RoundEnded) -> tuple[int, ...]:
    """The seats the table shows as the round's best: closest to zero, but never a Kaboom!
    caller who missed (a caller tied for closest missed, rule 3, so the others are the best)."""
    if kaboom_made(ev) is False:
        best = tuple(p for p in ev.winners if p != ev.kaboomer)
        if best:
            return best
        others = [p for p in range(len(ev.card_totals)) if p != ev.kaboomer]
        near = min(abs(ev.card_totals[p]) for p in others)
        return tuple(p for p in others if abs(ev.card_totals[p]) == near)
    return ev.winners


def auto_kaboom(ev: R.RoundEnded) -> bool:
    """The caller had no cards left at the reveal: the round ended by an automatic Kaboom!."""
    k = ev.kaboomer
    return k is not None and all(c is None for c in ev.hands[k])


def card_name(c: R.Card) -> str:
    """'the 7 of hearts', 'the red Joker'."""
    return c.name


def a_or_an(word: str) -> str:
    """The word with its indefinite article: 'a 7', 'an 8', 'an Ace', 'a King', 'an 11'."""
    spoken = word.lower()
    vowel = spoken[:1] in ("a", "e", "i", "o") or spoken.startswith(("8", "11", "18"))
    return f"{'an' if vowel else 'a'} {word}"


class Voice(SeatVoice):
    """The kit's seat voice plus the card table's own words (places, powers, slaps)."""

    def place(self, pos: R.Pos, actor: int | None = None) -> str:
        """A card by place: "Ben's top-left card", "your top-left card", "their own ..."."""
        owner = self.own(pos.player) if pos.player == actor else self.poss(pos.player)
        return f"{owner} {slot_name(pos.slot)}"

    # ---------------------------------------------------------------- lines for the screen

    def turn(self, seat: int, last: bool = False) -> str:
        """'Your turn', "Alex's last turn"."""
        return capitalise(f"{self.poss(seat)} {'last ' if last else ''}turn")

    def eyes_only(self, seat: int) -> str:
        return f"For {self.poss(seat)} eyes only"

    def power_banner(self, seat: int, power: R.Power) -> str:
        return f"{self.subj(seat)}: {POWER_SHORT[power]}!"

    def slap_banner(self, seat: int, card: R.Card) -> str:
        return self.says(seat, "slaps", "slap", f" the {card.rank_name}!")

    def describe(self, event: R.Event) -> str | None:
        """One public log line for an event (None: nothing worth a line)."""
        ev = event.redacted(None)
        if isinstance(ev, R.RoundStarted):
            return f"Round {ev.round} begins: " + self.says(ev.starter, "flips", "flip",
                                                            " first.")
        if isinstance(ev, R.Dealt):
            return f"{ev.counts[0]} cards are dealt face down to each player."
        if isinstance(ev, R.Peeked):
            if ev.reason == "start":
                return self.says(ev.player, "peeks", "peek",
                                 f" at {self.their(ev.player)} two bottom cards.")
            if ev.reason == "king":
                return None  # PowerUsed already said which two
            return f"{self.subj(ev.player)} looked at {self.place(ev.pos, ev.player)}."
        if isinstance(ev, R.Flipped):
            return f"{self.subj(ev.player)} flipped {card_name(ev.card)}."
        if isinstance(ev, R.Reshuffled):
            return f"The discard pile was shuffled into a new draw pile ({ev.count} cards)."
        if isinstance(ev, R.Drew):
            return f"{self.subj(ev.player)} drew a card."
        if isinstance(ev, R.Discarded):
            who = self.subj(ev.player)
            power = ev.card.power
            if ev.use_power and power is not None:
                what = POWER_NAMES[power].format(their=self.their(ev.player))
                return f"{who} discarded {card_name(ev.card)} to {what}."
            return f"{who} discarded {card_name(ev.card)}."
        if isinstance(ev, R.Replaced):
            return (f"{self.subj(ev.player)} kept the drawn card in place of "
                    f"{self.their(ev.player)} {slot_name(ev.slot)}, "
                    f"discarding {card_name(ev.old)}.")
        if isinstance(ev, R.PowerUsed):
            if ev.power is R.Power.VISIBLE_SWAP:
                a, b = ev.targets
                return (f"{self.subj(ev.player)} looked at {self.place(a, ev.player)} and "
                        f"{self.place(b, ev.player)}.")
            return None  # the Peeked or Swapped line tells it
        if isinstance(ev, R.Swapped):
            if not ev.blind:
                return None  # KingDecided tells it
            return (f"{self.subj(ev.player)} blind-swapped {self.place(ev.a, ev.player)} with "
                    f"{self.place(ev.b, ev.player)}.")
        if isinstance(ev, R.KingDecided):
            if ev.swap:
                return f"{self.subj(ev.player)} swapped the two cards."
            return f"{self.subj(ev.player)} left the two cards where they were."
        if isinstance(ev, R.SlapAttempt):
            quick = f" ({ev.t:.2f}\u00a0s)" if ev.t < 3 else ""  # a reaction time, not a wait
            return f"{self.subj(ev.player)} slapped {card_name(ev.card)}!{quick}"
        if isinstance(ev, R.SlapFlipped):
            verdict = "a match" if ev.match else "no match"
            return (f"{self.subj(ev.player)} flipped {self.place(ev.pos, ev.player)}: "
                    f"{card_name(ev.card)}, {verdict}.")
        if isinstance(ev, R.Gave):
            return (f"{self.subj(ev.player)} gave {self.their(ev.player)} "
                    f"{slot_name(ev.slot)} to {self.obj(ev.to.player)}, unseen.")
        if isinstance(ev, R.Penalty):
            k = len(ev.slots)
            if k == 0:
                return None
            return self.says(ev.player, "takes", "take",
                             f" {k} penalty card{'s' * (k != 1)} ({ev.reason}).")
        if isinstance(ev, R.KaboomCalled):
            if ev.auto:
                return self.says(ev.player, "has", "have", " no cards left: auto Kaboom!")
            return f"{self.subj(ev.player)} called Kaboom! Everyone else has one last turn."
        if isinstance(ev, R.TurnStarted):
            return self.turn(ev.player, ev.last)
        if isinstance(ev, R.RoundEnded):
            return f"Round {ev.round} is over. {self.round_story(ev)}"
        if isinstance(ev, R.GameEnded):
            return f"Game over: {self.winners(ev.winners)} with {count(min(ev.totals), 'point')}."
        return None  # SlapResult: the flips and penalties already told it

    # ---------------------------------------------------------------- the end of a round

    def round_story(self, ev: R.RoundEnded) -> str:
        """Who called Kaboom!, who was closest to zero and what the caller scores, as one story
        ("You called Kaboom! with 3, but Dev was closer to zero with 0. A missed Kaboom!
        scores 10 plus its distance from zero: you score 10 + 3 = 13.")."""
        k = ev.kaboomer
        if k is None:  # not reached by the rules (a round ends by a call), told plainly
            best = round_best(ev)
            return (f"{self.group(best)} {self.group_verb(best, 'was', 'were')} closest to "
                    f"zero. Everyone scores their cards.")
        t = ev.card_totals[k]
        d = abs(t)
        if auto_kaboom(ev):
            called = self.says(k, "had", "had", " no cards left (an automatic Kaboom!)")
            if kaboom_made(ev):
                return (f"{called} and {self.verb(k, 'was', 'were')} closest to zero: "
                        f"{self.obj(k)} {self.verb(k, 'scores', 'score')} "
                        f"-{R.KABOOM_BONUS} - 0 = {ev.scores[k]}. "
                        f"Everyone else scores their cards.")
        else:
            called = f"{self.subj(k)} called Kaboom!"
        if kaboom_made(ev):
            return (f"{called} and {self.verb(k, 'was', 'were')} closest to zero with cards "
                    f"worth {t}: "
                    f"{self.obj(k)} {self.verb(k, 'scores', 'score')} "
                    f"-{R.KABOOM_BONUS} - {d} = {ev.scores[k]}. "
                    f"Everyone else scores their cards.")
        best = round_best(ev)
        values = [str(ev.card_totals[p]) for p in best]
        theirs = f"{values[0]} each" if len(set(values)) == 1 < len(values) else listing(values)
        who = listing([self.obj(p) for p in best])
        if abs(ev.card_totals[best[0]]) == d:
            but = (f"but {who} {self.group_verb(best, 'tied', 'tied')} {self.obj(k)} with "
                   f"{theirs}, and a tie is a miss")
        else:
            but = f"but {who} {self.group_verb(best, 'was', 'were')} closer to zero with {theirs}"
        holding = "" if auto_kaboom(ev) else f" with cards worth {t}"
        return (f"{called}{holding}, {but}. A missed Kaboom! scores {R.KABOOM_PENALTY} plus its "
                f"distance from zero: {self.obj(k)} {self.verb(k, 'scores', 'score')} "
                f"{R.KABOOM_PENALTY} + {d} = {ev.scores[k]}.")

    def game_won(self, seats: Sequence[int]) -> str:
        """'You win the game!', 'Ana wins the game!', 'Ana and you share the win!'."""
        if len(seats) == 1:
            return self.says(seats[0], "wins", "win", " the game!")
        return f"{self.winners(seats)}!"


def describe(event: R.Event, names: Sequence[str], you: int | None = None) -> str | None:
    """One public log line for an event, with `you` (if any) addressed as "you"."""
    return Voice(names, you).describe(event)


def actor(event: R.Event) -> int | None:
    """The seat an event is about, if any."""
    seat = getattr(event, "player", None)
    return seat if isinstance(seat, int) and seat >= 0 else None
