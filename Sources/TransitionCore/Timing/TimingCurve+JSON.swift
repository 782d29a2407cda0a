import JSONCodec

extension TimingCurve {
    /// Decodes a timing as the HTTP API and the animator language write it:
    /// a name (`"easeInOut"`), `{"cubicBezier": [x1, y1, x2, y2]}`, or `{"spring": …}` with one of
    /// `{"dampingRatio", "initialVelocity"}` (UIKit's duration form, which uses `duration`),
    /// `{"mass", "stiffness", "damping", "initialVelocity"}` (CASpringAnimation; defaults 1/100/10/0),
    /// `{"response", "dampingRatio", "initialVelocity"?}`, `{"duration", "bounce", "initialVelocity"?}`,
    /// `"system"` (`UISpringTimingParameters()`, run until it settles) or `"curve7"` (the same spring
    /// as a `UIView` block on UIKit's curve 7 runs it: for `Spring.curve7Duration`); the object
    /// forms also take `"allowsOverdamping": true` (off by default, as in
    /// Core Animation: a damping above critical then runs critically damped;
    /// docs/timing.md § Over-damped springs); SwiftUI's names (`SwiftUICurve`): `"smooth"`,
    /// `"snappy"`, `"bouncy"`, `"interactiveSpring"`, `"spring"`, each also as
    /// `{"snappy": {"duration"?, "extraBounce"?}}`, and `"swiftUIDefault"`, SwiftUI's
    /// `Animation.default` as it is on `iOS`. `naturalDuration` is the running time of curves
    /// that define their own (springs: their settling time).
    public static func decode(_ json: JSONValue, duration: Double, iOS: Int, at pointer: String) throws(SimulationError)
        -> (curve: TimingCurve, naturalDuration: Double?) {
        if let name = json.stringValue {
            if let swiftUI = SwiftUICurve(rawValue: name) {
                let spring = swiftUI.spring()
                return (.spring(spring), spring.settlingDuration)
            }
            if name == SwiftUICurve.defaultName {
                let animation = SwiftUICurve.animationDefault(iOS: iOS)
                return (animation.curve, animation.duration)
            }
            guard let curve = named(name) else {
                throw SimulationError(pointer, "unknown timing '\(name)'; one of \(names.joined(separator: ", ")), SwiftUI's \(swiftUINames.joined(separator: ", ")), or {\"cubicBezier\": […]} or {\"spring\": {…}}")
            }
            return (curve, nil)
        }
        guard let object = json.objectValue, object.entries.count == 1, let (key, value) = object.entries.first else {
            throw SimulationError(pointer, "expected a curve name, {\"cubicBezier\": [x1, y1, x2, y2]} or {\"spring\": {…}}")
        }
        let inner = SpecReader.child(pointer, key)
        if key != "spring", let swiftUI = SwiftUICurve(rawValue: key) {
            let spring = try swiftUI.decode(value, at: inner)
            return (.spring(spring), spring.settlingDuration)
        }
        switch key {
        case "cubicBezier":
            guard let points = value.arrayValue, points.count == 4 else { throw SimulationError(inner, "expected [x1, y1, x2, y2]") }
            var p: [Double] = []
            for (i, v) in points.enumerated() {
                guard let n = v.numberValue, n.isFinite, abs(n) <= 100 else {
                    throw SimulationError(inner + "/\(i)", "expected a finite number between -100 and 100")
                }
                p.append(n)
            }
            guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
                throw SimulationError(inner, "x1 and x2 must be between 0 and 1 (time only moves forward)")
            }
            return (.cubicBezier(CubicBezier(p[0], p[1], p[2], p[3])), nil)
        case "spring":
            return try decodeSpring(value, duration: duration, at: inner)
        default:
            throw SimulationError(inner, "unknown timing form '\(key)'; cubicBezier, spring, or SwiftUI's \(SwiftUICurve.allCases.filter { $0 != .spring }.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// SwiftUI's names a timing may be given by (`SwiftUICurve`, `"swiftUIDefault"`).
    public static let swiftUINames = SwiftUICurve.allCases.map(\.rawValue) + [SwiftUICurve.defaultName]

    /// Checks that `json` is a timing, whatever the duration and iOS it is later decoded for.
    static func check(_ json: JSONValue, at pointer: String) throws(SimulationError) {
        _ = try decode(json, duration: 1, iOS: Screen.newestIOS, at: pointer)
    }

    static func decodeSpring(_ json: JSONValue, duration: Double, at pointer: String) throws(SimulationError)
        -> (curve: TimingCurve, naturalDuration: Double?) {
        if json.stringValue == "system" {
            return (.spring(.system), Spring.system.settlingDuration)
        }
        if json.stringValue == "curve7" {
            return (.spring(.system), Spring.curve7Duration)
        }
        var r = try SpecReader(json, at: pointer)
        let velocity = try r.number("initialVelocity", in: -1000...1000) ?? 0
        let overdamping = try r.bool("allowsOverdamping") ?? false
        var spring: Spring
        let natural: Double?
        if r.has("response") {
            spring = .response(try r.requiredNumber("response", in: 0.001...100), dampingRatio: try r.requiredNumber("dampingRatio", in: 0.001...10),
                               initialVelocity: velocity)
            spring.allowsOverdamping = overdamping
            natural = spring.settlingDuration
        } else if r.has("bounce") || r.has("duration") {
            // SwiftUI's `spring(duration: 0.5, bounce: 0)`: either may be left out.
            spring = .duration(try r.number("duration", in: 0.001...100) ?? SwiftUICurve.spring.defaultDuration,
                               bounce: try r.number("bounce", in: -0.99...0.999) ?? SwiftUICurve.spring.baseBounce,
                               initialVelocity: velocity)
            spring.allowsOverdamping = overdamping
            natural = spring.settlingDuration
        } else if r.has("mass") || r.has("stiffness") || r.has("damping") {
            spring = Spring(mass: try r.number("mass", in: 0.001...1e6) ?? 1, stiffness: try r.number("stiffness", in: 0.001...1e6) ?? 100,
                            damping: try r.number("damping", in: 0...1e6) ?? 10, initialVelocity: velocity, allowsOverdamping: overdamping)
            guard spring.damping > 0 else { throw SimulationError(r.path("damping"), "must be above 0: an undamped spring never settles") }
            natural = spring.settlingDuration
        } else {
            guard r.has("dampingRatio") else {
                throw SimulationError(pointer, "a spring needs dampingRatio (UIKit's duration form), mass/stiffness/damping, response, duration/bounce, \"system\" or \"curve7\"")
            }
            // UIKit's duration form never over-damps: its mapping takes ζ ≤ 1 (DurationSpringModel).
            guard !overdamping else {
                throw SimulationError(r.path("allowsOverdamping"), "UIKit's duration form (dampingRatio with the block's duration) is never over-damped; use mass/stiffness/damping, response or bounce")
            }
            spring = .uikit(dampingRatio: try r.requiredNumber("dampingRatio", in: 0.001...10), initialVelocity: velocity, duration: duration)
            natural = nil
        }
        try r.finish()
        return (.spring(spring), natural)
    }
}
