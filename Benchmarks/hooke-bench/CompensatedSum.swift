/// A running sum with Neumaier's compensation (Kahan's algorithm, improved for addends
/// larger than the sum): the rounding error of every addition is carried in `error`,
/// so the result does not depend on how many items there are or in which order the
/// engines keep them, to far below the checksum tolerances.
struct CompensatedSum {
    private var sum = 0.0
    private var error = 0.0

    mutating func add(_ value: Double) {
        let total = sum + value
        if abs(sum) >= abs(value) {
            error += (sum - total) + value
        } else {
            error += (value - total) + sum
        }
        sum = total
    }

    /// Adds the four state components of one item.
    mutating func add(x: Double, y: Double, vx: Double, vy: Double) {
        add(x)
        add(y)
        add(vx)
        add(vy)
    }

    var value: Double { sum + error }

    /// |a − b| relative to the larger magnitude (0 when both are 0).
    static func relativeDifference(_ a: Double, _ b: Double) -> Double {
        let scale = max(abs(a), abs(b))
        return scale == 0 ? 0 : abs(a - b) / scale
    }
}
