import Hooke

/// The workloads' seeded generator: Hooke's SplitMix64, the same on every platform, so
/// every run and every engine sees the same workload for the same seed.
typealias SeededGenerator = SplitMix64
