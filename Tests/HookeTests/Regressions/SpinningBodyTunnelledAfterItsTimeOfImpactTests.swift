import Hooke
import XCTest

/// A fast, spinning body stopped at a boundary by its time of impact passed through the
/// boundary on the next step. Continuous collision keeps the velocity at the stop (Box2D
/// v3's way) and leaves shapes that start a step touching to the contact solver; a corner
/// contact of a box spinning at tens of radians per second left the centre moving into
/// the wall, the box turned by up to π/2 in the step and its centre crossed the edge, which
/// then pushed it out of the bounds. Found by the soak (`make soak`): a snapped 30 pt box
/// at 13 000 pt/s through the top of the reference bounds, with both solvers.
/// Continuous collision now sweeps a disc at the centre of a body that starts touching
/// static geometry (a quarter of its smallest half-extent across; Box2D v3.1's fallback),
/// which stops the centre in front of the edge, and holds a centre already that close only
/// if it would cross: a body sliding along a wall it is sunk into is not held (a first
/// version held it whenever its centre closed in, and in the soak a triangle sunk into the
/// top wall stayed pinned there for a whole phase, its position correction undone each step).
final class SpinningBodyTunnelledAfterItsTimeOfImpactTests: XCTestCase {
    private let bounds = WorldRect(x: 0, y: 0, width: 600, height: 900)

    private func world(_ solver: SolverMode, _ definitions: [BodyDefinition]) throws -> (World, [BodyHandle]) {
        var world = try World(configuration: WorldConfiguration(solver: solver))
        world.referenceBounds = bounds
        let bodies = try definitions.map { try world.createBody($0) }
        try world.addBehavior(CollisionBehavior(items: bodies, translatesReferenceBoundsIntoBoundary: true))
        return (world, bodies)
    }

    private func inside(_ c: SIMD2<Double>) -> Bool {
        c.x > 0 && c.y > 0 && c.x < bounds.size.x && c.y < bounds.size.y
    }

    /// The soak's box one step before its time of impact with the top edge.
    func testTheSoaksSnappedBoxStaysInside() throws {
        for solver in [SolverMode.uikit, .softStep(substeps: 4)] {
            var (world, bodies) = try world(solver, [BodyDefinition(
                shape: .rectangle(width: 30, height: 30), center: SIMD2(101.59910057638413, 54.670137525374415),
                angle: 62.809367193874515, velocity: SIMD2(-303.74358420571514, -13433.05794202056),
                angularVelocity: 79.87002295778382)])
            for step in 1...60 {
                world.step()
                let c = world.body(bodies[0]).center
                XCTAssertTrue(inside(c), "\(solver) step \(step): the box's centre \(c) left the bounds")
                if !inside(c) { break }
            }
        }
    }

    /// Seeded throws of spinning boxes, discs, ellipses and triangles at 4 000–20 000 pt/s
    /// toward every wall: none leaves the bounds.
    func testSpinningThrowsStayInside() throws {
        var random = SplitMix64(seed: 0x7A11_0001)
        for solver in [SolverMode.uikit, .softStep(substeps: 4)] {
            var escapes: [String] = []
            for throwIndex in 0..<60 {
                let a = random.uniform(14...40), b = random.uniform(14...40)
                let shape: BodyShape
                switch throwIndex % 4 {
                case 0: shape = .rectangle(width: a, height: b)
                case 1: shape = .ellipse(width: a, height: a)
                case 2: shape = .ellipse(width: a, height: b)
                default: shape = .polygon([SIMD2(0, -a / 2), SIMD2(a / 2, a / 2), SIMD2(-a / 2, a / 2)])
                }
                let heading = random.uniform(0...(2 * Double.pi)), speed = random.uniform(4_000...20_000)
                var (world, bodies) = try world(solver, [BodyDefinition(
                    shape: shape, center: SIMD2(300, 450), angle: random.uniform(-3...3),
                    velocity: speed * SIMD2(cos(heading), sin(heading)), angularVelocity: random.uniform(-90...90))])
                for step in 1...90 {
                    world.step()
                    let c = world.body(bodies[0]).center
                    if !inside(c) {
                        escapes.append("throw \(throwIndex) (\(shape), \(Int(speed)) pt/s) at step \(step): \(c)")
                        break
                    }
                }
            }
            XCTAssertEqual(escapes, [], "\(solver)")
        }
    }

    /// A box sunk 12 pt into the top edge (its centre 3 pt below it, within the centre
    /// disc's reach), sliding along it fast and into it: it slides on and is pushed out,
    /// with both solvers.
    func testABodySunkIntoAWallSlidesOnAndIsPushedOut() throws {
        for solver in [SolverMode.uikit, .softStep(substeps: 4)] {
            var (world, bodies) = try world(solver, [BodyDefinition(
                shape: .rectangle(width: 30, height: 30), center: SIMD2(100, 3), velocity: SIMD2(1_500, -600))])
            for _ in 0..<30 { world.step() }
            let c = world.body(bodies[0]).center
            XCTAssertGreaterThan(c.x, 300, "\(solver): the box was held at \(c)")
            XCTAssertGreaterThan(c.y, 15, "\(solver): the box is still sunk at \(c)")
        }
    }
}
