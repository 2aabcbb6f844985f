import Foundation
import Hooke

/// The matrix exponential by scaling and squaring with diagonal Padé approximants.
///
/// Source: N. J. Higham, "The scaling and squaring method for the matrix exponential
/// revisited", SIAM J. Matrix Anal. Appl. 26(4), 1179–1193 (2005), Algorithm 2.3.
///
/// The [m/m] Padé approximant of eˣ is r_m(x) = p_m(x)/p_m(−x) with
///
///     p_m(x) = Σ_{j=0}^{m} c_j xʲ,   c_j = (2m − j)!·m! / ((2m)!·j!·(m − j)!),
///
/// so c₀ = 1 and c_{j+1} = c_j·(m − j)/((2m − j)(j + 1)). Splitting p_m(A) = V + U into
/// its even part V and odd part U gives p_m(−A) = V − U, and r_m(A) solves
/// (V − U)·X = V + U. Higham's backward-error analysis bounds the relative backward
/// error of r_m(A) by the unit roundoff 2⁻⁵³ whenever ‖A‖₁ ≤ θ_m, with (Table 2.3)
///
///     θ₃ = 1.495585217958292e−2,  θ₅ = 2.539398330063230e−1,  θ₇ = 9.504178996162932e−1,
///     θ₉ = 2.097847961257068,      θ₁₃ = 5.371920351148152.
///
/// The algorithm uses the cheapest m ∈ {3, 5, 7, 9} whose θ_m bounds ‖A‖₁; otherwise it
/// scales A by 2⁻ˢ with the smallest s ≥ 0 that brings ‖A‖₁ under θ₁₃, evaluates r₁₃ and
/// squares the result s times: e^A = (e^{A/2ˢ})^{2ˢ}. m = 13 is evaluated as Higham's
/// (2.3)–(2.4), with six matrix products (A², A⁴, A⁶ and three more) instead of twelve.
///
/// The same paper bounds the condition number of the Padé denominator q_m(A) = p_m(−A)
/// by a small constant whenever ‖A‖₁ ≤ θ_m, so the LU solve inside cannot meet a singular
/// matrix for finite input.
package enum PadeExponential {
    /// θ_m of Higham (2005), Table 2.3, for m = 3, 5, 7, 9, 13.
    package static let thetas: [(degree: Int, theta: Double)] = [
        (3, 1.495585217958292e-2),
        (5, 2.539398330063230e-1),
        (7, 9.504178996162932e-1),
        (9, 2.097847961257068),
        (13, 5.371920351148152),
    ]

    /// c_0 … c_m of the [m/m] Padé approximant of eˣ.
    package static func coefficients(degree m: Int) -> [Double] {
        var c = [1.0]
        for j in 0..<m {
            c.append(c[j] * Double(m - j) / (Double(2 * m - j) * Double(j + 1)))
        }
        return c
    }

    /// The degree and number of squarings the algorithm picks for a matrix of 1-norm `oneNorm`.
    package static func plan(oneNorm: Double) -> (degree: Int, squarings: Int) {
        for (degree, theta) in thetas.dropLast() where oneNorm <= theta {
            return (degree, 0)
        }
        let theta13 = thetas[thetas.count - 1].theta
        guard oneNorm > theta13 else { return (13, 0) }
        // Smallest s with ‖A‖₁/2ˢ ≤ θ₁₃. The logarithm can land a hair off an integer, so
        // correct by one in either direction.
        var s = max(0, Int(log2(oneNorm / theta13).rounded(.up)))
        while s > 0, oneNorm * Double.pow2(-(s - 1)) <= theta13 { s -= 1 }
        while oneNorm * Double.pow2(-s) > theta13 { s += 1 }
        return (13, s)
    }

    /// r_m(A) for m ≤ 9: U = A·Σ_{odd j} c_j A^{j−1}, V = Σ_{even j} c_j A^j.
    static func lowDegree(_ a: Matrix, degree m: Int) -> Matrix {
        let n = a.rows
        let c = coefficients(degree: m)
        let a2 = a * a
        // Even powers I, A², A⁴, …, A^{m−1}.
        var powers = [Matrix.identity(n), a2]
        while 2 * (powers.count) <= m - 1 { powers.append(powers[powers.count - 1] * a2) }
        var oddSum = Matrix(rows: n, columns: n)
        var v = Matrix(rows: n, columns: n)
        for (index, power) in powers.enumerated() {
            let even = 2 * index
            v = v + power.scaled(by: c[even])
            if even + 1 <= m { oddSum = oddSum + power.scaled(by: c[even + 1]) }
        }
        return solveQuotient(u: a * oddSum, v: v)
    }

    /// r₁₃(A) as Higham (2005), eqs. (2.3)–(2.4):
    /// U = A[A⁶(c₁₃A⁶ + c₁₁A⁴ + c₉A²) + c₇A⁶ + c₅A⁴ + c₃A² + c₁I],
    /// V = A⁶(c₁₂A⁶ + c₁₀A⁴ + c₈A²) + c₆A⁶ + c₄A⁴ + c₂A² + c₀I.
    static func degree13(_ a: Matrix) -> Matrix {
        let n = a.rows
        let c = coefficients(degree: 13)
        let i = Matrix.identity(n)
        let a2 = a * a
        let a4 = a2 * a2
        let a6 = a4 * a2
        let innerU = a6.scaled(by: c[13]) + a4.scaled(by: c[11]) + a2.scaled(by: c[9])
        let u = a * (a6 * innerU + a6.scaled(by: c[7]) + a4.scaled(by: c[5]) + a2.scaled(by: c[3])
            + i.scaled(by: c[1]))
        let innerV = a6.scaled(by: c[12]) + a4.scaled(by: c[10]) + a2.scaled(by: c[8])
        let v = a6 * innerV + a6.scaled(by: c[6]) + a4.scaled(by: c[4]) + a2.scaled(by: c[2])
            + i.scaled(by: c[0])
        return solveQuotient(u: u, v: v)
    }

    /// X with (V − U)·X = V + U.
    static func solveQuotient(u: Matrix, v: Matrix) -> Matrix {
        do {
            return try (v - u).solve(v + u)
        } catch {
            preconditionFailure("Padé denominator singular for ‖A‖₁ ≤ θ_m: \(error) (impossible for finite A)")
        }
    }
}

