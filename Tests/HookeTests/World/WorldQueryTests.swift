import Foundation
import Hooke
import XCTest

/// The World's queries (#20, item 2; SpriteKit's `body(at:)` and
/// `enumerateBodies(alongRayStart:end:)`, Box2D v3's `b2World_CastRay`,
/// `b2World_CastShape`, `b2World_OverlapShape`): what they report equals testing every
/// body's outline at its current pose, through steps, teleports, removals and reused
/// slots; the skin, the stacking order and the category filter behave as documented.
final class WorldQueryTests: XCTestCase {
    /// The outline `World` documents for a body shape, built here from the public
    /// constructors: a rectangle is a box, an ellipse a circle or the 0.25 pt polygon,
    /// a polygon itself (counter-clockwise).
    private func outline(_ shape: BodyShape) throws -> CollisionShape {
        switch shape {
        case let .rectangle(w, h): return try .box(width: w, height: h)
        case let .ellipse(w, h): return try .ellipse(width: w, height: h)
        case let .polygon(v): return try .polygon(ConvexPolygon.signedArea(v) < 0 ? v.reversed() : v)
        case .compound: throw HookeError.invalidParameter("shape", value: .nan, requirement: "no compound in this scene")
        }
    }

    private func placed(_ world: World, _ h: BodyHandle) throws -> (CollisionShape, CollisionTransform) {
        let s = world.body(h)
        return (try outline(s.shape), CollisionTransform(position: s.center, angle: s.angle))
    }

