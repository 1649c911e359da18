"""Synthesise the game's sound effects into assets/sounds/ (16-bit mono 44.1 kHz WAV).

Run from the repo root:  python build/make_sounds.py

Needs: nothing beyond the Python standard library to synthesise (wave, math, struct, random with
fixed seeds, so every run writes byte-identical files); pygame-ce, a dependency of the game anyway,
to check that each file loads. The outputs are committed, so players and CI never run this script.

Every effect is built from three ingredients: filtered noise (paper and card sounds), decaying sine
partials (clinks, chimes, knocks) and gliding tones (the bust). Each ends with a short fade so it
never starts or stops on a click, and is normalised to a -6 dBFS peak so the effects sit at the
same level and leave headroom when the mixer plays several at once.
"""

import math
import os
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOUND_DIR = REPO / "assets" / "sounds"

RATE = 44_100
PEAK_DBFS = -6.0
SEED = 1876

Samples = list[float]


# --- building blocks -------------------------------------------------------------------------------


def silence(seconds: float) -> Samples:
    """Return a silent buffer `seconds` long: the canvas each effect is mixed onto."""
    return [0.0] * round(seconds * RATE)


def noise(rng: random.Random, seconds: float) -> Samples:
    """Return white noise in [-1, 1]."""
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def lowpass(samples: Samples, cutoff_start: float, cutoff_end: float | None = None) -> Samples:
    """Return `samples` through a one-pole low-pass filter whose cutoff glides linearly (Hz).

    A falling cutoff makes noise sound like something sliding to a stop rather than a hiss.
    """
    cutoff_end = cutoff_start if cutoff_end is None else cutoff_end
    out, state, count = [], 0.0, max(len(samples) - 1, 1)
    for i, sample in enumerate(samples):
        cutoff = cutoff_start + (cutoff_end - cutoff_start) * i / count
        alpha = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
        state += alpha * (sample - state)
        out.append(state)
    return out


def highpass(samples: Samples, cutoff: float) -> Samples:
    """Return `samples` minus their low-passed part, i.e. without the rumble below `cutoff` Hz."""
    return [sample - low for sample, low in zip(samples, lowpass(samples, cutoff), strict=True)]


def shaped(samples: Samples, attack: float, decay: float, release: float = 0.004) -> Samples:
    """Return `samples` under a linear attack (s) and exponential decay (time constant, s).

    The last `release` seconds ramp to zero, so a segment that ends before it has decayed away
    never stops on a step, which would be heard as a click.
    """
    out, length = [], len(samples)
    n_release = max(round(release * RATE), 1)
    for i, sample in enumerate(samples):
        t = i / RATE
        tail = min(1.0, (length - 1 - i) / n_release)
        out.append(sample * min(t / attack, 1.0) * math.exp(-t / decay) * tail)
    return out


def band_noise(rng: random.Random, seconds: float, low: float, high_start: float, high_end: float) -> Samples:
    """Return noise between `low` Hz and an upper edge gliding from `high_start` to `high_end` Hz.

    The upper edge is filtered twice (12 dB/octave) so the noise sounds like paper, not hiss.
    """
    band = highpass(noise(rng, seconds), low)
    return lowpass(lowpass(band, high_start, high_end), high_start, high_end)


def tone(
    seconds: float,
    freq_start: float,
    freq_end: float | None = None,
    partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),),
) -> Samples:
    """Return a sum of sine partials (frequency ratio, amplitude) gliding exponentially in pitch.

    The phase is accumulated sample by sample so the glide stays smooth.
    """
    freq_end = freq_start if freq_end is None else freq_end
    length = round(seconds * RATE)
    phase, out = 0.0, []
    for i in range(length):
        freq = freq_start * (freq_end / freq_start) ** (i / max(length - 1, 1))
        out.append(sum(amp * math.sin(ratio * phase) for ratio, amp in partials))
        phase += 2.0 * math.pi * freq / RATE
    return out


