import Foundation
import Hooke
import HookeLinear
import XCTest

final class SpringNetworkTests: XCTestCase {
    /// One mass attached to a target is a single spring: the exact propagator's Φ is the
    /// closed-form transition map of `Spring.transition(over:)`, and its input column is
    /// what pulls the displacement from the target: x_target-relative evolves by Φ, so
    /// Ψ = (1 − φ11, −φ21).
    func testSingleSpringPropagatorIsTheClosedFormMap() throws {
        for zeta in [0.0, 0.3, 1.0, 4.0] {
            let spring = try Spring(dampingRatio: zeta, response: 0.35, mass: 0.7)
            var network = try SpringNetwork(masses: [spring.mass])
            try network.attach(0, stiffness: spring.stiffness, damping: spring.damping)
            for h in [1.0 / 240, 1.0 / 60, 0.2, 3.0] {
                let propagator = try ExactPropagator(network: network, timestep: h)
                let phi = spring.transition(over: h)
                let expected = try Matrix([
                    [phi.phi11, phi.phi12, 1 - phi.phi11],
                    [phi.phi21, phi.phi22, -phi.phi21],
                ])
                let tolerance = 4e-15 * max(50, network.linearSystem.a.scaled(by: h).oneNorm)
                XCTAssertLessThan(relativeFrobeniusError(propagator.stepMatrix, expected), tolerance,
                                  "ζ = \(zeta), h = \(h)")
            }
        }
    }

    /// Stepping a single spring exactly N times lands on the closed form at N·h: no
    /// integration error at any h, even h larger than the period.
    func testSteppingASpringHasNoIntegrationErrorAtAnyStep() throws {
        let spring = try Spring(dampingRatio: 0.2, response: 0.5)
        var network = try SpringNetwork(masses: [1])
        try network.attach(0, stiffness: spring.stiffness, damping: spring.damping)
        for (h, steps) in [(1.0 / 60, 90), (0.37, 4), (0.9, 2)] {
            let propagator = try ExactPropagator(network: network, timestep: h)
            var z: [Double] = [10, -40]
            for _ in 0..<steps { z = propagator.step(z, inputs: [100]) }
            let exact = spring.state(at: Double(steps) * h, from: 10, to: 100, initialVelocity: -40)
            XCTAssertEqual(z[0], exact.value, accuracy: 1e-12 * 100, "h = \(h)")
            XCTAssertEqual(z[1], exact.velocity, accuracy: 1e-12 * 1000, "h = \(h)")
        }
    }

    /// A damped three-mass chain (wall anchor, links, the end pulled to a target, a
    /// constant force on the middle mass) follows mpmath's 30-digit Taylor ODE solution,
    /// whether stepped at 1/60 s (120 steps) or in quarter-second jumps.
    func testChainFollowsAHighPrecisionODESolution() throws {
        var network = try SpringNetwork.chain(
            count: LinearFixtures.chainCount, mass: LinearFixtures.chainMass,
            stiffness: LinearFixtures.chainStiffness, damping: LinearFixtures.chainDamping)
        try network.addForce(on: 1)
        let scale = LinearFixtures.chainStates.joined().reduce(0) { max($0, abs($1)) }
        for h in [1.0 / 60, 0.25] {
            let propagator = try ExactPropagator(network: network, timestep: h)
            var z = LinearFixtures.chainInitialState
            var t = 0.0
            var steps = 0
            for (time, expected) in zip(LinearFixtures.chainTimes, LinearFixtures.chainStates) {
                while Double(steps + 1) * h <= time + 1e-9 {
                    z = propagator.step(z, inputs: LinearFixtures.chainInputs)
                    steps += 1
                    t = Double(steps) * h
                }
                XCTAssertEqual(t, time, accuracy: 1e-9)
                for (value, reference) in zip(z, expected) {
                    XCTAssertEqual(value, reference, accuracy: 1e-12 * scale, "h = \(h), t = \(time)")
                }
            }
        }
    }

    /// With constant inputs, dE/dt = −vᵀCv ≤ 0: the energy of a damped jelly edge and a
    /// damped grid never grows from one step to the next, and the state settles onto the
    /// rest position K·u = G·w found by an independent Cholesky solve.
    func testEnergyOfDampedNetworksDecaysMonotonicallyToEquilibrium() throws {
        let edge = try SpringNetwork.jellyEdge(
            points: 16, mass: 0.01, tension: 400, anchorStiffness: 40, damping: 0.05,
            pulledPoint: 5, fingerStiffness: 200)
        let grid = try SpringNetwork.grid(
            rows: 4, columns: 5, mass: 0.02, stiffness: 150, damping: 0.1,
            pulledRow: 2, pulledColumn: 2, fingerStiffness: 80)
        var rng = SeededRandom(seed: 42)
        for network in [edge, grid] {
            let propagator = try ExactPropagator(network: network, timestep: 1.0 / 60)
            let inputs = [30.0]
            var z = (0..<network.stateDimension).map { _ in rng.uniform(-5, 5) }
            let initial = network.energy(state: z, inputs: inputs)
            var previous = initial
            for step in 0..<1200 {
                z = propagator.step(z, inputs: inputs)
                let energy = network.energy(state: z, inputs: inputs)
                XCTAssertLessThanOrEqual(energy, previous + 1e-12 * abs(initial), "step \(step)")
                previous = energy
            }
            let rest = try network.equilibrium(inputs: inputs)
            let restEnergy = network.energy(state: rest + [Double](repeating: 0, count: network.nodeCount),
                                            inputs: inputs)
            XCTAssertLessThan(previous, initial)
            XCTAssertEqual(previous, restEnergy, accuracy: 1e-9 * abs(initial))
            for i in 0..<network.nodeCount {
                XCTAssertEqual(z[i], rest[i], accuracy: 1e-8)
            }
        }
    }

