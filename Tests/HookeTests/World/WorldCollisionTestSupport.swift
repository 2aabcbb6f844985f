import Foundation
import Hooke
import HookeScenes
import XCTest

/// Scenes and measurements shared by the collision tests of both solvers: each takes the
/// `SolverMode` (and where it matters the step), so the UIKit tests and the soft-step
/// tests set up the very same scene and differ only in what they expect of it.
enum CollisionScene {
    /// A world with UIKit's settings except the solver and the step.
    static func world(solver: SolverMode = .uikit, timestep: Double = 1.0 / 120) throws -> World {
        try World(configuration: WorldConfiguration(timestep: timestep, solver: solver))
    }

    /// Properties with no resistance and the given material.
    static func material(elasticity: Double = 0.2, friction: Double = 0.2, density: Double = 1,
                         allowsRotation: Bool = true, anchored: Bool = false) -> ItemProperties {
        ItemProperties(elasticity: elasticity, friction: friction, density: density, resistance: 0,
                       angularResistance: 0, allowsRotation: allowsRotation, isAnchored: anchored)
    }

    /// A disc of `diameter` pt at `center`.
    static func ball(_ diameter: Double, at center: SIMD2<Double>, velocity: SIMD2<Double> = .zero,
                     properties: ItemProperties = material()) -> BodyDefinition {
        BodyDefinition(shape: .ellipse(width: diameter, height: diameter), center: center, velocity: velocity,
                       properties: properties)
    }

    /// Runs `steps` steps.
    static func run(_ world: inout World, steps: Int) {
        for _ in 0..<steps { world.step() }
    }

    // MARK: - A body dropped on a floor

    /// A body under gravity above the boundary "floor" from (0, 600) to (400, 600).
    struct FloorDrop {
        var world: World
        var body: BodyHandle
        /// The collision behaviour holding the body and the floor.
        var collision: BehaviorHandle
        /// The height of the body's centre when it just touches the floor, pt.
        var contactY: Double
    }

    /// The floor's y, pt.
    static let floorY = 600.0

