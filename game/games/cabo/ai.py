"""Computer players for Kaboom! (cabo) that decide from an `Observation` alone, never the state.

Difficulty is memory and reflexes, not cheating: an easy player remembers few cards for a short
while and loses track of cards that move, as a newcomer does (`NEWCOMER`); a hard one keeps more
cards for longer and follows more of the swaps it watched. Reflexes are slap reaction times
(and how often a slap chance is missed). Decisions are a handful of cheap heuristics (well under
a millisecond), so they can run inside the game loop.

The scene asks `choose(obs)` when `obs.current == seat`, and `react(obs)` whenever the table
changes while a discard is slappable; `react` returns at most one `Slap(seat, t)` per slap window,
where t is the reaction time in seconds to schedule it after the discard (or after the moment the
AI learned the match).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.games.cabo.rules import (
    DECK,
    Action,
    BlindSwap,
    CallKaboom,
    Card,
    Discard,
    Draw,
    FlipTop,
    Give,
    KingDecide,
    KingLook,
    Observation,
    Pass,
    PeekOther,
    PeekOwn,
    Phase,
    Pos,
    Power,
    Replace,
    SkipGive,
    Slap,
    SlapFlip,
    SlapStop,
    UsePower,
)

DIFFICULTIES = ("easy", "medium", "hard")
DECK_MEAN = sum(c.value for c in DECK) / len(DECK)


@dataclass(frozen=True)
class Profile:
    """What a difficulty remembers, how fast it slaps and how well it plays."""

    span_own: int | None  # turns a seen card of its own is remembered (None: forever)
    span_other: int | None  # turns a seen card of another player is remembered
    capacity: int | None  # how many seen cards it keeps at once (the most recently seen)
    lose_track: float  # chance to lose a known card each time someone else moves it
    reaction: tuple[float, float]  # slap reaction time range in seconds
    miss: float  # chance not to notice a slap chance at all (during play)
    mistake: float  # chance to misplace a match by one slot (a wrong flip)
    power_use: float  # chance to use a worthwhile power
    counting: bool  # estimates unknown cards from what is left (card counting)
    plans_slaps: bool  # discards or replaces so that it can slap its own match afterwards
    kaboom_at: float  # calls Kaboom! when its estimated total is this close to zero...
    kaboom_margin: float  # ...and this much closer than its best guess of every opponent
    kaboom_unknown: int  # most unknown own cards it will call Kaboom! with
    slaps_others: bool = True  # slaps with other players' cards it knows (rule 10)
    miss_flip: float = 0.1  # the same in the opening flips, when everyone only watches the pile
    whim: float = 0.0  # chance, each turn, that a casual player calls Kaboom! early (its own
    # cards known, up to `rash_over` above its bar, without weighing the others)
    rash_over: float = 2.0  # how far above its bar such an early call goes
    hesitate: float = 0.0  # chance, each turn, that it lets a good moment to call pass (late)
    fade: float = 0.0  # extra chance to miss a match, per turn since it saw the card (a card
    # seen long ago comes to mind late, or not at all)
    slow: float = 0.0  # chance a noticed slap comes too slowly for the window (given up)
    unknown_as: float | None = None  # what an unknown card of its own counts for when it
    # weighs a Kaboom! call (None: its guess of any unseen card)
    kaboom_from: float = 0.0  # rounds of the table (turns / players) before it ever calls
    # Kaboom! (bar the 25-round stop): a beginner plays a while before ending a round
    judge: float = 0.0  # how far off its sums run (points, one standard deviation): each
    # keep-or-throw comparison of a drawn card and its own total when it weighs a Kaboom! call
    # are off by about this much (a beginner keeps a 7 over a card it has not seen, throws a
    # good card away, calls on a hand it thinks lower than it is); never on a card it prizes


KABOOM_FROM_EASY = 4.0
"""Rounds of the table (every seat's turn) before Easy may call Kaboom!: never in its first
few turns."""

PROFILES: dict[str, Profile] = {
    # Measured by `python -m game.games.cabo.tiers` (two-player, five-round matches, 200 a row;
    # the kit's bands, `game.core.ladder.BANDS`): easy wins 35-55% against a newcomer
    # (`NEWCOMER`, below), so a stranger wins more often than not but has to play for it, and
    # each level wins 60-85% against the one below. Now (the newcomer slaps later, misses
    # more and calls early now and then, as the six-match stranger did; Easy below): easy 45.8%
    # against the newcomer (55.5% before it waited to know its cards and four rounds of the
    # table to call, `kaboom_from`), medium 65.5% against easy (61.0%), hard 66.5% against
    # medium over 200 a row (47.8%, 82.0%, 78.0% at ten rounds;
    # before: 40.8%, 66.2%, 64.0% against the older newcomer). `tiers --habits`
    # shows what each level does in those matches.
    # Reactions are a person's: a newcomer slaps 1.8-3.3 s after the card lands, Easy later
    # (2.3-3.2 s; at the quick 3 s window one in five of its slaps comes too late and never
    # lands) and it lets more chances pass (looks away, comes to an old card too late); medium
    # and hard are quicker and more watchful, never quicker than a person who knows the game
    # (hard's 1.1 s is a practised player's). Easy is a beginner, slow to slap but rarely
    # wrong, who forgets, keeps a worse card now and then (`judge`), calls Kaboom! on a whim
    # or on a total it has wrong, and lets good moments pass; medium plans its own slaps and
    # calls Kaboom! a little bolder; hard keeps a few more cards for longer and follows swaps
    # better.
    "easy": Profile(
        span_own=8,  # remembers its own cards as long as a newcomer (8 turns), no more than
        # three at once (capacity), loses track of most that others move (lose_track), and a
        # card seen long ago comes to mind less often (`fade`): no perfect recall (6 turns
        # cost it 5 points of share against the newcomer, out of the band's middle)
        span_other=3,
        capacity=3,  # one fewer than a newcomer (3, with session 32's missed slaps, fell
        # below the band against a newcomer: 32.5%; session 34's prized cards, kept beyond
        # span and capacity, lifted 4 to 45.8% and medium fell to 58.8% against it)
        lose_track=0.6,
        reaction=(2.0, 3.4),  # drawn from its seeded rng, never the same twice: a stranger
        # saw 2.63 s twice from the older, narrower 2.3-3.2 s; its mean (2.7 s) still comes
        # after a newcomer's (2.55 s), and at a 3 s window a quarter of the slaps it reaches
        # for come too late (the default 4 s and a relaxed 6 s let them land)
        fade=0.04,  # a card it saw 5 turns ago: 20% more likely to pass it by
        slow=0.0,  # (its late slaps are the reaction range's, above)
        miss=0.4,  # looks away from two chances in five in play (a newcomer: 0.45); with
        # the late ones and the forgotten ones, against today's newcomer it slaps 31% of
        # the matches it has seen in play (session 34's easy: 39%) and 59% in the opening
        # flips (83%); never a wrong card slapped (mistake stays low: strangers read a wrong
        # slap as a broken player); medium and hard look away less (0.18, 0.08)
        mistake=0.02,
        power_use=0.75,  # more than a newcomer (0.6; session 34: 0.45): it gives back part of
        # the share its rarer slaps cost, where a player sees little of it (0.7 in place of
        # 0.45 was worth about 5 points against the newcomer over 200 matches)
        counting=False,
        plans_slaps=False,
        kaboom_at=3.0,
        kaboom_margin=0.0,
        kaboom_unknown=0,  # calls only knowing every card it holds, and never before each
        kaboom_from=KABOOM_FROM_EASY,  # seat has had its turns (a stranger at three seats lost
        # a match to Easy's calls "after a few turns", rounds 1 and 2; it had called with one
        # card unseen, hoping it low, `unknown_as`)
        unknown_as=3.0,
        slaps_others=False,  # only ever slaps with its own cards
        miss_flip=0.25,  # in the opening flips, one chance in four passes unseen (session 34:
        # one in twenty: it slapped 83% of its opening matches against today's newcomer, and
        # the stranger's one-round matches opened with Easy's slaps); with the late ones it
        # slaps 59% now
        whim=0.25,  # casual: one turn in four it calls Kaboom! early, on up to 2 points over
        rash_over=2.0,  # its bar, without weighing the others (now and then 10 points)...
        hesitate=0.25,  # ...and one turn in four it lets a good moment pass (a careful stranger
        # lost 7 to 20 to its calls: it ended rounds the moment its hand was low)
        judge=2.5,  # its sums are off by about 2.5 points: it keeps a drawn 6 over a known 4
        # about one time in six and over a card it has not seen nearly half the time, and
        # weighs its Kaboom! call on a total that far off (a stranger saw Easy end rounds on
        # "two cards worth 4; four cards worth 3" and asked for "weaker card keeping")
    ),
    "medium": Profile(
        span_own=8,
        span_other=3,
        capacity=4,
        lose_track=0.6,
        reaction=(1.4, 2.2),
        miss=0.18,  # (0.12 won 79-82% against the beginner Easy: near the band's top)
        mistake=0.1,
        power_use=0.6,
        counting=False,
        plans_slaps=True,
        kaboom_at=4.0,
        kaboom_margin=0.0,
        kaboom_unknown=0,
        miss_flip=0.08,
    ),
    "hard": Profile(
        span_own=11,
        span_other=4,
        capacity=5,
        lose_track=0.5,
        reaction=(1.1, 1.8),
        miss=0.08,
        mistake=0.06,
        power_use=0.75,
        counting=False,
        plans_slaps=True,
        kaboom_at=4.0,
        kaboom_margin=0.0,
        kaboom_unknown=0,
        miss_flip=0.05,
    ),
}

SHARP = Profile(
    span_own=None,
    span_other=None,
    capacity=None,
    lose_track=0.0,
    reaction=(0.6, 1.05),
    miss=0.05,
    mistake=0.0,
    power_use=1.0,
    counting=True,
    plans_slaps=True,
    kaboom_at=5.0,
    kaboom_margin=3.0,
    kaboom_unknown=0,
    miss_flip=0.02,
)
"""A player who forgets nothing, follows every swap and counts cards (the hard level before
the levels were measured against a newcomer): the ceiling `tiers.py` shows hard against, and
the player the decision tests use (what it does follows from what it saw, never from luck)."""

NEWCOMER = Profile(
    span_own=8,
    span_other=3,
    capacity=4,
    lose_track=0.6,
    reaction=(1.8, 3.3),
    miss=0.45,
    mistake=0.1,
    power_use=0.6,
    counting=False,
    plans_slaps=False,
    kaboom_at=3.0,
    kaboom_margin=0.0,
    kaboom_unknown=0,
    slaps_others=False,
    miss_flip=0.1,
    whim=0.1,
    rash_over=3.0,
)
"""A person's first evening at the table (what `tiers.py` measures Easy against). Where each
number comes from:

- reaction 1.8-3.3 s from the discard landing to the slap. Lab figures give the floor: seeing
  and naming the card takes a visual choice reaction time of 0.35-0.5 s for a few alternatives
  (Hick 1952; Welford 1980: a simple reaction is ~0.25 s and each doubling of the choices adds
  ~0.15 s); recalling whether one of your face-down cards has that rank is a memory scan of
  ~0.4 s plus ~0.04 s per card held in mind (Sternberg 1966), much longer for someone unsure of
  where the card lies; then the hand moves to the pile or the key, 0.1-0.5 s by Fitts's law for
  a mouse across the table. Summed, a sure player slaps about one second after the card lands.
  Strangers are later: earlier playtests timed them at 1.5-2.5 s and one's slaps came 1-2 s
  after a sure player's (`slaps.SLAP_GRACE`); a later stranger, six matches against Easy in
  a real window (0 of 5 won), missed at least three slaps of cards he knew (an Ace; a King of
  spades while holding a black King; a 5 while holding the 5 of diamonds) and pointed at the
  ~3 s window. So a noticed match is pressed at 1.8-3.3 s: one press in five comes after the
  default 3 s window, too late.
- miss 0.45: a newcomer watching their own next move lets about half the slap chances they
  have pass (divided attention; our playtests saw most misses while a player was deciding,
  and the six-match stranger missed "at least three" of cards he knew: a floor, not a share,
  so 0.45 is our reading of "misses most", not a measurement). With the late presses and
  forgetting, the model slaps a third of the matches it has seen in play (34% against
  today's Easy, `tiers --habits`; 55% at miss 0.3 and
  1.5-2.5 s); in the opening flips, with nothing to do but watch the pile, only one chance in
  ten passes unseen (miss_flip 0.1; it slaps 70% of them, the late presses included).
- capacity 4 cards, own cards kept ~8 turns and others' ~3: working memory holds about four
  chunks (Cowan 2001) and unrehearsed items fade within seconds to a minute (Peterson & Peterson
  1959); a card moved by someone else's swap is lost more often than not (lose_track 0.6).
- mistake 0.1: one slap in ten flips the neighbouring card (a location slip of a 2x2 grid).
- rules known: swap a low card in, use a power more often than not (power_use 0.6), slap with
  your own cards only (slaps_others False: the give-a-card rule is learnt later), no planned
  slaps, no card counting, and Kaboom! with every own card known and close to zero.
- whim 0.1, rash_over 3: one turn in ten with its cards known it calls Kaboom! early, on up
  to 3 points over its bar, without weighing the others. The six-match stranger: "A missed
  Kaboom! costs +10 plus your total, and a tie counts as a miss: one bad call ruins a round";
  19% of the model's calls miss, on 2.6 points on average (18%, on 2.2, without the whim).
"""


class _View:
    """One decision's beliefs: the cards the AI remembers and its guess for the others."""

    __slots__ = ("known", "guess", "seat")

    def __init__(self, seat: int, known: dict[Pos, Card], guess: float) -> None:
        self.seat = seat
        self.known = known
        self.guess = guess

    def value(self, pos: Pos) -> float:
        c = self.known.get(pos)
        return self.guess if c is None else c.value


def _prized(owner: int, seat: int, card: Card) -> bool:
    """A card of the seat's own worth nothing or less (a Joker, a red King): a person keeps it
    in mind past any span or capacity (a stranger watched Easy swap out its black Joker twice
    and a red King once, and read it as broken)."""
    return owner == seat and card.value <= 0


class CaboAI:
    """A computer seat; all it ever reads is the Observation it is given."""

    needs_legal = False

    def __init__(
        self, difficulty: str = "medium", seat: int = 0, rng: random.Random | int | None = None
    ) -> None:
        profile = {"newcomer": NEWCOMER, "sharp": SHARP}.get(difficulty) or \
            PROFILES.get(difficulty)
        if profile is None:
            raise ValueError(f"difficulty must be one of {DIFFICULTIES}, not {difficulty!r}")
        self.difficulty = difficulty
        self.profile = profile
        self.seat = seat
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self._round = -1
        self._lost: set[tuple[str, int]] = set()
        self._noticed_at: dict[tuple[str, int], int] = {}
        self._track: dict[tuple[str, int], int] = {}
        self._own_moves: set[int] = set()
        self._window = -1
        self._noticed = False
        self._slapped = False
        self._plan: list[Pos] = []

    # ---- memory

    def _view(self, obs: Observation) -> _View:
        """Apply forgetting to what the observation says the seat has seen."""
        if obs.round != self._round:
            self._round = obs.round
            self._lost.clear()
            self._noticed_at.clear()
            self._track.clear()
            self._own_moves.clear()
        prof = self.profile
        seat = self.seat
        found: list[tuple[int, int, int, Card]] = []
        for p, grid in enumerate(obs.grids):
            span = prof.span_own if p == seat else prof.span_other
            for i, sv in enumerate(grid):
                if sv is None or sv.card is None or sv.seen_at is None:
                    continue
                key = (sv.card.code, sv.seen_at)
                if key in self._lost:
                    continue
                noticed = self._noticed_at.setdefault(key, obs.turns)
                # a prized card of its own stays in mind (`_prized`)
                if span is not None and obs.turns - noticed > span \
                        and not _prized(p, seat, sv.card):
                    continue
                if (
                    prof.lose_track > 0
                    and sv.moved_at > sv.seen_at
                    and sv.moved_at not in self._own_moves
                    and self._track.get(key) != sv.moved_at
                ):
                    self._track[key] = sv.moved_at
                    if self.rng.random() < prof.lose_track:
                        self._lost.add(key)
                        continue
                found.append((sv.seen_at, p, i, sv.card))
        if prof.capacity is not None and len(found) > prof.capacity:
            # the prized cards first (above), then the most recently seen
            found.sort(key=lambda f: (_prized(f[1], seat, f[3]), f[0], f[1], f[2]),
                       reverse=True)
            del found[prof.capacity :]
        known = {Pos(p, i): c for _, p, i, c in found}
        return _View(seat, known, self._guess(obs, known))

    def _guess(self, obs: Observation, known: dict[Pos, Card]) -> float:
        """Expected value of a card the seat doesn't know."""
        if not self.profile.counting:
            return DECK_MEAN
        visible = set(obs.discard)
        visible.update(known.values())
        if obs.drawn is not None:
            visible.add(obs.drawn)
        unseen = [c.value for c in DECK if c not in visible]
        return sum(unseen) / len(unseen) if unseen else DECK_MEAN

    # ---- helpers on the observation

    def _own(self, obs: Observation) -> list[Pos]:
        return [Pos(self.seat, i) for i, s in enumerate(obs.grids[self.seat]) if s is not None]

    def _others(self, obs: Observation) -> list[Pos]:
        """Cards of other players that may be touched (not locked by a Kaboom!)."""
        return [
            Pos(p, i)
            for p, grid in enumerate(obs.grids)
            if p not in (self.seat, obs.kaboomer)
            for i, s in enumerate(grid)
            if s is not None
        ]

    def _estimate(self, obs: Observation, view: _View, seat: int) -> float:
        """Guessed card total of a seat (opponents' unknown cards get better as turns pass)."""
        guess = view.guess
        if seat != self.seat:
            guess = max(2.0, guess - 0.8 * obs.turns / obs.players)
        total = 0.0
        for i, s in enumerate(obs.grids[seat]):
            if s is not None:
                c = view.known.get(Pos(seat, i))
                total += guess if c is None else c.value
        return total

    def _threat_order(self, obs: Observation, view: _View) -> list[int]:
        """Opponents that may be touched, the one likeliest to win the round first."""
        seats = [p for p in range(obs.players) if p not in (self.seat, obs.kaboomer)]
        return sorted(seats, key=lambda p: (abs(self._estimate(obs, view, p)), p))

    # ---- decisions

    def choose(self, obs: Observation) -> Action:
        """The seat's decision at a point where `obs.current == seat`."""
        if obs.current != self.seat:
            raise ValueError(f"seat {self.seat} was asked to choose on seat {obs.current}'s turn")
        phase = obs.phase
        can_draw = obs.draw_count > 0 or len(obs.discard) > 1
        if phase is Phase.FLIP:
            return FlipTop(self.seat) if can_draw else Pass(self.seat)
        view = self._view(obs)
        if phase is Phase.TURN:
            if obs.kaboomer is None and self._should_kaboom(obs, view):
                return CallKaboom(self.seat)
            return Draw(self.seat) if can_draw else Pass(self.seat)
        if phase is Phase.DRAWN:
            return self._with_drawn(obs, view)
        if phase is Phase.POWER:
            return self._use_power(obs, view)
        if phase is Phase.KING_DECIDE:
            return self._king_decide(obs)
        if phase is Phase.SLAP:
            return self._slap_flip(obs, view)
        if phase is Phase.GIVE:
            return self._give(obs, view)
        raise ValueError(f"nothing for seat {self.seat} to choose in phase {phase}")

    def _should_kaboom(self, obs: Observation, view: _View) -> bool:
        prof = self.profile
        own = self._own(obs)
        unknown = sum(1 for p in own if p not in view.known)
        mine = abs(self._estimate(obs, view, self.seat))
        rounds_long = obs.turns / obs.players
        if rounds_long > 25:
            return True  # nobody is ending this round: end it
        if unknown > prof.kaboom_unknown or rounds_long < prof.kaboom_from:
            return False
        believed = self._estimate(obs, view, self.seat)
        if prof.unknown_as is not None and unknown:
            # a beginner hopes the card it has not seen is a low one
            believed += unknown * (prof.unknown_as - view.guess)
            mine = abs(believed)
        if prof.judge:
            mine = abs(believed + self.rng.gauss(0.0, prof.judge))
        bar = prof.kaboom_at + max(0.0, rounds_long - 8) * 0.5
        others = [abs(self._estimate(obs, view, p)) for p in range(obs.players) if p != self.seat]
        careful = unknown <= prof.kaboom_unknown and mine <= bar and \
            mine + prof.kaboom_margin < min(others)
        if careful:  # late: a casual player lets the moment pass now and then
            return not (prof.hesitate > 0 and self.rng.random() < prof.hesitate)
        if prof.whim > 0 and self.rng.random() < prof.whim:
            return mine <= bar + prof.rash_over  # early: above its bar, not weighing the others
        return False

    def _power_usable(self, obs: Observation, power: Power) -> bool:
        if power is Power.PEEK_OWN:
            return bool(self._own(obs))
        others = self._others(obs)
        if power is Power.PEEK_OTHER:
            return bool(others)
        return len(others) + len(self._own(obs)) >= 2

    def _best_swap(self, obs: Observation, view: _View) -> tuple[float, Pos | None, Pos | None]:
        """The most points moved off my grid by swapping one of mine with an opponent's card."""
        own = self._own(obs)
        others = self._others(obs)
        if not own or not others:
            return 0.0, None, None
        mine = max(own, key=lambda p: (view.value(p), p in view.known))
        theirs = min(others, key=lambda p: (view.value(p), p not in view.known))
        return view.value(mine) - view.value(theirs), mine, theirs

    def _power_value(self, obs: Observation, view: _View, power: Power) -> float:
        if not self._power_usable(obs, power):
            return 0.0
        if power is Power.PEEK_OWN:
            return 4.0 if any(p not in view.known for p in self._own(obs)) else 0.0
        if power is Power.PEEK_OTHER:
            return 1.5 if any(p not in view.known for p in self._others(obs)) else 0.0
        gain, _, _ = self._best_swap(obs, view)
        if power is Power.BLIND_SWAP:
            return gain - 1.0
        return 2.0 + max(0.0, gain) / 2

    def _own_match_value(self, view: _View, rank: int, skip: Pos | None = None) -> int:
        """Points I'd shed by slapping my own remembered card of this rank."""
        return max(
            (
                c.value
                for p, c in view.known.items()
                if p.player == self.seat and p != skip and c.rank == rank and c.value > 0
            ),
            default=0,
        )

    def _with_drawn(self, obs: Observation, view: _View) -> Action:
        drawn = obs.drawn
        assert drawn is not None
        prof = self.profile
        v = drawn.value
        best_gain, best_slot = -1e9, -1
        for pos in self._own(obs):
            c = view.known.get(pos)
            if c is None:
                gain = view.guess - v - 1.0
            else:
                gain = c.value - v
                if prof.plans_slaps:
                    gain += self._own_match_value(view, c.rank, skip=pos)
            if prof.judge and not (c is not None and _prized(self.seat, self.seat, c)):
                gain += self.rng.gauss(0.0, prof.judge)  # a beginner's rough sum
            if gain > best_gain:
                best_gain, best_slot = gain, pos.slot
        slap_gain = self._own_match_value(view, drawn.rank) if prof.plans_slaps else 0
        power = drawn.power
        power_value = self._power_value(obs, view, power) if power is not None else 0.0
        if power_value > 0 and self.rng.random() >= prof.power_use:
            power_value = 0.0
        if best_slot >= 0 and best_gain > 0.5 and best_gain > slap_gain + power_value:
            return Replace(self.seat, best_slot)
        if power is not None and power_value > 0:
            return UsePower(self.seat)
        return Discard(self.seat)

    def _use_power(self, obs: Observation, view: _View) -> Action:
        power = obs.power
        seat = self.seat
        own = self._own(obs)
        others = self._others(obs)
        if power is Power.PEEK_OWN and own:
            unknown = [p for p in own if p not in view.known]
            pick = unknown[0] if unknown else min(own, key=lambda p: self._seen_at(obs, p))
            return PeekOwn(seat, pick.slot)
        if power is Power.PEEK_OTHER and others:
            order = self._threat_order(obs, view)
            unknown = [p for p in others if p not in view.known]
            pool = unknown or others
            pick = min(pool, key=lambda p: (order.index(p.player), p.slot))
            return PeekOther(seat, pick)
        if power in (Power.BLIND_SWAP, Power.VISIBLE_SWAP):
            gain, mine, theirs = self._best_swap(obs, view)
            make = BlindSwap if power is Power.BLIND_SWAP else KingLook
            if mine is not None and theirs is not None and (gain > 0 or make is KingLook):
                self._own_moves.add(obs.move + 1)
                return make(seat, mine, theirs)
            pool = others if len(others) >= 2 else others + own
            if len(pool) >= 2:
                a, b = self.rng.sample(pool, 2)
                self._own_moves.add(obs.move + 1)
                return make(seat, a, b)
        return Pass(seat)  # a slap took every target away

    def _seen_at(self, obs: Observation, pos: Pos) -> int:
        sv = obs.grids[pos.player][pos.slot]
        return -1 if sv is None or sv.seen_at is None else sv.seen_at

    def _king_decide(self, obs: Observation) -> Action:
        swap = False
        if obs.king is not None and obs.king_cards is not None:
            (a, b), (ca, cb) = obs.king, obs.king_cards
            intact = all(
                (s := obs.grids[p.player][p.slot]) is not None and s.card == c
                for p, c in ((a, ca), (b, cb))
            )
            if intact:
                if a.player == self.seat and b.player != self.seat:
                    swap = ca.value > cb.value
                elif b.player == self.seat and a.player != self.seat:
                    swap = cb.value > ca.value
        if swap:
            self._own_moves.add(obs.move + 1)
        return KingDecide(self.seat, swap)

    # ---- slapping

    def react(self, obs: Observation) -> Slap | None:
        """A slap (with its reaction time) if the seat wants the top discard, else None."""
        if not obs.can_slap or obs.top is None:
            return None
        prof = self.profile
        view = self._view(obs)  # memory ages from the first look, slap or not
        if obs.window_id != self._window:
            self._window = obs.window_id
            miss = prof.miss_flip if obs.phase is Phase.FLIP else prof.miss
            self._noticed = self.rng.random() >= miss
            self._slapped = False
        if self._slapped or not self._noticed:
            return None
        plan = self._slap_targets(obs, view, obs.top)
        if not plan:
            return None
        if prof.fade and self.rng.random() < prof.fade * self._age(obs, plan):
            self._slapped = True  # it did not think of that card in time: this window is gone
            return None
        if prof.slow and self.rng.random() < prof.slow:
            self._slapped = True  # too slow: the hand never reached the pile in the window
            return None
        if prof.mistake and self.rng.random() < prof.mistake:
            plan[0] = self._misplace(obs, plan[0])
        self._plan = plan
        self._slapped = True
        lo, hi = prof.reaction
        return Slap(self.seat, round(self.rng.uniform(lo, hi), 3))

    def _age(self, obs: Observation, plan: list[Pos]) -> int:
        """Turns since the seat took in the most recently seen card of a slap plan."""
        ages = []
        for pos in plan:
            sv = obs.grids[pos.player][pos.slot]
            if sv is not None and sv.card is not None and sv.seen_at is not None:
                ages.append(obs.turns - self._noticed_at.get((sv.card.code, sv.seen_at),
                                                             obs.turns))
        return min(ages, default=0)

    def _slap_targets(self, obs: Observation, view: _View, top: Card) -> list[Pos]:
        seat = self.seat
        own_flips = [
            p for p, c in view.known.items() if p.player == seat and top.matches(c) and c.value > 0
        ]
        givable = sorted(
            (p for p in self._own(obs) if p not in own_flips and view.value(p) >= 2),
            key=lambda p: -view.value(p),
        )
        other_flips: list[Pos] = []
        for p, c in view.known.items():
            if not self.profile.slaps_others:
                break
            if p.player in (seat, obs.kaboomer) or not top.matches(c):
                continue
            if givable:
                givable.pop(0)
                other_flips.append(p)
            elif c.value < 0:
                other_flips.append(p)
        return sorted(other_flips) + sorted(own_flips)

    def _misplace(self, obs: Observation, pos: Pos) -> Pos:
        """A memory slip: the card one slot over."""
        slots = [i for i, s in enumerate(obs.grids[pos.player]) if s is not None and i != pos.slot]
        if not slots:
            return pos
        return Pos(pos.player, min(slots, key=lambda i: (abs(i - pos.slot), i)))

    def _slap_flip(self, obs: Observation, view: _View) -> Action:
        if not self._plan and obs.slap_matched == 0 and obs.slap_card is not None:
            self._plan = self._slap_targets(obs, view, obs.slap_card)
        while self._plan:
            pos = self._plan.pop(0)
            if pos.player != obs.kaboomer and obs.grids[pos.player][pos.slot] is not None:
                return SlapFlip(self.seat, pos)
        return SlapStop(self.seat)

    def _give(self, obs: Observation, view: _View) -> Action:
        keep = set(self._plan)
        candidates = [p for p in self._own(obs) if p not in keep]
        if not candidates:
            return SkipGive(self.seat)
        pick = max(candidates, key=lambda p: (view.value(p), p not in view.known, -p.slot))
        if view.value(pick) <= 0:
            return SkipGive(self.seat)
        self._own_moves.add(obs.move + 1)
        return Give(self.seat, pick.slot)


class RandomAI:
    """Uniformly random legal actions; slaps now and then. A benchmark floor."""

    needs_legal = True
    slap_chance = 0.1

    def __init__(self, seat: int = 0, rng: random.Random | int | None = None) -> None:
        self.seat = seat
        self.difficulty = "random"
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self._window = -1

    def choose(self, obs: Observation) -> Action:
        if not obs.legal:
            raise ValueError("RandomAI needs an observation with its legal actions")
        action = self.rng.choice(obs.legal)
        if isinstance(action, Slap):
            return Slap(self.seat, round(self.rng.uniform(0.3, 1.5), 3))
        return action

    def react(self, obs: Observation) -> Slap | None:
        if not obs.can_slap or obs.window_id == self._window:
            return None
        self._window = obs.window_id
        if self.rng.random() < self.slap_chance:
            return Slap(self.seat, round(self.rng.uniform(0.3, 1.5), 3))
        return None


Bot = CaboAI | RandomAI


def make_bot(difficulty: str, seat: int, rng: random.Random | int | None = None) -> Bot:
    """A computer seat by name: easy, medium, hard, random (or newcomer and sharp, the
    yardsticks of `tiers.py`)."""
    if difficulty == "random":
        return RandomAI(seat, rng)
    return CaboAI(difficulty, seat, rng)
