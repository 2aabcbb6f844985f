import HookeCore
import HookeWorld

extension ScenarioSimulation {
    /// The answers of the scenario's queries due at the current step (`queries` whose
    /// `at` falls in this step, file order), from the world as it is now.
    ///
    /// - Throws: `ScenarioError` at `queries[i]` if the world refuses a query (the parser
    ///   has checked every value, so this means a defect, reported rather than trapped).
    public func queryAnswers() throws(ScenarioError) -> [ScenarioQueryAnswer] {
        var answers: [ScenarioQueryAnswer] = []
        for (i, due) in querySteps.enumerated() where due == step {
            let query = scenario.queries[i]
            do {
                answers.append(ScenarioQueryAnswer(query: i, step: step, time: time, kind: query.name,
                                                   hits: try hits(of: query)))
            } catch {
                throw ScenarioError(path: "queries[\(i)]", message: "\(error)")
            }
        }
        return answers
    }

    private func hits(of query: ScenarioQuery) throws(HookeError) -> [ScenarioQueryAnswer.Hit] {
        let (skin, categories) = (query.includingSkin, query.categories)
        func bodies(_ handles: [BodyHandle]) -> [ScenarioQueryAnswer.Hit] {
            handles.map { ScenarioQueryAnswer.Hit(id: id($0), point: nil, normal: nil, fraction: nil) }
        }
        func located(_ hits: [CastHit]) -> [ScenarioQueryAnswer.Hit] {
            hits.map { ScenarioQueryAnswer.Hit(id: id($0.body), point: $0.point, normal: $0.normal, fraction: $0.fraction) }
        }
        switch query.kind {
        case let .point(p):
            return bodies(try world.bodies(at: p, includingSkin: skin, categories: categories))
        case let .ray(from, to, closest):
            if closest {
                return located(try world.closestRayHit(from: from, to: to, includingSkin: skin, categories: categories)
                    .map { [$0] } ?? [])
            }
            return located(try world.castRay(from: from, to: to, includingSkin: skin, categories: categories))
        case let .cast(shape, center, angle, translation):
            return located(try world.castShape(shape, center: center, angle: angle, translation: translation,
                                               includingSkin: skin, categories: categories))
        case let .overlap(shape, center, angle):
            return bodies(try world.bodies(overlapping: shape, center: center, angle: angle,
                                           includingSkin: skin, categories: categories))
        case let .rect(r):
            return bodies(world.bodies(in: r))
        }
    }
}
