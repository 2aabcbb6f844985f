import Foundation
import Hooke
import XCTest

/// `SnapBehavior.rest`: a snapped item ends its motion at the first step after which what
/// remains of it can never be seen (Docs/animation.md, "Rest in the World").
///
/// The reference is the World's own step continued without the rule: the same item and
/// snap in a world that never sleeps, stepped long after the motion has fallen a
/// thousandfold below the bands. The rule's decision comes from a linearised model and a
/// Lyapunov bound (SnapRestModel), so the continuation checks it independently.
final class WorldSnapRestTests: XCTestCase {
    struct Start {
        var size: SIMD2<Double>
        var offset: SIMD2<Double>
        var angle: Double
        var velocity: SIMD2<Double>
        var angularVelocity: Double
        var damping: Double
        var properties: ItemProperties
    }

    static let snapPoint = SIMD2<Double>(187.5, 406)

    /// Start states drawn from a fixed seed: offsets up to 300 pt, angles up to 1 rad,
    /// release velocities up to 2500 pt/s and 12 rad/s, damping ratios 0.15…1, item sizes
    /// 20…320 pt, UIKit's resistances or none.
    static func starts(count: Int) -> [Start] {
        var g = SplitMix(state: 0x5EED_5A4E)
        return (0..<count).map { k in
            Start(size: SIMD2(g.uniform(20, 320), g.uniform(20, 320)),
                  offset: SIMD2(g.uniform(-300, 300), g.uniform(-300, 300)),
                  angle: g.uniform(-1, 1),
                  velocity: SIMD2(g.uniform(-2500, 2500), g.uniform(-2500, 2500)),
                  angularVelocity: g.uniform(-12, 12),
                  damping: [0.15, 0.3, 0.5, 0.7, 1][k % 5],
                  properties: k % 3 == 0 ? ItemProperties(resistance: 0, angularResistance: 0) : ItemProperties())
        }
    }

    /// The world of one start: the item and its snap (with `rest`, or without).
    static func world(_ s: Start, rest: SnapRest?, allowsSleeping: Bool, solver: SolverMode = .uikit)
        throws -> (World, BodyHandle) {
        var world = try World(configuration: WorldConfiguration(solver: solver, allowsSleeping: allowsSleeping))
        let item = try world.createBody(BodyDefinition(
            shape: .rectangle(width: s.size.x, height: s.size.y), center: Self.snapPoint + s.offset, angle: s.angle,
            velocity: s.velocity, angularVelocity: s.angularVelocity, properties: s.properties))
        try world.addBehavior(.snap(SnapBehavior(item: item, snapPoint: Self.snapPoint, damping: s.damping, rest: rest)))
        return (world, item)
    }

    /// How far outside the bands a state is: the largest of |Δx|/tₚ, |Δy|/tₚ and |θ|/tᵣ
    /// (above 1: visible).
    static func visibility(_ state: BodyState, _ rest: SnapRest) -> Double {
        let d = state.center - snapPoint
        return max(abs(d.x) / rest.position.value, abs(d.y) / rest.position.value, abs(state.angle) / rest.rotation.value)
    }

    func testNoSampleAfterTheSnapRestLeavesTheBandsAndTheStepBeforeItIsVisible() throws {
        let rest = try SnapRest(screenScale: 3)
        let h = WorldConfiguration().timestep
        var visibleBefore = 0, worstAfter = 0.0, starts = 0
        for s in Self.starts(count: 60) {
            var (ruled, item) = try Self.world(s, rest: rest, allowsSleeping: true)
            var (free, same) = try Self.world(s, rest: nil, allowsSleeping: false)
            var restStep: Int?
            var previous = free.body(same)
            for step in 1...(20 * 120) {
                ruled.step()
                free.step()
                let state = free.body(same)
                if restStep == nil {
                    if ruled.body(item).isResting {
                        restStep = step
                        let placed = ruled.body(item)
                        XCTAssertEqual(placed.center, Self.snapPoint)
                        XCTAssertEqual(placed.angle, 0)
                        XCTAssertEqual(placed.velocity, .zero)
                        // The step before the rest is visible: it is why the rest is not earlier.
                        if Self.visibility(previous, rest) > 1 { visibleBefore += 1 }
                        worstAfter = max(worstAfter, Self.visibility(state, rest))
                    } else {
                        // Until the rest the rule changes nothing.
                        XCTAssertEqual(ruled.body(item).center, state.center, "step \(step)")
                    }
                } else {
                    worstAfter = max(worstAfter, Self.visibility(state, rest))
                }
                previous = state
            }
            guard let n = restStep else { XCTFail("\(s) never came to rest in 20 s"); continue }
            starts += 1
            // The continuation has settled far below the bands: nothing visible can follow.
            XCTAssertLessThan(Self.visibility(free.body(same), rest), 1e-3, "\(s): rest at \(Double(n) * h) s")
        }
        XCTAssertLessThanOrEqual(worstAfter, 1, "a sample after the rest left the bands")
        print("snap rest: \(starts) starts, worst sample after rest \(worstAfter) of the band, \(visibleBefore) visible the step before")
        XCTAssertGreaterThan(visibleBefore, 0, "the step before the rest was invisible for every start")
    }
}

