import Hooke
import HookeInteractions
import XCTest

/// `MeshJellyEdge` against references computed here from the edge's definition (a chain
/// of m points: anchors a, tension links t between neighbours and to the fixed corners,
/// the finger attachment k_f on the pulled point): the static equilibrium by Gaussian
/// elimination, the motion by a fine classical Runge–Kutta integration of Newton's
/// equations, the energy element by element.
final class MeshJellyEdgeTests: XCTestCase {
    let width = 375.0, minHeight = 100.0

    private func event(_ phase: GesturePhase, _ t: Double, _ x: Double, _ y: Double) throws -> GestureEvent {
        try GestureEvent(phase, time: t, location: SIMD2(x, y))
    }

    private func restX(_ i: Int, _ m: Int) -> Double { Double(i + 1) * width / Double(m + 1) }

    /// The index of the rest point nearest `x` (ties to the lower index).
    private func nearest(_ x: Double, _ m: Int) -> Int {
        (0..<m).min { abs(restX($0, m) - x) < abs(restX($1, m) - x) }!
    }

    /// Solves A·x = b by Gaussian elimination with partial pivoting (dense, small).
    private func solve(_ a: [[Double]], _ b: [Double]) -> [Double] {
        var a = a, b = b
        let n = b.count
        for col in 0..<n {
            let pivot = (col..<n).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = a[row][col] / a[col][col]
                for k in col..<n { a[row][k] -= f * a[col][k] }
                b[row] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = b[row]
            for k in (row + 1)..<n { s -= a[row][k] * x[k] }
            x[row] = s / a[row][row]
        }
        return x
    }

    /// Force on every point (one axis): anchors, links, corner links, finger.
    private func acceleration(
        _ u: [Double], _ v: [Double], _ p: MeshJellyEdge.Parameters, pulled: (node: Int, target: Double)?
    ) -> [Double] {
        let m = u.count
        var f = [Double](repeating: 0, count: m)
        for i in 0..<m {
            f[i] -= p.anchorStiffness * u[i] + p.anchorDamping * v[i]
            let left = i > 0 ? (u[i - 1], v[i - 1]) : (0, 0)          // the corner is fixed
            let right = i < m - 1 ? (u[i + 1], v[i + 1]) : (0, 0)
            f[i] -= p.tension * (u[i] - left.0) + p.tensionDamping * (v[i] - left.1)
            f[i] -= p.tension * (u[i] - right.0) + p.tensionDamping * (v[i] - right.1)
        }
        if let pulled {
            f[pulled.node] -= p.fingerStiffness * (u[pulled.node] - pulled.target) + p.fingerDamping * v[pulled.node]
        }
        return f.map { $0 / p.pointMass }
    }

    /// Energy (both axes) of the free edge: ½m|v|² + ½a|u|² + ½t|uᵢ − uᵢ₊₁|² + ½t|u_end|².
    private func energy(_ edge: MeshJellyEdge) -> Double {
        let p = edge.parameters
        let u = zip(edge.points, edge.restPoints).map { $0 - $1 }
        let v = edge.velocities
        func sq(_ a: SIMD2<Double>) -> Double { a.x * a.x + a.y * a.y }
        var e = 0.0
        for i in u.indices {
            e += 0.5 * p.pointMass * sq(v[i]) + 0.5 * p.anchorStiffness * sq(u[i])
            if i + 1 < u.count { e += 0.5 * p.tension * sq(u[i] - u[i + 1]) }
        }
        e += 0.5 * p.tension * (sq(u[0]) + sq(u[u.count - 1]))
        return e
    }

    // MARK: - Rest

    func testWithoutAFingerTheEdgeIsFlatAtMinHeight() throws {
        var edge = try MeshJellyEdge(width: width, minHeight: minHeight, controlPoints: 16)
        for _ in 0..<240 { edge.step(by: 1.0 / 120) }
        XCTAssertEqual(edge.phase, .resting)
        for (i, p) in edge.points.enumerated() {
            XCTAssertEqual(p.x, Double(i + 1) * 375 / 17, accuracy: 1e-12)
            XCTAssertEqual(p.y, 100)
        }
        XCTAssertTrue(edge.velocities.allSatisfy { $0 == .zero })
        let line = try edge.renderState.polyline(tolerance: 0.1)
        XCTAssertEqual(line.first, SIMD2(0, 100))
        XCTAssertEqual(line.last, SIMD2(375, 100))
        XCTAssertTrue(line.allSatisfy { $0.y == 100 })
    }

    // MARK: - Static equilibrium

