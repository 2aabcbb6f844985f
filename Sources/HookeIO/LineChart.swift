#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line chart drawn on an `SVGDocument`: axes with their labels (put the unit in the
/// label, "time (s)"), ticks at round numbers, a legend beside or under the plot that
/// never covers the data, and lines clipped to the plot area.
///
/// Linear axes get ticks at 1, 2, 2.5 or 5 × 10ᵏ, the step chosen so that about six
/// ticks span the range; logarithmic axes take log₁₀ of the data and tick every whole
/// decade, labelled 10ⁿ. The ranges are the data's own (y with 5 % margins so that an
/// overshoot does not touch the frame) unless `xRange` or `yRange` is set.
///
///     var chart = LineChart(title: "Step response", xLabel: "time (s)", yLabel: "position (pt)")
///     chart.series.append(.init(name: "ζ = 0.5", color: "#1f77b4", points: samples))
///     let svg = chart.rendered(width: 780, height: 380)
public struct LineChart: Sendable {
    /// How values map to distance along an axis.
    public enum Scale: Sendable {
        case linear
        /// log₁₀ of the value; values that are not positive are left out.
        case logarithmic
    }

    /// Where the series' names go: in a column right of the plot, or in rows below it.
    public enum LegendPlacement: Sendable {
        case right, below
    }

    /// One line (x, y points in data units). The first series is drawn last, on top of
    /// the others, and listed first.
    public struct Series: Sendable {
        public var name: String
        public var color: String
        public var points: [SIMD2<Double>]
        public var dashed: Bool
        /// Stroke width in user units.
        public var width: Double
        /// A dot at every point, for sparse measurements.
        public var dots: Bool

        public init(name: String, color: String, points: [SIMD2<Double>], dashed: Bool = false,
                    width: Double = 1.6, dots: Bool = false) {
            self.name = name
            self.color = color
            self.points = points
            self.dashed = dashed
            self.width = width
            self.dots = dots
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series] = []
    public var xScale = Scale.linear
    public var yScale = Scale.linear
    /// Overrides the data's x or y range (data units, before any logarithm).
    public var xRange: ClosedRange<Double>? = nil
    public var yRange: ClosedRange<Double>? = nil
    /// Vertical dashed lines at x, labelled at the top (an event's time, say).
    public var markers: [(x: Double, label: String)] = []
    /// Horizontal dashed lines at y (a target).
    public var levels: [Double] = []
    /// Horizontal grey bands between two y values (a tolerance band), under the lines.
    public var bands: [ClosedRange<Double>] = []
    /// y grows downward, as on a screen.
    public var yDown = false
    /// One user unit is the same data distance on both axes (shapes keep their form).
    public var equalAspect = false
    public var legend = LegendPlacement.right

    public init(title: String, xLabel: String, yLabel: String) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
    }

    /// The chart alone as an SVG document of `width` × `height` user units, or less high
    /// with `equalAspect` when the plot needs less; it grows to fit a long title or
    /// legend.
    public func rendered(width: Double, height: Double) -> String {
        let layout = self.layout(x: 0, y: 0, width: width, height: height)
        var document = SVGDocument(width: layout.extent.x, height: layout.extent.y)
        draw(layout, into: &document)
        return document.rendered()
    }

    /// Draws the chart into the rectangle at (x, y) of `width` × `height` user units of
    /// `document` (title, axes and legend included) and returns the bottom-right corner
    /// of what it drew, beyond the rectangle when a title or legend is too long for it
    /// (`document` is not resized: grow it to the corner).
    @discardableResult
    public func draw(into document: inout SVGDocument, x: Double, y: Double, width: Double, height: Double) -> SIMD2<Double> {
        let layout = self.layout(x: x, y: y, width: width, height: height)
        draw(layout, into: &document)
        return layout.extent
    }

    // MARK: - Layout

    /// Height above the plot, for the title (user units).
    public static let titleHeight = 40.0
    /// Height below the plot, for the x ticks and label (user units).
    public static let axisHeight = 46.0

    /// Height of a legend placed below the plot, under the axis (user units; 0 for one
    /// on the right).
    public var legendHeight: Double { legend == .below ? Double(series.count) * Self.legendRow + 8 : 0 }

    /// A generous advance of a character at 12 px (0.6 em; Helvetica averages about
    /// 0.55), for sizing margins so that text fits whatever the font.
    static let characterWidth = 7.2
    private static let legendRow = 18.0

    private struct Axis {
        var low: Double
        var high: Double
        var ticks: [(value: Double, label: String, exponent: String?)]
    }

    private struct Layout {
        /// The top-left corner of the chart's rectangle.
        var origin: SIMD2<Double>
        var plot: (x: Double, y: Double, width: Double, height: Double)
        var xAxis: Axis
        var yAxis: Axis
        var legendOrigin: SIMD2<Double>
        /// The bottom-right corner of everything drawn.
        var extent: SIMD2<Double>
    }

