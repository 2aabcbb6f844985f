import Foundation

/// A progress bar on standard error, drawn only when standard error is a terminal (so
/// logs and pipes stay clean). Thread-safe: workers report finished points.
final class SweepProgress: @unchecked Sendable {
    private let total: Int
    private var done = 0
    private var drawn = -1
    private let lock = NSLock()

    /// A bar for `total` points, or nil when there is no terminal or the work is small
    /// (fewer than `minimumWork` point-steps).
    static func make(total: Int, steps: Int, minimumWork: Double = 2e7) -> SweepProgress? {
        guard isatty(STDERR_FILENO) == 1, Double(total) * Double(steps) >= minimumWork else { return nil }
        return SweepProgress(total: total)
    }

    private init(total: Int) {
        self.total = total
    }

    func advance(by count: Int) {
        lock.lock()
        defer { lock.unlock() }
        done += count
        let percent = total == 0 ? 100 : done * 100 / total
        guard percent != drawn else { return }
        drawn = percent
        let width = 40
        let filled = percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        FileHandle.standardError.write(Data("\rsweep [\(bar)] \(percent)%".utf8))
    }

    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
