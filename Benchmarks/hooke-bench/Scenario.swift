/// The workloads `hooke-bench` knows, by the name `--scenario` takes.
enum Scenario: String, CaseIterable, Sendable {
    /// N independent 2-D springs toward fixed targets, eight distinct springs, a share
    /// of the items (1% by default) retargeted every frame (see `SpringsWorkload`).
    case springs
    /// K coupled jelly edges of m control points each, stepped by their exact
    /// propagator: one GEMM per step against K GEMVs and a plain loop, in GFLOP/s and as
    /// a share of OpenBLAS's large-DGEMM rate (see `JellyMeshWorkload`).
    case jellyMesh = "jelly-mesh"
    /// N swipe cards driven by recorded pans through `GestureBatchPlayback`
    /// (see `InteractionsRunner`).
    case cards
    /// N jelly edges driven by the same recorded pans (see `InteractionsRunner`).
    case jellyEdges = "jelly-edges"
    /// N springs of a damping-ratio × response grid stepped by `SpringSweep.run`, with
    /// and without its closed-form check, against `SpringBatch<Double>` stepping the same
    /// springs (see `SweepRunner`).
    case sweep
    /// N boxes (500, 2000, 8000; `--items`) falling into a walled box and settling, in
    /// Hooke's `World` with collisions (see `WorldBenchScene`).
    case world
    /// Box2D's "large pyramid": 100 rows (`--items` sets the rows), 5050 boxes on a
    /// static ground, 500 steps at 60 Hz (see `WorldBenchScene`).
    case pyramid
    /// Single components timed on their own: broadphase designs, manifolds and time of
    /// impact, Swift against BLAS kernels, a propagator's set-up, a mesh jelly edge,
    /// swipe cards in place (see `ComponentsRunner`).
    case components
}
