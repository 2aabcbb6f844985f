#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output file could not be written. Its description is one line that names
/// the path, for the command line to print after the option it came from.
public struct OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The path is empty.
        case emptyPath
        /// The destination exists and is not something a file can be written to
        /// (the text says what it is: "a directory"…).
        case notAFile(String)
        /// A FIFO that no process has open for reading (writing would block forever).
        case noReader
        /// The producer of a streamed output threw; its error's description.
        case producer(String)
        /// A system call failed: the operation and its errno.
        case system(String, Int32)
        /// The output is the same file as an input or another output (the two
        /// options or labels, as the caller named them).
        case sameFile(String)
    }

    /// The path as the caller gave it.
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .emptyPath: return "the output path is empty"
        case let .notAFile(what): return "cannot write \(path): it is \(what)"
        case .noReader: return "cannot write \(path): it is a FIFO that no process is reading"
        case let .producer(message): return "cannot write \(path): \(message)"
        case let .system(operation, code):
            return "cannot write \(path): \(operation) failed: \(String(cString: strerror(code)))"
        case let .sameFile(other): return "\(path) is the same file as \(other); refusing to overwrite it"
        }
    }
}
