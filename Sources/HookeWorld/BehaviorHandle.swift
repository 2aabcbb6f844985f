/// A stable reference to a behaviour (with its children) added to a `World`.
public struct BehaviorHandle: Sendable, Hashable, CustomStringConvertible, Codable {
    /// Storage slot of the behaviour.
    public let index: Int32
    /// Generation of the slot when the behaviour was added (starts at 1).
    public let generation: UInt32

    package init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    public var description: String { "behavior#\(index).\(generation)" }
}
