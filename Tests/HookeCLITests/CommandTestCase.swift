import Foundation
import XCTest

/// A test of the command line with a directory of its own: created empty before each
/// test, removed with everything in it afterwards.
class CommandTestCase: XCTestCase {
    /// The test's directory.
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hooke-\(String(describing: type(of: self)))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of `name` in the test's directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes `text` (a scenario, by default) into the test's directory; returns its path.
    @discardableResult
    func write(_ text: String, _ name: String = "scenario.json") throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// The names in the test's directory, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
