import HookeWorld

/// A question a scenario asks its world at a time (the top-level `queries` array,
/// Docs/scenarios.md): which bodies are at a point, along a ray, in the way of a moving
/// shape, overlapping a shape, or in a rectangle — the World's queries
/// (`World.bodies(at:)`, `castRay`, `closestRayHit`, `castShape`, `bodies(overlapping:)`,
/// `bodies(in:)`), answered after the first step at or after `at`.
public struct ScenarioQuery: Sendable, Equatable {
    /// What is asked.
    public enum Kind: Sendable, Equatable {
        /// The bodies whose outline holds the point, oldest first.
        case point(SIMD2<Double>)
        /// The bodies the segment enters, nearest first (only the nearest when `closest`).
        case ray(from: SIMD2<Double>, to: SIMD2<Double>, closest: Bool)
        /// The bodies `shape`, placed at `center` turned by `angle`, touches when moved by
        /// `translation`, first touched first.
        case cast(shape: BodyShape, center: SIMD2<Double>, angle: Double, translation: SIMD2<Double>)
        /// The bodies sharing a point with `shape` at `center` turned by `angle`.
        case overlap(shape: BodyShape, center: SIMD2<Double>, angle: Double)
        /// The bodies whose turned bounding box meets the rectangle (UIKit's `items(in:)`).
        case rect(WorldRect)
    }

    /// When, seconds: the query is answered after the first step at or after it (before
    /// any step for 0).
    public let at: Double
    /// What is asked.
    public let kind: Kind
    /// Whether the collision skin counts as part of rectangles and polygons (not for `rect`).
    public let includingSkin: Bool
    /// Only bodies in these categories count (not for `rect`).
    public let categories: UInt64

    /// The query's name in `hooke simulate --queries` output: point, ray, closestRay,
    /// cast, overlap or rect.
    public var name: String {
        switch kind {
        case .point: "point"
        case let .ray(_, _, closest): closest ? "closestRay" : "ray"
        case .cast: "cast"
        case .overlap: "overlap"
        case .rect: "rect"
        }
    }
}

/// A scenario query's answer at the step it was due.
public struct ScenarioQueryAnswer: Sendable, Equatable {
    /// A body found: its scenario id and, for a ray or a cast, where, the outline's
    /// normal there and the fraction of the path.
    public struct Hit: Sendable, Equatable {
        public let id: String
        public let point: SIMD2<Double>?
        public let normal: SIMD2<Double>?
        public let fraction: Double?
    }

    /// The query's index in `queries`.
    public let query: Int
    /// The step after which it was answered, and its time in seconds.
    public let step: Int
    public let time: Double
    /// The query's name (`ScenarioQuery.name`).
    public let kind: String
    /// What was found, in the query's order.
    public let hits: [Hit]
}
