import Hooke
import XCTest

/// Every invalid value is refused with the name of the property it was given for.
final class FieldValidationTests: XCTestCase {
    private func assertRejects(
        _ name: String, file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void
    ) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard case let .invalidParameter(parameter, _, _)? = error as? HookeError else {
                return XCTFail("unexpected \(error)", file: file, line: line)
            }
            XCTAssertEqual(parameter, name, file: file, line: line)
        }
    }

    func testFieldPropertiesAreValidated() {
        assertRejects("strength") { _ = try Field(.drag, strength: .nan) }
        assertRejects("strength") { _ = try Field(.drag, strength: .infinity) }
        assertRejects("falloff") { _ = try Field(.radialGravity, falloff: -.infinity) }
        assertRejects("minimumRadius") { _ = try Field(.radialGravity, minimumRadius: -0.5) }
        assertRejects("minimumRadius") { _ = try Field(.radialGravity, minimumRadius: .nan) }
        assertRejects("position.x") { _ = try Field(.spring, position: [.infinity, 0]) }
        assertRejects("position.y") { _ = try Field(.spring, position: [0, .nan]) }
        assertRejects("region.radius") { _ = try Field(.spring, region: .circle(radius: -3)) }
        assertRejects("direction.x") { _ = try Field(.linearGravity(direction: [.nan, 1])) }
        assertRejects("direction.y") { _ = try Field(.velocity(direction: [1, .infinity])) }
        assertRejects("smoothness") { _ = try Field(.noise(smoothness: 1.5, animationSpeed: 1)) }
        assertRejects("smoothness") { _ = try Field(.turbulence(smoothness: -0.1, animationSpeed: 1)) }
        assertRejects("animationSpeed") { _ = try Field(.noise(smoothness: 0.5, animationSpeed: -1)) }
        assertRejects("animationSpeed") { _ = try Field(.turbulence(smoothness: 0.5, animationSpeed: .nan)) }
    }

    func testValidEdgeValuesAreAccepted() {
        XCTAssertNoThrow(try Field(.radialGravity, strength: 0, falloff: -3, minimumRadius: 0))
        XCTAssertNoThrow(try Field(.noise(smoothness: 0, animationSpeed: 0)))
        XCTAssertNoThrow(try Field(.turbulence(smoothness: 1, animationSpeed: 1000, seed: .max)))
    }

    func testProbeValuesAreValidated() {
        assertRejects("mass") { _ = try FieldProbe(position: .zero, mass: 0, deltaTime: 0.01) }
        assertRejects("mass") { _ = try FieldProbe(position: .zero, mass: -1, deltaTime: 0.01) }
        assertRejects("deltaTime") { _ = try FieldProbe(position: .zero, mass: 1, deltaTime: 0) }
        assertRejects("position.x") { _ = try FieldProbe(position: [.nan, 0], mass: 1, deltaTime: 0.01) }
        assertRejects("velocity.y") { _ = try FieldProbe(position: .zero, velocity: [0, .infinity], mass: 1, deltaTime: 0.01) }
        assertRejects("charge") { _ = try FieldProbe(position: .zero, mass: 1, charge: .nan, deltaTime: 0.01) }
        assertRejects("time") { _ = try FieldProbe(position: .zero, mass: 1, time: .infinity, deltaTime: 0.01) }
    }
}
