"""What the Kaboom! Explosive table says: the one vocabulary for its events, banners and prompts.

Every log line is written from an event as the public sees it (its secret part dropped), so the
log never names a hidden card, whoever looks at the screen. A `Voice` knows who is addressed as
"you" (the lone human) and makes the words agree: "Ana fires TNT at Bo", "You fire TNT at Bo",
"Bo answers with Oops: it flies at Cy", "Cy's iron wall is destroyed".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from game.core.dispatch import ByClass
from game.core.voice import NUMBERS as NUMBERS
from game.core.voice import Voice as SeatVoice
from game.core.voice import article
from game.core.voice import capitalise as capitalise
from game.core.voice import listing as listing
from game.games.blast.data import (
    ADVANCED_TECH,
    ALIENS,
    ASSASSIN,
    CARDS,
    CHEMIST,
    CHRISTMAS,
    CHRISTMAS_DRAW,
    DEFENCES,
    EARTHQUAKE,
    EPIDEMIC,
    EXPLOSIVES,
    FIRESTORM,
    INSPECTOR,
    NUKE,
    PROTESTS,
    SABOTAGE,
    SPY,
    UNDERMINER,
    Category,
    printed_answers,
)
from game.games.blast.rules import BREAK_FIELD
from game.games.blast.rules.events import (
    Answered,
    Arranged,
    Destroyed,
    DiplomacyEnded,
    Drew,
    Earthquake,
    Eliminated,
    EndgameCard,
    EndgameStarted,
    Epidemic,
    Event,
    Fallout,
    ForceFieldDestroyed,
    Inspected,
    Invaded,
    Killed,
    LostTurn,
    Over,
    Passed,
    Played,
    Protested,
    Reshuffled,
    Sabotaged,
    Setup,
    Stolen,
    Stopped,
    TechnologyEnded,
    Took,
    Traded,
    Turn,
    Undermined,
    UnderminerIdle,
)

SHORT: dict[str, str] = {
    "palisade": "palisade", "stone_wall": "stone wall", "iron_wall": "iron wall",
    "steel_wall": "steel wall", "force_field": "Force Field",
}
"""Walls as a sentence names them."""

BREAKS: dict[str, str] = {
    "palisade": "any explosive", "stone_wall": "pipe bomb and up",
    "iron_wall": "TNT and up", "steel_wall": "C4 and RPG only",
    "force_field": "only a Spy",
}
"""What can still break each wall, as a tooltip says it."""


BROKEN_BY: dict[str, str] = {
    "palisade": "any explosive breaks it", "stone_wall": "a pipe bomb or stronger breaks it",
    "iron_wall": "TNT or stronger breaks it", "steel_wall": "only C4 or an RPG breaks it",
    "force_field": "only a Spy breaks it",
}


def strength_note(wall: str) -> str:
    """What a wall's strength bricks mean, as the preview says it under the card (palisade 1
    .. steel 4, Force Field 5: more lit bricks, a stronger wall)."""
    return f"Strength {CARDS[wall].strength} of 5: {BROKEN_BY[wall]}."


POWERS: dict[str, str] = {
    CHEMIST: "explosives hit harder",
    UNDERMINER: "takes an enemy wall every turn",
}
"""What each character does, in the few words of the log's line where he arrives (the full
card text is in the card reader: an eight-line arrival pushed the other moves out of the
log, and a stranger saw only "Your turn")."""
COUNTERS: dict[str, str] = {
    CHEMIST: "only an Assassin removes him; a defence still stops the card as printed",
    UNDERMINER: "only an Assassin removes him; a Force Field or Diplomacy keeps him away",
}
"""What stops each character (the rulebook's own answers), said wherever he acts."""
STOPPED_BY: dict[str, str] = {
    CHEMIST: "only an Assassin removes him",
    UNDERMINER: "only an Assassin removes him",
}
"""The short form, for a line that repeats every turn."""


def sentence(text: str, mark: str = ".") -> str:
    """`text` closed with `mark` unless it already ends a sentence ('...on Ben!' stays as it
    is): the one place a line gets its full stop, so none reads '!.' or '!!'."""
    return text if text[-1:] in (".", "!", "?") else f"{text}{mark}"


def after_colon(text: str) -> str:
    """A clause that follows a colon: its leading 'You' or 'Nobody' in lower case (a name
    keeps its capital): 'Game over: you win!'."""
    head, _, rest = text.partition(" ")
    return f"{head.lower()} {rest}" if head in ("You", "Nobody") and rest else text


def name_of(card: str) -> str:
    """A card's printed name ("TNT", "The Mad Chemist")."""
    return CARDS[card].name if card in CARDS else card


def bare(card: str) -> str:
    """A card's name without its article, for use inside a sentence ("Mad Chemist")."""
    n = name_of(card)
    return n[4:] if n.startswith("The ") else n


def walls_phrase(walls: Sequence[str]) -> str:
    """'iron wall', 'iron and stone walls', 'two palisades', 'three palisades and a stone
    wall'."""
    if not walls:
        return "nothing"
    counts = Counter(SHORT.get(w, w) for w in walls)
    if len(walls) == 2 and len(counts) == 2:
        a, b = (SHORT.get(w, w) for w in walls)
        return f"{a.replace(' wall', '')} and {b}s" if b.endswith("wall") else f"{a} and {b}"
    parts = []
    for kind, k in counts.items():
        if k == 1:
            parts.append(kind if len(walls) == 1 else f"{article(kind)} {kind}")
        else:
            parts.append(f"{NUMBERS.get(k, str(k))} {kind}s")
    return listing(parts)


def _cards(n: int) -> str:
    """'a card', 'three cards'."""
    return "a card" if n == 1 else f"{NUMBERS.get(n, str(n))} cards"


def _each_wall(walls: Sequence[str]) -> str:
    """Walls each with its article: 'a palisade', 'an iron wall', 'a palisade and a stone
    wall'."""
    return listing([f"{article(SHORT.get(w, w))} {SHORT.get(w, w)}" for w in walls])


def cards_phrase(cards: Sequence[str]) -> str:
    """'two Pipe Bombs and TNT', 'a Spy and two Guards': cards counted, in the order met."""
    parts = []
    for card, k in Counter(cards).items():
        name = name_of(card)
        if k == 1:
            parts.append(name)
            continue
        # "two Oops", never "two Oopss" (a stranger's log)
        plural = name if card in ("tnt", "c4") or name.endswith("s") else \
            f"{name[:-1]}ies" if name.endswith("y") else f"{name}s"
        parts.append(f"{NUMBERS.get(k, str(k))} {plural}")
    return listing(parts)


class Voice(SeatVoice):
    """The kit's seat voice plus the explosive table's own words (cards aimed, answers).

    `speaking_to(names, seat)` is the voice of a line addressed to one seat (a couch's prompt
    bar: "Ben, ..."): only that seat is "you"; another seat whose player kept the lobby's name
    "You" is then spoken of as "Player N", so no line reads "Ben, You set a Firestorm on you!".
    """

    addressed: bool = False

    @classmethod
    def speaking_to(cls, names: Sequence[str], seat: int) -> Voice:
        """The voice of a line addressed to `seat` alone."""
        v = cls(names, seat)
        v.addressed = True
        return v

    def name(self, seat: int) -> str:
        named = super().name(seat)
        if self.addressed and seat != self.you and named.strip().lower() == "you":
            return f"Player {seat + 1}"
        return named

    def is_you(self, seat: int) -> bool:
        if self.addressed:
            return seat == self.you
        return super().is_you(seat)

    # ---------------------------------------------------------------- cards aimed

    def aim(self, seat: int, card: str, target: int, walls: Sequence[str] = (),
            mode: str = "") -> str:
        """'Ana fires TNT at Bo (the iron wall)': a card on its way, as the banner says it."""
        who = self.obj(target)
        if card in EXPLOSIVES:
            at = f" ({walls_phrase(walls)})" if walls else ""
            what = self.an(card)
            return self.says(seat, "fires", "fire", f" {what} at {who}{at}")
        if card == SPY:
            why = "to destroy the Force Field" if mode == BREAK_FIELD else "to steal a card"
            return self.says(seat, "sends", "send", f" a Spy at {who} {why}")
        if card == ASSASSIN:
            return self.says(seat, "sends", "send",
                             f" an Assassin after {self.poss(target)} {bare(mode)}")
        if card == NUKE:
            return self.says(seat, "drops", "drop", f" the Nuclear Bomb on {who}!")
        if card == INSPECTOR:
            return self.says(seat, "sends", "send", f" a Weapons Inspector to {who}")
        if card == FIRESTORM:
            return self.says(seat, "unleashes", "unleash", f" a Firestorm on {who}")
        if card == PROTESTS:
            return self.says(seat, "stirs", "stir", f" up Non-Violent Protests against {who}")
        if card == "underminer":
            wall = SHORT.get(walls[0], "wall") if walls else "wall"
            return capitalise(f"{self.poss(seat)} Underminer digs under "
                              f"{self.poss(target)} {wall}")
        return self.says(seat, "calls", "call", f" {name_of(card)} on {who}")

    def answer(self, seat: int, card: str, against: str, to: int, source: int) -> str:
        """'Bo answers with Oops: it flies at Cy'."""
        head = self.says(seat, "answers", "answer", f" with {name_of(card)}")
        if card == "oops":
            if to < 0:
                return f"{head}: with two players left, the {name_of(against)} is cancelled"
            return f"{head}: it flies at {self.obj(to)}"
        if card == "backfire":
            return f"{head}: it turns on {self.obj(source)}"
        return f"{head}: the {name_of(against)} is cancelled"

    def whose(self, e: Eliminated | Stolen | ForceFieldDestroyed, card: str) -> str:
        """Whose card landed and, after an Oops or a Backfire, who sent it on: 'Cleo's TNT',
        'Cleo's TNT, sent on by your Oops,', 'your own TNT, turned back by Ben's Backfire,'.
        The event's `by` is the last sender (who a landing counts for); `origin` played it."""
        by, origin, via = e.by, e.origin, e.via
        own = " own" if via and origin == e.seat else ""
        head = f"{self.poss(origin)}{own} {bare(card)}"
        if via == "oops" and by != origin:
            return f"{head}, sent on by {self.poss(by)} Oops,"
        if via == "backfire" and by != origin:
            return f"{head}, turned back by {self.poss(by)} Backfire,"
        return head

    @staticmethod
    def an(card: str) -> str:
        """An explosive with its article: "a Pipe Bomb", "an RPG", but TNT and C4 as they are."""
        name = name_of(card)
        return name if card in ("tnt", "c4") else f"{'an' if name == 'RPG' else 'a'} {name}"

    # ---------------------------------------------------------------- characters

    def arrival(self, seat: int, card: str) -> str:
        """'Ben brings in The Underminer: he takes an enemy wall every turn.': a character's
        arrival in one or two lines of the log (what stops him is in the card reader's note
        and in every line where he acts)."""
        power = POWERS.get(card, "")
        if card == CHEMIST:
            power = f"{self.poss(seat)} {power}"
        elif power:
            power = f"he {power}"
        head = self.says(seat, "brings", "bring", f" in {name_of(card)}")
        return f"{head}: {power}." if power else f"{head}."

    def upgraded(self, seat: int, card: str, power: int, by: str) -> str:
        """'The Mad Chemist makes Ben's Pipe Bomb hit like TNT (a Fizzle or Blast Shield
        still cancels it)': an explosive hitting above its printed rank, and why, and the
        defences that still answer its printed name (a stranger read a Chemist's C4 as past
        a Blast Shield, then the log said one would have saved him)."""
        like = {CARDS[c].power: c for c in EXPLOSIVES}
        rank = self.an(like[min(power, max(like))])
        who = "The Mad Chemist" if by == CHEMIST else "Advanced Technology"
        still = printed_answers(card)
        tail = ""
        if still:
            names = " or ".join(name_of(c) for c in still)
            tail = f" ({article(names)} {names} still cancels it)"
        return f"{who} makes {self.poss(seat)} {name_of(card)} hit like {rank}{tail}."

    def character_note(self, seat: int, card: str) -> str:
        """The reading panel's note over a character on the table: whose, and what stops him
        (your own: what he does for you)."""
        mine = self.is_you(seat)
        head = capitalise(f"{self.poss(seat)} {bare(card)}")
        if mine:
            if card == UNDERMINER:
                return f"{head}: every turn, the Underminer button takes an enemy's wall."
            return f"{head}: your explosives hit one rank harder."
        return f"{head}: {COUNTERS.get(card, STOPPED_BY.get(card, ''))}."

    # ---------------------------------------------------------------- the log

    def describe(self, e: Event) -> str | None:
        """One public log line for an event (None: nothing worth a line: dealt, aimed, looked
        and cancelled say nothing, other lines tell them)."""
        line = _LINES.get(type(e))
        return line(self, e) if line is not None else None

    def _setup(self, e: Setup) -> str:
        return (f"{e.players} players: each lays out {len(e.walls)} walls and is dealt "
                f"{e.hand_size} cards.")

    def _turn(self, e: Turn) -> str:
        if not e.alive:
            return f"{self.Poss(e.seat)} endgame turn."
        return f"{self.Poss(e.seat)} turn (round {e.round})."

    def _drew(self, e: Drew) -> str | None:
        if e.why == "empty hand" and e.count:
            return f"{self.Poss(e.seat)} hand ran out: {self.verb(e.seat, 'draws', 'draw')} " \
                   f"{e.count}."
        if e.why == "christmas":  # who got what from the endgame card, seat by seat
            return f"Christmas: {self.obj(e.seat)} {self.verb(e.seat, 'draws', 'draw')} " \
                   f"{_cards(e.count)}."
        return None

    def _answered(self, e: Answered) -> str:
        return sentence(self.answer(e.seat, e.card, e.against, e.to, e.source))

    def _took(self, e: Took) -> str:
        if e.card in EXPLOSIVES or e.card in (FIRESTORM, NUKE):
            return self.says(e.seat, "is hit by", "are hit by", f" the {bare(e.card)}.")
        # a Spy or an Inspector does not "hit": it gets through (not "you let it through": a
        # stranger with no answer to it read that as a choice he had not been offered)
        verb = "get" if e.card == PROTESTS else "gets"  # "the Protests get through"
        return f"The {bare(e.card)} {verb} through to {self.obj(e.seat)}."

    def _destroyed(self, e: Destroyed) -> str | None:
        if not e.walls:  # a backfired arrow at a seat with no palisade: say nothing happened
            return f"{self.Poss(e.seat)} walls are too strong for the {bare(e.card)}: " \
                   "nothing is destroyed."
        verb = "is" if len(e.walls) == 1 else "are"
        return f"{self.Poss(e.seat)} {walls_phrase(e.walls)} {verb} destroyed."

    def _stopped(self, e: Stopped) -> str:
        return f"{self.Poss(e.seat)} Force Field stops the {bare(e.card)}."

    def _eliminated(self, e: Eliminated) -> str:
        return capitalise(f"{self.whose(e, e.card)} knocks {self.obj(e.seat)} out of the game! "
                          f"{self.knockout_why(e)}")

    def hand_to_pile(self, e: Eliminated) -> str | None:
        """The line after a knock-out naming the hand that went face up to the discard pile
        (None: it was empty). No log said how a Non-Violent Protests came to lie on the pile,
        and its count jumped by the whole hand."""
        if not e.hand:
            return None
        return f"{self.Poss(e.seat)} hand goes to the discard pile: {cards_phrase(e.hand)}."

    def knockout_why(self, e: Eliminated) -> str:
        """Why a knock-out happened and what could have stopped it, for a stranger who went out
        before they understood the game: 'You had no walls left; answering with a Blast
        Shield, Oops or Backfire would have saved you.' (Not 'in your hand': a stranger who
        held one and took the hit read it as wrong.)"""
        seat = e.seat
        if e.card == NUKE:
            return "No card answers a Nuclear Bomb."
        bare_row = f"{self.subj(seat)} {self.verb(seat, 'had', 'had')} no walls left"
        savers = [name_of(c) for c in DEFENCES if e.card in CARDS[c].answers]
        if not savers:
            return f"{bare_row}, and no card answers a {name_of(e.card)}: only a wall " \
                   f"would have saved {self.obj(seat)}."
        either = savers[0] if len(savers) == 1 else f"{', '.join(savers[:-1])} or {savers[-1]}"
        return f"{bare_row}; answering with {article(savers[0])} {either} would have " \
               f"saved {self.obj(seat)}."

    def _endgame_started(self, e: EndgameStarted) -> str:
        return ("The endgame begins: whoever is out picks an endgame card each turn, and a "
                "Nuclear Bomb may now be played (no card answers it; a Weapons Inspector or "
                "Non-Violent Protests takes it from a hand).")

    def _over(self, e: Over) -> str:
        won = self.winners(list(e.winners))
        if e.reason == "round_limit":
            return sentence(f"The round limit is reached: the strongest walls win. {won}")
        return sentence(f"Game over: {after_colon(won)}", "!")

    def _traded(self, e: Traded) -> str:
        cards = listing([name_of(c) for c in e.cards])
        return self.says(e.seat, "trades", "trade", f" in {cards} for a new card.")

    def _passed(self, e: Passed) -> str:
        if e.played:  # after a play the pass only ends the turn
            return self.says(e.seat, "ends", "end", " the turn.")
        return self.says(e.seat, "passes", "pass", ".")

    def _undermine(self, e: Undermined) -> str:
        return self.aim(e.seat, "underminer", e.target, [e.wall]) + \
            f" ({STOPPED_BY[UNDERMINER]})."  # an Underminer's line never ends in a mark

    def _underminer_idle(self, e: UnderminerIdle) -> str:
        """'Your Underminer takes no wall. Ben has no palisade, stone or iron wall.', or 'Ben's
        Underminer rests this turn.' when a wall was there to take (yours: 'stays idle', with
        where his button is)."""
        head = f"{self.Poss(e.seat)} Underminer"
        if "open" in e.why:
            if self.is_you(e.seat):
                return f"{head} stays idle this turn (his button is beside your hand)."
            # a choice, said as one: "stays idle" with a wall there read as a broken AI
            return f"{head} rests this turn."
        reasons = []
        for s, why in zip(e.enemies, e.why, strict=False):
            if why == "force_field":
                reasons.append(f"{self.Poss(s)} Force Field keeps him away.")
            elif why == "diplomacy":
                reasons.append(f"{self.Poss(s)} Diplomacy keeps him away.")
            else:
                reasons.append(f"{self.subj(s)} {self.verb(s, 'has', 'have')} no palisade, "
                               "stone or iron wall.")
        return " ".join([f"{head} takes no wall.", *reasons])

    def _arranged(self, e: Arranged) -> str:
        return self.says(e.seat, "puts", "put", f" the top {e.count} cards back on the supply.")

    def _reshuffled(self, e: Reshuffled) -> str:
        return f"The discard pile is shuffled into a new supply ({e.count} cards)."

    def _killed(self, e: Killed) -> str:
        return f"The Assassin kills {self.poss(e.seat)} {bare(e.character)}."

    def _inspected(self, e: Inspected) -> str:
        line = self.says(e.by, "sees", "see", f" {self.poss(e.seat)} hand")
        if e.discarded:
            return f"{line}: the Nuclear Bomb in it is discarded."
        return f"{line}."

    def _gave_up(self, why: str, seat: int, gone: Sequence[str]) -> str:
        """Protests or Alien Invasion: what `seat` had to discard."""
        if not gone:
            return f"{why}: {self.obj(seat)} {self.verb(seat, 'has', 'have')} nothing to " \
                   "give up."
        return f"{why}: {self.obj(seat)} {self.verb(seat, 'discards', 'discard')} " \
               f"{cards_phrase(gone)}."

    def _protested(self, e: Protested) -> str:
        return self._gave_up("Protests", e.seat, e.discarded)

    def _invaded(self, e: Invaded) -> str:
        return self._gave_up("Alien Invasion", e.seat, e.discarded)

    def _stolen(self, e: Stolen) -> str:
        if not e.count:
            return f"{self.Poss(e.seat)} hand is empty: the Spy finds nothing."
        spy = self.whose(e, SPY)
        thief = f" for {self.obj(e.by)}" if spy.endswith(",") else ""
        return capitalise(f"{spy} takes a card from {self.obj(e.seat)}{thief}.")

    def _force_field_destroyed(self, e: ForceFieldDestroyed) -> str:
        return capitalise(f"{self.whose(e, SPY)} destroys {self.poss(e.seat)} Force Field.")

    def _fallout(self, e: Fallout) -> str:
        if not e.walls:
            return f"Fallout: {self.obj(e.seat)} {self.verb(e.seat, 'has', 'have')} no wall " \
                   "to lose."
        return f"Fallout: the Nuclear Bomb costs {self.obj(e.seat)} {_each_wall(e.walls)}."

    def _endgame_card(self, e: EndgameCard) -> str:
        """The endgame card called, and what it does in plain words (its results follow,
        seat by seat: a stranger read "Ben calls Earthquake." and saw walls vanish)."""
        card, seat, t = e.card, e.seat, e.target
        call = self.says(seat, "calls", "call", f" {name_of(card)}")
        if card == EARTHQUAKE:
            return f"{call}: every player still in loses their weakest wall (never a " \
                   "Force Field)."
        if card == ADVANCED_TECH:
            return f"{call}: for one round every explosive breaks one wall stronger, as if " \
                   "everyone had the Mad Chemist."
        if card == CHRISTMAS:
            return f"{call}: every player still in draws {_cards(CHRISTMAS_DRAW)}."
        if t < 0:
            return f"{call}."
        on = f"{call} on {self.obj(t)}"
        if card == ALIENS:
            return f"{on}: it discards every Spy, Assassin, Weapons Inspector and Guard " \
                   f"in {self.poss(t)} hand."
        if card == SABOTAGE:
            return f"{on}: it destroys {self.poss(t)} strongest wall, even a Force Field."
        if card == EPIDEMIC:
            return f"{on}: it costs {self.obj(t)} a turn."
        return f"{on}."

    def _lost_walls(self, what: str, seat: int, walls: Sequence[str], which: str) -> str:
        """Earthquake or Sabotage: the wall `seat` lost, or that none could be taken."""
        if not walls:
            return f"{what}: {self.obj(seat)} {self.verb(seat, 'has', 'have')} no wall it " \
                   "can take."
        return f"{what} destroys {self.poss(seat)} {which} wall, {_each_wall(walls)}."

    def _earthquake(self, e: Earthquake) -> str:
        return self._lost_walls("Earthquake", e.seat, e.walls, "weakest")

    def _sabotaged(self, e: Sabotaged) -> str:
        return self._lost_walls("Sabotage", e.seat, e.walls, "strongest")

    def _epidemic(self, e: Epidemic) -> str:
        return f"Epidemic: {self.poss(e.seat)} next turn is lost."

    def _lost_turn(self, e: LostTurn) -> str:
        return f"Epidemic: {self.obj(e.seat)} {self.verb(e.seat, 'is', 'are')} sick and " \
               f"{self.verb(e.seat, 'misses', 'miss')} this turn."

    def _technology_ended(self, e: TechnologyEnded) -> str:
        return "Advanced Technology wears off: every explosive is back to its own strength."

    def _diplomacy_ended(self, e: DiplomacyEnded) -> str:
        return f"{self.Poss(e.seat)} Diplomacy ends."

    def _played(self, e: Played) -> str:
        seat, card, target = e.seat, e.card, e.target
        if target >= 0:
            said = self.aim(seat, card, target, e.walls, e.mode)
            return sentence(said)  # the Nuclear Bomb's line keeps its "!"
        ct = CARDS[card]
        if ct.category == Category.WALL:
            article = "a" if card != "iron_wall" else "an"
            return self.says(seat, "builds", "build", f" {article} {SHORT[card]}.")
        if ct.category == Category.CHARACTER:
            return self.arrival(seat, card)
        if card == "productivity":
            return self.says(seat, "plays", "play", " Productivity: more plays this turn.")
        if card == "twist_of_fate":
            return self.says(seat, "plays", "play", " Twist of Fate and "
                             f"{self.verb(seat, 'looks', 'look')} at the top cards.")
        if card == "diplomacy":
            return self.says(seat, "plays", "play", " Diplomacy: no enemy card may reach "
                                                    f"{'you' if self.is_you(seat) else 'them'} "
                                                    "until their next turn.")
        return self.says(seat, "plays", "play", f" {name_of(card)}.")


E = TypeVar("E", bound=Event)
_LINES: ByClass[Voice, str | None] = ByClass()
"""`Voice.describe`'s table: the method that words each event class (none: no line)."""
add = _LINES.add


add(Setup, Voice._setup)
add(Turn, Voice._turn)
add(Drew, Voice._drew)
add(Played, Voice._played)
add(Answered, Voice._answered)
add(Took, Voice._took)
add(Destroyed, Voice._destroyed)
add(Stopped, Voice._stopped)
add(Eliminated, Voice._eliminated)
add(EndgameStarted, Voice._endgame_started)
add(Over, Voice._over)
add(Traded, Voice._traded)
add(Passed, Voice._passed)
add(Undermined, Voice._undermine)
add(UnderminerIdle, Voice._underminer_idle)
add(Arranged, Voice._arranged)
add(Reshuffled, Voice._reshuffled)
add(Killed, Voice._killed)
add(Inspected, Voice._inspected)
add(Protested, Voice._protested)
add(Invaded, Voice._invaded)
add(Stolen, Voice._stolen)
add(ForceFieldDestroyed, Voice._force_field_destroyed)
add(Fallout, Voice._fallout)
add(EndgameCard, Voice._endgame_card)
add(Earthquake, Voice._earthquake)
add(Sabotaged, Voice._sabotaged)
add(Epidemic, Voice._epidemic)
add(LostTurn, Voice._lost_turn)
add(TechnologyEnded, Voice._technology_ended)
add(DiplomacyEnded, Voice._diplomacy_ended)


def _doer(*seats: int) -> int | None:
    """The first of these seats that is one (-1: none)."""
    return next((s for s in seats if s >= 0), None)


DONE_BY: dict[type[Event], Callable[[Event], int | None]] = {}
"""Events whose line opens with the seat that did it, not the seat it was done to ("Ben's Spy
takes a card from you", "Ben sees your hand"): who that is (who played it, else who sent it)."""


def done_by(cls: type[E], fn: Callable[[E], int | None]) -> None:
    """Lines about events of class `cls` open with the seat `fn` names."""
    DONE_BY[cls] = cast(Callable[[Event], int | None], fn)


done_by(Stolen, lambda e: _doer(e.origin, e.by, e.seat))
done_by(ForceFieldDestroyed, lambda e: _doer(e.origin, e.by, e.seat))
done_by(Eliminated, lambda e: _doer(e.origin, e.by, e.seat))
done_by(Inspected, lambda e: _doer(e.by, e.seat))
done_by(Killed, lambda e: _doer(e.by, e.seat))
# "The Underminer gets through to Ben" opens with the card: its sender's marker (it carried
# Ben's, read as Ben's own move); "Ben is hit by the TNT" opens with Ben
done_by(Took, lambda e: e.seat if e.card in EXPLOSIVES or e.card in (FIRESTORM, NUKE)
        else _doer(e.source, e.seat))


def actor(e: Event) -> int | None:
    """The seat a log line is by: the one it opens with (its marker's colour), the doer of a
    Spy, an Inspector, an Assassin or an elimination, else the seat the event is about."""
    done_by = DONE_BY.get(type(e))
    if done_by is not None:
        return done_by(e)
    seat = getattr(e, "seat", None)
    return seat if isinstance(seat, int) and seat >= 0 else None
