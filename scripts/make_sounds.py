#!/usr/bin/env python3
"""Synthesize the game's sound effects (and a menu music loop) into game/assets/sounds/.

Pure standard library and deterministic: each sound draws from its own Random seeded by its
name, so a run always writes the same bytes. Usage: `python scripts/make_sounds.py [--only ID ...]`.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

SR = 22050  # 16-bit mono at 22.05 kHz keeps the whole folder around 1 MB
TAU = 2.0 * math.pi
Signal = list[float]
Freq = float | Callable[[float], float]

# --------------------------------------------------------------------------------------------
# Building blocks
# --------------------------------------------------------------------------------------------


def ns(sec: float) -> int:
    """Seconds to a sample count (at least one)."""
    return max(1, int(round(sec * SR)))


def db(x: float) -> float:
    """Decibels to a linear gain."""
    return float(10.0 ** (x / 20.0))


def midi(note: float) -> float:
    """MIDI note number to Hz."""
    return float(440.0 * 2.0 ** ((note - 69) / 12.0))


def expsweep(f0: float, f1: float, dur: float) -> Callable[[float], float]:
    """Exponential glide from f0 to f1 over dur seconds, then hold."""
    ratio = f1 / f0
    return lambda t: f0 * ratio ** min(t / dur, 1.0)


def curve(dur: float, fn: Callable[[float], float]) -> Signal:
    """Sample a function of time (seconds) into a control signal."""
    return [fn(i / SR) for i in range(ns(dur))]


def place(out: Signal, sig: Sequence[float], at: float = 0.0, gain: float = 1.0) -> Signal:
    """Mix sig into out starting at `at` seconds, growing out when needed."""
    start = int(round(at * SR))
    end = start + len(sig)
    if end > len(out):
        out.extend([0.0] * (end - len(out)))
    for i, v in enumerate(sig):
        out[start + i] += v * gain
    return out


def mul(a: Sequence[float], b: Sequence[float]) -> Signal:
    """Sample-wise product (length of the shorter)."""
    return [x * y for x, y in zip(a, b, strict=False)]


def scale(x: Sequence[float], g: float) -> Signal:
    """Multiply by a constant gain."""
    return [v * g for v in x]


def peak(x: Sequence[float]) -> float:
    """Largest absolute sample."""
    return max((abs(v) for v in x), default=0.0)


def normalized(x: Sequence[float], level: float = 1.0) -> Signal:
    """Scale so the peak equals level."""
    p = peak(x)
    return [v * level / p for v in x] if p > 0 else list(x)


def drive(x: Sequence[float], amount: float) -> Signal:
    """Soft saturation (tanh), gain-compensated: adds punch and warmth."""
    norm = math.tanh(amount)
    return [math.tanh(v * amount) / norm for v in x]


# --- envelopes ------------------------------------------------------------------------------


def env_exp(dur: float, tau: float, attack: float = 0.001) -> Signal:
    """Linear attack then exponential decay with time constant tau; the last 6 ms ramp to zero
    so a sound cut at dur never ends in a click."""
    n = ns(dur)
    na = max(1, ns(attack))
    nr = min(ns(0.006), max(1, n - na))
    k = math.exp(-1.0 / (tau * SR))
    out = [0.0] * n
    e = 1.0
    for i in range(n):
        if i < na:
            out[i] = (i + 1) / na
        else:
            e *= k
            out[i] = e
    for i in range(nr):
        out[n - nr + i] *= (nr - i) / nr
    return out


def env_adsr(dur: float, a: float, d: float, s: float, r: float) -> Signal:
    """Classic ADSR; the note is held for dur - r, then released over r."""
    n = ns(dur)
    na, nd, nr = ns(a), ns(d), ns(r)
    off = max(na, n - nr)
    out = [0.0] * n
    level = 0.0
    for i in range(n):
        if i < off:
            if i < na:
                level = (i + 1) / na
            elif i < na + nd:
                level = 1.0 - (1.0 - s) * (i - na) / nd
            else:
                level = s
            out[i] = level
        else:
            out[i] = level * max(0.0, 1.0 - (i - off) / nr)
    return out


def env_swell(dur: float, peak_at: float, rise: float = 2.0, fall: float = 1.5) -> Signal:
    """Smooth rise to a peak at `peak_at` (fraction of dur) and a smooth fall to zero."""
    n = ns(dur)
    p = max(1, int(n * peak_at))
    out = [0.0] * n
    for i in range(n):
        if i < p:
            out[i] = (i / p) ** rise
        else:
            out[i] = (1.0 - (i - p) / max(1, n - p)) ** fall
    return out


# --- sources --------------------------------------------------------------------------------


def osc(freq: Freq, dur: float, shape: str = "sine", phase: float = 0.0) -> Signal:
    """Oscillator; freq is Hz or a function of time for sweeps. Shapes: sine, tri, saw."""
    n = ns(dur)
    out = [0.0] * n
    ph = phase
    sweep = callable(freq)
    f = 0.0 if sweep else float(freq)  # type: ignore[arg-type]
    for i in range(n):
        if sweep:
            f = freq(i / SR)  # type: ignore[operator]
        frac = ph - math.floor(ph)
        if shape == "sine":
            out[i] = math.sin(TAU * ph)
        elif shape == "tri":
            out[i] = 4.0 * abs(frac - 0.5) - 1.0
        else:
            out[i] = 2.0 * frac - 1.0
        ph += f / SR
    return out


def additive(freq: Freq, dur: float, amps: Sequence[float], detune: float = 0.0) -> Signal:
    """Band-limited sum of harmonics (amps[k] for harmonic k+1); no aliasing."""
    n = ns(dur)
    out = [0.0] * n
    ph = 0.0
    sweep = callable(freq)
    f = 0.0 if sweep else float(freq)  # type: ignore[arg-type]
    nyq = SR * 0.45
    for i in range(n):
        if sweep:
            f = freq(i / SR)  # type: ignore[operator]
        f2 = f * (1.0 + detune)
        acc = 0.0
        x = TAU * ph
        for k, a in enumerate(amps, start=1):
            if k * f2 >= nyq:
                break
            acc += a * math.sin(k * x)
        out[i] = acc
        ph += f2 / SR
    return out


def white(rng: random.Random, dur: float) -> Signal:
    """Uniform white noise."""
    return [rng.uniform(-1.0, 1.0) for _ in range(ns(dur))]


def brown(rng: random.Random, dur: float) -> Signal:
    """Leaky-integrated noise: a deep rumble."""
    out = []
    y = 0.0
    for _ in range(ns(dur)):
        y = 0.985 * y + 0.15 * rng.uniform(-1.0, 1.0)
        out.append(y)
    return normalized(out)


def mallet(rng: random.Random, width_ms: float, noisy: float = 0.5) -> Signal:
    """A strike: half-sine pulse roughened by noise. Wider = softer mallet, fewer highs."""
    n = max(2, int(width_ms * SR / 1000.0))
    return [
        math.sin(math.pi * (i + 0.5) / n) * (1.0 - noisy + noisy * rng.uniform(-1.0, 1.0))
        for i in range(n)
    ]


# --- filters --------------------------------------------------------------------------------


def lowpass(x: Sequence[float], fc: float | Sequence[float]) -> Signal:
    """One-pole low-pass; fc may be a per-sample cutoff for sweeps."""
    out = [0.0] * len(x)
    y = 0.0
    if isinstance(fc, int | float):
        a = 1.0 - math.exp(-TAU * fc / SR)
        for i, v in enumerate(x):
            y += a * (v - y)
            out[i] = y
    else:
        last = len(fc) - 1
        for i, v in enumerate(x):
            a = 1.0 - math.exp(-TAU * fc[min(i, last)] / SR)
            y += a * (v - y)
            out[i] = y
    return out


def highpass(x: Sequence[float], fc: float) -> Signal:
    """One-pole high-pass (input minus its low-pass)."""
    return [v - lp for v, lp in zip(x, lowpass(x, fc), strict=True)]


def svf(
    x: Sequence[float], fc: float | Sequence[float], q: float = 0.707, mode: str = "band"
) -> Signal:
    """Resonant state-variable filter (TPT form, stable at any cutoff); mode: low, band, high.

    The band output is scaled to unity gain at the centre frequency.
    """
    k = 1.0 / q
    ic1 = ic2 = 0.0
    out = [0.0] * len(x)
    fixed = isinstance(fc, int | float)
    last = 0 if fixed else len(fc) - 1  # type: ignore[arg-type]
    g = a1 = a2 = a3 = 0.0

    def coefs(f: float) -> tuple[float, float, float, float]:
        gg = math.tan(math.pi * min(max(f, 10.0), 0.45 * SR) / SR)
        b1 = 1.0 / (1.0 + gg * (gg + k))
        return gg, b1, gg * b1, gg * gg * b1

    if fixed:
        g, a1, a2, a3 = coefs(float(fc))  # type: ignore[arg-type]
    for i, v0 in enumerate(x):
        if not fixed:
            g, a1, a2, a3 = coefs(fc[min(i, last)])  # type: ignore[index]
        v3 = v0 - ic2
        v1 = a1 * ic1 + a2 * v3
        v2 = ic2 + a2 * ic1 + a3 * v3
        ic1 = 2.0 * v1 - ic1
        ic2 = 2.0 * v2 - ic2
        if mode == "low":
            out[i] = v2
        elif mode == "high":
            out[i] = v0 - k * v1 - v2
        else:
            out[i] = k * v1
    return out


def resonate(x: Sequence[float], modes: Iterable[tuple[float, float, float]], dur: float) -> Signal:
    """Drive a bank of damped resonators (freq Hz, decay tau s, amplitude): a struck object."""
    n = ns(dur)
    src = list(x[:n]) + [0.0] * max(0, n - len(x))
    out = [0.0] * n
    for f, tau, amp in modes:
        if f >= 0.45 * SR or amp == 0.0:
            continue
        r = math.exp(-1.0 / (tau * SR))
        w = TAU * f / SR
        c1 = 2.0 * r * math.cos(w)
        c2 = -r * r
        b = amp * math.sin(w)
        y1 = y2 = 0.0
        for i in range(n):
            y = b * src[i] + c1 * y1 + c2 * y2
            out[i] += y
            y2 = y1
            y1 = y
    return out


# --- space ----------------------------------------------------------------------------------


def echo(
    x: Sequence[float], delay: float, feedback: float, wet: float, tail: float, damp: float = 3000.0
) -> Signal:
    """Feedback delay with a darkening loop, mixed with the dry signal."""
    d = ns(delay)
    n = len(x) + ns(tail)
    buf = list(x) + [0.0] * (n - len(x))
    line = [0.0] * n
    a = 1.0 - math.exp(-TAU * damp / SR)
    lp = 0.0
    for i in range(d, n):
        lp += a * (buf[i - d] + line[i - d] * feedback - lp)
        line[i] = lp
    return [buf[i] + wet * line[i] for i in range(n)]


def reverb(
    x: Sequence[float], room: float = 0.5, damp: float = 0.4, wet: float = 0.2, tail: float = 0.5
) -> Signal:
    """Small mono Freeverb-style room: four damped combs into two all-passes."""
    n = len(x) + ns(tail)
    src = list(x) + [0.0] * (n - len(x))
    fb = 0.70 + 0.26 * room
    combs = (558, 594, 638, 678)  # Freeverb tunings, halved for 22.05 kHz
    wet_sig = [0.0] * n
    for length in combs:
        buf = [0.0] * length
        idx = 0
        store = 0.0
        for i in range(n):
            y = buf[idx]
            store = y * (1.0 - damp) + store * damp
            buf[idx] = src[i] * 0.25 + store * fb
            idx = idx + 1 if idx + 1 < length else 0
            wet_sig[i] += y
    for length in (278, 220):
        buf = [0.0] * length
        idx = 0
        for i in range(n):
            b = buf[idx]
            v = wet_sig[i]
            buf[idx] = v + b * 0.5
            wet_sig[i] = b - v
            idx = idx + 1 if idx + 1 < length else 0
    return [src[i] + wet * wet_sig[i] for i in range(n)]


# --- finishing ------------------------------------------------------------------------------


def finish(x: Sequence[float], peak_db: float, floor_db: float = -50.0) -> Signal:
    """Block DC, trim the silent tail, fade the end and normalise the peak to peak_db dBFS."""
    y = highpass(x, 15.0)
    p = peak(y)
    if p == 0.0:
        return y
    cut = len(y)
    floor = p * db(floor_db)
    while cut > 1 and abs(y[cut - 1]) < floor:
        cut -= 1
    cut = min(len(y), cut + ns(0.005))
    y = y[:cut]
    nf = min(len(y), max(ns(0.01), min(ns(0.08), len(y) // 6)))
    for i in range(nf):
        y[len(y) - nf + i] *= ((nf - i) / nf) ** 2
    return normalized(y, db(peak_db))


def to_pcm(x: Sequence[float]) -> bytes:
    """Float samples (-1..1) to little-endian signed 16-bit PCM."""
    pcm = array.array("h", (max(-32767, min(32767, round(v * 32767.0))) for v in x))
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()


def write_wav(path: Path, pcm: bytes) -> None:
    """Write mono 16-bit PCM at SR."""
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm)


# --------------------------------------------------------------------------------------------
# Reusable voices
# --------------------------------------------------------------------------------------------


def knock(
    rng: random.Random,
    f0: float,
    tau: float,
    width_ms: float,
    bright: float = 1.0,
    dur: float = 0.35,
    click: float = 0.35,
) -> Signal:
    """A wooden knock: bar-like inharmonic modes plus a contact click; peak 1."""
    j = rng.uniform(0.97, 1.03)
    modes = [
        (f0, tau, 1.0),
        (f0 * 1.58 * j, tau * 0.6, 0.35),
        (f0 * 2.76 * j, tau * 0.45, 0.55 * bright),
        (f0 * 5.40 * j, tau * 0.28, 0.30 * bright),
        (f0 * 8.93 * j, tau * 0.18, 0.15 * bright),
    ]
    hit = mallet(rng, width_ms)
    body = normalized(resonate(hit, modes, dur))
    tick = normalized(svf(white(rng, 0.008), 2500.0 + 1500.0 * bright, 0.9))
    tick = mul(tick, env_exp(0.008, 0.0015, 0.0003))
    return normalized(place(body, tick, 0.0, click * bright))


def swish(
    rng: random.Random, dur: float, f_lo: float, f_hi: float, peak_at: float = 0.45, q: float = 1.0
) -> Signal:
    """Air/paper movement: noise through a band-pass sweeping up then down, textured."""
    n = ns(dur)
    p = max(1, int(n * peak_at))
    fc = [
        f_lo * (f_hi / f_lo) ** (i / p if i < p else 1.0 - 0.6 * (i - p) / max(1, n - p))
        for i in range(n)
    ]
    s = svf(white(rng, dur), fc, q)
    grain = normalized(lowpass(white(rng, dur), 60.0))
    tex = [0.75 + 0.25 * g for g in grain]
    return normalized(mul(mul(s, tex), env_swell(dur, peak_at, 1.6, 1.8)))


def thump(rng: random.Random, f0: float, f1: float, tau: float, dur: float = 0.4) -> Signal:
    """Low body hit: falling sine plus a puff of low noise; peak 1."""
    tone = mul(osc(expsweep(f0, f1, tau * 1.5), dur), env_exp(dur, tau, 0.001))
    puff = mul(lowpass(white(rng, dur), 350.0), env_exp(dur, tau * 0.4, 0.001))
    return normalized(place(drive(tone, 1.8), normalized(puff), 0.0, 0.45))


def bell(
    freq: float, dur: float, tau: float, partials: Sequence[tuple[float, float, float]]
) -> Signal:
    """Struck sine partials (ratio, amplitude, decay scale) with a 4 ms attack."""
    out = [0.0] * ns(dur)
    for ratio, amp, decay in partials:
        f = freq * ratio
        if f >= 0.45 * SR:
            continue
        tone = mul(osc(f, dur), env_exp(dur, tau * decay, 0.004))
        place(out, tone, 0.0, amp)
    return out


CHIME = ((1.0, 1.0, 1.0), (2.0, 0.22, 0.5), (3.0, 0.08, 0.3), (4.16, 0.05, 0.2))


def brass(freq: float, dur: float, vel: float = 1.0, vibrato: float = 0.0) -> Signal:
    """A warm synth-brass note: detuned band-limited saws through an envelope-driven low-pass."""
    env = env_adsr(dur, 0.02, 0.08, 0.75, min(0.12, dur * 0.4))

    def f_of(t: float) -> float:
        vib = vibrato * math.sin(TAU * 5.5 * t) * min(1.0, max(0.0, (t - 0.12) / 0.15))
        return freq * (1.0 + 0.006 * vib)

    saw = [1.0 / k for k in range(1, 13)]
    a = additive(f_of, dur, saw, detune=0.0025)
    b = additive(f_of, dur, saw, detune=-0.0025)
    mixed = [(u + v) * 0.5 for u, v in zip(a, b, strict=True)]
    fc = [freq * 1.2 + 3200.0 * e * vel for e in env]
    return mul(svf(mixed, fc, 0.8, "low"), env)


# --------------------------------------------------------------------------------------------
# Recipes: file name (id) -> (builder, peak dBFS)
# --------------------------------------------------------------------------------------------

Recipe = Callable[[random.Random], Signal]
RECIPES: dict[str, tuple[Recipe, float]] = {}


def sound(name: str, peak_db: float) -> Callable[[Recipe], Recipe]:
    """Register a recipe under its file id with its target peak level."""

    def register(fn: Recipe) -> Recipe:
        RECIPES[name] = (fn, peak_db)
        return fn

    return register


# --- UI (quiet: they fire constantly) ---------------------------------------------------------


@sound("ui_hover", -15.0)
def ui_hover(rng: random.Random) -> Signal:
    """Soft tick."""
    hit = mallet(rng, 0.6, 0.3)
    return resonate(hit, [(2400.0, 0.006, 1.0), (3900.0, 0.004, 0.4), (1300.0, 0.008, 0.3)], 0.05)


@sound("ui_click", -9.0)
def ui_click(rng: random.Random) -> Signal:
    """Wooden click."""
    return knock(rng, 1150.0, 0.016, 0.3, bright=1.0, dur=0.1, click=0.7)


@sound("ui_back", -9.0)
def ui_back(rng: random.Random) -> Signal:
    """Lower, rounder click."""
    return knock(rng, 720.0, 0.022, 0.5, bright=0.8, dur=0.12, click=0.6)


@sound("ui_open", -11.0)
def ui_open(rng: random.Random) -> Signal:
    """Rising whoosh with a faint tonal glide."""
    dur = 0.3
    fc = curve(dur, expsweep(350.0, 3000.0, 0.26))
    air = normalized(svf(white(rng, dur), fc, 1.6))
    tone = osc(expsweep(280.0, 840.0, 0.26), dur, "tri")
    env = env_swell(dur, 0.72, 2.2, 1.2)
    out = mul(air, env)
    return place(out, mul(lowpass(tone, 1500.0), env), 0.0, 0.18)


@sound("ui_error", -11.0)
def ui_error(rng: random.Random) -> Signal:
    """Muted double buzz, second one lower."""
    out: Signal = []
    for at, f in ((0.0, 155.0), (0.12, 123.0)):
        dur = 0.1
        buzz = [
            (a + b) * 0.5
            for a, b in zip(osc(f, dur, "saw"), osc(f * 1.012, dur, "saw"), strict=True)
        ]
        tone = mul(svf(buzz, 700.0, 0.9, "low"), env_adsr(dur, 0.006, 0.03, 0.7, 0.03))
        place(out, tone, at)
    return out


@sound("ui_toggle", -11.0)
def ui_toggle(rng: random.Random) -> Signal:
    """Small switch: two quick clicks."""
    out = knock(rng, 1500.0, 0.012, 0.3, dur=0.06)
    return place(out, knock(rng, 2050.0, 0.01, 0.25, dur=0.05), 0.038, 0.55)


# --- cards ----------------------------------------------------------------------------------


@sound("card_deal", -7.0)
def card_deal(rng: random.Random) -> Signal:
    """Paper flick through the air, then a light landing tap."""
    dur = 0.09
    fc = curve(dur, expsweep(4500.0, 1600.0, 0.07))
    flick = mul(svf(white(rng, dur), fc, 0.9), env_exp(dur, 0.022, 0.003))
    out = normalized(flick)
    tap = normalized(lowpass(white(rng, 0.03), 900.0))
    tap = mul(tap, env_exp(0.03, 0.006, 0.0005))
    body = resonate(mallet(rng, 1.5), [(280.0, 0.012, 1.0), (610.0, 0.008, 0.5)], 0.05)
    place(out, tap, 0.075, 0.35)
    place(out, normalized(body), 0.075, 0.3)
    return out


@sound("card_flip", -7.0)
def card_flip(rng: random.Random) -> Signal:
    """A quick fwip and a crisp paper snap."""
    out = scale(swish(rng, 0.04, 1500.0, 4200.0, 0.8, 1.2), 0.35)
    snap_hi = mul(highpass(white(rng, 0.02), 2500.0), env_exp(0.02, 0.0035, 0.0003))
    snap_mid = mul(svf(white(rng, 0.05), 3200.0, 2.0), env_exp(0.05, 0.01, 0.0005))
    body = resonate(mallet(rng, 1.0), [(240.0, 0.015, 1.0), (520.0, 0.01, 0.4)], 0.06)
    place(out, normalized(snap_hi), 0.036, 0.8)
    place(out, normalized(snap_mid), 0.036, 0.6)
    place(out, normalized(body), 0.036, 0.3)
    return out


@sound("card_slide", -9.0)
def card_slide(rng: random.Random) -> Signal:
    """Card swished across felt."""
    return swish(rng, 0.3, 700.0, 1900.0, 0.35, 0.8)


@sound("card_shuffle", -6.0)
def card_shuffle(rng: random.Random) -> Signal:
    """Riffle burst: a dense run of paper ticks, the bridge cascading down, a square-up tap."""
    out: Signal = [0.0] * ns(0.95)
    count = 52
    span = 0.56
    for k in range(count):
        u = k / count
        t = 0.02 + span * (u**0.85) + rng.uniform(-0.006, 0.006)
        amp = (0.55 + 0.45 * math.sin(math.pi * min(1.0, u * 1.15))) * rng.uniform(0.6, 1.0)
        w = rng.uniform(0.003, 0.006)
        tick = mul(
            svf(white(rng, w * 3), rng.uniform(2200.0, 5200.0), 2.5),
            env_exp(w * 3, w * 0.6, 0.0003),
        )
        place(out, normalized(tick), t, amp)
    cascade = swish(rng, 0.2, 1400.0, 3400.0, 0.3, 0.9)
    place(out, cascade, 0.6, 0.5)
    tap = knock(rng, 330.0, 0.025, 2.0, bright=0.3, dur=0.12)
    place(out, tap, 0.8, 0.45)
    return out


@sound("slap", -3.0)
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


@sound("slap_wrong", -4.0)
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


@sound("penalty", -7.0)
def penalty(rng: random.Random) -> Signal:
    """Two soft falling drops."""
    out: Signal = []
    for at, f0, f1 in ((0.0, 640.0, 380.0), (0.17, 500.0, 280.0)):
        dur = 0.2
        tone = additive(expsweep(f0, f1, 0.09), dur, (1.0, 0.18, 0.05))
        tone = mul(tone, env_exp(dur, 0.055, 0.004))
        place(out, tone, at, 1.0 if at == 0.0 else 0.9)
    return reverb(out, room=0.3, damp=0.5, wet=0.15, tail=0.2)


@sound("kaboom", -2.0)
def kaboom(rng: random.Random) -> Signal:
    """Explosion: crack, a darkening noise blast, a sub drop and a long rumble."""
    dur = 0.95
    crack = mul(white(rng, 0.06), env_exp(0.06, 0.012, 0.0005))
    fc = curve(dur, lambda t: 150.0 + 3200.0 * math.exp(-t / 0.12))
    blast = mul(svf(white(rng, dur), fc, 0.7, "low"), env_exp(dur, 0.22, 0.003))
    sub = mul(osc(expsweep(95.0, 30.0, 0.6), dur), env_exp(dur, 0.32, 0.004))
    rumble = lowpass(lowpass(brown(rng, dur), 160.0), 160.0)
    wobble = normalized(lowpass(white(rng, dur), 8.0))
    rumble = mul(rumble, [0.7 + 0.3 * w for w in wobble])
    rumble = mul(normalized(rumble), env_adsr(dur, 0.05, 0.25, 0.55, 0.7))
    out = scale(normalized(blast), 0.9)
    place(out, normalized(crack), 0.0, 0.6)
    place(out, drive(sub, 2.0), 0.0, 0.85)
    place(out, rumble, 0.0, 0.5)
    for _ in range(26):  # debris crackle, thinning out
        t = 0.02 + 0.45 * rng.random() ** 1.8
        w = rng.uniform(0.002, 0.006)
        bit = mul(
            svf(white(rng, w * 4), rng.uniform(900.0, 3500.0), 2.0), env_exp(w * 4, w, 0.0003)
        )
        place(out, normalized(bit), t, 0.25 * math.exp(-t / 0.25))
    out = drive(normalized(out), 1.6)
    return reverb(out, room=0.65, damp=0.55, wet=0.16, tail=0.2)


@sound("peek", -9.0)
def peek(rng: random.Random) -> Signal:
    """Soft rising chime: three quick bell notes with an echo."""
    out: Signal = []
    for at, note, amp in ((0.0, 81, 0.8), (0.075, 88, 0.9), (0.15, 93, 0.55)):
        place(out, bell(midi(note), 0.6, 0.12, CHIME), at, amp)
    return echo(out, 0.12, 0.3, 0.28, 0.3, damp=2500.0)


@sound("swap", -8.0)
def swap(rng: random.Random) -> Signal:
    """Two crossing swishes."""
    out = swish(rng, 0.2, 700.0, 1700.0, 0.45, 0.9)
    return place(out, swish(rng, 0.2, 1000.0, 2400.0, 0.45, 0.9), 0.19, 0.9)


@sound("round_end", -4.0)
def round_end(rng: random.Random) -> Signal:
    """Short brass fanfare: G C E then a held G over a soft C chord."""
    out: Signal = []
    step = 0.115
    for i, note in enumerate((67, 72, 76)):
        place(out, brass(midi(note), step * 0.95, 0.8), i * step, 0.8)
    hold = 0.48
    place(out, brass(midi(79), hold, 1.0, vibrato=1.0), 3 * step, 1.0)
    for note in (60, 64, 67):
        place(out, brass(midi(note), hold, 0.5), 3 * step, 0.3)
    return reverb(normalized(out), room=0.5, damp=0.45, wet=0.2, tail=0.3)


@sound("game_win", -3.0)
def game_win(rng: random.Random) -> Signal:
    """Bright fanfare: quick C-E-G run, a held C major chord, sparkles and a cymbal swell."""
    out: Signal = []
    step = 0.085
    for i, note in enumerate((72, 76, 79)):
        place(out, brass(midi(note), step * 0.95, 0.9), i * step, 0.75)
    start = 3 * step
    hold = 0.62
    place(out, brass(midi(84), hold, 1.0, vibrato=1.0), start, 1.0)
    for note in (60, 64, 67, 72):
        place(out, brass(midi(note), hold, 0.6), start, 0.3)
    for i, note in enumerate((96, 91, 100, 103, 108)):
        place(out, bell(midi(note), 0.45, 0.07, CHIME), start + 0.05 + i * 0.07, 0.12)
    cym = mul(highpass(highpass(white(rng, 0.8), 4500.0), 4500.0), env_exp(0.8, 0.22, 0.02))
    place(out, normalized(cym), start, 0.12)
    return reverb(normalized(out), room=0.55, damp=0.4, wet=0.22, tail=0.3)


# --- physics / tower ------------------------------------------------------------------------


@sound("wood_hit_soft", -7.0)
def wood_hit_soft(rng: random.Random) -> Signal:
    """Light knock of two wooden blocks."""
    return knock(rng, 560.0, 0.03, 1.4, bright=0.55, dur=0.2)


@sound("wood_hit_hard", -3.0)
def wood_hit_hard(rng: random.Random) -> Signal:
    """Solid wooden knock with some weight behind it."""
    out = knock(rng, 470.0, 0.038, 0.4, bright=1.0, dur=0.26, click=0.5)
    place(out, knock(rng, 190.0, 0.045, 1.5, bright=0.4, dur=0.2), 0.0, 0.45)
    return drive(normalized(out), 1.3)


@sound("wood_place", -7.0)
def wood_place(rng: random.Random) -> Signal:
    """Block set down: a short slide, a low thock and a tiny settle."""
    out = mul(lowpass(white(rng, 0.04), 1200.0), env_swell(0.04, 0.7))
    out = scale(normalized(out), 0.12)
    place(out, knock(rng, 330.0, 0.045, 2.2, bright=0.35, dur=0.2), 0.03, 1.0)
    place(out, knock(rng, 360.0, 0.025, 2.5, bright=0.3, dur=0.1), 0.072, 0.22)
    return out


@sound("die_hit", -6.0)
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


@sound("catapult_fire", -3.0)
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


@sound("tower_fall", -3.0)
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


@sound("timer_tick", -12.0)
def timer_tick(rng: random.Random) -> Signal:
    """Clock tick."""
    modes = [(3300.0, 0.006, 1.0), (5200.0, 0.004, 0.5), (1650.0, 0.01, 0.45)]
    return resonate(mallet(rng, 0.2, 0.2), modes, 0.05)


@sound("timer_end", -4.0)
def timer_end(rng: random.Random) -> Signal:
    """Time's up: a bright bell struck twice."""
    partials = (
        (0.5, 0.25, 1.1),
        (1.0, 1.0, 1.0),
        (1.19, 0.45, 0.6),
        (1.5, 0.35, 0.5),
        (2.0, 0.6, 0.55),
        (2.5, 0.2, 0.35),
        (3.0, 0.15, 0.3),
        (4.07, 0.08, 0.2),
    )
    out: Signal = []
    for at, amp in ((0.0, 1.0), (0.22, 0.85)):
        strike = bell(880.0, 0.78, 0.2, partials)
        hit = mul(highpass(white(rng, 0.01), 3000.0), env_exp(0.01, 0.002, 0.0003))
        place(strike, normalized(hit), 0.0, 0.15)
        place(out, strike, at, amp)
    return reverb(out, room=0.4, damp=0.5, wet=0.12, tail=0.1)


