import Foundation

/// What every fuzz target shares: a scratch directory for the inputs that the code under
/// test reads from files (the CLI's commands take paths), removed when the fuzzer exits.
enum FuzzScratch {
    /// `/dev/shm/hooke-fuzz-PID` (memory, so a file per input costs microseconds), or the
    /// same under the temporary directory where there is no /dev/shm.
    static let directory: String = {
        var isDirectory: ObjCBool = false
        let base = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
            ? "/dev/shm" : NSTemporaryDirectory()
        let path = (base as NSString).appendingPathComponent("hooke-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: FuzzScratch.directory) }
        return path
    }()

    /// Writes `data` to the scratch file `name` and returns its path.
    static func write(_ data: Data, name: String) -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            fatalError("fuzz: cannot write the scratch file \(path)")
        }
        return path
    }

    /// Removes every file in the scratch directory except `keeping`.
    static func clear(keeping: Set<String> = []) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where !keeping.contains(name) {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }
}

/// A character device standing in for /dev/null (major 1, minor 3, made with mknod in
/// the scratch directory), so that a command given "/dev/null" as an output writes to a
/// device the target owns and never to the machine's /dev/null, and so that a command
/// that replaced a device with a regular file (the hazard .ci/run checks for after
/// `make run`) is caught: `checkDevice()` fails the run. Nil where no usable device can
/// be made (not root, or a nodev mount); the targets then skip such inputs.
enum FuzzDevice {
    static let path: String? = {
        let path = (FuzzScratch.directory as NSString).appendingPathComponent("null")
        unlink(path)
        guard mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else { return nil }
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { unlink(path); return nil }
        defer { close(fd) }
        return write(fd, "x", 1) == 1 ? path : nil
    }()

    /// Fails the run when the device is no longer a character device.
    static func check() {
        guard let path else { return }
        var info = stat()
        fuzzCheck(lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR,
                  "the character device \(path) (standing in for /dev/null) was replaced by a non-device")
    }
}

/// Fails the run (libFuzzer keeps the input) when an invariant of the code under test
/// does not hold. `precondition` would be compiled out of an -Ounchecked build; this is not.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant: \(message())") }
}
