import JSONCodec
import TransitionCore

/// How far a value may be from the expected one and still match, by kind of value
/// (docs/golden.md § Tolerances and budget: the defaults and their reasons).
struct Tolerance: Sendable, Equatable {
    enum Class: Sendable {
        case position, alpha, transform, exact
    }

    /// Points: half a point, the smallest step a 2× screen shows.
    var position = 0.5
    /// Opacity: one percent, below what a viewer tells apart.
    var alpha = 0.01
    /// A transform's unitless entries (scale, rotation, shear) and the anchor point: rounding only.
    var transform = 1e-6
    /// Seconds either side of each frame's time within which the service's values may be met
    /// (a harness whose frames are stamped late); 0: each frame at exactly its time.
    var time = 0.0

    static let names = ["alpha", "position", "time", "transform"]

    subscript(_ kind: Class) -> Double {
        switch kind {
        case .position: position
        case .alpha: alpha
        case .transform: transform
        case .exact: 0
        }
    }

    /// Sets one tolerance by name; false for an unknown name.
    mutating func set(_ name: String, _ value: Double) -> Bool {
        switch name {
        case "position": position = value
        case "alpha": alpha = value
        case "transform": transform = value
        case "time": time = value
        default: return false
        }
        return true
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("alpha"); writer.number(alpha)
        writer.key("position"); writer.number(position)
        writer.key("time"); writer.number(time)
        writer.key("transform"); writer.number(transform)
        writer.endObject()
    }
}

/// What a comparison holds values to, besides the frames: the tolerances, how many divergent
/// values still match (`budget`), and which properties are compared (all when empty). Read from
/// a compare body and from a golden file, where they are the same members.
struct ComparisonSettings: Sendable, Equatable {
    var tolerance = Tolerance()
    var budget = 0
    var properties: [String] = []

    /// A tolerance in seconds is at most this: wider would compare a frame with another moment.
    static let maxTime = 1.0
    static let maxProperties = 64

    /// Reads `tolerance`, `budget` and `properties` from `r` (its other members are its caller's).
    static func read(_ r: inout SpecReader) throws(SimulationError) -> ComparisonSettings {
        var settings = ComparisonSettings()
        if let value = r.value("tolerance") {
            var t = try SpecReader(value, at: r.path("tolerance"))
            for name in Tolerance.names {
                let bound = name == "time" ? maxTime : 1e6
                guard let v = t.object[name] else { continue }
                guard let n = v.numberValue, n.isFinite, n >= 0, n <= bound else {
                    throw SimulationError(t.path(name), name == "time" ? "a tolerance in seconds, from 0 to \(Int(maxTime))" : "a tolerance is a number from 0 to 1000000")
                }
                _ = t.value(name)
                _ = settings.tolerance.set(name, n)
            }
            try t.finish()
        }
        settings.budget = try r.integer("budget", in: 0...1_000_000_000) ?? 0
        if let list = try r.array("properties", maxCount: maxProperties) {
            for (i, item) in list.enumerated() {
                let at = "\(r.path("properties"))/\(i)"
                guard let name = item.stringValue else { throw SimulationError(at, "expected a property name, found \(item.typeName)") }
                guard ViewProperty.isKnown(name) else {
                    throw SimulationError(at, "unknown property '\(name)'; a view member (\(ViewProperty.shapes.keys.sorted().joined(separator: ", "))) or one of its leaves (windowFrame.width)")
                }
                settings.properties.append(name)
            }
        }
        return settings
    }

    /// Whether a leaf is compared.
    func compares(_ leaf: String) -> Bool {
        properties.isEmpty || properties.contains { leaf == $0 || (leaf.hasPrefix($0) && leaf.utf8.dropFirst($0.utf8.count).first == UInt8(ascii: ".")) }
    }

    /// The members as a golden file and a report hold them, `properties` only when not all.
    func write(to writer: inout JSONWriter) {
        writer.key("budget"); writer.integer(budget)
        if !properties.isEmpty {
            writer.key("properties")
            writer.beginArray()
            for p in properties { writer.string(p) }
            writer.endArray()
        }
        writer.key("tolerance"); tolerance.write(to: &writer)
    }
}
