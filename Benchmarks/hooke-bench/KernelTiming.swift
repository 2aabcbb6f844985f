import HookeCore
import HookeLinear

/// The linear-algebra components (Docs/linear.md, "Crossover"): the Swift loops against
/// OpenBLAS and LAPACK at small square orders, which place `Kernel.productCrossover`,
/// `matrixVectorCrossover` and `solveCrossover`, and the set-up of one jelly edge's exact
/// propagator (the exponential of a 129 × 129 matrix).
enum KernelTiming {
    /// The orders the crossover is measured at.
    static let orders = [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64]

    /// For each order n: GEMM (n × n by n × n), GEMV, an LU solve and a Cholesky solve
    /// (of A·Aᵀ + n·I, symmetric positive definite), each by `.swift` and by `.blas`.
    /// A call includes the allocation of its result; the two kernels' checksums (the
    /// first entry of every result) agree within rounding.
    static func crossover(orders: [Int], repetitions: Int) throws -> [ComponentTiming] {
        var rng = SeededGenerator(seed: 5)
        func randomMatrix(_ n: Int) -> Matrix {
            var m = Matrix(rows: n, columns: n)
            for i in 0..<n { for j in 0..<n { m[i, j] = rng.uniform(-1...1) } }
            return m
        }
        var timings: [ComponentTiming] = []
        for n in orders {
            let a = randomMatrix(n), b = randomMatrix(n)
            var spd = a.multiplied(by: a.transposed)
            for i in 0..<n { spd[i, i] += Double(n) }
            let v = (0..<n).map { _ in rng.uniform(-1...1) }
            // About 2·10⁵ multiply-adds per repetition, at least 20 calls.
            let calls = max(20, 200_000 / (n * n * n))
            func time(_ group: String, _ kernel: Kernel, _ body: @escaping (Kernel) throws -> Double) throws {
                _ = try body(kernel)  // a refusal (a singular matrix) stops the run here, not in the loop
                timings.append(.measure(group: "\(group) n=\(n)", variant: "\(group)-\(kernel)", items: n, calls: calls,
                                        repetitions: repetitions, tolerance: 1e-9) { (try? body(kernel)) ?? .nan })
            }
            for kernel in [Kernel.swift, .blas] {
                try time("gemm", kernel) { a.multiplied(by: b, kernel: $0).entries[0] }
            }
            for kernel in [Kernel.swift, .blas] {
                try time("gemv", kernel) { a.applied(to: v, kernel: $0)[0] }
            }
            for kernel in [Kernel.swift, .blas] {
                try time("lu", kernel) { try spd.solve(v, kernel: $0)[0] }
            }
            for kernel in [Kernel.swift, .blas] {
                try time("cholesky", kernel) { try spd.choleskySolve(v, kernel: $0)[0] }
            }
        }
        return timings
    }

    /// Building the exact propagator of a 64-point jelly edge (state 128, one input):
    /// one matrix exponential of order 129 and the split into Φ and Ψ. The checksum is
    /// Φ's trace.
    static func propagatorSetup(repetitions: Int) throws -> ComponentTiming {
        let edge = try SpringNetwork.jellyEdge(
            points: 64, mass: 0.01, tension: 400, anchorStiffness: 40, damping: 0.2,
            pulledPoint: 32, fingerStiffness: 200)
        _ = try ExactPropagator(network: edge, timestep: 1.0 / 120)
        return .measure(group: "exact propagator set-up, 64-point jelly edge", variant: "exponential", items: 1,
                        calls: 1, repetitions: repetitions) {
            guard let p = try? ExactPropagator(network: edge, timestep: 1.0 / 120) else { return .nan }
            return (0..<p.stateDimension).reduce(0) { $0 + p.transition[$1, $1] }
        }
    }
}
