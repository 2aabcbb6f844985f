import HookeLinear
import XCTest

final class SolveTests: XCTestCase {
    /// A 3×3 system with the exact solution x = (1, −2, 3), on both kernels.
    func testLUSolvesAKnownSystem() throws {
        let a = try Matrix([[4, -2, 1], [-2, 4, -2], [1, -2, 4]])
        let b: [Double] = [4 + 4 + 3, -2 - 8 - 6, 1 + 4 + 12]
        for kernel in [Kernel.blas, .swift] {
            let x = try a.solve(b, kernel: kernel)
            XCTAssertEqual(x[0], 1, accuracy: 1e-14)
            XCTAssertEqual(x[1], -2, accuracy: 1e-14)
            XCTAssertEqual(x[2], 3, accuracy: 1e-14)
        }
    }

    /// A random well-conditioned system built from a chosen solution: both kernels
    /// recover it, and agree with each other, for sizes on both sides of the crossover.
    func testLUAndCholeskyRecoverAChosenSolution() throws {
        var rng = SeededRandom(seed: 11)
        for n in [1, 2, 5, 8, 20, 60] {
            // Diagonally dominant: well conditioned, so the residual bound is tight.
            var a = randomMatrix(n, n, &rng)
            for i in 0..<n { a[i, i] += Double(n) }
            let spd = a.multiplied(by: a.transposed)
            let xTrue = (0..<n).map { _ in rng.uniform(-1, 1) }
            let b = a.applied(to: xTrue, kernel: .swift)
            let bSPD = spd.applied(to: xTrue, kernel: .swift)
            for kernel in [Kernel.blas, .swift, .automatic] {
                XCTAssertLessThan(relativeMaxError(try a.solve(b, kernel: kernel), xTrue), 1e-13, "LU n=\(n)")
                XCTAssertLessThan(
                    relativeMaxError(try spd.choleskySolve(bSPD, kernel: kernel), xTrue), 1e-13, "Cholesky n=\(n)")
            }
            // Several right-hand sides at once.
            let xs = randomMatrix(n, 3, &rng)
            let bs = a.multiplied(by: xs, kernel: .swift)
            for kernel in [Kernel.blas, .swift] {
                XCTAssertLessThan(relativeFrobeniusError(try a.solve(bs, kernel: kernel), xs), 1e-13)
            }
        }
    }

    func testSingularMatrixIsReportedWithTheRoutineName() {
        // Rows 1 and 2 are proportional: elimination leaves U(2, 2) = 0.
        let a = try! Matrix([[1, 2], [2, 4]])
        assertThrowsLAPACK(.singular(routine: "dgetrf", pivot: 2)) { try a.solve([1, 1], kernel: .blas) }
        assertThrowsLAPACK(.singular(routine: "dgetrf (Swift)", pivot: 2)) { try a.solve([1, 1], kernel: .swift) }
        // A 20×20 (above the crossover, so `.automatic` calls LAPACK) with a zero row.
        var rng = SeededRandom(seed: 3)
        var big = randomMatrix(20, 20, &rng)
        for j in 0..<20 { big[4, j] = 0 }
        XCTAssertThrowsError(try big.solve([Double](repeating: 1, count: 20))) { error in
            guard case .singular("dgetrf", _) = error as? LAPACKError else {
                return XCTFail("expected dgetrf singular, got \(error)")
            }
        }
    }

    /// [[1, 2], [2, 1]] has eigenvalues 3 and −1: its second leading minor is 1 − 4 < 0.
    func testIndefiniteMatrixIsReportedByCholesky() throws {
        let a = try Matrix([[1, 2], [2, 1]])
        assertThrowsLAPACK(.notPositiveDefinite(routine: "dpotrf", minor: 2)) {
            try a.choleskySolve([1, 1], kernel: .blas)
        }
        assertThrowsLAPACK(.notPositiveDefinite(routine: "dpotrf (Swift)", minor: 2)) {
            try a.choleskySolve([1, 1], kernel: .swift)
        }
        let negative = try Matrix([[-1, 0], [0, 1]])
        assertThrowsLAPACK(.notPositiveDefinite(routine: "dpotrf", minor: 1)) {
            try negative.choleskySolve([1, 1], kernel: .blas)
        }
    }

    /// Fitting y = c₀ + c₁x to (0, 1), (1, 3), (2, 2), (3, 5): the normal equations give
    /// c₁ = Σ(x−x̄)(y−ȳ)/Σ(x−x̄)² = 5.5/5 = 1.1 and c₀ = ȳ − c₁x̄ = 2.75 − 1.65 = 1.1.
    func testLeastSquaresFitsALineWorkedByHand() throws {
        let a = try Matrix([[1, 0], [1, 1], [1, 2], [1, 3]])
        let c = try a.leastSquares([1, 3, 2, 5])
        XCTAssertEqual(c[0], 1.1, accuracy: 1e-14)
        XCTAssertEqual(c[1], 1.1, accuracy: 1e-14)
    }

    /// x₁ + x₂ = 2 has the minimum-norm solution (1, 1).
    func testLeastSquaresGivesTheMinimumNormSolutionOfAnUnderdeterminedSystem() throws {
        let c = try Matrix([[1, 1]]).leastSquares([2])
        XCTAssertEqual(c[0], 1, accuracy: 1e-15)
        XCTAssertEqual(c[1], 1, accuracy: 1e-15)
    }

    /// dgels detects only an exactly zero diagonal in its triangular factor: a zero column
    /// gives one (a merely proportional column leaves a rounding-size entry instead).
    func testRankDeficientLeastSquaresIsReported() throws {
        let a = try Matrix([[1, 0], [2, 0], [3, 0]])
        XCTAssertThrowsError(try a.leastSquares([1, 2, 3])) { error in
            guard case .rankDeficient("dgels", _) = error as? LAPACKError else {
                return XCTFail("expected dgels rank deficiency, got \(error)")
            }
        }
    }

    func testMismatchedSizesAreRefused() throws {
        let a = try Matrix([[1, 2], [3, 4]])
        XCTAssertThrowsError(try a.solve([1, 2, 3]))
        XCTAssertThrowsError(try Matrix(rows: 2, columns: 3, repeating: 1).solve([1, 2]))
        XCTAssertThrowsError(try a.choleskySolve([1]))
        XCTAssertThrowsError(try a.leastSquares([1]))
    }
}
