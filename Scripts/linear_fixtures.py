#!/usr/bin/env python3
"""Reference values for the HookeLinear tests.

Writes Tests/HookeLinearTests/LinearFixtures.swift (Swift literals, round-trip exact
via repr):

1. Matrix exponentials from scipy.linalg.expm (SciPy's scaling-and-squaring Padé of
   Al-Mohy & Higham 2009) and from mpmath.expm at 40 digits (Taylor series with
   scaling, an independent algorithm, rounded to doubles: the correctly rounded
   reference). Both are written; the script refuses a case on which they differ by more
   than 1e-12 relative in the Frobenius norm, and prints the difference (SciPy itself
   is off by up to about 2e-13 on the 30-radian rotation).
   Cases: rotations, an oscillatory lightly damped spring, stiff matrices with widely
   separated eigenvalues, a nilpotent matrix (whose exponential is a finite sum, also
   checked exactly with fractions), random matrices scaled just below each Padé
   threshold of Higham (2005) and far above it.

2. A trajectory of a damped three-mass chain (wall anchor, two links, the last mass
   pulled towards a target, a constant force on the middle mass), integrated by mpmath's
   Taylor-series ODE solver (mpmath.odefun) at 30 significant digits. The model is
   assembled here by hand from the equations of motion in Docs/linear.md, not from
   Hooke's matrices.

Run:  python3 Scripts/linear_fixtures.py
"""

from fractions import Fraction
import math
import os

import mpmath
import numpy as np
import scipy.integrate
import scipy.linalg

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Tests", "HookeLinearTests", "LinearFixtures.swift")


def frob_rel(a, b):
    return float(np.linalg.norm(a - b) / np.linalg.norm(b))


def mp_expm(a):
    mpmath.mp.dps = 40
    m = mpmath.matrix(a.tolist())
    e = mpmath.expm(m)
    return np.array([[float(e[i, j]) for j in range(e.cols)] for i in range(e.rows)])


def exponential_cases():
    cases = []
    rot = np.array([[0.0, -1.0], [1.0, 0.0]])
    cases.append(("rotation by 1 rad", rot))
    cases.append(("rotation by 30 rad", 30 * rot))

    # A lightly damped spring over half a second: ω₀ = 40 rad/s, ζ = 0.01 (oscillatory).
    w, z, t = 40.0, 0.01, 0.5
    cases.append(("oscillatory spring, omega 40, zeta 0.01, t 0.5",
                  t * np.array([[0.0, 1.0], [-w * w, -2 * z * w]])))

    # Stiff: eigenvalues −1, −60, −3000 with a non-orthogonal eigenbasis.
    v = np.array([[1.0, 1.0, 0.0], [0.0, 1.0, 1.0], [1.0, 0.0, 2.0]])
    cases.append(("stiff, eigenvalues -1 -60 -3000",
                  v @ np.diag([-1.0, -60.0, -3000.0]) @ np.linalg.inv(v)))

    # Stiff overdamped spring: ω₀ = 100, ζ = 20, one frame of 1/60 s.
    w, z, t = 100.0, 20.0, 1 / 60
    cases.append(("stiff overdamped spring, omega 100, zeta 20, h 1/60",
                  t * np.array([[0.0, 1.0], [-w * w, -2 * z * w]])))

    nil = np.array([[0.0, 1.0, 2.0, 3.0],
                    [0.0, 0.0, 4.0, 5.0],
                    [0.0, 0.0, 0.0, 6.0],
                    [0.0, 0.0, 0.0, 0.0]])
    cases.append(("nilpotent 4x4", nil))

    rng = np.random.default_rng(20050101)
    for target in [0.01, 0.25, 0.9, 2.0, 5.0, 40.0]:
        a = rng.uniform(-1, 1, (5, 5))
        a *= target / np.abs(a).sum(axis=0).max()
        cases.append((f"random 5x5 with 1-norm {target}", a))
    return cases


def exact_nilpotent_exp(n):
    size = len(n)
    f = [[Fraction(x) for x in row] for row in n]
    result = [[Fraction(int(i == j)) for j in range(size)] for i in range(size)]
    power = [[Fraction(int(i == j)) for j in range(size)] for i in range(size)]
    for k in range(1, size + 1):
        power = [[sum(power[i][m] * f[m][j] for m in range(size)) for j in range(size)] for i in range(size)]
        fact = math.factorial(k)
        result = [[result[i][j] + power[i][j] / fact for j in range(size)] for i in range(size)]
    return np.array([[float(x) for x in row] for row in result])


# Chain model: the parameters the Swift test also uses with SpringNetwork.chain.
CHAIN = dict(count=3, mass=0.5, stiffness=40.0, damping=0.8)
CHAIN_U0 = [0.3, -0.2, 0.1]
CHAIN_V0 = [1.0, 0.0, -0.5]
CHAIN_TARGET = 2.0     # input 0: the end's target
CHAIN_FORCE = -3.0     # input 1: a constant force on node 1
CHAIN_TIMES = [0.25, 0.5, 1.0, 2.0]