    /// A finger held still: the edge settles to K·u = g·w for each axis, K the tridiagonal
    /// stiffness (a + 2t on the diagonal, + k_f at the pulled point; −t beside it).
    func testHeldFingerSettlesToTheStaticEquilibrium() throws {
        let m = 16
        var edge = try MeshJellyEdge(width: width, minHeight: minHeight, controlPoints: m)
        let finger = SIMD2(100.0, 180.0), move = SIMD2(30.0, 120.0)
        edge.handle(try event(.began, 0, finger.x, finger.y))
        edge.handle(try event(.changed, 0, finger.x + move.x, finger.y + move.y))
        let j = nearest(finger.x, m)
        XCTAssertEqual(j, 4)
        XCTAssertEqual(edge.pulledPoint, j)
        let target = SIMD2(restX(j, m) + move.x, minHeight + 0.7 * move.y)
        XCTAssertEqual(edge.fingerTarget, target)
        for _ in 0..<(120 * 20) { edge.step(by: 1.0 / 120) }

        let p = edge.parameters
        var k = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
        for i in 0..<m {
            k[i][i] = p.anchorStiffness + 2 * p.tension
            if i > 0 { k[i][i - 1] = -p.tension }
            if i < m - 1 { k[i][i + 1] = -p.tension }
        }
        k[j][j] += p.fingerStiffness
        var bx = [Double](repeating: 0, count: m), by = bx
        bx[j] = p.fingerStiffness * (target.x - restX(j, m))
        by[j] = p.fingerStiffness * (target.y - minHeight)
        let ux = solve(k, bx), uy = solve(k, by)
        for i in 0..<m {
            XCTAssertEqual(edge.points[i].x, restX(i, m) + ux[i], accuracy: 1e-9 * 120, "x[\(i)]")
            XCTAssertEqual(edge.points[i].y, minHeight + uy[i], accuracy: 1e-9 * 120, "y[\(i)]")
            XCTAssertLessThan(length(edge.velocities[i]), 1e-9)
        }
        // Stiff attachment: the pulled point is within 1.5 % of the finger's target.
        XCTAssertLessThan(length(edge.pulledPosition - target), 0.015 * 120)
        // The bulge decays away from the finger on both sides.
        for i in 0..<j { XCTAssertLessThan(uy[i], uy[i + 1]) }
        for i in j..<(m - 1) { XCTAssertGreaterThan(uy[i], uy[i + 1]) }
    }

    // MARK: - Dynamics

    /// The motion under a held finger and after release matches a classical RK4 of the
    /// equations of motion at h = 1/24000 s (ω_max·h ≈ 0.014, error far below 1e−7).
    func testMotionMatchesAFineRungeKuttaIntegration() throws {
        let m = 8
        var edge = try MeshJellyEdge(width: width, minHeight: minHeight, controlPoints: m)
        edge.handle(try event(.began, 0, 200, 150))
        edge.handle(try event(.changed, 0, 180, 290))
        let j = nearest(200, m)
        let target = SIMD2(restX(j, m) - 20, minHeight + 0.7 * 140)
        let p = edge.parameters
        // Reference state per axis.
        var u = [[Double]](repeating: [Double](repeating: 0, count: m), count: 2)
        var v = u
        let w = [target.x - restX(j, m), target.y - minHeight]
        let fine = 1.0 / 24000
        func rk4(_ steps: Int, pulled: Bool) {
            for axis in 0..<2 {
                let pull = pulled ? (node: j, target: w[axis]) : nil
                for _ in 0..<steps {
                    let (u0, v0) = (u[axis], v[axis])
                    func add(_ a: [Double], _ b: [Double], _ s: Double) -> [Double] { zip(a, b).map { $0 + s * $1 } }
                    let k1u = v0, k1v = acceleration(u0, v0, p, pulled: pull)
                    let k2u = add(v0, k1v, fine / 2), k2v = acceleration(add(u0, k1u, fine / 2), k2u, p, pulled: pull)
                    let k3u = add(v0, k2v, fine / 2), k3v = acceleration(add(u0, k2u, fine / 2), k3u, p, pulled: pull)
                    let k4u = add(v0, k3v, fine), k4v = acceleration(add(u0, k3u, fine), k4u, p, pulled: pull)
                    for i in 0..<m {
                        u[axis][i] += fine / 6 * (k1u[i] + 2 * k2u[i] + 2 * k3u[i] + k4u[i])
                        v[axis][i] += fine / 6 * (k1v[i] + 2 * k2v[i] + 2 * k3v[i] + k4v[i])
                    }
                }
            }
        }
        func compare(_ label: String) {
            for i in 0..<m {
                XCTAssertEqual(edge.points[i].x - restX(i, m), u[0][i], accuracy: 1e-7 * 100, "\(label) x[\(i)]")
                XCTAssertEqual(edge.points[i].y - minHeight, u[1][i], accuracy: 1e-7 * 100, "\(label) y[\(i)]")
                XCTAssertEqual(edge.velocities[i].x, v[0][i], accuracy: 1e-7 * 3000, "\(label) vx[\(i)]")
                XCTAssertEqual(edge.velocities[i].y, v[1][i], accuracy: 1e-7 * 3000, "\(label) vy[\(i)]")
            }
        }
        // 0.1 s held (h = 1/60: 6 steps), then released and 0.2 s free.
        for _ in 0..<6 { edge.step(by: 1.0 / 60) }
        rk4(2400, pulled: true)
        compare("held")
        XCTAssertGreaterThan(edge.points[j].y - minHeight, 50, "the pull has moved the point")
        edge.handle(try event(.ended, 0.1, 180, 290))
        XCTAssertEqual(edge.phase, .returning)
        for _ in 0..<12 { edge.step(by: 1.0 / 60) }
        rk4(4800, pulled: false)
        compare("released")
    }

