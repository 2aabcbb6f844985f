import Foundation
import HookeIO
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by the SIGTERM handler the interruption test installs.
nonisolated(unsafe) private var terminationSeen: sig_atomic_t = 0

/// What `OutputFile` does to each kind of destination (see its documentation).
final class OutputFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("hooke-output-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func kind(of path: String) -> mode_t {
        var status = stat()
        XCTAssertEqual(lstat(path, &status), 0, "lstat \(path)")
        return status.st_mode & S_IFMT
    }

    /// Names in the folder other than the ones listed (temporary files left behind).
    private func strayFiles(besides names: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !names.contains($0) }
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    // MARK: - Devices and FIFOs: written through, never replaced

    /// `make run` wrote its sweep with `--out /dev/null`; the old writer renamed a
    /// temporary file over it, so as root `/dev/null` became a regular file.
    func testWritingToDevNullLeavesItACharacterDevice() throws {
        try OutputFile.write("step,value\n0,1\n", to: "/dev/null")
        XCTAssertEqual(kind(of: "/dev/null"), S_IFCHR)
        let stray = try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".null.") }
        XCTAssertEqual(stray, [], "temporary files left in /dev")
    }

    /// A character device of the test's own (the null device's numbers, 1:3), when
    /// this process may create device nodes: it stays a device and the folder holds
    /// nothing else afterwards.
    func testWritingToACharacterDeviceNodeKeepsTheNode() throws {
        let node = path("null-device")
        #if canImport(Glibc)
        let nullDevice = dev_t(1 << 8 | 3)   // glibc's makedev(1, 3) for small numbers
        #else
        let nullDevice = dev_t(3 << 24 | 2)   // Darwin's /dev/null is 3:2
        #endif
        guard mknod(node, S_IFCHR | 0o666, nullDevice) == 0 else {
            throw XCTSkip("mknod is not permitted here (\(String(cString: strerror(errno))))")
        }
        try OutputFile.write("data\n", to: node)
        XCTAssertEqual(kind(of: node), S_IFCHR)
        XCTAssertEqual(try strayFiles(besides: ["null-device"]), [])
    }

    func testWritingToAFIFODeliversTheBytesAndKeepsTheFIFO() throws {
        let fifo = path("pipe")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // The reading end is open first (non-blocking, so the test does not wait).
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        try OutputFile.write("through the pipe\n", to: fifo)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = Glibc.read(reader, &buffer, buffer.count)
        XCTAssertEqual(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self), "through the pipe\n")
        XCTAssertEqual(kind(of: fifo), S_IFIFO)
        XCTAssertEqual(try strayFiles(besides: ["pipe"]), [])
    }

    /// Opening a FIFO that nobody reads would block for ever; it is an error instead.
    func testAFIFOWithoutAReaderIsAnErrorNotAHang() throws {
        let fifo = path("lonely")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try OutputFile.write("x", to: fifo)) { error in
            XCTAssertEqual((error as? OutputFileError)?.reason, .noReader)
        }
        XCTAssertEqual(kind(of: fifo), S_IFIFO)
    }

    /// /dev/full fails every write with ENOSPC: the error is reported, the device stays.
    func testAFailingDeviceReportsTheErrorAndStaysADevice() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        XCTAssertThrowsError(try OutputFile.write("x", to: "/dev/full")) { error in
            XCTAssertEqual((error as? OutputFileError)?.reason, .system("write", ENOSPC))
        }
        XCTAssertEqual(kind(of: "/dev/full"), S_IFCHR)
    }

    func testADirectoryIsRefused() throws {
        XCTAssertThrowsError(try OutputFile.write("x", to: folder.path)) { error in
            XCTAssertEqual((error as? OutputFileError)?.reason, .notAFile("a directory"))
        }
    }

    // MARK: - Regular files: atomic replace

    func testANewFileIsCreatedWithNothingElseLeft() throws {
        try OutputFile.write("new\n", to: path("out.csv"))
        XCTAssertEqual(try read(path("out.csv")), "new\n")
        XCTAssertEqual(try strayFiles(besides: ["out.csv"]), [])
    }

    func testAFailedWriteLeavesTheOldFileIntactAndNoTemporaryFile() throws {
        let target = path("result.csv")
        try "old contents\n".write(toFile: target, atomically: false, encoding: .utf8)
        struct Interrupted: Error {}
        XCTAssertThrowsError(try OutputFile.write(to: target) { sink in
            sink.write(String(repeating: "partial row\n", count: 20_000))   // past one buffer
            throw Interrupted()
        }) { error in
            guard case .producer? = (error as? OutputFileError)?.reason else {
                return XCTFail("expected a producer error, got \(error)")
            }
        }
        XCTAssertEqual(try read(target), "old contents\n")
        XCTAssertEqual(try strayFiles(besides: ["result.csv"]), [])
    }

    func testReplacingKeepsTheExistingFilesPermissions() throws {
        let target = path("private.csv")
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(target, 0o640), 0)
        try OutputFile.write("new\n", to: target)
        var status = stat()
        XCTAssertEqual(stat(target, &status), 0)
        XCTAssertEqual(status.st_mode & 0o7777, 0o640)
        XCTAssertEqual(try read(target), "new\n")
    }

    func testAStreamedOutputArrivesWhole() throws {
        let target = path("stream.csv")
        var expected = ""
        try OutputFile.write(to: target) { sink in
            for row in 0..<100_000 {
                let line = "\(row),\(row * row)\n"
                sink.write(line)
                expected += line
            }
        }
        XCTAssertEqual(try read(target), expected)
    }

    // MARK: - Symbolic links: the target is replaced in its own directory

    func testWritingThroughASymlinkReplacesItsTargetAndKeepsTheLink() throws {
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("data.csv").path
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        // A relative link, resolved from the link's own directory.
        XCTAssertEqual(symlink("elsewhere/data.csv", path("link.csv")), 0)
        try OutputFile.write("new\n", to: path("link.csv"))
        XCTAssertEqual(kind(of: path("link.csv")), S_IFLNK)
        XCTAssertEqual(try read(target), "new\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), ["data.csv"])
        XCTAssertEqual(try strayFiles(besides: ["elsewhere", "link.csv"]).sorted(), [])
    }

    func testADanglingSymlinkCreatesItsTarget() throws {
        XCTAssertEqual(symlink(path("made.csv"), path("dangling.csv")), 0)
        try OutputFile.write("made\n", to: path("dangling.csv"))
        XCTAssertEqual(kind(of: path("dangling.csv")), S_IFLNK)
        XCTAssertEqual(try read(path("made.csv")), "made\n")
    }

    func testASymlinkToDevNullWritesThrough() throws {
        XCTAssertEqual(symlink("/dev/null", path("quiet")), 0)
        try OutputFile.write("x\n", to: path("quiet"))
        XCTAssertEqual(kind(of: "/dev/null"), S_IFCHR)
        XCTAssertEqual(kind(of: path("quiet")), S_IFLNK)
    }

    func testALinkLoopIsAnError() throws {
        XCTAssertEqual(symlink(path("b"), path("a")), 0)
        XCTAssertEqual(symlink(path("a"), path("b")), 0)
        XCTAssertThrowsError(try OutputFile.write("x", to: path("a"))) { error in
            XCTAssertEqual((error as? OutputFileError)?.reason, .system("readlink", ELOOP))
        }
    }

    // MARK: - Signals

    /// A SIGTERM while the temporary file exists removes it before the signal takes
    /// its course (here the test's own handler, which only records it).
    func testATerminationSignalDuringTheWriteRemovesTheTemporaryFile() throws {
        let target = path("interrupted.csv")
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        terminationSeen = 0
        var own = sigaction()
        #if canImport(Glibc)
        own.__sigaction_handler.sa_handler = { _ in terminationSeen = 1 }
        #else
        own.__sigaction_u.__sa_handler = { _ in terminationSeen = 1 }
        #endif
        var saved = sigaction()
        sigaction(SIGTERM, &own, &saved)
        defer { sigaction(SIGTERM, &saved, nil) }

        var temporaryExisted = false
        XCTAssertThrowsError(try OutputFile.write(to: target) { [folder] sink in
            sink.write("new\n")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder!.path)
            temporaryExisted = names.contains { $0.hasSuffix(".tmp") }
            raise(SIGTERM)
        })
        XCTAssertTrue(temporaryExisted, "the write should go through a temporary file")
        XCTAssertEqual(terminationSeen, 1, "the previous handler runs after the clean-up")
        XCTAssertEqual(try read(target), "old\n")
        XCTAssertEqual(try strayFiles(besides: ["interrupted.csv"]), [])
    }

    // MARK: - Outputs that would destroy inputs

    func testAnOutputThatIsAnInputIsRefused() throws {
        let scenario = path("s.json")
        try "{}".write(toFile: scenario, atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink(scenario, path("alias.json")), 0)
        for output in [scenario, path("alias.json"), folder.path + "/./s.json"] {
            XCTAssertThrowsError(try OutputFile.requireDistinct([
                .init("scenario", scenario, isOutput: false), .init("--out", output, isOutput: true),
            ])) { error in
                XCTAssertEqual(
                    (error as? OutputFileError)?.description,
                    "--out \(output) is the same file as scenario \(scenario); refusing to overwrite it")
            }
        }
    }

    func testTwoOutputsToOneNewFileAreRefused() throws {
        XCTAssertThrowsError(try OutputFile.requireDistinct([
            .init("--out", path("g.svg"), isOutput: true), .init("--plot", path("g.svg"), isOutput: true),
        ]))
    }

    func testDistinctFilesDevicesAndStandardOutputAreAccepted() throws {
        try OutputFile.requireDistinct([
            .init("scenario", path("s.json"), isOutput: false),
            .init("--out", path("out.csv"), isOutput: true),
            .init("--plot", "/dev/null", isOutput: true),
            .init("--events", "/dev/null", isOutput: true),
            .init("--json", "-", isOutput: true),
            .init("--markdown", "-", isOutput: true),
        ])
    }
}
