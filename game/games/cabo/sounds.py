"""Kaboom! cards' own sounds (slaps, peeks, swaps); the shared card, UI, kaboom and score sounds
are the kit's (`game.ui.kit_sounds`). Rendered by scripts/make_sounds.py into assets/sounds/
beside this file."""

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
    highpass,
    knock,
    lowpass,
    midi,
    mul,
    normalized,
    osc,
    place,
    reverb,
    svf,
    swish,
    thump,
    white,
)

SOUNDS = SoundBook()

# --- slaps and powers -----------------------------------------------------------------------

@SOUNDS.sound("slap", -3.0)
def slap(rng: random.Random) -> Signal:
    """Hand slammed on the table: low thump plus a skin-and-wood crack, in a small room."""
    dur = 0.4
    out = thump(rng, 190.0, 52.0, 0.085, dur)
    crack_hi = mul(highpass(white(rng, 0.05), 1800.0), env_exp(0.05, 0.006, 0.0004))
    crack_mid = mul(svf(white(rng, 0.08), 1400.0, 1.2), env_exp(0.08, 0.018, 0.0006))
    wood = knock(rng, 210.0, 0.05, 1.2, bright=0.6, dur=0.25)
    place(out, normalized(crack_hi), 0.0, 0.75)
    place(out, normalized(crack_mid), 0.0, 0.55)
    place(out, wood, 0.0, 0.35)
    out = drive(normalized(out), 1.4)
    return reverb(out, room=0.35, damp=0.5, wet=0.14, tail=0.25)


@SOUNDS.sound("slap_wrong", -4.0)
def slap_wrong(rng: random.Random) -> Signal:
    """A dull thud and a flat, beating low tone: that was not a slap moment."""
    out = thump(rng, 140.0, 48.0, 0.1, 0.35)
    dur = 0.5

    def tone(det: float) -> Signal:
        return osc(lambda t: 104.0 * det * (1.0 - 0.1 * min(t / 0.35, 1.0)), dur, "tri")

    low = [a + b for a, b in zip(tone(1.0), tone(1.009), strict=True)]
    low = mul(lowpass(low, 420.0), env_exp(dur, 0.16, 0.02))
    place(out, normalized(low), 0.02, 0.7)
    return reverb(out, room=0.3, damp=0.6, wet=0.1, tail=0.2)


@SOUNDS.sound("peek", -9.0)
def peek(rng: random.Random) -> Signal:
    """Soft rising chime: three quick bell notes with an echo."""
    out: Signal = []
    for at, note, amp in ((0.0, 81, 0.8), (0.075, 88, 0.9), (0.15, 93, 0.55)):
        place(out, bell(midi(note), 0.6, 0.12, CHIME), at, amp)
    return echo(out, 0.12, 0.3, 0.28, 0.3, damp=2500.0)


@SOUNDS.sound("swap", -8.0)
def swap(rng: random.Random) -> Signal:
    """Two crossing swishes."""
    out = swish(rng, 0.2, 700.0, 1700.0, 0.45, 0.9)
    return place(out, swish(rng, 0.2, 1000.0, 2400.0, 0.45, 0.9), 0.19, 0.9)

