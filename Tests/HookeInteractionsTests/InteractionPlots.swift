import Foundation
import Hooke
import HookeIO
import HookeInteractions
import XCTest

/// Draws Docs/plots/interaction-*.svg from recorded gestures played through the bodies.
///
///     HOOKE_WRITE_PLOTS=1 swift test --disable-swift-testing --filter InteractionPlots
///
/// Without the variable the charts are built and checked but not written.
final class InteractionPlots: XCTestCase {
    private let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf", "#7f7f7f"]

    private func write(_ chart: LineChart, _ name: String) throws {
        XCTAssertFalse(chart.series.isEmpty)
        for series in chart.series {
            XCTAssertFalse(series.points.isEmpty, series.name)
            XCTAssertTrue(series.points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, series.name)
        }
        guard ProcessInfo.processInfo.environment["HOOKE_WRITE_PLOTS"] == "1" else { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        try OutputFile.write(chart.rendered(width: 780, height: 380), to: root.appendingPathComponent("Docs/plots/\(name)").path)
    }

    /// A finger that starts at rest and reaches dx with velocity vx after 0.3 s: the cubic
    /// Hermite x(t) = (3τ² − 2τ³)·dx + (τ³ − τ²)·T·vx, τ = t/T, sampled at 120 Hz.
    private func smoothDrag(to dx: Double, releaseVelocity vx: Double, duration: Double = 0.3) throws -> [GestureEvent] {
        let count = Int((duration * 120).rounded())
        return try (0...count).map { k in
            let t = Double(k) / 120, tau = t / duration
            let x = (3 * tau * tau - 2 * tau * tau * tau) * dx + (tau * tau * tau - tau * tau) * duration * vx
            let phase: GesturePhase = k == 0 ? .began : (k == count ? .ended : .changed)
            return try GestureEvent(phase, time: t, location: SIMD2(160 + x, 190))
        }
    }

    /// Flick to dismiss on the World: a 100 pt photo dragged at a steady speed for 1/15 s
    /// and released; above 1000 pt/s it is pushed away, below it snaps home carrying its
    /// release velocity.
    func testFlickPlot() throws {
        var chart = LineChart(title: "Flick to dismiss: horizontal distance from home after the drag",
                             xLabel: "time (s)", yLabel: "dx (pt)")
        let home = SIMD2<Double>(187.5, 333.5)
        for (index, speed) in [2400.0, 1200, 900, 400].enumerated() {
            var world = try World()
            let photo = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 100), center: home))
            var flick = try FlickToDismiss(item: photo, in: world, bounds: WorldRect(x: 0, y: 0, width: 375, height: 667))
            let glide = 0.05, dragTime = 8.0 / 120  // panStream releases two samples after the glide
            let events = try panStream(start: home, translation: SIMD2(speed * dragTime, 0),
                                       velocity: SIMD2(speed, 0), glide: glide)
            var points: [SIMD2<Double>] = []
            try play(events, into: &flick, in: &world, steps: 48) { world in
                points.append(SIMD2(world.elapsedTime, world.body(photo).center.x - home.x))
            }
            let outcome = flick.dismisses(releaseVelocity: SIMD2(speed, 0)) ? "pushed" : "snaps back"
            chart.series.append(.init(name: String(format: "%.0f pt/s: %@", speed, outcome),
                                      color: palette[index], points: points))
            if index == 0 { chart.markers.append((events.last!.time, "release")) }
        }
        try write(chart, "interaction-flick.svg")
    }

    func testSwipeCardPlot() throws {
        var chart = LineChart(title: "Swipe card: horizontal translation through drag and release",
                             xLabel: "time (s)", yLabel: "dx (pt)")
        let cases: [(Double, Double)] = [(80, -100), (150, -250), (150, 0), (60, 900), (-130, -20)]
        for (index, (dx, vx)) in cases.enumerated() {
            let events = try smoothDrag(to: dx, releaseVelocity: vx)
            var playback = try GesturePlayback(recording: try GestureRecording(kind: .pan, events: events),
                                               body: try SwipeCard())
            let frames = try playback.run(until: 1.0)
            let decision = frames.last!.state.decision!.rawValue
            let name = String(format: "dx %.0f, vx %.0f: %@", dx, vx, decision)
            chart.series.append(.init(name: name, color: palette[index],
                                      points: frames.map { SIMD2($0.time, $0.state.center.x - 160) }))
            if index == 0 { chart.markers.append((events.last!.time, "release")) }
        }
        try write(chart, "interaction-swipe-card.svg")
    }

    func testJellyEdgePlot() throws {
        var chart = LineChart(title: "Jelly edge: the bottom edge after release (every 50 ms)",
                             xLabel: "x (pt)", yLabel: "y (pt, down)")
        chart.yDown = true
        chart.equalAspect = true
        let events = try panStream(start: SIMD2(200, 150), translation: SIMD2(60, 220), velocity: SIMD2(150, 400))
        var playback = try GesturePlayback(recording: try GestureRecording(kind: .pan, events: events),
                                           body: try JellyEdge())
        let frames = try playback.run(until: events.last!.time + 0.4)
        let releaseStep = frames.first { $0.deliveredEvents.contains(events.count - 1) }!.step
        for k in 0..<8 {
            let frame = frames[releaseStep + 6 * k]
            let polyline = try frame.state.curve.flattened(tolerance: 0.25)
            chart.series.append(.init(name: String(format: "t = %.2f s", 0.05 * Double(k)), color: palette[k],
                                      points: polyline, dashed: k % 2 == 1))
        }
        try write(chart, "interaction-jelly-edge.svg")
    }

    func testPinchRevealPlot() throws {
        var chart = LineChart(title: "Pinch to reveal: half offsets, opening and closing pinches",
                             xLabel: "time (s)", yLabel: "offset (pt)")
        for (index, rate) in [600.0, -300].enumerated() {
            var events: [GestureEvent] = []
            for k in 0...30 {
                let t = Double(k) / 120
                // Spread fast then slow down (opening), or spread then pinch in (closing).
                let span = rate > 0 ? 200 + rate * t - 600 * t * t : 200 + 900 * t - 2_400 * t * t
                let phase: GesturePhase = k == 0 ? .began : (k == 30 ? .ended : .changed)
                events.append(try GestureEvent(phase, time: t, location: SIMD2(480 - span / 2, 300),
                                               secondLocation: SIMD2(480 + span / 2, 300)))
            }
            var playback = try GesturePlayback(recording: try GestureRecording(kind: .pinch, events: events),
                                               body: try PinchReveal())
            let frames = try playback.run(until: 1.0)
            let label = rate > 0 ? "opening" : "closing"
            chart.series.append(.init(name: "left, \(label)", color: palette[2 * index],
                                      points: frames.map { SIMD2($0.time, $0.state.leftOffset) }, dashed: index == 1))
            chart.series.append(.init(name: "right, \(label)", color: palette[2 * index + 1],
                                      points: frames.map { SIMD2($0.time, $0.state.rightOffset) }, dashed: index == 1))
            if index == 0 { chart.markers.append((events.last!.time, "release")) }
        }
        try write(chart, "interaction-pinch-reveal.svg")
    }

    func testLongPressPlot() throws {
        var chart = LineChart(title: "Long-press lift: press recognised at 0.3 s, dropped at 0.8 s",
                             xLabel: "time (s)", yLabel: "scale, alpha")
        var raw = [try GestureEvent(.began, time: 0, location: SIMD2(165, 105))]
        for k in 1...80 {
            let t = Double(k) / 100
            let x = t < 0.3 ? 165 : 165 + 200 * (t - 0.3)
            raw.append(try GestureEvent(k == 80 ? .ended : .changed, time: t, location: SIMD2(x, 105)))
        }
        let press = try XCTUnwrap(try GestureRecording(kind: .pan, events: raw).recognizingLongPress())
        let homes: [SIMD2<Double>] = [SIMD2(60, 100), SIMD2(160, 100), SIMD2(260, 100)]
        var playback = try GesturePlayback(recording: press, body: try LongPressLift(homes: homes, itemSize: SIMD2(80, 80)),
                                           startTime: 0)
        let frames = try playback.run(until: 1.6)
        chart.series.append(.init(name: "lifted scale", color: palette[0],
                                  points: frames.map { SIMD2($0.time, $0.state.items[1].scale) }))
        chart.series.append(.init(name: "lifted alpha", color: palette[1],
                                  points: frames.map { SIMD2($0.time, $0.state.items[1].alpha) }, dashed: true))
        chart.series.append(.init(name: "others' scale", color: palette[2],
                                  points: frames.map { SIMD2($0.time, $0.state.items[0].scale) }))
        chart.markers = [(0.3, "press"), (0.8, "drop")]
        try write(chart, "interaction-long-press.svg")
    }
}
