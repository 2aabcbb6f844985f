import Hooke
import XCTest

/// Small helpers shared by the world tests.
enum WorldScene {
    /// A world with UIKit's settings (or the given step).
    static func world(timestep: Double = 1.0 / 120) throws -> World {
        try World(configuration: WorldConfiguration(timestep: timestep))
    }

    /// Properties without resistance, so that motion is undamped unless a test adds damping.
    static let frictionless = ItemProperties(resistance: 0, angularResistance: 0)

    /// A square body of side `side` pt at `center`.
    static func square(_ side: Double = 10, at center: SIMD2<Double>,
                       properties: ItemProperties = frictionless) -> BodyDefinition {
        BodyDefinition(shape: .rectangle(width: side, height: side), center: center, properties: properties)
    }

    /// `body` throws `HookeError.invalidParameter` naming `parameter` (and carrying
    /// `value`, when given).
    static func assertRejects(_ parameter: String, value: Double? = nil, file: StaticString = #filePath,
                              line: UInt = #line, _ body: () throws -> Void) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard case let HookeError.invalidParameter(name, actual, _) = error else {
                return XCTFail("unexpected \(error)", file: file, line: line)
            }
            XCTAssertEqual(name, parameter, file: file, line: line)
            if let value { XCTAssertEqual(actual, value, file: file, line: line) }
        }
    }

    /// Asserts that `body` throws `HookeError.invalidHandle` at `parameter`, printing
    /// `handle` as a handle (its description, `body#i.g`) in the error's text.
    static func assertRejectsHandle(_ parameter: String, _ handle: BodyHandle, file: StaticString = #filePath,
                                    line: UInt = #line, _ body: () throws -> Void) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard case let HookeError.invalidHandle(name, printed, _) = error else {
                return XCTFail("unexpected \(error)", file: file, line: line)
            }
            XCTAssertEqual(name, parameter, file: file, line: line)
            XCTAssertEqual(printed, "body#\(handle.index).\(handle.generation)", file: file, line: line)
            XCTAssertTrue("\(error)".contains("got body#\(handle.index).\(handle.generation)"),
                          "\(error)", file: file, line: line)
        }
    }

    /// The larger of a running maximum and a new sample, where a NaN sample wins (and
    /// stays), so that a bound checked on the maximum fails as a bound checked on every
    /// sample would; `Swift.max` would drop it.
    static func largest(_ running: Double, _ sample: Double) -> Double {
        running.isNaN || sample.isNaN ? .nan : Swift.max(running, sample)
    }

    /// Complete elliptic integral of the first kind by the arithmetic–geometric mean:
    /// K(k) = π / (2·AGM(1, √(1 − k²))) (Abramowitz & Stegun 17.6).
    static func ellipticK(_ k: Double) -> Double {
        var a = 1.0, b = (1 - k * k).squareRoot()
        for _ in 0..<30 { (a, b) = ((a + b) / 2, (a * b).squareRoot()) }
        return Double.pi / (2 * a)
    }

    /// Times at which the sampled signal crosses zero, by linear interpolation
    /// between the samples on either side.
    static func zeroCrossings(times: [Double], values: [Double]) -> [Double] {
        var crossings: [Double] = []
        for k in 1..<values.count where (values[k - 1] < 0) != (values[k] < 0) {
            let a = values[k - 1], b = values[k]
            crossings.append(times[k - 1] + (times[k] - times[k - 1]) * a / (a - b))
        }
        return crossings
    }

    /// The mean period of an oscillation whose successive zero crossings (half a period
    /// apart) are `crossings`: twice the first-to-last span over the half periods in it.
    /// NaN with fewer than two crossings.
    static func meanPeriod(crossings: [Double]) -> Double {
        guard let first = crossings.first, let last = crossings.last, crossings.count >= 2 else { return .nan }
        return 2 * (last - first) / Double(crossings.count - 1)
    }

    /// Local maxima of |x| located by fitting a parabola through each sampled peak and
    /// its neighbours: (time, signed value) pairs.
    static func peaks(times: [Double], values: [Double]) -> [(time: Double, value: Double)] {
        var found: [(Double, Double)] = []
        for k in 1..<(values.count - 1) {
            let a = abs(values[k - 1]), b = abs(values[k]), c = abs(values[k + 1])
            guard b > a, b >= c, (values[k - 1] < 0) == (values[k] < 0), (values[k + 1] < 0) == (values[k] < 0)
            else { continue }
            // Vertex of the parabola through (−1, a), (0, b), (1, c).
            let denominator = a - 2 * b + c
            let offset = denominator != 0 ? 0.5 * (a - c) / denominator : 0
            let peak = b - 0.25 * (a - c) * offset
            let dt = times[k + 1] - times[k]
            found.append((times[k] + offset * dt, values[k] < 0 ? -peak : peak))
        }
        return found
    }
}
