import HookeWorld

extension ScenarioBehavior {
    /// UIFieldBehavior: the World's `Field` (its law, position, region, strength, falloff
    /// and minimum radius) acting on the bodies `items`.
    ///
    /// JSON: `"kind"` names the law (`FieldKind.Name`); a region is an object with
    /// exactly one key — `{"radius": r}`, `{"size": [w, h]}`, `{"inverse": region}`,
    /// `{"union": [region, …]}`, `{"intersection": [region, …]}` (two or more),
    /// `{"difference": [a, b]}` — read into a `FieldRegion`, whose unions and
    /// intersections of several regions are balanced trees of pairs
    /// (`FieldRegion.union(of:)`). The falloff's default depends on the kind
    /// (`FieldKind.defaultFalloff`); noise fields use seed 0.
    public struct Field: Sendable, Equatable {
        public let items: [String]
        public let field: HookeWorld.Field
    }
}
