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
    /// Box2D's "many pyramids": a 20 × 20 grid (`--items` sets the side) of pyramids of
    /// 10 rows, 22 000 boxes on 20 shelves, 200 steps at 60 Hz (see `ManyPyramidsScene`).
    case manyPyramids = "many-pyramids"
    /// Single components timed on their own: broadphase designs, manifolds and time of
    /// impact, Swift against BLAS kernels, a propagator's set-up, a mesh jelly edge,
    /// swipe cards in place (see `ComponentsRunner`).
    case components
    /// The soft-step pyramid (`--items` sets the rows) after one second: a snapshot's size
    /// in both forms, per box and per section, and the time to write, to read and restore,
    /// beside one world step (see `SnapshotRunner`).
    case snapshot
}

/// The one table of what each scene counts and measures by default: `--items` and its
/// help text, the runners, and the reports all read it here.
extension Scenario {
    /// What `--items` counts in this scenario, and the counts measured without it (full
    /// run, `--quick`); nil where `--items` does not apply.
    var itemDefaults: (counts: String, full: [Int], quick: [Int])? {
        switch self {
        case .springs: ("item counts", [1_000, 10_000, 100_000, 1_000_000], [1_000, 10_000])
        case .cards, .jellyEdges: ("items", [1_000, 10_000, 100_000], [1_000, 10_000])
        case .sweep: ("grid points", [10_000, 100_000], [1_000, 10_000])
        case .world: ("boxes", [500, 2_000, 8_000], [500])
        case .pyramid: ("rows (the first count)", [100], [40])
        case .manyPyramids: ("pyramids per side of the square grid (the first count)", [20], [5])
        case .snapshot: ("pyramid rows", [10, 40, 100], [10, 40])
        case .jellyMesh, .components: nil
        }
    }

    /// Whether the scenario's records go into the shared throughput table (item-steps/s
    /// against the C loop) of the console, `--markdown` and `--svg` reports; the others
    /// print tables of their own.
    var isInThroughputTable: Bool {
        switch self {
        case .springs, .cards, .jellyEdges: true
        case .jellyMesh, .sweep, .world, .pyramid, .manyPyramids, .components, .snapshot: false
        }
    }

