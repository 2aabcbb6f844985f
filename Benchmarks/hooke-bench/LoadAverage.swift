import Foundation

/// The system's load averages over 1, 5 and 15 minutes (`/proc/loadavg`), read when a run
/// starts and when it ends: on a shared machine they tell whether other work ran beside
/// the measurement (this process counts for about 1 while it runs). Empty where the
/// file does not exist.
enum LoadAverage {
    static func current() -> [Double] {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return [] }
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }
}