def ping(freq: float, seconds: float, decay: float, partials: tuple[tuple[float, float], ...]) -> Samples:
    """Return a struck, quickly decaying resonance: the body of a knock, clink or chime."""
    return shaped(tone(seconds, freq, partials=partials), attack=0.001, decay=decay)


def mix(canvas: Samples, samples: Samples, at: float, gain: float = 1.0) -> None:
    """Add `samples` into `canvas` starting `at` seconds in, dropping whatever runs past its end."""
    start = round(at * RATE)
    for i, sample in enumerate(samples[: max(len(canvas) - start, 0)]):
        canvas[start + i] += gain * sample


def finish(samples: Samples, fade_in: float = 0.001, fade_out: float = 0.008) -> Samples:
    """Return `samples` faded at both ends (no clicks) and scaled to a PEAK_DBFS peak."""
    n_in, n_out, length = round(fade_in * RATE), round(fade_out * RATE), len(samples)
    faded = []
    for i, sample in enumerate(samples):
        gain = min(1.0, i / n_in, (length - 1 - i) / n_out)
        faded.append(sample * gain)
    peak = max(abs(sample) for sample in faded)
    scale = 10 ** (PEAK_DBFS / 20) / peak
    return [sample * scale for sample in faded]


def write_wav(path: Path, samples: Samples) -> None:
    """Write `samples` (floats in [-1, 1]) as a 16-bit mono WAV file."""
    frames = struct.pack(f"<{len(samples)}h", *(round(sample * 32767) for sample in samples))
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(frames)


# --- the effects -----------------------------------------------------------------------------------

CHIME = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12))
METAL = ((1.0, 1.0), (1.52, 0.6), (2.31, 0.4), (2.9, 0.25))  # inharmonic, hence "metal"
WOOD = ((1.0, 1.0), (2.7, 0.3))
BRASS = ((1.0, 1.0), (2.0, 0.5), (3.0, 0.3), (4.0, 0.15))


def draw(rng: random.Random) -> Samples:
    """Card slid off the deck: a band of noise that swells, then dulls as the card stops."""
    return shaped(band_noise(rng, 0.12, 600, 6000, 1500), attack=0.025, decay=0.035)


def flip(rng: random.Random) -> Samples:
    """Card flicked over: a bright snap, then a softer slap as it lands, over a faint thump."""
    canvas = silence(0.09)
    mix(canvas, shaped(band_noise(rng, 0.03, 1500, 7000, 5000), 0.001, 0.008), at=0.0)
    mix(canvas, shaped(band_noise(rng, 0.05, 200, 2500, 1500), 0.002, 0.012), at=0.035, gain=0.6)
    mix(canvas, shaped(tone(0.05, 170, 120), 0.002, 0.012), at=0.035, gain=0.35)
    return canvas


def bust(rng: random.Random) -> Samples:
    """A bust: a low thud, then a soft tone sliding down an octave ("wah-wah")."""
    canvas = silence(0.45)
    mix(canvas, shaped(tone(0.25, 95, 45), 0.003, 0.08), at=0.0)
    mix(canvas, shaped(band_noise(rng, 0.1, 30, 500, 300), 0.002, 0.03), at=0.0, gain=0.6)
    mix(canvas, shaped(tone(0.38, 392.0, 196.0, CHIME), 0.02, 0.22), at=0.07, gain=0.45)
    return canvas


def collect(rng: random.Random) -> Samples:
    """Cards banked: a rising fourth (E5 to A5) on a soft chime."""
    canvas = silence(0.3)
    mix(canvas, ping(659.26, 0.3, 0.10, CHIME), at=0.0)
    mix(canvas, ping(880.00, 0.21, 0.14, CHIME), at=0.09)
    return canvas


def coins(rng: random.Random) -> Samples:
    """Coins dropped on a pile: four metal clinks, each quieter, at slightly irregular times."""
    canvas = silence(0.4)
    for index, at in enumerate((0.0, 0.07, 0.16, 0.27)):
        start = at + rng.uniform(0.0, 0.015)
        gain = 1.0 - 0.15 * index
        mix(canvas, ping(rng.uniform(2300, 3300), 0.13, rng.uniform(0.04, 0.07), METAL), start, gain)
        mix(canvas, shaped(highpass(noise(rng, 0.004), 4000), 0.0005, 0.002), start, 0.5 * gain)
    return canvas


