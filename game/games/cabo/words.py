"""What the table says: the one vocabulary for Kaboom! cards' events, banners and prompts.

Every log line is written from an event *as the public sees it* (`event.redacted(None)`), so the
log can never carry a private card, whoever is looking at the screen. A `Voice` knows who is
addressed as "you" (the lone human at the screen, or anyone whose name is "You") and chooses
the words that agree with it: "You flip first" / "Alex flips first", "your top-left card" /
"Zoë's top-left card", "an 8" / "a 7".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core.voice import Voice as SeatVoice
from game.core.voice import capitalise as capitalise
from game.core.voice import count
from game.core.voice import listing as listing
from game.games.cabo import rules as R

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


_NTH = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh", "twelfth")
GridShape = tuple[int, int]
"""How a seat's grid lies on screen: its number of places and the side it grows to (+1: extra
columns to the right of the dealt 2x2, -1: to the left), as the table's layout draws it."""


def slot_name(slot: int, shape: GridShape = (4, 1)) -> str:
    """A card by where a player sees it in its grid: "top-left card", "bottom-middle card" of
    a row three wide, "top card, third from the left" of a wider one (the dealt 2x2's names
    called the middle card of a 3-wide grid "bottom-right"). Each row by its own width: a
    penalty's 5th card lies in the top row only, so the dealt bottom-right card is still the
    bottom row's right end (a stranger's log called it "bottom-middle")."""
    count, grow = shape
    if slot < 0:
        return f"card #{slot + 1}"
    if slot >= 4:
        # a penalty card, by its place in the hand: "your 5th card" (a stranger's log said
        # "top-right" for the penalty card beside his 2x2 and he looked at his dealt one)
        return f"{slot + 1}th card"
    row, col = slot // 2, slot % 2
    count = max(count, 4)
    # the places of this row (`TableLayout.slot_pos`): the dealt two, then a penalty place
    # in each added column that reaches this row (slots 4, 6, ... top; 5, 7, ... bottom)
    width = 2 + len(range(4 + row, count, 2))
    # growing right: the dealt columns first; growing left: the added ones before them
    seen = col if grow > 0 else width - 2 + col
    side = "top" if row == 0 else "bottom"
    if seen == 0:
        return f"{side}-left card"
    if seen == width - 1:
        return f"{side}-right card"
    if width == 3:
        return f"{side}-middle card"
    nth = _NTH[seen] if seen < len(_NTH) else f"#{seen + 1}"
    return f"{side} card, {nth} from the left"


LOW_CALL = 5
"""A Kaboom! call with cards further from zero than this, missed, earns its caller the round
story's lesson that a call pays off only with a low total."""


def kaboom_made(ev: R.RoundEnded) -> bool | None:
    """Whether the round's Kaboom! call was made (strictly closest to zero); None: no call."""
    k = ev.kaboomer
    if k is None:
        return None
    d = abs(ev.card_totals[k])
    return all(d < abs(t) for p, t in enumerate(ev.card_totals) if p != k)


def kaboom_sum(total: int, score: int, made: bool, auto: bool = False, why: str = "") -> str:
    """A Kaboom! caller's round score in one sentence, the same on the score pad and in the
    moves: "Kaboom! worked: a hand of 4 counts -4, plus a -5 bonus = -9", "Kaboom! missed (Ben
    was closer): a hand of 3 counts +3, plus a +10 penalty = 13". The pad and the log said the
    same -9 two ways ("counted as -4 for a successful Kaboom!, then -5 bonus" and "-5 bonus
    minus its distance from zero"), and "counted as -2" read strangely. The rule is the
    rulebook's: -5 minus the distance from zero if strictly closest, else +10 plus it; the
    distance is never negative, so a hand of -2 counts -2 either way a call goes."""
    head = "Kaboom! worked" if made else f"Kaboom! missed ({why})" if why else "Kaboom! missed"
    extra = f"a -{R.KABOOM_BONUS} bonus" if made else f"a +{R.KABOOM_PENALTY} penalty"
    if auto:
        return f"{head}: no cards left, plus {extra} = {score}"
    counted = -abs(total) if made else abs(total)
    return f"{head}: a hand of {total} counts {counted:+d}, plus {extra} = {score}"


