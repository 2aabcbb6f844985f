import HookeCollision
import HookeCore

/// UIKit's `UICollisionBehavior`: its items collide with one another and with its
/// boundaries.
///
/// - `mode` `.items`: items of this behaviour collide only with each other;
///   `.boundaries`: only with this behaviour's boundaries; `.everything` (UIKit's
///   default): both.
/// - Items collide only with items *of the same collision behaviour* (two bodies in
///   different collision behaviours pass through each other), as in UIKit.
/// - Boundaries are static edges with a 1 pt skin, named by an identifier that
///   contact events report (once per item and identifier, however many of its edges
///   the item touches): a segment, or a path (a closed loop by default, as
///   UIKit's `addBoundary(withIdentifier:for: UIBezierPath)` closes its subpaths, or an
///   open chain). `translatesReferenceBoundsIntoBoundary` adds the four edges of the
///   world's `referenceBounds` inset by `referenceBoundsInsets` (identifier nil in
///   events, as in UIKit).
/// - Each body collides with its `BodyShape`: a rectangle as a box, an ellipse as a
///   circle or a polygon within 0.25 pt of it, a polygon as itself; every polygon
///   carries a 1 pt skin (Box2D's polygon radius), so resting boxes float 1–2 pt apart.
///
/// Materials mix as in UIKit's engine: friction √(f_A·f_B), elasticity max(e_A, e_B),
/// fixed when a contact begins. Each boundary has its own elasticity and friction
/// (`Boundary.elasticity`, `.friction`; `referenceBoundsElasticity`,
/// `referenceBoundsFriction`), 0.2 and 0.2 by default as in UIKit's engine
/// (`boundaryElasticity`, `boundaryFriction`), where every boundary has those.
/// A dead floor is elasticity 0 on both the boundary and the item (max-mixing lets
/// the livelier side win).
public struct CollisionBehavior: Sendable, Hashable, Codable {
    /// What the items collide with.
    public enum Mode: String, Sendable, Hashable, CaseIterable, Codable {
        /// Items with items only.
        case items
        /// Items with boundaries only.
        case boundaries
        /// Both (UIKit's default).
        case everything

        var includesItems: Bool { self != .boundaries }
        var includesBoundaries: Bool { self != .items }
    }

    /// The outline of a named boundary, points in world coordinates.
    public enum BoundaryShape: Sendable, Hashable, Codable {
        /// One edge from `from` to `to`.
        case segment(from: SIMD2<Double>, to: SIMD2<Double>)
        /// Edges along `points`; `closed` joins the last point back to the first.
        case path([SIMD2<Double>], closed: Bool)
    }

    /// A named static boundary and its material.
    public struct Boundary: Sendable, Hashable, Codable {
        /// The identifier contact events carry.
        public var identifier: String
        /// Its outline.
        public var shape: BoundaryShape
        /// Restitution 0…1, mixed with an item's as max(e_item, e_boundary).
        public var elasticity: Double
        /// Coulomb friction ≥ 0, mixed with an item's as √(f_item·f_boundary).
        public var friction: Double
        /// Its edges' categories and masks (`CollisionFilter`): an item collides with it
        /// only when the two filters admit each other.
        public var filter: CollisionFilter

        /// Creates a boundary named `identifier`, by default of UIKit's elasticity and
        /// friction, 0.2 each, in category 1 and colliding with every category.
        public init(identifier: String, shape: BoundaryShape,
                    elasticity: Double = CollisionBehavior.boundaryElasticity,
                    friction: Double = CollisionBehavior.boundaryFriction,
                    filter: CollisionFilter = .default) {
            self.identifier = identifier
            self.shape = shape
            self.elasticity = elasticity
            self.friction = friction
            self.filter = filter
        }
    }

    /// Insets of the reference-bounds boundary from the bounds' edges, points
    /// (UIKit's `setTranslatesReferenceBoundsIntoBoundary(with:)`).
    public struct Insets: Sendable, Hashable, Codable {
        public var top: Double
        public var left: Double
        public var bottom: Double
        public var right: Double

        /// Creates insets, points (negative values grow the boundary).
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    /// Default friction of a boundary: UIKit's engine gives every boundary 0.2.
    public static let boundaryFriction = 0.2
    /// Default elasticity (restitution) of a boundary: UIKit's engine gives every
    /// boundary 0.2.
    public static let boundaryElasticity = 0.2

