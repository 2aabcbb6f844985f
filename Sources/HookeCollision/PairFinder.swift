/// One-shot overlapping-pair searches over a list of boxes, without persistent state:
/// the alternatives `BroadPhase` was measured against (Docs/collisions.md), and the
/// brute-force reference for its tests. Pairs are indices into the input, smaller
/// first, sorted.
public enum PairFinder {
    /// Every overlapping pair by checking all N(N − 1)/2 of them. O(N²).
    public static func bruteForce(_ boxes: [AABB]) -> [ProxyPair] {
        var out: [ProxyPair] = []
        for i in boxes.indices {
            for j in (i + 1)..<boxes.count where boxes[i].overlaps(boxes[j]) {
                out.append(ProxyPair(ProxyID(rawValue: i), ProxyID(rawValue: j)))
            }
        }
        return out
    }

    /// Sort and sweep along x: sort the boxes by their left edge, then test each box only
    /// against the following ones whose left edge lies before its right edge.
    /// O(N log N + N·s), s the boxes spanned along x (Baraff 1992; Cohen et al., I-COLLIDE 1995).
    public static func sortAndSweep(_ boxes: [AABB]) -> [ProxyPair] {
        let order = boxes.indices.sorted { boxes[$0].lower.x < boxes[$1].lower.x || (boxes[$0].lower.x == boxes[$1].lower.x && $0 < $1) }
        var out: [ProxyPair] = []
        for (k, i) in order.enumerated() {
            let bi = boxes[i]
            var m = k + 1
            while m < order.count {
                let j = order[m]
                let bj = boxes[j]
                if bj.lower.x > bi.upper.x { break }
                if bj.lower.y <= bi.upper.y && bi.lower.y <= bj.upper.y {
                    out.append(ProxyPair(ProxyID(rawValue: i), ProxyID(rawValue: j)))
                }
                m += 1
            }
        }
        out.sort()
        return out
    }

    /// A uniform grid of square cells of side `cellSize` points (by default twice the
    /// mean box extent): each box is listed in the cells it covers, pairs are tested
    /// within a cell and reported once, from the cell holding the lower-left corner of
    /// the two boxes' intersection. O(N + P) for boxes of similar size.
    public static func uniformGrid(_ boxes: [AABB], cellSize: Double? = nil) -> [ProxyPair] {
        guard !boxes.isEmpty else { return [] }
        var lo = boxes[0].lower, hi = boxes[0].upper, extent = 0.0
        for b in boxes {
            lo = pointwiseMin(lo, b.lower)
            hi = pointwiseMax(hi, b.upper)
            extent += max(b.upper.x - b.lower.x, b.upper.y - b.lower.y)
        }
        let cell = max(cellSize ?? 2 * extent / Double(boxes.count), 1e-9)
        let columns = max(1, Int(((hi.x - lo.x) / cell).rounded(.down)) + 1)
        let rows = max(1, Int(((hi.y - lo.y) / cell).rounded(.down)) + 1)
        func column(_ x: Double) -> Int { min(columns - 1, Int((x - lo.x) / cell)) }
        func row(_ y: Double) -> Int { min(rows - 1, Int((y - lo.y) / cell)) }
        // Counting sort of (cell, box) entries: cell starts, then the boxes of each cell.
        var counts = [Int](repeating: 0, count: columns * rows + 1)
        for b in boxes {
            for r in row(b.lower.y)...row(b.upper.y) {
                for c in column(b.lower.x)...column(b.upper.x) { counts[r * columns + c + 1] += 1 }
            }
        }
        for k in 1..<counts.count { counts[k] += counts[k - 1] }
        var fill = counts
        var entries = [Int](repeating: 0, count: counts[counts.count - 1])
        for (i, b) in boxes.enumerated() {
            for r in row(b.lower.y)...row(b.upper.y) {
                for c in column(b.lower.x)...column(b.upper.x) {
                    entries[fill[r * columns + c]] = i
                    fill[r * columns + c] += 1
                }
            }
        }
        var out: [ProxyPair] = []
        for r in 0..<rows {
            for c in 0..<columns {
                let start = counts[r * columns + c], end = counts[r * columns + c + 1]
                guard end - start > 1 else { continue }
                for p in start..<end {
                    let bi = boxes[entries[p]]
                    for q in (p + 1)..<end {
                        let bj = boxes[entries[q]]
                        guard bi.overlaps(bj) else { continue }
                        // Report from the one cell that holds the intersection's lower corner.
                        let corner = pointwiseMax(bi.lower, bj.lower)
                        if column(corner.x) == c && row(corner.y) == r {
                            out.append(ProxyPair(ProxyID(rawValue: entries[p]), ProxyID(rawValue: entries[q])))
                        }
                    }
                }
            }
        }
        out.sort()
        return out
    }
}
