"""The ladder every game's `tiers` command measures: two AI levels (or a model of a person) in
two-player matches, the share the stronger wins, and the band that share should land in.

The bands are issue 16's, the same in every game: Easy wins 35-55% of two-player matches
against the game's newcomer model (a person's first evening; each game's `tiers` module says
where its numbers come from), and each level above wins 60-85% against the one below. Each
pair plays its games with the stronger seat first in even games and second in odd ones, and a
tied match counts half a win to each side. Strength is read from these tables, never pinned in
a test. Pure Python: no pygame, no game imports.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field

NEWCOMER = "newcomer"
"""The name every game gives its newcomer model in a pair."""

BANDS: dict[tuple[str, str], tuple[float, float]] = {
    ("easy", NEWCOMER): (0.35, 0.55),
    ("medium", "easy"): (0.60, 0.85),
    ("hard", "medium"): (0.60, 0.85),
}
"""(stronger, weaker) -> the lowest and highest share of wins the stronger should have."""


@dataclass
class PairRow:
    """One pair of levels over `games` two-player matches: the stronger's wins, ties, losses."""

    stronger: str
    weaker: str
    games: int = 0
    wins: int = 0
    ties: int = 0
    losses: int = 0
    seconds: float = 0.0
    rounds: list[int] = field(default_factory=list)

    def record(self, winners: Collection[int], me: int, rounds: int | None = None) -> None:
        """One match: `winners` (seats; none is a draw), the stronger's seat `me`, and how many
        rounds it lasted when the game counts them."""
        self.games += 1
        if not winners or me in winners and len(winners) > 1:
            self.ties += 1
        elif me in winners:
            self.wins += 1
        else:
            self.losses += 1
        if rounds is not None:
            self.rounds.append(rounds)

    @property
    def share(self) -> float:
        """The stronger's share of the matches, a tie counting half a win."""
        return (self.wins + 0.5 * self.ties) / self.games if self.games else 0.0

    @property
    def band(self) -> tuple[float, float] | None:
        """The share this pair should land in (`BANDS`), or None for a pair without one."""
        return BANDS.get((self.stronger, self.weaker))

    @property
    def verdict(self) -> str:
        """'ok', 'low' or 'high' against the band; '' for a pair without one."""
        band = self.band
        if band is None:
            return ""
        low, high = band
        return "low" if self.share < low else "high" if self.share > high else "ok"

    @property
    def met(self) -> bool:
        """Whether the share lies in its band (a pair without one always does)."""
        return self.verdict in ("", "ok")


def seating(stronger: str, weaker: str, game: int) -> tuple[list[str], int]:
    """The two seats of a pair's `game`-th match and the stronger's seat: first in even games,
    second in odd ones, so each side moves first as often."""
    if game % 2 == 0:
        return [stronger, weaker], 0
    return [weaker, stronger], 1


Play = Callable[[list[str], int], tuple[Collection[int], int | None]]
"""One match of a pair: (the seats' levels, the game's index) -> (winning seats, rounds or
None). The game chooses its own match seed from the index."""


def play_pair(stronger: str, weaker: str, games: int, play: Play) -> PairRow:
    """`games` matches of a pair through the game's `play`."""
    row = PairRow(stronger, weaker)
    started = time.perf_counter()
    for i in range(games):
        levels, me = seating(stronger, weaker, i)
        winners, rounds = play(levels, i)
        row.record(winners, me, rounds)
    row.seconds = time.perf_counter() - started
    return row


def parse_pairs(text: str, default: Sequence[tuple[str, str]],
                names: Collection[str]) -> list[tuple[str, str]]:
    """`--pairs easy-newcomer,hard-medium` as pairs (`default` when empty); a ValueError that
    names the bad pair and the names a pair may use."""
    if not text.strip():
        return list(default)
    pairs: list[tuple[str, str]] = []
    for item in text.split(","):
        a, sep, b = item.strip().partition("-")
        if not sep or a not in names or b not in names:
            raise ValueError(f"{item.strip()!r} is not a pair of {', '.join(sorted(names))} "
                             "(write stronger-weaker, e.g. easy-newcomer)")
        pairs.append((a, b))
    return pairs


HEADER = (f"{'pair':<18} {'games':>5} {'wins':>5} {'ties':>5} {'losses':>6} {'share':>6} "
          f"{'band':>9} {'':>4} {'rounds':>6} {'s/game':>6}")
FOOTNOTE = ("share: the first level's wins, a tied match counting half; band: where issue 16 "
            "wants it (easy 35-55% against a newcomer, each level above 60-85% against the "
            "one below); rounds: the median a match lasted")


def line(row: PairRow) -> str:
    """The row as one line under `HEADER`."""
    band = row.band
    target = f"{band[0]:.0%}-{band[1]:.0%}" if band else ""
    rounds = sorted(row.rounds)
    median = f"{rounds[len(rounds) // 2]}" if rounds else ""
    per_game = row.seconds / row.games if row.games else 0.0
    return (f"{row.stronger + '-' + row.weaker:<18} {row.games:>5} {row.wins:>5} {row.ties:>5} "
            f"{row.losses:>6} {row.share:>6.1%} {target:>9} {row.verdict:>4} {median:>6} "
            f"{per_game:>6.2f}")


def print_ladder(rows: Iterable[PairRow]) -> bool:
    """Print the rows as they come (each may take a while) under the header, then the
    footnote; whether every row met its band."""
    print(HEADER, flush=True)
    ok = True
    for row in rows:
        print(line(row), flush=True)
        ok = ok and row.met
    print(FOOTNOTE)
    return ok
