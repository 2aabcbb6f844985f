import Foundation
import Hooke
import XCTest

/// Times pair finding for the three broadphase designs (Docs/collisions.md). Skipped
/// unless HOOKE_COLLISION_TIMING=1; run it optimised:
///
///     HOOKE_COLLISION_TIMING=1 swift test -c release -Xswiftc -enable-testing \
///         --disable-swift-testing --filter BroadPhaseTimingTests
///
/// Only correctness is asserted (all designs return the same pairs); the times are printed.
final class BroadPhaseTimingTests: XCTestCase {
    struct Scene {
        var name: String
        var boxes: [AABB]
        var velocities: [SIMD2<Double>]
    }

    /// Columns of 20 × 20 pt boxes stacked 1.5 pt apart (resting in their skins) on a
    /// floor, neighbouring columns 1.5 pt apart, each box shifted sideways by up to
    /// 0.5 pt; the pile is still (each step jitters it by 0.01 pt).
    static func pile(_ n: Int, _ rng: inout CollisionRandom) -> Scene {
        let columns = max(1, Int((Double(n) * 4).squareRoot()))  // twice as wide as tall
        var boxes: [AABB] = []
        for k in 0..<n {
            let c = k % columns, r = k / columns
            let x = Double(c) * 21.5 + .random(in: -0.5...0.5, using: &rng)
            let y = 10_000 - Double(r + 1) * 21.5
            boxes.append(AABB(lower: [x, y], upper: [x + 20, y + 20]))
        }
        return Scene(name: "settled pile", boxes: boxes, velocities: (0..<n).map { _ in
            SIMD2(.random(in: -1.2...1.2, using: &rng), .random(in: -1.2...1.2, using: &rng))
        })
    }

    /// Boxes of 5 … 30 pt scattered over a square holding about one box per 40 × 40 pt,
    /// moving at up to `speed` pt/s.
    static func field(_ n: Int, speed: Double, _ rng: inout CollisionRandom) -> Scene {
        let side = (Double(n)).squareRoot() * 40
        let boxes = (0..<n).map { _ -> AABB in
            let lo = SIMD2(Double.random(in: 0...side, using: &rng), Double.random(in: 0...side, using: &rng))
            return AABB(lower: lo, upper: lo + SIMD2(.random(in: 5...30, using: &rng), .random(in: 5...30, using: &rng)))
        }
        let velocities = (0..<n).map { _ -> SIMD2<Double> in
            let a = Double.random(in: 0..<(2 * Double.pi), using: &rng)
            return speed * Double.random(in: 0...1, using: &rng) * SIMD2(cos(a), sin(a))
        }
        return Scene(name: "random field \(Int(speed)) pt/s", boxes: boxes, velocities: velocities)
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
    }

