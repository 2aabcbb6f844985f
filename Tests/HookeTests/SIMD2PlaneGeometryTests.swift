import Hooke
@testable import HookeCore
@testable import HookeWorld
import XCTest

/// `SIMD2` plane geometry against exact values: 3-4-5 right triangles (every quantity
/// an integer or a correctly rounded quotient), quarter turns in y-down screen
/// coordinates, and the engine's own turn (`Planar.rotate`) bit for bit.
final class SIMD2PlaneGeometryTests: XCTestCase {
    func testLengthsAndDistancesOfThreeFourFiveTrianglesAreExact() {
        XCTAssertEqual(SIMD2<Double>(3, 4).length, 5)
        XCTAssertEqual(SIMD2<Double>(-3, 4).lengthSquared, 25)
        XCTAssertEqual(SIMD2<Float>(3, -4).length, 5)
        // (1, 1) to (4, 5) is (3, 4) apart; (5, 12, 13) is the next triple.
        XCTAssertEqual(SIMD2<Double>(1, 1).distance(to: SIMD2(4, 5)), 5)
        XCTAssertEqual(SIMD2<Float>(4, 5).distance(to: SIMD2(-1, -7)), 13)
        XCTAssertEqual(SIMD2<Double>.zero.length, 0)
    }

    func testDotAndCrossProducts() {
        XCTAssertEqual(SIMD2<Double>(1, 2).dot(SIMD2(3, 4)), 11)
        XCTAssertEqual(SIMD2<Double>(3, 4).dot(SIMD2(-4, 3)), 0)          // perpendicular
        XCTAssertEqual(SIMD2<Double>(3, 4).dot(SIMD2(3, 4)), 25)          // |v|²
        // x̂ × ŷ = ẑ: from +x (right) to +y (down on screen) is a clockwise turn.
        XCTAssertEqual(SIMD2<Double>(1, 0).cross(SIMD2(0, 1)), 1)
        XCTAssertEqual(SIMD2<Double>(0, 1).cross(SIMD2(1, 0)), -1)
        // |a × b| = |a||b| sin θ: the parallelogram on (3, 4) and (-4, 3) has area 25.
        XCTAssertEqual(SIMD2<Float>(3, 4).cross(SIMD2(-4, 3)), 25)
        XCTAssertEqual(SIMD2<Double>(2, 4).cross(SIMD2(1, 2)), 0)         // parallel
    }

    func testNormalizedDividesByTheLengthAndTheZeroVectorGivesNaN() {
        // 3/5 and 4/5 are correctly rounded quotients, so they equal the literals.
        XCTAssertEqual(SIMD2<Double>(3, 4).normalized, SIMD2(0.6, 0.8))
        XCTAssertEqual(SIMD2<Float>(0, -7).normalized, SIMD2(0, -1))
        let zero = SIMD2<Double>.zero.normalized
        XCTAssertTrue(zero.x.isNaN && zero.y.isNaN)
    }

    func testAQuarterTurnIsClockwiseOnScreen() {
        // y down: (1, 0) points right; a quarter turn clockwise points it down, (0, 1).
        // cos(π/2) rounds to 6.1e-17, not 0, hence the tolerance.
        let right = SIMD2<Double>(1, 0)
        let down = right.rotated(by: .pi / 2)
        XCTAssertEqual(down.x, 0, accuracy: 1e-16)
        XCTAssertEqual(down.y, 1, accuracy: 1e-16)
        let left = down.rotated(by: .pi / 2)
        XCTAssertEqual(left.x, -1, accuracy: 1e-15)
        XCTAssertEqual(left.y, 0, accuracy: 1e-15)
        // A small positive angle turns clockwise on screen: the cross product is > 0.
        XCTAssertGreaterThan(SIMD2<Double>(3, 4).cross(SIMD2(3, 4).rotated(by: 0.01)), 0)
        let turned = SIMD2<Float>(3, 4).rotated(by: -.pi / 2)   // counter-clockwise: (4, −3)
        XCTAssertEqual(turned.x, 4, accuracy: 1e-6)
        XCTAssertEqual(turned.y, -3, accuracy: 1e-6)
        XCTAssertEqual(SIMD2<Double>(3, 4).rotated(by: 1.234).length, 5, accuracy: 4e-15)
    }

    func testRotatedIsTheEnginesTurnBitForBit() {
        var generator = SplitMix64(seed: 2)
        for _ in 0..<1000 {
            func uniform(_ range: Double) -> Double {
                (Double(generator.next() >> 11) / Double(1 << 53) * 2 - 1) * range
            }
            let v = SIMD2(uniform(500), uniform(500)), angle = uniform(10)
            let engine = Planar.rotate(v, by: angle)
            let helper = v.rotated(by: angle)
            XCTAssertEqual(helper.x.bitPattern, engine.x.bitPattern, "\(v) by \(angle)")
            XCTAssertEqual(helper.y.bitPattern, engine.y.bitPattern, "\(v) by \(angle)")
        }
    }

    #if !canImport(simd)
    func testSIMDFreeFunctionsMatchApplesNames() {
        XCTAssertEqual(simd_length(SIMD2<Double>(3, 4)), 5)
        XCTAssertEqual(simd_length(SIMD2<Float>(3, 4)), 5)
        XCTAssertEqual(simd_length_squared(SIMD2<Double>(3, 4)), 25)
        XCTAssertEqual(simd_length_squared(SIMD2<Float>(3, 4)), 25)
        XCTAssertEqual(simd_dot(SIMD2<Double>(1, 2), SIMD2(3, 4)), 11)
        XCTAssertEqual(simd_dot(SIMD2<Float>(1, 2), SIMD2(3, 4)), 11)
        XCTAssertEqual(simd_normalize(SIMD2<Double>(3, 4)), SIMD2(0.6, 0.8))
        XCTAssertEqual(simd_normalize(SIMD2<Float>(0, 2)), SIMD2(0, 1))
        XCTAssertEqual(simd_distance(SIMD2<Double>(1, 1), SIMD2(4, 5)), 5)
        XCTAssertEqual(simd_distance(SIMD2<Float>(1, 1), SIMD2(-4, -11)), 13)
    }
    #endif
}
