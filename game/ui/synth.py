"""Sound synthesis for the collection's effects: pure standard library, deterministic.

The building blocks (oscillators, envelopes, filters, reverb) and reusable voices (knock, swish,
thump, bell, brass) that recipes are written with, and `SoundBook`, a set of recipes by file id.
The app's shared sounds are `game.ui.kit_sounds.KIT`; a game declares its own in its folder's
`sounds.py` (a `SOUNDS` book) and its `GameInfo.sounds`. `scripts/make_sounds.py` renders every
book into WAV files; each sound draws from its own Random seeded by its id, so a run always writes
the same bytes.
"""


import array
import math
import random
import sys
import wave
from collections.abc import Callable, Iterable, Iterator, Sequence
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
# Recipe books: file id -> (builder, peak dBFS)
# --------------------------------------------------------------------------------------------

Recipe = Callable[[random.Random], Signal]


class SoundBook:
    """Recipes by file id, each with its peak level; music loops are levelled, not trimmed."""

    def __init__(self) -> None:
        """An empty book; fill it with the `sound` decorator."""
        self.recipes: dict[str, tuple[Recipe, float]] = {}
        self.music: set[str] = set()

    def sound(self, name: str, peak_db: float, music: bool = False) -> Callable[[Recipe], Recipe]:
        """Register a recipe under its file id with its target peak level."""

        def register(fn: Recipe) -> Recipe:
            if name in self.recipes:
                raise ValueError(f"sound {name!r} is already in this book")
            self.recipes[name] = (fn, peak_db)
            if music:
                self.music.add(name)
            return fn

        return register

    def __contains__(self, name: object) -> bool:
        return name in self.recipes

    def __iter__(self) -> Iterator[str]:
        return iter(self.recipes)

    def render(self, name: str) -> Signal:
        """Build one sound by id, finished and normalised (floats in -1..1)."""
        fn, peak_db = self.recipes[name]
        rng = random.Random(f"kaboom-sounds:{name}")
        raw = fn(rng)
        if name in self.music:  # a loop: no trimming, fading or (non-circular) DC filter
            return normalized(raw, db(peak_db))
        return finish(raw, peak_db)

    def render_pcm(self, name: str) -> bytes:
        """One sound as 16-bit little-endian PCM bytes."""
        return to_pcm(self.render(name))

    def write(self, out_dir: Path, names: Iterable[str] | None = None) -> list[Path]:
        """Write the chosen sounds (all by default) as WAV files into out_dir; their paths."""
        out_dir.mkdir(parents=True, exist_ok=True)
        written = []
        for name in self.recipes if names is None else names:
            if name not in self.recipes:
                raise KeyError(f"unknown sound {name!r}")
            path = out_dir / f"{name}.wav"
            write_wav(path, self.render_pcm(name))
            written.append(path)
        return written