extension WorldSnapRestTests {
    /// The rule holds under the soft step too (its joints are solved in substeps with a
    /// relax pass; the model is measured on whichever step the world runs).
    func testTheSoftStepSnapRestsInvisiblyToo() throws {
        let rest = try SnapRest(screenScale: 2)
        for s in Self.starts(count: 10) {
            var (ruled, item) = try Self.world(s, rest: rest, allowsSleeping: true, solver: .softStep(substeps: 4))
            var (free, same) = try Self.world(s, rest: nil, allowsSleeping: false, solver: .softStep(substeps: 4))
            var rested = false
            for _ in 0..<(15 * 120) {
                ruled.step()
                free.step()
                if !rested { rested = ruled.body(item).isResting }
                if rested { XCTAssertLessThanOrEqual(Self.visibility(free.body(same), rest), 1, "\(s)") }
            }
            XCTAssertTrue(rested, "\(s)")
            XCTAssertEqual(ruled.body(item).center, Self.snapPoint)
        }
    }

    /// The snap reports `behaviorCameToRest` on the step its item is placed; without
    /// sleeping the item is still placed there and stays exactly at the point.
    func testTheRestPlacesTheItemReportsTheSnapAndHoldsWithoutSleeping() throws {
        let s = Self.starts(count: 1)[0]
        for sleeping in [true, false] {
            var (world, item) = try Self.world(s, rest: try SnapRest(screenScale: 3), allowsSleeping: sleeping)
            let snap = try XCTUnwrap(world.behaviorHandles.last)
            var restStep: Int?
            for step in 1...(10 * 120) {
                world.step()
                if restStep == nil, world.body(item).center == Self.snapPoint {
                    restStep = step
                    XCTAssertEqual(world.events.behaviorsCameToRest.contains(snap), sleeping)
                }
                if restStep != nil {
                    XCTAssertEqual(world.body(item).center, Self.snapPoint, "step \(step)")
                    XCTAssertEqual(world.body(item).angle, 0)
                }
            }
            XCTAssertNotNil(restStep)
            XCTAssertEqual(world.isPaused, sleeping)
        }
    }

    /// The rule applies only to an item moved by its snap alone. Falling, touching a
    /// boundary or held by a second snap, it rests by Box2D's rule (velocity below 1 pt/s
    /// for 0.5 s), where the forces balance, not on the snap point.
    func testAnItemMovedByMoreThanItsSnapRestsByBox2DsRule() throws {
        let rest = try SnapRest(screenScale: 3)
        func settle(_ configure: (inout World, BodyHandle) throws -> Void) throws -> BodyState {
            var world = try World()
            world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: 300)
            let item = try world.createBody(BodyDefinition(shape: .rectangle(width: 60, height: 60), center: SIMD2(150, 100)))
            try world.addBehavior(.snap(SnapBehavior(item: item, snapPoint: SIMD2(200, 120), rest: rest)))
            try configure(&world, item)
            for _ in 0..<(10 * 120) where !world.isPaused { world.step() }
            XCTAssertTrue(world.isPaused)
            return world.body(item)
        }
        let falling = try settle { world, item in try world.addBehavior(.gravity(GravityBehavior(items: [item]))) }
        XCTAssertGreaterThan(falling.center.y, 120 + 1, "gravity sags the item below the point")
        // Snapped to a point 5 pt too low, the item presses on the floor of the bounds.
        let touching = try settle { world, item in
            world.removeAllBehaviors()
            try world.addBehavior(.snap(SnapBehavior(item: item, snapPoint: SIMD2(200, 275), rest: rest)))
            try world.addBehavior(.collision(CollisionBehavior(items: [item], translatesReferenceBoundsIntoBoundary: true)))
        }
        XCTAssertLessThan(touching.center.y, 271, "the floor holds the item above the point")
        let twice = try settle { world, item in
            try world.addBehavior(.snap(SnapBehavior(item: item, snapPoint: SIMD2(210, 120), rest: rest)))
        }
        XCTAssertNotEqual(twice.center, SIMD2(200, 120))
        XCTAssertNotEqual(twice.center, SIMD2(210, 120))
    }

    /// An item that cannot turn and an undamped snap (whose implicit springs still lose
    /// energy each step) rest by the rule as well.
    func testFixedRotationAndUndampedSnapsRest() throws {
        let rest = try SnapRest(screenScale: 3)
        for (damping, turns) in [(0.5, false), (0.0, true)] {
            var world = try World()
            let item = try world.createBody(BodyDefinition(
                shape: .rectangle(width: 80, height: 50), center: SIMD2(0, 0),
                velocity: SIMD2(600, -400), properties: ItemProperties(allowsRotation: turns)))
            try world.addBehavior(.snap(SnapBehavior(item: item, snapPoint: SIMD2(100, 100), damping: damping, rest: rest)))
            for _ in 0..<(60 * 120) where !world.isPaused { world.step() }
            XCTAssertTrue(world.isPaused, "damping \(damping)")
            XCTAssertEqual(world.body(item).center, SIMD2(100, 100), "damping \(damping)")
        }
    }

    func testSnapRestRefusesABadScreenScale() {
        for scale in [0, -2, .nan, .infinity] {
            XCTAssertThrowsError(try SnapRest(screenScale: scale)) { error in
                XCTAssertTrue("\(error)".contains("screenScale"), "\(error)")
            }
        }
    }
}

/// SplitMix64 (Steele, Lea & Flood 2014), for start states that every run draws alike.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * Double(next() >> 11) / Double(1 << 53)
    }
}
