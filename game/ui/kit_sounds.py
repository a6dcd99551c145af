"""The sounds the app and every game share: the interface, cards, timers, scores, a kaboom, a
penalty, a round's end, the win and the menu music. A game's own sounds are in its folder's
`sounds.py`; see `game.ui.synth`."""

from __future__ import annotations

import math
import random

from game.ui.synth import (
    CHIME,
    SR,
    TAU,
    Signal,
    SoundBook,
    additive,
    bell,
    brass,
    brown,
    curve,
    drive,
    echo,
    env_adsr,
    env_exp,
    env_swell,
    expsweep,
    highpass,
    knock,
    lowpass,
    mallet,
    midi,
    mul,
    normalized,
    ns,
    osc,
    place,
    resonate,
    reverb,
    scale,
    svf,
    swish,
    thump,
    white,
)

KIT = SoundBook()

# --- UI (quiet: they fire constantly) ---------------------------------------------------------


@KIT.sound("ui_hover", -15.0)
def ui_hover(rng: random.Random) -> Signal:
    """Soft tick."""
    hit = mallet(rng, 0.6, 0.3)
    return resonate(hit, [(2400.0, 0.006, 1.0), (3900.0, 0.004, 0.4), (1300.0, 0.008, 0.3)], 0.05)


@KIT.sound("ui_click", -9.0)
def ui_click(rng: random.Random) -> Signal:
    """Wooden click."""
    return knock(rng, 1150.0, 0.016, 0.3, bright=1.0, dur=0.1, click=0.7)


@KIT.sound("ui_back", -9.0)
def ui_back(rng: random.Random) -> Signal:
    """Lower, rounder click."""
    return knock(rng, 720.0, 0.022, 0.5, bright=0.8, dur=0.12, click=0.6)


@KIT.sound("ui_open", -11.0)
def ui_open(rng: random.Random) -> Signal:
    """Rising whoosh with a faint tonal glide."""
    dur = 0.3
    fc = curve(dur, expsweep(350.0, 3000.0, 0.26))
    air = normalized(svf(white(rng, dur), fc, 1.6))
    tone = osc(expsweep(280.0, 840.0, 0.26), dur, "tri")
    env = env_swell(dur, 0.72, 2.2, 1.2)
    out = mul(air, env)
    return place(out, mul(lowpass(tone, 1500.0), env), 0.0, 0.18)


@KIT.sound("ui_error", -11.0)
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


@KIT.sound("ui_toggle", -11.0)
def ui_toggle(rng: random.Random) -> Signal:
    """Small switch: two quick clicks."""
    out = knock(rng, 1500.0, 0.012, 0.3, dur=0.06)
    return place(out, knock(rng, 2050.0, 0.01, 0.25, dur=0.05), 0.038, 0.55)


# --- cards ----------------------------------------------------------------------------------


@KIT.sound("card_deal", -7.0)
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


@KIT.sound("card_flip", -7.0)
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


@KIT.sound("card_slide", -9.0)
def card_slide(rng: random.Random) -> Signal:
    """Card swished across felt."""
    return swish(rng, 0.3, 700.0, 1900.0, 0.35, 0.8)


@KIT.sound("card_shuffle", -6.0)
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


# --- table moments (a penalty, a kaboom, the end of a round, the win, timers, scores) ------


@KIT.sound("penalty", -7.0)
def penalty(rng: random.Random) -> Signal:
    """Two soft falling drops."""
    out: Signal = []
    for at, f0, f1 in ((0.0, 640.0, 380.0), (0.17, 500.0, 280.0)):
        dur = 0.2
        tone = additive(expsweep(f0, f1, 0.09), dur, (1.0, 0.18, 0.05))
        tone = mul(tone, env_exp(dur, 0.055, 0.004))
        place(out, tone, at, 1.0 if at == 0.0 else 0.9)
    return reverb(out, room=0.3, damp=0.5, wet=0.15, tail=0.2)


@KIT.sound("kaboom", -2.0)
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


@KIT.sound("round_end", -4.0)
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


@KIT.sound("game_win", -3.0)
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


@KIT.sound("timer_tick", -12.0)
def timer_tick(rng: random.Random) -> Signal:
    """Clock tick."""
    modes = [(3300.0, 0.006, 1.0), (5200.0, 0.004, 0.5), (1650.0, 0.01, 0.45)]
    return resonate(mallet(rng, 0.2, 0.2), modes, 0.05)


@KIT.sound("timer_end", -4.0)
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


@KIT.sound("score", -7.0)
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


@KIT.sound("music_menu", -9.0, music=True)
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

