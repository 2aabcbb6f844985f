import Foundation
import Hooke
import XCTest

/// Continuous collision: fast bodies stop at the target distance before what they would
/// pass through. Reference contact times come from sampling the motion densely and
/// measuring the cores directly (vertex-to-edge distances), independent of GJK.
final class TimeOfImpactTests: XCTestCase {
    let step = 1.0 / 120

    /// Smallest core distance of a box (world corners) from the segment ab, direct.
    func coreDistance(_ corners: [SIMD2<Double>], toSegment a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        var d = Double.infinity
        for c in corners { d = min(d, collisionPointSegmentDistance(c, a, b)) }
        for i in corners.indices {
            // Edge end points against the box's sides (when an end pokes at a side).
            d = min(d, collisionPointSegmentDistance(a, corners[i], corners[(i + 1) % 4]))
            d = min(d, collisionPointSegmentDistance(b, corners[i], corners[(i + 1) % 4]))
        }
        return d
    }

    func testBoxFlickedAtTwentyThousandPointsPerSecondStopsBeforeTheEdge() throws {
        let edgeStart = SIMD2<Double>(-400, 600), edgeEnd = SIMD2<Double>(400, 600)
        let edge = try CollisionShape.segment(from: edgeStart, to: edgeEnd)
        let target = CollisionParameters.timeOfImpactTarget(radiusA: 1, radiusB: 1)
        XCTAssertEqual(target, 0.5)
        var rng = CollisionRandom(seed: 31)
        var hits = 0
        for seed in 0..<200 {
            let w = Double.random(in: 4...80, using: &rng), h = Double.random(in: 4...80, using: &rng)
            let box = try CollisionShape.box(width: w, height: h)
            let direction = Double.random(in: 0.35...(Double.pi - 0.35), using: &rng)  // downwards, up to 70° off
            let velocity = 20_000 * SIMD2(cos(direction), sin(direction))
            let omega = Double.random(in: -40...40, using: &rng)
            let angle0 = Double.random(in: -3...3, using: &rng)
            // Start 60 … 140 pt above the edge line: one step travels about 167 pt.
            let start = SIMD2(Double.random(in: -150...150, using: &rng), 600 - 60 - .random(in: 0...80, using: &rng))
            let sweep = BodySweep(center0: start, center1: start + step * velocity, angle0: angle0, angle1: angle0 + step * omega)
            let corners = { (t: Double) in collisionWorldVertices(box, sweep.transform(at: t)) }
            guard coreDistance(corners(0), toSegment: edgeStart, edgeEnd) > 2 else { continue }
            let toi = TimeOfImpact.compute(box, sweep, edge, BodySweep(staticAt: .identity))
            // Reference: first sampled time at which the cores come within the target.
            var firstHit = 1.0
            let samples = 2000
            for k in 1...samples {
                let t = Double(k) / Double(samples)
                if coreDistance(corners(t), toSegment: edgeStart, edgeEnd) < target { firstHit = t; break }
            }
            if firstHit == 1 {
                XCTAssertEqual(toi.state, .separated, "seed \(seed)")
                continue
            }
            XCTAssertEqual(toi.state, .touching, "seed \(seed)")
            hits += 1
            let d = coreDistance(corners(toi.fraction), toSegment: edgeStart, edgeEnd)
            // Stopped at the target (never closer than target − 0.25·slop: no tunnelling) …
            XCTAssertGreaterThan(d, target - 0.125, "seed \(seed)")
            XCTAssertLessThan(d, target + 0.125 + 1e-9, "seed \(seed)")
            // … and no later than the first sampled contact.
            XCTAssertLessThanOrEqual(toi.fraction, firstHit + 1e-12, "seed \(seed)")
            // Every corner is still on the near side of the edge line.
            for c in corners(toi.fraction) { XCTAssertLessThan(c.y, 600, "seed \(seed)") }
        }
        XCTAssertGreaterThan(hits, 150)
    }

    func testFastCircleDoesNotTunnelThroughAThinBox() throws {
        // A 2 pt thick, 200 pt wide static box; a circle of radius 4 crossing it at 30 000 pt/s.
        let wall = try CollisionShape.box(width: 200, height: 2)
        let wallXF = CollisionTransform(position: [0, 300], angle: 0)
        let circle = try CollisionShape.circle(radius: 4)
        let target = CollisionParameters.timeOfImpactTarget(radiusA: 4, radiusB: 1)
        XCTAssertEqual(target, 3.5)
        var rng = CollisionRandom(seed: 32)
        var hits = 0
        for seed in 0..<100 {
            let start = SIMD2(Double.random(in: -80...80, using: &rng), 300 - .random(in: 20...200, using: &rng))
            let direction = Double.random(in: 1.0...2.1, using: &rng)
            let end = start + step * 30_000 * SIMD2(cos(direction), sin(direction))
            let toi = TimeOfImpact.compute(
                circle, BodySweep(center0: start, center1: end, angle0: 0, angle1: 0), wall, BodySweep(staticAt: wallXF))
            // The straight path crosses y = 299 (the core's top face) inside |x| ≤ 100 here.
            let tTop = (299 - start.y) / (end.y - start.y)
            let xTop = start.x + tTop * (end.x - start.x)
            guard abs(xTop) < 95 else { continue }
            XCTAssertEqual(toi.state, .touching, "seed \(seed)")
            let c = start + toi.fraction * (end - start)
            // Centre to the core rectangle [−100, 100] × [299, 301]: the top face here.
            XCTAssertEqual(299 - c.y, target, accuracy: 0.125, "seed \(seed)")
            hits += 1
        }
        XCTAssertGreaterThan(hits, 40)
    }

