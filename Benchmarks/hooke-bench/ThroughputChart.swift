import HookeIO

/// The `--svg` output: item-steps per second against N on log-log axes, one line per
/// engine and thread count (dashed when threaded), a dot per measurement. Only `springs`
/// records are charted; the jelly-mesh numbers are in the table and the JSON.
enum ThroughputChart {
    /// Line colours by engine (Okabe–Ito, distinguishable with colour-blindness).
    private static func colour(_ engine: String) -> String {
        switch EngineKind(rawValue: engine) {
        case .hooke: return "#0072B2"
        case .hookeFloat: return "#56B4E9"
        case .cBest: return "#CC79A7"
        case .cBestFloat: return "#E69F00"
        case .cLoop: return "#000000"
        case .objects: return "#D55E00"
        // Okabe–Ito's eighth colour, yellow, is too pale on white; a dark ochre instead.
        case .libraryStyle: return "#A6761D"
        case .blas: return "#009E73"
        case .roofline, nil: return "#999999"
        }
    }

    static func render(_ results: BenchResults) -> String {
        let records = results.sorted(.springs).filter { $0.itemStepsPerSecond > 0 }
        let scenarios = Array(Set(records.map(\.scenario))).sorted().joined(separator: ", ")
        var chart = LineChart(title: "\(scenarios): item-steps per second (median)",
                              xLabel: "items N (log scale)", yLabel: "item-steps per second (log scale)")
        chart.xScale = .logarithmic
        chart.yScale = .logarithmic
        // One series per (scenario, engine, threads), points in N order.
        var keys: [String] = []
        for record in records {
            let key = "\(record.scenario) \(record.engine) \(record.threads)"
            let point = SIMD2(Double(record.items), record.itemStepsPerSecond)
            if let index = keys.firstIndex(of: key) {
                chart.series[index].points.append(point)
            } else {
                keys.append(key)
                let threads = record.threads == 1 ? "" : " (\(record.threads) threads)"
                chart.series.append(.init(name: record.engine + threads, color: colour(record.engine), points: [point],
                                          dashed: record.threads > 1, width: 2, dots: true))
            }
        }
        return chart.rendered(width: 760, height: 460)
    }
}