def dice(rng: random.Random) -> Samples:
    """Dice rattling to a stop: wooden clicks that slow down and fade like bouncing dice."""
    canvas = silence(0.5)
    at, gap, gain = 0.0, 0.015, 1.0
    while at < 0.45:
        mix(canvas, ping(rng.uniform(900, 1800), 0.03, rng.uniform(0.005, 0.01), WOOD), at, gain)
        mix(canvas, shaped(highpass(noise(rng, 0.003), 2000), 0.0005, 0.001), at, 0.4 * gain)
        at += gap * rng.uniform(0.7, 1.3)
        gap *= 1.12
        gain *= rng.uniform(0.86, 0.96)
    return canvas


def click(rng: random.Random) -> Samples:
    """UI button: a short, high tick that does not tire the ear when repeated."""
    canvas = silence(0.04)
    mix(canvas, ping(1900, 0.04, 0.006, WOOD), at=0.0)
    mix(canvas, shaped(highpass(noise(rng, 0.002), 3000), 0.0003, 0.0008), at=0.0, gain=0.3)
    return canvas


def win(rng: random.Random) -> Samples:
    """Game won: a C-major arpeggio (C5 E5 G5) landing on a held C6 chord."""
    canvas = silence(0.7)
    for at, freq in ((0.0, 523.25), (0.1, 659.25), (0.2, 783.99)):
        mix(canvas, shaped(tone(0.4, freq, partials=BRASS), 0.012, 0.15), at, gain=0.8)
    for freq, gain in ((1046.50, 0.8), (659.25, 0.35), (783.99, 0.35)):
        mix(canvas, shaped(tone(0.4, freq, partials=BRASS), 0.015, 0.3), at=0.3, gain=gain)
    return canvas


EFFECTS: dict[str, Callable[[random.Random], Samples]] = {
    "draw": draw,
    "flip": flip,
    "bust": bust,
    "collect": collect,
    "coins": coins,
    "dice": dice,
    "click": click,
    "win": win,
}

CREDITS = """\
# Sound credits

Every sound in this folder is synthesised from scratch by `python build/make_sounds.py`
(Python standard library only, fixed random seed, so re-running it reproduces the files).
They are by the Card Parlor team and dedicated to the public domain (CC0 1.0,
https://creativecommons.org/publicdomain/zero/1.0/). No third-party recordings are used.

| File | Sound |
| --- | --- |
"""


def check_loads(paths: list[Path]) -> None:
    """Fail unless pygame-ce's mixer loads every file with the expected length.

    The dummy audio driver lets this run on machines without a sound card (CI).
    """
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.mixer.init(frequency=RATE, size=-16, channels=1)
    try:
        for path in paths:
            with wave.open(str(path)) as wav:
                expected = wav.getnframes() / RATE
            if abs(pygame.mixer.Sound(str(path)).get_length() - expected) > 0.005:
                raise SystemExit(f"pygame loaded {path.name} with the wrong length")
    finally:
        pygame.mixer.quit()


def main() -> None:
    SOUND_DIR.mkdir(parents=True, exist_ok=True)
    paths, rows = [], []
    for name, effect in EFFECTS.items():
        path = SOUND_DIR / f"{name}.wav"
        write_wav(path, finish(effect(random.Random(SEED))))
        paths.append(path)
        rows.append(f"| `{path.name}` | {effect.__doc__.splitlines()[0]} |")
        print(f"{path.relative_to(REPO)}: {path.stat().st_size / 1024:,.1f} KiB")
    (SOUND_DIR / "CREDITS.md").write_text(CREDITS + "\n".join(rows) + "\n", encoding="utf-8")
    check_loads(paths)
    print("sounds OK: all load in pygame.mixer")


if __name__ == "__main__":
    main()
