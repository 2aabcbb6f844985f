import HookeWorld

extension ScenarioBehavior {
    /// UIFieldBehavior: a force field acting on its items inside a region.
    public struct Field: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            case linearGravity, radialGravity, spring, drag, velocity, vortex
            case electric, magnetic, noise, turbulence

            /// Kinds that need a `direction` (linear gravity and velocity fields).
            public var takesDirection: Bool { self == .linearGravity || self == .velocity }
            /// Kinds that take `smoothness` and `animationSpeed`.
            public var isNoise: Bool { self == .noise || self == .turbulence }
        }

        /// Where a field acts, relative to its `position`.
        ///
        /// JSON: an object with exactly one key — `{"radius": r}`,
        /// `{"size": [w, h]}`, `{"inverse": region}`, `{"union": [region, …]}`,
        /// `{"intersection": [region, …]}` (two or more), `{"difference": [a, b]}`.
        public indirect enum Region: Sendable, Equatable {
            /// A disc of this radius (pt, > 0) centred on the field's position.
            case circle(radius: Double)
            /// A rectangle of this size (pt, > 0) centred on the field's position.
            case rectangle(size: SIMD2<Double>)
            /// Everywhere outside the region.
            case inverse(Region)
            case union([Region])
            case intersection([Region])
            /// Points in the first region and not in the second.
            case difference(Region, Region)
        }

        public let kind: Kind
        public let items: [String]
        /// Field origin (pt).
        public let position: SIMD2<Double>
        /// Scale of the force (default 1; negative reverses it).
        public let strength: Double
        /// Exponent of the distance falloff; default by kind (`ScenarioDefaults.fieldFalloff`).
        public let falloff: Double
        /// Distance (pt, ≥ 0) below which the falloff is clamped.
        public let minimumRadius: Double
        /// Direction of linear gravity or velocity fields (nil for other kinds).
        public let direction: SIMD2<Double>?
        /// Noise smoothness, 0…1 (noise and turbulence).
        public let smoothness: Double
        /// Noise animation speed (≥ 0; noise and turbulence).
        public let animationSpeed: Double
        /// Where the field acts; nil = everywhere.
        public let region: Region?
    }
}
