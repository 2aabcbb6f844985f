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

        // Layout, in SVG user units.
        let (left, top, size) = (70.0, 50.0, 400.0)
        let cellWidth = size / Double(xIndices.count)
        let cellHeight = size / Double(yIndices.count)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="1000" height="560" viewBox="0 0 1000 560" font-family="sans-serif" font-size="12">
            <rect width="1000" height="560" fill="white"/>
            <text x="\(left)" y="24" font-size="14">\(objective.rawValue) over \(axisName(xAxis)) and \(axisName(yAxis)), \(report.settings.integrator.rawValue) integrator</text>

            """
        for (row, j) in yIndices.enumerated() {
            for (column, i) in xIndices.enumerated() {
                let value = values[row][column]
                let x = left + Double(column) * cellWidth
                let y = top + size - Double(row + 1) * cellHeight
                let fill = value.isFinite ? Self.color((value - low) / max(high - low, 1e-300)) : "#bbbbbb"
                let faded = candidates.contains(pointIndex(i, j)) ? "" : " fill-opacity=\"0.35\""
                svg += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(cellWidth + 0.3))\" height=\"\(f(cellHeight + 0.3))\" fill=\"\(fill)\"\(faded)/>\n"
            }
        }
        // Overshoot contours.
        if xIndices.count > 1, yIndices.count > 1 {
            for level in Self.levels {
                let segments = Self.marchingSquares(overshoots, level: level)
                guard !segments.isEmpty else { continue }
                var path = ""
                for (a, b) in segments {
                    let (ax, ay) = (left + (a.0 + 0.5) * cellWidth, top + size - (a.1 + 0.5) * cellHeight)
                    let (bx, by) = (left + (b.0 + 0.5) * cellWidth, top + size - (b.1 + 0.5) * cellHeight)
                    path += "M\(f(ax)) \(f(ay))L\(f(bx)) \(f(by))"
                }
                svg += "<path d=\"\(path)\" stroke=\"white\" stroke-width=\"1.2\" fill=\"none\"/>\n"
                let label = segments[segments.count / 2].0
                svg += "<text x=\"\(f(left + (label.0 + 0.5) * cellWidth + 2))\" y=\"\(f(top + size - (label.1 + 0.5) * cellHeight - 2))\" fill=\"white\" font-size=\"10\">\(JSONValue.short(level * 100))%</text>\n"
            }
        }
        // The recommendation.
        if let recommended {
            let c = grid.coordinates(of: recommended.index)
            let column = Self.nearest(xIndices, c[xAxis])
            let row = Self.nearest(yIndices, c[yAxis])
            let cx = left + (Double(column) + 0.5) * cellWidth
            let cy = top + size - (Double(row) + 0.5) * cellHeight
            svg += "<circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"7\" fill=\"none\" stroke=\"red\" stroke-width=\"2.5\"/>\n"
        }
        // Axes.
        svg += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(size)\" height=\"\(size)\" fill=\"none\" stroke=\"black\"/>\n"
        let xValues = grid.axes[xAxis].values
        let yValues = grid.axes[yAxis].values
        svg += "<text x=\"\(left)\" y=\"\(top + size + 16)\">\(JSONValue.short(xValues.first!))</text>\n"
        svg += "<text x=\"\(left + size)\" y=\"\(top + size + 16)\" text-anchor=\"end\">\(JSONValue.short(xValues.last!))</text>\n"
        svg += "<text x=\"\(left + size / 2)\" y=\"\(top + size + 32)\" text-anchor=\"middle\">\(axisName(xAxis))</text>\n"
        svg += "<text x=\"\(left - 4)\" y=\"\(top + size)\" text-anchor=\"end\">\(JSONValue.short(yValues.first!))</text>\n"
        svg += "<text x=\"\(left - 4)\" y=\"\(top + 10)\" text-anchor=\"end\">\(JSONValue.short(yValues.last!))</text>\n"
        svg += "<text x=\"20\" y=\"\(top + size / 2)\" transform=\"rotate(-90 20 \(top + size / 2))\" text-anchor=\"middle\">\(axisName(yAxis))</text>\n"
        svg += "<text x=\"\(left)\" y=\"\(top + size + 52)\">colour: \(objective.rawValue) from \(JSONValue.short(low)) (dark) to \(JSONValue.short(high)) (light)</text>\n"
        svg += "<text x=\"\(left)\" y=\"\(top + size + 68)\">faded: misses a constraint; white: overshoot contours; red: recommendation</text>\n"

        svg += try responses(center: center, recommended: recommended != nil, xAxis: xAxis, yAxis: yAxis)
        return svg + "</svg>\n"
    }

    /// The step responses of the centre point and its neighbours along the two plotted axes.
    private func responses(center: Int, recommended: Bool, xAxis: Int, yAxis: Int) throws(CommandLineError) -> String {
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
        let curves = try indices.map { index throws(CommandLineError) in
            let point = try grid.commandLinePoint(index)
            return (point, sweep.trajectory(of: SpringSweepCase(spring: point.spring, initialVelocity: point.initialVelocity)))
        }
        let rowsByIndex = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.index, $0) })
        // The window shows every plotted curve settling: 1.3 × the latest settling time, at
        // least 10 steps, and the whole simulation when one of them never settles.
        let settles = indices.map { rowsByIndex[$0]?.metrics.settlingDuration ?? .infinity }
        let latest = settles.max() ?? .infinity
        let window = latest.isFinite
            ? min(sweep.durationLimit, max(latest * 1.3, 10 * sweep.timestep))
            : sweep.durationLimit
        let sampleCount = min(sweep.stepCount, Int((window / sweep.timestep + 1e-9).rounded(.down)))
        let values = curves.flatMap { $0.1.prefix(sampleCount + 1).map(\.value) }.filter(\.isFinite)
        let from = report.settings.from
        let to = report.settings.to
        // 5 % margins so that the overshoot does not touch the frame.
        let rawLow = min(values.min() ?? 0, from, to)
        let rawHigh = max(values.max() ?? 1, from, to)
        let margin = 0.05 * max(rawHigh - rawLow, 1e-12)
        let low = rawLow - margin
        let high = rawHigh + margin
        let span = high - low
        let (left, top, width, height) = (560.0, 50.0, 400.0, 400.0)
        func px(_ t: Double) -> Double { left + t / window * width }
        func py(_ value: Double) -> Double { top + height - (value - low) / span * height }
        var svg = "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(width)\" height=\"\(height)\" fill=\"none\" stroke=\"black\"/>\n"
        let band = report.settings.tolerance * abs(to - from)
        svg += "<rect x=\"\(left)\" y=\"\(f(py(to + band)))\" width=\"\(width)\" height=\"\(f(max(0.5, py(to - band) - py(to + band))))\" fill=\"#dddddd\"/>\n"
        svg += "<line x1=\"\(left)\" y1=\"\(f(py(to)))\" x2=\"\(left + width)\" y2=\"\(f(py(to)))\" stroke=\"#888888\" stroke-dasharray=\"4 3\"/>\n"
        let colors = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e"]
        for (number, (point, states)) in curves.enumerated().reversed() {
            var path = ""
            for (n, state) in states.prefix(sampleCount + 1).enumerated() where state.value.isFinite {
                let y = min(max(py(state.value), top - 20), top + height + 20)
                path += (path.isEmpty ? "M" : "L") + "\(f(px(Double(n) * sweep.timestep))) \(f(y))"
            }
            let color = colors[number % colors.count]
            svg += "<path d=\"\(path)\" stroke=\"\(color)\" stroke-width=\"\(number == 0 ? 2.5 : 1.2)\" fill=\"none\"/>\n"
            let label = "\(grid.parameterization.fields.0) \(JSONValue.short(point.first)), \(grid.parameterization.fields.1) \(JSONValue.short(point.second))"
                + (grid.mass.count > 1 ? ", mass \(JSONValue.short(point.mass))" : "")
                + (grid.initialVelocity.count > 1 ? ", v0 \(JSONValue.short(point.initialVelocity))" : "")
                + (number == 0 ? (recommended ? " (recommended)" : " (centre)") : "")
            svg += "<text x=\"\(left + 8)\" y=\"\(f(top + height + 20 + Double(number) * 14))\" fill=\"\(color)\">\(label)</text>\n"
        }
        svg += "<text x=\"\(left)\" y=\"24\" font-size=\"14\">step responses as simulated (samples every \(JSONValue.short(sweep.timestep)) s)</text>\n"
        svg += "<text x=\"\(left + width)\" y=\"\(top - 6)\" text-anchor=\"end\">t = 0 … \(JSONValue.short(window)) s</text>\n"
        return svg
    }

    private func axisName(_ axis: Int) -> String {
        switch axis {
        case 0: return report.grid.parameterization.fields.0
        case 1: return report.grid.parameterization.fields.1
        case 2: return "mass"
        default: return "initialVelocity"
        }
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }

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
