import Foundation
import Hooke
import XCTest

final class RubberBandTests: XCTestCase {
    func testReproducesThePublishedTableForADimensionOf960() throws {
        // "Analysis of Apple's rubber band scrolling" (squareb.wordpress.com, 2013-01-06):
        // c = 0.55, d = 960 gives 2.74, 5.47, 52.02, 178.98, 340.65 for x = 5…960.
        let band = try RubberBand(dimension: 960)
        let table: [(Double, Double)] = [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]
        for (x, expected) in table {
            XCTAssertEqual(band.displacement(forOvershoot: x), expected, accuracy: 0.005, "x=\(x)")
        }
    }

    func testSlopeAtTheEdgeIsTheCoefficientAndTheLimitIsTheDimension() throws {
        let band = try RubberBand(dimension: 400)
        let delta = 1e-6
        let slope = (band.displacement(forOvershoot: delta) - band.displacement(forOvershoot: -delta)) / (2 * delta)
        XCTAssertEqual(slope, 0.55, accuracy: 1e-9)
        XCTAssertEqual(band.displacement(forOvershoot: 1e15), 400, accuracy: 1e-6)
        XCTAssertEqual(band.displacement(forOvershoot: .infinity), 400)
        XCTAssertEqual(band.displacement(forOvershoot: -.infinity), -400)
        XCTAssertEqual(band.displacement(forOvershoot: 0), 0)
        // f′(x) = c/(1 + xc/d)², from differentiating (1 − 1/(xc/d + 1))·d.
        for x in [10.0, 100, 1_000, 10_000] {
            let h = 1e-4 * x
            let numeric = (band.displacement(forOvershoot: x + h) - band.displacement(forOvershoot: x - h)) / (2 * h)
            let analytic = 0.55 / pow(1 + x * 0.55 / 400, 2)
            XCTAssertEqual(numeric, analytic, accuracy: 1e-7 * analytic + 1e-12, "x=\(x)")
            XCTAssertLessThan(band.displacement(forOvershoot: x), min(0.55 * x, 400))
        }
    }

    func testInverseRecoversTheOvershoot() throws {
        let band = try RubberBand(dimension: 300, coefficient: 0.4)
        for x in [-5_000.0, -12, 0, 0.5, 80, 2_000] {
            let y = band.displacement(forOvershoot: x)
            XCTAssertEqual(try band.overshoot(forDisplacement: y), x, accuracy: 1e-10 * max(1, abs(x)))
        }
        XCTAssertThrowsError(try band.overshoot(forDisplacement: 300))
        XCTAssertThrowsError(try band.overshoot(forDisplacement: .nan))
    }

    func testTwoSidedClampIsIdentityInsideAndContinuousAtTheLimits() throws {
        let band = try RubberBand(dimension: 500)
        let limits = -100.0...250.0
        for v in [-100.0, 0, 123, 250] { XCTAssertEqual(band.clamp(v, to: limits), v) }
        let delta = 1e-7
        XCTAssertEqual(band.clamp(250 + delta, to: limits), 250 + 0.55 * delta, accuracy: 1e-12)
        XCTAssertEqual(band.clamp(-100 - delta, to: limits), -100 - 0.55 * delta, accuracy: 1e-12)
        XCTAssertEqual(band.clamp(250 + 1_000, to: limits), 250 + 1_000 * 0.55 * 500 / (1_000 * 0.55 + 500), accuracy: 1e-9)
        XCTAssertGreaterThan(band.clamp(-1e9, to: limits), -600)
        XCTAssertLessThan(band.clamp(1e9, to: limits), 750)
    }

    func testRefusesNonPositiveSettings() {
        XCTAssertThrowsError(try RubberBand(dimension: 0))
        XCTAssertThrowsError(try RubberBand(dimension: 100, coefficient: -0.55)) { error in
            guard case .invalidParameter("coefficient", _, _)? = error as? HookeError else {
                return XCTFail("unexpected \(error)")
            }
        }
    }
}
