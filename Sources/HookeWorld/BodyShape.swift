import Foundation
import HookeCore

/// The outline of a body, in points, centred on the body's centre.
///
/// The shape fixes a body's mass, moment of inertia, bounding box (for
/// `World.bodies(in:)` and a snap's corners) and collision outline (`World+Contacts.swift`).
///
/// Mass follows UIKit: mass = density · area / 10⁴ kg with the area in pt², so a
/// 100 × 100 pt item of density 1 weighs 1 kg (100 pt = 1 m, density in kg/m²).
/// For a rectangle that is UIKit's documented density·w·h/10⁴; ellipses and
/// polygons use their own area, as Box2D does for the shape it is given.
public enum BodyShape: Sendable, Hashable, Codable {
    /// A `width` × `height` box (UIKit's default collision bounds), in points.
    case rectangle(width: Double, height: Double)
    /// The ellipse inscribed in a `width` × `height` box, in points.
    case ellipse(width: Double, height: Double)
    /// A convex polygon, vertices in points relative to the body's centre, in order
    /// (either winding). At least three vertices, non-zero area.
    case polygon([SIMD2<Double>])
    /// Several shapes joined rigidly into one body (`UIDynamicItemGroup`, SpriteKit's
    /// `SKPhysicsBody(bodies:)`, a Box2D body with several shapes): 1 to
    /// `maximumPartCount` parts, none of them a compound. Mass is the density times the
    /// parts' total area (overlaps counted twice, as SpriteKit and Box2D count them),
    /// the centre of mass the area-weighted mean of their centroids, and the moment of
    /// inertia the sum of each part's about its own centroid plus its mass times the
    /// square of its distance from the centre of mass (the parallel-axis theorem).
    /// Every part collides, with the body's properties, and none with another part.
    ///
    /// A body's centre is its centre of mass: `World.createBody` places the parts about
    /// the definition's centre as given, then moves the body's centre to their centre of
    /// mass, `centroid` (turned by the body's angle), and the parts' offsets by −`centroid`,
    /// so that nothing moves on screen. `World.body(_:).shape` reads the moved parts.
    case compound([BodyPart])

    /// The most parts a compound shape takes.
    public static let maximumPartCount = 256

    /// Area, in pt².
    public var area: Double {
        switch self {
        case let .rectangle(w, h): return w * h
        case let .ellipse(w, h): return Double.pi * w * h / 4
        case let .polygon(vertices): return abs(Self.fanMoments(vertices).area)
        case let .compound(parts): return parts.reduce(0) { $0 + $1.shape.area }
        }
    }

    /// The centre of mass relative to the body's centre, points: zero for a rectangle,
    /// an ellipse and a polygon (taken as centred on the item, as UIKit asks); the
    /// area-weighted mean of the parts' centroids for a compound.
    public var centroid: SIMD2<Double> {
        guard case let .compound(parts) = self else { return .zero }
        var area = 0.0, first = SIMD2<Double>.zero
        for part in parts {
            let m = part.massProperties
            area += m.area
            first += m.area * m.centroid
        }
        return first / area
    }

    /// Moment of inertia per unit mass about the body's centre, in pt².
    ///
    /// - rectangle: (w² + h²)/12, the standard box result;
    /// - ellipse with semi-axes a = w/2, b = h/2: (a² + b²)/4;
    /// - polygon: sum over the triangles (0, pᵢ, pᵢ₊₁) of the fan from the centre,
    ///   each contributing Aᵢ(pᵢ·pᵢ + pᵢ·pᵢ₊₁ + pᵢ₊₁·pᵢ₊₁)/6 (its second moment
    ///   about the origin, Aᵢ the signed area), divided by the total area. The
    ///   moment is taken about the centre (the rotation axis), which is the
    ///   polygon's centroid when the path is centred on the item as UIKit asks.
    public var inertiaPerUnitMass: Double {
        switch self {
        case let .rectangle(w, h): return (w * w + h * h) / 12
        case let .ellipse(w, h):
            let a = w / 2, b = h / 2
            return (a * a + b * b) / 4
        case let .polygon(vertices):
            let m = Self.fanMoments(vertices)
            return m.secondMoment / m.area
        case let .compound(parts):
            // Each part's moment about its centroid cᵢ, moved to the centre by the
            // parallel-axis theorem: Σ (Iᵢ + Aᵢ·|cᵢ|²) / Σ Aᵢ.
            var area = 0.0, moment = 0.0
            for part in parts {
                let m = part.massProperties
                area += m.area
                moment += m.moment + m.area * Planar.dot(m.centroid, m.centroid)
            }
            return moment / area
        }
    }

    /// The shape with the centre of mass at the body's centre: a compound's parts moved
    /// by −`centroid`; every other shape unchanged.
    var centredOnMass: BodyShape {
        guard case let .compound(parts) = self else { return self }
        let c = centroid
        return .compound(parts.map { BodyPart($0.shape, offset: $0.offset - c, angle: $0.angle) })
    }

    /// Half the smallest side of the shape's box, or of its thinnest part's, points: how
    /// far the shape can move in a step before it might pass through a thin wall
    /// (`World.continuousCollision`'s fast-body test).
    var smallestHalfExtent: Double {
        guard case let .compound(parts) = self else { return min(size.x, size.y) / 2 }
        return parts.reduce(Double.infinity) { min($0, $1.shape.smallestHalfExtent) }
    }