def first_paid_call(events: Sequence[R.Event], ev: R.RoundEnded) -> bool:
    """`ev`'s Kaboom! call paid off, and no call of an earlier round in `events` did: the
    round's end says how its score came out (a stranger's call with 7 scored -12 and surprised
    him: "closest to zero" said nothing of the -5)."""
    if not kaboom_made(ev) or auto_kaboom(ev):
        return False
    return not any(isinstance(e, R.RoundEnded) and e.round < ev.round and kaboom_made(e)
                   for e in events)


def paid_off(total: int, score: int, whose: str) -> str:
    """How a paid-off call's score comes out: "Kaboom! paid off: your 7 scores -7, minus 5
    for the call: -12"."""
    return (f"Kaboom! paid off: {whose} {total} scores {-abs(total)}, minus {R.KABOOM_BONUS} "
            f"for the call: {score}")


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


def points(n: int) -> str:
    """'1 point', '-1 point', '0 points', '-2 points': the voice's plural rule on the size of the
    score (a Joker's hand box read "-1 points")."""
    return count(n, "point")


def hand_line(values: Sequence[int], cards: int, voice: SeatVoice | None = None,
              seat: int = 0) -> str:
    """What a seat knows of its own hand, for the line by its cards: how many of its `cards`
    it has seen and what those it has seen (`values`) add up to, so a first-timer can judge
    when to call Kaboom! ("You know 3 of 4 cards: 7 points so far"; watching another seat,
    "Ben knows 3 of 4 cards: ...")."""
    you = voice is None or voice.is_you(seat)
    who = "You" if you else voice.subj(seat) if voice is not None else "You"
    know = "know" if you else "knows"
    your = "your" if you else "their"
    if cards <= 0:
        return "No cards left: 0 points"
    total = points(sum(values))
    if not values:
        if cards > 1:
            return f"{who} {know} none of {your} cards yet"
        return "You don't know your card" if you else f"{who} doesn't know their card"
    if len(values) >= cards:
        held = {1: f"{your} card", 2: "both cards"}.get(cards, f"all {cards} cards")
        return f"{who} {know} {held}: {total}"
    return f"{who} {know} {len(values)} of {cards} cards: {total} so far"


def card_name(c: R.Card) -> str:
    """'the 7 of hearts', 'the red Joker'."""
    return c.name


def a_or_an(word: str) -> str:
    """The word with its indefinite article: 'a 7', 'an 8', 'an Ace', 'a King', 'an 11'."""
    spoken = word.lower()
    vowel = spoken[:1] in ("a", "e", "i", "o") or spoken.startswith(("8", "11", "18"))
    return f"{'an' if vowel else 'a'} {word}"


