import Foundation
import Hooke
import HookeIO

/// The tour's spring plots: the exact step response (0 → 100 pt, at rest) of four or five
/// springs in each of three parameterisations, each named with its settling time (to 0.1 %
/// of the move, `Spring.settlingDuration`). The first is Docs/plots/step-responses.svg.
struct TourSprings {
    let file: String
    let title: String
    /// Seconds shown.
    let duration: Double
    /// Series names and springs.
    let springs: [(name: String, spring: Spring)]

    static let move = 100.0
    static let colors = ["#d62728", "#ff7f0e", "#2ca02c", "#1f77b4", "#9467bd"]

    static func plots() throws(HookeError) -> [TourSprings] {
        [
            TourSprings(file: "springs-damping-ratio.svg",
                        title: "SwiftUI .spring(response: 1, dampingFraction: ζ)", duration: 3,
                        springs: try [0.2, 0.5, 0.8, 1, 2].map { z throws(HookeError) in
                            ("ζ = \(z)", try Spring(dampingRatio: z, response: 1))
                        }),
            TourSprings(file: "springs-bounce.svg",
                        title: "SwiftUI Spring(duration: 0.5, bounce: b)", duration: 1.5,
                        springs: try [0.6, 0.3, 0, -0.3].map { b throws(HookeError) in
                            ("bounce = \(b)", try Spring(duration: 0.5, bounce: b))
                        }),
            TourSprings(file: "springs-stiffness.svg",
                        title: "CASpringAnimation: mass 1 kg, stiffness 300 N/m, damping c", duration: 1.5,
                        springs: try [5.0, 10, 20, 2 * 300.0.squareRoot()].map { c throws(HookeError) in
                            (String(format: "c = %.4g kg/s", c), try Spring(mass: 1, stiffness: 300, damping: c))
                        }),
        ]
    }

    func svg() -> String {
        var chart = LineChart(title: title, xLabel: "time (s)", yLabel: "position (pt)")
        chart.levels = [Self.move]
        chart.xRange = 0...duration
        for (k, (name, spring)) in springs.enumerated() {
            let samples = 360
            let points = (0...samples).map { i -> SIMD2<Double> in
                let t = duration * Double(i) / Double(samples)
                return SIMD2(t, spring.state(at: t, from: 0, to: Self.move).value)
            }
            let settling = (try? spring.settlingDuration(from: 0, to: Self.move)).map { String(format: ", settles in %.3g s", $0) } ?? ""
            chart.series.append(.init(name: name + settling, color: Self.colors[k % Self.colors.count], points: points))
        }
        return chart.rendered(width: 720, height: 340)
    }
}