    /// 60 bodies of every shape in a walled box under gravity; every fifth is anchored,
    /// every seventh a sensor, every sixth outside the collision behaviour (it falls
    /// through the others), so that the queries meet every kind of body.
    private func scene() throws -> (World, [BodyHandle]) {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 600, height: 800)
        var rng = SplitMix64(seed: 5)
        var handles: [BodyHandle] = [], colliding: [BodyHandle] = [], falling: [BodyHandle] = []
        for k in 0..<60 {
            let a = rng.uniform(12...40), b = rng.uniform(12...40)
            let shape: BodyShape = switch k % 4 {
            case 0: .rectangle(width: a, height: b)
            case 1: .ellipse(width: a, height: a)
            case 2: .ellipse(width: a, height: b)
            default: .polygon([SIMD2(-a / 2, b / 3), SIMD2(a / 2, b / 3), SIMD2(0, -2 * b / 3)])
            }
            var definition = BodyDefinition(
                shape: shape, center: SIMD2(30 + Double(k % 12) * 48, 40 + Double(k / 12) * 60), angle: rng.uniform(-1...1),
                velocity: SIMD2(rng.uniform(-300...300), rng.uniform(-300...300)), angularVelocity: rng.uniform(-4...4),
                properties: ItemProperties(isAnchored: k % 5 == 4))
            definition.isSensor = k % 7 == 3
            if k % 3 == 0 { definition.collisionFilter = CollisionFilter(categories: 2) }
            let h = try world.createBody(definition)
            handles.append(h)
            if k % 6 != 5 { colliding.append(h) }
            if k % 5 != 4 { falling.append(h) }
        }
        try world.addBehavior(.collision(CollisionBehavior(items: colliding, translatesReferenceBoundsIntoBoundary: true)))
        try world.addBehavior(.gravity(GravityBehavior(items: falling)))
        return (world, handles)
    }

    private func checkAgainstEveryBody(_ world: World, _ rng: inout SplitMix64, file: StaticString = #filePath, line: UInt = #line) throws {
        let all = world.bodyHandles  // oldest first
        var outlines: [BodyHandle: (CollisionShape, CollisionTransform)] = [:]
        for h in all { outlines[h] = try placed(world, h) }
        for q in 0..<40 {
            let skin = q % 2 == 1
            let categories: UInt64 = q % 3 == 0 ? 2 : .max
            let admitted = all.filter { world.collisionFilter(of: $0).categories & categories != 0 }
            let p = SIMD2(rng.uniform(0...600), rng.uniform(0...800))
            let at = admitted.filter { outlines[$0]!.0.contains(p, placedBy: outlines[$0]!.1, includingSkin: skin) }
            XCTAssertEqual(try world.bodies(at: p, includingSkin: skin, categories: categories), at, file: file, line: line)
            XCTAssertEqual(try world.body(at: p, includingSkin: skin, categories: categories), at.last, file: file, line: line)

            let end = SIMD2(rng.uniform(0...600), rng.uniform(0...800))
            let expected = admitted.enumerated().compactMap { order, h -> (Int, BodyHandle, RayIntersection)? in
                outlines[h]!.0.rayCast(from: p, to: end, placedBy: outlines[h]!.1, includingSkin: skin).map { (order, h, $0) }
            }.sorted { ($0.2.fraction, $0.0) < ($1.2.fraction, $1.0) }
            let hits = try world.castRay(from: p, to: end, includingSkin: skin, categories: categories)
            XCTAssertEqual(hits.map(\.body), expected.map(\.1), file: file, line: line)
            XCTAssertEqual(hits.map(\.point), expected.map(\.2.point), file: file, line: line)
            XCTAssertEqual(hits.map(\.normal), expected.map(\.2.normal), file: file, line: line)
            XCTAssertEqual(try world.closestRayHit(from: p, to: end, includingSkin: skin, categories: categories)?.body,
                           expected.first?.1, file: file, line: line)

            let probe = BodyShape.rectangle(width: rng.uniform(5...60), height: rng.uniform(5...60))
            let angle = rng.uniform(-1...1), move = SIMD2(rng.uniform(-200...200), rng.uniform(-200...200))
            let probeOutline = try outline(probe), probePlace = CollisionTransform(position: p, angle: angle)
            let castExpected = admitted.enumerated().compactMap { order, h -> (Int, BodyHandle, RayIntersection)? in
                probeOutline.cast(placedBy: probePlace, translation: move, against: outlines[h]!.0, placedBy: outlines[h]!.1,
                                  includingSkin: skin).map { (order, h, $0) }
            }.sorted { ($0.2.fraction, $0.0) < ($1.2.fraction, $1.0) }
            let casts = try world.castShape(probe, center: p, angle: angle, translation: move, includingSkin: skin,
                                            categories: categories)
            XCTAssertEqual(casts.map(\.body), castExpected.map(\.1), file: file, line: line)
            XCTAssertEqual(casts.map(\.fraction), castExpected.map(\.2.fraction), file: file, line: line)
            let overlapping = admitted.filter {
                probeOutline.overlaps(outlines[$0]!.0, placedBy: probePlace, outlines[$0]!.1, includingSkin: skin)
            }
            XCTAssertEqual(try world.bodies(overlapping: probe, center: p, angle: angle, includingSkin: skin,
                                            categories: categories), overlapping, file: file, line: line)

            let rect = WorldRect(origin: p - SIMD2(40, 40), size: SIMD2(80, 60))
            // The turned item's box from its corners, its vertices, or the ellipse's
            // support function; compared with 1e-9 pt of slack either way.
            func box(_ h: BodyHandle) -> (SIMD2<Double>, SIMD2<Double>) {
                let s = world.body(h)
                let c = cos(s.angle), sn = sin(s.angle)
                if case .ellipse(let w, let ht) = s.shape {
                    let e = SIMD2(((w / 2 * c) * (w / 2 * c) + (ht / 2 * sn) * (ht / 2 * sn)).squareRoot(),
                                  ((w / 2 * sn) * (w / 2 * sn) + (ht / 2 * c) * (ht / 2 * c)).squareRoot())
                    return (s.center - e, s.center + e)
                }
                let corners: [SIMD2<Double>]
                if case .polygon(let v) = s.shape { corners = v } else {
                    corners = [SIMD2(-1, -1), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)].map { $0 * s.shape.size / 2 }
                }
                var lo = SIMD2(Double.infinity, .infinity), hi = -lo
                for v in corners {
                    let w = s.center + SIMD2(c * v.x - sn * v.y, sn * v.x + c * v.y)
                    lo = SIMD2(min(lo.x, w.x), min(lo.y, w.y))
                    hi = SIMD2(max(hi.x, w.x), max(hi.y, w.y))
                }
                return (lo, hi)
            }
            func meets(_ h: BodyHandle, slack: Double) -> Bool {
                let (lo, hi) = box(h)
                return lo.x <= rect.maximum.x + slack && rect.minimum.x <= hi.x + slack
                    && lo.y <= rect.maximum.y + slack && rect.minimum.y <= hi.y + slack
            }
            let found = Set(world.bodies(in: rect))
            XCTAssertTrue(found.isSubset(of: Set(all.filter { meets($0, slack: 1e-9) })), file: file, line: line)
            XCTAssertTrue(Set(all.filter { meets($0, slack: -1e-9) }).isSubset(of: found), file: file, line: line)
        }
    }

    func testQueriesEqualTestingEveryBodyThroughTwoSecondsOfCollisions() throws {
        var (world, _) = try scene()
        var rng = SplitMix64(seed: 99)
        try checkAgainstEveryBody(world, &rng)
        for checkpoint in 0..<4 {
            for _ in 0..<(checkpoint == 0 ? 3 : 60) { world.step() }
            try checkAgainstEveryBody(world, &rng)
        }
    }

    func testQueriesFollowTeleportsRemovalsAndReusedSlots() throws {
        var (world, handles) = try scene()
        var rng = SplitMix64(seed: 3)
        for _ in 0..<30 { world.step() }
        // Teleports, anchored bodies included, then removals whose slots new bodies reuse.
        for (k, h) in handles.enumerated() where k % 4 == 1 || k % 5 == 4 {
            try world.updateBody(h, center: SIMD2(rng.uniform(0...600), rng.uniform(0...800)), angle: rng.uniform(-3...3))
        }
        for h in handles.prefix(20) where handles.firstIndex(of: h)! % 2 == 0 { world.removeBody(h) }
        for k in 0..<8 {
            _ = try world.createBody(BodyDefinition(shape: .ellipse(width: 30, height: 30),
                                                    center: SIMD2(40 + 60 * Double(k), 700)))
        }
        try checkAgainstEveryBody(world, &rng)
        for _ in 0..<40 { world.step() }
        try checkAgainstEveryBody(world, &rng)
    }

    func testTheTopmostBodyIsTheNewestAndTheSkinIsOneMorePoint() throws {
        var world = try World()
        let under = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 60), center: SIMD2(100, 100)))
        let over = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 60), center: SIMD2(150, 100)))
        XCTAssertEqual(try world.bodies(at: SIMD2(120, 100)), [under, over])
        XCTAssertEqual(try world.body(at: SIMD2(120, 100)), over)
        XCTAssertEqual(try world.body(at: SIMD2(60, 100)), under)
        // The rectangle's right edge is x = 200; its skin reaches 201.
        XCTAssertNil(try world.body(at: SIMD2(200.5, 100)))
        XCTAssertEqual(try world.body(at: SIMD2(200.5, 100), includingSkin: true), over)
        // A ray from the left enters `under` at x = 50: fraction 40/300.
        let hit = try XCTUnwrap(world.closestRayHit(from: SIMD2(10, 110), to: SIMD2(310, 110)))
        XCTAssertEqual(hit.body, under)
        XCTAssertEqual(hit.fraction, 40.0 / 300, accuracy: 1e-15)
        XCTAssertEqual(hit.normal, SIMD2(-1, 0))
        XCTAssertEqual(try world.castRay(from: SIMD2(10, 110), to: SIMD2(310, 110)).map(\.body), [under, over])
    }

    func testNonFiniteQueryInputsAreRefusedByName() throws {
        let world = try World()
        func name(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let error as HookeError { return "\(error)" } catch { return nil }
        }
        XCTAssertTrue(name { _ = try world.bodies(at: SIMD2(.nan, 0)) }?.contains("point.x") ?? false)
        XCTAssertTrue(name { _ = try world.castRay(from: .zero, to: SIMD2(0, .infinity)) }?.contains("end.y") ?? false)
        XCTAssertTrue(name {
            _ = try world.castShape(.ellipse(width: 10, height: 10), center: .zero, translation: SIMD2(.nan, 0))
        }?.contains("translation.x") ?? false)
        XCTAssertTrue(name {
            _ = try world.bodies(overlapping: .rectangle(width: -1, height: 5), center: .zero)
        }?.contains("width") ?? false)
    }
}
