/// The workloads `hooke-bench` knows, by the name `--scenario` takes.
enum Scenario: String, CaseIterable, Sendable {
    /// N independent 2-D springs toward fixed targets, eight distinct springs, a share
    /// of the items (1% by default) retargeted every frame (see `SpringsWorkload`).
    case springs

    /// The deterministic data of one measurement point: every engine starts from it.
    func workload(items: Int, retargetShare: Double) -> SpringsWorkload {
        switch self {
        case .springs:
            return SpringsWorkload(itemCount: items, retargetShare: retargetShare, seed: 0x486F_6F6B_6521)
        }
    }
}
