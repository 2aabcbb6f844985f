import HookeSoak
import XCTest

final class SoakTests: XCTestCase {
    func testShortSoakPasses() throws {
        let report = try SoakRun.run(SoakRun.Options(steps: 10_000, sampleEvery: 500))
        print(report.summary)
        XCTAssertTrue(report.passed, report.failures.joined(separator: "\n"))
    }
}
