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

        /// A named boundary: a segment, or a closed path of segments.
        public struct Boundary: Sendable, Equatable {
            public enum Shape: Sendable, Equatable {
                case segment(from: SIMD2<Double>, to: SIMD2<Double>)
                /// Closed: the last point joins the first.
                case path([SIMD2<Double>])
            }

            public let id: String
            public let shape: Shape
        }

        public let items: [String]
        public let mode: Mode
        /// Whether `world.bounds` is a boundary (UIKit's
        /// `translatesReferenceBoundsIntoBoundary`).
        public let boundsAsBoundary: Bool
        public let boundaries: [Boundary]
    }
}
