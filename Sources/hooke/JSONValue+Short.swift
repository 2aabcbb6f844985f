import Foundation
import HookeIO

extension JSONValue {
    /// A number rounded to 6 significant digits, for text and code snippets.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        return format(Double(String(format: "%.6g", value)) ?? value)
    }
}