    func testTimePairFinding() throws {
        guard ProcessInfo.processInfo.environment["HOOKE_COLLISION_TIMING"] == "1" else {
            throw XCTSkip("set HOOKE_COLLISION_TIMING=1 to time the broadphase designs")
        }
        let h = 1.0 / 120, steps = 10
        var rows: [String] = [
            "| scene | N | pairs | tree build ms | tree step ms | reinserted/step | sort-and-sweep step ms | grid step ms | brute force ms |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for n in [500, 2000, 8000, 32000] {
            var rng = CollisionRandom(seed: UInt64(n))
            for scene in [Self.pile(n, &rng), Self.field(n, speed: 300, &rng), Self.field(n, speed: 1800, &rng)] {
                var boxes = scene.boxes
                var broadPhase = try BroadPhase()
                var ids: [ProxyID] = []
                let build = Self.seconds {
                    ids = boxes.map { broadPhase.createProxy($0) }
                    _ = broadPhase.updatePairs()
                }
                var tree = 0.0, sweep = 0.0, grid = 0.0, reinserted = 0, pairCount = 0
                for _ in 0..<steps {
                    for k in boxes.indices {
                        let d = h * scene.velocities[k]
                        boxes[k] = AABB(lower: boxes[k].lower + d, upper: boxes[k].upper + d)
                    }
                    var treePairs: [ProxyPair] = []
                    tree += Self.seconds {
                        for k in boxes.indices where broadPhase.moveProxy(ids[k], to: boxes[k]) { reinserted += 1 }
                        treePairs = broadPhase.updatePairs()
                    }
                    // The one-shot designs see the same fattened boxes, so all three agree.
                    let fat = ids.map { broadPhase.fatBox($0) }
                    var sweepPairs: [ProxyPair] = [], gridPairs: [ProxyPair] = []
                    sweep += Self.seconds { sweepPairs = PairFinder.sortAndSweep(fat) }
                    grid += Self.seconds { gridPairs = PairFinder.uniformGrid(fat) }
                    // Proxy ids were handed out in increasing order, so index order is id order.
                    let mapped = treePairs.map { p in
                        ProxyPair(ProxyID(rawValue: ids.firstIndexSorted(p.a)), ProxyID(rawValue: ids.firstIndexSorted(p.b)))
                    }
                    XCTAssertEqual(mapped, sweepPairs)
                    XCTAssertEqual(sweepPairs, gridPairs)
                    pairCount = treePairs.count
                }
                var brute = "–"
                if n <= 2000 {
                    let fat = ids.map { broadPhase.fatBox($0) }
                    brute = String(format: "%.2f", 1e3 * Self.seconds { _ = PairFinder.bruteForce(fat) })
                }
                let ms = { (s: Double) in String(format: "%.3f", 1e3 * s / Double(steps)) }
                rows.append("| \(scene.name) | \(n) | \(pairCount) | \(String(format: "%.2f", 1e3 * build)) | \(ms(tree)) | "
                    + "\(reinserted / steps) | \(ms(sweep)) | \(ms(grid)) | \(brute) |")
            }
        }
        print(rows.joined(separator: "\n"))
    }
}

extension BroadPhaseTimingTests {
    /// Cost of one manifold and one time of impact, averaged over many seeded poses.
    func testTimeNarrowphaseAndTimeOfImpact() throws {
        guard ProcessInfo.processInfo.environment["HOOKE_COLLISION_TIMING"] == "1" else {
            throw XCTSkip("set HOOKE_COLLISION_TIMING=1 to time the narrowphase")
        }
        var rng = CollisionRandom(seed: 9)
        let box = try CollisionShape.box(width: 40, height: 30)
        let circle = try CollisionShape.circle(radius: 12)
        let edge = try CollisionShape.segment(from: [-500, 0], to: [500, 0])
        let poses = (0..<4096).map { _ in
            CollisionTransform(position: [.random(in: -30...30, using: &rng), .random(in: -30...30, using: &rng)],
                               angle: .random(in: -3...3, using: &rng))
        }
        let repeats = 100
        var points = 0
        var rows: [String] = ["| query | ns per call |", "|---|---:|"]
        for (name, a, b) in [("box–box", box, box), ("box–circle", box, circle), ("circle–circle", circle, circle), ("edge–box", edge, box)] {
            let t = Self.seconds {
                for _ in 0..<repeats {
                    for pose in poses { points += Narrowphase.collide(a, .identity, b, pose).pointCount }
                }
            }
            rows.append("| manifold \(name) | \(String(format: "%.0f", 1e9 * t / Double(repeats * poses.count))) |")
        }
        let sweeps = (0..<4096).map { _ -> BodySweep in
            let c0 = SIMD2(Double.random(in: -100...100, using: &rng), -Double.random(in: 40...120, using: &rng))
            return BodySweep(center0: c0, center1: c0 + [.random(in: -80...80, using: &rng), 167],
                             angle0: .random(in: -3...3, using: &rng), angle1: .random(in: -3...3, using: &rng))
        }
        var fraction = 0.0
        let t = Self.seconds {
            for sweep in sweeps { fraction += TimeOfImpact.compute(box, sweep, edge, BodySweep(staticAt: .identity)).fraction }
        }
        rows.append("| time of impact, box flicked at an edge | \(String(format: "%.0f", 1e9 * t / Double(sweeps.count))) |")
        print(rows.joined(separator: "\n"))
        XCTAssertGreaterThan(points, 0)
        XCTAssertGreaterThan(fraction, 0)
    }
}

private extension Array where Element == ProxyID {
    /// Index of `id` in this increasing array (binary search).
    func firstIndexSorted(_ id: ProxyID) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
