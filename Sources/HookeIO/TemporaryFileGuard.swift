#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals after which the temporary files are removed.
private let guardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

/// How many atomic writes may be in progress at once (nested: a command streaming two
/// outputs holds two).
private let pendingCapacity = 8

/// The temporary files of the atomic writes in progress, as C strings the signal
/// handler can pass to `unlink(2)` (async-signal-safe); nil where a slot is free.
/// Fixed storage, so that the handler reads it without allocating. Written only by
/// `TemporaryFileGuard` on the writing thread; the handler reads it.
nonisolated(unsafe) private let pendingTemporaryFiles: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: pendingCapacity)
    slots.initialize(repeating: nil, count: pendingCapacity)
    return slots
}()

/// The actions the guarded signals had before the first guard installed its own, in
/// the order of `guardedSignals`.
nonisolated(unsafe) private let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 3)

/// Guards held now; the handlers are installed while it is above zero.
nonisolated(unsafe) private var heldGuards = 0

/// Removes the pending temporary files, restores the signal's previous action and
/// raises the signal again, so the process ends (or does what it did before) as if
/// the guards had not been there.
private func removeTemporaryFilesAndReraise(_ signal: Int32) {
    for slot in 0..<pendingCapacity {
        if let path = pendingTemporaryFiles[slot] { unlink(path) }
    }
    for (k, guarded) in guardedSignals.enumerated() where guarded == signal {
        sigaction(signal, previousActions + k, nil)
    }
    raise(signal)
}

/// Keeps a temporary file from outliving its writer when the process is interrupted:
/// while a guard is held, SIGINT, SIGTERM or SIGHUP first unlinks the file, then
/// takes its previous course. Up to eight guards may be held at once (nested writes on
/// one thread; the command-line tools write from one thread).
final class TemporaryFileGuard {
    private var slot: Int?

    /// Records `path` and, for the first guard held, installs the handlers.
    init(path: String) {
        guard let free = (0..<pendingCapacity).first(where: { pendingTemporaryFiles[$0] == nil }) else {
            preconditionFailure("more than \(pendingCapacity) output files written at once")
        }
        slot = free
        pendingTemporaryFiles[free] = strdup(path)
        heldGuards += 1
        guard heldGuards == 1 else { return }
        for (k, signal) in guardedSignals.enumerated() {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = removeTemporaryFilesAndReraise
            #else
            action.__sigaction_u.__sa_handler = removeTemporaryFilesAndReraise
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previousActions + k)
        }
    }

    /// Forgets the path (the file was renamed or removed by the writer) and, with the
    /// last guard, restores the previous handlers.
    func release() {
        guard let slot else { return }
        self.slot = nil
        let path = pendingTemporaryFiles[slot]
        pendingTemporaryFiles[slot] = nil
        free(path)
        heldGuards -= 1
        guard heldGuards == 0 else { return }
        for (k, signal) in guardedSignals.enumerated() { sigaction(signal, previousActions + k, nil) }
    }

    deinit { release() }
}
