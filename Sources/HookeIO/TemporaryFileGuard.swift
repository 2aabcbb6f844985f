#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary file of the atomic write in progress, as a C string the signal
/// handler can pass to `unlink(2)` (async-signal-safe); nil when there is none.
/// Written only by `TemporaryFileGuard` on the writing thread; the handler reads it.
nonisolated(unsafe) private var pendingTemporaryFile: UnsafeMutablePointer<CChar>?

/// The signals after which the temporary file is removed.
private let guardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

/// The actions those signals had before the guard installed its own, in the same
/// order: fixed storage, so that the handler reads it without allocating.
nonisolated(unsafe) private let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 3)

/// Removes the pending temporary file, restores the signal's previous action and
/// raises the signal again, so the process ends (or does what it did before) as if
/// the guard had not been there.
private func removeTemporaryFileAndReraise(_ signal: Int32) {
    if let path = pendingTemporaryFile { unlink(path) }
    for (k, guarded) in guardedSignals.enumerated() where guarded == signal {
        sigaction(signal, previousActions + k, nil)
    }
    raise(signal)
}

/// Keeps a temporary file from outliving its writer when the process is interrupted:
/// while a guard is held, SIGINT, SIGTERM or SIGHUP first unlinks the file, then
/// takes its previous course. One guard at a time per process (the command-line
/// tools write their outputs one after another).
final class TemporaryFileGuard {
    private var released = false

    /// Records `path` and installs the handlers.
    init(path: String) {
        pendingTemporaryFile = strdup(path)
        for (k, signal) in guardedSignals.enumerated() {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = removeTemporaryFileAndReraise
            #else
            action.__sigaction_u.__sa_handler = removeTemporaryFileAndReraise
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previousActions + k)
        }
    }

    /// Restores the previous handlers and forgets the path (the file was renamed or
    /// removed by the writer).
    func release() {
        guard !released else { return }
        released = true
        for (k, signal) in guardedSignals.enumerated() { sigaction(signal, previousActions + k, nil) }
        let path = pendingTemporaryFile
        pendingTemporaryFile = nil
        free(path)
    }

    deinit { release() }
}
