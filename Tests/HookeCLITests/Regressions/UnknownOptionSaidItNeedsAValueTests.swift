import XCTest

/// An unknown option given last, with nothing after it, was reported as "needs a
/// value" (the parser took every `--name` for an option with a value) instead of as
/// the unknown option it is; and a known option given last without its value got
/// another command's message ("--damping needs --stiffness").
final class UnknownOptionSaidItNeedsAValueTests: XCTestCase {
    func testTheMessageSaysWhichOfTheTwoItIs() throws {
        let cases: [([String], String)] = [
            (["spring", "--damping-ratio", "0.5", "--response", "0.3", "--bogus"], "unknown option --bogus (see --help)"),
            (["simulate", "scenario.json", "--bogus"], "unknown option --bogus (see --help)"),
            (["spring", "--stiffness"], "--stiffness needs a value"),
            (["spring", "--damping-ratio", "0.5", "--response"], "--response needs a value"),
            (["simulate", "scenario.json", "--out"], "--out needs a value"),
        ]
        for (arguments, message) in cases {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.standardError, "hooke: \(message)\n", arguments.joined(separator: " "))
        }
    }
}
