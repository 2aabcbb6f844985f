import Foundation
import HookeCore
import HookeCollision

// Stage 11 of the step pipeline (World+Step.swift; references in Docs/collisions.md):
// fast bodies stopped at their time of impact against boundaries, anchored and slow
// bodies, then each other.

extension World {
    // MARK: - 11. continuousCollision

    /// Continuous collision of fast bodies: a body whose motion this step,
    /// |Δc| + |Δθ|·(its farthest core point), exceeds half its smallest half-extent
    /// (Box2D v3's "fast body" test) is swept from its placement at the start of the
    /// step to the end, and stopped at the first time of impact t < 1 (`TimeOfImpact`:
    /// cores 0.5 pt apart, inside the skins) with its velocity kept, so that the next
    /// step's contact stops it. In two stages:
    ///
    /// 1. each fast body against what it collides with that is not fast: boundaries,
    ///    anchored bodies and slow bodies, held at their end-of-step placement (as Box2D
    ///    v3 sweeps its bullets; UIKit's Box2D 2.3 lets a non-bullet pass through a thin
    ///    moving item);
    /// 2. fast bodies against each other (`sweepFastPairs`).
    ///
    /// Shapes already within the target at the start of the step are left to the
    /// contact solver: stopping there would pin a body that is leaving it.
    mutating func continuousCollision() {
        guard !contacts.isEmpty else { return }
        func startPlacement(_ i: Int) -> (SIMD2<Double>, Double) {
            let p = scratch.startPlacements.bySlot[i]
            return (SIMD2(p.x, p.y), p.z)
        }
        let set = contacts
        let proxiesOfBody = set.proxiesOfBody
        // Most bodies are slow: the fast-body test reads only the body columns, and a
        // proxy (whose arrays and strings would be retained by a copy) is read only
        // for the few that pass it. The test runs over the slots in order, marking in a
        // byte each whether the body moved far, and the island's bodies are then
        // collected in island order from those marks. (Run in island order, it read the
        // start placements and proxy ranges of scattered slots: two loads took two thirds
        // of this stage's time on the 100-row pyramid.) The marks of bodies outside the
        // islands, whose start placements are stale, are never read.
        let tested = min(proxiesOfBody.count, scratch.startPlacements.bySlot.count)
        if scratch.startPlacements.movedFar.count < bodies.count {
            scratch.startPlacements.movedFar += Array(repeating: false, count: bodies.count - scratch.startPlacements.movedFar.count)
        }
        for i in 0..<bodies.count {
            var far = false
            if i < tested, !proxiesOfBody[i].isEmpty {
                let (c0, a0) = startPlacement(i)
                let shape = bodies.shape[i]
                let motion = Planar.length(bodies.center[i] - c0) + abs(bodies.angle[i] - a0) * Planar.length(shape.size / 2)
                far = motion > 0.5 * shape.smallestHalfExtent
            }
            scratch.startPlacements.movedFar[i] = far
        }
        scratch.startPlacements.fastBodies.removeAll(keepingCapacity: true)
        for (e, i) in scratch.islands.bodies.enumerated() where scratch.startPlacements.movedFar[i] {
            scratch.startPlacements.fastBodies.append(e)
        }
        guard !scratch.startPlacements.fastBodies.isEmpty else { return }
        if scratch.startPlacements.isFast.count < bodies.count {
            scratch.startPlacements.isFast += Array(repeating: false, count: bodies.count - scratch.startPlacements.isFast.count)
        }
        for e in scratch.startPlacements.fastBodies { scratch.startPlacements.isFast[scratch.islands.bodies[e]] = true }
        defer { for e in scratch.startPlacements.fastBodies { scratch.startPlacements.isFast[scratch.islands.bodies[e]] = false } }
        var sweeps: [FastSweep] = []
        sweeps.reserveCapacity(scratch.startPlacements.fastBodies.count)
        for e in scratch.startPlacements.fastBodies {
            let i = scratch.islands.bodies[e]
            let pieces = proxiesOfBody[i]
            let (c0, a0) = startPlacement(i)
            let c1 = bodies.center[i], a1 = bodies.angle[i]
            /// The box around every piece placed by `t`.
            func box(_ t: CollisionTransform) -> AABB {
                pieces.dropFirst().reduce(set.proxies[pieces.lowerBound].shape.aabb(t)) { $0.union(set.proxies[$1].shape.aabb(t)) }
            }
            let swept = box(CollisionTransform(position: c0, angle: a0)).union(box(CollisionTransform(position: c1, angle: a1)))
            var fast = FastSweep(body: i, proxies: pieces, sweep: BodySweep(center0: c0, center1: c1, angle0: a0, angle1: a1),
                                 swept: swept)
            // A compound's parts each sweep against what they may meet; the earliest stop counts.
            let centreRadius = 0.25 * bodies.shape[i].smallestHalfExtent
            for leaf in set.broadPhase.query(fast.swept) {
                let q = Int(set.proxyOfLeaf[leaf.rawValue])
                guard !pieces.contains(q) else { continue }
                let other = set.proxies[q]
                guard other.body < 0 || !scratch.startPlacements.isFast[Int(other.body)],
                      set.interaction(set.proxies[pieces.lowerBound], other, isStatic: bodies.isStatic) == .collide
                else { continue }
                let target = BodySweep(staticAt: collisionTransform(other.body))
                for k in pieces {
                    let piece = set.proxies[k].shape
                    let toi = TimeOfImpact.compute(piece, fast.sweep, other.shape, target, tMax: fast.stop)
                    if other.body < 0 || bodies.isStatic[Int(other.body)], toi.fraction <= 0 || toi.state == .overlapped {
                        // Already touching static geometry at the step's start: the shape's own
                        // sweep cannot stop it, and a spinning body can carry its centre through
                        // a boundary edge in one step. Its centre (a compound's: the touching
                        // part's centroid) is swept instead.
                        let centre = pieces.count > 1 ? piece.massProperties.centroid : .zero
                        let (stop, held) = Self.centreStop(fast.sweep, radius: centreRadius, at: centre,
                                                           against: other.shape, target, tMax: fast.stop)
                        fast.stop = stop
                        if let held { fast.heldNormals.append(held) }
                    } else {
                        fast.stop = Self.earlierStop(fast.stop, toi)
                    }
                }
            }
            sweeps.append(fast)
        }
        sweepFastPairs(&sweeps)
        for fast in sweeps where fast.stop < 1 {
            let (s, t) = (fast.sweep, fast.stop)
            bodies.center[fast.body] = s.center0 + t * (s.center1 - s.center0)
            bodies.angle[fast.body] = s.angle0 + t * (s.angle1 - s.angle0)
            // A centre held at static geometry keeps its velocity along the surface but not
            // the part that would carry it across: kept, that part held it again at the
            // next step, and the next — a body pinned to the wall, moving nowhere, until it
            // slowed below the fast-body test and went through.
            for n in fast.heldNormals {
                let across = Planar.dot(bodies.velocity[fast.body], n)
                if across < 0 { bodies.velocity[fast.body] -= across * n }
            }
        }
    }

