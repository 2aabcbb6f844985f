import Hooke
import XCTest

final class SpringBasicsTests: XCTestCase {
    func testNaturalFrequencyAndDampingRatio() throws {
        let s = try Spring(mass: 2, stiffness: 8, damping: 4)
        XCTAssertEqual(s.naturalFrequency, 2)
        XCTAssertEqual(s.dampingRatio, 0.5)
    }
}
