import Foundation
import Hooke
import XCTest

/// The README's embedding example, compiled here word for word, and a check that the
/// README still shows exactly this code.
final class ReadmeExampleTests: XCTestCase {
    // readme-example-begin
    func readmeExample() throws -> (settle: Double, value: Double) {
        let spring = try Spring(dampingRatio: 0.8, response: 0.4)
        let settle = try spring.settlingDuration(from: 0, to: 300)   // seconds, exact
        let state = spring.state(at: 0.1, from: 0, to: 300)        // value (pt), velocity (pt/s)
        print("settles after \(settle) s; at 0.1 s it is at \(state.value) pt")
        return (settle, state.value)
    }
    // readme-example-end

    func testTheExampleRunsAndGivesAPlausibleMove() throws {
        let (settle, value) = try readmeExample()
        // An under-damped spring with a 0.4 s period settles within a few periods …
        XCTAssertGreaterThan(settle, 0.2)
        XCTAssertLessThan(settle, 2)
        // … and after 0.1 s it is part of the way there.
        XCTAssertGreaterThan(value, 0)
        XCTAssertLessThan(value, 300)
    }

    func testTheReadmeShowsThisCode() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: testFile, encoding: .utf8)

        let readmeBody = try XCTUnwrap(Self.between("<!-- readme-example -->", "<!-- /readme-example -->", in: readme))
            .components(separatedBy: "\n")
            .filter { !$0.hasPrefix("```") && !$0.hasPrefix("import ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let testBody = try XCTUnwrap(Self.between("// readme-example-begin", "// readme-example-end", in: source))
            .components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("func ") && !$0.hasPrefix("return ") && $0 != "}" }
        XCTAssertEqual(readmeBody.map { $0.trimmingCharacters(in: .whitespaces) }, testBody)
    }

    private static func between(_ start: String, _ end: String, in text: String) -> String? {
        guard let lower = text.range(of: start), let upper = text.range(of: end, range: lower.upperBound..<text.endIndex)
        else { return nil }
        return String(text[lower.upperBound..<upper.lowerBound])
    }
}
