import Foundation
import HookeWorld

extension ScenarioBehavior {
    /// UIPushBehavior: a force (continuous) or an impulse (instantaneous) on its items.
    public struct Push: Sendable, Equatable {
        public let items: [String]
        /// Continuous: a force of |pushDirection| newtons while active, an acceleration
        /// of 100·F/m pt/s². Instantaneous: one impulse of |pushDirection| N·s when the
        /// behaviour starts (Δv = 100·J/m pt/s), after which it is inactive.
        public let mode: PushBehavior.Mode
        /// The push vector; its length is the magnitude (N, or N·s for an impulse).
        /// Written as `pushDirection` or as `angle` + `magnitude`.
        public let pushDirection: SIMD2<Double>
        /// Whether the push acts from `at` on (an inactive instantaneous push never fires).
        public let active: Bool
        /// Point of application per item, as an offset from the item's centre (pt);
        /// items not listed are pushed at their centre.
        public let offsets: [String: SIMD2<Double>]

        public var magnitude: Double { (pushDirection * pushDirection).sum().squareRoot() }
        public var angle: Double { atan2(pushDirection.y, pushDirection.x) }
    }
}
