import Foundation
import Hooke
import HookeLinear
import XCTest

final class ImplicitEulerTests: XCTestCase {
    /// A mass on a link to a pinned node, moving along the link: a 1-D linear spring. One
    /// backward-Euler step has the closed form (m + hc + h²k)·v₊ = m·v − h·k·s with s the
    /// stretch, x₊ = x + h·v₊ — which the Newton/LAPACK step must reproduce.
    func testOneStepOnALinearSpringMatchesTheClosedForm() throws {
        let (m, k, c, rest) = (0.2, 500.0, 3.0, 40.0)
        var network = try ElasticNetwork(positions: [.zero, SIMD2(rest, 0)], masses: [1, m])
        try network.connect(0, 1, stiffness: k, damping: c)
        try network.pin(0)
        for h in [1.0 / 240, 1.0 / 60, 0.5] {
            let stepper = try ImplicitEuler(timestep: h)
            let (s, v) = (7.5, -30.0)
            let state = ElasticState(positions: [.zero, SIMD2(rest + s, 0)], velocities: [.zero, SIMD2(v, 0)])
            let next = try stepper.step(network, state)
            let vNext = (m * v - h * k * s) / (m + h * c + h * h * k)
            XCTAssertEqual(next.velocities[1].x, vNext, accuracy: 1e-12 * abs(v))
            XCTAssertEqual(next.positions[1].x, rest + s + h * vNext, accuracy: 1e-12 * rest)
            XCTAssertEqual(next.positions[1].y, 0)
            XCTAssertEqual(next.positions[0], .zero)
        }
    }

    /// Backward Euler converges to the exact spring (`Spring.state`) with order 1: halving
    /// h halves the error at t = 1 s.
    func testConvergesToTheClosedFormWithOrderOne() throws {
        let spring = try Spring(dampingRatio: 0.3, response: 0.5)
        let rest = 40.0
        var network = try ElasticNetwork(positions: [.zero, SIMD2(rest, 0)], masses: [1, spring.mass])
        try network.connect(0, 1, stiffness: spring.stiffness, damping: spring.damping)
        try network.pin(0)
        let exact = spring.state(at: 1, from: 10, to: 0, initialVelocity: 5)
        var errors: [Double] = []
        for steps in [400, 800, 1600] {
            let stepper = try ImplicitEuler(timestep: 1 / Double(steps))
            var state = ElasticState(positions: [.zero, SIMD2(rest + 10, 0)], velocities: [.zero, SIMD2(5, 0)])
            for _ in 0..<steps { state = try stepper.step(network, state) }
            errors.append(abs(state.positions[1].x - rest - exact.value))
        }
        for i in 1..<errors.count {
            XCTAssertEqual(errors[i - 1] / errors[i], 2, accuracy: 0.1, "errors \(errors)")
        }
    }

    /// A stiff hanging chain (k/m = 2·10⁶ s⁻², so h·ω ≈ 47 on its fastest mode at
    /// h = 1/60 s, far past the h·ω < 2 limit of explicit steps) released horizontally under
    /// UIKit gravity: semi-implicit Euler blows up within a second, backward Euler swings
    /// it down stably and its energy never grows from one step to the next.
    func testBackwardEulerStepsAStiffChainThatSemiImplicitEulerCannot() throws {
        let count = 10
        let positions = (0..<count).map { SIMD2(20 * Double($0), 0) }
        var network = try ElasticNetwork(positions: positions, masses: [Double](repeating: 0.01, count: count))
        for i in 0..<(count - 1) { try network.connect(i, i + 1, stiffness: 2e4, damping: 0) }
        try network.pin(0)
        network.gravity = SIMD2(0, 1000)
        let h = 1.0 / 60
        let scale = 0.01 * 1000 * 200 * Double(count)   // m·g·(chain length)·N

        let explicit = try SemiImplicitEuler(timestep: h)
        var state = ElasticState(restOf: network)
        var blewUp = false
        for _ in 0..<60 {
            state = explicit.step(network, state)
            let energy = network.energy(positions: state.positions, velocities: state.velocities)
            if !state.isFinite || !energy.isFinite || abs(energy) > 1e6 * scale { blewUp = true; break }
        }
        XCTAssertTrue(blewUp, "semi-implicit Euler should diverge at h·ω ≈ 47")

        let implicit = try ImplicitEuler(timestep: h)
        state = ElasticState(restOf: network)
        var previous = network.energy(positions: state.positions, velocities: state.velocities)
        for step in 0..<180 {
            state = try implicit.step(network, state)
            XCTAssertTrue(state.isFinite)
            let energy = network.energy(positions: state.positions, velocities: state.velocities)
            XCTAssertLessThanOrEqual(energy, previous + 1e-9 * scale, "step \(step)")
            previous = energy
        }
        // It has swung down (y grows downwards) and its stiff links kept their length
        // (gravity stretches them by at most N·m·g/k ≈ 0.005 pt).
        XCTAssertGreaterThan(state.positions[count - 1].y, 100)
        for i in 0..<(count - 1) {
            let d = state.positions[i + 1] - state.positions[i]
            XCTAssertEqual((d * d).sum().squareRoot(), 20, accuracy: 0.05)
        }
        XCTAssertLessThan(previous, 0)
    }

    func testNewtonFailureIsATypedError() throws {
        var network = try ElasticNetwork(positions: [.zero, SIMD2(10, 0), SIMD2(20, 5)], masses: [1, 1, 1])
        try network.connect(0, 1, stiffness: 1e5, damping: 1)
        try network.connect(1, 2, stiffness: 1e5, damping: 1)
        try network.pin(0)
        let stepper = try ImplicitEuler(timestep: 0.1, tolerance: 1e-14, maximumIterations: 1)
        let state = ElasticState(positions: [.zero, SIMD2(30, 0), SIMD2(20, 40)],
                                 velocities: [.zero, SIMD2(0, 100), SIMD2(-50, 0)])
        XCTAssertThrowsError(try stepper.step(network, state)) { error in
            guard case .notConverged(1, _) = error as? ImplicitStepError else {
                return XCTFail("expected notConverged, got \(error)")
            }
        }
        XCTAssertThrowsError(try ImplicitEuler(timestep: -1))
        XCTAssertThrowsError(try ElasticNetwork(positions: [.zero], masses: [0]))
    }
}