    /// n equal springs in series between a wall and a target T hold the n − 1 … masses
    /// evenly spaced: uᵢ = T·(i + 1)/(n + 1).
    func testChainEquilibriumIsEvenlySpaced() throws {
        for count in [3, 20] {
            let chain = try SpringNetwork.chain(count: count, mass: 1, stiffness: 7, damping: 0)
            let u = try chain.equilibrium(inputs: [12])
            for i in 0..<count {
                XCTAssertEqual(u[i], 12 * Double(i + 1) / Double(count + 1), accuracy: 1e-13)
            }
        }
    }

    /// K instances stepped by one GEMM per step equal K separate GEMV steps, for 2-D
    /// jelly edges (two instances per edge, x and y) with different states and fingers:
    /// every step agrees from the same starting states within the classical bound for
    /// two dot products of length N = n + p summed in different orders,
    /// |Δyᵢ| ≤ 2γ_N·Σⱼ|Pᵢⱼ||xⱼ| with γ_N = Nε/(1 − Nε) (Higham, Accuracy and Stability of
    /// Numerical Algorithms, §3.1) — about 1e−14 relative to Σⱼ|Pᵢⱼ||xⱼ| here. They are not
    /// bit-identical: OpenBLAS's GEMM and GEMV kernels block and vectorise the sums
    /// differently. Relative to |yᵢ| itself the difference can be larger, because the
    /// velocity rows of [Φ Ψ] (entries up to k·h/m ≈ 170) cancel. Whole 100-step
    /// trajectories agree to 1e−12.
    func testBatchedGEMMSteppingEqualsSingleGEMVStepping() throws {
        let edge = try SpringNetwork.jellyEdge(
            points: 12, mass: 0.01, tension: 400, anchorStiffness: 40, damping: 0.2,
            pulledPoint: 3, fingerStiffness: 200)
        let propagator = try ExactPropagator(network: edge, timestep: 1.0 / 120)
        let instances = 9
        let p = propagator.stepMatrix
        let length = Double(p.columns)
        let gamma = length * 0x1p-53 / (1 - length * 0x1p-53)
        var batch = try BatchedPropagator(propagator: propagator, instanceCount: instances)
        var rng = SeededRandom(seed: 9)
        var singles: [[Double]] = []
        var inputs: [[Double]] = []
        for k in 0..<instances {
            let z = (0..<propagator.stateDimension).map { _ in rng.uniform(-3, 3) }
            let w = [rng.uniform(-50, 50)]
            batch.setState(z, of: k)
            batch.setInputs(w, of: k)
            singles.append(z)
            inputs.append(w)
        }
        for step in 0..<100 {
            if step == 50 {
                // The finger moves: new inputs for some instances mid-run.
                inputs[2] = [7]
                batch.setInputs(inputs[2], of: 2)
            }
            let before = (0..<instances).map { batch.state(of: $0) }
            batch.step()
            for k in 0..<instances {
                let x = before[k] + inputs[k]
                let oneStep = propagator.step(before[k], inputs: inputs[k], kernel: .blas)
                let batched = batch.state(of: k)
                for i in 0..<propagator.stateDimension {
                    var magnitude = 0.0
                    for j in 0..<x.count { magnitude += abs(p[i, j] * x[j]) }
                    XCTAssertLessThanOrEqual(abs(batched[i] - oneStep[i]), 2 * gamma * magnitude,
                                             "instance \(k), step \(step), row \(i)")
                }
                singles[k] = propagator.step(singles[k], inputs: inputs[k], kernel: .blas)
            }
        }
        for k in 0..<instances {
            XCTAssertLessThan(relativeMaxError(batch.state(of: k), singles[k]), 1e-12, "instance \(k)")
            XCTAssertEqual(batch.inputs(of: k), inputs[k])
        }
    }

    /// The plain-loop baseline of the batch steps the same trajectories as the GEMM.
    func testSwiftLoopBatchStepAgreesWithTheGEMM() throws {
        let edge = try SpringNetwork.jellyEdge(
            points: 10, mass: 0.01, tension: 400, anchorStiffness: 40, damping: 0.2,
            pulledPoint: 7, fingerStiffness: 200)
        let propagator = try ExactPropagator(network: edge, timestep: 1.0 / 120)
        var gemm = try BatchedPropagator(propagator: propagator, instanceCount: 5)
        var rng = SeededRandom(seed: 17)
        for k in 0..<5 {
            gemm.setState((0..<propagator.stateDimension).map { _ in rng.uniform(-3, 3) }, of: k)
            gemm.setInputs([rng.uniform(-50, 50)], of: k)
        }
        var loop = gemm
        let initial = gemm.state(of: 0)
        gemm.step(count: 60)
        loop.step(count: 60, kernel: .swift)
        for k in 0..<5 {
            XCTAssertLessThan(relativeMaxError(loop.state(of: k), gemm.state(of: k)), 1e-12, "instance \(k)")
        }
        XCTAssertGreaterThan(relativeMaxError(gemm.state(of: 0), initial), 0.1)   // it moved
    }

