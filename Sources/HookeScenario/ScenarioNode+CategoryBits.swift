import HookeWorld

extension ScenarioNode {
    /// Collision category bits (`CollisionFilter`): an array of category numbers 0…63,
    /// each once (`[0, 3]` is bits 0 and 3), or `"all"`. A JSON number cannot hold 64
    /// bits exactly, so the bits are written by their numbers.
    func categoryBits() throws(ScenarioError) -> UInt64 {
        if case .string = value {
            guard try string() == "all" else {
                throw fail("expected \"all\" or an array of category numbers 0...63")
            }
            return .max
        }
        var bits: UInt64 = 0
        for element in try array() {
            let x = try element.number()
            guard x >= 0, x <= 63, x.rounded() == x else {
                throw element.fail("expected a category number, an integer 0...63, got \(ScenarioNode.format(x))")
            }
            let bit = UInt64(1) << UInt64(x)
            guard bits & bit == 0 else { throw element.fail("category \(Int(x)) appears twice") }
            bits |= bit
        }
        return bits
    }
}

extension ScenarioObject {
    /// The `categories` and `collidesWith` of a body or boundary, each defaulting to
    /// Box2D's (category 0 only, colliding with all).
    func collisionFilter() throws(ScenarioError) -> CollisionFilter {
        CollisionFilter(categories: try optional("categories")?.categoryBits() ?? CollisionFilter.default.categories,
                        collidesWith: try optional("collidesWith")?.categoryBits() ?? CollisionFilter.default.collidesWith)
    }
}