    /// What each scenario measures, for `--help`.
    static let help = """
        Scenario springs: every measurement runs one untimed warm-up repetition and then timed repetitions of
        S fixed 1/120 s steps, in frames of --steps-per-frame fused steps, retargeting 1%
        (--retarget-percent) of the items at the start of every frame. It reports the median (and minimum) time
        of a repetition. All engines run the same frames from the same start; their final
        states must agree (checksum of x + y + vx + vy), or the run fails with exit code 1
        (library-style, which integrates each frame with semi-implicit Euler instead of the
        exact propagator, must agree bit for bit with its own recurrence replayed untimed).

        Scenario jelly-mesh: K jelly edges of m control points (state 2m, one finger
        input) stepped by their exact propagator [Φ Ψ]: one cblas_dgemm per step (gemm), K
        cblas_dgemv calls (gemv), a plain Swift loop (swift-loop), in GFLOP/s (2·2m·(2m+1)·K
        flops per step) and as a share of a square cblas_dgemm of order 2048 (dgemm-peak),
        all on one OpenBLAS thread. Final states must agree within 1e-9 (max-norm, relative).

        Scenarios cards and jelly-edges: N swipe cards or N jelly edges (one per item) replaying
        four recorded pans through GestureBatchPlayback, starts spread over 0.5 s; a
        repetition runs S steps (default 120, one second) from a fresh batch, on one thread.
        Reported as item-steps/s and ms per 120 Hz step of all N bodies.

        Scenario sweep: N springs of a damping-ratio × response grid (ζ 0.1…2, response 0.1…1 s),
        each moving 0 → 1 from rest for S steps of 1/120 s (default 360, 3 s): one SpringSweep.run
        call per repetition (engine sweep; sweep-no-closed-form without the closed-form settling
        check) against SpringBatch<Double> with one item per point on its x axis, stepped in frames
        of --steps-per-frame (engine hooke; built untimed). Always all three engines; the ratio to
        hooke is printed. The batch's final states must match the sweep's stepping within 1e-9.

        Scenarios world, pyramid and many-pyramids: Hooke's World with collisions, one thread
        (world: N boxes falling into a walled box, N = 500, 2000, 8000 or --items, 600 steps
        of 1/120 s or --steps; pyramid: Box2D's large pyramid, 100 rows or --items, 500 steps
        of 1/60 s; many-pyramids: Box2D's many pyramids, a 20 x 20 grid or --items, 22 000
        boxes, 200 steps of 1/60 s), each with UIKit's solver (8 velocity, 3 position
        iterations; engine hooke-uikit) and with the soft step of 4 substeps (engine
        hooke-soft-step-4), sleeping off in the pyramids as in Box2D's benchmark. Every run
        builds its scene afresh (untimed), runs one untimed warm-up pass of all its steps,
        then --repetitions timed passes (default 5: each lasts seconds); it reports the
        median and the fastest. Prints body-steps/s, ms per step, the per-stage profile and
        stability (bodies resting, boxes moved sideways by more than half a box, the probe
        box's largest displacement); --json gets one record per run with these fields
        (not --markdown or --svg).

        Scenario components: single components timed on their own, one thread, ns per call
        (fastest and median of the repetitions): pair finding over 10 steps by the dynamic tree,
        sort-and-sweep, a uniform grid and brute force (500…32 000 boxes in a settled pile and
        two moving fields; every design must find the same pairs), the tree's build, one
        manifold per shape pair and one time of impact, GEMM, GEMV, LU and Cholesky solves by
        the Swift loops and by OpenBLAS/LAPACK at orders 2…64 (which place Kernel's crossovers;
        the two must agree within 1e-9), a 64-point jelly edge's exact propagator set-up, a
        MeshJellyEdge step and step map, 10 000 swipe cards stepped in place, and the World's
        point query, ray cast and behaviour update over settled piles of 400 and 4000 boxes
        (a cost that grows with the pile is a defect). Its own sizes
        (--quick: the smaller ones); --items and --steps do not apply; --json gets one
        record per timing (component, engine = variant, nanosecondsPerCall).
                Scenario snapshot: the 100-row soft-step pyramid (4 substeps, h = 1/60 s; --items sets the
        rows) after 60 steps: the binary and JSON snapshot's bytes, bytes per box, the bodies' and the
        contacts' sections per box and per contact, the motion columns (pose, velocities, previous
        pose, force, torque, sleep) per box; the median time to write the binary form, to read it
        back and restore a World, and one world step, one thread.
"""

    /// The scenarios of the throughput table, in report order.
    static var throughputTable: [Scenario] { allCases.filter(\.isInThroughputTable) }

    /// The `--items` lines of `--help`, from `itemDefaults`.
    static var itemsHelp: String {
        // As --items takes them: 1e3 for a power of ten from 1000 on, else the digits.
        func count(_ n: Int) -> String {
            var m = n, exponent = 0
            while m >= 10, m % 10 == 0 { m /= 10; exponent += 1 }
            return m == 1 && exponent >= 3 ? "1e\(exponent)" : String(n)
        }
        func list(_ counts: [Int]) -> String { counts.map(count).joined(separator: ",") }
        return allCases.compactMap { scenario in
            scenario.itemDefaults.map { d in
                "\(scenario.rawValue): \(d.counts), default \(list(d.full)) (with --quick \(list(d.quick)))"
            }
        }.joined(separator: ";\n")
    }
}

extension BenchOptions {
    /// The counts `scenario` measures: `--items`, or its defaults (`Scenario.itemDefaults`).
    func items(for scenario: Scenario) -> [Int] {
        if let items { return items }
        guard let defaults = scenario.itemDefaults else { return [] }
        return quick ? defaults.quick : defaults.full
    }
}
