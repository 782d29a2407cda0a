import JSONCodec

/// Layer properties set by an animator's `set` step or animated by a block's change
/// (docs/animators.md § Properties): numbers are expressions like every number of the language.
struct LayerChangeSpec: Sendable, Equatable {
    /// A number-valued layer property (`cornerRadius`, `borderWidth`, `shadowOpacity`,
    /// `shadowRadius`, `zPosition`).
    struct Number: Sendable, Equatable {
        var property: AnimatedProperty
        var value: Located<Expression>
    }

    /// A pair-valued one: `anchorPoint` {x, y} (unit coordinates) or `shadowOffset` {width, height} (points).
    struct Pair: Sendable, Equatable {
        var property: AnimatedProperty
        var first: Located<Expression>
        var second: Located<Expression>
        var pointer: String
    }

    var numbers: [Number] = []
    var pairs: [Pair] = []
    var colors: [AnimatedProperty: Color] = [:]
    /// Switched at once, never animated (a block refuses them).
    var maskedCorners: CornerMask?
    var clipsToBounds: Bool?
    var isDoubleSided: Bool?

    static let numberKeys: [(String, AnimatedProperty)] = [
        ("cornerRadius", .cornerRadius), ("borderWidth", .borderWidth), ("shadowOpacity", .shadowOpacity),
        ("shadowRadius", .shadowRadius), ("zPosition", .zPosition),
    ]

    static func decode(_ r: inout SpecReader, animated: Bool) throws(SimulationError) -> LayerChangeSpec {
        if animated {
            for key in LayerChanges.switched where r.has(key) {
                throw SimulationError(r.path(key), "'\(key)' can't be animated (Core Animation switches it at once): set it in setup or in a completion")
            }
        }
        var c = LayerChangeSpec()
        if let v = r.value("anchorPoint") {
            var a = try SpecReader(v, at: r.path("anchorPoint"))
            c.pairs.append(Pair(property: .anchorPoint, first: try expr(&a, "x", default: nil), second: try expr(&a, "y", default: nil), pointer: a.pointer))
            try a.finish()
        }
        for (key, property) in numberKeys {
            if let v = r.value(key) { c.numbers.append(Number(property: property, value: try .decode(v, at: r.path(key)))) }
        }
        if let v = r.value("shadowOffset") {
            var o = try SpecReader(v, at: r.path("shadowOffset"))
            c.pairs.append(Pair(property: .shadowOffset, first: try expr(&o, "width", default: nil), second: try expr(&o, "height", default: nil), pointer: o.pointer))
            try o.finish()
        }
        for (key, property) in [("borderColor", AnimatedProperty.borderColor), ("shadowColor", .shadowColor)] {
            if let text = try r.string(key, maxLength: 9) {
                guard let parsed = ViewSpec.parseColor(text) else { throw SimulationError(r.path(key), "expected #rrggbb or #rrggbbaa") }
                c.colors[property] = parsed
            }
        }
        if !animated {
            if let v = r.value("maskedCorners") { c.maskedCorners = try CornerMask.decode(v, at: r.path("maskedCorners")) }
            c.clipsToBounds = try r.bool("clipsToBounds")
            c.isDoubleSided = try r.bool("isDoubleSided")
        }
        return c
    }

    var isEmpty: Bool { self == LayerChangeSpec() }
}

extension AnimatorInterpreter {
    /// The animatable layer values a change assigns, in a fixed order: the anchor point first
    /// (a frame in the same change is placed with the new anchor point), then the numbers, the
    /// pairs and the colours.
    func layerTargetValues(_ c: LayerChangeSpec) throws(SimulationError) -> [(AnimatedProperty, AnimatedValue)] {
        var values: [(AnimatedProperty, AnimatedValue)] = []
        for pair in c.pairs.sorted(by: { $0.property.rawValue < $1.property.rawValue }) {
            let p = Point(x: try evaluate(pair.first), y: try evaluate(pair.second))
            let limit = pair.property == .anchorPoint ? 1000 : LayerChanges.bound
            guard abs(p.x) <= limit, abs(p.y) <= limit else {
                throw SimulationError(pair.pointer, "stays within ±\(Int(limit)), got (\(p.x), \(p.y))")
            }
            values.append((pair.property, .point(p)))
        }
        for n in c.numbers {
            var v = try evaluate(n.value)
            switch n.property {
            // Opacity is kept within 0…1 as `alpha` is; lengths that can't be negative are refused.
            case .shadowOpacity: v = min(1, max(0, v))
            case .cornerRadius, .borderWidth, .shadowRadius:
                guard v >= 0 else { throw SimulationError(n.value.pointer, "must be at least 0, got \(v)") }
            default: break
            }
            try checkMagnitude([v], "the value", at: n.value.pointer)
            values.append((n.property, .number(v)))
        }
        for property in [AnimatedProperty.borderColor, .shadowColor] {
            if let color = c.colors[property] { values.append((property, .color(color))) }
        }
        // The anchor point goes first whatever the order of the members.
        return values.sorted { ($0.0 == .anchorPoint ? 0 : 1) < ($1.0 == .anchorPoint ? 0 : 1) }
    }
}