    private func mapped(_ value: Double, _ scale: Scale) -> Double? {
        switch scale {
        case .linear: return value.isFinite ? value : nil
        case .logarithmic: return value > 0 && value.isFinite ? log10(value) : nil
        }
    }

    private func axis(_ values: [Double], scale: Scale, range: ClosedRange<Double>?, margin: Double) -> Axis {
        var low: Double, high: Double
        if let range, let a = mapped(range.lowerBound, scale), let b = mapped(range.upperBound, scale) {
            (low, high) = (a, b)
        } else {
            low = values.min() ?? 0
            high = values.max() ?? 1
            let pad = (high - low) * margin
            low -= pad
            high += pad
        }
        if !(high > low) {
            low -= 0.5
            high += 0.5
        }
        switch scale {
        case .linear:
            return Axis(low: low, high: high, ticks: Self.roundTicks(low, high).map { ($0.value, $0.label, nil) })
        case .logarithmic:
            // Whole decades that enclose the data.
            if range == nil {
                low = low.rounded(.down)
                high = high.rounded(.up)
                if low == high { high += 1 }
            }
            // A set range may lie within one decade: then it has no tick.
            let decades = Int(low.rounded(.up))..<(Int(high.rounded(.down)) + 1)
            return Axis(low: low, high: high, ticks: decades.map { (Double($0), "10", String($0)) })
        }
    }

    private func layout(x: Double, y: Double, width: Double, height: Double) -> Layout {
        let points = series.flatMap(\.points)
        let xs = points.compactMap { mapped($0.x, xScale) } + markers.compactMap { mapped($0.x, xScale) }
        let ys = points.compactMap { mapped($0.y, yScale) } + levels.compactMap { mapped($0, yScale) }
            + bands.flatMap { [$0.lowerBound, $0.upperBound] }.compactMap { mapped($0, yScale) }
        let xAxis = axis(xs, scale: xScale, range: xRange, margin: 0)
        let yAxis = axis(ys, scale: yScale, range: yRange, margin: 0.05)

        let tickWidth = yAxis.ticks.map { Double($0.label.count + ($0.exponent?.count ?? 0)) }.max() ?? 1
        let left = 34 + tickWidth * Self.characterWidth
        let (top, bottom) = (Self.titleHeight, Self.axisHeight)
        let names = series.map { Double($0.name.count) }.max() ?? 0
        let right = legend == .right ? 48 + names * Self.characterWidth : 16
        var plotWidth = max(width - left - right, 40)
        var plotHeight = max(height - top - bottom - legendHeight, 40)
        if equalAspect {
            let scale = min(plotWidth / (xAxis.high - xAxis.low), plotHeight / (yAxis.high - yAxis.low))
            plotWidth = scale * (xAxis.high - xAxis.low)
            plotHeight = scale * (yAxis.high - yAxis.low)
        }
        let plot = (x: x + left, y: y + top, width: plotWidth, height: plotHeight)
        let legendOrigin = legend == .right
            ? SIMD2(plot.x + plotWidth + 16, plot.y + 14)
            : SIMD2(plot.x, plot.y + plotHeight + bottom + 8)
        let legendBottom = legendOrigin.y + Double(series.count) * Self.legendRow
        let contentBottom = max(plot.y + plotHeight + bottom + legendHeight, legendBottom)
        let titleRight = x + 12 + Double(title.count) * Self.characterWidth * 14 / 12
        let legendRight = legendOrigin.x + 30 + names * Self.characterWidth
        let contentRight = max(titleRight, legendRight, plot.x + plotWidth) + 8
        return Layout(origin: SIMD2(x, y), plot: plot, xAxis: xAxis, yAxis: yAxis, legendOrigin: legendOrigin,
                      extent: SIMD2(max(x + width, contentRight),
                                    equalAspect ? contentBottom : max(y + height, contentBottom)))
    }

    // MARK: - Drawing

