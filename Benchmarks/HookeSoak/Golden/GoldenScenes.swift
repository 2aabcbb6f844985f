import Foundation
import Hooke
import HookeScenes

/// The golden determinism scenes (Docs/reliability.md, "Golden determinism hashes"): fixed
/// scenes run for a fixed number of steps, their final state hashed bit for bit
/// (`BitHash`), compared with the hashes committed for the platform and build
/// (`GoldenHashes`).
///
/// The threaded engines are hashed at 1, 2, 3 and 4 threads, and every thread count must
/// give the hash of one thread (Box2D's determinism test: the same result for every
/// worker count).
public enum GoldenScenes {
    /// The operating system and processor the hashes were computed on, `linux-x86_64`.
    public static var platform: String {
        #if os(Linux)
        let os = "linux"
        #elseif os(macOS)
        let os = "macos"
        #elseif os(iOS)
        let os = "ios"
        #elseif os(Windows)
        let os = "windows"
        #else
        let os = "other"
        #endif
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "arm64"
        #else
        let arch = "other"
        #endif
        return "\(os)-\(arch)"
    }

    /// `+fma` when built with `-D HOOKE_FMA` (`make bench`'s native flags), which fuses the
    /// multiply–adds of `SpringBatchKernel.dot` and of the soft step's contact lanes and so
    /// changes their bits; empty otherwise. Nothing else in the build changes a hash
    /// (Docs/reliability.md, "FMA policy").
    public static var flavour: String {
        #if HOOKE_FMA
        return "+fma"
        #else
        return ""
        #endif
    }

    /// The key of this build's row of `GoldenHashes.committed`: platform and flavour.
    public static var key: String { platform + flavour }

    /// The thread counts every threaded engine is hashed at.
    public static let threadCounts = [1, 2, 3, 4]

    /// The names of the single-threaded scenes, in the order `hashes()` returns them.
    public static var sceneNames: [String] {
        ["world-uikit-mixed", "world-soft-step-mixed", "world-soft-step-pyramid", "world-uikit-pyramid"]
            + scenarioFiles.map { "scenario-" + $0.deletingPathExtension().lastPathComponent }
    }

    /// The hash of every scene: the single-threaded ones, then the threaded engines at one
    /// thread (`spring-batch-double`, `spring-batch-float`, `spring-sweep-exact`,
    /// `spring-sweep-verlet`).
    public static func hashes() throws -> [(name: String, hash: UInt64)] {
        var results: [(String, UInt64)] = [
            ("world-uikit-mixed", try mixedWorld(solver: .uikit)),
            ("world-soft-step-mixed", try mixedWorld(solver: .softStep(substeps: 4))),
            ("world-soft-step-pyramid", try pyramid(solver: .softStep(substeps: 4))),
            ("world-uikit-pyramid", try pyramid(solver: .uikit)),
        ]
        for file in scenarioFiles {
            results.append(("scenario-" + file.deletingPathExtension().lastPathComponent, try scenario(file)))
        }
        for (name, hash) in try threadedHashes(threads: 1) { results.append((name, hash)) }
        return results
    }

    /// The threaded engines' hashes at `threads` threads.
    public static func threadedHashes(threads: Int) throws -> [(name: String, hash: UInt64)] {
        [("spring-batch-double", try springBatch(Double.self, threads: threads)),
         ("spring-batch-float", try springBatch(Float.self, threads: threads)),
         ("spring-sweep-exact", try springSweep(.exact, threads: threads)),
         ("spring-sweep-verlet", try springSweep(.verlet, threads: threads))]
    }

    // MARK: - The scenes

    /// The soak's mixed scene (every behaviour, gestures, fields) with one solver for two
    /// cycles of 120 input and 60 free steps.
    public static func mixedWorld(solver: SolverMode) throws -> UInt64 {
        let schedule = SoakSchedule(inputSteps: 120, freeSteps: 60, retargetEvery: 30, alternatesSolver: false)
        var simulation = try SoakSimulation(seed: 0x60_1DE4, schedule: schedule, solver: solver)
        for _ in 0..<(2 * schedule.cycleSteps) { try simulation.step() }
        var hash = BitHash()
        simulation.hash(into: &hash)
        return hash.value
    }

    /// Box2D's pyramid at 20 rows (210 boxes of 40 pt, friction 0.6) on an anchored
    /// ground, h = 1/60 s, 120 steps.
    public static func pyramid(solver: SolverMode) throws -> UInt64 {
        var world = try World(configuration: WorldConfiguration(timestep: 1.0 / 60, isProfiling: false, solver: solver))
        _ = try PyramidScene(rows: 20, side: 40, groundSize: SIMD2(2000, 100),
                             groundProperties: ItemProperties(friction: 0.6), boxProperties: ItemProperties(friction: 0.6))
            .build(into: &world)
        for _ in 0..<120 { world.step() }
        return hashBodies(of: world)
    }

    /// The scenario files of Docs/examples (the top level: World scenarios).
    public static var scenarioFiles: [URL] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A scenario file run for its duration, as `hooke simulate` runs it.
    public static func scenario(_ file: URL) throws -> UInt64 {
        let scenario = try Scenario.parse(try Data(contentsOf: file))
        var simulation = try ScenarioSimulation(scenario)
        try simulation.run { _ in }
        return hashBodies(of: simulation.world)
    }

