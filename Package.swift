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
        .library(name: "HookeLinear", targets: ["HookeLinear"]),
        .library(name: "HookeInteractions", targets: ["HookeInteractions"]),
        .executable(name: "hooke", targets: ["hooke"]),
        .executable(name: "hooke-bench", targets: ["hooke-bench"]),
        .executable(name: "hooke-soak", targets: ["hooke-soak"]),
    ],
    targets: [
        // MARK: - Public modules

        /// Springs, integrators, the fixed-step clock, the batch engine and the World.
        /// Swift and Foundation, no BLAS, so it builds everywhere; its one C dependency
        /// is CHookeSIMD's header.
        .target(name: "Hooke", dependencies: ["CHookeSIMD"], swiftSettings: strictSwift),

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
        .target(name: "HookeInteractions", dependencies: ["Hooke", "HookeLinear"], swiftSettings: strictSwift),

        // MARK: - Implementation details

        /// A compiler barrier that keeps the soft step's eight-lane arithmetic in vector
        /// registers (see its header).
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
        .target(name: "HookeIO", swiftSettings: strictSwift),

        // MARK: - Executables

        .executableTarget(
            name: "hooke",
            dependencies: ["Hooke", "HookeLinear", "HookeInteractions", "HookeIO"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "hooke-bench",
            dependencies: ["Hooke", "HookeLinear", "HookeInteractions", "HookeIO", "CReference"],
            path: "Benchmarks/hooke-bench",
            swiftSettings: strictSwift
        ),
        /// The plain C structure-of-arrays loops the benchmark measures Hooke against.
        .target(
            name: "CReference",
            path: "Benchmarks/CReference"
        ),
        /// The standing reliability checks (Docs/reliability.md): the soak's mixed scene and
        /// its checks, and the golden determinism scenes with their committed hashes.
        .target(
            name: "HookeSoak",
            dependencies: ["Hooke", "HookeInteractions"],
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

        .testTarget(name: "HookeTests", dependencies: ["Hooke"], swiftSettings: strictSwift),
        .testTarget(name: "HookeLinearTests", dependencies: ["HookeLinear"], swiftSettings: strictSwift),
        .testTarget(name: "HookeInteractionsTests", dependencies: ["HookeInteractions"], swiftSettings: strictSwift),
        .testTarget(name: "HookeCLITests", dependencies: ["Hooke"], swiftSettings: strictSwift),
        .testTarget(name: "HookeIOTests", dependencies: ["HookeIO"], swiftSettings: strictSwift),
        .testTarget(name: "HookeSoakTests", dependencies: ["HookeSoak"], swiftSettings: strictSwift),
    ],
    swiftLanguageModes: [.v6]
)
