import XCTest

final class PlaceholderTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