    /// Width and height of the axis-aligned box around the unrotated shape, in
    /// points: the item's `bounds.size`, whose corners a snap pulls on. For a compound,
    /// the smallest such box centred on the body's centre (an item's bounds are centred
    /// on its centre) that holds every part.
    public var size: SIMD2<Double> {
        switch self {
        case .compound:
            let box = boundingRect(center: .zero, angle: 0)
            return 2 * pointwiseMax(-box.minimum, box.maximum)
        case let .rectangle(w, h), let .ellipse(w, h): return SIMD2(w, h)
        case let .polygon(vertices):
            let lo = vertices.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) }
            let hi = vertices.reduce(SIMD2(-Double.infinity, -.infinity)) { pointwiseMax($0, $1) }
            return hi - lo
        }
    }

    /// The axis-aligned box around the shape turned by `angle` radians about its
    /// centre and placed at `center`, in points: for a polygon, the extremes of its
    /// turned vertices.
    func boundingRect(center: SIMD2<Double>, angle: Double) -> WorldRect {
        let c = cos(angle), s = sin(angle)
        switch self {
        case let .rectangle(w, h):
            let e = SIMD2(abs(c) * w + abs(s) * h, abs(s) * w + abs(c) * h) / 2
            return WorldRect(origin: center - e, size: 2 * e)
        case let .ellipse(w, h):
            // Support function of an ellipse with semi-axes a, b turned by θ:
            // half-width √(a²cos²θ + b²sin²θ), half-height √(a²sin²θ + b²cos²θ).
            let a = w / 2, b = h / 2
            let e = SIMD2((a * a * c * c + b * b * s * s).squareRoot(), (a * a * s * s + b * b * c * c).squareRoot())
            return WorldRect(origin: center - e, size: 2 * e)
        case let .polygon(vertices):
            var lo = SIMD2(Double.infinity, .infinity), hi = -lo
            for p in vertices {
                let q = SIMD2(c * p.x - s * p.y, s * p.x + c * p.y)
                lo = pointwiseMin(lo, q)
                hi = pointwiseMax(hi, q)
            }
            return WorldRect(origin: center + lo, size: hi - lo)
        case let .compound(parts):
            var lo = SIMD2(Double.infinity, .infinity), hi = -lo
            for part in parts {
                let pose = part.pose(inBodyAt: center, angle: angle)
                let box = part.shape.boundingRect(center: pose.center, angle: pose.angle)
                lo = pointwiseMin(lo, box.minimum)
                hi = pointwiseMax(hi, box.maximum)
            }
            return WorldRect(origin: lo, size: hi - lo)
        }
    }

    /// Throws unless every dimension is finite and positive, a polygon is convex
    /// with at least three vertices and non-zero area, and a compound has 1 to
    /// `maximumPartCount` valid parts, none a compound, at finite offsets and angles.
    func validate(_ name: String) throws(HookeError) {
        switch self {
        case let .compound(parts):
            guard (1...Self.maximumPartCount).contains(parts.count) else {
                throw .invalidParameter("\(name).parts.count", value: Double(parts.count),
                                        requirement: "1 to \(Self.maximumPartCount)")
            }
            for (k, part) in parts.enumerated() {
                let path = "\(name).parts[\(k)]"
                if case .compound = part.shape {
                    throw .invalidParameter("\(path).shape", value: .nan, requirement: "a rectangle, ellipse or polygon, not a compound")
                }
                try part.shape.validate("\(path).shape")
                _ = try Validate.finite(part.offset.x, "\(path).offset.x")
                _ = try Validate.finite(part.offset.y, "\(path).offset.y")
                _ = try Validate.finite(part.angle, "\(path).angle")
            }
        case let .rectangle(w, h), let .ellipse(w, h):
            _ = try Validate.positive(w, "\(name).width")
            _ = try Validate.positive(h, "\(name).height")
        case let .polygon(vertices):
            guard vertices.count >= 3 else {
                throw .invalidParameter("\(name).vertices.count", value: Double(vertices.count),
                                        requirement: "at least 3")
            }
            for (i, p) in vertices.enumerated() {
                _ = try Validate.finite(p.x, "\(name).vertices[\(i)].x")
                _ = try Validate.finite(p.y, "\(name).vertices[\(i)].y")
            }
            let area = Self.fanMoments(vertices).area
            guard abs(area) > 0 else {
                throw .invalidParameter("\(name).area", value: area, requirement: "non-zero")
            }
            // Convex: every turn has the orientation of the whole polygon.
            for i in vertices.indices {
                let a = vertices[i], b = vertices[(i + 1) % vertices.count]
                let c = vertices[(i + 2) % vertices.count]
                let turn = Planar.cross(b - a, c - b)
                if turn * area < 0 {
                    throw .invalidParameter("\(name).vertices[\((i + 1) % vertices.count)]",
                                            value: turn, requirement: "a convex polygon")
                }
            }
        }
    }

    /// Signed area and signed second moment about the origin of the triangle fan
    /// from the origin (both negative for a clockwise winding in y-up terms).
    private static func fanMoments(_ vertices: [SIMD2<Double>]) -> (area: Double, secondMoment: Double) {
        var area = 0.0, moment = 0.0
        for i in vertices.indices {
            let p = vertices[i], q = vertices[(i + 1) % vertices.count]
            let a = Planar.cross(p, q) / 2
            area += a
            moment += a * ((p * p).sum() + (p * q).sum() + (q * q).sum()) / 6
        }
        return (area, moment)
    }
}
