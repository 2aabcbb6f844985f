#!/usr/bin/env python3
"""How late SpringBatch's rest events are, for the springs of `hooke-bench --scenario springs`.

SpringBatch reports an item at rest `settleSteps` after it is armed: the least k with
||Phi(kh)|| <= eps in the energy norm (d, v/w0), which bounds every start. This prints,
per spring, that k, and the step at which the energy radius of a real start first falls
to eps x its start value: released from rest (d = 1, v = 0), and the earliest and latest
over 64 start directions in the energy-scaled plane. Needs numpy and scipy.

    python3 Benchmarks/tools/rest_delay.py
"""
import numpy as np
from scipy.linalg import expm

H, EPS = 1 / 120, 1e-3
SPRINGS = [(0.3, 0.5), (0.5, 0.35), (0.7, 0.45), (0.825, 0.3), (1.0, 0.4), (1.0, 0.25), (1.3, 0.5), (2.5, 0.6)]


def first_crossing(m, z):
    start, n = np.linalg.norm(z), 0
    while np.linalg.norm(z) > EPS * start:
        z, n = m @ z, n + 1
    return n


print("| ζ | response (s) | rest step (bound) | first crossing, released from rest | late by | first crossing over starts |")
print("|---:|---:|---:|---:|---:|---:|")
for zeta, response in SPRINGS:
    w = 2 * np.pi / response
    phi = expm(np.array([[0, 1], [-w * w, -2 * zeta * w]]) * H)
    m = np.diag([1, 1 / w]) @ phi @ np.diag([1, w])    # Φ in (d, v/ω₀)
    power, k = np.eye(2), 0
    while np.linalg.norm(power, 2) > EPS:
        power, k = m @ power, k + 1
    released = first_crossing(m, np.array([1.0, 0.0]))
    starts = [first_crossing(m, np.array([np.cos(a), np.sin(a)])) for a in np.linspace(0, np.pi, 64, endpoint=False)]
    print(f"| {zeta} | {response} | {k} | {released} | {k - released} ({1000 * (k - released) * H:.0f} ms) "
          f"| {min(starts)}–{max(starts)} |")
