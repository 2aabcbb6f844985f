/// One way of stepping the `jelly-mesh` workload.
///
/// Built from a `JellyMeshWorkload` (untimed), driven by `FramePlan` like the springs
/// engines (a retarget moves the fingers of `frame.items` to `frame.x[k]`), then read
/// with `finalStates()`, which must agree with every other engine's.
protocol MeshEngine: FrameDriven {
    /// Every instance's state z_k, instance after instance (K·n doubles).
    func finalStates() -> [Double]

    /// Bytes of state the engine keeps per instance.
    var bytesPerItem: Double { get }
}

/// The engines of the `jelly-mesh` scenario, by the name in the output.
enum MeshEngineKind: String, CaseIterable, Codable, Sendable {
    /// `BatchedPropagator.step()`: one `cblas_dgemm` over the K × (n + p) record matrix.
    case gemm
    /// One `cblas_dgemv` per instance: K calls per step.
    case gemv
    /// `BatchedPropagator.step(kernel: .swift)`: the plain triple loop.
    case swiftLoop = "swift-loop"
    /// A large square `cblas_dgemm`, the practical peak the others are measured against.
    case dgemmPeak = "dgemm-peak"

    /// Largest max-norm relative difference of the final state from the reference
    /// engine's that still counts as the same computation; `nil` for `dgemm-peak`,
    /// which steps no mesh. The engines differ only in summation order and fused
    /// multiply–adds, some 1e-16 relative per step, and a damped network's Φ contracts,
    /// so 1e-9 leaves a margin of several orders.
    var stateTolerance: Double? {
        self == .dgemmPeak ? nil : 1e-9
    }

    /// Builds the engine for `workload` (untimed); `nil` for `dgemm-peak`.
    func make(_ workload: JellyMeshWorkload) -> (any MeshEngine)? {
        switch self {
        case .gemm: return BatchedMeshEngine(workload, kernel: .blas)
        case .gemv: return GEMVMeshEngine(workload)
        case .swiftLoop: return BatchedMeshEngine(workload, kernel: .swift)
        case .dgemmPeak: return nil
        }
    }
}
