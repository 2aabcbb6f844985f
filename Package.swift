// swift-tools-version:6.0
import PackageDescription

// MARK: - Shared settings

/// Every Swift target compiles in the Swift 6 language mode with complete
/// strict-concurrency checking (the default of that mode).
let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// Where the Accelerate framework replaces OpenBLAS.
let applePlatforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst]

let package = Package(
    name: "Hooke",
    // The World's profile reads `ContinuousClock` (macOS 13, iOS 16 and their siblings);
    // nothing else in the package needs a newer system.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1), .macCatalyst(.v16)],
    products: [
        .library(name: "Hooke", targets: ["Hooke"]),
        // The modules behind the umbrella, for an embedder that needs only part of it
        // (Docs/architecture.md).
        .library(name: "HookeCore", targets: ["HookeCore"]),
        .library(name: "HookeBatch", targets: ["HookeBatch"]),
        .library(name: "HookeCollision", targets: ["HookeCollision"]),
        .library(name: "HookeWorld", targets: ["HookeWorld"]),
        .library(name: "HookeScenario", targets: ["HookeScenario"]),
        .library(name: "HookeTuning", targets: ["HookeTuning"]),
        .library(name: "HookeLinear", targets: ["HookeLinear"]),
        .library(name: "HookeInteractions", targets: ["HookeInteractions"]),
        .executable(name: "hooke", targets: ["hooke"]),
        .executable(name: "hooke-bench", targets: ["hooke-bench"]),
        .executable(name: "hooke-soak", targets: ["hooke-soak"]),
    ],
    targets: [
        // MARK: - Public modules

        /// The whole engine without BLAS, one import for embedders: re-exports the six
        /// modules below (Docs/architecture.md draws how they depend on each other).
        .target(
            name: "Hooke",
            dependencies: ["HookeCore", "HookeBatch", "HookeCollision", "HookeWorld", "HookeScenario", "HookeTuning"],
            swiftSettings: strictSwift
        ),
        /// One spring: parameterisations, the exact solution and settling, the integrators,
        /// the fixed-step clock, timing curves, decay, the rubber band and the errors.
        .target(name: "HookeCore", swiftSettings: strictSwift),
        /// `SpringBatch`: many independent springs stepped together, and its storage. Its
        /// one C dependency is CHookeSIMD's header (the target's vector width).
        .target(name: "HookeBatch", dependencies: ["HookeCore", "CHookeSIMD"], swiftSettings: strictSwift),
        /// Shapes, the broadphase, narrowphase, manifolds, distance and time of impact:
        /// geometry that knows nothing of the World.
        .target(name: "HookeCollision", dependencies: ["HookeCore"], swiftSettings: strictSwift),
        /// The World: bodies, UIKit's behaviours, joints, fields and the two solvers. Its
        /// one C dependency is CHookeSIMD's header.
        .target(
            name: "HookeWorld", dependencies: ["HookeCore", "HookeCollision", "HookeIO", "CHookeSIMD"],
            swiftSettings: strictSwift
        ),
        /// Scenario files (Docs/scenario-format.md) onto the World.
        .target(
            name: "HookeScenario", dependencies: ["HookeCore", "HookeCollision", "HookeWorld", "HookeIO"],
            swiftSettings: strictSwift
        ),
        /// Sweeping spring parameters over grids and measuring each case (`SpringSweep`).
        .target(name: "HookeTuning", dependencies: ["HookeCore", "HookeBatch"], swiftSettings: strictSwift),

        /// Dense linear algebra over OpenBLAS and LAPACK for coupled spring networks.
        /// On Apple platforms it uses Accelerate instead of OpenBLAS.
        .target(
            name: "HookeLinear",
            dependencies: [
                "Hooke",
                .target(name: "COpenBLAS", condition: .when(platforms: [.linux])),
                .target(name: "CAccelerate", condition: .when(platforms: applePlatforms)),
            ],
            swiftSettings: strictSwift
        ),

        /// Gesture input and the gesture-driven bodies of the source articles.
        /// Depends on HookeLinear for the multi-point jelly edge (`MeshJellyEdge`), which
        /// steps its spring network with the exact propagator; so on Linux it links OpenBLAS.
        .target(name: "HookeInteractions", dependencies: ["Hooke", "HookeLinear", "HookeIO"], swiftSettings: strictSwift),

        // MARK: - Implementation details

        /// A compiler barrier that keeps the soft step's eight-lane arithmetic in vector
        /// registers, and the target's vector width for the batch's kernel (see its header).
        .target(name: "CHookeSIMD"),

        /// Accelerate's CBLAS and classic CLAPACK routines, declared by Hooke (see its shim.h).
        .systemLibrary(name: "CAccelerate"),

        /// OpenBLAS's CBLAS header plus the Fortran LAPACK prototypes Hooke calls.
        .systemLibrary(
            name: "COpenBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),

        /// Writing output files safely (atomic replace of regular files, straight
        /// through to devices and FIFOs): shared by the two executables.
        .target(name: "HookeIO", dependencies: ["HookeCore"], swiftSettings: strictSwift),

        // MARK: - Executables

        .executableTarget(
            name: "hooke",
            dependencies: ["Hooke", "HookeLinear", "HookeInteractions", "HookeIO"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "hooke-bench",
            dependencies: ["Hooke", "HookeLinear", "HookeInteractions", "HookeIO", "CReference", "HookeScenes"],
            path: "Benchmarks/hooke-bench",
            swiftSettings: strictSwift
        ),
        /// The plain C structure-of-arrays loops the benchmark measures Hooke against.
        .target(
            name: "CReference",
            path: "Benchmarks/CReference"
        ),
        /// The benchmark scenes the benchmark, the golden hashes and the tests build alike
        /// (Box2D's pyramid).
        .target(name: "HookeScenes", dependencies: ["Hooke"], path: "Benchmarks/HookeScenes", swiftSettings: strictSwift),
        /// The standing reliability checks (Docs/reliability.md): the soak's mixed scene and
        /// its checks, and the golden determinism scenes with their committed hashes.
        .target(
            name: "HookeSoak",
            dependencies: ["Hooke", "HookeIO", "HookeInteractions", "HookeScenes"],
            path: "Benchmarks/HookeSoak",
            swiftSettings: strictSwift
        ),
        /// `make soak`: the soak for 10⁷ steps (or `--steps`), and `--golden` for the hashes.
        .executableTarget(
            name: "hooke-soak",
            dependencies: ["HookeSoak"],
            path: "Benchmarks/hooke-soak",
            swiftSettings: strictSwift
        ),

        // MARK: - Tests

        // HookeTests reaches into the modules behind the umbrella (`@testable import HookeWorld`…).
        .testTarget(
            name: "HookeTests",
            dependencies: ["Hooke", "HookeCore", "HookeBatch", "HookeCollision", "HookeWorld", "HookeScenario", "HookeTuning",
                           "HookeScenes"],
            // Read from its path by RestTimeTests (made by Scripts/rest_reference.py).
            exclude: ["Fixtures/rest-reference.json"],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "HookeLinearTests", dependencies: ["HookeLinear"], swiftSettings: strictSwift),
        .testTarget(name: "HookeInteractionsTests", dependencies: ["HookeInteractions", "HookeIO"], swiftSettings: strictSwift),
        .testTarget(name: "HookeCLITests", dependencies: ["Hooke"], swiftSettings: strictSwift),
        .testTarget(name: "HookeIOTests", dependencies: ["HookeIO"], swiftSettings: strictSwift),
        .testTarget(name: "HookeSoakTests", dependencies: ["HookeSoak"], swiftSettings: strictSwift),
        /// The benchmark's `c-best` C loops (CReference) against `SpringBatch`, bit for bit.
        .testTarget(name: "CReferenceTests", dependencies: ["CReference", "HookeBatch", "HookeCore"],
                    swiftSettings: strictSwift),
        /// The benchmark's own engines, from its executable module (`@testable import
        /// hooke_bench`): `library-style`'s arithmetic against recurrences written out by hand.
        .testTarget(name: "HookeBenchTests", dependencies: ["hooke-bench", "Hooke"], swiftSettings: strictSwift),
    ],
    swiftLanguageModes: [.v6]
)
