/// One node of an added behaviour tree, stored in pre-order.
struct BehaviorNode: Sendable {
    var kind: Behavior.Kind
    var action: (@Sendable (inout World) -> Void)?
    /// Number of nodes in the subtree rooted here, this node included.
    var subtreeSize: Int
    /// The joints this node created (one per attachment, four per snap).
    var joints: [JointState]
}
