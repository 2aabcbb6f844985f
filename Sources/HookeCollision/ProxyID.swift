/// A broadphase proxy: one shape's box in a `BroadPhase`. Stable while the proxy lives;
/// the value of a destroyed proxy may be handed out again.
public struct ProxyID: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// Index of the proxy's leaf in the tree.
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: ProxyID, b: ProxyID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "proxy \(rawValue)" }
}
