/// Which features of the two shapes produced a contact point: stable while the same
/// corner touches the same face, so a solver can carry last step's impulses over
/// (warm starting).
///
/// Packing (after Box2D's `b2ContactFeature`, with wider indices so that ellipse
/// polygons of up to 4096 vertices keep distinct ids): bits 0–14 the index on A, bit 15
/// the kind of A's feature, bits 16–30 the index on B, bit 31 the kind of B's
/// (0 vertex, 1 face).
public struct ContactFeature: Sendable, Hashable, CustomStringConvertible, Codable {
    /// The packed identifier.
    public let rawValue: UInt32

    /// What touches: a vertex or a face (edge) of a shape.
    public enum Kind: UInt8, Sendable, Codable { case vertex = 0, face = 1 }

    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The feature made of `indexA` (a `kindA`) of shape A and `indexB` (a `kindB`) of B.
    @inlinable public init(indexA: Int, kindA: Kind, indexB: Int, kindB: Kind) {
        rawValue = UInt32(indexA & 0x7FFF)
            | UInt32(kindA.rawValue) << 15
            | UInt32(indexB & 0x7FFF) << 16
            | UInt32(kindB.rawValue) << 31
    }

    /// Index of the feature on shape A.
    @inlinable public var indexA: Int { Int(rawValue & 0x7FFF) }
    /// Index of the feature on shape B.
    @inlinable public var indexB: Int { Int((rawValue >> 16) & 0x7FFF) }
    /// Kind of the feature on shape A.
    @inlinable public var kindA: Kind { (rawValue >> 15) & 1 == 1 ? .face : .vertex }
    /// Kind of the feature on shape B.
    @inlinable public var kindB: Kind { (rawValue >> 31) & 1 == 1 ? .face : .vertex }

    /// The same feature seen with A and B exchanged.
    @inline(__always)
    @inlinable public var swapped: ContactFeature { ContactFeature(indexA: indexB, kindA: kindB, indexB: indexA, kindB: kindA) }

    @inlinable public var description: String { "A.\(kindA)\(indexA)–B.\(kindB)\(indexB)" }
}
