#!/usr/bin/env python3
"""The 40-digit reference for `Spring.restTime(displacement:velocity:threshold:)`.

For a seeded spread of springs (under-, critically and over-damped), start states and
thresholds, it computes with mpmath at 60 significant digits the rest time T: the last
time |x(t)| exceeds the threshold for the free response from displacement x0 and
velocity v0, x'' = -(k/m) x - (c/m) x'. It finds T by scanning the exact solution
backwards from an envelope bound on a grid finer than a fiftieth of the oscillation, then
bisecting the crossing to 60 digits; it checks the answer on a grid of 20 000 points
after it (no exceedance) and records whether the motion still exceeds the threshold one
120 Hz frame earlier. The result, with every input as the shortest text of its double,
goes to Tests/HookeTests/Fixtures/rest-reference.json, which RestTimeTests reads.

    make rest-reference     (a virtual environment under .build with mpmath from PyPI)
"""
import json
import os
import random
import sys

import mpmath as mp

mp.mp.dps = 60
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join(ROOT, "Tests", "HookeTests", "Fixtures", "rest-reference.json")


def solution(m, k, c, x0, v0):
    """x(t) of the free response, exact in mpmath."""
    m, k, c, x0, v0 = map(mp.mpf, (m, k, c, x0, v0))
    w0 = mp.sqrt(k / m)
    lam = c / (2 * m)
    sigma = lam * lam - w0 * w0
    b = v0 + lam * x0
    if sigma < 0:
        wd = mp.sqrt(-sigma)
        amplitude = mp.sqrt(x0 * x0 + (b / wd) ** 2)
        return (lambda t: mp.exp(-lam * t) * (x0 * mp.cos(wd * t) + b / wd * mp.sin(wd * t)),
                lam, amplitude, 2 * mp.pi / wd)
    if sigma == 0:
        return (lambda t: mp.exp(-lam * t) * (x0 + b * t), lam, None, 1 / lam)
    mu = mp.sqrt(sigma)
    return (lambda t: mp.exp(-lam * t) * (x0 * mp.cosh(mu * t) + b / mu * mp.sinh(mu * t)),
            lam - mu, abs(x0) + abs(b) / mu, 1 / (lam - mu))


def upper_bound(x, decay, amplitude, scale, threshold):
    """A time after which |x| <= threshold surely (doubling past the envelope)."""
    if amplitude is not None:
        if amplitude <= threshold:
            return mp.mpf(0)
        return mp.log(amplitude / threshold) / decay * (1 + mp.mpf("1e-30"))
    t = scale
    while True:  # critically damped: e^{-lam t}(|x0| + |b| t) decreases past its peak
        if all(abs(x(t * f)) <= threshold for f in (1, 2, 4, 8)) and t > 40 * scale:
            return 8 * t
        t *= 2


def rest_time(m, k, c, x0, v0, threshold):
    x, decay, amplitude, scale = solution(m, k, c, x0, v0)
    threshold = mp.mpf(threshold)
    end = upper_bound(x, decay, amplitude, scale, threshold)
    if end == 0:
        return mp.mpf(0), end, x
    n = int(max(20_000, 50 * end / scale))
    grid = [end * i / n for i in range(n + 1)]
    last = None
    for i in range(n, -1, -1):
        if abs(x(grid[i])) > threshold:
            last = i
            break
    if last is None:
        return mp.mpf(0), end, x
    lo, hi = grid[last], grid[min(last + 1, n)]
    side = 1 if x(lo) > 0 else -1
    for _ in range(400):
        mid = (lo + hi) / 2
        if side * x(mid) > threshold:
            lo = mid
        else:
            hi = mid
        if hi - lo < mp.mpf(10) ** -55 * max(hi, 1):
            break
    return hi, end, x


def main():
    rng = random.Random(20261206)
    thresholds = [0.5 / 3, 0.25, 1 / 256, 3.141592653589793 / 1800, 1 / 500]
    scales = [300.0, 300.0, 1.0, 1.0, 1.0]          # typical travel of each property
    ratios = [0.05, 0.2, 0.5, 0.9, 0.999, 1.0, 1.001, 1.5, 4.0]
    cases = []
    for ratio in ratios:
        for _ in range(8):
            k_over_m = rng.choice([25.0, 400.0, 3600.0])
            m = rng.choice([1.0, 0.5, 2.0])
            k = k_over_m * m
            c = 2 * ratio * (k * m) ** 0.5
            j = rng.randrange(len(thresholds))
            x0 = rng.uniform(-1, 1) * scales[j]
            v0 = rng.uniform(-1, 1) * scales[j] * k_over_m ** 0.5 * rng.choice([0, 0.5, 3])
            t, end, x = rest_time(m, k, c, x0, v0, thresholds[j])
            threshold = mp.mpf(thresholds[j])
            # Self-check: nothing after T exceeds the threshold.
            if t > 0:
                for i in range(1, 20_001):
                    s = t + (end * 2 - t) * i / 20_000
                    assert abs(x(s)) <= threshold * (1 + mp.mpf("1e-40")), (ratio, x0, v0, float(s))
            frame = mp.mpf(1) / 120
            earlier = bool(t > frame and abs(x(t - frame)) > threshold)
            cases.append({
                "mass": m, "stiffness": k, "damping": c, "displacement": x0, "velocity": v0,
                "threshold": thresholds[j], "restTime": mp.nstr(t, 40, strip_zeros=False),
                "exceedsOneFrameEarlier": earlier,
            })
    with open(OUT, "w") as f:
        json.dump({"generator": "Scripts/rest_reference.py", "digits": 40, "cases": cases}, f, indent=1)
        f.write("\n")
    print(f"rest_reference: wrote {len(cases)} cases to {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
