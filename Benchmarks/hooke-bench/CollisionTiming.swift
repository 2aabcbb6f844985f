import Foundation
import Hooke

/// The collision components (Docs/collisions.md, "Broadphase"): pair finding by the
/// dynamic tree, sort-and-sweep, a uniform grid and brute force over the same fattened
/// boxes, and the cost of one manifold and one time of impact.
enum CollisionTiming {
    /// Boxes and their velocities (pt/s) of one pair-finding scene.
    struct Scene {
        var name: String
        var boxes: [AABB]
        var velocities: [SIMD2<Double>]
    }

    /// Columns of 20 × 20 pt boxes stacked 1.5 pt apart (resting in their skins) on a
    /// floor, neighbouring columns 1.5 pt apart, each box shifted sideways by up to
    /// 0.5 pt; the pile is still (each step jitters it by 0.01 pt).
    static func pile(_ n: Int, _ rng: inout SeededGenerator) -> Scene {
        let columns = max(1, Int((Double(n) * 4).squareRoot()))  // twice as wide as tall
        var boxes: [AABB] = []
        for k in 0..<n {
            let c = k % columns, r = k / columns
            let x = Double(c) * 21.5 + rng.uniform(-0.5...0.5)
            let y = 10_000 - Double(r + 1) * 21.5
            boxes.append(AABB(lower: [x, y], upper: [x + 20, y + 20]))
        }
        return Scene(name: "settled pile", boxes: boxes, velocities: (0..<n).map { _ in
            SIMD2(rng.uniform(-1.2...1.2), rng.uniform(-1.2...1.2))
        })
    }

    /// Boxes of 5 … 30 pt scattered over a square holding about one box per 40 × 40 pt,
    /// moving at up to `speed` pt/s.
    static func field(_ n: Int, speed: Double, _ rng: inout SeededGenerator) -> Scene {
        let side = Double(n).squareRoot() * 40
        let boxes = (0..<n).map { _ -> AABB in
            let lo = SIMD2(rng.uniform(0...side), rng.uniform(0...side))
            return AABB(lower: lo, upper: lo + SIMD2(rng.uniform(5...30), rng.uniform(5...30)))
        }
        let velocities = (0..<n).map { _ -> SIMD2<Double> in
            let a = rng.uniform(0...(2 * Double.pi))
            return speed * rng.uniform(0...1) * SIMD2(cos(a), sin(a))
        }
        return Scene(name: "random field \(Int(speed)) pt/s", boxes: boxes, velocities: velocities)
    }