    /// Stage 2 of `continuousCollision`: fast bodies against each other, both moving.
    /// Pairs are found by sorting the swept boxes along x. For a pair with the same stop,
    /// the two sweeps are tested together up to it, and a time of impact τ before it
    /// stops both at τ, touching (as Box2D 2.3 advances a pair to its time of impact);
    /// with different stops, the later body is swept against the earlier one held where
    /// it stopped — over its whole sweep, which can only stop it early, never let it
    /// through. Stops only ever decrease, so the rounds end; after
    /// `fastPairRounds` rounds any pair still changing is stopped at the step's start.
    private func sweepFastPairs(_ sweeps: inout [FastSweep]) {
        guard sweeps.count > 1 else { return }
        let set = contacts
        let order = sweeps.indices.sorted { sweeps[$0].swept.lower.x < sweeps[$1].swept.lower.x }
        var pairs: [(Int, Int)] = []
        for (n, e) in order.enumerated() {
            for f in order[(n + 1)...] {
                guard sweeps[f].swept.lower.x <= sweeps[e].swept.upper.x else { break }
                guard sweeps[e].swept.overlaps(sweeps[f].swept),
                      set.interaction(set.proxies[sweeps[e].proxies.lowerBound], set.proxies[sweeps[f].proxies.lowerBound],
                                      isStatic: bodies.isStatic) == .collide else { continue }
                pairs.append((e, f))
            }
        }
        guard !pairs.isEmpty else { return }
        for round in 0..<Self.fastPairRounds {
            var changed = false
            for (e, f) in pairs {
                let (earlier, later) = sweeps[e].stop <= sweeps[f].stop ? (e, f) : (f, e)
                let before = (sweeps[earlier].stop, sweeps[later].stop)
                // Every piece of one against every piece of the other (one each, unless compound).
                for pe in sweeps[earlier].proxies {
                    for pl in sweeps[later].proxies {
                        let shapeE = set.proxies[pe].shape, shapeL = set.proxies[pl].shape
                        if sweeps[earlier].stop == sweeps[later].stop {
                            let toi = TimeOfImpact.compute(shapeE, sweeps[earlier].sweep, shapeL, sweeps[later].sweep,
                                                           tMax: sweeps[earlier].stop)
                            let stop = Self.earlierStop(sweeps[earlier].stop, toi)
                            sweeps[earlier].stop = stop
                            sweeps[later].stop = stop
                        } else {
                            let held = BodySweep(staticAt: sweeps[earlier].sweep.transform(at: sweeps[earlier].stop))
                            let toi = TimeOfImpact.compute(shapeL, sweeps[later].sweep, shapeE, held, tMax: sweeps[later].stop)
                            sweeps[later].stop = Self.earlierStop(sweeps[later].stop, toi)
                        }
                    }
                }
                if (sweeps[earlier].stop, sweeps[later].stop) != before { changed = true }
            }
            if !changed { return }
            if round == Self.fastPairRounds - 1 {
                for (e, f) in pairs { sweeps[e].stop = 0; sweeps[f].stop = 0 }
            }
        }
    }

