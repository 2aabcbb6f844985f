extension ScenarioBehavior {
    /// UICollisionBehavior: contacts among its items and with its boundaries.
    public struct Collision: Sendable, Equatable {
        public enum Mode: String, Sendable, Equatable, CaseIterable {
            /// Items collide with each other only.
            case items
            /// Items collide with the boundaries only.
            case boundaries
            /// Both.
            case everything
        }

        /// A named boundary: a segment, or a closed path of segments, and its material.
        public struct Boundary: Sendable, Equatable {
            public enum Shape: Sendable, Equatable {
                case segment(from: SIMD2<Double>, to: SIMD2<Double>)
                /// Closed: the last point joins the first.
                case path([SIMD2<Double>])
            }

            public let id: String
            public let shape: Shape
            /// `elasticity`, 0…1 (mixed with an item's as the larger of the two).
            public let elasticity: Double
            /// `friction`, ≥ 0 (mixed with an item's as √(f_item·f_boundary)).
            public let friction: Double

            init(id: String, shape: Shape, elasticity: Double = ScenarioDefaults.boundaryElasticity,
                 friction: Double = ScenarioDefaults.boundaryFriction) {
                self.id = id
                self.shape = shape
                self.elasticity = elasticity
                self.friction = friction
            }
        }

        public let items: [String]
        public let mode: Mode
        /// Whether `world.bounds` is a boundary (UIKit's
        /// `translatesReferenceBoundsIntoBoundary`).
        public let boundsAsBoundary: Bool
        public let boundaries: [Boundary]
        /// `boundsElasticity` and `boundsFriction`: the material of the `world.bounds`
        /// boundary.
        public let boundsElasticity: Double
        public let boundsFriction: Double

        init(items: [String], mode: Mode, boundsAsBoundary: Bool, boundaries: [Boundary],
             boundsElasticity: Double = ScenarioDefaults.boundaryElasticity,
             boundsFriction: Double = ScenarioDefaults.boundaryFriction) {
            self.items = items
            self.mode = mode
            self.boundsAsBoundary = boundsAsBoundary
            self.boundaries = boundaries
            self.boundsElasticity = boundsElasticity
            self.boundsFriction = boundsFriction
        }
    }
}
