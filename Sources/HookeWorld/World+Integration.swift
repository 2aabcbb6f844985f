import HookeCore

// Stages 7 and 9 of the step pipeline under UIKit's solver (World+Step.swift): the
// velocities integrated before the constraints are solved, the positions after. The
// soft step integrates within its substeps with the same `forcing` and `limitedMotion`
// (World+SoftStep.swift).

extension World {
    // MARK: - 7. integrateVelocities

    /// Semi-implicit Euler for velocities, then resistance by the Padé form of
    /// exponential decay: v ← v/(1 + h·c) (≈ e^(−c·h) to second order, never negative).
    mutating func integrateVelocities(_ h: Double) {
        let g = scratch.gravity
        for i in scratch.islands.bodies {
            let (increment, factor) = forcing(i, timestep: h, gravity: g)
            let v = (SIMD4(bodies.velocity[i].x, bodies.velocity[i].y, bodies.angularVelocity[i], 0) + increment) * factor
            bodies.velocity[i] = SIMD2(v.x, v.y)
            bodies.angularVelocity[i] = v.z
        }
    }

    /// What `h` of gravity `g`, body `i`'s force and torque, and its resistances do to its
    /// velocity (vx, vy, ω, 0): add `increment` = h·(g + F/m, τ/I), then scale by `factor`
    /// = 1/(1 + h·resistance) (implicit in the drag, so it never reverses the motion).
    /// A kinematic body keeps its velocity: nothing and 1.
    @inline(__always)
    func forcing(_ i: Int, timestep h: Double, gravity g: SIMD2<Double>)
        -> (increment: SIMD4<Double>, factor: SIMD4<Double>) {
        if bodies.isKinematic[i] { return (.zero, SIMD4(repeating: 1)) }
        let p = bodies.properties[i]
        let dv = h * ((bodies.hasGravity[i] ? g : .zero) + bodies.inverseMass[i] * bodies.force[i])
        let dw = h * bodies.inverseInertia[i] * bodies.torque[i]
        let linear = 1 / (1 + h * p.resistance), angular = 1 / (1 + h * p.angularResistance)
        return (SIMD4(dv.x, dv.y, dw, 0), SIMD4(linear, linear, angular, 1))
    }

    // MARK: - 9. integratePositions

    /// x += h·v, θ += h·ω, after scaling v so that a step moves at most 200 pt and ω
    /// so that it turns at most π/2 (Box2D's limits, which also bound the velocity).
    mutating func integratePositions(_ h: Double) {
        recordStartPlacements()
        for i in scratch.islands.bodies {
            let (v, w) = Self.limitedMotion(bodies.velocity[i], bodies.angularVelocity[i], timestep: h)
            bodies.velocity[i] = v
            bodies.angularVelocity[i] = w
            bodies.center[i] += h * v
            bodies.angle[i] += h * w
        }
    }

    /// Keeps each island body's placement at the start of the step, by slot
    /// (`scratch.startPlacements.bySlot`), for continuous collision and the soft step.
    mutating func recordStartPlacements() {
        if scratch.startPlacements.bySlot.count < bodies.count {
            scratch.startPlacements.bySlot += Array(repeating: .zero, count: bodies.count - scratch.startPlacements.bySlot.count)
        }
        for i in scratch.islands.bodies {
            let c = bodies.center[i]
            scratch.startPlacements.bySlot[i] = SIMD4(c.x, c.y, bodies.angle[i], 0)
        }
    }

    /// v and ω scaled so that a step of `h` moves at most 200 pt and turns at most π/2
    /// (Box2D's b2_maxTranslation and b2_maxRotation, which also bound the velocity).
    @inline(__always)
    static func limitedMotion(_ v: SIMD2<Double>, _ w: Double, timestep h: Double) -> (SIMD2<Double>, Double) {
        var v = v, w = w
        let translation = h * v
        let t2 = Planar.dot(translation, translation)
        if t2 > maximumTranslation * maximumTranslation {
            // |h·v|² overflows to infinity past |h·v| ≈ 10¹⁵⁴ (a body thrown at 10²⁰⁰
            // pt/s): then the length comes from the components scaled by the larger one,
            // which cannot overflow, instead of v being scaled by 200/∞ = 0 to a dead stop.
            v *= maximumTranslation / (t2.isFinite ? t2.squareRoot() : Self.unscaledLength(translation))
        }
        let rotation = h * w
        if rotation * rotation > maximumRotation * maximumRotation {
            w *= maximumRotation / abs(rotation)
        }
        return (v, w)
    }

    /// ‖t‖ of a finite vector without overflow: m·‖t/m‖ with m the larger |component|.
    static func unscaledLength(_ t: SIMD2<Double>) -> Double {
        let m = max(abs(t.x), abs(t.y))
        guard m > 0, m.isFinite else { return m }
        let u = t / m
        return m * (u.x * u.x + u.y * u.y).squareRoot()
    }
}
