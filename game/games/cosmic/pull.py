"""How a pull becomes a flick's power, and how much of its path the preview shows: pure (no
pygame), shared by the screen's controls and view and by the newcomer model in `tiers`."""

from __future__ import annotations

from game.games.cosmic.ai import bomb_power_for, bomb_reach
from game.games.cosmic.world import MIN_FLICK_POWER

MAX_PULL = 200.0
"""Canvas pixels of pull for a full-strength flick or toss: a long, calm swing (about a sixth
of the 1280-pixel canvas, so it grows and shrinks with the window). At 150 px strangers found
the flick touchy: 45 px was already a strong shot and two or three pixels turned a hit into
a miss; at 190 px (with `PULL_CURVE` 1.2) a short tug still overshot."""
PULL_CURVE = 1.35
"""A pull's share of full length becomes power as share ** this. Above one, the soft end is
the finer one: a pixel of a short pull moves the power less than a pixel of a long one (at
0.85 the first pixels jumped and a careful middling shot had no room for the hand). At 1.2
over 190 px strangers still overshot with the mouse: half the full pull was 44% of full
power (a 160-unit slide) and a short tug went far. At 1.35 over `MAX_PULL` 200 half the
pull is 39% (a 132-unit slide), 45 px a nudge of about 17 units, full length still full
power, and a pixel at the hard end moves the slide about 7 units (6.7 before). At 1.5 the
soft end was gentler still, but a newcomer then lost to Easy 61% of the time (the band is
35-55%; 49% at 1.35)."""
PREVIEW_REACH = 440.0
"""World units of a flick's path the trajectory preview shows (well over half of space): a
near or middling shot is shown to its end, only the longest set off on their way, so the
preview helps without playing every shot (300 left strangers guessing at every long shot;
the whole path let one lay it on all four crystals in his first turn)."""


def pull_power(length: float, full: float = MAX_PULL) -> float:
    """The power (0..1) of a pull of `length` canvas pixels when `full` pixels is full power,
    along `PULL_CURVE`; any pull at all is at least the weakest flick (`MIN_FLICK_POWER`), so
    a short tug past the screen's dead zone still flicks."""
    share = min(1.0, max(0.0, length / max(1.0, full)))
    if share <= 0.0:
        return 0.0
    return float(max(MIN_FLICK_POWER, share ** PULL_CURVE))


def pull_share(power: float) -> float:
    """The share of the full pull (0..1) that gives `power`: `pull_power`'s inverse, for
    drawing where a past flick's hand was let go."""
    return float(min(1.0, max(0.0, power)) ** (1.0 / PULL_CURVE))


TOSS_FULL_REACH = bomb_reach(1.0)
"""World units the strongest spinless toss travels (flight and slide)."""


def toss_power(length: float, full: float = MAX_PULL) -> float:
    """The power of a Space Bomb toss pulled `length` canvas pixels: the one whose bomb comes
    to rest the pull's share of the longest toss away (`ai.bomb_reach`), so every pixel of
    pull moves the landing alike, about 5 world units. Along the flick's curve a toss's reach
    grew as its length ** 2.4: between 70% and 90% a pixel moved the landing 7 to 9 units and
    a stranger found it touchy; the soft end, by the thrower's own Base, is the coarser one
    now. Full length is still full power."""
    share = min(1.0, max(0.0, length / max(1.0, full)))
    return 1.0 if share >= 1.0 else float(bomb_power_for(share * TOSS_FULL_REACH))


def toss_share(power: float) -> float:
    """The share of the full pull (0..1) that gives a toss `power`: `toss_power`'s inverse."""
    return float(min(1.0, bomb_reach(min(1.0, max(0.0, power))) / TOSS_FULL_REACH))


def pull_readout(power: float, toss: bool = False) -> float:
    """The share (0..1) the power bar shows for a flick's (or a toss's, `toss`) `power`: the
    pull's share of the full pull, the same scale for both, so the same pull length always
    reads the same and a pixel moves it evenly (half a percent). The power itself showed
    before: a toss picks its power so its landing moves evenly with the pull, and a stranger
    read one bomb pull as 89% and then 61%, and a nudge jump it from 61% to 96%."""
    return toss_share(power) if toss else pull_share(power)


PULL_TICKS = (0.25, 0.5, 0.75, 1.0)
"""The readouts a pull's scale marks along the band (25/50/75/100% of the full pull)."""


def pull_ticks(toss: bool = False, full: float = MAX_PULL) -> list[tuple[float, float]]:
    """(readout, pull length in canvas pixels) of each `PULL_TICKS` mark along a flick's pull
    (or a toss's, `toss`, alike): where the power bar reads that share, drawn across the band
    so the player sees the scale (a stranger found the power uneven along the pull, with
    nothing to tell a quarter from a half). The readout is the pull's share
    (`pull_readout`), so the marks are the pull's quarters for both."""
    del toss  # the same scale for a flick and a toss
    return [(q, q * full) for q in PULL_TICKS]
