/// A stable reference to a body of a `World`: a storage slot and the generation of
/// the body that occupies it.
///
/// A handle outlives its body harmlessly: once the body is removed its slot's
/// generation moves on, so the old handle never designates the slot's next
/// occupant. Behaviours hold handles, never indices.
public struct BodyHandle: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// Storage slot of the body.
    public let index: Int32
    /// Generation of the slot when the body was created (starts at 1).
    public let generation: UInt32

    package init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    public static func < (lhs: BodyHandle, rhs: BodyHandle) -> Bool {
        (lhs.index, lhs.generation) < (rhs.index, rhs.generation)
    }

    public var description: String { "body#\(index).\(generation)" }
}
