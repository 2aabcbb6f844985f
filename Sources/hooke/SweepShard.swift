import Foundation
import HookeIO

/// Which part of the grid this process computes: shard `index` of `count`, the
/// contiguous index range ⌊index·n/count⌋ ..< ⌊(index + 1)·n/count⌋ of the n grid points.
/// Contiguous ranges in index order make a merge a concatenation.
struct SweepShard: Equatable {
    let index: Int
    let count: Int

    static let whole = SweepShard(index: 0, count: 1)

    /// The environment variable that gives the shard count to `--shard auto` under a
    /// Kubernetes indexed Job (which sets only `JOB_COMPLETION_INDEX`).
    static let countVariable = "HOOKE_SHARD_COUNT"

    func range(of total: Int) -> Range<Int> {
        // index·total overflows an Int for an index near 2⁶³ (`--shard I/N` takes any
        // Int): multiplied in 128 bits; the quotient is below total, so it fits.
        func bound(_ i: Int) -> Int { count.dividingFullWidth(i.multipliedFullWidth(by: total)).quotient }
        return bound(index)..<bound(index + 1)
    }

    /// `I/N`, or `auto`: Slurm's `SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN` (0 when
    /// unset) of `SLURM_ARRAY_TASK_COUNT`, else Kubernetes' `JOB_COMPLETION_INDEX` of
    /// `--shard-count` or `HOOKE_SHARD_COUNT`.
    static func parse(
        _ text: String?, shardCount: Double?, environment: [String: String]
    ) throws(CommandLineError) -> SweepShard {
        guard let text else {
            if shardCount != nil { throw CommandLineError("--shard-count needs --shard auto") }
            return .whole
        }
        if text == "auto" {
            if let id = environment["SLURM_ARRAY_TASK_ID"] {
                let task = try integer(id, "SLURM_ARRAY_TASK_ID")
                let minimum = try environment["SLURM_ARRAY_TASK_MIN"].map { text throws(CommandLineError) in
                    try integer(text, "SLURM_ARRAY_TASK_MIN")
                } ?? 0
                guard let countText = environment["SLURM_ARRAY_TASK_COUNT"] else {
                    throw CommandLineError("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")
                }
                return try make(task - minimum, try integer(countText, "SLURM_ARRAY_TASK_COUNT"), "--shard auto (Slurm)")
            }
            if let indexText = environment["JOB_COMPLETION_INDEX"] {
                let index = try integer(indexText, "JOB_COMPLETION_INDEX")
                let count: Int
                if let shardCount {
                    guard shardCount == shardCount.rounded(), shardCount >= 1, shardCount < 1e9 else {
                        throw CommandLineError("--shard-count must be a whole number >= 1, got \(JSONValue.format(shardCount))")
                    }
                    count = Int(shardCount)
                } else if let countText = environment[countVariable] {
                    count = try integer(countText, countVariable)
                } else {
                    throw CommandLineError("--shard auto: JOB_COMPLETION_INDEX is set; give --shard-count or \(countVariable)")
                }
                return try make(index, count, "--shard auto (Kubernetes)")
            }
            throw CommandLineError("--shard auto: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set")
        }
        if shardCount != nil { throw CommandLineError("--shard-count applies only to --shard auto") }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw CommandLineError("--shard: expected I/N (0 <= I < N) or auto, got '\(text)'")
        }
        return try make(index, count, "--shard")
    }

    private static func make(_ index: Int, _ count: Int, _ origin: String) throws(CommandLineError) -> SweepShard {
        guard count >= 1, index >= 0, index < count else {
            throw CommandLineError("\(origin): shard \(index) of \(count) is out of range (0 <= I < N)")
        }
        return SweepShard(index: index, count: count)
    }

    private static func integer(_ text: String, _ name: String) throws(CommandLineError) -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw CommandLineError("--shard auto: \(name)='\(text)' is not an integer")
        }
        return value
    }

    var json: JSONValue { .object([("index", .number(Double(index))), ("count", .number(Double(count)))]) }
}
