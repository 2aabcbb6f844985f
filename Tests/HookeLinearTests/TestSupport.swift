import HookeLinear
import XCTest

/// ‖a − b‖_F / ‖b‖_F.
func relativeFrobeniusError(_ a: Matrix, _ b: Matrix) -> Double {
    (a - b).frobeniusNorm / b.frobeniusNorm
}

/// max |aᵢ − bᵢ| / max |bᵢ|.
func relativeMaxError(_ a: [Double], _ b: [Double]) -> Double {
    precondition(a.count == b.count)
    let scale = b.reduce(0) { max($0, abs($1)) }
    return zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) } / scale
}

func randomMatrix(_ rows: Int, _ columns: Int, _ rng: inout SeededRandom) -> Matrix {
    var m = Matrix(rows: rows, columns: columns)
    for i in 0..<rows { for j in 0..<columns { m[i, j] = rng.uniform(-1, 1) } }
    return m
}

/// Asserts that `body` throws the LAPACK error `expected`.
func assertThrowsLAPACK<T>(
    _ expected: LAPACKError, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> T
) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
        XCTAssertEqual(error as? LAPACKError, expected, file: file, line: line)
    }
}
