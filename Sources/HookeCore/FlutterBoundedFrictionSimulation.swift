/// Flutter's `BoundedFrictionSimulation` (package:flutter/physics): a
/// `FlutterFrictionSimulation` whose position is clamped to a range of allowed values.
///
/// With the unbounded friction simulation x(t), v(t) (see `FlutterFrictionSimulation`) and
/// the limits [a, b],
///
///     position(t) = min(max(x(t), a), b)
///     velocity(t) = v(t)                       (not clamped: Flutter keeps reporting the
///                                               unbounded velocity at a limit)
///     done(t)     = |v(t)| < tolerance.velocity
///                   or |position(t) − a| < tolerance.distance
///                   or |position(t) − b| < tolerance.distance
///
/// so the particle stops dead at a limit it reaches, and is done there.
///
/// Source: Flutter, `packages/flutter/lib/src/physics/friction_simulation.dart`
/// (`BoundedFrictionSimulation`), whose control test in
/// `packages/flutter/test/physics/newton_test.dart` `FlutterBoundedFrictionSimulationTests`
/// reproduces. Flutter's `timeAtX` on this class is the unbounded one; ask `unbounded` for it.
public struct FlutterBoundedFrictionSimulation: Sendable, Hashable {
    /// The friction simulation before clamping.
    public let unbounded: FlutterFrictionSimulation
    /// The allowed positions [a, b] (length units; Flutter's `minX`…`maxX`). A bound may be
    /// infinite, for a range limited on one side only.
    public let limits: ClosedRange<Double>

    /// Creates Flutter's `BoundedFrictionSimulation(drag, position, velocity, minX, maxX)`,
    /// with the tolerance Flutter's simulations carry (default 0.001 each).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `drag`, `position` or `velocity` as
    ///   `FlutterFrictionSimulation.init` does, or `position` unless it lies inside the
    ///   limits (which Flutter asserts).
    public init(
        drag: Double, position: Double, velocity: Double, limits: ClosedRange<Double>,
        tolerance: FlutterTolerance = .defaultTolerance
    ) throws(HookeError) {
        unbounded = try FlutterFrictionSimulation(
            drag: drag, position: position, velocity: velocity, tolerance: tolerance)
        guard limits.contains(position) else {
            throw .invalidParameter(
                "position", value: position,
                requirement: "inside limits \(limits.lowerBound)...\(limits.upperBound)")
        }
        self.limits = limits
    }

    /// The tolerance that decides when the simulation is done.
    public var tolerance: FlutterTolerance { unbounded.tolerance }

    /// Position at time `t` (seconds): the unbounded position clamped to `limits`
    /// (Flutter's `x`).
    public func position(at t: Double) -> Double {
        min(max(unbounded.position(at: t), limits.lowerBound), limits.upperBound)
    }

    /// Velocity at time `t` (seconds): the unbounded v₀·Dᵗ, even once the position rests at
    /// a limit (Flutter's `dx`, documented so: "only the position is clamped").
    public func velocity(at t: Double) -> Double {
        unbounded.velocity(at: t)
    }

    /// Where the particle comes to rest: the unbounded final position clamped to `limits`.
    public var finalPosition: Double {
        min(max(unbounded.finalPosition, limits.lowerBound), limits.upperBound)
    }

    /// Whether the simulation is done at time `t` (Flutter's `isDone`): the speed is under
    /// `tolerance.velocity`, or the position is within `tolerance.distance` of a limit.
    public func isDone(at t: Double) -> Bool {
        if unbounded.isDone(at: t) { return true }
        let x = position(at: t)
        return abs(x - limits.lowerBound) < tolerance.distance
            || abs(x - limits.upperBound) < tolerance.distance
    }
}
