import Hooke
import HookeLinear
import XCTest

final class MatrixTests: XCTestCase {
    func testStorageIsRowMajor() throws {
        let m = try Matrix(rows: 2, columns: 3, entries: [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(m[0, 2], 3)
        XCTAssertEqual(m[1, 0], 4)
        XCTAssertEqual(m.transposed, try Matrix([[1, 4], [2, 5], [3, 6]]))
    }

    func testWrongEntryCountIsRefusedNamingTheParameter() {
        XCTAssertThrowsError(try Matrix(rows: 2, columns: 2, entries: [1, 2, 3])) { error in
            guard case let .invalidParameter(name, value, _) = error as? HookeError else {
                return XCTFail("expected HookeError, got \(error)")
            }
            XCTAssertEqual(name, "entries.count")
            XCTAssertEqual(value, 3)
        }
        XCTAssertThrowsError(try Matrix([[1, 2], [3]]))
    }

    /// (2×3)·(3×2) worked by hand: [[1,2,3],[4,5,6]]·[[7,8],[9,10],[11,12]] = [[58,64],[139,154]].
    func testGemmMatchesAProductWorkedByHandOnBothKernels() throws {
        let a = try Matrix([[1, 2, 3], [4, 5, 6]])
        let b = try Matrix([[7, 8], [9, 10], [11, 12]])
        let expected = try Matrix([[58, 64], [139, 154]])
        XCTAssertEqual(a.multiplied(by: b, kernel: .blas), expected)
        XCTAssertEqual(a.multiplied(by: b, kernel: .swift), expected)
        XCTAssertEqual(a * b, expected)
        XCTAssertEqual(a.applied(to: [1, -1, 2], kernel: .blas), [5, 11])
        XCTAssertEqual(a.applied(to: [1, -1, 2], kernel: .swift), [5, 11])
    }

    /// The Swift fallback and OpenBLAS agree to rounding on random shapes on both sides of
    /// the crossover; the Swift loop is an independent implementation of the same sum.
    func testSwiftFallbackAgreesWithBLASOnRandomShapes() {
        var rng = SeededRandom(seed: 7)
        for (m, k, n) in [(1, 1, 1), (3, 5, 2), (8, 8, 8), (17, 9, 31), (64, 64, 64), (2, 100, 3)] {
            let a = randomMatrix(m, k, &rng)
            let b = randomMatrix(k, n, &rng)
            let blas = a.multiplied(by: b, kernel: .blas)
            let swift = a.multiplied(by: b, kernel: .swift)
            // Each entry is a k-term dot product of numbers in [−1, 1]: the two summation
            // orders differ by at most about k·ε in absolute terms.
            for (x, y) in zip(blas.entries, swift.entries) {
                XCTAssertEqual(x, y, accuracy: Double(k) * 4e-16, "\(m)×\(k)·\(k)×\(n)")
            }
            let v = (0..<k).map { _ in rng.uniform(-1, 1) }
            for (x, y) in zip(a.applied(to: v, kernel: .blas), a.applied(to: v, kernel: .swift)) {
                XCTAssertEqual(x, y, accuracy: Double(k) * 4e-16)
            }
        }
    }

    func testNormsOfAKnownMatrix() throws {
        let m = try Matrix([[1, -2], [-3, 4]])
        XCTAssertEqual(m.oneNorm, 6)
        XCTAssertEqual(m.infinityNorm, 7)
        XCTAssertEqual(m.frobeniusNorm, 30.0.squareRoot(), accuracy: 1e-15)
    }
}
