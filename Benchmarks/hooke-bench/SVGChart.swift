import Foundation

/// The `--svg` output: item-steps per second against N on log-log axes, one line per
/// engine and thread count, with labelled decades and a legend. Written by hand so the
/// benchmark needs no plotting package. Only `springs` records are charted; the
/// jelly-mesh numbers are in the table and the JSON.
enum SVGChart {
    private static let width = 760.0, height = 460.0
    private static let left = 80.0, right = 200.0, top = 40.0, bottom = 60.0

    /// Line colours by engine (Okabe–Ito, distinguishable with colour-blindness).
    private static func colour(_ engine: String) -> String {
        switch EngineKind(rawValue: engine) {
        case .hooke: return "#0072B2"
        case .hookeFloat: return "#56B4E9"
        case .cLoop: return "#000000"
        case .objects: return "#D55E00"
        case .blas: return "#009E73"
        case nil: return "#999999"
        }
    }

    static func render(_ results: BenchResults) -> String {
        let records = results.sorted(.springs).filter { $0.itemStepsPerSecond > 0 }
        let scenarios = Array(Set(records.map(\.scenario))).sorted().joined(separator: ", ")
        // Series: one per (scenario, engine, threads), points in N order.
        var series: [(key: String, engine: String, threads: Int, points: [(Double, Double)])] = []
        for r in records {
            let key = "\(r.scenario) \(r.engine) \(r.threads)"
            let point = (log10(Double(r.items)), log10(r.itemStepsPerSecond))
            if let i = series.firstIndex(where: { $0.key == key }) {
                series[i].points.append(point)
            } else {
                series.append((key, r.engine, r.threads, [point]))
            }
        }
        let xs = series.flatMap { $0.points.map(\.0) }, ys = series.flatMap { $0.points.map(\.1) }
        let (x0, x1) = decades(xs), (y0, y1) = decades(ys)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func px(_ x: Double) -> Double { left + (x - x0) / (x1 - x0) * plotWidth }
        func py(_ y: Double) -> Double { top + (y1 - y) / (y1 - y0) * plotHeight }

        var svg: [String] = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(f(width))" height="\#(f(height))" "#
                + #"viewBox="0 0 \#(f(width)) \#(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
            #"<text x="\#(f(left + plotWidth / 2))" y="22" text-anchor="middle" font-size="15">"#
                + "\(escape(scenarios)): item-steps per second (median)</text>",
        ]
        // Grid and decade labels.
        for d in Int(x0)...Int(x1) {
            let x = px(Double(d))
            svg.append(#"<line x1="\#(f(x))" y1="\#(f(top))" x2="\#(f(x))" y2="\#(f(top + plotHeight))" stroke="gainsboro"/>"#)
            svg.append(#"<text x="\#(f(x))" y="\#(f(top + plotHeight + 18))" text-anchor="middle">10<tspan dy="-5" font-size="9">\#(d)</tspan></text>"#)
        }
        for d in Int(y0)...Int(y1) {
            let y = py(Double(d))
            svg.append(#"<line x1="\#(f(left))" y1="\#(f(y))" x2="\#(f(left + plotWidth))" y2="\#(f(y))" stroke="gainsboro"/>"#)
            svg.append(#"<text x="\#(f(left - 8))" y="\#(f(y + 4))" text-anchor="end">10<tspan dy="-5" font-size="9">\#(d)</tspan></text>"#)
        }
        svg.append(#"<rect x="\#(f(left))" y="\#(f(top))" width="\#(f(plotWidth))" height="\#(f(plotHeight))" fill="none" stroke="dimgray"/>"#)
        svg.append(#"<text x="\#(f(left + plotWidth / 2))" y="\#(f(height - 15))" text-anchor="middle">items N (log scale)</text>"#)
        svg.append(#"<text transform="translate(20 \#(f(top + plotHeight / 2))) rotate(-90)" text-anchor="middle">item-steps per second (log scale)</text>"#)

        // Lines, markers and legend.
        for (index, s) in series.enumerated() {
            let stroke = colour(s.engine)
            let dash = s.threads > 1 ? #" stroke-dasharray="6 4""# : ""
            let path = s.points.map { "\(f(px($0.0))),\(f(py($0.1)))" }.joined(separator: " ")
            svg.append(#"<polyline points="\#(path)" fill="none" stroke="\#(stroke)" stroke-width="2"\#(dash)/>"#)
            for p in s.points {
                svg.append(#"<circle cx="\#(f(px(p.0)))" cy="\#(f(py(p.1)))" r="3.5" fill="\#(stroke)"/>"#)
            }
            let ly = top + 10 + Double(index) * 20, lx = left + plotWidth + 16
            svg.append(#"<line x1="\#(f(lx))" y1="\#(f(ly))" x2="\#(f(lx + 28))" y2="\#(f(ly))" stroke="\#(stroke)" stroke-width="2"\#(dash)/>"#)
            let threads = s.threads == 1 ? "" : " (\(s.threads) threads)"
            svg.append(#"<text x="\#(f(lx + 34))" y="\#(f(ly + 4))">\#(escape(s.engine + threads))</text>"#)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// The whole decades that enclose `values` (log10), at least one decade wide.
    private static func decades(_ values: [Double]) -> (Double, Double) {
        guard let low = values.min(), let high = values.max() else { return (0, 1) }
        var a = low.rounded(.down), b = high.rounded(.up)
        if a == b {
            a -= 1
            b += 1
        }
        return (a, b)
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
