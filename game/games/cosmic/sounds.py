"""Cosmic Kaboom's own sounds (a ship's thrust, metal hulls meeting, a crystal caught, the Space
Bomb's toss and landing, a ship breaking up); the shared kaboom, score and win sounds are the
kit's (`game.ui.kit_sounds`). Rendered by scripts/make_sounds.py into assets/sounds/ beside
this file."""

from __future__ import annotations

import random

from game.ui.synth import (
    CHIME,
    Signal,
    SoundBook,
    bell,
    drive,
    echo,
    env_exp,
    expsweep,
    lowpass,
    mallet,
    midi,
    mul,
    normalized,
    osc,
    place,
    resonate,
    reverb,
    scale,
    swish,
    thump,
    white,
)

SOUNDS = SoundBook()


@SOUNDS.sound("ship_thrust", -6.0)
def ship_thrust(rng: random.Random) -> Signal:
    """A finger flicks a ship: a soft tap, then a short rising rush of thruster air."""
    out = swish(rng, 0.38, 300.0, 2400.0, 0.25, 1.4)
    tap = thump(rng, 260.0, 120.0, 0.02, 0.12)
    return place(scale(out, 0.8), tap, 0.0, 0.6)


@SOUNDS.sound("hull_clank", -6.0)
def hull_clank(rng: random.Random) -> Signal:
    """Two metal hulls meet: a bright, short ring over a dull knock."""
    modes = [(880.0, 0.05, 1.0), (1530.0, 0.04, 0.6), (2610.0, 0.03, 0.45), (4100.0, 0.02, 0.3)]
    ring = normalized(resonate(mallet(rng, 0.2, 0.4), modes, 0.3))
    body = thump(rng, 180.0, 90.0, 0.03, 0.15)
    return place(ring, body, 0.0, 0.5)


@SOUNDS.sound("crystal_chime", -7.0)
def crystal_chime(rng: random.Random) -> Signal:
    """An Energy Crystal caught: a glassy rising pair of bells with a shimmer."""
    out = bell(midi(88), 0.6, 0.18, CHIME)
    place(out, bell(midi(95), 0.6, 0.2, CHIME), 0.07, 0.8)
    place(out, bell(midi(100), 0.5, 0.12, CHIME), 0.14, 0.4)
    return echo(normalized(out), 0.11, 0.25, 0.2, 0.15, damp=5000.0)


@SOUNDS.sound("bomb_toss", -5.0)
def bomb_toss(rng: random.Random) -> Signal:
    """The Space Bomb leaves the hand: a low whoomp and a long falling whistle."""
    whistle = mul(osc(expsweep(1400.0, 520.0, 0.8), 0.8, "sine"), env_exp(0.8, 0.5, 0.05))
    out = thump(rng, 120.0, 60.0, 0.05, 0.25)
    place(out, scale(normalized(whistle), 0.35), 0.05)
    place(out, swish(rng, 0.5, 200.0, 1200.0, 0.3, 1.0), 0.0, 0.5)
    return normalized(out)


@SOUNDS.sound("bomb_land", -4.0)
def bomb_land(rng: random.Random) -> Signal:
    """The bomb lands on the table and starts to slide: a heavy thud and a scrape."""
    out = thump(rng, 90.0, 45.0, 0.08, 0.35)
    scrape = mul(lowpass(white(rng, 0.45), 900.0), env_exp(0.45, 0.18, 0.02))
    return place(out, normalized(scrape), 0.04, 0.35)


@SOUNDS.sound("ship_break", -3.0)
def ship_break(rng: random.Random) -> Signal:
    """A ship lost to deep space: a crunch, a falling zap and sparks."""
    zap = mul(osc(expsweep(900.0, 80.0, 0.5), 0.5, "saw"), env_exp(0.5, 0.15, 0.002))
    out = drive(normalized(lowpass(zap, 2200.0)), 1.5)
    place(out, thump(rng, 140.0, 50.0, 0.06, 0.3), 0.0, 0.7)
    for _ in range(10):
        t = rng.uniform(0.02, 0.35)
        bit = mul(white(rng, 0.01), env_exp(0.01, 0.002, 0.0005))
        place(out, normalized(bit), t, 0.3)
    return reverb(normalized(out), room=0.5, damp=0.5, wet=0.15, tail=0.2)
