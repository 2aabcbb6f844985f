#!/usr/bin/env python3
"""High-precision reference values for Hooke's spring tests.

Writes Tests/HookeTests/Fixtures/SpringFixtures.swift (Swift literals) with:

* the state-transition matrix Phi(t) = expm(A t), A = [[0, 1], [-k/m, -c/m]], computed
  with mpmath's matrix exponential at 60 digits and cross-checked against the textbook
  modal solution (roots r1,2 = -lambda +- sqrt(lambda^2 - w0^2), complex when
  under-damped) to 40 digits;
* x(t), v(t) for a non-trivial start, target and initial velocity;
* exact settling times: the last time |x - target| > tol * D, found by locating every
  velocity zero on a fine grid (bisection at 40 digits), taking the last extremum outside
  the band and bisecting the band crossing after it;
* x* with (1 + x*) e^{-x*} = 0.001 (the critically damped decay constant).

Springs are given by exact doubles (m, k, c); the references are computed for exactly
those doubles, so the Swift code is compared with the true solution of the same spring.

Usage: python3 Scripts/spring_fixtures.py   (mpmath 1.3)
"""
import os
import mpmath as mp

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "HookeTests", "Fixtures", "SpringFixtures.swift")

MASS = 1.5
STIFFNESS = 60.0
ZETAS = [0.0, 0.01, 0.2, 0.5, 1 - 1e-10, 1.0, 1 + 1e-10, 1.5, 3.0, 20.0]
# Times in units of 1/w0.
SCALED_TIMES = [0.0, 1e-8, 1e-3, 0.1, 0.5, 1.0, 2.0, 3.7, 6.0, 10.0, 17.0, 25.0, 40.0]
# (start, target, initial velocity) for the state fixtures.
STATE_CASE = (12.5, -3.0, 45.0)
# (start, target, initial velocity, tolerance) for the settling fixtures.
SETTLING_CASES = [
    (0.0, 1.0, 0.0, 1e-3),     # step from rest
    (10.0, -5.0, 40.0, 1e-2),  # initial velocity away from the target
    (0.0, 1.0, 15.0, 1e-3),    # initial velocity toward the target
    (3.0, 3.0, -2.0, 0.05),    # start == target: scale |v0|/w0
    (0.0, 1.0, 0.0, 0.2),      # wide band
]


def damping_for(zeta):
    # The double the Swift tests also use: 2*zeta*sqrt(k*m), rounded as Python rounds it.
    return 2.0 * zeta * (STIFFNESS * MASS) ** 0.5


def phi_expm(m, k, c, t):
    A = mp.matrix([[0, 1], [-k / m, -c / m]])
    return mp.expm(A * t)


def phi_modal(m, k, c, t):
    lam = c / (2 * m)
    w0sq = k / m
    disc = mp.sqrt(mp.mpc(lam * lam - w0sq))
    r1, r2 = -lam + disc, -lam - disc
    if abs(r1 - r2) < mp.mpf(10) ** (-45):
        e = mp.exp(-lam * t)
        return mp.matrix([[e * (1 + lam * t), e * t], [-w0sq * e * t, e * (1 - lam * t)]])
    e1, e2 = mp.exp(r1 * t), mp.exp(r2 * t)
    d = r1 - r2
    return mp.matrix([
        [mp.re((r1 * e2 - r2 * e1) / d), mp.re((e1 - e2) / d)],
        [mp.re(r1 * r2 * (e2 - e1) / d), mp.re((r1 * e1 - r2 * e2) / d)],
    ])


class Motion:
    """x(t), v(t) from the modal closed form, at the working precision."""

    def __init__(self, m, k, c, x0, v0):
        self.m, self.k, self.c = mp.mpf(m), mp.mpf(k), mp.mpf(c)
        self.x0, self.v0 = mp.mpf(x0), mp.mpf(v0)
        self.lam = self.c / (2 * self.m)
        self.w0 = mp.sqrt(self.k / self.m)

    def state(self, t):
        p = phi_modal(self.m, self.k, self.c, mp.mpf(t))
        return p[0, 0] * self.x0 + p[0, 1] * self.v0, p[1, 0] * self.x0 + p[1, 1] * self.v0

    def x(self, t):
        return self.state(t)[0]

    def v(self, t):
        return self.state(t)[1]

    def modal_bound_time(self, band):
        """A time after which |x| <= band, from |x| <= |A1| e^{Re r1 t} + |A2| e^{Re r2 t}."""
        disc = mp.sqrt(mp.mpc(self.lam ** 2 - self.w0 ** 2))
        r1, r2 = -self.lam + disc, -self.lam - disc
        if abs(r1 - r2) < mp.mpf(10) ** (-30):
            bound = lambda t: (abs(self.x0) + abs(self.v0 + self.lam * self.x0) * t) * mp.exp(-self.lam * t)
        else:
            a2 = (r1 * self.x0 - self.v0) / (r1 - r2)
            a1 = self.x0 - a2
            bound = lambda t: abs(a1) * mp.exp(mp.re(r1) * t) + abs(a2) * mp.exp(mp.re(r2) * t)
        t = 1 / self.w0
        while bound(t) > band / 4 or bound(2 * t) > band / 4:
            t *= 2
        return 2 * t


