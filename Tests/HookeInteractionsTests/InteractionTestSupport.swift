import Foundation
import Hooke
import HookeInteractions
import XCTest

/// The damped oscillator ẍ + 2ζω₀ẋ + ω₀²x = 0 written out from the textbook, independent
/// of the library: displacement and velocity after t from (x₀, v₀).
///
/// ζ < 1: x = e^{−ζω₀t}(x₀ cos ω_d t + (v₀ + ζω₀x₀)/ω_d · sin ω_d t), ω_d = ω₀√(1 − ζ²);
/// ζ = 1: x = e^{−ω₀t}(x₀ + (v₀ + ω₀x₀)t).
func dampedOscillator(omega0: Double, zeta: Double, x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
    if zeta == 1 {
        let b = v0 + omega0 * x0
        let e = exp(-omega0 * t)
        return (e * (x0 + b * t), e * (b - omega0 * (x0 + b * t)))
    }
    precondition(zeta < 1)
    let decay = zeta * omega0
    let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
    let b = (v0 + decay * x0) / omegaD
    let e = exp(-decay * t)
    let c = cos(omegaD * t), s = sin(omegaD * t)
    return (e * (x0 * c + b * s), e * ((b * omegaD - decay * x0) * c - (x0 * omegaD + decay * b) * s))
}

/// UIKit's `UIView` spring: ω₀ = ln(ζ/(0.001·√(1 − ζ²)))/(ζT) for ζ < 1 (Framer's
/// reverse-engineered conversion), written out here from the formula.
func uikitNaturalFrequency(duration: Double, dampingRatio zeta: Double) -> Double {
    log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * duration)
}

/// A one-finger stream sampled at 120 Hz: touch down at `start` at time `t0`, then a jump
/// to the point from which the finger moves at the constant `velocity` for `glide`
/// seconds, ending exactly at `start + translation` — so the release translation is
/// `translation` and, the fit being exact on a straight line, the estimated release
/// velocity is `velocity`. The glide lasts longer than the estimator's 100 ms window.
func panStream(
    start: SIMD2<Double>, translation: SIMD2<Double>, velocity: SIMD2<Double>, t0: Double = 0,
    glide: Double = 0.15, end: GesturePhase = .ended
) throws -> [GestureEvent] {
    let h = 1.0 / 120
    var events = [try GestureEvent(.began, time: t0, location: start)]
    let steps = Int((glide / h).rounded())
    let releaseTime = t0 + h * Double(steps + 2)
    let releasePoint = start + translation
    for k in 0...steps {
        let t = t0 + h * Double(k + 2)
        let location = releasePoint - (releaseTime - t) * velocity
        events.append(try GestureEvent(k == steps ? end : .changed, time: t, location: location))
    }
    return events
}

func XCTAssertClose(
    _ a: SIMD2<Double>, _ b: SIMD2<Double>, accuracy: Double, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x " + message, file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y " + message, file: file, line: line)
}

/// Plays `events` into `flick` for `steps` world steps of the flick's world as an app's
/// frame loop would: step 0 takes the events due at the start, every later step first
/// steps the world and tells the flick, then hands it the events now due. `observe` sees
/// the world after each step's events.
func play(_ events: [GestureEvent], into flick: inout FlickToDismiss, in world: inout World, steps: Int,
          observe: (World) -> Void = { _ in }) throws {
    var next = 0
    for step in 0..<steps {
        if step > 0 {
            world.step()
            flick.didStep(&world)
        }
        while next < events.count, events[next].time <= world.elapsedTime + 1e-9 {
            try flick.handle(events[next], in: &world)
            next += 1
        }
        observe(world)
    }
}

/// Core Animation's ease-in-out, the cubic Bézier (0.42, 0, 0.58, 1) of the CSS and Core
/// Animation specifications, evaluated independently of `TimingCurve`: x(u) =
/// 3·0.42·(1 − u)²u + 3·0.58·(1 − u)u² + u³ is solved for u by 200 bisections, then
/// y(u) = 3u² − 2u³ and dy/dx = y′(u)/x′(u). Returns (progress, slope) at time fraction t.
func easeInEaseOutByBisection(_ t: Double) -> (value: Double, slope: Double) {
    guard t > 0 else { return (0, 0) }
    guard t < 1 else { return (1, 0) }
    func x(_ u: Double) -> Double { 3 * 0.42 * (1 - u) * (1 - u) * u + 3 * 0.58 * (1 - u) * u * u + u * u * u }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 { let mid = 0.5 * (lo + hi); if x(mid) < t { lo = mid } else { hi = mid } }
    let u = 0.5 * (lo + hi)
    let dx = 3 * 0.42 * (1 - u) * (1 - 3 * u) + 3 * 0.58 * u * (2 - 3 * u) + 3 * u * u
    let dy = 6 * u - 6 * u * u
    return (3 * u * u - 2 * u * u * u, dy / dx)
}

/// Runs `advance` (one step of h) until `duration` has passed (within 10⁻¹² s), calling
/// `check(k, kh)` after every step k before the last, and returns the number of steps.
func stepThrough(_ duration: Double, h: Double, _ advance: () -> Void, check: (Int, Double) -> Void) -> Int {
    var k = 0
    while true {
        advance()
        k += 1
        let t = Double(k) * h
        if t >= duration - 1e-12 { return k }
        check(k, t)
    }
}