@sound("score", -7.0)
def score(rng: random.Random) -> Signal:
    """Coin chime: a quick B then a ringing E."""
    soft_square = (1.0, 0.0, 0.3, 0.0, 0.15, 0.0, 0.07)
    first = mul(additive(midi(83), 0.08, soft_square), env_adsr(0.08, 0.002, 0.02, 0.8, 0.01))
    second = mul(additive(midi(88), 0.5, soft_square), env_exp(0.5, 0.1, 0.002))
    out = place(scale(first, 0.8), second, 0.07)
    place(out, bell(midi(100), 0.3, 0.06, CHIME), 0.07, 0.12)
    return echo(out, 0.09, 0.2, 0.15, 0.12, damp=3500.0)


# --- music ----------------------------------------------------------------------------------

BPM = 96.0
BEAT = 60.0 / BPM
BARS = 4
LOOP = BARS * 4 * BEAT  # 10 s

# (bass root, electric-piano voicing) per bar: Cmaj9, Am9, Fmaj9, G9sus, then back to C.
PROGRESSION = (
    (36, (64, 67, 71, 74)),
    (45, (60, 64, 67, 71)),
    (41, (57, 60, 64, 67)),
    (43, (62, 65, 69, 72)),
)
# fmt: off
MELODY = (  # (bar, beat, note, beats)
    (0, 2.0, 79, 0.5), (0, 2.5, 76, 0.5), (0, 3.0, 74, 1.0),
    (1, 2.0, 72, 0.5), (1, 2.5, 76, 0.5), (1, 3.0, 74, 1.0),
    (2, 2.0, 72, 0.5), (2, 2.5, 69, 0.5), (2, 3.0, 76, 1.0),
    (3, 2.0, 74, 0.5), (3, 2.5, 72, 0.5), (3, 3.0, 74, 1.5),
)
# fmt: on


