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
}
