import Hooke
import XCTest

/// Found by the 10⁷-step soak (`make soak`, seed 0x50a40001): a triangle whose centre had been
/// pushed to 0.04 pt inside the top edge of the reference bounds, sliding along it at
/// 1 700 pt/s and drifting outwards at 30 pt/s, was *pinned* there — continuous
/// collision's centre sweep held it at the step's start, step after step, for more than
/// 500 steps (through both solvers), its velocity kept and never turned by the contact of
/// an edge through its middle — until its speed fell below the fast-body test and it
/// left through the wall (40 pt above it at step 340 359). Holding the centre now also
/// takes away the part of the velocity that carries it across the edge, so the triangle slides
/// on along the wall, inside, and the contact and gravity bring it back in.
final class BodySunkIntoAWallWasPinnedThenEscapedTests: XCTestCase {
    private let bounds = WorldRect(x: 0, y: 0, width: 600, height: 900)

    private func world(_ solver: SolverMode, _ box: BodyDefinition) throws -> (World, BodyHandle) {
        var world = try World(configuration: WorldConfiguration(solver: solver))
        world.referenceBounds = bounds
        let body = try world.createBody(box)
        try world.addBehavior(CollisionBehavior(items: [body], translatesReferenceBoundsIntoBoundary: true))
        try world.addBehavior(GravityBehavior(items: [body]))
        return (world, body)
    }

    /// The soak's triangle (side 27.3 pt, friction 0.568) at step 339 834, pinned then.
    func testATriangleSunkIntoTheTopWallSlidesOnAndStaysInside() throws {
        let a = 27.28083002134324
        var definition = BodyDefinition(
            shape: .polygon([SIMD2(0, -a / 2), SIMD2(a / 2, a / 2), SIMD2(-a / 2, a / 2)]),
            center: SIMD2(483.9098260005226, 0.04424510246040092), angle: -228.13733149279716,
            velocity: SIMD2(-1698.3912353515625, -32.68198013305664), angularVelocity: -1.5364456176757812)
        definition.properties.friction = 0.5677386146214299
        for solver in [SolverMode.uikit, .softStep(substeps: 4)] {
            var (world, body) = try world(solver, definition)
            var xs: [Double] = []
            for step in 1...600 {
                world.step()
                let c = world.body(body).center
                xs.append(c.x)
                XCTAssertGreaterThan(c.y, 0, "\(solver) step \(step): the centre \(c) left through the top")
                if c.y <= 0 { break }
            }
            // Pinned, the centre would not move at all; sliding at 1 700 pt/s it crosses
            // the 480 pt to the left wall within 30 steps.
            XCTAssertLessThan(xs.prefix(30).min() ?? .infinity, 100, "\(solver): pinned at the wall")
        }
    }
}
