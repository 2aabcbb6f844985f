import Foundation

/// What Linux reports about this process and machine: resident memory from
/// `/proc/self/status` and the processor from `/proc/cpuinfo`. Elsewhere the values are nil.
public enum ProcessStatus {
    /// One reading of the process's memory, bytes.
    public struct Memory: Sendable, Hashable {
        /// `VmRSS`: resident now.
        public var resident: Int
        /// `VmHWM`: the most ever resident (the high-water mark).
        public var peakResident: Int

        public init(resident: Int, peakResident: Int) {
            self.resident = resident
            self.peakResident = peakResident
        }
    }

    /// `VmRSS` and `VmHWM` of this process, or nil where `/proc/self/status` does not exist.
    public static func memory() -> Memory? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return parseMemory(text)
    }

    /// `VmRSS` and `VmHWM` from the text of a `/proc/PID/status` file ("VmRSS:   1234 kB").
    public static func parseMemory(_ status: String) -> Memory? {
        var rss: Int?, hwm: Int?
        for line in status.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kB = Int(fields[1]) else { continue }
            if fields[0] == "VmRSS:" { rss = kB * 1024 }
            if fields[0] == "VmHWM:" { hwm = kB * 1024 }
        }
        guard let rss, let hwm else { return nil }
        return Memory(resident: rss, peakResident: hwm)
    }

    /// The first `model name` of `/proc/cpuinfo` and the number of processors listed, or
    /// nil where the file does not exist.
    public static func processor() -> (model: String, count: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        var model: String?, count = 0
        for line in text.split(separator: "\n") where line.hasPrefix("model name") || line.hasPrefix("processor") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if line.hasPrefix("processor") { count += 1 } else if model == nil {
                model = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return (model ?? "unknown", count)
    }
}
