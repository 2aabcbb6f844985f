import Foundation

/// Writes output files so that a reader sees the old file or the complete new one,
/// never a part: the bytes go to a temporary file in the same directory, which then
/// replaces the destination with rename(2) (atomic within one file system).
enum AtomicFile {
    static func write(_ text: String, to path: String) throws {
        let destination = URL(fileURLWithPath: path)
        let directory = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(
            ".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
            guard rename(temporary.path, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [
                    NSFilePathErrorKey: path,
                    NSLocalizedDescriptionKey: "cannot rename into \(path): \(String(cString: strerror(errno)))",
                ])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