    /// Sets a `diameter` pt disc, or a square of that side (`box`), at x = `x` with its
    /// centre `drop` pt above where it touches the floor, at rest, under gravity. The
    /// floor has UIKit's elasticity 0.2 unless `floorElasticity` says otherwise.
    ///
    /// Touching: a disc (no skin) touches the edge's 1 pt skin when its centre is
    /// radius + 1 pt above the floor; a box's core when it is half its side + 2 pt above
    /// (the box's skin and the edge's, 1 pt each).
    static func floorDrop(solver: SolverMode, diameter: Double = 20, box: Bool = false, x: Double = 100,
                          drop: Double, elasticity: Double,
                          floorElasticity: Double = CollisionBehavior.boundaryElasticity) throws -> FloorDrop {
        var world = try world(solver: solver)
        let contactY = floorY - diameter / 2 - (box ? 2 : 1)
        let shape: BodyShape = box ? .rectangle(width: diameter, height: diameter)
                                   : .ellipse(width: diameter, height: diameter)
        let body = try world.createBody(BodyDefinition(shape: shape, center: SIMD2(x, contactY - drop),
                                                       properties: material(elasticity: elasticity)))
        var collision = CollisionBehavior(items: [body])
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, floorY), to: SIMD2(400, floorY),
                              elasticity: floorElasticity)
        let handle = try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: [body])))
        return FloorDrop(world: world, body: body, collision: handle, contactY: contactY)
    }

    /// Steps the scene `steps` times and returns every contact event it reported, began
    /// and ended, in order.
    static func events(_ scene: inout FloorDrop, steps: Int) -> (began: [ContactEvent], ended: [ContactEvent]) {
        var began: [ContactEvent] = [], ended: [ContactEvent] = []
        for _ in 0..<steps {
            scene.world.step()
            began += scene.world.events.contactBegan
            ended += scene.world.events.contactEnded
        }
        return (began, ended)
    }

    /// Removing the collision behaviour while the body lies on the floor ends that
    /// contact: the next step reports exactly one ended event, naming the floor.
    static func assertRemovingCollisionEndsFloorContact(_ scene: inout FloorDrop, file: StaticString = #filePath,
                                                       line: UInt = #line) throws {
        scene.world.removeBehavior(scene.collision)
        scene.world.step()
        XCTAssertEqual(scene.world.events.contactEnded.map(\.partner), [.boundary("floor")], file: file, line: line)
    }

    /// Steps a dropped body (for at most 4 s) and returns how high it rises above the
    /// touching height after its first impact — the first step at which it stops falling
    /// — up to the step at which it falls again: 0 when it stays down. `impact` sees the
    /// body's state at the end of the impact step.
    static func firstRebound(_ scene: FloorDrop, impact: (BodyState) -> Void = { _ in },
                             file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        var world = scene.world
        var hit = false, apex = Double.infinity
        for _ in 0..<480 {
            world.step()
            let s = world.body(scene.body)
            if !hit && s.velocity.y <= 0 {
                hit = true
                impact(s)
            }
            if hit {
                apex = min(apex, s.center.y)
                if s.velocity.y > 0 { break }   // falling again: the apex is behind
            }
        }
        XCTAssertTrue(hit, "the body never reached the floor", file: file, line: line)
        return max(scene.contactY - apex, 0)
    }

    /// The rebound height of a 20 pt disc of elasticity `e` dropped from rest through
    /// `drop` pt onto the floor (`firstRebound`).
    static func rebound(solver: SolverMode, elasticity e: Double, drop: Double,
                        file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try firstRebound(floorDrop(solver: solver, drop: drop, elasticity: e), file: file, line: line)
    }

    // MARK: - A block on a slope

    /// Distance travelled down the slope at each step by a 40 pt square of friction
    /// `itemFriction` set at rest, turned by θ, with its skin just touching a slope of
    /// angle θ: a boundary segment, or an anchored 1600 × 20 pt slab turned by θ of
    /// friction `slabFriction` (when non-nil).
    static func slide(solver: SolverMode, angle theta: Double, itemFriction: Double, slabFriction: Double? = nil,
                      steps: Int) throws -> [Double] {
        var world = try world(solver: solver)
        let down = SIMD2(cos(theta), sin(theta))          // along the slope, towards +x and down the screen
        let up = SIMD2(sin(theta), -cos(theta))           // the slope's outward normal (up the screen)
        let surface = SIMD2(800.0, 600.0)                 // a point of the slope's top face (skin excluded)
        var collision = CollisionBehavior(items: [])
        if let mu = slabFriction {
            // The slab's core face is 10 pt above its centre.
            collision.items.append(try world.createBody(BodyDefinition(
                shape: .rectangle(width: 1600, height: 20), center: surface - 10 * up, angle: theta,
                properties: material(friction: mu, anchored: true))))
        } else {
            collision.addBoundary(withIdentifier: "slope", from: surface - 800 * down, to: surface + 800 * down)
        }
        // Core 2 pt from the slope's core: the two 1 pt skins just touch.
        let start = surface - 300 * down + (20 + 2) * up
        let block = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 40, height: 40), center: start, angle: theta,
            properties: material(friction: itemFriction)))
        collision.items.append(block)
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: [block])))
        var travel: [Double] = []
        for _ in 0..<steps {
            world.step()
            travel.append(Planar.dot(world.body(block).center - start, down))
        }
        return travel
    }

    // MARK: - Two discs head on

    /// The approach velocities of `headOn`'s discs, pt/s along x.
    static let headOnSpeeds = (u1: 300.0, u2: -200.0)

    /// Two 40 pt discs of elasticity `e` (densities 1 and 3, no gravity, no resistance)
    /// meet head on at 300 and −200 pt/s along y = 300; returns their velocities after
    /// 1 s, and their masses. The collision is along x, so both must end with no y
    /// velocity (to rounding, 10⁻⁹ pt/s): checked here.
    static func headOn(solver: SolverMode, elasticity e: Double, file: StaticString = #filePath, line: UInt = #line)
        throws -> (v1: SIMD2<Double>, v2: SIMD2<Double>, m1: Double, m2: Double) {
        var world = try world(solver: solver)
        let a = try world.createBody(ball(40, at: SIMD2(100, 300), velocity: SIMD2(headOnSpeeds.u1, 0),
                                          properties: material(elasticity: e)))
        let b = try world.createBody(ball(40, at: SIMD2(300, 300), velocity: SIMD2(headOnSpeeds.u2, 0),
                                          properties: material(elasticity: e, density: 3)))
        try world.addBehavior(.collision(CollisionBehavior(items: [a, b])))
        run(&world, steps: 120)
        let sa = world.body(a), sb = world.body(b)
        XCTAssertEqual(sa.velocity.y, 0, accuracy: 1e-9, "e = \(e)", file: file, line: line)
        XCTAssertEqual(sb.velocity.y, 0, accuracy: 1e-9, "e = \(e)", file: file, line: line)
        return (sa.velocity, sb.velocity, sa.mass, sb.mass)
    }

    /// Two 40 pt discs in free space (e = 1) meet head on at ±300 pt/s and part: exactly
    /// one began event, then one ended event, naming the pair once (the older body as
    /// `item`); by symmetry the began point is midway on the line of centres, (200, 300),
    /// to rounding (10⁻⁹ pt).
    static func assertItemEventsFireOncePerContact(solver: SolverMode, file: StaticString = #filePath,
                                                   line: UInt = #line) throws {
        var world = try world(solver: solver)
        let a = try world.createBody(ball(40, at: SIMD2(100, 300), velocity: SIMD2(300, 0),
                                          properties: material(elasticity: 1)))
        let b = try world.createBody(ball(40, at: SIMD2(300, 300), velocity: SIMD2(-300, 0),
                                          properties: material(elasticity: 1)))
        try world.addBehavior(.collision(CollisionBehavior(items: [a, b])))
        var began: [ContactEvent] = [], ended: [ContactEvent] = []
        var beganStep = -1, endedStep = -1
        for step in 0..<120 {
            world.step()
            if !world.events.contactBegan.isEmpty { beganStep = step }
            if !world.events.contactEnded.isEmpty { endedStep = step }
            began += world.events.contactBegan
            ended += world.events.contactEnded
        }
        XCTAssertEqual(began.count, 1, file: file, line: line)
        XCTAssertEqual(ended.count, 1, file: file, line: line)
        XCTAssertLessThan(beganStep, endedStep, file: file, line: line)
        XCTAssertEqual(began.first?.item, a, file: file, line: line)
        XCTAssertEqual(began.first?.partner, .item(b), file: file, line: line)
        XCTAssertEqual(began.first?.point.x ?? 0, 200, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(began.first?.point.y ?? 0, 300, accuracy: 1e-9, file: file, line: line)
    }

    // MARK: - Flicks

    /// The four directions the flick tests throw a body in: along the axes and obliquely.
    static let flickDirections = [SIMD2(1.0, 0), SIMD2(0, -1), SIMD2(0.6, 0.8), SIMD2(-0.8, 0.6)]

    /// Flicks `shape` from (180, 300) at 20 000 pt/s along `direction` inside the
    /// 375 × 667 pt reference-bounds boundary (elasticity 0.8) for 2 s; returns the first
    /// step at which its centre is outside (nil if never) and whether it came back along
    /// the flick.
    static func flickInBounds(solver: SolverMode, _ shape: BodyShape, _ direction: SIMD2<Double>) throws
        -> (escaped: Int?, bounced: Bool) {
        var world = try world(solver: solver)
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 375, height: 667)
        let body = try world.createBody(BodyDefinition(shape: shape, center: SIMD2(180, 300), velocity: 20_000 * direction,
                                                       properties: material(elasticity: 0.8)))
        try world.addBehavior(.collision(CollisionBehavior(items: [body], translatesReferenceBoundsIntoBoundary: true)))
        var bounced = false
        for step in 0..<240 {
            world.step()
            let s = world.body(body)
            if !(s.center.x > 0 && s.center.x < 375 && s.center.y > 0 && s.center.y < 667) { return (step, bounced) }
            if Planar.dot(s.velocity, direction) < 0 { bounced = true }
        }
        return (nil, bounced)
    }

    /// `shape` flicked in each of `flickDirections` (`flickInBounds`) never leaves the
    /// bounds and comes back along the flick.
    static func assertFlicksStayInside(solver: SolverMode, _ shape: BodyShape, file: StaticString = #filePath,
                                       line: UInt = #line) throws {
        for direction in flickDirections {
            let (escaped, bounced) = try flickInBounds(solver: solver, shape, direction)
            XCTAssertNil(escaped, "\(direction): left the bounds at step \(escaped ?? -1)", file: file, line: line)
            XCTAssertTrue(bounced, "\(direction)", file: file, line: line)
        }
    }

    /// What a flicked box meets at x = 495.
    enum Wall {
        /// A boundary segment from (495, 0) to (495, 600).
        case boundary
        /// An anchored 10 × 400 pt box centred at (500, 300), of these properties.
        case anchored(ItemProperties)
    }

    /// Flicks a 20 pt box from (100, 300) at `speed` pt/s along +x at `wall`, whose
    /// surface is at x = 495, for `steps` steps; returns the largest x its centre
    /// reached at the end of a step and its final velocity along x.
    static func wallFlick(solver: SolverMode, box properties: ItemProperties = ItemProperties(),
                          speed: Double = 20_000, wall: Wall, steps: Int) throws
        -> (deepest: Double, finalVelocity: Double) {
        var world = try world(solver: solver)
        var collision = CollisionBehavior(items: [])
        switch wall {
        case .boundary:
            collision.addBoundary(withIdentifier: "wall", from: SIMD2(495, 0), to: SIMD2(495, 600))
        case .anchored(let wallProperties):
            collision.items.append(try world.createBody(BodyDefinition(
                shape: .rectangle(width: 10, height: 400), center: SIMD2(500, 300), properties: wallProperties)))
        }
        let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20), center: SIMD2(100, 300),
                                                      velocity: SIMD2(speed, 0), properties: properties))
        collision.items.append(box)
        try world.addBehavior(.collision(collision))
        var deepest = -Double.infinity
        for _ in 0..<steps {
            world.step()
            deepest = WorldScene.largest(deepest, world.body(box).center.x)
        }
        return (deepest, world.body(box).velocity.x)
    }

    // MARK: - A pyramid

    /// A pyramid of `rows` rows of 40 pt boxes (friction 0.6; rows·(rows + 1)/2 boxes) on
    /// an anchored 2000 × 40 pt ground whose top is y = 0, centred on x = 0, built with
    /// the skins just touching (cores 2 pt apart), at rest, under gravity, in one
    /// collision behaviour. Returns the world, the boxes and where each was built.
    static func pyramid(solver: SolverMode, rows: Int = 20) throws
        -> (world: World, boxes: [BodyHandle], start: [SIMD2<Double>]) {
        var world = try world(solver: solver)
        let (_, boxes, start) = try PyramidScene(rows: rows, side: 40, groundSize: SIMD2(2000, 40),
                                                 boxProperties: ItemProperties(friction: 0.6)).build(into: &world)
        return (world, boxes, start)
    }
}

