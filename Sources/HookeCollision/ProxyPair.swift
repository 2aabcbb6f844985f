/// Two proxies whose boxes overlap, the smaller id first.
public struct ProxyPair: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public let a: ProxyID
    public let b: ProxyID
    /// The pair of `x` and `y` in canonical order (smaller id first).
    public init(_ x: ProxyID, _ y: ProxyID) {
        if x < y { a = x; b = y } else { a = y; b = x }
    }
    public static func < (l: ProxyPair, r: ProxyPair) -> Bool { l.a != r.a ? l.a < r.a : l.b < r.b }
    public var description: String { "(\(a.rawValue), \(b.rawValue))" }
}
