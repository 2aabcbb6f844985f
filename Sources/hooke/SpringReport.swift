import Foundation
import Hooke
import HookeIO

/// Everything `hooke spring` says about one spring and one move.
struct SpringReport {
    /// A move from `start` to `target` and what the exact solution says about it.
    struct Motion {
        let start: Double
        let target: Double
        let initialVelocity: Double
        let tolerance: Double
        let settlingDuration: Double
        let overshoot: Double
        let peakTime: Double?

        init(
            spring: Spring, start: Double, target: Double, initialVelocity: Double, tolerance: Double
        ) throws(HookeError) {
            self.start = start
            self.target = target
            self.initialVelocity = initialVelocity
            self.tolerance = tolerance
            settlingDuration = try spring.settlingDuration(
                from: start, to: target, initialVelocity: initialVelocity, tolerance: tolerance)
            overshoot = spring.overshoot(from: start, to: target, initialVelocity: initialVelocity)
            peakTime = spring.peakTime(from: start, to: target, initialVelocity: initialVelocity)
        }
    }

    let spring: Spring
    let motion: Motion

    /// The quantities of the JSON object, in order. Values that a parameterisation
    /// cannot express (for example Pop's bounciness of an over-damped spring) are null.
    private var fields: [(String, JSONValue)] {
        [
            ("mass", .finite(spring.mass)),
            ("stiffness", .finite(spring.stiffness)),
            ("damping", .finite(spring.damping)),
            ("dampingRatio", .finite(spring.dampingRatio)),
            ("response", .finite(spring.response)),
            ("naturalFrequency", .finite(spring.naturalFrequency)),
            ("duration", .finite(spring.duration)),
            ("bounce", .finite(spring.bounce)),
            ("uikitDuration", .finite(spring.uikitDuration())),
            ("settlingDurationParameter", .finite(spring.settlingDurationParameter())),
            ("androidStiffness", .finite(spring.androidStiffness)),
            ("visualDuration", .finite(spring.visualDuration)),
            ("motionBounce", .finite(spring.motionBounce)),
            ("bounciness", .finite(spring.bounciness)),
            ("speed", .finite(spring.speed)),
            ("tension", .finite(spring.tension)),
            ("friction", .finite(spring.friction)),
            ("estimatedSettlingDuration", .finite(spring.estimatedSettlingDuration)),
            ("from", .finite(motion.start)),
            ("to", .finite(motion.target)),
            ("initialVelocity", .finite(motion.initialVelocity)),
            ("uikitInitialVelocity", .finite(Spring.uikitInitialVelocity(motion.initialVelocity, from: motion.start, to: motion.target))),
            ("tolerance", .finite(motion.tolerance)),
            ("settlingDuration", .finite(motion.settlingDuration)),
            ("overshoot", .finite(motion.overshoot)),
            ("peakTime", .finite(motion.peakTime)),
        ]
    }

    func json(samples: SampleRange?) -> JSONValue {
        var members = fields
        if let samples {
            members.append(("samples", .array(states(at: samples).map { t, state in
                .object([("t", .number(t)), ("value", .finite(state.value)), ("velocity", .finite(state.velocity))])
            })))
        }
        return .object(members)
    }

    /// `t,value,velocity` with a header, one row per sample time.
    func csv(samples: SampleRange) -> String {
        var lines = ["t,value,velocity"]
        for (t, state) in states(at: samples) {
            lines.append("\(JSONValue.format(t)),\(JSONValue.format(state.value)),\(JSONValue.format(state.velocity))")
        }
        return lines.joined(separator: "\n")
    }

    private func states(at samples: SampleRange) -> [(Double, SpringState)] {
        samples.times.map { t in
            (t, spring.state(at: t, from: motion.start, to: motion.target, initialVelocity: motion.initialVelocity))
        }
    }

    var summary: String {
        let zeta = spring.dampingRatio
        let regime = zeta < 1 ? "under-damped" : zeta == 1 ? "critically damped" : "over-damped"
        var lines = [
            "spring (\(regime))",
            row("mass", spring.mass, "kg"),
            row("stiffness", spring.stiffness, "N/m"),
            row("damping", spring.damping, "kg/s"),
            row("damping ratio", zeta, ""),
            row("response", spring.response, "s"),
            row("natural frequency", spring.naturalFrequency, "rad/s"),
            "",
            "as code",
            "  SwiftUI   .spring(response: \(JSONValue.short(spring.response)), dampingFraction: \(JSONValue.short(zeta)))",
            "            Spring(duration: \(JSONValue.short(spring.duration)), bounce: \(JSONValue.short(spring.bounce)))",
        ]
        let uikit = spring.uikitDuration()
        let velocity = Spring.uikitInitialVelocity(motion.initialVelocity, from: motion.start, to: motion.target)
        if uikit.isFinite {
            lines.append("            Spring(settlingDuration: \(JSONValue.short(uikit)), dampingRatio: \(JSONValue.short(zeta)))")
            lines.append(
                "  UIKit     UIView.animate(withDuration: \(JSONValue.short(uikit)), delay: 0, usingSpringWithDamping: \(JSONValue.short(zeta)), "
                    + "initialSpringVelocity: \(velocity.isFinite ? JSONValue.short(velocity) : "0"), …)")
        }
        lines.append(
            "  CA        CASpringAnimation(perceptualDuration: \(JSONValue.short(spring.duration)), bounce: \(JSONValue.short(spring.bounce)))")
        lines.append(
            "  Hooke     try Spring(mass: \(JSONValue.short(spring.mass)), stiffness: \(JSONValue.short(spring.stiffness)), damping: \(JSONValue.short(spring.damping)))")
        if let bounciness = spring.bounciness, let speed = spring.speed {
            lines.append("  Pop       bounciness \(JSONValue.short(bounciness)), speed \(JSONValue.short(speed))")
        }
        lines.append("  react     { tension: \(JSONValue.short(spring.tension)), friction: \(JSONValue.short(spring.friction)), mass: \(JSONValue.short(spring.mass)) }")
        lines.append("  Android   SpringForce().setStiffness(\(JSONValue.short(spring.androidStiffness))f).setDampingRatio(\(JSONValue.short(zeta))f)")
        lines.append("  Compose   spring(dampingRatio = \(JSONValue.short(zeta))f, stiffness = \(JSONValue.short(spring.androidStiffness))f)")
        if let bounce = spring.motionBounce {
            lines.append("  Motion    { type: \"spring\", visualDuration: \(JSONValue.short(spring.visualDuration)), bounce: \(JSONValue.short(bounce)) }")
        }
        lines += [
            "",
            "move from \(JSONValue.short(motion.start)) to \(JSONValue.short(motion.target)), initial velocity \(JSONValue.short(motion.initialVelocity)) /s",
            row("settling duration", motion.settlingDuration,
                "s (exact: last exit from the band ±\(JSONValue.short(motion.tolerance * abs(motion.target - motion.start))) around the target)"),
            row("estimated settling", spring.estimatedSettlingDuration, "s (Core Animation style estimate)"),
            row("overshoot", motion.overshoot * 100, "%"),
        ]
        if let peak = motion.peakTime {
            lines.append(row("first peak", peak, "s"))
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ name: String, _ value: Double, _ unit: String) -> String {
        let label = name.padding(toLength: 20, withPad: " ", startingAt: 0)
        return "  \(label)\(JSONValue.format(value))" + (unit.isEmpty ? "" : " \(unit)")
    }
}