    private func draw(_ layout: Layout, into svg: inout SVGDocument) {
        let plot = layout.plot
        let (xAxis, yAxis) = (layout.xAxis, layout.yAxis)
        func px(_ value: Double) -> Double { plot.x + (value - xAxis.low) / (xAxis.high - xAxis.low) * plot.width }
        func py(_ value: Double) -> Double {
            let fraction = (value - yAxis.low) / (yAxis.high - yAxis.low)
            return yDown ? plot.y + fraction * plot.height : plot.y + (1 - fraction) * plot.height
        }
        svg.text(title, x: layout.origin.x + 12, y: layout.origin.y + 22, size: 14, bold: true)
        for band in bands {
            guard let a = mapped(band.lowerBound, yScale), let b = mapped(band.upperBound, yScale) else { continue }
            let (top, bottom) = (min(py(a), py(b)), max(py(a), py(b)))
            svg.rect(x: plot.x, y: top, width: plot.width, height: max(bottom - top, 0.5), fill: "#dddddd")
        }
        for tick in xAxis.ticks {
            let x = px(tick.value)
            svg.line(x1: x, y1: plot.y, x2: x, y2: plot.y + plot.height, stroke: "#e4e4e4")
            svg.text(tick.label, x: x, y: plot.y + plot.height + 16, anchor: .middle, superscript: tick.exponent)
        }
        for tick in yAxis.ticks {
            let y = py(tick.value)
            svg.line(x1: plot.x, y1: y, x2: plot.x + plot.width, y2: y, stroke: "#e4e4e4")
            svg.text(tick.label, x: plot.x - 6, y: y + 4, anchor: .end, superscript: tick.exponent)
        }
        svg.rect(x: plot.x, y: plot.y, width: plot.width, height: plot.height, stroke: "#888888")
        svg.text(xLabel, x: plot.x + plot.width / 2, y: plot.y + plot.height + 36, anchor: .middle)
        let yMiddle = plot.y + plot.height / 2
        svg.text(yLabel, x: layout.origin.x + 16, y: yMiddle, anchor: .middle, rotation: -90)
        for level in levels {
            guard let value = mapped(level, yScale) else { continue }
            svg.line(x1: plot.x, y1: py(value), x2: plot.x + plot.width, y2: py(value), stroke: "#888888", dash: "4 3")
        }
        for marker in markers {
            guard let value = mapped(marker.x, xScale) else { continue }
            svg.line(x1: px(value), y1: plot.y, x2: px(value), y2: plot.y + plot.height, stroke: "#999999", dash: "3 3")
            svg.text(marker.label, x: px(value) + 3, y: plot.y + 12, color: "#666666")
        }
        let clip = svg.clipRegion(x: plot.x, y: plot.y, width: plot.width, height: plot.height)
        for line in series.reversed() {
            let points = line.points.compactMap { point -> SIMD2<Double>? in
                guard let x = mapped(point.x, xScale), let y = mapped(point.y, yScale) else { return nil }
                return SIMD2(px(x), py(y))
            }
            svg.polyline(points, stroke: line.color, width: line.width, dash: line.dashed ? "6 4" : nil, clip: clip)
            if line.dots {
                for point in points { svg.circle(x: point.x, y: point.y, radius: 3.5, fill: line.color) }
            }
        }
        for (index, line) in series.enumerated() {
            let dash = line.dashed ? "6 4" : nil
            let row = layout.legendOrigin + SIMD2(0, Double(index) * Self.legendRow)
            svg.line(x1: row.x, y1: row.y - 4, x2: row.x + 24, y2: row.y - 4, stroke: line.color, width: 2, dash: dash)
            svg.text(line.name, x: row.x + 30, y: row.y, color: legend == .below ? line.color : nil)
        }
    }

    // MARK: - Ticks

    /// Ticks at multiples of a round step (1, 2, 2.5 or 5 × 10ᵏ, about six across the
    /// range), labelled with as many decimals as the step needs.
    static func roundTicks(_ low: Double, _ high: Double) -> [(value: Double, label: String)] {
        let span = high - low
        guard span.isFinite, span > 0 else { return [] }
        let raw = span / 6
        var exponent = Int(log10(raw).rounded(.down))
        var multiple = [1.0, 2, 2.5, 5, 10].first { $0 * pow10(exponent) >= raw } ?? 10
        if multiple == 10 {
            multiple = 1
            exponent += 1
        }
        let magnitude = pow10(exponent)
        let step = multiple * magnitude
        guard step > 0 else { return [] }
        let decimals = max(0, -exponent + (multiple == 2.5 ? 1 : 0))
        var ticks: [(Double, String)] = []
        // A tolerance of 10⁻⁹ steps keeps a tick that sits on an end (0.8 / 0.1 is
        // 8.000000000000002 in binary).
        var k = (low / step - 1e-9).rounded(.up)
        while k * step <= high + 1e-9 * step, ticks.count < 100 {
            let value = k * step
            ticks.append((value, label(value, decimals: decimals)))
            k += 1
        }
        return ticks
    }

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<abs(exponent) { value *= 10 }
        return exponent < 0 ? 1 / value : value
    }

    /// `value` in fixed notation with `decimals` decimals (`-0` written `0`); beyond 10¹⁵
    /// Swift's shortest round-trip form.
    static func label(_ value: Double, decimals: Int) -> String {
        let scale = pow10(decimals)
        guard abs(value) * scale < 1e15 else { return value.description }
        let scaled = Int64((value * scale).rounded())
        guard scaled != 0 else { return "0" }
        var digits = String(scaled.magnitude)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return scaled < 0 ? "-" + digits : digits
    }
}
