#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way Hooke's command-line tools write an output file.
///
/// What happens depends on what the destination is, found with `lstat(2)` before
/// anything is written:
///
/// | destination | what is done |
/// |---|---|
/// | `-` | the bytes go to standard output |
/// | a regular file, or no file yet | atomic replace: the bytes go to a temporary file `.NAME.PID.tmp` in the same directory, which is flushed to disk (`fsync`) and renamed over the destination; an existing file's permission bits (and, as root, its owner) are kept |
/// | a symbolic link | followed (at most 40 links) to the file it names; that file is replaced atomically in *its* directory, so the link stays a link |
/// | a character device (`/dev/null`, a terminal), a FIFO | written straight through, never renamed over: replacing `/dev/null` with a regular file as root would break every later `> /dev/null` on the machine. A FIFO is opened without blocking, so one that no process reads is an error instead of a hang |
/// | a directory, a socket, a block device | refused |
///
/// A reader of a regular file therefore sees the old file or the complete new one,
/// never a part, and a failed write (an error from the producer, a full disk, a
/// signal) leaves the old file as it was and no temporary file behind: the
/// temporary file is removed on every error path, and on SIGINT, SIGTERM and SIGHUP
/// while it exists (`TemporaryFileGuard`).
public enum OutputFile {
    /// Bytes collected before each `write(2)` of a streamed output.
    static let bufferSize = 1 << 16

    /// Writes `text` (UTF-8) to `path`, as the type's table says.
    ///
    /// - Throws: `OutputFileError` naming the path and the reason; nothing is changed then.
    public static func write(_ text: String, to path: String) throws(OutputFileError) {
        try write(to: path) { sink in sink.write(text) }
    }

    /// Streams an output to `path`: `produce` is handed a sink and writes the file's
    /// content to it in pieces, so that a long output never has to be held in memory
    /// whole. If `produce` throws, the destination is left as it was (for a regular
    /// file) and the error is rethrown as `OutputFileError.Reason.producer`.
    ///
    /// - Throws: `OutputFileError` naming the path and the reason.
    public static func write(
        to path: String, _ produce: (OutputSink) throws -> Void
    ) throws(OutputFileError) {
        guard !path.isEmpty else { throw OutputFileError(path: path, reason: .emptyPath) }
        if path == "-" {
            try writeThrough(descriptor: STDOUT_FILENO, path: path, closing: false, produce)
            return
        }
        let destination = try resolveLinks(path)
        var status = stat()
        if lstat(destination, &status) != 0 {
            guard errno == ENOENT else { throw OutputFileError(path: path, reason: .system("stat", errno)) }
            try replaceAtomically(destination, existing: nil, reportedAs: path, produce)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            try replaceAtomically(destination, existing: status, reportedAs: path, produce)
        case S_IFCHR, S_IFIFO:
            // O_NONBLOCK: opening a FIFO nobody reads fails with ENXIO instead of waiting.
            let descriptor = open(destination, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                throw OutputFileError(path: path, reason: code == ENXIO ? .noReader : .system("open", code))
            }
            // Writes then block as ordinary writes do (a slow reader is not an error).
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            try writeThrough(descriptor: descriptor, path: path, closing: true, produce)
        case S_IFDIR:
            throw OutputFileError(path: path, reason: .notAFile("a directory"))
        case S_IFSOCK:
            throw OutputFileError(path: path, reason: .notAFile("a socket"))
        default:
            throw OutputFileError(path: path, reason: .notAFile("a block device or other special file"))
        }
    }

    // MARK: - Destinations

    /// The path a chain of symbolic links ends at (which need not exist yet). Relative
    /// link targets are taken from the link's own directory, as the kernel does.
    static func resolveLinks(_ path: String) throws(OutputFileError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw OutputFileError(path: path, reason: .system("readlink", errno)) }
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        throw OutputFileError(path: path, reason: .system("readlink", ELOOP))
    }

    /// The directory part of a path ("." for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of a path.
    static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    // MARK: - Writing

    /// Temporary file, fsync, rename; the temporary file is removed on any failure.
    static func replaceAtomically(
        _ destination: String, existing: stat?, reportedAs path: String,
        _ produce: (OutputSink) throws -> Void
    ) throws(OutputFileError) {
        let folder = directory(of: destination)
        let temporary = folder + "/." + fileName(of: destination) + ".\(getpid()).tmp"
        // 0666 less the umask for a new file; an existing file's own bits are set below.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw OutputFileError(path: path, reason: .system("create in \(folder)", errno)) }
        let guardian = TemporaryFileGuard(path: temporary)
        func fail(_ reason: OutputFileError.Reason) -> OutputFileError {
            close(descriptor)
            unlink(temporary)
            guardian.release()
            return OutputFileError(path: path, reason: reason)
        }
        if let existing {
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw fail(.system("chmod", errno)) }
            // Keep the owner when we are allowed to (as root); otherwise the new file is ours.
            if geteuid() == 0 { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
        }
        let sink = OutputSink(descriptor: descriptor)
        do {
            try produce(sink)
        } catch {
            throw fail(.producer(String(describing: error)))
        }
        sink.flush()
        if let code = sink.failure { throw fail(.system("write", code)) }
        guard fsync(descriptor) == 0 else { throw fail(.system("fsync", errno)) }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            guardian.release()
            throw OutputFileError(path: path, reason: .system("close", code))
        }
        guard rename(temporary, destination) == 0 else {
            let code = errno
            unlink(temporary)
            guardian.release()
            throw OutputFileError(path: path, reason: .system("rename", code))
        }
        guardian.release()
        // The rename is durable once the directory is on disk too (best effort).
        let folderDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Writes straight to an open descriptor (standard output, a device, a FIFO).
    static func writeThrough(
        descriptor: Int32, path: String, closing: Bool, _ produce: (OutputSink) throws -> Void
    ) throws(OutputFileError) {
        defer { if closing { close(descriptor) } }
        let sink = OutputSink(descriptor: descriptor)
        do {
            try produce(sink)
        } catch {
            throw OutputFileError(path: path, reason: .producer(String(describing: error)))
        }
        sink.flush()
        if let code = sink.failure { throw OutputFileError(path: path, reason: .system("write", code)) }
    }
}

/// Where `OutputFile.write(to:_:)` sends the pieces of an output: bytes are collected
/// in a 64 KiB buffer and written with `write(2)`. The first failure is kept and every
/// later write is dropped, so a producer need not check after each piece; the writer
/// reports it when the producer returns. A class, so that the producer's own callbacks
/// can write to it; valid only during the `write(to:_:)` call that made it.
public final class OutputSink {
    let descriptor: Int32
    var buffer: [UInt8] = []
    /// The errno of the first failed write, if any.
    private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(OutputFile.bufferSize)
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= OutputFile.bufferSize { flush() }
    }

    /// Appends `bytes` as they are.
    public func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= OutputFile.bufferSize { flush() }
    }

    /// Writes what is buffered, retrying partial writes and interruptions.
    func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        let code: Int32? = buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        failure = code
    }
}

/// `write(2)` under a name that cannot be confused with `OutputSink.write(_:)`.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