def epiano(freq: float, dur: float, vel: float) -> Signal:
    """Mellow electric piano: 1:1 FM with a decaying index, a touch of tine, soft release."""
    release = 0.35
    n = ns(dur + release)
    held = ns(dur)
    k_amp = math.exp(-1.0 / (1.6 * SR))
    k_idx = math.exp(-1.0 / (0.3 * SR))
    k_tine = math.exp(-1.0 / (0.04 * SR))
    k_rel = math.exp(-1.0 / (0.06 * SR))
    attack = ns(0.004)
    step = freq / SR
    out = [0.0] * n
    amp, idx, tine = 1.0, 1.0, 0.06 * vel
    ph = 0.0
    for i in range(n):
        a = amp * (min(1.0, (i + 1) / attack))
        x = TAU * ph
        out[i] = (
            a
            * vel
            * (math.sin(x + (0.25 + 0.9 * vel * idx) * math.sin(x)) + tine * math.sin(7.0 * x))
        )
        ph += step
        amp *= k_amp if i < held else k_rel
        idx *= k_idx
        tine *= k_tine
    return out


def music_bass(freq: float, dur: float, vel: float) -> Signal:
    """Round plucked bass."""
    tone = additive(freq, dur + 0.1, (1.0, 0.3, 0.08))
    env = [
        a * b
        for a, b in zip(
            env_adsr(dur + 0.1, 0.008, 0.3, 0.6, 0.1), env_exp(dur + 0.1, 0.9, 0.001), strict=True
        )
    ]
    return scale(mul(tone, env), vel)


