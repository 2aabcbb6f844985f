/// What flows between the stages of one step, in buffers kept in the world so that a
/// step does not allocate. Each group is written by one stage and read by the later
/// ones its comment names; nothing here outlives the step except as reusable storage.
struct StepScratch: Sendable {
    /// The world's gravity this step (pt/s²), set by `forces`, read by the integrations.
    var gravity = SIMD2<Double>.zero
    /// The rotation of each body's angle, cached for the collision stages.
    var rotations = RotationCache()
    /// Touching contacts as the narrowphase lists them, for `islands`.
    var touching = TouchingContacts()
    /// Contacts that began or ended, for `contactEvents`.
    var contactChanges = ContactChanges()
    /// The attachment and snap joints of this step, gathered by `islands`.
    var joints = JointSet()
    /// `islands`' own working buffers.
    var graph = IslandGraph()
    /// The islands, for the solvers and `restDetection`.
    var islands = IslandLists()
    /// UIKit's solver: one velocity constraint per island contact.
    var contactConstraints: [ContactVelocityConstraint] = []
    /// The soft step's contacts in SIMD bundles and its Float body state.
    var softStep = SoftStepScratch()
    /// Where island bodies started the step, for `continuousCollision` and the soft step.
    var startPlacements = StartPlacements()
    /// The linearised steps of snapped items measured so far, for `restDetection`'s snap
    /// rest (derived from the key alone, so a restored world measures them again); nil
    /// for a step that does not contract.
    var snapRestModels: [SnapRestModel.Key: SnapRestModel?] = [:]
}

/// (cos θ, sin θ) of each body for the angle in `angle` (NaN: not computed), so that
/// the collision stages turn each body's angle into a rotation once.
struct RotationCache: Sendable, Codable {
    var cosineSine: [SIMD2<Double>] = []
    var angle: [Double] = []
}

/// The narrowphase's touching contacts, in contact order.
struct TouchingContacts: Sendable {
    /// Indices into `ContactSet.contacts`.
    var contacts: [Int] = []
    /// The body slots of each touching contact (−1: the world or a boundary).
    var ends: [SIMD2<Int32>] = []
}

/// What `contactEvents` reports, collected by the broadphase and the narrowphase.
struct ContactChanges: Sendable {
    /// Contacts whose touching changed in the narrowphase.
    var changed: [Int] = []
    /// Ended events of contacts the broadphase destroyed.
    var ended: [ContactEvent] = []
    /// Ended overlaps of sensor contacts the broadphase destroyed.
    var sensorEnded: [SensorEvent] = []
    /// The contact list before the broadphase's last merge, kept for its storage.
    var spare: [Contact] = []
}

/// The constraint graph `islands` walks: edges are the joints, then the touching
/// contacts, each by its two body slots.
struct IslandGraph: Sendable {
    /// The joints, newest first.
    var order: [Int] = []
    /// Each edge's two body slots (−1: the world or a boundary).
    var edgeEnds: [SIMD2<Int32>] = []
    /// Adjacency in compressed rows: body i's edges are `adjacency[rowStart[i]..<rowStart[i + 1]]`.
    var rowStart: [Int] = []
    var adjacency: [Int] = []
    /// The depth-first walk's state: bodies reached, edges listed, the stack of bodies.
    var visited: [Bool] = []
    var edgeDone: [Bool] = []
    var stack: [Int] = []
}

/// The islands in Box2D 2.3's order: island k's bodies are
/// `bodies[bodyStart[k]..<bodyStart[k + 1]]`, and likewise its joints (indices into
/// `StepScratch.joints`) and contacts (indices into `ContactSet.contacts`).
struct IslandLists: Sendable {
    var bodies: [Int] = []
    var bodyStart: [Int] = []
    var joints: [Int] = []
    var jointStart: [Int] = []
    var contacts: [Int] = []
    var contactStart: [Int] = []
    /// Whether each island's position iterations converged, for `restDetection`.
    var positionSolved: [Bool] = []
}

/// The soft step's working state (World+SoftStep.swift).
struct SoftStepScratch: Sendable {
    /// The island contacts in SIMD bundles of eight.
    var bundles: [SoftContactBundle] = []
    var bundleCount = 0
    /// The bundles of each colour that has contacts, in order: bundles of one range share
    /// no dynamic body, so a range can be split between threads.
    var colourBundles: [Range<Int>] = []
    /// The bundles of the contacts that found no colour free, one each, solved in order
    /// by one thread.
    var overflowBundles: Range<Int> = 0..<0
    /// The island contacts in storage order.
    var contacts: [Int] = []
    /// Each island contact's place in `bundles`: 8·bundle + lane.
    var lane: [Int] = []
    /// The contact (index into `contacts`) at each place of `bundles`, −1 for none.
    var placeContact: [Int] = []
    /// Body state by slot, one entry more for "no body" (`SoftBodyState`); meaningful
    /// only for island and anchored bodies during the step.
    var velocity: [SIMD4<Float>] = []
    var pose: [SIMD4<Float>] = []
    /// The island bodies in slot order.
    var bodies: [Int] = []
    /// A flag per slot or contact, to list `bodies` and `contacts` in order.
    var flags: [Bool] = []
    /// Each island body's `World.forcing` over the substep, in `bodies` order.
    var forcing: [(increment: SIMD4<Float>, factor: SIMD4<Float>)] = []
    /// Colours taken by each body's contacts while the contacts are coloured (a bit per
    /// colour); all zero outside.
    var colourMask: [UInt64] = []
    /// The dynamic bodies of each island contact, in `contacts` order (−1: a boundary
    /// or an anchored body), for clearing `colourMask` after the colouring without
    /// reading the contacts again.
    var colouredBodies: [SIMD2<Int32>] = []
}

/// Where each island body started the step and which of them continuous collision sweeps.
struct StartPlacements: Sendable {
    /// By slot, each island body's placement at the start of the step, (cx, cy, θ, 0).
    var bySlot: [SIMD4<Double>] = []
    /// Island positions (into `IslandLists.bodies`) of the bodies continuous collision sweeps.
    var fastBodies: [Int] = []
    /// By slot: whether the body is in `fastBodies` (all false outside the stage).
    var isFast: [Bool] = []
    /// By slot: whether the body moved far enough this step to be swept (written for
    /// every slot by continuous collision, read only for the island's bodies).
    var movedFar: [Bool] = []
}
