import Foundation
import XCTest

/// The Apple-platform backend of HookeLinear (`Sources/CAccelerate`) checked as far as a
/// Linux machine can: the shim header parses as C with every warning an error, and the
/// one Swift file that calls BLAS and LAPACK type-checks against it as it would on an
/// Apple platform (where `COpenBLAS` cannot be imported). Not checked here: linking
/// against the Accelerate framework and the results on Apple hardware.
final class AccelerateShimTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shim = root.appendingPathComponent("Sources/CAccelerate")

    /// Runs a tool found on PATH and returns its exit status and combined output.
    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testTheAccelerateShimHeaderParsesAsC() throws {
        #if !os(Linux)
        throw XCTSkip("on Apple platforms the package build compiles the shim itself")
        #else
        let header = Self.shim.appendingPathComponent("shim.h").path
        let result = try run("cc", ["-fsyntax-only", "-std=c11", "-Wall", "-Wextra", "-Werror", "-x", "c", header])
        XCTAssertEqual(result.status, 0, result.output)
        #endif
    }

    func testTheLAPACKBindingsTypeCheckAgainstTheAccelerateShim() throws {
        #if !os(Linux)
        throw XCTSkip("on Apple platforms the package build compiles the bindings itself")
        #else
        let bindings = Self.root.appendingPathComponent("Sources/HookeLinear/LAPACKBindings.swift").path
        let result = try run("swiftc", [
            "-typecheck", "-swift-version", "6", "-warnings-as-errors",
            "-Xcc", "-fmodule-map-file=" + Self.shim.appendingPathComponent("module.modulemap").path,
            bindings,
        ])
        XCTAssertEqual(result.status, 0, result.output)
        #endif
    }
}