def music_stems(rng: random.Random) -> dict[str, Signal]:
    """The loop's parts (keys, bass, drums, lead), rendered LOOP + 4 s long with their tails."""
    total = LOOP + 4.0
    keys: Signal = [0.0] * ns(total)
    bass: Signal = [0.0] * ns(total)
    drums: Signal = [0.0] * ns(total)
    lead: Signal = [0.0] * ns(total)
    hits = ((0.0, 1.5, 0.8), (1.5, 1.5, 0.55), (3.0, 1.0, 0.45))  # beat, length, velocity
    for bar, (root, chord) in enumerate(PROGRESSION):
        t0 = bar * 4 * BEAT
        for beat, length, vel in hits:
            for j, note in enumerate(chord):
                start = t0 + beat * BEAT + 0.012 * j + rng.uniform(0.0, 0.006)
                v = vel * rng.uniform(0.9, 1.0) * (0.8 if j == 0 else 1.0)
                place(keys, epiano(midi(note), length * BEAT - 0.02, v), start)
        for beat, length, note, vel in (
            (0.0, 1.4, root, 1.0),
            (1.5, 1.0, root, 0.7),
            (3.0, 0.9, root + 7, 0.8),
        ):
            place(bass, music_bass(midi(note), length * BEAT, vel), t0 + beat * BEAT)
        for beat in (0.0, 2.5):
            place(drums, thump(rng, 105.0, 48.0, 0.07, 0.3), t0 + beat * BEAT, 1.0)
        for beat in (1.0, 3.0):
            rim = mul(svf(white(rng, 0.12), 1900.0, 1.4), env_exp(0.12, 0.035, 0.001))
            place(drums, normalized(rim), t0 + beat * BEAT, 0.32)
        for eighth in range(8):
            swing = 0.08 * BEAT if eighth % 2 else 0.0
            shake = mul(
                highpass(highpass(white(rng, 0.06), 5000.0), 5000.0), env_swell(0.06, 0.3, 1.5, 2.5)
            )
            place(
                drums,
                normalized(shake),
                t0 + eighth * BEAT / 2 + swing,
                0.14 if eighth % 2 else 0.09,
            )
    for bar, beat, note, beats in MELODY:
        tone = bell(midi(note), beats * BEAT + 0.8, 0.5, CHIME)
        place(lead, tone, bar * 4 * BEAT + beat * BEAT, 0.9)
    lead = echo(lead, 0.75 * BEAT, 0.35, 0.35, 0.0, damp=2200.0)
    n = ns(total)
    return {"keys": keys[:n], "bass": bass[:n], "drums": drums[:n], "lead": lead[:n]}


