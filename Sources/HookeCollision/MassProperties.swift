import HookeCore

/// Area, centroid and polar moment of a shape per unit density (the mass properties
/// of a body of density 1 kg/pt² made of it; multiply by the density for mass and
/// rotational inertia).
///
/// The skin does not add mass: a w × h box weighs ρ·w·h as in UIKit (Box2D 2.3 also
/// ignores the polygon radius in `b2PolygonShape::ComputeMass`).
public struct MassProperties: Sendable, Hashable, Codable {
    /// Area, pt² (mass per unit density).
    public var area: Double
    /// Centroid in the shape's local frame, points.
    public var centroid: SIMD2<Double>
    /// Polar second moment of area about the centroid, ∫ |r − c|² dA, pt⁴ (rotational
    /// inertia per unit density; divide by `area` for inertia per unit mass, pt²).
    public var inertia: Double

    public init(area: Double, centroid: SIMD2<Double>, inertia: Double) {
        self.area = area
        self.centroid = centroid
        self.inertia = inertia
    }

    /// Rotational inertia per unit mass about the centroid, pt² (I/m).
    public var inertiaPerUnitMass: Double { area > 0 ? inertia / area : 0 }

    /// Mass properties of a convex polygon by the fan of triangles (r, vᵢ, vᵢ₊₁) from
    /// an interior reference point r (the first vertex's neighbourhood would lose
    /// digits far from the origin, so r is the vertex mean).
    ///
    /// Triangle with edge vectors e₁ = vᵢ − r, e₂ = vᵢ₊₁ − r: area A = ½ e₁ × e₂,
    /// centroid r + (e₁ + e₂)/3, and second moment about r
    /// A/6 · (e₁·e₁ + e₁·e₂ + e₂·e₂) (the standard triangle integral, e.g. Eberly,
    /// "Polyhedral Mass Properties"). The moment about the centroid c follows from the
    /// parallel-axis theorem: I_c = I_r − A·|c − r|².
    @usableFromInline package static func polygon(_ vertices: [SIMD2<Double>]) -> MassProperties {
        var reference = SIMD2<Double>.zero
        for v in vertices { reference += v }
        reference /= Double(vertices.count)
        var area = 0.0, first = SIMD2<Double>.zero, second = 0.0
        for i in vertices.indices {
            let e1 = vertices[i] - reference, e2 = vertices[(i + 1) % vertices.count] - reference
            let a = Planar.cross(e1, e2) / 2
            area += a
            first += a * (e1 + e2) / 3
            second += a / 6 * (Planar.dot(e1, e1) + Planar.dot(e1, e2) + Planar.dot(e2, e2))
        }
        let offset = first / area
        return MassProperties(
            area: area, centroid: reference + offset, inertia: second - area * Planar.dot(offset, offset))
    }
}
