import Foundation
import Hooke
import XCTest

/// The shape index answers through its tree exactly what testing every stored outline
/// answers, before and after its shapes move, and its fat boxes keep holding the tight
/// ones (the invariant that makes the tree's answers exact).
final class ShapeIndexTests: XCTestCase {
    private struct Scene {
        var index = ShapeIndex()
        /// Each key's shape, position and angle, as the index was given them.
        var shapes: [Int: (CollisionShape, SIMD2<Double>, Double)] = [:]
    }

    private func randomShape(_ random: inout SplitMix64) throws -> CollisionShape {
        switch random.next() % 4 {
        case 0: return try .circle(radius: random.uniform(2...15))
        case 1: return try .box(width: random.uniform(3...40), height: random.uniform(3...40))
        case 2: return try .ellipse(width: random.uniform(5...40), height: random.uniform(5...40))
        default:
            let a = SIMD2(random.uniform(-40...40), random.uniform(-40...40))
            return try .segment(from: a, to: a + SIMD2(random.uniform(5...60), random.uniform(-30...30)))
        }
    }

    private func randomPlacement(_ random: inout SplitMix64) -> (position: SIMD2<Double>, angle: Double) {
        (SIMD2(random.uniform(0...400), random.uniform(0...400)), random.uniform(-3...3))
    }

    private func scene(seed: UInt64, count: Int) throws -> (Scene, SplitMix64) {
        var random = SplitMix64(seed: seed)
        var scene = Scene()
        for key in 0..<count {
            let shape = try randomShape(&random), placed = randomPlacement(&random)
            scene.index.insert(key, [shape], at: placed.position, angle: placed.angle)
            scene.shapes[key] = (shape, placed.position, placed.angle)
        }
        return (scene, random)
    }

    private func checkAgainstEveryShape(_ scene: Scene, _ random: inout SplitMix64, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(scene.index.validate(), file: file, line: line)
        let keys = scene.shapes.keys.sorted()
        let placed = scene.shapes.mapValues { ($0.0, CollisionTransform(position: $0.1, angle: $0.2)) }
        for q in 0..<60 {
            let skin = q % 2 == 0
            let p = SIMD2(random.uniform(-20...420), random.uniform(-20...420))
            let expectedAt = keys.filter { placed[$0]!.0.contains(p, placedBy: placed[$0]!.1, includingSkin: skin) }
            XCTAssertEqual(scene.index.keys(at: p, includingSkin: skin), expectedAt, file: file, line: line)

            let end = SIMD2(random.uniform(-20...420), random.uniform(-20...420))
            let expectedRay = keys.compactMap { k -> (Int, RayIntersection)? in
                placed[k]!.0.rayCast(from: p, to: end, placedBy: placed[k]!.1, includingSkin: skin).map { (k, $0) }
            }.sorted { ($0.1.fraction, $0.0) < ($1.1.fraction, $1.0) }
            let rays = scene.index.rayHits(from: p, to: end, includingSkin: skin)
            XCTAssertEqual(rays.map(\.key), expectedRay.map(\.0), file: file, line: line)
            XCTAssertEqual(rays.map(\.hit), expectedRay.map(\.1), file: file, line: line)
            let closest = scene.index.closestRayHit(from: p, to: end, includingSkin: skin)
            XCTAssertEqual(closest?.key, expectedRay.first?.0, file: file, line: line)

            let probe = try randomShape(&random), probePlace = CollisionTransform(position: p, angle: random.uniform(-3...3))
            let translation = SIMD2(random.uniform(-150...150), random.uniform(-150...150))
            let expectedCast = keys.compactMap { k -> (Int, RayIntersection)? in
                probe.cast(placedBy: probePlace, translation: translation, against: placed[k]!.0,
                           placedBy: placed[k]!.1, includingSkin: skin).map { (k, $0) }
            }.sorted { ($0.1.fraction, $0.0) < ($1.1.fraction, $1.0) }
            let casts = scene.index.castHits([probe], placedBy: probePlace, translation: translation, includingSkin: skin)
            XCTAssertEqual(casts.map(\.key), expectedCast.map(\.0), file: file, line: line)
            let expectedOverlap = keys.filter {
                probe.overlaps(placed[$0]!.0, placedBy: probePlace, placed[$0]!.1, includingSkin: skin)
            }
            XCTAssertEqual(scene.index.keys(overlapping: [probe], placedBy: probePlace, includingSkin: skin), expectedOverlap,
                           file: file, line: line)
        }
    }

    func testTreeQueriesEqualTestingEveryShape() throws {
        var (scene, random) = try scene(seed: 11, count: 150)
        try checkAgainstEveryShape(scene, &random)
    }

    func testQueriesStayExactAsShapesMoveAndGo() throws {
        var (scene, random) = try scene(seed: 12, count: 120)
        for round in 0..<5 {
            for key in scene.shapes.keys.sorted() {
                switch random.next() % 5 {
                case 0:
                    scene.index.remove(key)
                    scene.shapes[key] = nil
                case 1, 2:
                    // Small moves keep the leaf; large ones re-insert it.
                    let (shape, position, angle) = scene.shapes[key]!
                    let step = round % 2 == 0 ? 3.0 : 60.0
                    let moved = position + SIMD2(random.uniform(-step...step), random.uniform(-step...step))
                    let turned = angle + random.uniform(-0.3...0.3)
                    scene.index.move(key, to: moved, angle: turned, displacement: moved - position)
                    scene.shapes[key] = (shape, moved, turned)
                default: break
                }
            }
            try checkAgainstEveryShape(scene, &random)
        }
    }

    /// `move`'s cheap bound (the last tight box carried along and grown by reach·|Δθ|)
    /// must hold the outline however a body creeps and turns: shapes drift and turn by
    /// small steps, past the margin, and every tight box stays inside its leaf's box
    /// after every step, also across an encode and decode, which derives the bound.
    func testCreepingAndTurningKeepsEveryTightBoxInsideItsLeaf() throws {
        var (scene, random) = try scene(seed: 13, count: 60)
        let drift = Dictionary(uniqueKeysWithValues: scene.shapes.keys.map { key in
            (key, (SIMD2(random.uniform(-0.4...0.4), random.uniform(-0.4...0.4)), random.uniform(-0.02...0.02)))
        })
        for step in 0..<300 {
            if step == 150 {
                scene.index = try JSONDecoder().decode(ShapeIndex.self, from: JSONEncoder().encode(scene.index))
            }
            for key in scene.shapes.keys.sorted() {
                let (shape, position, angle) = scene.shapes[key]!, (velocity, spin) = drift[key]!
                scene.index.move(key, to: position + velocity, angle: angle + spin, displacement: velocity)
                scene.shapes[key] = (shape, position + velocity, angle + spin)
            }
            XCTAssertTrue(scene.index.validate(), "step \(step)")
            guard scene.index.validate() else { return }
        }
        try checkAgainstEveryShape(scene, &random)
    }

    func testANonFinitePlacementIsNotStoredAndLeavesTheTreeIntact() throws {
        var index = ShapeIndex()
        let circle = try CollisionShape.circle(radius: 5)
        index.insert(0, [circle], at: SIMD2(10, 10), angle: 0)
        index.move(0, to: SIMD2(.nan, 10), angle: 0)
        index.move(0, to: SIMD2(10, 10), angle: .nan)
        XCTAssertEqual(index.keys(at: SIMD2(10, 10), includingSkin: false), [0])
        index.insert(1, [circle], at: SIMD2(.infinity, 0), angle: 0)
        XCTAssertFalse(index.contains(1))
        XCTAssertTrue(index.validate())
    }
}
