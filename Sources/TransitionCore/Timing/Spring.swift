/// A damped harmonic oscillator m·x'' + c·x' + k·x = 0 moving a value from 0 to 1, in closed
/// form for each regime (after Flutter's `SpringSimulation`).
///
/// Units: mass in kg-like units, stiffness in N/m-like units, damping in N·s/m-like units (only
/// their ratios matter); time in seconds; positions are progress (0 at the start, 1 at the
/// target); velocities are progress per second — UIKit's `initialSpringVelocity` unit, in which
/// 1 means the whole distance in one second, positive toward the target.
///
/// Over-damping: Core Animation solves a spring whose damping is above critical as critically
/// damped unless `allowsOverdamping` is set (`CASpringAnimation.allowsOverdamping`, iOS 17+;
/// SwiftUI's `Spring(mass:stiffness:damping:allowOverDamping:)` documents the same default as
/// "treated as critically damped"; RBBAnimation, a CASpringAnimation clone, added the same flag
/// defaulting to off "to behave like CASpringAnimation"). So by default the motion follows
/// `effectiveDamping` (docs/timing.md § Over-damped springs).
public struct Spring: Sendable, Hashable {
    var mass: Double
    var stiffness: Double
    /// The damping asked for; the motion follows `effectiveDamping`.
    var damping: Double
    /// Initial velocity in distances per second, positive toward the target.
    public var initialVelocity: Double
    /// Whether a damping above critical is solved as over-damped rather than clamped to critical.
    var allowsOverdamping: Bool

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0, allowsOverdamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// The damping for which ζ = 1: 2·√(m·k).
    var criticalDamping: Double { 2 * (mass * stiffness).squareRoot() }

    /// The damping the motion follows: `damping`, or critical damping when `damping` is above it
    /// and over-damping is not allowed (mass, stiffness and initial velocity stay as given).
    var effectiveDamping: Double { allowsOverdamping ? damping : min(damping, criticalDamping) }

    /// ζ = c / (2·√(m·k)) of the damping asked for: below 1 it overshoots, 1 is critical, above 1
    /// it creeps (when allowed).
    public var dampingRatio: Double { damping / criticalDamping }

    /// ζ of the motion: `dampingRatio`, at most 1 unless over-damping is allowed.
    var effectiveDampingRatio: Double { effectiveDamping / criticalDamping }

    /// Undamped angular frequency ω₀ = √(k/m), radians per second.
    var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The solution for the displacement d(t) = position − 1, with d(0) = −1, d'(0) = v₀.
    enum Solution {
        /// d = e^(−ζω₀t)·(a·cos ω_d t + b·sin ω_d t)
        case under(decay: Double, omega: Double, a: Double, b: Double)
        /// d = e^(−ω₀t)·(a + b·t)
        case critical(omega: Double, a: Double, b: Double)
        /// d = c1·e^(r1·t) + c2·e^(r2·t)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    var solution: Solution {
        let w0 = naturalFrequency
        let zeta = effectiveDampingRatio
        let d0 = -1.0, v0 = initialVelocity
        // Within 1e-12 of critical the over-damped form cancels badly; the critical form is exact there.
        if abs(zeta - 1) < 1e-12 {
            return .critical(omega: w0, a: d0, b: v0 + w0 * d0)
        }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return .under(decay: zeta * w0, omega: wd, a: d0, b: (v0 + zeta * w0 * d0) / wd)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (v0 - r1 * d0) / (r2 - r1)
        return .over(r1: r1, r2: r2, c1: d0 - c2, c2: c2)
    }