    /// Where a body that starts its step touching static `shape` must stop so that its
    /// centre does not pass through: a disc of `radius` at the local point `centre` (the
    /// body's centre or a compound part's centroid; a quarter of the smallest half-extent;
    /// Box2D v3.1's fallback) is swept along `sweep`, and stops at
    /// its time of impact. A disc already within its target distance at the start is held
    /// there (velocity kept: the contact turns it) only if its centre would end on the far
    /// side of the shape's core or inside it; moving along or away, it goes free, so
    /// nothing is pinned to a surface and position correction still pushes it out.
    /// Returns `tMax` when nothing stops it, and with a hold the unit normal from the shape
    /// toward the centre at the start (the side the centre must stay on).
    private static func centreStop(_ sweep: BodySweep, radius: Double, at centre: SIMD2<Double>,
                                   against shape: CollisionShape, _ target: BodySweep,
                                   tMax: Double) -> (stop: Double, held: SIMD2<Double>?) {
        guard let disc = try? CollisionShape.circle(radius: radius, center: centre) else { return (tMax, nil) }
        let toi = TimeOfImpact.compute(disc, sweep, shape, target, tMax: tMax)
        guard toi.fraction <= 0 || toi.state == .overlapped else { return (earlierStop(tMax, toi), nil) }
        let start = ShapeDistance.between(shape, target.transform(at: 0), disc, sweep.transform(at: 0),
                                          includeRadii: false)
        let end = ShapeDistance.between(shape, target.transform(at: 0), disc, sweep.transform(at: tMax),
                                        includeRadii: false)
        let crosses = end.distance == 0 || Planar.dot(start.normal, end.normal) < 0
        return start.distance > 0 && crosses ? (0, start.normal) : (tMax, nil)
    }

    /// Rounds of `sweepFastPairs` before the pairs still changing are stopped outright.
    static let fastPairRounds = 8

    /// `stop` lowered to a time of impact that is a touch (or the best estimate of one)
    /// after the start; shapes apart or already overlapping leave it.
    private static func earlierStop(_ stop: Double, _ toi: TimeOfImpact) -> Double {
        switch toi.state {
        case .touching, .failed: toi.fraction > 0 ? min(stop, toi.fraction) : stop
        case .separated, .overlapped: stop
        }
    }
}

/// A fast body's motion this step for `World.continuousCollision`: its sweep, the box
/// it sweeps, and the fraction of the step it may move (1: all of it).
private struct FastSweep {
    var body: Int
    /// Its pieces' proxies (one unless the body is a compound).
    var proxies: Range<Int>
    var sweep: BodySweep
    var swept: AABB
    var stop = 1.0
    /// The normals of the static shapes its centre is held at (`World.centreStop`).
    var heldNormals: [SIMD2<Double>] = []
}
