import HookeWorld

extension ScenarioParser {
    /// The kinds of query, each the key that carries its geometry.
    static let queryKinds = ["point", "ray", "cast", "overlap", "rect"]

    /// One element of `queries`: `at`, exactly one of the kinds, and `includingSkin`,
    /// `categories` (not for `rect`) and `closest` (only for `ray`).
    static func query(_ node: ScenarioNode, _ context: Context, duration: Double) throws(ScenarioError) -> ScenarioQuery {
        let o = try node.object(allowing: Set(queryKinds).union(["at", "includingSkin", "categories", "closest"]))
        let atNode = try o.required("at", "the time in seconds at which to ask, 0 to the scenario's duration")
        let at = try atNode.nonNegative()
        guard at <= duration else {
            throw atNode.fail("a query at \(ScenarioNode.format(at)) s comes after the scenario's duration "
                + "\(ScenarioNode.format(duration)) s")
        }
        let present = queryKinds.filter(o.has)
        guard present.count == 1 else {
            throw node.fail(present.isEmpty
                ? "a query needs one of \(queryKinds.map { "\"\($0)\"" }.joined(separator: ", "))"
                : "a query asks one thing; found \(present.map { "\"\($0)\"" }.joined(separator: " and "))")
        }
        let kind: ScenarioQuery.Kind
        switch present[0] {
        case "point":
            kind = .point(try o.required("point", "[x, y] in points").vector())
        case "ray":
            let r = try o.required("ray", "").object(allowing: ["from", "to"])
            kind = .ray(from: try r.required("from", "[x, y] in points").vector(),
                        to: try r.required("to", "[x, y] in points").vector(),
                        closest: try o.optional("closest")?.bool() ?? false)
        case "cast":
            let c = try o.required("cast", "").object(allowing: ["shape", "size", "vertices", "parts", "center", "angle", "translation"])
            kind = .cast(shape: try shape(c).bodyShape, center: try c.required("center", "[x, y] in points").vector(),
                         angle: try c.optional("angle")?.number() ?? 0,
                         translation: try c.required("translation", "[dx, dy] in points").vector())
        case "overlap":
            let c = try o.required("overlap", "").object(allowing: ["shape", "size", "vertices", "parts", "center", "angle"])
            kind = .overlap(shape: try shape(c).bodyShape, center: try c.required("center", "[x, y] in points").vector(),
                            angle: try c.optional("angle")?.number() ?? 0)
        default:
            let a = try o.required("rect", "").array(count: 4, of: "an array of 4 numbers [x, y, width, height]")
            kind = .rect(WorldRect(x: try a[0].number(), y: try a[1].number(),
                                   width: try a[2].nonNegative(), height: try a[3].nonNegative()))
        }
        if present[0] != "ray" { try o.forbid("closest", "only a ray query takes \"closest\"") }
        if present[0] == "rect" {
            try o.forbid("includingSkin", "a rect query reads bounding boxes, which have no skin")
            try o.forbid("categories", "a rect query, like UIKit's items(in:), takes every body")
        }
        return ScenarioQuery(at: at, kind: kind, includingSkin: try o.optional("includingSkin")?.bool() ?? false,
                             categories: try o.optional("categories")?.categoryBits() ?? .max)
    }
}
