"""How the Cosmic Kaboom AI levels measure up, and how long a match lasts at a person's pace
(`python -m game.games.cosmic.tiers`).

Two-player matches through `sim.play_match` (the table's own match on the real physics): each
pair plays the same seeds with the seats swapped every other game (so each moves first as
often; the first player is drawn from the seed), and a tied match counts half a win to each.
The ladder starts from `Newcomer`, a model of a person in their first evening with the mouse:
Easy should win 35-55% against it, and each level above 60-85% against the one below. Then, per
level over every match it played: crystals per flick, the share of bomb tosses that destroyed
something, and the longest single `work()` call (on a few decisions sliced as the table slices
them, `--budget` seconds a call). `--pace` instead plays newcomer-against-Easy matches at 2 and
4 seats and prices every input in seconds (`Pace`) to say how long a match takes on screen.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core import ladder
from game.core.ladder import NEWCOMER, PairRow
from game.core.rng import derive_seed
from game.games.cosmic.ai import (
    AI_LEVELS,
    CosmicAI,
    Plan,
    View,
    _first_contact,
    flick_power_for,
    make_ai,
)
from game.games.cosmic.data import BOMB_RADIUS, PLANET_RADIUS, SHIP_RADIUS
from game.games.cosmic.match import CosmicMatch, FlickInput, Input, PlaceInput, TossInput
from game.games.cosmic.options import ai_seed
from game.games.cosmic.pull import (
    MAX_PULL,
    PREVIEW_REACH,
    pull_power,
    pull_share,
    toss_power,
    toss_share,
)
from game.games.cosmic.rules import EndTurn, Keep, Phase, ReturnToBase
from game.games.cosmic.sim import play_match
from game.games.cosmic.table import release_default
from game.games.cosmic.world import (
    BOMB_AIR_MAX,
    BOMB_AIR_MIN,
    BOMB_DECEL,
    BOMB_LANDING_KEEP,
    BOMB_SPEED,
    MIN_FLICK_POWER,
)


@dataclass(frozen=True)
class NewcomerModel:
    """A person's first evening at Cosmic Kaboom with a mouse, as numbers.

    - `release_px` 4: where a mouse drag is let go scatters by about 4 px (1 sd). Pointing
      studies put the endpoint spread of a 100-200 px mouse movement at 4-5% of its length
      (Fitts' law's effective width 4.133 sd is about a fifth of the distance at the speeds
      people choose); a pull is about 100 px. Both the aim (4 px across a ~100 px pull, ~2.3
      degrees) and the strength (4 px along it, ~3% of full power) come from it.
    - `judge_sd` 0.15: how far off a newcomer's sense of "how hard" is (log scale). The
      preview (on by default) draws the whole path to the first planet or ship it meets, or
      to where the ship stops, so reaching a planet is seen, not guessed; what is still
      judged is how much harder than "just reaching" to pull, with no feedback on the slide
      after the touch. People matching a seen length by hand are about 10-15% off (a Weber
      fraction for visually guided extent); half the 0.30 of force reproduced blind. Within
      the preview's reach (`pull.PREVIEW_REACH`) they pull until the planet is ringed, so
      only an over-pull is left to the judgement: a stranger who saw the ring took all four
      crystals in one turn four times and beat Easy 28-7 while the model without it lost.
    - `slide_known` 0.5: the toss preview shows where the bomb comes down and the start of
      its slide, not where it stops; a newcomer allows for about half the slide (they learn
      it from their first toss or two).
    - `return_at` 2: what they know of the rules is what the screen says: hit the glowing
      crystals of colours they lack, Return to Base to bank (they go home once two cubes are
      aboard, or when nothing they need is left), toss the bomb at the biggest cluster of
      enemy planets (not checking their own), keep either card, and play a card marked "play"
      now and then (`card_play`, a third of their decisions) without a plan.
    """

    release_px: float = 4.0
    judge_sd: float = 0.15
    slide_known: float = 0.5
    return_at: int = 2
    card_play: float = 0.3
    arrive: float = 120.0
    """The speed (units/s) a well-judged flick still has when it meets its planet."""


class Newcomer(CosmicAI):
    """A seat played by the newcomer model: no simulation, one straight shot at the nearest
    glowing crystal it lacks (or the biggest enemy cluster for the bomb), with a person's
    scatter on the aim and strength."""

    def __init__(self, seat: int, seed: int, model: NewcomerModel | None = None) -> None:
        super().__init__("easy", seat, seed)
        self.level = NEWCOMER
        self.model = model or NewcomerModel()

    def _decide(self, view: View) -> Plan:
        yield
        phase = view.phase
        if phase == Phase.DRAFT:
            return Keep(self.seat, self.rng.choice([str(c) for c in view.obs["offer"]]))
        if phase == Phase.PLACE:
            planet = int(view.obs["placements"][0][1])
            near = (self.rng.uniform(100, 620), self.rng.uniform(100, 620))
            x, y = view.table.free_spot(planet, near)
            return PlaceInput(self.seat, planet, x, y)
        plays = view.legal_plays()
        if plays and self.rng.random() < self.model.card_play:
            return self.rng.choice(plays)
        if phase == Phase.BOMB:
            return self._newcomer_toss(view)
        return self._newcomer_flick(view)

    def _drag(self, power: float, floor: float, toss: bool = False) -> tuple[float, float]:
        """One mouse drag meant to give `power`: (aim error in radians, the power it gave).
        The hand lets go about `release_px` off where it meant to, along and across the pull,
        and the pull's length becomes power through the screen's own mapping
        (`pull.pull_power`, a toss's `pull.toss_power`), so the model scatters as the
        slingshot does."""
        sd = self.model.release_px
        pull = (toss_share(power) if toss else pull_share(power)) * MAX_PULL
        da = self.rng.gauss(0.0, sd / max(pull, 20.0))
        length = max(0.0, pull + self.rng.gauss(0.0, sd))
        got = toss_power(length) if toss else pull_power(length)
        return da, min(1.0, max(floor, got))

    def _newcomer_flick(self, view: View) -> Input:
        m = self.model
        hold = view.hold
        targets = view.targets()
        if view.may(ReturnToBase) and hold and (not view.need() or not targets
                                                or len(hold) >= m.return_at):
            return ReturnToBase(self.seat)
        if not targets and view.may(EndTurn):
            return EndTurn(self.seat)
        ship = view.ship()
        table = view.table
        if not targets:
            targets = sorted(table.planets)
        if not targets:
            return FlickInput(self.seat, 0.8, 0.3)

        def dist(p: int) -> float:
            x, y = table.planets[p]
            return math.hypot(x - ship[0], y - ship[1])

        ranked = sorted(targets, key=lambda p: (
            _first_contact(table, self.seat, ship, math.atan2(
                table.planets[p][1] - ship[1], table.planets[p][0] - ship[0])) != p, dist(p)))
        target = ranked[0]
        px, py = table.planets[target]
        angle = math.atan2(py - ship[1], px - ship[0])
        travel = max(0.0, dist(target) - PLANET_RADIUS - SHIP_RADIUS)
        power = flick_power_for(travel, m.arrive)
        judged = math.exp(self.rng.gauss(0.0, m.judge_sd))
        if travel + SHIP_RADIUS <= PREVIEW_REACH:
            judged = max(1.0, judged)  # the ring on the planet shows: a short pull is seen
        power *= judged
        da, power = self._drag(min(1.0, power), MIN_FLICK_POWER + 0.01)
        return FlickInput(self.seat, angle + da, power)

    def _newcomer_toss(self, view: View) -> TossInput:
        m = self.model
        table = view.table
        release = release_default(view.faction)
        enemy = {p: xy for p, xy in table.planets.items() if view.owner(p) != self.seat}
        if not enemy:
            enemy = dict(table.planets)
        reach = 2 * PLANET_RADIUS + BOMB_RADIUS

        def cluster(p: int) -> tuple[int, float]:
            x, y = enemy[p]
            near = sum(1 for q, (qx, qy) in enemy.items()
                       if q != p and math.hypot(qx - x, qy - y) < reach)
            return (-near, math.hypot(x - release[0], y - release[1]))

        if not enemy:
            tx, ty = 360.0, 360.0
        else:
            tx, ty = enemy[min(enemy, key=cluster)]
        angle = math.atan2(ty - release[1], tx - release[0])
        power = _toss_power(math.hypot(tx - release[0], ty - release[1]), m.slide_known)
        power *= math.exp(self.rng.gauss(0.0, m.judge_sd * 0.5))
        da, power = self._drag(min(1.0, power), 0.05, toss=True)
        return TossInput(self.seat, release[0], release[1], angle + da, power, 0.0)


def _toss_power(distance: float, slide_known: float) -> float:
    """The power whose touchdown plus `slide_known` of its slide covers `distance`."""
    def reach(p: float) -> float:
        v = BOMB_SPEED * p
        air = BOMB_AIR_MIN + (BOMB_AIR_MAX - BOMB_AIR_MIN) * p
        slide = (v * BOMB_LANDING_KEEP) ** 2 / (2 * BOMB_DECEL)
        return v * air + slide_known * slide

    lo, hi = 0.0, 1.0
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if reach(mid) < distance else (lo, mid)
    return hi


def make_seat(level: str, seat: int, seed: int) -> CosmicAI:
    """A ladder seat: the newcomer model, or an AI level."""
    if level == NEWCOMER:
        return Newcomer(seat, seed)
    return make_ai(level, seat, seed)


# ---------------------------------------------------------------------------------------------
# Pace: a match in seconds on screen
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pace:
    """Seconds each input takes at the table.

    A newcomer's decisions are timed from reading the screen to letting go: a flick 8 s (find
    the ship and the crystal they lack, press, pull about 100 px, adjust, let go: about a
    second of movement by Fitts' law, the rest looking and hesitating, as a first evening
    does), a toss 10 s (the hand, the pull, watching the landing spot), a card kept 8 s (two
    cards of about 15 words read at 200-250 words a minute, then a click), a card played or a
    button 3 s, a planet placed 4 s. These are estimates, not a stopwatch on players: halve
    or double them and the minutes move by about a third either way. An AI's decision is its
    thinking (the table gives it 3% of each logic step, so its compute time is multiplied by
    `AI_SHARE`'s inverse) plus the moment the table shows it (`AI_SHOW`/`AI_CHOICE`, the
    scene's AI_SHOW_SECONDS/AI_CHOICE_SECONDS). A flick or toss then plays out in real time
    (its physics frames at 60 a second) plus the crystals' flight to the Hold; a bomb that
    rests waits BOMB_SHOW_SECONDS and its blast."""

    flick: float = 8.0
    toss: float = 10.0
    keep: float = 8.0
    button: float = 3.0
    place: float = 4.0
    ai_share: float = 0.03
    ai_show: float = 0.9
    ai_choice: float = 0.6
    bomb_show: float = 1.3
    blast: float = 1.0
    collect: float = 0.75

    def decision(self, kind: str, human: bool, thought: float) -> float:
        """Seconds to decide one input of `kind` (an input's type name)."""
        if not human:
            show = self.ai_show if kind in ("FlickInput", "TossInput") else self.ai_choice
            return thought / self.ai_share + show
        return {"FlickInput": self.flick, "TossInput": self.toss, "Keep": self.keep,
                "PlaceInput": self.place}.get(kind, self.button)

    def play_out(self, kind: str, frames: int) -> float:
        """Seconds an input takes to play out on the table after it is made."""
        if kind == "FlickInput":
            return frames / 60.0 + self.collect * 0.5
        if kind == "TossInput":
            return frames / 60.0 + self.bomb_show + self.blast
        return 0.0


def match_seconds(report: Mapping[str, Any], humans: Sequence[int], pace: Pace) -> float:
    """A simulated match (`play_match`'s report) priced in seconds at the table, the seats in
    `humans` at a person's pace and the others at the AI's."""
    total = 0.0
    for seat, kind, frames, thought in report["timeline"]:
        total += pace.decision(kind, seat in humans, thought) + pace.play_out(kind, frames)
    return total


def pace_table(games: int, seed: int, options: Mapping[str, Any] | None,
               pace: Pace | None = None) -> list[str]:
    """Lines of the pace report: the newcomer against Easy AIs at 2 and 4 seats."""
    pace = pace or Pace()
    lines = [f"{'seats':<7}{'options':<26}{'rounds':>12}{'minutes':>16}{'human s/turn':>14}"]
    for seats in (2, 4):
        rounds: list[int] = []
        minutes: list[float] = []
        per_turn: list[float] = []
        for k in range(games):
            levels = [NEWCOMER] + ["easy"] * (seats - 1)
            r = play_match(levels, derive_seed(seed, "pace", seats, k), options,
                           factory=make_seat)
            rounds.append(r["rounds"])
            minutes.append(match_seconds(r, (0,), pace) / 60.0)
            human = [(kind, fr, th) for s, kind, fr, th in r["timeline"] if s == 0]
            per_turn.append(sum(pace.decision(k2, True, th) + pace.play_out(k2, fr)
                                for k2, fr, th in human) / max(1, r["rounds"]))
        opts = ",".join(f"{k}={v}" for k, v in sorted((options or {}).items())) or "rulebook"
        lines.append(f"{seats:<7}{opts:<26}{_spread(rounds):>12}{_spread(minutes):>16}"
                     f"{statistics.mean(per_turn):>14.1f}")
    return lines


def _spread(values: Sequence[float]) -> str:
    """Median and range, compactly."""
    med = statistics.median(values)
    return f"{med:.0f} ({min(values):.0f}-{max(values):.0f})"


# ---------------------------------------------------------------------------------------------
# The ladder
# ---------------------------------------------------------------------------------------------

LADDER: tuple[tuple[str, str], ...] = (
    ("easy", NEWCOMER),
    ("medium", "easy"),
    ("hard", "medium"),
)
"""(stronger, weaker); the bands are the kit's (`game.core.ladder.BANDS`)."""


@dataclass
class LevelStats:
    """One level's figures over every match it played."""

    crystals: int = 0
    flicks: int = 0
    tosses: int = 0
    hits: int = 0
    lost: int = 0
    """Its ships that left space (destroyed), by its own flick or pushed."""
    games: int = 0
    seconds: list[float] = field(default_factory=list)

    @property
    def per_flick(self) -> float:
        """Crystals collected per flick."""
        return self.crystals / self.flicks if self.flicks else 0.0

    @property
    def hit_rate(self) -> float:
        """Share of bomb tosses that destroyed at least one planet."""
        return self.hits / self.tosses if self.tosses else 0.0


def play_pair(strong: str, weak: str, games: int, stats: dict[str, LevelStats],
              seed: int = 0, options: Mapping[str, Any] | None = None) -> PairRow:
    """Play `games` two-player matches between two levels, seats swapped every other game on
    the same seed (each pair of games is one board from both sides)."""

    def play(levels: list[str], k: int) -> tuple[Collection[int], int | None]:
        r = play_match(levels, derive_seed(seed, "tiers", strong, weak, k // 2), options,
                       factory=make_seat)
        for seat, level in enumerate(levels):
            s = stats.setdefault(level, LevelStats())
            s.games += 1
            s.crystals += r["crystals"][seat]
            s.flicks += r["flicks"][seat]
            s.tosses += r["bomb_tosses"][seat]
            s.hits += r["bomb_hits"][seat]
            s.lost += r["ships_lost"][seat]
            s.seconds.append(r["seconds"] / 2)
        return r["winners"], r["rounds"]

    return ladder.play_pair(strong, weak, games, play)


def longest_slice(level: str, budget: float, decisions: int = 30, seed: int = 5) -> tuple[float,
                                                                                          int]:
    """The longest single `work(budget)` call in ms, and the most work units in one call, over
    the first `decisions` decisions of a match of `level` against itself."""
    match = CosmicMatch.new(2, seed=seed)
    ais = [make_seat(level, s, ai_seed(seed, s)) for s in range(2)]
    longest = 0.0
    for _ in range(decisions):
        if match.over:
            break
        seat = match.to_act()
        assert seat is not None
        ai = ais[seat]
        ai.begin(match)
        while True:
            t0 = time.perf_counter()
            got = ai.work(budget)
            longest = max(longest, time.perf_counter() - t0)
            if got is not None:
                break
        match.apply(got)
    return longest * 1000.0, max(a.max_slice_frames for a in ais)


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        out[key] = value
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Print the ladder (or the pace); exit 1 when a band is missed."""
    parser = argparse.ArgumentParser(prog="python -m game.games.cosmic.tiers",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="matches per pair")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=0.004,
                        help="seconds per work() call when measuring slices")
    parser.add_argument("--only", choices=[f"{a}-{b}" for a, b in LADDER], default=None)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a match option (e.g. length=rulebook)")
    parser.add_argument("--pace", action="store_true",
                        help="minutes per match, newcomer against Easy, at 2 and 4 seats")
    args = parser.parse_args(argv)
    options = _options(args.option)
    if args.pace:
        for line in pace_table(args.games, args.seed, options):
            print(line, flush=True)
        return 0
    stats: dict[str, LevelStats] = {}
    rows = (play_pair(strong, weak, args.games, stats, args.seed, options)
            for strong, weak in LADDER if args.only in (None, f"{strong}-{weak}"))
    ok = ladder.print_ladder(rows)
    print()
    print(f"{'level':<10}{'games':>6}{'cryst/flick':>12}{'bomb hits':>16}{'ships lost':>16}"
          f"{'max work ms':>12}{'units/slice':>12}")
    for level in (NEWCOMER, *AI_LEVELS):
        s = stats.get(level)
        if s is None:
            continue
        ms, units = longest_slice(level, args.budget)
        print(f"{level:<10}{s.games:>6}{s.per_flick:>12.3f}"
              f"{f'{s.hits}/{s.tosses}':>11} {s.hit_rate:>4.0%}"
              f"{f'{s.lost}/{s.flicks}':>11} {s.lost / max(1, s.flicks):>4.0%}"
              f"{ms:>12.2f}{units:>12}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
