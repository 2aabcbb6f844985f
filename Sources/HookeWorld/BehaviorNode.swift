import HookeCore

/// One node of an added behaviour tree, stored in pre-order.
struct BehaviorNode: Sendable, Codable {
    var kind: Behavior.Kind
    var action: (@Sendable (inout World) -> Void)?
    /// Number of nodes in the subtree rooted here, this node included.
    var subtreeSize: Int
    /// The joints this node created (one per attachment, four per snap).
    var joints: [JointState]

    init(kind: Behavior.Kind, action: (@Sendable (inout World) -> Void)?, subtreeSize: Int, joints: [JointState]) {
        (self.kind, self.action, self.subtreeSize, self.joints) = (kind, action, subtreeSize, joints)
    }

    private enum CodingKeys: String, CodingKey { case kind, subtreeSize, joints }

    /// A node read from a snapshot has no action: a snapshot cannot hold a closure.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Behavior.Kind.self, forKey: .kind)
        action = nil
        subtreeSize = try c.decode(Int.self, forKey: .subtreeSize)
        joints = try c.decode([JointState].self, forKey: .joints)
    }

    /// - Throws: `SnapshotError` for a node with an action (`World.snapshot()` names the
    ///   behaviour before it gets here).
    func encode(to encoder: any Encoder) throws {
        guard action == nil else {
            throw SnapshotError(path: "", "a behaviour with an action closure cannot be saved in a snapshot")
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(subtreeSize, forKey: .subtreeSize)
        try c.encode(joints, forKey: .joints)
    }
}
