import Foundation
import Hooke
import XCTest

/// The broadphase against the O(N²) check of every pair, on seeded random scenes.
final class BroadPhaseTests: XCTestCase {
    func randomBoxes(_ n: Int, field: Double, _ rng: inout CollisionRandom) -> [AABB] {
        (0..<n).map { _ in
            let lo = SIMD2(Double.random(in: 0...field, using: &rng), Double.random(in: 0...field, using: &rng))
            let size = SIMD2(Double.random(in: 2...40, using: &rng), Double.random(in: 2...40, using: &rng))
            return AABB(lower: lo, upper: lo + size)
        }
    }

    func testWithoutMarginItFindsExactlyTheBruteForcePairs() throws {
        var rng = CollisionRandom(seed: 1)
        for (n, field) in [(1, 100.0), (2, 10.0), (50, 100.0), (400, 600.0), (1500, 1200.0)] {
            var boxes = randomBoxes(n, field: field, &rng)
            var broadPhase = try BroadPhase(margin: 0)
            XCTAssertEqual(broadPhase.update(boxes), PairFinder.bruteForce(boxes), "N = \(n)")
            // Steps of random motion: with no margin a box that moves at all leaves its
            // stored box, except when it moves inside it, so compare against the stored boxes.
            for _ in 0..<4 {
                boxes = boxes.map { b in
                    let d = SIMD2(Double.random(in: -15...15, using: &rng), Double.random(in: -15...15, using: &rng))
                    return AABB(lower: b.lower + d, upper: b.upper + d)
                }
                XCTAssertEqual(broadPhase.update(boxes), PairFinder.bruteForce(boxes), "N = \(n) after a move")
            }
        }
    }

    func testFattenedProxiesMatchBruteForceOverTheirStoredBoxesAndCoverEveryTightPair() throws {
        var rng = CollisionRandom(seed: 2)
        var broadPhase = try BroadPhase()
        var ids: [ProxyID] = []
        var tight: [ProxyID: AABB] = [:]
        for box in randomBoxes(600, field: 900, &rng) {
            let id = broadPhase.createProxy(box)
            ids.append(id)
            tight[id] = box
        }
        for step in 0..<12 {
            // Move most proxies a little (mostly within their margin), some far, destroy and create a few.
            for id in ids where Bool.random(using: &rng) {
                let far = Double.random(in: 0...1, using: &rng) < 0.1
                let r = far ? 120.0 : 4.0
                let d = SIMD2(Double.random(in: -r...r, using: &rng), Double.random(in: -r...r, using: &rng))
                let b = AABB(lower: tight[id]!.lower + d, upper: tight[id]!.upper + d)
                broadPhase.moveProxy(id, to: b)
                tight[id] = b
            }
            for _ in 0..<5 {
                let k = Int.random(in: 0..<ids.count, using: &rng)
                broadPhase.destroyProxy(ids[k])
                tight[ids[k]] = nil
                ids.remove(at: k)
            }
            for box in randomBoxes(5, field: 900, &rng) {
                let id = broadPhase.createProxy(box)
                ids.append(id)
                tight[id] = box
            }
            let pairs = broadPhase.updatePairs()
            // Reference: all pairs of the stored fat boxes, mapped back to proxy ids.
            let sortedIDs = ids.sorted()
            let reference = PairFinder.bruteForce(sortedIDs.map { broadPhase.fatBox($0) })
                .map { ProxyPair(sortedIDs[$0.a.rawValue], sortedIDs[$0.b.rawValue]) }
                .sorted()
            XCTAssertEqual(pairs, reference, "step \(step)")
            // Every pair whose tight boxes overlap is a candidate.
            let found = Set(pairs)
            for p in PairFinder.bruteForce(sortedIDs.map { tight[$0]! }) {
                XCTAssertTrue(found.contains(ProxyPair(sortedIDs[p.a.rawValue], sortedIDs[p.b.rawValue])))
            }
            // Stored boxes hold the tight ones with at most the margin (10 pt) plus nothing else.
            for id in ids { XCTAssertTrue(broadPhase.fatBox(id).contains(tight[id]!)) }
            // No degenerate chains: the rotations keep the height within a few times log₂ N.
            XCTAssertLessThanOrEqual(Double(broadPhase.treeHeight), 3 * log2(Double(ids.count)))
        }
    }

    func testSortAndSweepAndGridAgreeWithBruteForceIncludingTouchingEdges() {
        var rng = CollisionRandom(seed: 3)
        var boxes = randomBoxes(800, field: 700, &rng)
        // A lattice of unit boxes that touch exactly along their edges and corners.
        for i in 0..<12 {
            for j in 0..<12 {
                let lo = SIMD2(Double(i) * 10, Double(j) * 10) + 2000
                boxes.append(AABB(lower: lo, upper: lo + 10))
            }
        }
        let reference = PairFinder.bruteForce(boxes)
        XCTAssertEqual(PairFinder.sortAndSweep(boxes), reference)
        XCTAssertEqual(PairFinder.uniformGrid(boxes), reference)
        XCTAssertEqual(PairFinder.uniformGrid(boxes, cellSize: 7), reference)
        XCTAssertEqual(PairFinder.uniformGrid(boxes, cellSize: 5000), reference)
        var broadPhase = try? BroadPhase(margin: 0)
        XCTAssertEqual(broadPhase?.update(boxes), reference)
        // Touching lattice: 12×11 horizontal + 12×11 vertical + 2·11·11 diagonal neighbours.
        let lattice = PairFinder.bruteForce(Array(boxes.suffix(144)))
        XCTAssertEqual(lattice.count, 2 * 12 * 11 + 2 * 11 * 11)
    }

