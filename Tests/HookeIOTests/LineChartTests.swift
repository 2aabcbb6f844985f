import Foundation
@testable import HookeIO
import XCTest

/// The line chart's ticks and layout: ticks at round numbers inside the range, decades on
/// logarithmic axes, and everything drawn inside the canvas.
final class LineChartTests: XCTestCase {
    /// Ticks are consecutive multiples of one step of the form {1, 2, 2.5, 5} × 10ᵏ, all
    /// inside the range, between 4 and 12 of them (about six across the range).
    func testLinearTicksAreMultiplesOfARoundStepInsideTheRange() {
        for (low, high) in [(0.0, 0.43), (-3.0, 7.0), (97.0, 184.0), (0.0, 2400.0), (1e-7, 3e-7), (-1e9, 1e9), (0.8, 1.21)] {
            let ticks = LineChart.roundTicks(low, high)
            XCTAssertTrue((4...12).contains(ticks.count), "\(low)…\(high): \(ticks.map(\.label))")
            let step = ticks[1].value - ticks[0].value
            let exponent = (log10(step) + 1e-9).rounded(.down)
            let mantissa = step / pow(10, exponent)
            XCTAssertTrue([1.0, 2, 2.5, 5].contains { abs(mantissa - $0) < 1e-6 }, "\(low)…\(high): step \(step)")
            for tick in ticks {
                XCTAssertTrue(tick.value >= low - 1e-9 * (high - low) && tick.value <= high + 1e-9 * (high - low))
                let multiple = tick.value / step
                XCTAssertEqual(multiple, multiple.rounded(), accuracy: 1e-6, "\(tick.value) is not a multiple of \(step)")
                XCTAssertEqual(Double(tick.label)!, tick.value, accuracy: step * 1e-6, "label \(tick.label)")
            }
        }
        XCTAssertEqual(LineChart.roundTicks(0, 0.43).map(\.label), ["0", "0.1", "0.2", "0.3", "0.4"])
        XCTAssertEqual(LineChart.roundTicks(0.8, 1.21).map(\.label), ["0.8", "0.9", "1.0", "1.1", "1.2"])
        XCTAssertEqual(LineChart.roundTicks(0, 1).map(\.label), ["0", "0.2", "0.4", "0.6", "0.8", "1.0"])
        XCTAssertEqual(LineChart.roundTicks(0, 12).map(\.label), ["0", "2", "4", "6", "8", "10", "12"])
        XCTAssertEqual(LineChart.roundTicks(0, 15).map(\.label), ["0", "2.5", "5.0", "7.5", "10.0", "12.5", "15.0"])
        XCTAssertEqual(LineChart.roundTicks(1, .infinity).count, 0)
    }

    func testLogarithmicAxesTickEveryDecadeThatEnclosesTheData() {
        var chart = LineChart(title: "t", xLabel: "items N", yLabel: "rate")
        chart.xScale = .logarithmic
        chart.yScale = .logarithmic
        chart.series = [.init(name: "a", color: "#000", points: [SIMD2(1e3, 2.5e6), SIMD2(1e6, 3e8), SIMD2(-1, 0)])]
        let svg = chart.rendered(width: 600, height: 400)
        // x: 10^3 … 10^6, y: 10^6 … 10^9 (the point with x ≤ 0 is left out).
        for exponent in [3, 4, 5, 6, 7, 8, 9] {
            XCTAssertTrue(svg.contains(#">10<tspan dy="-5" font-size="9">\#(exponent)</tspan>"#), "10^\(exponent)")
        }
        XCTAssertFalse(svg.contains(#"font-size="9">2</tspan>"#))
        XCTAssertFalse(svg.contains(#"font-size="9">10</tspan>"#))
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 1)
    }

    /// A logarithmic range set inside one decade has no decade tick to draw.
    func testALogarithmicRangeInsideOneDecadeDrawsNoTick() {
        var chart = LineChart(title: "t", xLabel: "x", yLabel: "y")
        chart.xScale = .logarithmic
        chart.xRange = 2...5
        chart.series = [.init(name: "a", color: "#000", points: [SIMD2(2, 0), SIMD2(5, 1)])]
        let svg = chart.rendered(width: 400, height: 300)
        XCTAssertFalse(svg.contains("<tspan"), svg)
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 1)
    }

    /// A long legend widens the canvas instead of running off it: the canvas reaches past
    /// the longest name's end at `characterWidth` per character, whichever side the
    /// legend is on, and a legend below keeps to the given height by shortening the plot.
    func testALongLegendWidensTheCanvas() throws {
        var chart = LineChart(title: "A title", xLabel: "time (s)", yLabel: "x (pt)")
        let name = String(repeating: "long name ", count: 8)
        chart.series = (0..<5).map { k in
            .init(name: name + "\(k)", color: "#123456", points: (0...50).map { SIMD2(Double($0) / 50, sin(Double($0 + k) / 5)) })
        }
        for legend in [LineChart.LegendPlacement.right, .below] {
            chart.legend = legend
            let svg = chart.rendered(width: 500, height: 300)
            let size = try XCTUnwrap(svg.firstMatch(of: /width="([0-9.]+)" height="([0-9.]+)"/))
            let entry = try XCTUnwrap(svg.firstMatch(of: /<text x="([0-9.]+)"[^>]*>long name/))
            XCTAssertGreaterThanOrEqual(Double(size.1)!, Double(entry.1)! + Double(name.count + 1) * LineChart.characterWidth, "\(legend)")
            XCTAssertEqual(Double(size.2)!, 300, "\(legend)")
        }
    }
}
