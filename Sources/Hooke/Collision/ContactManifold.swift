/// Which features of the two shapes produced a contact point: stable while the same
/// corner touches the same face, so a solver can carry last step's impulses over
/// (warm starting).
///
/// Packing (after Box2D's `b2ContactFeature`, with wider indices so that ellipse
/// polygons of up to 4096 vertices keep distinct ids): bits 0–14 the index on A, bit 15
/// the kind of A's feature, bits 16–30 the index on B, bit 31 the kind of B's
/// (0 vertex, 1 face).
public struct ContactFeature: Sendable, Hashable, CustomStringConvertible {
    /// The packed identifier.
    public let rawValue: UInt32

    /// What touches: a vertex or a face (edge) of a shape.
    public enum Kind: UInt8, Sendable { case vertex = 0, face = 1 }

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The feature made of `indexA` (a `kindA`) of shape A and `indexB` (a `kindB`) of B.
    public init(indexA: Int, kindA: Kind, indexB: Int, kindB: Kind) {
        rawValue = UInt32(indexA & 0x7FFF)
            | UInt32(kindA.rawValue) << 15
            | UInt32(indexB & 0x7FFF) << 16
            | UInt32(kindB.rawValue) << 31
    }

    /// Index of the feature on shape A.
    public var indexA: Int { Int(rawValue & 0x7FFF) }
    /// Index of the feature on shape B.
    public var indexB: Int { Int((rawValue >> 16) & 0x7FFF) }
    /// Kind of the feature on shape A.
    public var kindA: Kind { (rawValue >> 15) & 1 == 1 ? .face : .vertex }
    /// Kind of the feature on shape B.
    public var kindB: Kind { (rawValue >> 31) & 1 == 1 ? .face : .vertex }

    /// The same feature seen with A and B exchanged.
    public var swapped: ContactFeature { ContactFeature(indexA: indexB, kindA: kindB, indexB: indexA, kindB: kindA) }

    public var description: String { "A.\(kindA)\(indexA)–B.\(kindB)\(indexB)" }
}

/// One contact point of a manifold, in world coordinates.
public struct ManifoldPoint: Sendable, Hashable {
    /// Midway between the two skinned surfaces along the normal, points.
    public var position: SIMD2<Double>
    /// Signed gap between the skinned outlines along the normal, points: negative when
    /// they overlap. The core outlines are `separation + rA + rB` apart.
    public var separation: Double
    /// The features that touch (for warm starting).
    public var feature: ContactFeature

    public init(position: SIMD2<Double>, separation: Double, feature: ContactFeature) {
        self.position = position
        self.separation = separation
        self.feature = feature
    }
}

/// The contact between two shapes: a shared unit normal from A to B and up to two points.
///
/// Empty (no points) when the core outlines are farther apart than the sum of the
/// skins, i.e. when the skinned outlines do not touch.
public struct ContactManifold: Sendable, Hashable {
    /// Unit normal in world coordinates, pointing from shape A into shape B; zero when empty.
    public var normal: SIMD2<Double>
    /// Number of points, 0…2.
    public private(set) var pointCount: Int
    private var first: ManifoldPoint
    private var second: ManifoldPoint

    /// The manifold with no points.
    public static let empty = ContactManifold()

    init() {
        normal = .zero
        pointCount = 0
        let none = ManifoldPoint(position: .zero, separation: .infinity, feature: ContactFeature(rawValue: 0))
        first = none
        second = none
    }

    mutating func append(_ point: ManifoldPoint) {
        precondition(pointCount < 2, "a manifold holds at most two points")
        if pointCount == 0 { first = point } else { second = point }
        pointCount += 1
    }

    /// Point `index` (0 ..< pointCount).
    public subscript(index: Int) -> ManifoldPoint {
        precondition(index >= 0 && index < pointCount, "manifold point \(index) out of 0..<\(pointCount)")
        return index == 0 ? first : second
    }

    /// The points, in order.
    public var points: [ManifoldPoint] { (0..<pointCount).map { self[$0] } }

    /// The same contact with A and B exchanged: the normal reversed, features swapped.
    public var swapped: ContactManifold {
        var m = ContactManifold()
        m.normal = -normal
        for p in points {
            m.append(ManifoldPoint(position: p.position, separation: p.separation, feature: p.feature.swapped))
        }
        return m
    }
}