extension Matrix {
    /// The matrix exponential e^A = Σ Aᵏ/k!, by scaling and squaring with Padé
    /// approximants of degree 3, 5, 7, 9 or 13 (Higham 2005, Algorithm 2.3; see
    /// `PadeExponential` for the derivation and thresholds).
    ///
    /// Accurate to a small multiple of the unit roundoff times the condition number of
    /// the exponential at A, which is at least ‖A‖: the tests measure relative errors from
    /// 1e−16 for small ‖A‖₁ to 6e−13 for a spring generator with ‖Ah‖₁ ≈ 250 (eight
    /// squarings); see Docs/linear.md.
    ///
    /// ```swift
    /// let rotation = try Matrix([[0, -1], [1, 0]]).exponential()  // [[cos 1, −sin 1], [sin 1, cos 1]]
    /// ```
    ///
    /// - Precondition: the matrix is square.
    /// - Throws: `HookeError.invalidParameter("matrix", …)` when an entry or the 1-norm is
    ///   not finite. Every loop is bounded: at most 1 075 squarings (‖A‖₁ < 2¹⁰²⁴).
    /// - Complexity: O(n³·(6 + s)) for s = ⌈log₂(‖A‖₁/θ₁₃)⌉ squarings.
    public func exponential() throws(HookeError) -> Matrix {
        precondition(isSquare, "Matrix.exponential: \(rows)×\(columns) is not square")
        if let bad = entries.first(where: { !$0.isFinite }) {
            throw .invalidParameter("matrix", value: bad, requirement: "finite entries")
        }
        if rows == 0 { return self }
        // Finite entries can still sum past the largest double; the scaling count would
        // then be infinite (and e^A overflows long before: ‖A‖₁ ≥ 10³⁰⁸).
        let norm = oneNorm
        guard norm.isFinite else {
            throw .invalidParameter("matrix", value: norm, requirement: "a finite 1-norm (the largest column sum of |entries|)")
        }
        let (degree, squarings) = PadeExponential.plan(oneNorm: norm)
        if degree < 13 { return PadeExponential.lowDegree(self, degree: degree) }
        // Scaling by a power of two is exact in binary floating point.
        var x = PadeExponential.degree13(scaled(by: Double.pow2(-squarings)))
        for _ in 0..<squarings { x = x * x }
        return x
    }
}

extension Double {
    /// 2ᵏ, exactly.
    static func pow2(_ k: Int) -> Double { Double(sign: .plus, exponent: k, significand: 1) }
}
