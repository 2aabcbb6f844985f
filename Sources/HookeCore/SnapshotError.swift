/// Why a snapshot could not be read or restored: one line naming where in the snapshot
/// the fault is (a path such as `world.bodies.center[3]`, empty for the file as a whole)
/// and what is wrong.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where: the path of the offending value, or empty for the whole snapshot.
    public var path: String
    /// What is wrong.
    public var message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// A coding path as a snapshot names it: `bodies.center[3]`.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }
}
