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

    func testStaleHandlesAreNotContained() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(at: .zero))
        XCTAssertTrue(world.contains(body))
        world.removeBody(body)
        XCTAssertFalse(world.contains(body))
        // The slot is reused by the next body, but the old handle stays dead.
        let next = try world.createBody(WorldScene.square(at: .zero))
        XCTAssertEqual(next.index, body.index)
        XCTAssertNotEqual(next, body)
        XCTAssertFalse(world.contains(body))
        XCTAssertTrue(world.contains(next))
        let gravity = try world.addBehavior(.gravity(GravityBehavior(items: [next])))
        XCTAssertTrue(world.contains(gravity))
        world.removeBehavior(gravity)
        XCTAssertFalse(world.contains(gravity))
        XCTAssertFalse(world.behaviorHandles.contains(gravity))
        // A call whose subject is a stale handle (`world.body(body)`,
        // `world.addLinearVelocity(_:for: body)`, `world.removeBehavior(gravity)`…) traps,
        // naming the handle; a trap cannot be tested in-process, so it is not tested here.
    }

    /// Stale handles inside a behaviour description are bad values: they throw, at the
    /// description's path, printing the handle as a handle (they printed as "0.0"
    /// when the error carried the handle's index as a Double).
    func testStaleItemsOfADescriptionThrowPrintingTheHandle() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(at: .zero))
        let other = try world.createBody(WorldScene.square(at: SIMD2(100, 0)))
        world.removeBody(body)
        WorldScene.assertRejectsHandle("behaviors[0].items[0]", body) {
            try world.addBehavior(.gravity(GravityBehavior(items: [body])))
        }
        WorldScene.assertRejectsHandle("behaviors[0].item", body) {
            try world.addBehavior(.snap(SnapBehavior(item: body, snapPoint: .zero)))
        }
        WorldScene.assertRejectsHandle("behaviors[0].attachedItem", body) {
            try world.addBehavior(.attachment(AttachmentBehavior(item: other, attachedTo: body)))
        }
        XCTAssertTrue(world.behaviorHandles.isEmpty)
    }

    func testAnAttachmentNamingARemovedBodyThrowsAnErrorThatPrintsTheHandle() throws {
        var world = try WorldScene.world()
        let removed = try world.createBody(WorldScene.square(at: .zero))
        let kept = try world.createBody(WorldScene.square(at: SIMD2(100, 0)))
        world.removeBody(removed)
        XCTAssertThrowsError(try world.addBehavior(.attachment(AttachmentBehavior(item: removed, attachedTo: kept)))) {
            XCTAssertTrue("\($0)".contains("body#"), "\($0)")
            XCTAssertTrue("\($0)".contains(removed.description), "\($0)")
        }
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
        WorldScene.assertRejectsHandle("behaviors[0].attachedItem", a) {
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
