"""Tower Kaboom's own sounds (wood, dice, the catapult, a falling tower); the shared UI, timer
and score sounds are the kit's (`game.ui.kit_sounds`). Rendered by scripts/make_sounds.py into
assets/sounds/ beside this file."""

from __future__ import annotations

import math
import random

from game.ui.synth import (
    SR,
    TAU,
    Signal,
    SoundBook,
    drive,
    env_exp,
    env_swell,
    highpass,
    knock,
    lowpass,
    mallet,
    mul,
    normalized,
    ns,
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

# --- physics / tower ------------------------------------------------------------------------


@SOUNDS.sound("wood_hit_soft", -7.0)
def wood_hit_soft(rng: random.Random) -> Signal:
    """Light knock of two wooden blocks."""
    return knock(rng, 560.0, 0.03, 1.4, bright=0.55, dur=0.2)


@SOUNDS.sound("wood_hit_hard", -3.0)
def wood_hit_hard(rng: random.Random) -> Signal:
    """Solid wooden knock with some weight behind it."""
    out = knock(rng, 470.0, 0.038, 0.4, bright=1.0, dur=0.26, click=0.5)
    place(out, knock(rng, 190.0, 0.045, 1.5, bright=0.4, dur=0.2), 0.0, 0.45)
    return drive(normalized(out), 1.3)


@SOUNDS.sound("wood_place", -7.0)
def wood_place(rng: random.Random) -> Signal:
    """Block set down: a short slide, a low thock and a tiny settle."""
    out = mul(lowpass(white(rng, 0.04), 1200.0), env_swell(0.04, 0.7))
    out = scale(normalized(out), 0.12)
    place(out, knock(rng, 330.0, 0.045, 2.2, bright=0.35, dur=0.2), 0.03, 1.0)
    place(out, knock(rng, 360.0, 0.025, 2.5, bright=0.3, dur=0.1), 0.072, 0.22)
    return out


@SOUNDS.sound("die_hit", -6.0)
def die_hit(rng: random.Random) -> Signal:
    """Small hard die clacking on the table."""
    modes = [
        (2350.0, 0.012, 1.0),
        (3850.0, 0.008, 0.6),
        (5650.0, 0.006, 0.4),
        (7400.0, 0.004, 0.25),
        (1150.0, 0.01, 0.3),
    ]
    out = normalized(resonate(mallet(rng, 0.15, 0.2), modes, 0.09))
    click = mul(highpass(white(rng, 0.004), 3000.0), env_exp(0.004, 0.0008, 0.0002))
    place(out, normalized(click), 0.0, 0.5)
    return place(out, thump(rng, 200.0, 140.0, 0.01, 0.05), 0.0, 0.2)


@SOUNDS.sound("catapult_fire", -3.0)
def catapult_fire(rng: random.Random) -> Signal:
    """Catapult release: wooden thunk, a springy twang and the arm's whoosh."""
    out = knock(rng, 170.0, 0.06, 1.0, bright=0.5, dur=0.25)
    # Karplus-Strong string for the twang, with a fading pitch wobble layered on top
    dur = 0.7
    period = int(SR / 98.0)
    line = [rng.uniform(-1.0, 1.0) for _ in range(period)]
    string = []
    prev = 0.0
    for i in range(ns(dur)):
        v = line[i % period]
        new = 0.996 * 0.5 * (v + prev)
        prev = v
        line[i % period] = new
        string.append(v)
    string = mul(lowpass(string, 2400.0), env_exp(dur, 0.22, 0.002))
    boing = osc(
        lambda t: 148.0 * (1.0 + 0.09 * math.exp(-t / 0.12) * math.sin(TAU * 16 * t)), dur, "tri"
    )
    boing = mul(lowpass(boing, 1200.0), env_exp(dur, 0.16, 0.004))
    place(out, normalized(string), 0.004, 0.55)
    place(out, normalized(boing), 0.004, 0.4)
    place(out, swish(rng, 0.42, 450.0, 2600.0, 0.3, 1.3), 0.035, 0.75)
    return reverb(normalized(out), room=0.35, damp=0.5, wet=0.12, tail=0.25)


@SOUNDS.sound("tower_fall", -3.0)
def tower_fall(rng: random.Random) -> Signal:
    """A tower coming down: heavy thumps, then a clatter of wooden knocks thinning out."""
    out: Signal = [0.0] * ns(0.9)
    for at in (0.0, 0.09):
        place(out, thump(rng, 150.0, 55.0, 0.08, 0.3), at, 0.55)
    count = 16
    for k in range(count):
        u = k / count
        t = 0.01 + 0.72 * u**1.5 + rng.uniform(0.0, 0.03)
        f0 = rng.uniform(260.0, 720.0)
        width = rng.uniform(0.3, 2.0)
        amp = (1.0 - 0.75 * u) * rng.uniform(0.5, 1.0)
        place(out, knock(rng, f0, rng.uniform(0.025, 0.05), width, 1.0 - 0.5 * u, 0.2), t, amp)
    return reverb(normalized(out), room=0.45, damp=0.5, wet=0.15, tail=0.2)