def chain_trajectory():
    mpmath.mp.dps = 30
    n = CHAIN["count"]
    m = mpmath.mpf(CHAIN["mass"])
    k = mpmath.mpf(CHAIN["stiffness"])
    c = mpmath.mpf(CHAIN["damping"])
    target = mpmath.mpf(CHAIN_TARGET)
    force = mpmath.mpf(CHAIN_FORCE)

    def rhs(t, y):
        u, v = y[:n], y[n:]
        acc = []
        for i in range(n):
            f = mpmath.mpf(0)
            # wall anchor on node 0
            if i == 0:
                f += -k * u[0] - c * v[0]
            # links to neighbours
            for j in (i - 1, i + 1):
                if 0 <= j < n:
                    f += -k * (u[i] - u[j]) - c * (v[i] - v[j])
            # the end pulled towards the target (target at rest: its velocity is zero)
            if i == n - 1:
                f += -k * (u[i] - target) - c * v[i]
            if i == 1:
                f += force
            acc.append(f / m)
        return list(v) + acc

    y0 = [mpmath.mpf(x) for x in CHAIN_U0 + CHAIN_V0]
    sol = mpmath.odefun(rhs, 0, y0)
    return [[float(x) for x in sol(mpmath.mpf(t))] for t in CHAIN_TIMES]


def swift_array(values):
    return "[" + ", ".join(repr(float(x)) for x in values) + "]"


def main():
    lines = [
        "// Generated by Scripts/linear_fixtures.py from scipy.linalg.expm (cross-checked",
        "// against mpmath.expm at 40 digits) and mpmath.odefun at 30 digits. Do not edit.",
        "",
        "enum LinearFixtures {",
        "    struct ExponentialCase {",
        "        let name: String",
        "        let order: Int",
        "        /// Row-major.",
        "        let matrix: [Double]",
        "        /// scipy.linalg.expm(matrix), row-major.",
        "        let scipy: [Double]",
        "        /// mpmath.expm(matrix) at 40 digits, rounded to doubles, row-major.",
        "        let reference: [Double]",
        "    }",
        "",
        "    static let exponentialCases: [ExponentialCase] = [",
    ]
    for name, a in exponential_cases():
        e = scipy.linalg.expm(a)
        check = mp_expm(a)
        err = frob_rel(e, check)
        if name.startswith("nilpotent"):
            assert frob_rel(check, exact_nilpotent_exp(a)) < 1e-16
        assert err < 1e-12, (name, err)
        print(f"{name:55s} scipy vs mpmath {err:.2e}")
        lines += [
            "        ExponentialCase(",
            f"            name: {name!r},".replace("'", '"'),
            f"            order: {len(a)},",
            f"            matrix: {swift_array(a.ravel())},",
            f"            scipy: {swift_array(e.ravel())},",
            f"            reference: {swift_array(check.ravel())}),",
        ]
    lines += ["    ]", ""]

    states = chain_trajectory()
    # Sanity check of the Taylor solver with an unrelated one (DOP853, tight tolerances).

    n, m, k, c = CHAIN["count"], CHAIN["mass"], CHAIN["stiffness"], CHAIN["damping"]
    stiff = np.array([[2 * k, -k, 0], [-k, 2 * k, -k], [0, -k, 2 * k]], dtype=float)
    damp = stiff * (c / k)
    forcing = np.array([0.0, CHAIN_FORCE, k * CHAIN_TARGET])
    def f(t, y):
        return np.concatenate([y[n:], (forcing - stiff @ y[:n] - damp @ y[n:]) / m])
    ivp = scipy.integrate.solve_ivp(f, (0, CHAIN_TIMES[-1]), CHAIN_U0 + CHAIN_V0, method="DOP853",
                                    t_eval=CHAIN_TIMES, rtol=1e-13, atol=1e-13)
    assert np.abs(ivp.y.T - np.array(states)).max() < 1e-9
    lines += [
        "    /// SpringNetwork.chain(count:mass:stiffness:damping:) plus a force input on node 1.",
        f"    static let chainCount = {CHAIN['count']}",
        f"    static let chainMass = {CHAIN['mass']!r}",
        f"    static let chainStiffness = {CHAIN['stiffness']!r}",
        f"    static let chainDamping = {CHAIN['damping']!r}",
        f"    static let chainInitialState: [Double] = {swift_array(CHAIN_U0 + CHAIN_V0)}",
        f"    /// (target of the end, force on node 1)",
        f"    static let chainInputs: [Double] = {swift_array([CHAIN_TARGET, CHAIN_FORCE])}",
        f"    static let chainTimes: [Double] = {swift_array(CHAIN_TIMES)}",
        "    /// State (u₀, u₁, u₂, v₀, v₁, v₂) at each time, from mpmath.odefun.",
        "    static let chainStates: [[Double]] = [",
    ]
    for s in states:
        lines.append(f"        {swift_array(s)},")
    lines += ["    ]", "}", ""]
    with open(OUT, "w") as f:
        f.write("\n".join(lines))
    print("wrote", os.path.relpath(OUT))


if __name__ == "__main__":
    main()
