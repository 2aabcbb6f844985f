/// The `components` scenario: the costs of single components that the crossovers and
/// design choices in the docs rest on (Docs/benchmarks.md, "Components"): pair finding
/// by each broadphase design, manifolds and time of impact, the Swift and BLAS kernels
/// at small orders, a propagator's set-up, a mesh jelly edge, swipe cards stepped in
/// place, the World's queries and behaviour updates. Prints one table; `--quick` measures the smaller sizes only.
struct ComponentsRunner {
    let options: BenchOptions
    let progress: Progress

    func run() -> (text: String, records: [BenchRecord]) {
        let repetitions = options.effectiveRepetitions
        var timings: [ComponentTiming] = []
        do {
            progress.show("components: pair finding")
            timings += try CollisionTiming.pairFinding(
                sizes: options.quick ? [500, 2_000] : [500, 2_000, 8_000, 32_000], steps: 10, repetitions: repetitions)
            progress.show("components: manifolds and time of impact")
            timings += try CollisionTiming.queries(repetitions: repetitions)
            progress.show("components: Swift and BLAS kernels")
            timings += try KernelTiming.crossover(
                orders: options.quick ? [2, 4, 8, 16, 32] : KernelTiming.orders, repetitions: repetitions)
            timings.append(try KernelTiming.propagatorSetup(repetitions: repetitions))
            progress.show("components: mesh jelly edge, swipe cards")
            for m in [16, 64] { timings += try InteractionTiming.meshEdge(controlPoints: m, repetitions: repetitions) }
            timings.append(try InteractionTiming.cardsInPlace(count: 10_000, repetitions: repetitions))
            progress.show("components: World queries and behaviour updates")
            timings += try WorldCallTiming.calls(sizes: options.quick ? [400] : [400, 4_000], repetitions: repetitions)
        } catch {
            // Every input above is a constant the code chose; a refusal is a defect.
            preconditionFailure("components: \(error)")
        }
        return (render(timings, repetitions: repetitions), timings.map(\.record))
    }

    /// One row per timing: the group, its size, the variant, the fastest and the median
    /// time per call, the variant's time over the group's fastest variant.
    private func render(_ timings: [ComponentTiming], repetitions: Int) -> String {
        var fastest: [String: Double] = [:]
        for t in timings { fastest[t.key] = min(fastest[t.key] ?? .infinity, t.bestNanoseconds) }
        var rows = [["component", "N", "variant", "best ns/call", "median ns/call", "vs fastest", "checksum", "note"]]
        for t in timings {
            rows.append([
                t.group, String(t.items), t.variant,
                NumberFormat.significant(t.bestNanoseconds),
                NumberFormat.significant(t.timing.median / Double(t.calls) * 1e9),
                NumberFormat.ratio(t.bestNanoseconds / fastest[t.key]!),
                NumberFormat.significant(t.checksum),
                t.note ?? "",
            ])
        }
        return (["components  (one thread; \(repetitions) repetitions after a warm-up; ns per call)"]
            + ConsoleTable.align(rows) + [""]).joined(separator: "\n")
    }
}
