import Foundation

/// Writes an output file all at once: the text goes to a temporary file in the same
/// directory, which is then renamed over the destination. rename(2) within one file
/// system is atomic, so a reader (or a failed run) never sees a partial file: either
/// the old file (or none) or the complete new one.
enum AtomicFileWriter {
    static func write(_ text: String, to path: String, option: String) throws(CommandLineError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandLineError("\(option): cannot write \(path): \(error.localizedDescription)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CommandLineError("\(option): cannot write \(path): \(reason)")
        }
    }
}
