import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress report on standard error, rewritten in place — only when
/// standard error is a terminal, so logs and pipes stay clean.
struct Progress {
    private let enabled = isatty(STDERR_FILENO) != 0

    /// Replaces the progress line with `text`.
    func show(_ text: String) {
        guard enabled else { return }
        write("\r\u{1B}[2K" + text)
    }

    /// Clears the progress line.
    func clear() {
        guard enabled else { return }
        write("\r\u{1B}[2K")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