    /// Pair finding in each scene at each size: one call is one 1/120 s step of every
    /// box (the tree moves its proxies and updates its pairs; the one-shot designs find
    /// the pairs of the tree's fattened boxes afresh). The checksum is the pairs found,
    /// which every design must agree on.
    static func pairFinding(sizes: [Int], steps: Int, repetitions: Int) throws -> [ComponentTiming] {
        var timings: [ComponentTiming] = []
        let h = 1.0 / 120
        for n in sizes {
            var rng = SeededGenerator(seed: UInt64(n))
            for scene in [pile(n, &rng), field(n, speed: 300, &rng), field(n, speed: 1800, &rng)] {
                let group = "pair finding, \(scene.name)"
                // The tree keeps moving the boxes on through every repetition (repetition
                // 0 is the warm-up); only its moves and pair updates are timed. The fattened
                // boxes of the first timed repetition are what the one-shot designs see.
                var boxes = scene.boxes
                var broadPhase = try BroadPhase()
                let ids = boxes.map { broadPhase.createProxy($0) }
                _ = broadPhase.updatePairs()
                var seconds: [Double] = [], pairs = 0.0, reinserted = 0
                var fatFrames: [[AABB]] = []
                for r in 0...repetitions {
                    var elapsed: UInt64 = 0
                    for _ in 0..<steps {
                        for k in boxes.indices {
                            let d = h * scene.velocities[k]
                            boxes[k] = AABB(lower: boxes[k].lower + d, upper: boxes[k].upper + d)
                        }
                        let start = DispatchTime.now().uptimeNanoseconds
                        var moves = 0
                        for k in boxes.indices where broadPhase.moveProxy(ids[k], to: boxes[k]) { moves += 1 }
                        let found = broadPhase.updatePairs().count
                        elapsed += DispatchTime.now().uptimeNanoseconds - start
                        if r == 1 {
                            reinserted += moves
                            pairs += Double(found)
                            fatFrames.append(ids.map { broadPhase.fatBox($0) })
                        }
                    }
                    if r > 0 { seconds.append(Double(elapsed) * 1e-9) }
                }
                timings.append(ComponentTiming(group: group, variant: "tree", items: n, calls: steps,
                                               timing: Timing(seconds: seconds), checksum: pairs, tolerance: 0,
                                               note: "\(reinserted / steps) proxies reinserted per step"))
                var index = 0
                func next() -> [AABB] {
                    defer { index = (index + 1) % fatFrames.count }
                    return fatFrames[index]
                }
                timings.append(.measure(group: group, variant: "sort-and-sweep", items: n, calls: steps,
                                        repetitions: repetitions) { Double(PairFinder.sortAndSweep(next()).count) })
                timings.append(.measure(group: group, variant: "uniform-grid", items: n, calls: steps,
                                        repetitions: repetitions) { Double(PairFinder.uniformGrid(next()).count) })
                if n <= 2_000 {
                    timings.append(.measure(group: group, variant: "brute-force", items: n, calls: steps,
                                            repetitions: repetitions) { Double(PairFinder.bruteForce(next()).count) })
                }
                let empty = try BroadPhase()
                timings.append(.measure(group: "tree build, \(scene.name)", variant: "tree", items: n, calls: 1,
                                        repetitions: repetitions) {
                    var fresh = empty
                    for box in scene.boxes { _ = fresh.createProxy(box) }
                    return Double(fresh.updatePairs().count)
                })
            }
        }
        return timings
    }

    /// One manifold per call for each shape pair over 4096 seeded poses, and one time of
    /// impact of a box flicked at an edge.
    static func queries(repetitions: Int) throws -> [ComponentTiming] {
        var rng = SeededGenerator(seed: 9)
        let box = try CollisionShape.box(width: 40, height: 30)
        let circle = try CollisionShape.circle(radius: 12)
        let edge = try CollisionShape.segment(from: [-500, 0], to: [500, 0])
        let poses = (0..<4096).map { _ in
            CollisionTransform(position: [rng.uniform(-30...30), rng.uniform(-30...30)], angle: rng.uniform(-3...3))
        }
        var timings: [ComponentTiming] = []
        for (name, a, b) in [("box–box", box, box), ("box–circle", box, circle), ("circle–circle", circle, circle),
                             ("edge–box", edge, box)] {
            var k = 0
            timings.append(.measure(group: "manifold \(name)", variant: "narrowphase", items: 1, calls: 100 * poses.count,
                                    repetitions: repetitions) {
                defer { k = (k + 1) % poses.count }
                return Double(Narrowphase.collide(a, .identity, b, poses[k]).pointCount)
            })
        }
        let sweeps = (0..<4096).map { _ -> BodySweep in
            let c0 = SIMD2(rng.uniform(-100...100), -rng.uniform(40...120))
            return BodySweep(center0: c0, center1: c0 + [rng.uniform(-80...80), 167],
                             angle0: rng.uniform(-3...3), angle1: rng.uniform(-3...3))
        }
        var k = 0
        timings.append(.measure(group: "time of impact, box flicked at an edge", variant: "time-of-impact", items: 1,
                                calls: 4 * sweeps.count, repetitions: repetitions) {
            defer { k = (k + 1) % sweeps.count }
            return TimeOfImpact.compute(box, sweeps[k], edge, BodySweep(staticAt: .identity)).fraction
        })
        return timings
    }
}
