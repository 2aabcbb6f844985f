/// The committed golden hashes (`GoldenScenes`), by `GoldenScenes.key` — platform and
/// flavour — then by scene: 16 hexadecimal digits of FNV-1a over the final state's bits.
///
/// A key missing here is a platform or build nobody has committed hashes for:
/// `GoldenHashTests` then skips, naming the values to commit (`hooke-soak --golden` prints
/// them too). A scene whose hash changes is a change in the engine's arithmetic: commit the
/// new value only when the change is meant, and say why in the commit.
public enum GoldenHashes {
    /// Every committed row: `linux-x86_64`, and `linux-x86_64+fma`, which is that row with
    /// `fusedMultiplyAddChanges` written over it.
    public static let committed: [String: [String: String]] = [
        "linux-x86_64": portable,
        "linux-x86_64+fma": portable.merging(fusedMultiplyAddChanges) { $1 },
    ]

    /// The debug build (the test suite's) and the release build, computed on an Intel Xeon
    /// (AVX-512) and again on an AMD EPYC: no fused multiply-adds, so any x86-64 gives the
    /// same bits.
    static let portable: [String: String] = [
        "world-uikit-mixed": "3ff728926e069189",
        "world-soft-step-mixed": "9f9671ee408252b1",
        "world-soft-step-pyramid": "7d207aa4550d2afe",
        "world-uikit-pyramid": "69983fabdcd1e69d",
        "scenario-cradle": "9380c30aa3711ad0",
        "scenario-drop": "7338dd3cb4e35bdb",
        "scenario-floor": "0f078954b4e5b8fa",
        "scenario-pendulum": "8ad4b7ed40791ade",
        "scenario-push": "295db63dcf69b600",
        "scenario-pyramid": "241977070bcb9c43",
        "scenario-queries": "3dad12bc5897c2c7",
        "scenario-snap": "81b3ac748bbbfa35",
        "scenario-table": "5231d81dac5484d9",
        "scenario-stack": "e50b68d7dd46fbea",
        "scenario-sticky-corners": "51b62bf0d2560800",
        "scenario-tether": "5e8c3c6d8f5deec4",
        "scenario-well": "8a6cc58f8c0246be",
        "spring-batch-double": "737f78facf54e63e",
        "spring-batch-float": "3a25c3272c2c0122",
        "spring-sweep-exact": "256b718ee7fe438b",
        "spring-sweep-verlet": "34dbd8a62e82b2eb",
    ]

    /// The scenes whose bits the native benchmark build changes (`make golden-hashes`'
    /// second line: -target-cpu native, -D HOOKE_FMA), computed on an AMD EPYC with
    /// AVX-512: fused multiply-adds change the soft step's and SpringBatch's arithmetic,
    /// and nothing else (Docs/reliability.md, "FMA policy").
    static let fusedMultiplyAddChanges: [String: String] = [
        "world-soft-step-mixed": "af9a1b73dd82b29b",
        "world-soft-step-pyramid": "b0974b11b998bd80",
        "scenario-pyramid": "12ef8c6d5fe441fb",
        "scenario-stack": "93b2e528081e5b27",
        "spring-batch-double": "b856b2728b440d6f",
        "spring-batch-float": "bf782439878ea679",
    ]
}
