/// A generic engine behind the `BenchEngine` existential with its calls specialised.
///
/// Called through `any BenchEngine`, a generic class (`HookeBatchEngine<Scalar>`,
/// `CBestEngine<Columns>`, `CBestServicesEngine<Columns>`) runs its generic witnesses,
/// and `@_specialize` entry points first look up the type's metadata to pick the
/// specialised body: at N = 10³ that lookup, twice a frame, was a tenth of `hooke`'s
/// frame and a third of `c-best`'s. This wrapper takes the engine's methods as closures
/// where its type is concrete (`EngineKind.make`), so every call lands in the body
/// specialised for it.
final class SpecializedEngine: BenchEngine {
    private let retargetFrame: (RetargetSchedule.Frame) -> Void
    private let stepFrame: (Int) -> Void
    private let sum: () -> Double
    private let events: () -> Int?
    let bytesPerItem: Double

    init<Engine: BenchEngine>(_ engine: Engine) {
        retargetFrame = { engine.retarget($0) }
        stepFrame = { engine.step(count: $0) }
        sum = { engine.checksum() }
        events = { engine.restEventCount }
        bytesPerItem = engine.bytesPerItem
    }

    func retarget(_ frame: RetargetSchedule.Frame) { retargetFrame(frame) }
    func step(count: Int) { stepFrame(count) }
    func checksum() -> Double { sum() }
    var restEventCount: Int? { events() }
}
