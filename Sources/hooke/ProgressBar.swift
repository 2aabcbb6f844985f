import Foundation

/// Progress on standard error: a bar redrawn in place when standard error is a terminal,
/// or one plain line per reported item when `lines` is set and it is not (a log file, a
/// pipe). Thread-safe: the sweep's workers report finished points.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let total: Int
    private let terminal: Bool
    private let lines: Bool
    private var done = 0
    private var drawn = -1
    private let lock = NSLock()

    /// Whether standard error is a terminal.
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// A bar for the sweep's `total` points, or nil when there is no terminal or the work
    /// is small (fewer than `minimumWork` point-steps).
    static func sweep(total: Int, steps: Int, minimumWork: Double = 2e7) -> ProgressBar? {
        guard isTerminal, Double(total) * Double(steps) >= minimumWork else { return nil }
        return ProgressBar(label: "sweep", total: total, lines: false)
    }

    /// A bar labelled `label` for `total` items; with `lines`, off a terminal each
    /// `advance` prints one line instead.
    init(label: String, total: Int, lines: Bool) {
        self.label = label
        self.total = total
        self.terminal = Self.isTerminal
        self.lines = lines
    }

    /// Reports `count` more items done; `note` says what comes next (or what finished).
    func advance(by count: Int, note: String = "") {
        lock.lock()
        defer { lock.unlock() }
        done += count
        if !terminal {
            if lines { FileHandle.standardError.write(Data("\(label): \(done)/\(total) \(note)\n".utf8)) }
            return
        }
        let percent = total == 0 ? 100 : done * 100 / total
        guard percent != drawn || !note.isEmpty else { return }
        drawn = percent
        let width = 40
        let filled = percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let suffix = note.isEmpty ? "\(percent)%" : "\(done)/\(total) \(note)"
        FileHandle.standardError.write(Data("\r\u{1B}[K\(label) [\(bar)] \(suffix)".utf8))
    }

    /// Clears the bar (on a terminal).
    func finish() {
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
