import Hooke
import XCTest

/// Builds a probe for the field tests; every value the test does not care about is
/// neutral (at rest, 1 kg, uncharged, t = 0, a 1/120 s step).
func fieldProbe(
    _ position: SIMD2<Double>, velocity: SIMD2<Double> = .zero, mass: Double = 1,
    charge: Double = 0, time: Double = 0, deltaTime: Double = 1.0 / 120
) throws -> FieldProbe {
    try FieldProbe(
        position: position, velocity: velocity, mass: mass, charge: charge, time: time,
        deltaTime: deltaTime)
}

/// Asserts two vectors agree component-wise to `accuracy`.
func assertVector(
    _ actual: SIMD2<Double>, _ expected: SIMD2<Double>, accuracy: Double = 1e-12,
    _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, "x \(message)", file: file, line: line)
    XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, "y \(message)", file: file, line: line)
}

func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { (a * b).sum() }

/// The seeded generator of the sampled field tests.
typealias FieldTestRandom = SplitMix64