    func testPathsThatDoNotMeetGiveFractionOne() throws {
        let edge = try CollisionShape.segment(from: [-400, 600], to: [400, 600])
        let box = try CollisionShape.box(width: 40, height: 40)
        // Parallel to the edge, fast and spinning, 30 pt above it: never within reach
        // (the box's half-diagonal is 28.3 pt, so the cores stay ≥ 1.7 pt apart).
        let parallel = TimeOfImpact.compute(
            box, BodySweep(center0: [-300, 540], center1: [300, 540], angle0: 0, angle1: 3),
            edge, BodySweep(staticAt: .identity))
        XCTAssertEqual(parallel.state, .separated)
        XCTAssertEqual(parallel.fraction, 1)
        // Moving away.
        let away = TimeOfImpact.compute(
            box, BodySweep(center0: [0, 500], center1: [0, 300], angle0: 0, angle1: 0.5),
            edge, BodySweep(staticAt: .identity))
        XCTAssertEqual(away.fraction, 1)
        // Heading for the edge but stopping 50 pt short.
        let short = TimeOfImpact.compute(
            box, BodySweep(center0: [0, 300], center1: [0, 530], angle0: 0, angle1: 0),
            edge, BodySweep(staticAt: .identity))
        XCTAssertEqual(short.fraction, 1)
        // Starting with the cores overlapping.
        let inside = TimeOfImpact.compute(
            box, BodySweep(center0: [0, 600], center1: [0, 700], angle0: 0, angle1: 0),
            edge, BodySweep(staticAt: .identity))
        XCTAssertEqual(inside.state, .overlapped)
        XCTAssertEqual(inside.fraction, 0)
    }

    func testStraightDropOntoAFaceStopsAtTheExactTargetTime() throws {
        // A 40 × 40 box falling straight down from core bottom y = 500 to y = 700 onto an
        // edge at 600: the cores reach 0.5 pt at fraction (100 − 0.5)/200.
        let edge = try CollisionShape.segment(from: [-400, 600], to: [400, 600])
        let box = try CollisionShape.box(width: 40, height: 40)
        let toi = TimeOfImpact.compute(
            box, BodySweep(center0: [0, 480], center1: [0, 680], angle0: 0, angle1: 0),
            edge, BodySweep(staticAt: .identity))
        XCTAssertEqual(toi.state, .touching)
        XCTAssertEqual(toi.fraction, 99.5 / 200, accuracy: 1e-12)
    }

    func testSpinningBarTipStopsAtTheEdgeAndSweepsPlaceTheCentreOfMass() throws {
        // A 200 × 4 bar whose centre of mass is 60 pt above an edge, turning 2 rad in one
        // step: its tip (100 pt out) must reach the edge near where sin a = 60/100.
        let edgeStart = SIMD2<Double>(-400, 600), edgeEnd = SIMD2<Double>(400, 600)
        let edge = try CollisionShape.segment(from: edgeStart, to: edgeEnd)
        let bar = try CollisionShape.box(width: 200, height: 4)
        for spin in [2.0, -2.0, 6.0] {
            let sweep = BodySweep(center0: [0, 540], center1: [0, 540], angle0: 0, angle1: spin)
            let toi = TimeOfImpact.compute(bar, sweep, edge, BodySweep(staticAt: .identity))
            XCTAssertEqual(toi.state, .touching, "spin \(spin)")
            let corners = { (t: Double) in collisionWorldVertices(bar, sweep.transform(at: t)) }
            let d = coreDistance(corners(toi.fraction), toSegment: edgeStart, edgeEnd)
            XCTAssertGreaterThan(d, 0.5 - 0.125)
            XCTAssertLessThan(d, 0.5 + 0.125 + 1e-9)
            var firstHit = 1.0
            for k in 1...20_000 {
                let t = Double(k) / 20_000
                if coreDistance(corners(t), toSegment: edgeStart, edgeEnd) < 0.5 { firstHit = t; break }
            }
            XCTAssertLessThanOrEqual(toi.fraction, firstHit, "spin \(spin)")
            XCTAssertGreaterThan(toi.fraction, firstHit - 0.01, "spin \(spin)")
        }
        // A sweep about an off-centre centre of mass: the body origin sits at c − R(a)·localCenter.
        let sweep = BodySweep(localCenter: [5, 0], center0: [10, 20], center1: [30, 20], angle0: 0, angle1: Double.pi)
        let mid = sweep.transform(at: 0.5)
        XCTAssertEqual(mid.position.x, 20, accuracy: 1e-12)
        XCTAssertEqual(mid.position.y, 20 - 5, accuracy: 1e-12)
        XCTAssertEqual(mid.angle, Double.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(mid.apply([5, 0]).x, 20, accuracy: 1e-12)  // the centre of mass is where the sweep says
    }
}
