import Foundation
import Hooke
import HookeIO

/// `--plot FILE.svg`: a heatmap of the objective over the two swept axes with overshoot
/// contours and the recommendation marked, beside the step responses of the
/// recommendation and its grid neighbours.
///
/// The heatmap shows the slice of the grid through the recommendation (or through the
/// middle point when there is none) along the first two axes with more than one value.
/// Colour is the objective, linear from its smallest to its largest finite value
/// (viridis-like ramp); points that miss a constraint are drawn faded, points without a
/// finite objective grey. Axes longer than `maximumCells` are drawn at every k-th value.
///
/// Contours of the overshoot at 1, 5, 10, 20 and 40 % are traced by marching squares on
/// the cell centres (Lorensen & Cline, "Marching cubes", SIGGRAPH 1987, in two
/// dimensions): each square of four neighbouring centres is classified by which corners
/// lie above the level, and the contour crosses each edge whose ends differ at the
/// linearly interpolated point; the two ambiguous (saddle) cases are resolved by the
/// mean of the four corners.
struct SweepPlot {
    let report: SweepReport

    static let maximumCells = 200
    private static let levels = [0.01, 0.05, 0.1, 0.2, 0.4]

    func svg() throws(CommandLineError) -> String {
        let grid = report.grid
        let rowsByIndex = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.index, $0) })
        let center: Int
        var recommended: SweepRow? = nil
        if case let .found(row) = report.recommendation {
            center = row.index
            recommended = row
        } else {
            center = report.rows.isEmpty ? 0 : report.rows[report.rows.count / 2].index
        }
        let centerCoordinates = grid.coordinates(of: center)
        let swept = grid.axes.indices.filter { grid.axes[$0].count > 1 }
        let xAxis = swept.first ?? 0
        let yAxis = swept.count > 1 ? swept[1] : (xAxis == 0 ? 1 : 0)
        let xIndices = Self.thinned(grid.axes[xAxis].count)
        let yIndices = Self.thinned(grid.axes[yAxis].count)

        func pointIndex(_ i: Int, _ j: Int) -> Int {
            var coordinates = centerCoordinates
            coordinates[xAxis] = i
            coordinates[yAxis] = j
            return grid.index(of: coordinates)
        }
        let objective = report.settings.constraints.objective
        let constraints = report.settings.constraints
        let candidates = Set(report.rows.filter { constraints.admits($0.metrics) }.map(\.index))
        var values: [[Double]] = []
        var overshoots: [[Double]] = []
        for j in yIndices {
            var line: [Double] = []
            var overshootLine: [Double] = []
            for i in xIndices {
                let row = rowsByIndex[pointIndex(i, j)]
                line.append(row.map { objective.value(of: $0.metrics) } ?? .nan)
                let overshoot = row?.metrics.overshoot ?? .nan
                overshootLine.append(overshoot.isFinite ? overshoot : 10)
            }
            values.append(line)
            overshoots.append(overshootLine)
        }
        let finite = values.joined().filter(\.isFinite)
        let low = finite.min() ?? 0
        let high = finite.max() ?? 1

        // Layout, in SVG user units: the heatmap on the left, the responses on the right.
        let (left, top, size) = (70.0, 50.0, 400.0)
        let cellWidth = size / Double(xIndices.count)
        let cellHeight = size / Double(yIndices.count)
        var svg = SVGDocument(width: 1000, height: top + size + 94)
        svg.text("\(objective.rawValue) over \(axisName(xAxis)) and \(axisName(yAxis)), \(report.settings.integrator.rawValue) integrator",
                 x: left, y: 24, size: 14, bold: true)
        for (row, j) in yIndices.enumerated() {
            for (column, i) in xIndices.enumerated() {
                let value = values[row][column]
                let fill = value.isFinite ? Self.color((value - low) / max(high - low, 1e-300)) : "#bbbbbb"
                // A third of a unit of overlap hides the seams renderers leave between cells.
                svg.rect(x: left + Double(column) * cellWidth, y: top + size - Double(row + 1) * cellHeight,
                         width: cellWidth + 0.3, height: cellHeight + 0.3, fill: fill,
                         opacity: candidates.contains(pointIndex(i, j)) ? 1 : 0.35)
            }
        }
        func position(_ cell: (Double, Double)) -> SIMD2<Double> {
            SIMD2(left + (cell.0 + 0.5) * cellWidth, top + size - (cell.1 + 0.5) * cellHeight)
        }
        // Overshoot contours.
        if xIndices.count > 1, yIndices.count > 1 {
            for level in Self.levels {
                let segments = Self.marchingSquares(overshoots, level: level)
                guard !segments.isEmpty else { continue }
                svg.segments(segments.map { (position($0.0), position($0.1)) }, stroke: "white", width: 1.2)
                let label = position(segments[segments.count / 2].0)
                svg.text("\(JSONValue.short(level * 100))%", x: label.x + 2, y: label.y - 2, size: 10, color: "white")
            }
        }
        // The recommendation.
        if let recommended {
            let c = grid.coordinates(of: recommended.index)
            let mark = position((Double(Self.nearest(xIndices, c[xAxis])), Double(Self.nearest(yIndices, c[yAxis]))))
            svg.circle(x: mark.x, y: mark.y, radius: 7, stroke: "red", width: 2.5)
        }
        // Axes.
        svg.rect(x: left, y: top, width: size, height: size, stroke: "black")
        let xValues = grid.axes[xAxis].values
        let yValues = grid.axes[yAxis].values
        // A tick under the centre of every k-th cell, labelled with its grid value: at most
        // eight labels per axis, always the first and the last cell.
        func ticked(_ count: Int) -> [Int] {
            let step = max(1, (count + 7) / 8)
            var cells = Array(stride(from: 0, to: count, by: step))
            // The last cell replaces a tick too close to it to leave room for both labels.
            if let last = cells.last, last != count - 1 {
                if count - 1 - last < step / 2, cells.count > 1 { cells.removeLast() }
                cells.append(count - 1)
            }
            return cells
        }
        var ticks: [(SIMD2<Double>, SIMD2<Double>)] = []
        for column in ticked(xIndices.count) {
            let x = left + (Double(column) + 0.5) * cellWidth
            ticks.append((SIMD2(x, top + size), SIMD2(x, top + size + 4)))
            svg.text(JSONValue.short(xValues[xIndices[column]]), x: x, y: top + size + 16, anchor: .middle)
        }
        for row in ticked(yIndices.count) {
            let y = top + size - (Double(row) + 0.5) * cellHeight
            ticks.append((SIMD2(left - 4, y), SIMD2(left, y)))
            svg.text(JSONValue.short(yValues[yIndices[row]]), x: left - 6, y: y + 4, anchor: .end)
        }
        svg.segments(ticks, stroke: "black")
        svg.text(axisLabel(xAxis), x: left + size / 2, y: top + size + 32, anchor: .middle)
        svg.text(axisLabel(yAxis), x: 16, y: top + size / 2, anchor: .middle, rotation: -90)
        svg.text("colour: \(objective.rawValue) from \(JSONValue.short(low)) (dark) to \(JSONValue.short(high)) (light)",
                 x: left, y: top + size + 52)
        svg.text("faded: misses a constraint; white: overshoot contours", x: left, y: top + size + 68)
        svg.text("red circle: the recommendation", x: left, y: top + size + 84)

        let responses = try responses(center: center, recommended: recommended != nil, xAxis: xAxis, yAxis: yAxis,
                                      rowsByIndex: rowsByIndex)
        // The responses' plot is as high as the heatmap and level with it.
        let corner = responses.draw(into: &svg, x: left + size + 30, y: top - LineChart.titleHeight,
                                    width: svg.width - (left + size + 30),
                                    height: LineChart.titleHeight + size + LineChart.axisHeight + responses.legendHeight)
        svg.width = max(svg.width, corner.x)
        svg.height = max(svg.height, corner.y + 10)
        return svg.rendered()
    }

    /// The step responses of the centre point and its neighbours along the two plotted
    /// axes, the target and its tolerance band.
    private func responses(center: Int, recommended: Bool, xAxis: Int, yAxis: Int,
                           rowsByIndex: [Int: SweepRow]) throws(CommandLineError) -> LineChart {
        let grid = report.grid
        let sweep = try report.settings.makeSweep()
        var indices = [center]
        let c = grid.coordinates(of: center)
        for axis in Set([xAxis, yAxis]).sorted() {
            for delta in [-1, 1] {
                var neighbour = c
                neighbour[axis] += delta
                if neighbour[axis] >= 0, neighbour[axis] < grid.axes[axis].count {
                    indices.append(grid.index(of: neighbour))
                }
            }
        }
        // The window shows every plotted curve settling: 1.3 × the latest settling time, at
        // least 10 steps, and the whole simulation when one of them never settles.
        let settles = indices.map { rowsByIndex[$0]?.metrics.settlingDuration ?? .infinity }
        let latest = settles.max() ?? .infinity
        let window = latest.isFinite
            ? min(sweep.durationLimit, max(latest * 1.3, 10 * sweep.timestep))
            : sweep.durationLimit
        let sampleCount = min(sweep.stepCount, Int((window / sweep.timestep + 1e-9).rounded(.down)))
        let (from, to) = (report.settings.from, report.settings.to)
        var chart = LineChart(title: "step responses (samples every \(JSONValue.short(sweep.timestep)) s)",
                              xLabel: "time (s)", yLabel: "position (pt)")
        chart.legend = .below
        chart.xRange = 0...window
        chart.levels = [to]
        let band = report.settings.tolerance * abs(to - from)
        chart.bands = [(to - band)...(to + band)]
        let colors = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e"]
        for (number, index) in indices.enumerated() {
            let point = try grid.commandLinePoint(index)
            let states = sweep.trajectory(of: SpringSweepCase(spring: point.spring, initialVelocity: point.initialVelocity))
            let samples = states.prefix(sampleCount + 1).enumerated().map { n, state in
                SIMD2(Double(n) * sweep.timestep, state.value)
            }
            let label = "\(grid.parameterization.fields.0) \(JSONValue.short(point.first)), \(grid.parameterization.fields.1) \(JSONValue.short(point.second))"
                + (grid.mass.count > 1 ? ", mass \(JSONValue.short(point.mass))" : "")
                + (grid.initialVelocity.count > 1 ? ", v0 \(JSONValue.short(point.initialVelocity))" : "")
                + (number == 0 ? (recommended ? " (recommended)" : " (centre)") : "")
            chart.series.append(.init(name: label, color: colors[number % colors.count], points: samples,
                               width: number == 0 ? 2.5 : 1.2))
        }
        return chart
    }

    /// The axis's name with its unit: "response (s)".
    private func axisLabel(_ axis: Int) -> String {
        let units = ["response": "s", "stiffness": "N/m", "damping": "kg/s", "duration": "s", "mass": "kg",
                     "initialVelocity": "pt/s"]
        let name = axisName(axis)
        return units[name].map { "\(name) (\($0))" } ?? name
    }

    private func axisName(_ axis: Int) -> String {
        switch axis {
        case 0: return report.grid.parameterization.fields.0
        case 1: return report.grid.parameterization.fields.1
        case 2: return "mass"
        default: return "initialVelocity"
        }
    }

    /// Every k-th index so that at most `maximumCells` remain, always keeping the last.
    static func thinned(_ count: Int) -> [Int] {
        let stride = max(1, (count + maximumCells - 1) / maximumCells)
        var indices = Array(Swift.stride(from: 0, to: count, by: stride))
        if indices.last != count - 1 { indices.append(count - 1) }
        return indices
    }

    static func nearest(_ indices: [Int], _ target: Int) -> Int {
        indices.indices.min { abs(indices[$0] - target) < abs(indices[$1] - target) } ?? 0
    }

    /// A viridis-like ramp: dark blue (0) through teal and green to yellow (1).
    static func color(_ fraction: Double) -> String {
        let stops: [(Double, Double, Double)] = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]
        let t = min(max(fraction.isFinite ? fraction : 0, 0), 1) * Double(stops.count - 1)
        let k = min(Int(t), stops.count - 2)
        let u = t - Double(k)
        let (a, b) = (stops[k], stops[k + 1])
        let r = Int((a.0 + (b.0 - a.0) * u).rounded())
        let g = Int((a.1 + (b.1 - a.1) * u).rounded())
        let bl = Int((a.2 + (b.2 - a.2) * u).rounded())
        return String(format: "#%02x%02x%02x", r, g, bl)
    }

    /// Contour segments of `field` (rows = y, columns = x) at `level`, in cell-index
    /// coordinates (x, y).
    static func marchingSquares(_ field: [[Double]], level: Double) -> [((Double, Double), (Double, Double))] {
        var segments: [((Double, Double), (Double, Double))] = []
        guard field.count > 1, let width = field.first?.count, width > 1 else { return segments }
        for y in 0..<(field.count - 1) {
            for x in 0..<(width - 1) {
                // Corners counter-clockwise from the bottom left.
                let v = [field[y][x], field[y][x + 1], field[y + 1][x + 1], field[y + 1][x]]
                let p = [(Double(x), Double(y)), (Double(x + 1), Double(y)), (Double(x + 1), Double(y + 1)), (Double(x), Double(y + 1))]
                var code = 0
                for k in 0..<4 where v[k] > level { code |= 1 << k }
                if code == 0 || code == 15 { continue }
                func edge(_ a: Int, _ b: Int) -> (Double, Double) {
                    let t = (level - v[a]) / (v[b] - v[a])
                    return (p[a].0 + t * (p[b].0 - p[a].0), p[a].1 + t * (p[b].1 - p[a].1))
                }
                // Edges: 0 = bottom (0–1), 1 = right (1–2), 2 = top (2–3), 3 = left (3–0).
                let crossed = (0..<4).filter { k in (code >> k & 1) != (code >> ((k + 1) % 4) & 1) }
                let points = crossed.map { edge($0, ($0 + 1) % 4) }
                if points.count == 2 {
                    segments.append((points[0], points[1]))
                } else if points.count == 4 {
                    // Saddle: decide by the centre value which corners connect.
                    let centreAbove = (v.reduce(0, +) / 4) > level
                    let cornerZeroAbove = v[0] > level
                    if centreAbove == cornerZeroAbove {
                        segments.append((points[0], points[1]))
                        segments.append((points[2], points[3]))
                    } else {
                        segments.append((points[3], points[0]))
                        segments.append((points[1], points[2]))
                    }
                }
            }
        }
        return segments
    }
}
