import Foundation
import HookeLinear
import XCTest

/// Times the Swift fallback against OpenBLAS/LAPACK for small square sizes, to place
/// `Kernel.productCrossover`, `matrixVectorCrossover` and `solveCrossover`.
///
/// Runs only when HOOKE_LINEAR_TIMING=1, and is meaningful only in a release build:
///
///     HOOKE_LINEAR_TIMING=1 swift test -c release --disable-swift-testing \
///         --filter KernelCrossoverTiming
///
/// Prints nanoseconds per call (the minimum over repeats). The figures are recorded in
/// Docs/linear.md.
final class KernelCrossoverTiming: XCTestCase {
    func testPrintCrossoverTimings() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["HOOKE_LINEAR_TIMING"] == "1",
                          "set HOOKE_LINEAR_TIMING=1 to time the kernels")
        var rng = SeededRandom(seed: 5)
        print("n   gemm-swift gemm-blas  gemv-swift gemv-blas  lu-swift lu-lapack  chol-swift chol-lapack (ns)")
        for n in [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64] {
            let a = randomMatrix(n, n, &rng)
            let b = randomMatrix(n, n, &rng)
            var spd = a.multiplied(by: a.transposed)
            for i in 0..<n { spd[i, i] += Double(n) }
            let v = (0..<n).map { _ in rng.uniform(-1, 1) }
            var sink = 0.0
            func time(_ body: () throws -> Double) rethrows -> Double {
                let calls = max(20, 200_000 / (n * n * n))
                var best = Double.infinity
                for _ in 0..<7 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    for _ in 0..<calls { sink += try body() }
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
                    best = min(best, elapsed / Double(calls))
                }
                return best
            }
            let row = [
                time { a.multiplied(by: b, kernel: .swift).entries[0] },
                time { a.multiplied(by: b, kernel: .blas).entries[0] },
                time { a.applied(to: v, kernel: .swift)[0] },
                time { a.applied(to: v, kernel: .blas)[0] },
                try time { try spd.solve(v, kernel: .swift)[0] },
                try time { try spd.solve(v, kernel: .blas)[0] },
                try time { try spd.choleskySolve(v, kernel: .swift)[0] },
                try time { try spd.choleskySolve(v, kernel: .blas)[0] },
            ]
            print(String(format: "%-3d ", n) + row.map { String(format: "%9.0f", $0) }.joined(separator: " "))
            XCTAssertTrue(sink.isFinite)
        }
    }

    /// One GEMM step of K jelly edges of m = 64 points (n = 128 states, p = 1 input), in
    /// GFLOP/s (2·K·n·(n + p) flops per step), next to a plain Swift loop doing the same
    /// product instance by instance.
    func testPrintBatchedStepThroughput() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["HOOKE_LINEAR_TIMING"] == "1",
                          "set HOOKE_LINEAR_TIMING=1 to time the kernels")
        let edge = try SpringNetwork.jellyEdge(
            points: 64, mass: 0.01, tension: 400, anchorStiffness: 40, damping: 0.2,
            pulledPoint: 32, fingerStiffness: 200)
        var setup = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try ExactPropagator(network: edge, timestep: 1.0 / 120)
            setup = min(setup, Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        print(String(format: "ExactPropagator setup (exponential of a 129×129 matrix): %.3f ms", setup / 1e6))
        let propagator = try ExactPropagator(network: edge, timestep: 1.0 / 120)
        let n = propagator.stateDimension, record = n + propagator.inputCount
        print("K      gemm-ms/step  gemm-GFLOP/s  swift-loop-ms/step  swift-GFLOP/s")
        for instances in [10, 100, 1000, 4000] {
            var batch = try BatchedPropagator(propagator: propagator, instanceCount: instances)
            for k in 0..<instances { batch.setInputs([Double(k % 50)], of: k) }
            let flops = 2.0 * Double(instances * n * record)
            let steps = max(5, 200_000_000 / Int(flops))
            var best = Double.infinity
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                batch.step(count: steps)
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(steps))
            }
            // The same product as a plain loop over instances (y_k = P·x_k).
            var loop = try BatchedPropagator(propagator: propagator, instanceCount: instances)
            for k in 0..<instances { loop.setInputs([Double(k % 50)], of: k) }
            var bestLoop = Double.infinity
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                loop.step(count: steps, kernel: .swift)
                bestLoop = min(bestLoop, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(steps))
            }
            print(String(format: "%-6d %12.4f  %12.2f  %18.4f  %13.2f", instances,
                         best / 1e6, flops / best, bestLoop / 1e6, flops / bestLoop))
            XCTAssertTrue(batch.state(of: 0).allSatisfy(\.isFinite) && loop.state(of: 0).allSatisfy(\.isFinite))
        }
    }
}
