#!/usr/bin/env python3
"""Writes Docs/examples/sweep/recorded-animation.csv: a 60 Hz recording of a spring
animation (SwiftUI .spring(response: 0.45, dampingFraction: 0.4), i.e. k/m = 194.955 1/s^2,
c/m = 11.1701 1/s) moving a view from y = 0 to y = 200 pt, with 0.5 pt of seeded Gaussian
noise, as a test input and documentation example for `hooke fit`.

The curve is the closed form of x'' + c x' + k x = 0 about the target, evaluated with
mpmath at 30 digits (independent of Hooke's Swift code).
"""
import os
import random

import mpmath

mpmath.mp.dps = 30
response, zeta = mpmath.mpf("0.45"), mpmath.mpf("0.4")
omega = 2 * mpmath.pi / response
lam = zeta * omega
omega_d = omega * mpmath.sqrt(1 - zeta**2)
start, target = 0, 200
rng = random.Random(2026)

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "..", "Docs", "examples", "sweep", "recorded-animation.csv")
with open(path, "w") as out:
    out.write("frame,time,y\n")
    for frame in range(73):
        t = mpmath.mpf(frame) / 60
        x0 = start - target
        x = target + mpmath.e ** (-lam * t) * (x0 * mpmath.cos(omega_d * t) + lam * x0 / omega_d * mpmath.sin(omega_d * t))
        out.write(f"{frame},{float(t)!r},{float(x) + rng.gauss(0, 0.5):.3f}\n")
print("wrote", os.path.normpath(path))