class Voice(SeatVoice):
    """The kit's seat voice plus the card table's own words (places, powers, slaps). `grids`
    tells how each seat's grid lies on screen, so a place is named as the players see it."""

    def __init__(self, names: Sequence[str], you: int | None = None,
                 grids: Callable[[int], GridShape] | None = None) -> None:
        super().__init__(names, you)
        self.grids = grids

    def slot(self, seat: int, slot: int) -> str:
        """`seat`'s card in `slot`, by where it lies on screen: "top-left card"."""
        return slot_name(slot, self.grids(seat) if self.grids is not None else (4, 1))

    def place(self, pos: R.Pos, actor: int | None = None) -> str:
        """A card by place: "Ben's top-left card", "your top-left card", "their own ..."."""
        owner = self.own(pos.player) if pos.player == actor else self.poss(pos.player)
        return f"{owner} {self.slot(pos.player, pos.slot)}"

    # ---------------------------------------------------------------- lines for the screen

    def turn(self, seat: int, last: bool = False) -> str:
        """'Your turn', "Alex's last turn"."""
        return capitalise(f"{self.poss(seat)} {'last ' if last else ''}turn")

    def eyes_only(self, seat: int) -> str:
        return f"For {self.poss(seat)} eyes only"

    def power_banner(self, seat: int, power: R.Power) -> str:
        """'Ben: peek at one of their own cards!' ('... of your cards!' over an AI's peek read
        as the player's own cards being looked at)."""
        if power == R.Power.PEEK_OWN:
            return f"{self.subj(seat)}: peek at one of {self.their(seat)} own cards!"
        return f"{self.subj(seat)}: {POWER_SHORT[power]}!"

    def slap_banner(self, seat: int, card: R.Card) -> str:
        return self.says(seat, "slaps", "slap", f" the {card.rank_name}!")

    def slap_verdict(self, seat: int, flipped: R.Card, slapped: R.Card | None,
                     match: bool) -> str:
        """What a slapper's flip was judged against, and why it was right or wrong: "You
        flipped the 4 of clubs: not a King, 2 penalty cards"."""
        said = self.says(seat, "flipped", "flipped", f" {card_name(flipped)}")
        if slapped is None:
            return f"{said}: {'a match' if match else 'no match'}!"
        rank = slapped.rank_name
        if match:
            return f"{said}: a match for the {rank}!"
        return f"{said}: not {a_or_an(rank)}. It goes on the pile, and {self._takes(seat)}!"

    def _takes(self, seat: int) -> str:
        """'you take 2 penalty cards', 'Ana takes 2 penalty cards' (a wrong flip's cost)."""
        return (f"{self.obj(seat)} {self.verb(seat, 'takes', 'take')} "
                f"{R.WRONG_FLIP_PENALTY} penalty cards")

    def wrong_flip(self, seat: int, pos: R.Pos, card: R.Card) -> str:
        """A wrong flip's whole result, as the rules have it (the card goes on the discard
        pile and the slapper takes the penalty): "No match: your 10 goes on the pile, and you
        take 2 penalty cards" (a stranger read only "no match: 2 penalty cards")."""
        owner = self.their(seat) if pos.player == seat else self.poss(pos.player)
        return f"No match: {owner} {card.rank_name} goes on the pile, and {self._takes(seat)}"

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
        if isinstance(ev, R.Flipped):  # the table turns the opening cards, one per seat in
            # turn (a stranger read "You flipped the 7 of hearts" when he had done nothing)
            return f"{capitalise(card_name(ev.card))} turns over for {self.obj(ev.player)}."
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
            # Which card went where: a stranger read "swapped out your top-right card: the 4
            # of hearts" as the card put in, slapped the next 4 and flipped a 9.
            return (f"{self.subj(ev.player)} swapped out {self.their(ev.player)} "
                    f"{self.slot(ev.player, ev.slot)}: {card_name(ev.old)} went to the discard "
                    "pile.")
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
            flipped = (f"{self.subj(ev.player)} flipped {self.place(ev.pos, ev.player)}: "
                       f"{card_name(ev.card)}")
            if ev.match:
                return f"{flipped}, a match."
            return f"{flipped}. {self.wrong_flip(ev.player, ev.pos, ev.card)}."
        if isinstance(ev, R.Gave):
            return (f"{self.subj(ev.player)} gave {self.their(ev.player)} "
                    f"{self.slot(ev.player, ev.slot)} to {self.obj(ev.to.player)}, unseen.")
        if isinstance(ev, R.Penalty):
            k = len(ev.slots)
            if k == 0 or told_by_the_flip(ev):
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
            return f"Game over: {self.winners(ev.winners)} with {points(min(ev.totals))}."
        return None  # SlapResult: the flips and penalties already told it

    # ---------------------------------------------------------------- the end of a round

    def round_story(self, ev: R.RoundEnded, explain: bool = False) -> str:
        """Who called Kaboom!, who was closest to zero and what the caller scores, as one story
        ("You called Kaboom! with cards worth 3, but Dev was closer to zero with 0. Kaboom!
        missed: a hand of 3 counts +3, plus a +10 penalty = 13."), its sum as the score pad
        says it (`kaboom_sum`)."""
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
                return (f"{called} and {self.verb(k, 'was', 'were')} closest to zero. "
                        f"{kaboom_sum(t, ev.scores[k], True, True)}. "
                        f"Everyone else scores their cards.")
        else:
            called = f"{self.subj(k)} called Kaboom!"
        if kaboom_made(ev):
            # `explain`: the match's first call that paid off says how its score came out
            how = paid_off(t, ev.scores[k], self.poss(k)) if explain \
                else kaboom_sum(t, ev.scores[k], True)
            return (f"{called} and {self.verb(k, 'was', 'were')} closest to zero with cards "
                    f"worth {t}. {how}. Everyone else scores their cards.")
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
        # the lesson for a player's own high call: a stranger called with 10 and with 9
        # against an Easy table's 3 and lost both matches, never told why a call needs low
        lesson = " A call pays off only with a low total." \
            if k == self.you and d > LOW_CALL and not auto_kaboom(ev) else ""
        return (f"{called}{holding}, {but}. "
                f"{kaboom_sum(t, ev.scores[k], False, auto_kaboom(ev))}.{lesson}")

    def score_why(self, ev: R.RoundEnded, seat: int) -> str:
        """One seat's round score in words a stranger follows, short enough for its row of
        the round's scores: "cards add up to 8", and a caller's from their hand, step by step
        (`kaboom_sum`, the moves' words too): "Kaboom! worked: a hand of 14 counts -14, plus a -5
        bonus = -19" (a stranger thought the caller's score wrong when it was not explained, and
        read "-5 bonus - 14 (distance) = -19" as backwards)."""
        t = ev.card_totals[seat]
        if seat != ev.kaboomer:
            closest = ", closest to zero" if seat in round_best(ev) else ""
            return f"cards add up to {t}{closest}"
        return kaboom_sum(t, ev.scores[seat], bool(kaboom_made(ev)), auto_kaboom(ev),
                          "" if kaboom_made(ev) else self.miss_why(ev))

    def miss_why(self, ev: R.RoundEnded) -> str:
        """Why the round's Kaboom! call missed: "Ben was closer", "a tie is a miss"."""
        assert ev.kaboomer is not None
        best = round_best(ev)
        if best and abs(ev.card_totals[best[0]]) == abs(ev.card_totals[ev.kaboomer]):
            return "a tie is a miss"
        return f"{self.obj_group(best)} {self.group_verb(best, 'was', 'were')} closer"

    def obj_group(self, seats: Sequence[int]) -> str:
        """'you and Ben', 'Dev' (a group inside a sentence)."""
        return listing([self.obj(s) for s in seats])

    def game_won(self, seats: Sequence[int]) -> str:
        """'You win the game!', 'Ana wins the game!', 'Ana and you share the win!'."""
        if len(seats) == 1:
            return self.says(seats[0], "wins", "win", " the game!")
        return f"{self.winners(seats)}!"


def describe(event: R.Event, names: Sequence[str], you: int | None = None) -> str | None:
    """One public log line for an event, with `you` (if any) addressed as "you"."""
    return Voice(names, you).describe(event)


def told_by_the_flip(ev: R.Penalty) -> bool:
    """A wrong flip's whole penalty: the flip's own words already said it (said once)."""
    return ev.reason == R.WRONG_FLIP_REASON and len(ev.slots) == R.WRONG_FLIP_PENALTY


def actor(event: R.Event) -> int | None:
    """The seat an event is about, if any."""
    seat = getattr(event, "player", None)
    return seat if isinstance(seat, int) and seat >= 0 else None

