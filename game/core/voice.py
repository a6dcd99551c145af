"""How every game speaks of its seats: one voice for names, agreement and plurals.

A `Voice` knows who is addressed as "you" (the lone human at the screen, or any seat whose
player is named "You", so a couch never reads "You takes the C4") and makes the words agree:
"You take", "Ben takes", "your planet", "Ben's planet", "1 point", "2 points". Each game's
words module builds its sentences from these pieces and adds only its own vocabulary.
"""

from __future__ import annotations

from collections.abc import Sequence

NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def capitalise(sentence: str) -> str:
    """The sentence with its first letter upper case (the rest untouched)."""
    return sentence[:1].upper() + sentence[1:]


def listing(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def plural(n: float, singular: str, many: str | None = None) -> str:
    """The word that agrees with `n`: plural(1, 'point') 'point', plural(2, 'point') 'points',
    plural(2, 'arch') 'arches' (a word ending in s, sh, ch, x or z takes -es)."""
    if n == 1:
        return singular
    if many is not None:
        return many
    return f"{singular}es" if singular.endswith(("s", "sh", "ch", "x", "z")) else f"{singular}s"


def count(n: float, singular: str, many: str | None = None) -> str:
    """'1 point', '2 points', '0 points', '-1 point', '-2 points'... with the number in
    figures; the word agrees with the number's size (a hand box read "-1 points")."""
    shown = int(n) if float(n).is_integer() else n
    return f"{shown} {plural(abs(n), singular, many)}"


def article(word: str) -> str:
    """'a' or 'an' for a word as it is written ('an iron wall', 'a stone wall')."""
    return "an" if word[:1].lower() in "aeiou" else "a"


class Voice:
    """Names for seats, in the second person for whoever is addressed as "you"."""

    def __init__(self, names: Sequence[str], you: int | None = None) -> None:
        self.names = list(names)
        self.you = you

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def is_you(self, seat: int) -> bool:
        """The seat is spoken to, not about (the lone human, or a player named 'You')."""
        return seat == self.you or self.name(seat).strip().lower() == "you"

    def subj(self, seat: int) -> str:
        """The seat as the subject at the start of a sentence: 'You', 'Alex'."""
        return "You" if self.is_you(seat) else self.name(seat)

    def obj(self, seat: int) -> str:
        """The seat inside a sentence: 'you', 'Alex'."""
        return "you" if self.is_you(seat) else self.name(seat)

    def poss(self, seat: int) -> str:
        """Whose: 'your', "Zoë's"."""
        return "your" if self.is_you(seat) else f"{self.name(seat)}'s"

    def Poss(self, seat: int) -> str:  # noqa: N802 - the capitalised form starts a sentence
        return capitalise(self.poss(seat))

    def their(self, seat: int) -> str:
        """The actor's own, without a name: 'your', 'their'."""
        return "your" if self.is_you(seat) else "their"

    def own(self, seat: int) -> str:
        """The actor's own: 'your own', 'their own'."""
        return f"{self.their(seat)} own"

    def verb(self, seat: int, third: str, second: str) -> str:
        """The verb that agrees with the seat: verb(s, 'flips', 'flip')."""
        return second if self.is_you(seat) else third

    def says(self, seat: int, third: str, second: str, rest: str = "") -> str:
        """'You flip first.' / 'Alex flips first.': subject, agreeing verb, the rest."""
        return f"{self.subj(seat)} {self.verb(seat, third, second)}{rest}"

    def lead(self, scores: Sequence[int], unit: str = "point") -> str:
        """Who leads a table with what, plainly: 'Ben leads with 12 points', 'you and Ben are
        on 5 points each', 'everyone is on 8 points' (a resume screen read "you lead with 0"
        at 0-0, and later "all level at 8", which a stranger could not parse)."""
        top = max(scores)
        best = [i for i, s in enumerate(scores) if s == top]
        if len(best) == len(scores):
            return f"everyone is on {count(top, unit)}"
        if len(best) > 1:
            return f"{listing([self.obj(i) for i in best])} are on {count(top, unit)} each"
        return f"{self.obj(best[0])} {self.verb(best[0], 'leads', 'lead')} with {count(top, unit)}"

    def group(self, seats: Sequence[int]) -> str:
        """'You and Ben', 'Ana, Ben and Cleo' (the sentence's subject)."""
        return capitalise(listing([self.obj(s) for s in seats]))

    def group_verb(self, seats: Sequence[int], third: str, second: str) -> str:
        """The verb for a group: plural for several seats or for 'you'."""
        return second if len(seats) != 1 or self.is_you(seats[0]) else third

    def winners(self, seats: Sequence[int], tense: str = "present") -> str:
        """'You win', 'Ana wins', 'Ana and Bo share the win', 'Nobody wins' ('won' in the
        past: 'You won', 'Ana and Bo won')."""
        if not seats:
            return "Nobody won" if tense == "past" else "Nobody wins"
        if tense == "past":
            return f"{self.group(seats)} won"
        if len(seats) > 1:
            return f"{self.group(seats)} share the win"
        return self.says(seats[0], "wins", "win")

    def scored(self, seat: int, points: float) -> str:
        """'You score 3 points', 'Ben scores 1 point'."""
        return self.says(seat, "scores", "score", f" {count(points, 'point')}")