    func testSameCallsGiveTheSamePairsInTheSameOrder() throws {
        func run() throws -> [[ProxyPair]] {
            var rng = CollisionRandom(seed: 4)
            var boxes = randomBoxes(300, field: 400, &rng)
            var broadPhase = try BroadPhase()
            var out = [broadPhase.update(boxes)]
            for _ in 0..<5 {
                boxes = boxes.map { AABB(lower: $0.lower + [0, 7], upper: $0.upper + [0, 7]) }
                out.append(broadPhase.update(boxes))
            }
            return out
        }
        let first = try run()
        XCTAssertEqual(first, try run())
        for pairs in first { XCTAssertEqual(pairs, pairs.sorted()) }
    }

    func testQueryAndRefusals() throws {
        var broadPhase = try BroadPhase(margin: 10)
        let floor = broadPhase.createProxy(AABB(lower: [0, 500], upper: [400, 502]))
        let box = broadPhase.createProxy(AABB(lower: [100, 440], upper: [160, 489]))
        // 11 pt apart: the 10 pt fat boxes overlap.
        XCTAssertEqual(broadPhase.updatePairs(), [ProxyPair(floor, box)])
        XCTAssertEqual(broadPhase.query(AABB(lower: [395, 505], upper: [420, 520])), [floor])
        XCTAssertFalse(broadPhase.moveProxy(box, to: AABB(lower: [105, 445], upper: [165, 494])))
        XCTAssertTrue(broadPhase.moveProxy(box, to: AABB(lower: [100, 300], upper: [160, 349])))
        XCTAssertEqual(broadPhase.updatePairs(), [])
        broadPhase.destroyProxy(floor)
        XCTAssertFalse(broadPhase.isLive(floor))
        XCTAssertEqual(broadPhase.proxyCount, 1)
        XCTAssertThrowsError(try BroadPhase(margin: -1))
    }

    /// A proxy moved with an expected displacement d is re-inserted with its box grown
    /// by the margin and stretched by 2·d ahead only (Box2D 2.3's b2_aabbMultiplier):
    /// lower corner tight + margin behind, upper corner + margin + 2·d ahead, per axis
    /// by the sign of d. So a body moving 8 pt per step stays inside for the next two
    /// steps and is not re-inserted, where without the stretch it would be.
    func testDisplacementStretchesTheFatBoxAhead() throws {
        var broadPhase = try BroadPhase(margin: 10)
        let box = broadPhase.createProxy(AABB(lower: [0, 0], upper: [20, 20]))
        let moved = AABB(lower: [50, 0], upper: [70, 20])
        XCTAssertTrue(broadPhase.moveProxy(box, to: moved, displacement: SIMD2(8, -3)))
        XCTAssertEqual(broadPhase.fatBox(box), AABB(lower: [40, -16], upper: [96, 30]))
        for step in 1...2 {
            let next = AABB(lower: [50 + 8 * Double(step), -3 * Double(step)],
                            upper: [70 + 8 * Double(step), 20 - 3 * Double(step)])
            XCTAssertFalse(broadPhase.moveProxy(box, to: next, displacement: SIMD2(8, -3)), "step \(step)")
        }
        var still = try BroadPhase(margin: 10)
        let other = still.createProxy(AABB(lower: [0, 0], upper: [20, 20]))
        XCTAssertTrue(still.moveProxy(other, to: moved))
        XCTAssertTrue(still.moveProxy(other, to: AABB(lower: [66, -6], upper: [86, 14])))
    }

    /// A proxy re-inserted with the neighbours it had leaves the pair list unchanged,
    /// and the broadphase says so; one that gains or loses a neighbour changes it.
    func testPairsDidChangeOnlyWhenThePairListChanges() throws {
        var broadPhase = try BroadPhase(margin: 10)
        let floor = broadPhase.createProxy(AABB(lower: [0, 500], upper: [400, 502]))
        let box = broadPhase.createProxy(AABB(lower: [100, 440], upper: [160, 499]))
        let far = broadPhase.createProxy(AABB(lower: [1000, 0], upper: [1010, 10]))
        XCTAssertEqual(broadPhase.updatePairs(), [ProxyPair(floor, box)])
        XCTAssertTrue(broadPhase.pairsDidChange)
        // 15 pt sideways leaves the 10 pt fat box, still over the floor: same pairs.
        XCTAssertTrue(broadPhase.moveProxy(box, to: AABB(lower: [115, 440], upper: [175, 499])))
        XCTAssertEqual(broadPhase.updatePairs(), [ProxyPair(floor, box)])
        XCTAssertFalse(broadPhase.pairsDidChange)
        // Nothing moved: nothing changed.
        XCTAssertEqual(broadPhase.updatePairs(), [ProxyPair(floor, box)])
        XCTAssertFalse(broadPhase.pairsDidChange)
        // The far box comes down onto the floor: a new pair.
        XCTAssertTrue(broadPhase.moveProxy(far, to: AABB(lower: [300, 480], upper: [310, 490])))
        XCTAssertEqual(broadPhase.updatePairs(), [ProxyPair(floor, box), ProxyPair(floor, far)])
        XCTAssertTrue(broadPhase.pairsDidChange)
        // The box lifts 100 pt off the floor: its pair goes.
        XCTAssertTrue(broadPhase.moveProxy(box, to: AABB(lower: [115, 340], upper: [175, 399])))
        XCTAssertEqual(broadPhase.updatePairs(), [ProxyPair(floor, far)])
        XCTAssertTrue(broadPhase.pairsDidChange)
    }
}