    /// Progress at `t` seconds (overshoot allowed).
    public func value(at t: Double) -> Double {
        switch solution {
        case .under(let decay, let omega, let a, let b):
            return 1 + exp(-decay * t) * (a * cos(omega * t) + b * sin(omega * t))
        case .critical(let omega, let a, let b):
            return 1 + exp(-omega * t) * (a + b * t)
        case .over(let r1, let r2, let c1, let c2):
            return 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Progress per second at `t`.
    public func velocity(at t: Double) -> Double {
        switch solution {
        case .under(let decay, let omega, let a, let b):
            let e = exp(-decay * t), c = cos(omega * t), s = sin(omega * t)
            return e * ((b * omega - a * decay) * c - (a * omega + b * decay) * s)
        case .critical(let omega, let a, let b):
            return exp(-omega * t) * (b - omega * (a + b * t))
        case .over(let r1, let r2, let c1, let c2):
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    /// Seconds until the spring is at rest for good: |position − 1| and |velocity| / ω₀ stay
    /// below 0.001 of the distance from then on. Apple does not publish CASpringAnimation's
    /// threshold; this one is ours (the same 0.001 the duration model below uses).
    var settlingDuration: Double {
        let epsilon = 0.001
        switch solution {
        case .under(let decay, _, let a, let b):
            // The envelope bounds both terms; solve amplitude·e^(−ζω₀t) = ε in closed form.
            let amplitude = (a * a + b * b).squareRoot() * max(1, (naturalFrequency / max(decay, 1e-12)))
            return max(0, log(amplitude / epsilon) / decay)
        case .critical, .over:
            // Monotone tails: step forward, then refine by bisection.
            let limit = 1e4
            var t = 0.0, step = 0.01
            func settled(_ t: Double) -> Bool {
                abs(value(at: t) - 1) < epsilon && abs(velocity(at: t)) / naturalFrequency < epsilon
            }
            while !settled(t) && t < limit { t += step; step *= 1.1 }
            var lo = max(0, t - step / 1.1), hi = t
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if settled(mid) { hi = mid } else { lo = mid }
            }
            return hi
        }
    }

    /// CASpringAnimation's defaults: mass 1, stiffness 100, damping 10, velocity 0
    /// (docs/reference.md § Springs).
    static let caDefault = Spring(mass: 1, stiffness: 100, damping: 10)

    /// UIKit's system spring (its internal "curve 7"): mass 3, stiffness 1000, damping 500, ζ ≈ 4.56 —
    /// the parameters of `UISpringTimingParameters()` (docs/reference.md § Springs). Core Animation
    /// runs it critically damped (docs/timing.md § Over-damped springs).
    static let system = Spring(mass: 3, stiffness: 1000, damping: 500)

    /// Seconds a `UIView` animation block on UIKit's curve 7 runs its system spring, whatever
    /// the block's own duration: `-[UIViewAnimationState setAnimationAttributes:…customCurve:]`
    /// gives a curve-7 spring animation `_UIViewDefaultSpringDuration`, which
    /// `_UILoadDefaultSpringParameters` sets to 0.5 (iOS 18.2 and 26.1 decompiles). The spring is
    /// then within 0.0011 of its end, where Core Animation's animation stops and the model
    /// value shows (docs/timing.md § Springs).
    static let curve7Duration = 0.5

    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` with a response, and SwiftUI's
    /// `Spring(response:dampingRatio:)`: mass 1, stiffness (2π / response)², damping 4π·ζ / response.
    public static func response(_ response: Double, dampingRatio: Double, initialVelocity: Double = 0) -> Spring {
        Spring(mass: 1, stiffness: pow(2 * .pi / response, 2), damping: 4 * .pi * dampingRatio / response,
               initialVelocity: initialVelocity)
    }

    /// SwiftUI's `Spring(duration:bounce:)`: the duration is the response; ζ = 1 − bounce for
    /// bounce ≥ 0, else 1 / (1 + bounce).
    public static func duration(_ duration: Double, bounce: Double, initialVelocity: Double = 0) -> Spring {
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return response(duration, dampingRatio: zeta, initialVelocity: initialVelocity)
    }

    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`: the
    /// spring whose motion has decayed to 0.001 of the distance at `duration`, under `model`.
    public static func uikit(dampingRatio: Double, initialVelocity: Double, duration: Double,
                             model: DurationSpringModel = .framer) -> Spring {
        model.spring(dampingRatio: dampingRatio, initialVelocity: initialVelocity, duration: duration)
    }
}

/// How a duration and a damping ratio become a spring. Apple does not publish UIKit's mapping;
/// the model is a parameter so that a better one can replace it.
public enum DurationSpringModel: Sendable, Hashable {
    /// The reverse-engineered model Framer uses (and framer-motion's `findSpring`): mass 1,
    /// ζ clamped to [0.05, 1], duration to [0.01, 10] s; ω₀ found by Newton's method from
    /// 5 / duration so that the decay envelope (ζ·ω₀ − v) / ω_d · e^(−ζ·ω₀·duration) is 0.001
    /// (for ζ = 1: e^(−ω₀·d)·((ω₀ − v)·d + 1) = 0.001); then k = ω₀², c = 2ζ·√k. Test vector
    /// (docs/reference.md § Springs): duration 3, ζ 0.25 → k = 54.83363359078326,
    /// c = 3.702486785620688.
    case framer

    public func spring(dampingRatio: Double, initialVelocity v: Double, duration: Double) -> Spring {
        let epsilon = 0.001
        let zeta = min(1, max(0.05, dampingRatio))
        let d = min(10, max(0.01, duration))
        let envelope: (Double) -> Double
        let derivative: (Double) -> Double
        if zeta < 1 {
            func angular(_ w: Double) -> Double { w * (1 - zeta * zeta).squareRoot() }
            envelope = { w in
                let decay = w * zeta
                return epsilon - (decay - v) / angular(w) * exp(-decay * d)
            }
            derivative = { w in
                // Framer's expression, kept as written (its denominator squares ω₀), so that
                // the iteration lands where Framer's does.
                let decay = w * zeta
                let delta = decay * d
                let a = delta * v + v
                let b = zeta * zeta * w * w * d
                let factor: Double = -envelope(w) + epsilon > 0 ? -1 : 1
                return factor * ((a - b) * exp(-delta)) / angular(w * w)
            }
        } else {
            envelope = { w in -epsilon + exp(-w * d) * ((w - v) * d + 1) }
            derivative = { w in exp(-w * d) * ((v - w) * d * d) }
        }
        var w = 5 / d
        for _ in 1..<12 { w -= envelope(w) / derivative(w) }
        guard w.isFinite, w > 0 else { return Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: v) }
        let stiffness = w * w
        return Spring(mass: 1, stiffness: stiffness, damping: zeta * 2 * stiffness.squareRoot(), initialVelocity: v)
    }
}
