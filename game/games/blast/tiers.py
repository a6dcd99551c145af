"""How the blast AI levels measure up: the ladder, the four-player table and the thinking time.

`python -m game.games.blast.tiers` plays, on the same match seeds for every row:

* two-player pairs (stronger, weaker), the stronger seat first in even games and second in odd
  ones: easy against the newcomer model (`NEWCOMER`: someone in their first evening with the
  game) should win 35-55%, and each level above should win 60-85% against the one below
  (newcomer < easy < medium < hard);
* four-player tables of one level against three of another, its seat rotated through the four:
  hard should win at least 40% against three mediums (25% is chance), and the newcomer model
  should win its share or more against three Easy seats (a stranger's first match);
* how often each side defends: the first level's answers per match and their share of the
  cards aimed at it, and the answers the others played against its cards ("against": a
  stranger's playtest counted five cancels and bounces from the Easy seats in one match);
* how long a duel lasts: the mean and median rounds, and the share stopped by the round bound
  (a stranger's duel with Easy stood 36 rounds behind Force Fields);
* each level's passive habits, per match of its seat: explosives it traded away while some
  enemy's wall would yield to them (Force Fields aside: a Spy takes those down), Productivity
  played with no card after it that turn, and Spies sent at a Force Field;
* where each level's endgame cards land: the share aimed back at whoever put the seat out
  ("revenge") and the share on the same seat as the table's previous aimed endgame card
  ("chained": a newcomer felt those as piling-on).

Every AI thinks in slices as on the table (`BlastAI.work(budget)` with `--budget`, 4 ms by
default), which reaches the very decisions a blocking `decide` reaches; the time each decision
took in all and the longest single slice are reported per level. A tied match (shared win at
the round bound) counts each winner's share.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core import ladder
from game.core.rng import derive_seed
from game.games.blast import data as D
from game.games.blast.ai import BlastAI, Policy, Profile, ai_seed, breaks_any, make_ai
from game.games.blast.rules import BREAK_FIELD, MatchState, Trade, new_match
from game.games.blast.rules.events import Aimed, Answered, EndgameCard, Played, Turn


@dataclass(frozen=True)
class Newcomer:
    """A person in their first evening with Kaboom! Explosive, as a model to measure Easy by.

    Where each number comes from (none of them is measured on people yet: they are estimates,
    stated so that a playtest can correct them):

    * `miss_defence` 0.3: the chance they take a hit they hold an answer for. Issue 16's
      playtest saw a stranger fall behind while Easy answered every attack; a defence is played
      out of turn from a hand read once, and Fizzle, Blast Shield, Oops and Backfire answer
      different explosives, so a first-evening player is taken to miss about one in three
      (the rate Easy forgot at before this model, which the playtest found far too sharp for
      Easy, so a newcomer is at least as forgetful).
    * `blunder` 0.35: the chance they play a sensible card that is not the best one (a wall
      when an attack would end it, the wrong enemy, the wrong wall). Newcomers pick by the
      picture and the name first; the table now shows every rule in a large preview, so
      they are not taken to play at random.
    * `forget_underminer` 0.5: the Underminer is a button beside the hand, used on top of the
      turn's play; a newcomer remembers it about every other turn.
    * `trades` False, `smart_arrange` False: trading three for one and stacking a Twist of
      Fate are strategies of a second match, not of a first (the rulebook's own strategy note
      is about the Nuclear Bomb, not trades).
    * `dig_stalled` True: but when nothing they hold breaks any enemy wall (arrows and pipe
      bombs behind iron and steel, a Force Field with no Spy) and a trade is possible, the
      prompt bar tells them to trade three for one (`controls.stall_words`), and they do as it
      says, as the AI does then (`Profile.dig_stalled`): a model that never traded could not
      show what that advice does to a duel's length.
    * `turn_seconds` 20 and `defence_seconds` 5: time to read the hand and choose on their own
      turn (about 90 words of card text at 250 words a minute, plus a target), and to decide
      in a defence window. The table's defence window waits for the human, so these change no
      result: they are the human's share of the minutes a match takes.
    """

    miss_defence: float = 0.3
    blunder: float = 0.35
    forget_underminer: float = 0.5
    trades: bool = False
    smart_arrange: bool = False
    dig_stalled: bool = True
    turn_seconds: float = 20.0
    defence_seconds: float = 5.0
    rebuild_at: int = 0
    casual: bool = False

    def profile(self) -> Profile:
        """The model as the AI's profile of mistakes."""
        return Profile(blunder=self.blunder, forget_defence=self.miss_defence,
                       forget_underminer=self.forget_underminer, trades=self.trades,
                       smart_arrange=self.smart_arrange, dig_stalled=self.dig_stalled,
                       rebuild_at=self.rebuild_at, casual=self.casual)


