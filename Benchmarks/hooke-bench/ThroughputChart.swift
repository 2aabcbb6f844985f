import HookeIO

/// The `--svg` output: item-steps per second against N on log-log axes, one line per
/// engine and thread count (dashed when threaded), a dot per measurement. With the
/// `roofline` engine, its kernels are drawn as the bound itself: one grey dashed line per
/// precision through min(compute, memory) at each N, the line every engine of that
/// precision is read against ("of roofline"). Only `springs` records are charted; the
/// jelly-mesh numbers are in the table and the JSON.
enum ThroughputChart {
    /// Line colours by engine (Okabe–Ito, distinguishable with colour-blindness).
    private static func colour(_ engine: String) -> String {
        switch EngineKind(rawValue: engine) {
        case .hooke: return "#0072B2"
        case .hookeFloat: return "#56B4E9"
        case .cBest: return "#CC79A7"
        case .cBestFloat: return "#E69F00"
        case .cBestServices: return "#882255"
        case .cBestServicesFloat: return "#117733"
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
        // One series per (scenario, engine, threads), points in N order; the roofline's
        // kernels apart, as their bound.
        var keys: [String] = []
        for record in records where RooflineKernel(rawValue: record.engine) == nil {
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
        chart.series += rooflineBounds(records)
        return chart.rendered(width: 760, height: 460)
    }

    /// Per precision, the bound min(compute, memory) at each N where both were measured.
    private static func rooflineBounds(_ records: [BenchRecord]) -> [LineChart.Series] {
        [(false, "roofline bound (Double)", "#555555"), (true, "roofline bound (Float)", "#AAAAAA")]
            .compactMap { single, name, colour in
                var bound: [Int: Double] = [:]
                for record in records {
                    guard let kernel = RooflineKernel(rawValue: record.engine),
                          kernel.isSinglePrecision == single else { continue }
                    bound[record.items] = min(bound[record.items] ?? .infinity, record.itemStepsPerSecond)
                }
                guard !bound.isEmpty else { return nil }
                let points = bound.keys.sorted().map { SIMD2(Double($0), bound[$0]!) }
                return LineChart.Series(name: name, color: colour, points: points, dashed: true, width: 2, dots: true)
            }
    }
}