    /// A node held by nothing has no rest position: K is singular, and the Cholesky solve
    /// says so, naming LAPACK's routine and the minor (the free node's index + 1).
    func testFreeNodeMakesTheEquilibriumSolveFail() throws {
        var masses = [Double](repeating: 0.01, count: 21)
        masses[20] = 1
        var network = try SpringNetwork(masses: masses)
        for i in 0..<20 {
            try network.anchor(i, stiffness: 40, damping: 0.1)
            if i + 1 < 20 { try network.connect(i, i + 1, stiffness: 400, damping: 0.1) }
        }
        assertThrowsLAPACK(.notPositiveDefinite(routine: "dpotrf", minor: 21)) {
            try network.equilibrium(inputs: [])
        }
        let small = try SpringNetwork(masses: [1, 1])
        assertThrowsLAPACK(.notPositiveDefinite(routine: "dpotrf (Swift)", minor: 1)) {
            try small.equilibrium(inputs: [])
        }
        assertThrowsLAPACK(.singular(routine: "dgetrf", pivot: 21)) {
            try network.stiffnessMatrix.solve([Double](repeating: 1, count: 21))
        }
    }

    /// The assembled matrices of small shapes, written out by hand from the element
    /// forces: a 2×2 drum (every node on the border, so anchored; four links; the finger
    /// on node 0) and a 3-point jelly edge pulled at its middle.
    func testAssembledMatricesOfSmallShapesMatchHandWrittenOnes() throws {
        let (k, c, finger) = (5.0, 0.5, 7.0)
        let drum = try SpringNetwork.grid(rows: 2, columns: 2, mass: 2, stiffness: k, damping: c,
                                          pulledRow: 0, pulledColumn: 0, fingerStiffness: finger)
        XCTAssertEqual(drum.stiffnessMatrix, try Matrix([
            [3 * k + finger, -k, -k, 0],
            [-k, 3 * k, 0, -k],
            [-k, 0, 3 * k, -k],
            [0, -k, -k, 3 * k],
        ]))
        XCTAssertEqual(drum.dampingMatrix, try Matrix([
            [3 * c, -c, -c, 0],
            [-c, 3 * c, 0, -c],
            [-c, 0, 3 * c, -c],
            [0, -c, -c, 3 * c],
        ]))
        XCTAssertEqual(drum.inputMatrix, try Matrix([[finger], [0], [0], [0]]))

        let (tension, anchor) = (40.0, 3.0)
        let edge = try SpringNetwork.jellyEdge(points: 3, mass: 1, tension: tension, anchorStiffness: anchor,
                                               damping: 0, pulledPoint: 1, fingerStiffness: finger)
        XCTAssertEqual(edge.stiffnessMatrix, try Matrix([
            [anchor + tension, -tension, 0],
            [-tension, anchor + 2 * tension + finger, -tension],
            [0, -tension, anchor + tension],
        ]))

        // First-order form with unequal masses: rows n + i are divided by mᵢ.
        var pair = try SpringNetwork(masses: [2, 4])
        try pair.connect(0, 1, stiffness: 8, damping: 1)
        try pair.addForce(on: 1)
        let system = pair.linearSystem
        XCTAssertEqual(system.a, try Matrix([
            [0, 0, 1, 0],
            [0, 0, 0, 1],
            [-4, 4, -0.5, 0.5],
            [2, -2, 0.25, -0.25],
        ]))
        XCTAssertEqual(system.b, try Matrix([[0], [0], [0], [0.25]]))
    }

    func testInvalidNetworkParametersAreRefusedByName() throws {
        var network = try SpringNetwork(masses: [1, 2])
        XCTAssertThrowsError(try SpringNetwork(masses: [1, -1])) { error in
            XCTAssertEqual(error as? HookeError, .invalidParameter("masses[1]", value: -1, requirement: "finite and > 0"))
        }
        XCTAssertThrowsError(try network.connect(0, 2, stiffness: 1, damping: 0)) { error in
            guard case .invalidParameter("second", _, _) = error as? HookeError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try network.anchor(0, stiffness: .nan, damping: 0)) { error in
            guard case .invalidParameter("stiffness", _, _) = error as? HookeError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try ExactPropagator(network: network, timestep: 0)) { error in
            guard case .invalidParameter("timestep", _, _) = error as? HookeError else { return XCTFail("\(error)") }
        }
        let propagator = try ExactPropagator(network: network, timestep: 0.1)
        XCTAssertThrowsError(try BatchedPropagator(propagator: propagator, instanceCount: 0))
    }
}