    /// The step map is exact: four steps of 1/120 s and one of 1/30 s land on the same
    /// state at every common time, held and after release.
    func testStepsOf1Over120And1Over30AgreeAtCommonTimes() throws {
        func start() throws -> MeshJellyEdge {
            var edge = try MeshJellyEdge(width: width, minHeight: minHeight, controlPoints: 16)
            edge.handle(try event(.began, 0, 150, 120))
            edge.handle(try event(.changed, 0, 190, 330))
            return edge
        }
        var fine = try start(), coarse = try start()
        var worst = 0.0
        for k in 1...60 {
            if k == 15 {      // release at 0.5 s, a common boundary
                fine.handle(try event(.ended, 0.5, 190, 330))
                coarse.handle(try event(.ended, 0.5, 190, 330))
            }
            for _ in 0..<4 { fine.step(by: 1.0 / 120) }
            coarse.step(by: 1.0 / 30)
            let scale = max(1, fine.points.map { length($0 - SIMD2(0, minHeight)) }.max()!)
            for (a, b) in zip(fine.points, coarse.points) { worst = max(worst, length(a - b) / scale) }
            let vScale = max(1, fine.velocities.map { length($0) }.max()!)
            for (a, b) in zip(fine.velocities, coarse.velocities) { worst = max(worst, length(a - b) / vScale) }
        }
        XCTAssertLessThan(worst, 1e-9)
        XCTAssertEqual(fine.phase, coarse.phase)
    }

    /// After release the energy of the free, damped network never grows, and the edge
    /// comes back exactly flat.
    func testAfterReleaseEnergyNeverGrowsAndTheEdgeReturnsFlat() throws {
        var edge = try MeshJellyEdge(width: width, minHeight: minHeight, controlPoints: 16)
        edge.handle(try event(.began, 0, 250, 100))
        for k in 1...12 {
            edge.step(by: 1.0 / 120)
            edge.handle(try event(.changed, Double(k) / 120, 250 - 4 * Double(k), 100 + 25 * Double(k)))
        }
        edge.step(by: 1.0 / 120)
        edge.handle(try event(.ended, 13.0 / 120, 200, 400))
        let speed = edge.pulledVelocity
        XCTAssertGreaterThan(speed.y, 300, "released while moving fast")
        var previous = energy(edge)
        let initial = previous
        var steps = 0
        while edge.phase == .returning && steps < 120 * 10 {
            edge.step(by: 1.0 / 120)
            steps += 1
            let e = energy(edge)
            XCTAssertLessThanOrEqual(e, previous * (1 + 1e-12) + 1e-18, "step \(steps)")
            previous = e
        }
        XCTAssertLessThan(previous, 1e-6 * initial)
        XCTAssertEqual(edge.phase, .resting)
        XCTAssertEqual(edge.points, edge.restPoints)
    }

    /// The under-damped return overshoots: the pulled point rises above the rest line.
    func testReturnOvershootsTheRestLine() throws {
        var edge = try MeshJellyEdge(width: width, minHeight: minHeight, controlPoints: 16)
        edge.handle(try event(.began, 0, 187.5, 100))
        edge.handle(try event(.changed, 0, 187.5, 300))
        for _ in 0..<60 { edge.step(by: 1.0 / 120) }
        edge.handle(try event(.ended, 0.5, 187.5, 300))
        var highest = Double.infinity
        for _ in 0..<240 { edge.step(by: 1.0 / 120); highest = min(highest, edge.pulledPosition.y) }
        XCTAssertLessThan(highest, minHeight - 1)
    }

