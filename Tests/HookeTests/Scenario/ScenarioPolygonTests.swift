import Foundation
import Hooke
import XCTest

/// The polygon rule: convex, simple and in the contract's counter-clockwise order,
/// whose example is the triangle [[0, -20], [20, 20], [-20, 20]].
final class ScenarioPolygonTests: XCTestCase {
    func testTheContractsTriangleIsCounterClockwiseAndItsReverseIsNot() {
        let triangle: [SIMD2<Double>] = [[0, -20], [20, 20], [-20, 20]]
        XCTAssertNil(ScenarioPolygon.problem(with: triangle))
        XCTAssertNotNil(ScenarioPolygon.problem(with: triangle.reversed()))
        // Any rotation of the vertex list is the same polygon.
        XCTAssertNil(ScenarioPolygon.problem(with: [[20, 20], [-20, 20], [0, -20]]))
    }

    /// The same orientation as the triangle: shoelace sum Σ(xᵢyᵢ₊₁ − xᵢ₊₁yᵢ) > 0
    /// (for the square below, 4 terms of +2 each).
    func testASquareInTheSameOrientationIsAccepted() {
        XCTAssertNil(ScenarioPolygon.problem(with: [[-1, -1], [1, -1], [1, 1], [-1, 1]]))
        XCTAssertNotNil(ScenarioPolygon.problem(with: [[-1, -1], [-1, 1], [1, 1], [1, -1]]))
    }

    func testRegularPolygonsOfManySidesAreAccepted() {
        for n in 3...64 {
            // θ increasing turns from +x towards +y: the triangle's orientation.
            let vertices = (0..<n).map { k -> SIMD2<Double> in
                let t = 2 * Double.pi * Double(k) / Double(n)
                return [50 * cos(t), 50 * sin(t)]
            }
            XCTAssertNil(ScenarioPolygon.problem(with: vertices), "n = \(n)")
        }
    }

    func testAPentagramWindingTwiceIsRefusedThoughEveryTurnIsPositive() {
        // Every second vertex of a regular pentagon: each turn has the same sign, but
        // the exterior angles add up to 4π.
        let star = (0..<5).map { k -> SIMD2<Double> in
            let t = 4 * Double.pi * Double(k) / 5
            return [cos(t), sin(t)]
        }
        let problem = ScenarioPolygon.problem(with: star)
        XCTAssertNotNil(problem)
        XCTAssertTrue(problem?.contains("more than once") ?? false, problem ?? "")
    }

    func testDegenerateAndConcavePolygonsAreRefused() {
        XCTAssertNotNil(ScenarioPolygon.problem(with: [[0, 0], [1, 0]]))
        XCTAssertNotNil(ScenarioPolygon.problem(with: [[0, 0], [1, 0], [2, 0]]))          // collinear
        XCTAssertNotNil(ScenarioPolygon.problem(with: [[0, -20], [20, 20], [20, 20], [-20, 20]])) // repeated
        XCTAssertNotNil(ScenarioPolygon.problem(with: [[0, -1], [1, -1], [1, 1], [0.9, 0], [-1, 1]]))  // notch
    }
}
