import Foundation
import Hooke

/// One spring animation as the popular Swift animation libraries build it (written from
/// their public design, not their code): a class generic over the animated value, owning
/// its value, velocity and target, that the animator advances once per display frame.
///
/// Per frame (`advance(by:)`) it
/// 1. integrates the frame with semi-implicit (symplectic) Euler — the velocity first,
///    then the value with the new velocity, on the whole frame duration:
///
///        a = (−k·(x − target) − c·v) / m,   v ← v + dt·a,   x ← x + dt·v
///
///    as Wave integrates each display-link tick (`updateValue(spring:value:target:
///    velocity:dt:)`), one step per frame whatever the frame's length
///    (`Value.springStep`, the value type's own code: see `LibraryStyleAnimatable`);
/// 2. runs the settle test: when |x − target| < `restingDistance` and |v| <
///    `restingSpeed` it puts the value on the target, the velocity to zero and marks
///    itself finished (Motion's `hasResolved()` checks the value and the velocity
///    against its `resolvingEpsilon`, 0.01 by default; `Value.hasArrived`);
/// 3. hands the value to `valueChanged`, the closure through which the application sets
///    the property it animates (`view.center = value`), as Wave's `valueChanged` and
///    Motion's `onValueChanged` do.
///
/// The spring's mass, stiffness and damping are Hooke's `Spring`'s, so it animates the
/// same springs as every other engine and differs from them by its integrator.
final class LibraryStyleSpringAnimation<Value: LibraryStyleAnimatable>: LibraryStyleAnimation {
    let id = UUID()
    let spring: Spring
    private(set) var value: Value
    private(set) var velocity: Value
    private(set) var target: Value
    private(set) var isFinished = false
    /// The settle test's thresholds: a hundredth of a point, and of a point per second.
    static var restingDistance: Double { 0.01 }
    static var restingSpeed: Double { 0.01 }
    /// Called with the value after every frame, and with the target when it settles.
    let valueChanged: (Value) -> Void

    init(spring: Spring, value: Value, velocity: Value, target: Value,
         valueChanged: @escaping (Value) -> Void) {
        self.spring = spring
        self.value = value
        self.velocity = velocity
        self.target = target
        self.valueChanged = valueChanged
    }

    /// Moves the target, keeping value and velocity (a retarget mid-flight is
    /// continuous), and sets a finished animation running again.
    func retarget(to newTarget: Value) {
        target = newTarget
        isFinished = false
    }

    func advance(by frameDuration: Double) {
        (value, velocity) = Value.springStep(
            value: value, velocity: velocity, target: target, spring: spring, duration: frameDuration)
        if Value.hasArrived(value: value, velocity: velocity, target: target,
                            distance: Self.restingDistance, speed: Self.restingSpeed) {
            value = target
            velocity = .zero
            isFinished = true
        }
        valueChanged(value)
    }
}