MUSIC_GAINS = {"keys": 0.16, "bass": 0.38, "drums": 0.25, "lead": 0.2}


@sound("music_menu", -9.0)
def music_menu(rng: random.Random) -> Signal:
    """Seamless 10 s lounge loop; note and reverb tails past the end wrap into the start."""
    stems = music_stems(rng)
    mix = [0.0] * len(stems["keys"])
    for name, part in stems.items():
        place(mix, part, 0.0, MUSIC_GAINS[name])
    mix = lowpass(mix, 7000.0)
    mix = reverb(mix, room=0.6, damp=0.5, wet=0.18, tail=0.0)
    n = ns(LOOP)
    # Everything above is linear, so folding the tail onto the head gives an exact seamless loop.
    looped = mix[:n]
    for i in range(n, len(mix)):
        looped[i % n] += mix[i]
    return looped


# --------------------------------------------------------------------------------------------
# Entry points
# --------------------------------------------------------------------------------------------

MUSIC = frozenset({"music_menu"})


def render(name: str) -> Signal:
    """Build one sound by id, finished and normalised (floats in -1..1)."""
    fn, peak_db = RECIPES[name]
    rng = random.Random(f"kaboom-sounds:{name}")
    raw = fn(rng)
    if name in MUSIC:  # a loop: no trimming, fading or (non-circular) DC filter, just level
        return normalized(raw, db(peak_db))
    return finish(raw, peak_db)


def render_pcm(name: str) -> bytes:
    """One sound as 16-bit little-endian PCM bytes."""
    return to_pcm(render(name))


def default_out_dir() -> Path:
    """game/assets/sounds in this script's repository (the package's own assets)."""
    return Path(__file__).resolve().parent.parent / "game" / "assets" / "sounds"


def main(out_dir: Path | None = None, names: Iterable[str] | None = None) -> list[Path]:
    """Write the chosen sounds (all by default) as WAV files into out_dir; return their paths."""
    target = Path(out_dir) if out_dir is not None else default_out_dir()
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names if names is not None else RECIPES:
        if name not in RECIPES:
            raise KeyError(f"unknown sound {name!r}")
        path = target / f"{name}.wav"
        write_wav(path, render_pcm(name))
        written.append(path)
    return written


def _cli(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="output folder")
    parser.add_argument("--only", nargs="+", metavar="ID", help="only these sound ids")
    args = parser.parse_args(argv)
    for path in main(args.out, args.only):
        with wave.open(str(path), "rb") as w:
            secs = w.getnframes() / w.getframerate()
        print(f"{path.name:22s} {secs:5.2f} s  {path.stat().st_size / 1024:6.1f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(_cli())
