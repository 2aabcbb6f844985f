import Foundation
import XCTest

/// Runs the built `hooke` executable as a user would and captures what it prints.
struct CommandResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

struct MissingExecutable: Error, CustomStringConvertible {
    let path: String
    var description: String { "the hooke executable is not built at \(path); run `swift build --build-tests` first" }
}

enum CommandRunner {
    /// The `hooke` executable next to the test bundle in the build directory
    /// (`swift build --build-tests` builds it; `make test` does that first).
    static func executable() throws -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        // On Apple platforms the tests run inside a .xctest bundle: step out of it.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents"
            || directory.lastPathComponent == "MacOS"
        {
            directory.deleteLastPathComponent()
        }
        let url = directory.appendingPathComponent("hooke")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw MissingExecutable(path: url.path)
        }
        return url
    }

    /// Runs `hooke arguments…` in `directory` and waits for it.
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting so a large output cannot fill the pipe and block the child.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// Runs a command that must succeed and parses its standard output as a JSON object.
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try run(arguments)
        XCTAssertEqual(result.status, 0, "hooke \(arguments.joined(separator: " ")): \(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try XCTUnwrap(object as? [String: Any], "not a JSON object: \(result.standardOutput)")
    }
}
