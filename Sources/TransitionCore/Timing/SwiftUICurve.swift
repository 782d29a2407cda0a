import JSONCodec

/// SwiftUI's named animations, as the curves the engine runs (docs/timing.md § SwiftUI's names).
///
/// Each named spring is SwiftUI's `Spring(duration:bounce:)` (`Spring.duration`) with Apple's
/// published defaults: a perceptual duration in seconds and a base bounce (0 critically damped,
/// towards 1 bouncier) to which `extraBounce` adds.
enum SwiftUICurve: String, CaseIterable, Sendable {
    /// `Animation.smooth(duration: 0.5, extraBounce: 0)`: base bounce 0.
    case smooth
    /// `Animation.snappy(duration: 0.5, extraBounce: 0)`: base bounce 0.15.
    case snappy
    /// `Animation.bouncy(duration: 0.5, extraBounce: 0)`: base bounce 0.3.
    case bouncy
    /// `Animation.interactiveSpring(duration: 0.15, extraBounce: 0, …)`; its base bounce 0.14 is
    /// 1 − 0.86, the `dampingFraction` of the older `interactiveSpring(response: 0.15,
    /// dampingFraction: 0.86, …)` (the newer page does not give one).
    case interactiveSpring
    /// `Animation.spring`, i.e. `spring(duration: 0.5, bounce: 0)`.
    case spring

    /// The perceptual duration when none is given, seconds.
    var defaultDuration: Double { self == .interactiveSpring ? 0.15 : 0.5 }

    /// The bounce before `extraBounce` is added.
    var baseBounce: Double {
        switch self {
        case .smooth, .spring: 0
        case .snappy: 0.15
        case .bouncy: 0.3
        case .interactiveSpring: 0.14
        }
    }

    /// The spring with `duration` (default `defaultDuration`) and `baseBounce + extraBounce`.
    func spring(duration: Double? = nil, extraBounce: Double = 0) -> Spring {
        .duration(duration ?? defaultDuration, bounce: baseBounce + extraBounce)
    }

    /// The first iOS on which SwiftUI's `Animation.default` is a spring rather than easeInOut.
    static let springDefaultFirstIOS = 17

    /// SwiftUI's `Animation.default` on `iOS`, with the seconds it runs: from iOS 17
    /// `spring(response: 0.55, dampingFraction: 1)`, run until it settles; before, `easeInOut`
    /// over its default 0.35 s.
    static func animationDefault(iOS: Int) -> (curve: TimingCurve, duration: Double) {
        if iOS >= springDefaultFirstIOS {
            let spring = Spring.response(0.55, dampingRatio: 1)
            return (.spring(spring), spring.settlingDuration)
        }
        return (.easeInOut, 0.35)
    }

    /// The name of `Animation.default` in the timing language (`"default"` is Core Animation's).
    static let defaultName = "swiftUIDefault"

    /// Decodes `{"smooth": {"duration"?, "extraBounce"?}}` and its siblings: the spring and its
    /// settling time.
    func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Spring {
        var r = try SpecReader(json, at: pointer)
        let duration = try r.number("duration", in: 0.001...100)
        let extra = try r.number("extraBounce", in: -1...1) ?? 0
        let bounce = baseBounce + extra
        guard (-0.99...0.999).contains(bounce) else {
            throw SimulationError(r.path("extraBounce"), "the bounce \(baseBounce) + extraBounce must be between -0.99 and 0.999, got \(bounce)")
        }
        try r.finish()
        return spring(duration: duration, extraBounce: extra)
    }
}
