/// The workloads `hooke-bench` knows, by the name `--scenario` takes.
enum Scenario: String, CaseIterable, Sendable {
    /// N independent 2-D springs toward fixed targets, eight distinct springs, 1% of
    /// the items retargeted every frame (see `SpringsWorkload`).
    case springs

    /// The deterministic data of one measurement point: every engine starts from it.
    func workload(items: Int) -> SpringsWorkload {
        switch self {
        case .springs:
            return SpringsWorkload(itemCount: items, seed: 0x486F_6F6B_6521)
        }
    }
}