NEWCOMER = Newcomer()
CAUTIOUS = Newcomer(miss_defence=0.1, blunder=0.2, rebuild_at=99, casual=True)
"""A cautious newcomer, as a stranger's stalled duel with Easy played (41 rounds, unfinished):
builds a wall whenever it holds one (`rebuild_at` 99: a held wall is always its play), answers
nine attacks in ten with the defences it keeps (a casual seat trades none of its best three),
and sees a Force Field as one more wall (`casual`: seldom a Spy at it)."""
CAUTIOUS_LEVEL = "cautious"
AI_DECISION_SECONDS = 3.0
"""An AI's decision as the table shows it: its seeded pause and the card's flight, arrow and
burst. Measured on a headless two-Easy table at the normal pace (seeds 3, 5, 8, twelve turns
each; a turn plus half an answer a decision): 2.9 s with the old pauses, 2.5 s with the
trimmed ones (`scene.PAUSE`), rounded up (it was a 4.0 s guess)."""
NEWCOMER_LEVEL = ladder.NEWCOMER
MODELS: dict[str, Newcomer] = {NEWCOMER_LEVEL: NEWCOMER, CAUTIOUS_LEVEL: CAUTIOUS}


def seat_ai(level: str, seat: int, seed: int) -> BlastAI:
    """A seat of the ladder: an AI level, or the newcomer model (played as easy's policy with
    the newcomer's mistakes)."""
    model = MODELS.get(level)
    if model is None:
        return make_ai(level, seat, seed)
    ai = make_ai("easy", seat, seed)
    ai.level = level
    ai.profile = model.profile()
    ai.policy = Policy(ai.profile, seed)
    return ai


PAIRS: tuple[tuple[str, str], ...] = (
    ("easy", NEWCOMER_LEVEL),
    ("easy", CAUTIOUS_LEVEL),
    ("medium", "easy"),
    ("hard", "medium"),
    ("easy", "random"),
)
"""Two-player rows: (stronger, weaker). Easy against the cautious newcomer (`CAUTIOUS`) has no
band: it measures how long such a duel runs."""
TABLES: tuple[tuple[str, str, int], ...] = (("hard", "medium", 4), ("medium", "easy", 4),
                                           (NEWCOMER_LEVEL, "easy", 4),
                                           (NEWCOMER_LEVEL, "medium", 4))
"""Table rows: (level, the others' level, players). The last is a stranger's first match: the
newcomer model against three Easy seats (it should win about a quarter, and Easy should answer
its cards now and then, not every time); the newcomer against three Medium seats shows where
medium's endgame cards land."""


@dataclass
class Timing:
    """Thinking time of one level: per decision (all its slices) and the longest slice."""

    decisions: int = 0
    total: float = 0.0
    longest_decision: float = 0.0
    longest_slice: float = 0.0

    def add(self, spent: float, slices: list[float]) -> None:
        """One decision that took `spent` seconds in `slices`."""
        self.decisions += 1
        self.total += spent
        self.longest_decision = max(self.longest_decision, spent)
        self.longest_slice = max([self.longest_slice, *slices])

    @property
    def mean(self) -> float:
        """Mean seconds per decision."""
        return self.total / self.decisions if self.decisions else 0.0


@dataclass
class Habits:
    """One level's passive habits, summed over the matches its seats played (`seats`)."""

    seats: int = 0
    traded_explosives: int = 0
    productivity: int = 0
    idle_productivity: int = 0
    field_spies: int = 0

    def add(self, other: Habits) -> None:
        """Sum `other` into this."""
        self.seats += other.seats
        self.traded_explosives += other.traded_explosives
        self.productivity += other.productivity
        self.idle_productivity += other.idle_productivity
        self.field_spies += other.field_spies


