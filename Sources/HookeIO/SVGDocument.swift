/// An SVG picture built element by element: the one SVG writer behind `hooke sweep
/// --plot`, `hooke-bench --svg` and the plots in `Docs/plots`.
///
/// Coordinates are SVG user units with the origin at the top left and y growing down;
/// the document's `viewBox` is `0 0 width height`, so one unit is one CSS pixel when the
/// file is shown at its natural size. Numbers are written with two decimals (a hundredth
/// of a pixel, below what any renderer resolves) and text is escaped, so a label can
/// hold any string.
public struct SVGDocument: Sendable {
    /// Where a text's anchor point sits along the text (SVG `text-anchor`).
    public enum TextAnchor: String, Sendable {
        case start, middle, end
    }

    /// Width and height in user units; a picture whose parts are laid out one after
    /// another may grow its height before it is rendered.
    public var width: Double
    public var height: Double
    private var elements: [String] = []
    private var clipCount = 0

    /// A blank picture of `width` × `height` user units on a white background.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
        elements.append(#"<rect width="100%" height="100%" fill="white"/>"#)
    }

    /// A filled and/or stroked rectangle. `opacity` is the fill's (`fill-opacity`).
    public mutating func rect(
        x: Double, y: Double, width: Double, height: Double,
        fill: String = "none", stroke: String? = nil, opacity: Double = 1
    ) {
        var attributes = [("x", Self.number(x)), ("y", Self.number(y)),
                          ("width", Self.number(width)), ("height", Self.number(height)), ("fill", fill)]
        if opacity < 1 { attributes.append(("fill-opacity", Self.number(opacity))) }
        if let stroke { attributes.append(("stroke", stroke)) }
        element("rect", attributes)
    }

    /// A straight line from (x1, y1) to (x2, y2); `dash` is an SVG `stroke-dasharray`.
    public mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double,
        stroke: String, width: Double = 1, dash: String? = nil
    ) {
        var attributes = [("x1", Self.number(x1)), ("y1", Self.number(y1)),
                          ("x2", Self.number(x2)), ("y2", Self.number(y2)), ("stroke", stroke)]
        if width != 1 { attributes.append(("stroke-width", Self.number(width))) }
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        element("line", attributes)
    }

    /// An open polyline through `points` (x, y). `clip` names a region made by
    /// `clipRegion`; outside it nothing is drawn.
    public mutating func polyline(
        _ points: [SIMD2<Double>], stroke: String, width: Double = 1, dash: String? = nil, clip: String? = nil
    ) {
        let list = points.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " ")
        var attributes = [("points", list), ("fill", "none"), ("stroke", stroke), ("stroke-width", Self.number(width))]
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        if let clip { attributes.append(("clip-path", "url(#\(clip))")) }
        element("polyline", attributes)
    }

    /// Unconnected segments in one path (contour lines, say).
    public mutating func segments(
        _ segments: [(SIMD2<Double>, SIMD2<Double>)], stroke: String, width: Double = 1
    ) {
        let data = segments.map { a, b in
            "M" + Self.number(a.x) + " " + Self.number(a.y) + "L" + Self.number(b.x) + " " + Self.number(b.y)
        }.joined()
        element("path", [("d", data), ("stroke", stroke), ("stroke-width", Self.number(width)), ("fill", "none")])
    }

    /// A circle centred at (x, y).
    public mutating func circle(
        x: Double, y: Double, radius: Double, fill: String = "none", stroke: String? = nil, width: Double = 1
    ) {
        var attributes = [("cx", Self.number(x)), ("cy", Self.number(y)), ("r", Self.number(radius)), ("fill", fill)]
        if let stroke {
            attributes.append(("stroke", stroke))
            if width != 1 { attributes.append(("stroke-width", Self.number(width))) }
        }
        element("circle", attributes)
    }

    /// A line of text whose anchor point is (x, y) on the baseline. `rotation` turns it
    /// about that point, in degrees clockwise (−90 reads bottom to top, for a y axis).
    /// `superscript` is set raised and smaller after the text (the exponent of 10ⁿ).
    public mutating func text(
        _ text: String, x: Double, y: Double, anchor: TextAnchor = .start, size: Double? = nil,
        color: String? = nil, bold: Bool = false, rotation: Double = 0, superscript: String? = nil
    ) {
        var attributes = [("x", Self.number(x)), ("y", Self.number(y))]
        if anchor != .start { attributes.append(("text-anchor", anchor.rawValue)) }
        if let size { attributes.append(("font-size", Self.number(size))) }
        if let color { attributes.append(("fill", color)) }
        if bold { attributes.append(("font-weight", "bold")) }
        if rotation != 0 {
            attributes.append(("transform", "rotate(\(Self.number(rotation)) \(Self.number(x)) \(Self.number(y)))"))
        }
        var content = Self.escape(text)
        if let superscript { content += #"<tspan dy="-5" font-size="9">"# + Self.escape(superscript) + "</tspan>" }
        elements.append("<text" + Self.attributes(attributes) + ">" + content + "</text>")
    }

    /// Declares a rectangular clip region and returns its name, for `polyline(clip:)`.
    public mutating func clipRegion(x: Double, y: Double, width: Double, height: Double) -> String {
        clipCount += 1
        let name = "clip\(clipCount)"
        elements.append(#"<clipPath id="\#(name)"><rect"#
            + Self.attributes([("x", Self.number(x)), ("y", Self.number(y)),
                               ("width", Self.number(width)), ("height", Self.number(height))])
            + "/></clipPath>")
        return name
    }

    /// The document's text: an `<svg>` element with a line per element, ending in a newline.
    public func rendered() -> String {
        let size = [("xmlns", "http://www.w3.org/2000/svg"), ("width", Self.number(width)), ("height", Self.number(height)),
                    ("viewBox", "0 0 \(Self.number(width)) \(Self.number(height))"),
                    ("font-family", "Helvetica, Arial, sans-serif"), ("font-size", "12")]
        return "<svg" + Self.attributes(size) + ">\n" + elements.joined(separator: "\n") + "\n</svg>\n"
    }

    private mutating func element(_ name: String, _ attributes: [(String, String)]) {
        elements.append("<" + name + Self.attributes(attributes) + "/>")
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " " + $0.0 + "=\"" + escape($0.1) + "\"" }.joined()
    }

    /// `value` with at most two decimals and no trailing zeros (`12`, `12.5`, `-0.25`).
    /// Coordinates beyond ±10¹² user units are drawn at ±10¹², far outside any canvas, so
    /// that the integer arithmetic below cannot overflow; a non-finite value is drawn at 0.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int64((min(max(value, -1e12), 1e12) * 100).rounded())
        let magnitude = hundredths.magnitude
        var text = String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
        }
        return hundredths < 0 ? "-" + text : text
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
