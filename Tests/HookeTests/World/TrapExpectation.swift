import Foundation
import XCTest

/// Checks that a call traps (a programmer error, such as a stale handle) with the
/// message it should print, by running the test again in a child process of this test
/// binary: there the test performs the call, and here it checks that the child died of
/// a signal after printing the message.
///
/// ```swift
/// func testX() throws {
///     if TrapExpectation.isChild { return trappingCall() }
///     try TrapExpectation.assertTraps("HookeTests.SomeTests/testX", printing: "…")
/// }
/// ```
enum TrapExpectation {
    /// The environment variable that tells a child process which test should trap.
    static let variable = "HOOKE_EXPECTED_TRAP"

    /// Whether this process is the child started by `assertTraps`, in which the test
    /// performs the trapping call.
    static var isChild: Bool { ProcessInfo.processInfo.environment[variable] != nil }

    /// Runs `test` ("Module.Class/method") in a child process and asserts that it was
    /// ended by a signal (a trap, not a test failure or a normal exit) and that its
    /// standard error holds `message`.
    static func assertTraps(_ test: String, printing message: String, file: StaticString = #filePath,
                            line: UInt = #line) throws {
        #if os(Linux)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = [test]
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = test
        // The trap's message is enough; the runtime's symbolicated backtrace takes a while.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let printed = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(test) did not trap: \(printed)",
                       file: file, line: line)
        XCTAssertTrue(printed.contains(message), "expected \"\(message)\" in: \(printed)", file: file, line: line)
        #else
        throw XCTSkip("the test binary is re-run as a child process on Linux only")
        #endif
    }
}