def count_habits(match: MatchState, levels: Sequence[str], into: dict[str, Habits]) -> None:
    """Count `match`'s Productivity plays (and those with no play after them that turn) and
    Spies at a Force Field into `into`, by the level of the seat playing; one seat more for
    every seat of the match."""
    for level in levels:
        into.setdefault(level, Habits()).seats += 1
    open_productivity: dict[tuple[int, int], bool] = {}
    for e in match.events:
        if not isinstance(e, Played):
            continue
        habits = into[levels[e.seat]]
        key = (e.turn, e.seat)
        if key in open_productivity:
            open_productivity[key] = True
        if e.card == D.PRODUCTIVITY:
            habits.productivity += 1
            open_productivity[key] = False
        elif e.card == D.SPY and e.mode == BREAK_FIELD:
            habits.field_spies += 1
    for (_, seat), used in open_productivity.items():
        into[levels[seat]].idle_productivity += not used


def usable_traded(match: MatchState, action: Trade) -> int:
    """How many explosives a trade gives away that would hurt some enemy (a wall they destroy,
    or an enemy with no walls, a Force Field taken as gone: a Spy breaks it)."""
    return sum(1 for c in action.cards if c in D.EXPLOSIVES
               and breaks_any(match, c, action.player, through_field=True))


@dataclass
class Aim:
    """Where one level's aimed endgame cards (Sabotage, Epidemic, Alien Invasion) went."""

    aimed: int = 0
    revenge: int = 0
    chained: int = 0
    at_first: int = 0


def count_aims(match: MatchState, levels: Sequence[str], into: dict[str, Aim],
               first: int = -1) -> None:
    """Count `match`'s aimed endgame cards into `into`, by the level of the seat choosing
    (`first`: the row's first level's seat, whose share of the others' cards is counted)."""
    last = -1
    for e in match.events:
        target = e.target if isinstance(e, EndgameCard) else -1
        if target < 0 or not isinstance(e, EndgameCard):
            continue
        seat = e.seat
        aim = into.setdefault(levels[seat], Aim())
        aim.aimed += 1
        aim.revenge += target == match.players[seat].out_by
        aim.chained += target == last
        aim.at_first += target == first
        last = target


@dataclass
class Row:
    """One row: the level's share of `games` matches (each win split among its winners)."""

    name: str
    games: int = 0
    share: float = 0.0
    seconds: float = 0.0
    timing: dict[str, Timing] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    by_play: int = 0
    minutes: list[float] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    aimed: int = 0
    answered_against: list[int] = field(default_factory=list)
    endgame: dict[str, Aim] = field(default_factory=dict)
    walls: list[int] = field(default_factory=list)
    habits: dict[str, Habits] = field(default_factory=dict)

    @property
    def mean_rounds(self) -> float:
        """The mean number of rounds a match lasted."""
        return statistics.fmean(self.rounds) if self.rounds else 0.0

    @property
    def median_rounds(self) -> float:
        """The median number of rounds a match lasted."""
        return statistics.median(self.rounds) if self.rounds else 0.0

    @property
    def short_rounds(self) -> float:
        """The rounds of the shortest tenth of the matches (a duel over in three turns felt
        like no match to a stranger)."""
        if len(self.rounds) < 2:
            return float(self.rounds[0]) if self.rounds else 0.0
        return statistics.quantiles(self.rounds, n=10, method="inclusive")[0]

    @property
    def long_rounds(self) -> float:
        """The rounds from which the longest tenth of the matches lasted (a stranger's duel
        with Easy took 36 rounds, ten minutes of it behind Force Fields)."""
        if len(self.rounds) < 2:
            return float(self.rounds[0]) if self.rounds else 0.0
        return statistics.quantiles(self.rounds, n=10, method="inclusive")[-1]

    @property
    def walls_per_match(self) -> float:
        """The walls the level's seat built per match (Easy rebuilding, or not)."""
        return sum(self.walls) / len(self.walls) if self.walls else 0.0

    @property
    def median_minutes(self) -> float:
        """The median minutes a match would last with the weaker seat a person (the model's
        pace) and the other an AI at the table's pace."""
        return statistics.median(self.minutes) if self.minutes else 0.0

    @property
    def answers_per_match(self) -> float:
        """The defence cards the level's seat played per match (cancels, Oopses, Backfires)."""
        return sum(self.answers) / len(self.answers) if self.answers else 0.0

    @property
    def answered(self) -> float:
        """The share of the cards aimed at the level's seat that it answered."""
        return sum(self.answers) / self.aimed if self.aimed else 0.0

    @property
    def against_per_match(self) -> float:
        """The defences the other seats played per match against the level's own cards."""
        return (sum(self.answered_against) / len(self.answered_against)
                if self.answered_against else 0.0)

    @property
    def rate(self) -> float:
        """The level's share of the wins."""
        return self.share / self.games if self.games else 0.0


