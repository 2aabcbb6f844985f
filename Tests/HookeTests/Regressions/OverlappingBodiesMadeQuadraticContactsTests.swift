import Foundation
import Hooke
import XCTest

/// 3,000 boxes placed at one point in one collision behaviour took 4.0 GB and 41 s for
/// two steps, and 20,000 aborted with "failed to allocate 60796960032 bytes": n bodies
/// heaped on one point overlap in n(n − 1)/2 broadphase pairs, each made a contact.
/// The broadphase now bounds the pairs per body and per world (Docs/reliability.md).
final class OverlappingBodiesMadeQuadraticContactsTests: XCTestCase {
    /// 5 000 boxes on one point: the pairs stay within 256 per box (and the list within
    /// n·256/2, linear in n), in order, and the broadphase says it left pairs out.
    func testPairsOfBoxesHeapedOnOnePointAreBounded() throws {
        var broadPhase = try BroadPhase()
        let n = 5_000
        let box = AABB(lower: [0, 0], upper: [10, 10])
        for _ in 0..<n { _ = broadPhase.createProxy(box) }
        let pairs = broadPhase.updatePairs()
        XCTAssertLessThanOrEqual(pairs.count, n * CollisionParameters.maximumPairsPerProxy / 2)
        XCTAssertGreaterThan(pairs.count, n / 2)
        XCTAssertGreaterThan(broadPhase.droppedPairCount, 0)
        var perProxy: [ProxyID: Int] = [:]
        for p in pairs {
            perProxy[p.a, default: 0] += 1
            perProxy[p.b, default: 0] += 1
        }
        XCTAssertLessThanOrEqual(perProxy.values.max() ?? 0, CollisionParameters.maximumPairsPerProxy)
        XCTAssertEqual(pairs, pairs.sorted())
    }

    /// An unbounded proxy (a boundary edge) keeps its pair with every box on it.
    func testAnUnboundedProxyKeepsEveryPair() throws {
        var broadPhase = try BroadPhase()
        let floor = broadPhase.createProxy(AABB(lower: [0, 100], upper: [100_000, 101]), bounded: false)
        for k in 0..<1_000 {
            _ = broadPhase.createProxy(AABB(lower: [Double(k) * 50, 80], upper: [Double(k) * 50 + 20, 99]))
        }
        let pairs = broadPhase.updatePairs()
        XCTAssertEqual(pairs.filter { $0.a == floor || $0.b == floor }.count, 1_000)
        XCTAssertEqual(broadPhase.droppedPairCount, 0)
    }

    /// A world of 300 boxes on one point steps, with the contacts bounded and a warning
    /// event saying so.
    func testAWorldOfHeapedBoxesStepsAndWarns() throws {
        var world = try World()
        var items: [BodyHandle] = []
        for _ in 0..<300 {
            items.append(try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20),
                                                             center: SIMD2(100, 100))))
        }
        try world.addBehavior(.collision(CollisionBehavior(items: items)))
        world.step()
        let warnings = world.events.log.compactMap { event -> Int? in
            if case let .contactsDropped(count) = event.kind { return count }
            return nil
        }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertGreaterThan(warnings.first ?? 0, 0)
        world.step()
        XCTAssertTrue(items.allSatisfy { world.body($0).center.x.isFinite })
    }

    /// A 40-row pyramid (820 boxes, 1 pt apart, on the soft step), the densest scene of
    /// the examples' kind, leaves no pair out: each box meets its 8 neighbours at most.
    func testAPyramidLeavesNothingOut() throws {
        var world = try World(configuration: WorldConfiguration(solver: .softStep(substeps: 4)))
        world.referenceBounds = WorldRect(x: -1000, y: -2000, width: 2000, height: 2000)
        var items: [BodyHandle] = []
        let rows = 40, side = 20.0
        for row in 0..<rows {
            for k in 0..<(rows - row) {
                let x = (Double(k) - Double(rows - row - 1) / 2) * (side + 1)
                let y = -side / 2 - 1 - Double(row) * (side + 1)
                items.append(try world.createBody(BodyDefinition(shape: .rectangle(width: side, height: side),
                                                                 center: SIMD2(x, y))))
            }
        }
        try world.addBehavior(.gravity(GravityBehavior(items: items)))
        try world.addBehavior(.collision(CollisionBehavior(items: items, translatesReferenceBoundsIntoBoundary: true)))
        for _ in 0..<5 {
            world.step()
            XCTAssertFalse(world.events.log.contains { if case .contactsDropped = $0.kind { true } else { false } })
        }
    }
}
