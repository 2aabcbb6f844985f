import Hooke
import XCTest

/// Invalid input at the public edge throws `HookeError` naming the parameter.
final class WorldValidationTests: XCTestCase {
    /// `WorldScene.assertRejects`, short for the many checks below.
    private func assertRejects(_ parameter: String, file: StaticString = #filePath, line: UInt = #line,
                               _ body: () throws -> Void) {
        WorldScene.assertRejects(parameter, file: file, line: line, body)
    }

    func testConfigurationIsValidated() {
        assertRejects("timestep") { _ = try World(configuration: WorldConfiguration(timestep: 0)) }
        assertRejects("timestep") { _ = try World(configuration: WorldConfiguration(timestep: -.infinity)) }
        assertRejects("timestep") { _ = try World(configuration: WorldConfiguration(timestep: .nan)) }
        assertRejects("velocityIterations") { _ = try World(configuration: WorldConfiguration(velocityIterations: 0)) }
        assertRejects("positionIterations") { _ = try World(configuration: WorldConfiguration(positionIterations: -1)) }
    }

    func testBodyDefinitionsAreValidated() throws {
        var world = try WorldScene.world()
        let box = BodyShape.rectangle(width: 10, height: 10)
        assertRejects("shape.width") { _ = try world.createBody(BodyDefinition(shape: .rectangle(width: 0, height: 1))) }
        assertRejects("shape.height") { _ = try world.createBody(BodyDefinition(shape: .ellipse(width: 1, height: -2))) }
        assertRejects("center.x") { _ = try world.createBody(BodyDefinition(shape: box, center: SIMD2(.nan, 0))) }
        assertRejects("angle") { _ = try world.createBody(BodyDefinition(shape: box, angle: .infinity)) }
        assertRejects("properties.density") {
            _ = try world.createBody(BodyDefinition(shape: box, properties: ItemProperties(density: 0)))
        }
        assertRejects("properties.elasticity") {
            _ = try world.createBody(BodyDefinition(shape: box, properties: ItemProperties(elasticity: 1.5)))
        }
        assertRejects("properties.resistance") {
            _ = try world.createBody(BodyDefinition(shape: box, properties: ItemProperties(resistance: -1)))
        }
        assertRejects("shape.vertices.count") { _ = try world.createBody(BodyDefinition(shape: .polygon([.zero, SIMD2(1, 0)]))) }
        // A dart (non-convex).
        assertRejects("shape.vertices[2]") {
            _ = try world.createBody(BodyDefinition(shape: .polygon([SIMD2(-10, -10), SIMD2(10, -10), SIMD2(0, -5), SIMD2(0, 10)])))
        }
        XCTAssertTrue(world.bodyHandles.isEmpty)
    }

    func testUnknownHandlesAreRejected() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(at: .zero))
        try world.removeBody(body)
        XCTAssertFalse(world.contains(body))
        // The slot is reused by the next body, but the old handle stays dead.
        let next = try world.createBody(WorldScene.square(at: .zero))
        XCTAssertEqual(next.index, body.index)
        XCTAssertNotEqual(next, body)
        assertRejects("body") { _ = try world.body(body) }
        assertRejects("body") { try world.addLinearVelocity(SIMD2(1, 0), for: body) }
        assertRejects("behaviors[0].items[0]") { try world.addBehavior(.gravity(GravityBehavior(items: [body]))) }
        assertRejects("behaviors[0].item") { try world.addBehavior(.snap(SnapBehavior(item: body, snapPoint: .zero))) }
        let gravity = try world.addBehavior(.gravity(GravityBehavior(items: [next])))
        try world.removeBehavior(gravity)
        assertRejects("behavior") { try world.removeBehavior(gravity) }
        assertRejects("behavior") { _ = try world.behavior(gravity) }
    }

    func testBehaviourValuesAreValidated() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(WorldScene.square(at: .zero))
        assertRejects("behaviors[0].damping") {
            try world.addBehavior(.snap(SnapBehavior(item: a, snapPoint: .zero, damping: 1.5)))
        }
        assertRejects("behaviors[0].frequency") {
            try world.addBehavior(.attachment(AttachmentBehavior(item: a, attachedToAnchor: .zero, frequency: -1)))
        }
        assertRejects("behaviors[0].attachedItem") {
            try world.addBehavior(.attachment(AttachmentBehavior(item: a, attachedTo: a)))
        }
        // The child's index in pre-order names it.
        assertRejects("behaviors[1].pushDirection.dx") {
            try world.addBehavior(Behavior(children: [.push(PushBehavior(items: [a], mode: .continuous,
                                                                         pushDirection: SIMD2(.nan, 0)))]))
        }
        assertRejects("frameTime") { try world.advance(by: -1) }
        assertRejects("velocity.y") { try world.setLinearVelocity(SIMD2(0, .infinity), for: a) }
        XCTAssertTrue(world.behaviorHandles.isEmpty)
    }
}