def play_sliced(levels: Sequence[str], seed: int, budget: float,
                timing: dict[str, Timing],
                habits: dict[str, Habits] | None = None) -> MatchState:
    """One match as the table plays it: every decision thought in slices of `budget` seconds
    (timed into `timing`, per level; the passive habits counted into `habits`)."""
    match = new_match(len(levels), seed)
    ais = [seat_ai(level, s, ai_seed(seed, s)) for s, level in enumerate(levels)]
    while not match.is_terminal():
        seat = match.current_player()
        assert seat is not None
        ai = ais[seat]
        slices: list[float] = []
        start = time.perf_counter()
        ai.begin(match)
        action = None
        while action is None:
            t = time.perf_counter()
            action = ai.work(budget)
            slices.append(time.perf_counter() - t)
        timing.setdefault(levels[seat], Timing()).add(time.perf_counter() - start, slices)
        if habits is not None and isinstance(action, Trade):
            habits.setdefault(levels[seat], Habits()).traded_explosives += usable_traded(
                match, action)
        refused = match.apply(action)
        if refused is not None:
            raise RuntimeError(f"{levels[seat]} chose an illegal {action}: {refused.reason}")
    return match


def human_minutes(match: MatchState, human: int, model: Newcomer = NEWCOMER) -> float:
    """How long `match` would take at a table with `human` a person at the model's pace and
    every other seat an AI at the table's pace: the decisions of each, from the match's log."""
    seconds = 0.0
    for e in match.events:
        if isinstance(e, Turn):
            seat = e.seat
            seconds += model.turn_seconds if seat == human else AI_DECISION_SECONDS
        elif isinstance(e, Aimed):
            seat = e.target
            seconds += model.defence_seconds if seat == human else AI_DECISION_SECONDS / 2
    return seconds / 60.0