def bisect(f, lo, hi, iterations=160):
    flo = f(lo)
    for _ in range(iterations):
        mid = (lo + hi) / 2
        fm = f(mid)
        if (fm > 0) == (flo > 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return (lo + hi) / 2


def settling_time(m, k, c, start, target, v0, tol):
    mp.mp.dps = 40
    x0 = mp.mpf(start) - mp.mpf(target)
    motion = Motion(m, k, c, x0, v0)
    scale = abs(x0) if x0 != 0 else abs(mp.mpf(v0)) / motion.w0
    band = tol * scale
    t_up = motion.modal_bound_time(band)
    zeta = motion.lam / motion.w0
    if zeta < 1:
        spacing = mp.pi / (motion.w0 * mp.sqrt(1 - zeta ** 2))
        h = min(spacing / 16, t_up / 2000)
    else:
        h = t_up / 4000
    # Velocity zeros on (0, t_up].
    extrema = []
    n = int(mp.ceil(t_up / h))
    prev_t, prev_v = mp.mpf(0), motion.v(0)
    if prev_v == 0:
        extrema.append(mp.mpf(0))
    for i in range(1, n + 1):
        t = i * h
        vt = motion.v(t)
        if vt == 0:
            extrema.append(t)
        elif prev_v != 0 and (vt > 0) != (prev_v > 0):
            extrema.append(bisect(motion.v, prev_t, t))
        prev_t, prev_v = t, vt
    candidates = [mp.mpf(0)] + [e for e in extrema if e > 0]
    outside = [t for t in candidates if abs(motion.x(t)) > band]
    if not outside:
        return mp.mpf(0)
    last = outside[-1]
    later = [t for t in candidates if t > last]
    end = later[0] if later else t_up
    side = 1 if motion.x(last) > 0 else -1
    return bisect(lambda t: side * motion.x(t) - band, last, end)


def swift_double(x):
    return repr(float(x))


def main():
    lines = []
    w = lines.append
    w("// Generated by Scripts/spring_fixtures.py (mpmath, 60-digit matrix exponential")
    w("// cross-checked against the modal closed form; settling times by bisection at 40")
    w("// digits). Do not edit by hand: rerun the script.")
    w("")
    w("enum SpringFixtures {")
    w("    struct TransitionSample {")
    w("        let time: Double")
    w("        let phi11: Double, phi12: Double, phi21: Double, phi22: Double")
    w("        /// x(t) and v(t) (as value and velocity) for `stateCase`.")
    w("        let value: Double, velocity: Double")
    w("    }")
    w("")
    w("    struct SpringCase {")
    w("        let nominalDampingRatio: Double")
    w("        let mass: Double, stiffness: Double, damping: Double")
    w("        let samples: [TransitionSample]")
    w("        /// Settling times for `settlingCases`, in the same order (nil: never settles).")
    w("        let settling: [Double?]")
    w("    }")
    w("")
    w("    struct SettlingCase {")
    w("        let start: Double, target: Double, initialVelocity: Double, tolerance: Double")
    w("    }")
    w("")
    s0, tgt, v0 = STATE_CASE
    w(f"    static let stateCase = (start: {swift_double(s0)}, target: {swift_double(tgt)}, initialVelocity: {swift_double(v0)})")
    w("")
    w("    static let settlingCases: [SettlingCase] = [")
    for (a, b, v, tol) in SETTLING_CASES:
        w(f"        SettlingCase(start: {swift_double(a)}, target: {swift_double(b)}, initialVelocity: {swift_double(v)}, tolerance: {swift_double(tol)}),")
    w("    ]")
    w("")
    mp.mp.dps = 60
    xstar = mp.findroot(lambda x: (1 + x) * mp.exp(-x) - mp.mpf("0.001"), 9)
    w(f"    /// x* with (1 + x*)·e^(−x*) = 0.001.")
    w(f"    static let criticalEpsilonTime = {swift_double(xstar)}")
    w("")
    w("    static let springs: [SpringCase] = [")
    for zeta in ZETAS:
        m, k, c = MASS, STIFFNESS, damping_for(zeta)
        mm, kk, cc = mp.mpf(m), mp.mpf(k), mp.mpf(c)
        w0 = (k / m) ** 0.5
        w(f"        SpringCase(nominalDampingRatio: {swift_double(zeta)}, mass: {swift_double(m)}, stiffness: {swift_double(k)}, damping: {swift_double(c)}, samples: [")
        for st in SCALED_TIMES:
            t = st / w0  # a double: the Swift test uses the same literal
            mp.mp.dps = 60
            tt = mp.mpf(t)
            pe = phi_expm(mm, kk, cc, tt)
            pm = phi_modal(mm, kk, cc, tt)
            scale = 1 + abs(pe[0, 0]) + abs(pe[0, 1]) * mp.sqrt(kk / mm) + abs(pe[1, 0]) / mp.sqrt(kk / mm) + abs(pe[1, 1])
            for i in range(2):
                for j in range(2):
                    assert abs(pe[i, j] - pm[i, j]) <= mp.mpf(10) ** (-40) * scale * max(1, mp.sqrt(kk / mm)) ** 2, (zeta, t, i, j)
            x0 = mp.mpf(s0) - mp.mpf(tgt)
            x = pe[0, 0] * x0 + pe[0, 1] * mp.mpf(v0)
            v = pe[1, 0] * x0 + pe[1, 1] * mp.mpf(v0)
            w(f"            TransitionSample(time: {swift_double(t)}, phi11: {swift_double(pe[0, 0])}, phi12: {swift_double(pe[0, 1])}, phi21: {swift_double(pe[1, 0])}, phi22: {swift_double(pe[1, 1])}, value: {swift_double(mp.mpf(tgt) + x)}, velocity: {swift_double(v)}),")
        w("        ], settling: [")
        for (a, b, v, tol) in SETTLING_CASES:
            if zeta == 0:
                w("            nil,")
            else:
                ts = settling_time(m, k, c, a, b, v, tol)
                w(f"            {swift_double(ts)},")
        w("        ]),")
    w("    ]")
    w("}")
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote", os.path.normpath(OUT))


if __name__ == "__main__":
    main()
