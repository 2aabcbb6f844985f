import HookeLinear

/// The `jelly-mesh` scenario at one point (K instances, m control points): the jelly
/// edge every instance is, its exact propagator, where every instance starts and where
/// its finger goes in every frame.
///
/// An instance is one `SpringNetwork.jellyEdge` of m control points: scalar
/// displacements normal to the edge, so its state is z = (u₀…u_{m−1}, v₀…v_{m−1}) of
/// n = 2m doubles, with p = 1 input, the finger's target (points). (A 2-D mesh whose
/// points move in both axes is two such instances, one per axis; see
/// `SpringNetwork`.) One step of one instance is z ← [Φ Ψ]·(z; w), a product of the
/// n × (n + p) step matrix with a vector of n + p.
///
/// **Flop convention.** A matrix–vector product of r rows and c columns counts 2·r·c
/// flops (one multiply and one add per entry, as LAPACK Working Note 41 and the BLAS
/// literature count GEMM); a step of K instances is 2·n·(n + p)·K flops, whatever the
/// engine does to get there. At m = 64: 2·128·129·1000 = 3.30·10⁷ flops per step.
struct JellyMeshWorkload: Sendable {
    /// Seconds per fixed step: the springs scenario's 1/120 s.
    static let timestep = SpringsWorkload.timestep

    let instanceCount: Int
    let controlPoints: Int
    /// The exact map of one instance over one step.
    let propagator: ExactPropagator
    /// Instance k's start state z_k (n doubles: displacements, then velocities).
    let startStates: [[Double]]
    /// Finger targets: instance k's finger holds `x[k]` of the frame's table (the `y`
    /// tables are unused copies; a jelly edge moves along one axis).
    let retargets: RetargetSchedule

    /// n = 2m.
    var stateDimension: Int { propagator.stateDimension }
    /// p = 1: the finger.
    var inputCount: Int { propagator.inputCount }
    /// 2·n·(n + p)·K, the flop count of one step (see the type's documentation).
    var flopsPerStep: Double {
        2 * Double(stateDimension) * Double(stateDimension + inputCount) * Double(instanceCount)
    }

    /// - Parameter retargetShare: the fraction of fingers moved per frame, in 0...1.
    init(instances: Int, controlPoints m: Int, retargetShare: Double, seed: UInt64) {
        precondition(instances > 0 && m > 0, "a jelly mesh needs instances and control points")
        instanceCount = instances
        controlPoints = m
        // The edge of the `jellyEdge` documentation: 10 g points, a skin five times
        // stiffer than the body, pulled in the middle. The parameters are valid by
        // construction and the exponential of a damped network converges; a throw here
        // is a bug.
        let edge = try! SpringNetwork.jellyEdge(
            points: m, mass: 0.01, tension: 400, anchorStiffness: 40, damping: 0.4,
            pulledPoint: m / 2, fingerStiffness: 200)
        propagator = try! ExactPropagator(network: edge, timestep: Self.timestep)

        var random = SeededGenerator(seed: seed)
        // Bulges up to 20 pt moving at up to 500 pt/s; the finger anywhere within 40 pt
        // of the rest line.
        startStates = (0..<instances).map { _ in
            (0..<m).map { _ in random.uniform(-20...20) } + (0..<m).map { _ in random.uniform(-500...500) }
        }
        let initial = (0..<instances).map { _ in random.uniform(-40...40) }
        let later = (0..<instances).map { _ in random.uniform(-40...40) }
        retargets = RetargetSchedule(initial: (initial, initial), later: (later, later), share: retargetShare)
    }

    /// The workload of one measurement point: every engine starts from it.
    static func standard(instances: Int, controlPoints: Int, retargetShare: Double) -> JellyMeshWorkload {
        JellyMeshWorkload(instances: instances, controlPoints: controlPoints,
                          retargetShare: retargetShare, seed: 0x4A65_6C6C_7921)
    }
}
