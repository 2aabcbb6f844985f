/// An independent reference for motions under linear drag, ẋ = v, v̇ = k·v (k < 0): RK4 at
/// 10 µs steps, whose error (~10⁻¹⁶ relative) is far below the tolerances of the tests that
/// compare closed forms with it (`Decay`, Flutter's friction simulation).
enum LinearDragReference {
    /// (x, v) at each of `times` (ascending, seconds) from x₀, v₀.
    static func states(x0: Double, v0: Double, k: Double, at times: [Double]) -> [(x: Double, v: Double)] {
        var x = x0, v = v0
        let h = 1e-5
        var step = 0
        var out: [(x: Double, v: Double)] = []
        for checkpoint in times {
            while Double(step) * h < checkpoint - h / 2 {
                // RK4 on the linear system; x does not feed back.
                let k1v = k * v, k1x = v
                let k2v = k * (v + 0.5 * h * k1v), k2x = v + 0.5 * h * k1v
                let k3v = k * (v + 0.5 * h * k2v), k3x = v + 0.5 * h * k2v
                let k4v = k * (v + h * k3v), k4x = v + h * k3v
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                step += 1
            }
            out.append((x, v))
        }
        return out
    }
}
