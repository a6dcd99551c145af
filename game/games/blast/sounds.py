"""Kaboom! Explosive's own sounds: a wall crumbling, a lit fuse as a card flies at its target,
a defence snapping up, an Oops whooshing the explosive away, and the Nuclear Bomb's rumble; the
shared kaboom, card and win sounds are the kit's (`game.ui.kit_sounds`). Rendered by
scripts/make_sounds.py into assets/sounds/ beside this file."""

from __future__ import annotations

import random

from game.ui.synth import (
    Signal,
    SoundBook,
    brown,
    drive,
    env_exp,
    expsweep,
    knock,
    lowpass,
    mul,
    normalized,
    osc,
    place,
    reverb,
    scale,
    svf,
    swish,
    thump,
    white,
)

SOUNDS = SoundBook()


@SOUNDS.sound("wall_crumble", -4.0)
def wall_crumble(rng: random.Random) -> Signal:
    """A wall gives way: a dull crack, then stones and splinters tumbling down."""
    out = thump(rng, 110.0, 55.0, 0.07, 0.9)
    for _ in range(16):
        t = rng.uniform(0.05, 0.7)
        f0 = rng.uniform(260.0, 700.0)
        place(out, knock(rng, f0, 0.03, rng.uniform(0.4, 1.2), 0.6, 0.12), t,
              rng.uniform(0.15, 0.45) * (1.0 - t))
    rubble = mul(lowpass(white(rng, 0.9), 1400.0), env_exp(0.9, 0.3, 0.03))
    place(out, normalized(rubble), 0.02, 0.35)
    return reverb(normalized(out), room=0.4, damp=0.6, wet=0.12, tail=0.25)


@SOUNDS.sound("fuse_hiss", -10.0)
def fuse_hiss(rng: random.Random) -> Signal:
    """A lit fuse on its way: a crackling hiss that flares and fizzes out."""
    dur = 0.6
    hiss = svf(white(rng, dur), 4200.0, 0.7)
    out = mul(normalized(hiss), env_exp(dur, 0.35, 0.04))
    for _ in range(18):
        t = rng.uniform(0.0, dur - 0.02)
        pop = mul(white(rng, 0.006), env_exp(0.006, 0.0012, 0.0003))
        place(out, normalized(pop), t, rng.uniform(0.2, 0.6))
    return normalized(out)


@SOUNDS.sound("shield_up", -6.0)
def shield_up(rng: random.Random) -> Signal:
    """A defence snaps up: a bright rising shimmer over a soft thud."""
    rise = mul(osc(expsweep(500.0, 1800.0, 0.25), 0.35, "triangle"), env_exp(0.35, 0.12, 0.01))
    out = scale(normalized(rise), 0.8)
    place(out, thump(rng, 200.0, 120.0, 0.03, 0.15), 0.0, 0.5)
    return reverb(normalized(out), room=0.3, damp=0.4, wet=0.2, tail=0.2)


@SOUNDS.sound("oops_whoosh", -6.0)
def oops_whoosh(rng: random.Random) -> Signal:
    """Oops: the explosive is batted away with a cartoon whoosh that dips and flies off."""
    air = swish(rng, 0.45, 250.0, 3000.0, 0.3, 1.6)
    boing = mul(osc(expsweep(700.0, 300.0, 0.25), 0.3, "sine"), env_exp(0.3, 0.1, 0.005))
    return normalized(place(air, normalized(boing), 0.0, 0.35))


@SOUNDS.sound("nuke_rumble", -2.0)
def nuke_rumble(rng: random.Random) -> Signal:
    """The Nuclear Bomb: a deep blast and a long rolling rumble."""
    dur = 1.15
    boom = thump(rng, 70.0, 28.0, 0.3, dur)
    roll = mul(lowpass(brown(rng, dur), 180.0), env_exp(dur, 0.45, 0.1))
    out = place(drive(boom, 1.4), normalized(roll), 0.05, 0.8)
    return reverb(normalized(out), room=0.7, damp=0.7, wet=0.3, tail=0.35)
