import Hooke
import HookeIO

extension ScenarioQueryAnswer {
    /// The answer as one line of `hooke simulate --queries` (JSON lines, Docs/scenarios.md):
    ///
    ///     {"query":0,"step":60,"time":0.5,"kind":"ray","hits":[{"item":"box","point":[150,280],"normal":[0,-1],"fraction":0.4}]}
    ///
    /// `query` is the index in `queries`; each hit names the body (`item`) and, for a
    /// ray or a cast, the `point`, `normal` and `fraction` of the hit.
    var jsonLine: String {
        func vector(_ v: SIMD2<Double>) -> JSONValue { .array([.number(v.x), .number(v.y)]) }
        let found: [JSONValue] = hits.map { hit in
            var fields: [(String, JSONValue)] = [("item", .string(hit.id))]
            if let p = hit.point { fields.append(("point", vector(p))) }
            if let n = hit.normal { fields.append(("normal", vector(n))) }
            if let f = hit.fraction { fields.append(("fraction", .number(f))) }
            return .object(fields)
        }
        return JSONValue.object([
            ("query", .number(Double(query))), ("step", .number(Double(step))), ("time", .number(time)),
            ("kind", .string(kind)), ("hits", .array(found)),
        ]).text
    }
}