def measure(level: str, others: str, players: int, games: int, seed: int = 1,
            budget: float = 0.004) -> Row:
    """`level` in one seat against `others` in the rest, the seat rotated game by game."""
    many = f"{players - 1}x {others}" if players > 2 else others
    row = Row(f"{level} vs {many} ({players}p)")
    started = time.perf_counter()
    for g in range(games):
        mine = g % players
        levels = [level if s == mine else others for s in range(players)]
        match = play_sliced(levels, derive_seed(seed, "tiers", players, g), budget, row.timing,
                            row.habits)
        count_habits(match, levels, row.habits)
        row.share += match.returns()[mine]
        row.games += 1
        turns = match.turn if match.end_reason == "round_limit" else match.turn + 1
        row.rounds.append((turns - 1) // players + 1)  # rounds begun, the last included
        row.by_play += match.end_reason != "round_limit"
        row.minutes.append(human_minutes(match, (mine + 1) % players))
        row.answers.append(sum(1 for e in match.events
                               if isinstance(e, Answered) and e.seat == mine))
        row.aimed += sum(1 for e in match.events if isinstance(e, Aimed) and e.target == mine)
        row.answered_against.append(sum(1 for e in match.events if isinstance(e, Answered)
                                        and e.source == mine and e.seat != mine))
        row.walls.append(sum(1 for e in match.events if isinstance(e, Played)
                             and e.seat == mine and D.CARDS[e.card].is_wall))
        count_aims(match, levels, row.endgame, mine)
    row.seconds = time.perf_counter() - started
    return row


def main(argv: list[str] | None = None) -> int:
    """Print the ladder, the tables and the thinking time; exit 1 when a two-player pair
    misses its band."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=100, help="two-player matches per pair")
    ap.add_argument("--table-games", type=int, default=100, help="matches per table row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=0.004, help="seconds per work() slice")
    ap.add_argument("--only", default="",
                    help="measure only the rows whose name holds this text (e.g. 'easy vs')")
    args = ap.parse_args(argv)
    timing: dict[str, Timing] = {}
    aims: dict[str, Aim] = {}
    habits: dict[str, Habits] = {}
    ok = True
    print(f"{'row':<28} {'games':>5} {'share':>6} {'games/s':>8} {'rounds':>6} {'mean':>5} "
          f"{'by play':>7} "
          f"{'minutes':>7} {'answers':>7} {'answered':>8} {'against':>7} {'short':>5} "
          f"{'long':>5} {'walls':>5} {'band':>9}")
    rows = [(a, b, 2, args.games) for a, b in PAIRS]
    rows += [(level, others, n, args.table_games) for level, others, n in TABLES]
    for level, others, players, games in rows:
        many = f"{players - 1}x {others}" if players > 2 else others
        if not games or args.only and args.only not in f"{level} vs {many} ({players}p)":
            continue
        row = measure(level, others, players, games, args.seed, args.budget)
        band = ladder.BANDS.get((level, others)) if players == 2 else None
        ok = ok and (band is None or band[0] <= row.rate <= band[1])
        _print(row, timing, band)
        for name, h in row.habits.items():
            habits.setdefault(name, Habits()).add(h)
        for name, aim in row.endgame.items():
            total = aims.setdefault(name, Aim())
            total.aimed += aim.aimed
            total.revenge += aim.revenge
            total.chained += aim.chained
            total.at_first += aim.at_first
    print("share: the first level's share of the wins (seats rotated; chance is 1/players); "
          "rounds: median; mean: mean rounds; by play: matches not stopped by the round bound; "
          "minutes: median, "
          "with the weaker seat a person at the newcomer's pace; answers: defences the first "
          "level played per match; answered: their share of the cards aimed at it; against: "
          "defences the others played per match against the first level's cards; short: the "
          "rounds of the shortest tenth of the matches; long: the rounds from which the longest "
          "tenth lasted; walls: walls the first level built per "
          "match; band: where the kit's ladder wants a two-player share (ok, low or high)")
    print()
    print(f"{'level':<8} {'endgame cards aimed':>19} {'revenge':>8} {'chained':>8} "
          f"{'at first':>8}")
    for name, aim in aims.items():
        n = max(1, aim.aimed)
        print(f"{name:<8} {aim.aimed:>19} {aim.revenge / n:>8.0%} {aim.chained / n:>8.0%} "
              f"{aim.at_first / n:>8.0%}")
    print("revenge: aimed at whoever put the seat out; chained: at the seat the table's "
          "previous endgame card was aimed at; at first: at the row's first level's seat")
    print()
    print(f"{'level':<8} {'seats':>6} {'explosives traded':>17} {'productivity':>12} "
          f"{'idle':>5} {'field spies':>11}")
    for name, h in habits.items():
        n = max(1, h.seats)
        print(f"{name:<8} {h.seats:>6} {h.traded_explosives / n:>17.2f} "
              f"{h.productivity / n:>12.2f} {h.idle_productivity / n:>5.2f} "
              f"{h.field_spies / n:>11.2f}")
    print("per seat and match: explosives traded away that some enemy's wall would yield to "
          "(a Force Field taken as gone); productivity: played; idle: with no card after it "
          "that turn; field spies: Spies sent at a Force Field")
    print()
    print(f"{'level':<8} {'decisions':>9} {'mean ms':>8} {'max ms':>7} {'max slice ms':>13}")
    for level in ("random", NEWCOMER_LEVEL, CAUTIOUS_LEVEL, "easy", "medium", "hard"):
        t = timing.get(level)
        if t is not None:
            print(f"{level:<8} {t.decisions:>9} {1000 * t.mean:>8.2f} "
                  f"{1000 * t.longest_decision:>7.1f} {1000 * t.longest_slice:>13.2f}")
    return 0 if ok else 1


def _print(row: Row, timing: dict[str, Timing], band: tuple[float, float] | None) -> None:
    for level, t in row.timing.items():
        total = timing.setdefault(level, Timing())
        total.decisions += t.decisions
        total.total += t.total
        total.longest_decision = max(total.longest_decision, t.longest_decision)
        total.longest_slice = max(total.longest_slice, t.longest_slice)
    speed = row.games / row.seconds if row.seconds else 0.0
    print(f"{row.name:<28} {row.games:>5} {row.rate:>6.1%} {speed:>8.1f} "
          f"{row.median_rounds:>6.1f} {row.mean_rounds:>5.1f} "
          f"{row.by_play / max(1, row.games):>7.0%} "
          f"{row.median_minutes:>7.1f} {row.answers_per_match:>7.1f} {row.answered:>8.0%} "
          f"{row.against_per_match:>7.1f} {row.short_rounds:>5.1f} {row.long_rounds:>5.1f} "
          f"{row.walls_per_match:>5.1f} {_verdict(row.rate, band):>9}",
          flush=True)


def _verdict(share: float, band: tuple[float, float] | None) -> str:
    """The band and where the share stands against it ('' for a row without one)."""
    if band is None:
        return ""
    low, high = band
    word = "low" if share < low else "high" if share > high else "ok"
    return f"{low:.0%}-{high:.0%} {word}"


if __name__ == "__main__":
    raise SystemExit(main())
