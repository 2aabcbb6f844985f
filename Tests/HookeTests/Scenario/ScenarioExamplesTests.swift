import Foundation
import Hooke
import XCTest

/// Every example scenario shipped under Docs/examples parses.
final class ScenarioExamplesTests: XCTestCase {
    /// Docs/examples, found from this file: Tests/HookeTests/Scenario/<file>.
    static let examplesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/examples")

    func testEveryDocumentedExampleParses() throws {
        let files = try FileManager.default
            .contentsOfDirectory(at: Self.examplesDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let names = Set(files.map(\.lastPathComponent))
        for required in ["drop.json", "snap.json", "pendulum.json", "push.json"] {
            XCTAssertTrue(names.contains(required), "Docs/examples/\(required) is missing")
        }
        for file in files {
            do {
                let s = try Scenario.parse(Data(contentsOf: file))
                XCTAssertFalse(s.bodies.isEmpty, file.lastPathComponent)
            } catch {
                XCTFail("\(file.lastPathComponent): \(error)")
            }
        }
    }
}
