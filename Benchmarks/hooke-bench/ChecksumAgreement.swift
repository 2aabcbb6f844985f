/// Checks that every engine computed the same thing: at each (scenario, N) all final
/// checksums must match the reference engine's within the engine's tolerance
/// (`EngineKind.checksumTolerance`). A loop the optimiser emptied, a retarget dropped
/// or a step skipped shows up here instead of as a flattering number.
enum ChecksumAgreement {
    /// Engines in order of preference as the reference: the simplest code first.
    static let referenceOrder: [EngineKind] = [.cLoop, .objects, .blas, .hooke, .cBest, .hookeFloat, .cBestFloat]

    /// One line per record whose checksum disagrees (empty when all agree).
    ///
    /// Jelly-mesh records are compared on their whole final state instead, which
    /// `JellyMeshRunner` measured against its reference engine (a sum of displacements
    /// and velocities of both signs can cancel, which a max-norm cannot); dgemm-peak
    /// steps no mesh and is not compared.
    static func mismatches(in records: [BenchRecord]) -> [String] {
        var problems: [String] = []
        for record in records {
            guard let kind = record.meshEngineKind, let tolerance = kind.stateTolerance else { continue }
            let difference = record.maxRelativeStateDifference ?? .nan
            if !(difference <= tolerance) {
                problems.append(
                    "\(record.scenario) K=\(record.items) m=\(record.controlPoints ?? 0) \(record.engine): "
                    + "final state differs from the reference engine's by \(difference) "
                    + "(max-norm relative; tolerance \(tolerance))")
            }
        }
        /// One line when `record`'s checksum is farther than `tolerance` from the reference's.
        func compare(_ record: BenchRecord, _ label: String, with reference: BenchRecord, tolerance: Double) {
            let difference = CompensatedSum.relativeDifference(record.checksum, reference.checksum)
            if !(difference <= tolerance) {
                problems.append(
                    "\(label) \(record.engine): checksum \(record.checksum) differs from \(reference.engine)'s "
                    + "\(reference.checksum) by \(difference) relative (tolerance \(tolerance))")
            }
        }
        // Components of one group compute the same thing by different designs.
        let groups = Dictionary(grouping: records.filter { $0.component != nil }) { "\($0.component!) \($0.items)" }
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) {
            for record in group.dropFirst() {
                compare(record, "\(record.component!) N=\(record.items)", with: group[0],
                        tolerance: record.checksumTolerance ?? 0)
            }
        }
        let points = Dictionary(grouping: records.filter { $0.engineKind != nil }) {
            "\($0.scenario) \($0.items)"
        }
        for (_, point) in points.sorted(by: { $0.key < $1.key }) {
            guard let reference = referenceOrder.lazy.compactMap({ kind in
                point.first { $0.engineKind == kind }
            }).first else { continue }
            for record in point {
                compare(record, "\(record.scenario) N=\(record.items) T=\(record.threads)", with: reference,
                        tolerance: record.engineKind?.checksumTolerance ?? 0)
                // An engine meant to reproduce another bit for bit must give the very same
                // checksum (the sum is formed alike from equal states), on any thread count.
                if let twin = record.engineKind?.bitIdenticalTo,
                   let other = point.first(where: { $0.engineKind == twin }),
                   record.checksum.bitPattern != other.checksum.bitPattern {
                    problems.append(
                        "\(record.scenario) N=\(record.items) T=\(record.threads) \(record.engine): checksum "
                        + "\(record.checksum) is not bit for bit \(other.engine)'s \(other.checksum) (T=\(other.threads))")
                }
            }
        }
        return problems
    }
}
