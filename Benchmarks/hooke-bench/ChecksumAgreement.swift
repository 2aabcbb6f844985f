import Foundation

/// Checks that every engine computed the same thing: at each (scenario, N) all final
/// checksums must match the reference engine's within the engine's tolerance
/// (`EngineKind.checksumTolerance`). A loop the optimiser emptied, a retarget dropped
/// or a step skipped shows up here instead of as a flattering number.
///
/// `library-style` integrates with semi-implicit Euler, not the exact propagator, so it
/// is not compared with the reference: its checksum must equal, bit for bit, that of its
/// own recurrence replayed over plain arrays in the same run (`LibraryStyleRecurrence`,
/// `BenchRecord.recurrenceChecksum`). How far it lands from the exact engines is reported
/// by `discretisationDifferences`, for information.
enum ChecksumAgreement {
    /// Engines in order of preference as the reference: the simplest code first (never
    /// `library-style`, which does not apply the exact propagator).
    static let referenceOrder: [EngineKind] = [
        .cLoop, .objects, .blas, .hooke, .cBest, .cBestServices, .hookeFloat, .cBestFloat, .cBestServicesFloat,
    ]

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
        for record in records where record.engineKind?.appliesExactPropagator == false {
            let recurrence = record.recurrenceChecksum ?? .nan
            if record.checksum.bitPattern != recurrence.bitPattern {
                problems.append(
                    "\(record.scenario) N=\(record.items) \(record.engine): checksum \(record.checksum) "
                    + "is not bit for bit its recurrence's \(recurrence) (LibraryStyleRecurrence)")
            }
        }
        let points = Dictionary(grouping: records.filter { $0.engineKind != nil }) {
            "\($0.scenario) \($0.items)"
        }
        for (_, point) in points.sorted(by: { $0.key < $1.key }) {
            guard let reference = referenceOrder.lazy.compactMap({ kind in
                point.first { $0.engineKind == kind }
            }).first else { continue }
            for record in point where record.engineKind?.appliesExactPropagator != false {
                compare(record, "\(record.scenario) N=\(record.items) T=\(record.threads)", with: reference,
                        tolerance: record.engineKind?.checksumTolerance ?? 0)
                // An engine meant to reproduce another bit for bit must give the very same
                // checksum (the sum is formed alike from equal states), on any thread count,
                // and drain as many rest events where both drain them.
                guard let twin = record.engineKind?.bitIdenticalTo,
                      let other = point.first(where: { $0.engineKind == twin }) else { continue }
                let label = "\(record.scenario) N=\(record.items) T=\(record.threads) \(record.engine)"
                if record.checksum.bitPattern != other.checksum.bitPattern {
                    problems.append("\(label): checksum \(record.checksum) is not bit for bit \(other.engine)'s "
                                    + "\(other.checksum) (T=\(other.threads))")
                }
                if let events = record.restEvents, let twinEvents = other.restEvents, events != twinEvents {
                    problems.append("\(label): drained \(events) rest events, \(other.engine) (T=\(other.threads)) \(twinEvents)")
                }
            }
        }
        return problems
    }

    /// One line per `library-style` record measured beside an exact engine: the relative
    /// difference of its checksum from the reference engine's. It is the semi-implicit
    /// Euler discretisation error (and the settle test's snapping), reported, not gated.
    static func discretisationDifferences(in records: [BenchRecord]) -> [String] {
        records.filter { $0.engineKind?.appliesExactPropagator == false }.compactMap { record in
            guard let reference = referenceOrder.lazy.compactMap({ kind in
                records.first { $0.engineKind == kind && $0.scenario == record.scenario && $0.items == record.items }
            }).first else { return nil }
            let difference = CompensatedSum.relativeDifference(record.checksum, reference.checksum)
            return "\(record.scenario) N=\(record.items) \(record.engine): checksum "
                + String(format: "%.1e", difference) + " relative from \(reference.engine)'s"
        }
    }
}