    /// 10 000 springs of eight kinds from seeded starts, 60 frames of two fused steps on
    /// `threads` threads (the parallel threshold lowered to 0 so that every count splits),
    /// 1% retargeted per frame; the hash covers every position and velocity in the order
    /// of the handles, and every rest event drained.
    public static func springBatch<S: BinaryFloatingPoint & SIMDScalar & Sendable>(
        _: S.Type, threads: Int
    ) throws -> UInt64 {
        let batch = try SpringBatch<S>()
        batch.parallelThreshold = 0
        var random = SplitMix64(seed: 0xBA7C_4001)
        let springs = try [(0.3, 0.5), (0.5, 0.35), (0.7, 0.45), (0.825, 0.3), (1.0, 0.4), (1.0, 0.25), (1.3, 0.5),
                           (2.5, 0.6)].map { try Spring(dampingRatio: $0.0, response: $0.1) }
        var handles: [SpringBatch<S>.Handle] = []
        for k in 0..<10_000 {
            handles.append(batch.add(
                position: SIMD2(random.uniform(0...1000), random.uniform(0...1000)),
                target: SIMD2(random.uniform(0...1000), random.uniform(0...1000)),
                velocity: SIMD2(random.uniform(-2000...2000), random.uniform(-2000...2000)),
                spring: springs[k % springs.count]))
        }
        var hash = BitHash()
        var events: [SpringBatch<S>.Handle] = []
        for frame in 0..<60 {
            for k in 0..<100 {
                let handle = handles[(frame * 100 + k) % handles.count]
                batch.retarget(handle, to: SIMD2(random.uniform(0...1000), random.uniform(0...1000)))
            }
            batch.step(count: 2, threads: threads)
            events.removeAll(keepingCapacity: true)
            batch.drainRestEvents(into: &events)
            for e in events { hash.combine(e.index) }
        }
        for handle in handles {
            hash.combine(batch.position(of: handle))
            hash.combine(batch.velocity(of: handle))
        }
        return hash.value
    }

    /// A 32 × 32 grid of damping ratios (0.1…2) and responses (0.1…1 s) with initial
    /// velocities, swept with `integrator` over 2 s on `threads` threads; the hash covers
    /// every metric of every point.
    public static func springSweep(_ integrator: IntegratorKind, threads: Int) throws -> UInt64 {
        let sweep = try SpringSweep(start: 0, target: 100, timestep: 1.0 / 120, integrator: integrator, durationLimit: 2)
        var cases: [SpringSweepCase] = []
        for i in 0..<32 {
            for j in 0..<32 {
                let spring = try Spring(dampingRatio: 0.1 + 1.9 * Double(i) / 31, response: 0.1 + 0.9 * Double(j) / 31)
                cases.append(SpringSweepCase(spring: spring, initialVelocity: Double((i * 32 + j) % 7 - 3) * 150))
            }
        }
        var hash = BitHash()
        for m in sweep.run(cases, threads: threads) {
            for x in [m.settlingDuration, m.overshoot, m.peakTime, m.riseTime, m.peakVelocity, m.peakAcceleration,
                      m.maxError, m.exactSettlingDuration] { hash.combine(x) }
            hash.combine(m.oscillations)
            hash.combine(m.isStable)
        }
        return hash.value
    }

    /// Every live body's centre, angle, velocity and angular velocity, oldest first.
    public static func hashBodies(of world: World) -> UInt64 {
        var hash = BitHash()
        for handle in world.bodyHandles {
            let b = world.body(handle)
            hash.combine(b.center)
            hash.combine(b.angle)
            hash.combine(b.velocity)
            hash.combine(b.angularVelocity)
        }
        return hash.value
    }

    // MARK: - Report

    /// What `hooke-soak --golden` prints: this build's key, every hash against the
    /// committed one, and the threaded engines at every thread count; `allMatch` is false
    /// when a hash differs from its committed value or from one thread's.
    public static func report() throws -> (text: String, allMatch: Bool) {
        let committed = GoldenHashes.committed[key]
        var lines = ["golden hashes for \(key)" + (committed == nil ? " (none committed for this key)" : "")]
        var allMatch = true
        for (name, hash) in try hashes() {
            let expected = committed?[name]
            let verdict = expected == nil ? "" : (expected == BitHash.hex(hash) ? "  matches" : "  DIFFERS from \(expected!)")
            if let expected, expected != BitHash.hex(hash) { allMatch = false }
            lines.append("  \"\(name)\": \"\(BitHash.hex(hash))\",\(verdict)")
        }
        for threads in threadCounts.dropFirst() {
            let one = try threadedHashes(threads: 1)
            for ((name, hash), (_, reference)) in zip(try threadedHashes(threads: threads), one) {
                lines.append("  \(name) at \(threads) threads: \(BitHash.hex(hash))"
                             + (hash == reference ? " (= 1 thread)" : " DIFFERS from 1 thread"))
                if hash != reference { allMatch = false }
            }
        }
        return (lines.joined(separator: "\n"), allMatch)
    }
}