    /// The colliding bodies.
    public var items: [BodyHandle]
    /// What they collide with.
    public var mode: Mode
    /// Named boundaries, in order.
    public var boundaries: [Boundary]
    /// Whether the world's `referenceBounds` (inset by `referenceBoundsInsets`) are a
    /// boundary. Adding such a behaviour to a world without reference bounds throws.
    public var translatesReferenceBoundsIntoBoundary: Bool
    /// Insets of that boundary, points.
    public var referenceBoundsInsets: Insets
    /// Restitution 0…1 of that boundary (UIKit's engine: 0.2).
    public var referenceBoundsElasticity: Double
    /// Coulomb friction ≥ 0 of that boundary (UIKit's engine: 0.2).
    public var referenceBoundsFriction: Double
    /// Categories and masks of that boundary (category 1, colliding with every category,
    /// by default).
    public var referenceBoundsFilter = CollisionFilter.default

    /// Creates a collision behaviour; by default its items collide with everything.
    public init(items: [BodyHandle], mode: Mode = .everything, boundaries: [Boundary] = [],
                translatesReferenceBoundsIntoBoundary: Bool = false,
                referenceBoundsInsets: Insets = Insets(),
                referenceBoundsElasticity: Double = CollisionBehavior.boundaryElasticity,
                referenceBoundsFriction: Double = CollisionBehavior.boundaryFriction) {
        self.items = items
        self.mode = mode
        self.boundaries = boundaries
        self.translatesReferenceBoundsIntoBoundary = translatesReferenceBoundsIntoBoundary
        self.referenceBoundsInsets = referenceBoundsInsets
        self.referenceBoundsElasticity = referenceBoundsElasticity
        self.referenceBoundsFriction = referenceBoundsFriction
    }

    /// Adds a boundary segment named `identifier` from `start` to `end` (pt; UIKit's
    /// `addBoundary(withIdentifier:from:to:)`), of `elasticity` 0…1 and `friction` ≥ 0
    /// (UIKit's 0.2 and 0.2 by default; checked when the behaviour is added).
    public mutating func addBoundary(withIdentifier identifier: String, from start: SIMD2<Double>, to end: SIMD2<Double>,
                                     elasticity: Double = boundaryElasticity, friction: Double = boundaryFriction) {
        boundaries.append(Boundary(identifier: identifier, shape: .segment(from: start, to: end),
                                   elasticity: elasticity, friction: friction))
    }

    /// Adds a boundary along a path of points (pt) named `identifier`, closed by default
    /// (UIKit's `addBoundary(withIdentifier:for:)`), of `elasticity` 0…1 and `friction`
    /// ≥ 0 (UIKit's 0.2 and 0.2 by default; checked when the behaviour is added).
    public mutating func addBoundary(withIdentifier identifier: String, path: [SIMD2<Double>], closed: Bool = true,
                                     elasticity: Double = boundaryElasticity, friction: Double = boundaryFriction) {
        boundaries.append(Boundary(identifier: identifier, shape: .path(path, closed: closed),
                                   elasticity: elasticity, friction: friction))
    }

    /// The edges of boundary `index`, world points.
    func edges(of index: Int, name: String) throws(HookeError) -> [CollisionShape] {
        switch boundaries[index].shape {
        case let .segment(a, b):
            do {
                return [try CollisionShape.segment(from: a, to: b)]
            } catch {
                throw .invalidParameter("\(name).boundaries[\(index)]", value: Planar.length(b - a),
                                        requirement: "finite end points at least 1e-9 pt apart")
            }
        case let .path(points, closed):
            do {
                return try CollisionShape.edges(along: points, closed: closed)
            } catch let HookeError.invalidParameter(field, value, requirement) {
                throw .invalidParameter("\(name).boundaries[\(index)].\(field)", value: value, requirement: requirement)
            }
        }
    }

    /// Validates the boundaries, their materials and the insets (the world checks the
    /// handles and the bounds).
    func validate(_ name: String) throws(HookeError) {
        for i in boundaries.indices {
            _ = try edges(of: i, name: name)
            _ = try Validate.inRange(boundaries[i].elasticity, 0...1, "\(name).boundaries[\(i)].elasticity")
            _ = try Validate.nonNegative(boundaries[i].friction, "\(name).boundaries[\(i)].friction")
        }
        _ = try Validate.inRange(referenceBoundsElasticity, 0...1, "\(name).referenceBoundsElasticity")
        _ = try Validate.nonNegative(referenceBoundsFriction, "\(name).referenceBoundsFriction")
        let insets = referenceBoundsInsets
        _ = try Validate.finite(insets.top, "\(name).referenceBoundsInsets.top")
        _ = try Validate.finite(insets.left, "\(name).referenceBoundsInsets.left")
        _ = try Validate.finite(insets.bottom, "\(name).referenceBoundsInsets.bottom")
        _ = try Validate.finite(insets.right, "\(name).referenceBoundsInsets.right")
    }
}