    // MARK: - Symmetry

    /// An odd number of points has one at the centre: a straight pull down there keeps
    /// the edge mirror-symmetric about x = w/2, dragged and released.
    func testSymmetricDragAtTheCentreGivesASymmetricEdge() throws {
        let m = 15
        var edge = try MeshJellyEdge(width: width, minHeight: minHeight, controlPoints: m)
        edge.handle(try event(.began, 0, width / 2, 50))
        XCTAssertEqual(edge.pulledPoint, 7)
        func checkSymmetry(_ label: String) {
            let pts = edge.points, vel = edge.velocities
            let scale = max(1, pts.map { abs($0.y - minHeight) }.max()!)
            for i in 0..<m {
                let mirror = m - 1 - i
                XCTAssertEqual(pts[i].y, pts[mirror].y, accuracy: 1e-12 * scale, "\(label) y[\(i)]")
                XCTAssertEqual(pts[i].x - width / 2, -(pts[mirror].x - width / 2), accuracy: 1e-12 * width, "\(label) x[\(i)]")
                XCTAssertEqual(vel[i].y, vel[mirror].y, accuracy: 1e-10 * scale * 100, "\(label) vy[\(i)]")
            }
        }
        for k in 1...30 {
            edge.step(by: 1.0 / 120)
            edge.handle(try event(.changed, Double(k) / 120, width / 2, 50 + 6 * Double(k)))
            checkSymmetry("dragged \(k)")
        }
        XCTAssertGreaterThan(edge.pulledPosition.y - minHeight, 60)
        edge.handle(try event(.ended, 0.25, width / 2, 230))
        for k in 0..<120 { edge.step(by: 1.0 / 120); checkSymmetry("released \(k)") }
    }

    // MARK: - Playback and validation

    func testGesturePlaybackDrivesTheMesh() throws {
        let events = try [
            event(.began, 0, 300, 100), event(.changed, 0.05, 300, 200), event(.changed, 0.1, 320, 260),
            event(.ended, 0.15, 320, 260),
        ]
        var playback = try GesturePlayback(
            recording: GestureRecording(kind: .pan, events: events),
            body: MeshJellyEdge(width: width, minHeight: minHeight, controlPoints: 16))
        let frames = try playback.run(until: 3)
        let dragged = frames.first { abs($0.time - 0.15) < 1e-9 }!.state
        XCTAssertEqual(dragged.phase, .returning)
        XCTAssertEqual(dragged.pulledPoint, nearest(300, 16))
        XCTAssertGreaterThan(dragged.points[dragged.pulledPoint].y - minHeight, 0.7 * 150)
        XCTAssertEqual(frames.last!.state.phase, .resting)
    }

    func testCaughtAboveTheRestLineTheFloorIsWhereItWasCaught() throws {
        var edge = try MeshJellyEdge(width: width, minHeight: minHeight, controlPoints: 16)
        edge.handle(try event(.began, 0, 187.5, 100))
        edge.handle(try event(.changed, 0, 187.5, 300))
        for _ in 0..<60 { edge.step(by: 1.0 / 120) }
        edge.handle(try event(.ended, 0.5, 187.5, 300))
        while edge.pulledPosition.y >= minHeight - 1 { edge.step(by: 1.0 / 120) }
        let caught = edge.pulledPosition
        edge.handle(try event(.began, 1, 187.5, 100))
        edge.handle(try event(.changed, 1, 187.5, 0))       // pushed further up: held at the catch
        XCTAssertEqual(edge.fingerTarget!.y, caught.y, accuracy: 1e-12)
    }

    func testInvalidArgumentsAreRefusedByName() {
        XCTAssertThrowsError(try MeshJellyEdge(controlPoints: 2)) { XCTAssertTrue("\($0)".hasPrefix("controlPoints")) }
        XCTAssertThrowsError(try MeshJellyEdge(width: -1)) { XCTAssertTrue("\($0)".hasPrefix("width")) }
        XCTAssertThrowsError(try MeshJellyEdge.Parameters(tension: 0)) { XCTAssertTrue("\($0)".hasPrefix("tension")) }
        XCTAssertThrowsError(try MeshJellyEdge.Parameters(pointMass: .nan)) { XCTAssertTrue("\($0)".hasPrefix("pointMass")) }
    }
}

/// Euclidean length (the simd module is not on Linux).
private func length(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
