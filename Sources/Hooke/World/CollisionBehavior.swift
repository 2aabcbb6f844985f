/// UIKit's `UICollisionBehavior`: its items collide with one another and with its
/// boundaries.
///
/// - `mode` `.items`: items of this behaviour collide only with each other;
///   `.boundaries`: only with this behaviour's boundaries; `.everything` (UIKit's
///   default): both.
/// - Items collide only with items *of the same collision behaviour* (two bodies in
///   different collision behaviours pass through each other), as in UIKit.
/// - Boundaries are static edges with a 1 pt skin, named by an identifier that
///   contact events report: a segment, or a path (a closed loop by default, as
///   UIKit's `addBoundary(withIdentifier:for: UIBezierPath)` closes its subpaths, or an
///   open chain). `translatesReferenceBoundsIntoBoundary` adds the four edges of the
///   world's `referenceBounds` inset by `referenceBoundsInsets` (identifier nil in
///   events, as in UIKit).
/// - Each body collides with its `BodyShape`: a rectangle as a box, an ellipse as a
///   circle or a polygon within 0.25 pt of it, a polygon as itself; every polygon
///   carries a 1 pt skin (Box2D's polygon radius), so resting boxes float 1–2 pt apart.
///
/// Materials mix as in UIKit's engine: friction √(f_A·f_B), elasticity max(e_A, e_B),
/// boundaries friction 0.2 and elasticity 0.2 (`boundaryFriction`,
/// `boundaryElasticity`), fixed when a contact begins.
public struct CollisionBehavior: Sendable, Hashable {
    /// What the items collide with.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
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
    public enum BoundaryShape: Sendable, Hashable {
        /// One edge from `from` to `to`.
        case segment(from: SIMD2<Double>, to: SIMD2<Double>)
        /// Edges along `points`; `closed` joins the last point back to the first.
        case path([SIMD2<Double>], closed: Bool)
    }

    /// A named static boundary.
    public struct Boundary: Sendable, Hashable {
        /// The identifier contact events carry.
        public var identifier: String
        /// Its outline.
        public var shape: BoundaryShape

        /// Creates a boundary named `identifier`.
        public init(identifier: String, shape: BoundaryShape) {
            self.identifier = identifier
            self.shape = shape
        }
    }

    /// Insets of the reference-bounds boundary from the bounds' edges, points
    /// (UIKit's `setTranslatesReferenceBoundsIntoBoundary(with:)`).
    public struct Insets: Sendable, Hashable {
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

    /// Friction of every boundary (UIKit's engine: 0.2).
    public static let boundaryFriction = 0.2
    /// Elasticity (restitution) of every boundary (UIKit's engine: 0.2).
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

    /// Creates a collision behaviour; by default its items collide with everything.
    public init(items: [BodyHandle], mode: Mode = .everything, boundaries: [Boundary] = [],
                translatesReferenceBoundsIntoBoundary: Bool = false,
                referenceBoundsInsets: Insets = Insets()) {
        self.items = items
        self.mode = mode
        self.boundaries = boundaries
        self.translatesReferenceBoundsIntoBoundary = translatesReferenceBoundsIntoBoundary
        self.referenceBoundsInsets = referenceBoundsInsets
    }

    /// Adds a boundary segment named `identifier` (UIKit's
    /// `addBoundary(withIdentifier:from:to:)`).
    public mutating func addBoundary(withIdentifier identifier: String, from start: SIMD2<Double>, to end: SIMD2<Double>) {
        boundaries.append(Boundary(identifier: identifier, shape: .segment(from: start, to: end)))
    }

    /// Adds a boundary along a path named `identifier`, closed by default (UIKit's
    /// `addBoundary(withIdentifier:for:)`).
    public mutating func addBoundary(withIdentifier identifier: String, path: [SIMD2<Double>], closed: Bool = true) {
        boundaries.append(Boundary(identifier: identifier, shape: .path(path, closed: closed)))
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

    /// Validates the boundaries and insets (the world checks the handles and the bounds).
    func validate(_ name: String) throws(HookeError) {
        for i in boundaries.indices { _ = try edges(of: i, name: name) }
        let insets = referenceBoundsInsets
        _ = try Validate.finite(insets.top, "\(name).referenceBoundsInsets.top")
        _ = try Validate.finite(insets.left, "\(name).referenceBoundsInsets.left")
        _ = try Validate.finite(insets.bottom, "\(name).referenceBoundsInsets.bottom")
        _ = try Validate.finite(insets.right, "\(name).referenceBoundsInsets.right")
    }
}
