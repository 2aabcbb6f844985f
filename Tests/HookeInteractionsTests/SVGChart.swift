import Foundation

/// A small line-chart writer for the interaction plots in Docs/plots (no dependencies).
struct SVGChart {
    struct Series {
        var name: String
        var color: String
        var points: [SIMD2<Double>]
        var dashed = false
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var series: [Series] = []
    /// Vertical marker lines (x, label).
    var markers: [(x: Double, label: String)] = []
    /// Draw y growing downward (screen coordinates) instead of upward.
    var yDown = false
    /// Same scale on both axes (shapes on screen).
    var equalAspect = false

    var width = 780.0
    var height = 380.0

    private static func ticks(_ lo: Double, _ hi: Double, count: Int = 6) -> [Double] {
        let span = max(hi - lo, 1e-12)
        let raw = span / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var values: [Double] = []
        var v = ceil(lo / step) * step
        while v <= hi + 1e-9 * span {
            values.append(abs(v) < 1e-12 * step ? 0 : v)
            v += step
        }
        return values
    }

    private static func format(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e6 { return String(Int(v)) }
        return String(format: "%g", v)
    }

    func render() -> String {
        let all = series.flatMap(\.points)
        var xMin = all.map(\.x).min() ?? 0, xMax = all.map(\.x).max() ?? 1
        var yMin = all.map(\.y).min() ?? 0, yMax = all.map(\.y).max() ?? 1
        let yPad = (yMax - yMin) * 0.05
        yMin -= yPad
        yMax += yPad
        if xMax == xMin { xMax += 1 }
        if yMax == yMin { yMax += 1 }
        let left = 70.0, right = 230.0, top = 40.0, bottom = 50.0
        var plotW = width - left - right, plotH = height - top - bottom
        if equalAspect {
            let scale = min(plotW / (xMax - xMin), plotH / (yMax - yMin))
            plotW = scale * (xMax - xMin)
            plotH = scale * (yMax - yMin)
        }
        let height = equalAspect ? max(top + plotH + bottom, top + 24 + 18 * Double(series.count)) : self.height
        func px(_ x: Double) -> Double { left + (x - xMin) / (xMax - xMin) * plotW }
        func py(_ y: Double) -> Double {
            yDown ? top + (y - yMin) / (yMax - yMin) * plotH : top + (yMax - y) / (yMax - yMin) * plotH
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="22" font-size="14" font-weight="bold">\(title)</text>

            """
        for x in Self.ticks(xMin, xMax) {
            svg += "<line x1=\"\(px(x))\" y1=\"\(top)\" x2=\"\(px(x))\" y2=\"\(top + plotH)\" stroke=\"#e4e4e4\"/>\n"
            svg += "<text x=\"\(px(x))\" y=\"\(top + plotH + 16)\" text-anchor=\"middle\">\(Self.format(x))</text>\n"
        }
        for y in Self.ticks(yMin, yMax) {
            svg += "<line x1=\"\(left)\" y1=\"\(py(y))\" x2=\"\(left + plotW)\" y2=\"\(py(y))\" stroke=\"#e4e4e4\"/>\n"
            svg += "<text x=\"\(left - 6)\" y=\"\(py(y) + 4)\" text-anchor=\"end\">\(Self.format(y))</text>\n"
        }
        svg += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(plotW)\" height=\"\(plotH)\" fill=\"none\" stroke=\"#888\"/>\n"
        svg += "<text x=\"\(left + plotW / 2)\" y=\"\(top + plotH + 38)\" text-anchor=\"middle\">\(xLabel)</text>\n"
        svg += "<text transform=\"translate(18 \(top + plotH / 2)) rotate(-90)\" text-anchor=\"middle\">\(yLabel)</text>\n"
        for marker in markers {
            svg += "<line x1=\"\(px(marker.x))\" y1=\"\(top)\" x2=\"\(px(marker.x))\" y2=\"\(top + plotH)\" stroke=\"#999\" stroke-dasharray=\"3 3\"/>\n"
            svg += "<text x=\"\(px(marker.x) + 3)\" y=\"\(top + 12)\" fill=\"#666\">\(marker.label)</text>\n"
        }
        for (index, s) in series.enumerated() {
            let path = s.points.map { String(format: "%.2f,%.2f", px($0.x), py($0.y)) }.joined(separator: " ")
            let dash = s.dashed ? " stroke-dasharray=\"6 4\"" : ""
            svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"1.6\"\(dash)/>\n"
            let ly = top + 14 + Double(index) * 18
            svg += "<line x1=\"\(left + plotW + 12)\" y1=\"\(ly - 4)\" x2=\"\(left + plotW + 32)\" y2=\"\(ly - 4)\" stroke=\"\(s.color)\" stroke-width=\"2\"\(dash)/>\n"
            svg += "<text x=\"\(left + plotW + 36)\" y=\"\(ly)\">\(s.name)</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}
