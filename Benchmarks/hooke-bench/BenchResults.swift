/// The records of a run with the look-ups the writers share: rows in a stable order and
/// each row's throughput relative to a baseline engine.
struct BenchResults: Sendable {
    let records: [BenchRecord]

    /// Records by scenario, control points (jelly-mesh), N, threads, then engine in
    /// `EngineKind` order (then `MeshEngineKind` order).
    var sorted: [BenchRecord] {
        let names = EngineKind.allCases.map(\.rawValue) + RooflineKernel.allCases.map(\.rawValue)
            + MeshEngineKind.allCases.map(\.rawValue)
        let order = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        return records.sorted {
            ($0.scenario, $0.controlPoints ?? 0, $0.items, $0.threads, order[$0.engine] ?? .max)
                < ($1.scenario, $1.controlPoints ?? 0, $1.items, $1.threads, order[$1.engine] ?? .max)
        }
    }

    /// The records of one scenario, in `sorted` order.
    func sorted(_ scenario: Scenario) -> [BenchRecord] {
        sorted.filter { $0.scenario == scenario.rawValue }
    }

    /// The `sweep` records grouped by (N, threads), in that order, each group in
    /// `SweepRunner.engines` order.
    var sweepPoints: [[BenchRecord]] {
        let records = self.records.filter { $0.scenario == Scenario.sweep.rawValue }
        let keys = Set(records.map { [$0.items, $0.threads] }).sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
        return keys.map { key in
            SweepRunner.engines.compactMap { engine in
                records.first { $0.items == key[0] && $0.threads == key[1] && $0.engine == engine }
            }
        }
    }

    /// `record`'s item-steps per second over `baseline`'s at the same jelly-mesh point
    /// (K and m).
    func ratio(of record: BenchRecord, to baseline: MeshEngineKind) -> Double? {
        guard let reference = records.first(where: {
            $0.scenario == record.scenario && $0.items == record.items
                && $0.controlPoints == record.controlPoints && $0.engine == baseline.rawValue
        }) else { return nil }
        return record.itemStepsPerSecond / reference.itemStepsPerSecond
    }

    /// `record`'s item-steps per second over `baseline`'s at the same scenario and N —
    /// on the same thread count, or on one thread for a baseline that only runs on one.
    func ratio(of record: BenchRecord, to baseline: EngineKind) -> Double? {
        let candidates = records.filter {
            $0.scenario == record.scenario && $0.items == record.items && $0.engine == baseline.rawValue
        }
        guard let reference = candidates.first(where: { $0.threads == record.threads })
            ?? candidates.first(where: { $0.threads == 1 }) else { return nil }
        return record.itemStepsPerSecond / reference.itemStepsPerSecond
    }
}
