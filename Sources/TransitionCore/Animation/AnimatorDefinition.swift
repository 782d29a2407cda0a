import JSONCodec

/// The operations a transition can perform, and so the keys an animator may have a body for.
public enum TransitionOperation: String, Sendable, CaseIterable {
    case push, pop, present, dismiss, selectTab

    /// A push or presentation, which brings its `to` controller in; a pop or dismissal takes its
    /// `from` controller away (a tab switch does neither, and says false).
    var bringsIn: Bool { self == .push || self == .present }
}

/// A named animator in the language: parameters with defaults, and a body per operation (or
/// one body for any operation). This is both the catalogue's format and what clients post inline.
public struct AnimatorDefinition: Sendable {
    public var name: String
    public var summary: String
    /// Where the animator and its default numbers come from.
    public var source: String
    /// Parameter names and default values (numbers, or strings for curves and view paths), in order.
    public var parameters: JSONObject
    var bodies: [(operation: TransitionOperation?, body: AnimatorBody)]
    /// The definition as JSON, exactly as written: what `GET /v1/animators/{name}` serves.
    public var json: JSONValue
    /// What the animator is to UIKit: nil for the app's own.
    var platform: Platform?

    public var operations: [TransitionOperation] {
        bodies.contains { $0.operation == nil } ? TransitionOperation.allCases : bodies.compactMap(\.operation)
    }

    func body(for operation: TransitionOperation) -> AnimatorBody? {
        bodies.first { $0.operation == operation }?.body ?? bodies.first { $0.operation == nil }?.body
    }

    /// Decodes `{"name"?, "summary"?, "source"?, "parameters"?, then either the members of one
    /// body (duration, setup, animations) or one body per operation under its name}`.
    public static func decode(_ json: JSONValue, at pointer: String, defaultName: String) throws(SimulationError) -> AnimatorDefinition {
        var r = try SpecReader(json, at: pointer)
        let name = try r.string("name", maxLength: 64) ?? defaultName
        guard ViewSpec.isValidID(name) else { throw SimulationError(r.path("name"), "an animator name is letters, digits, '-', '_' and '.'") }
        let summary = try r.string("summary", maxLength: 512) ?? ""
        let source = try r.string("source", maxLength: 1024) ?? ""
        var parameters = JSONObject()
        if let p = r.value("parameters") {
            guard let object = p.objectValue else { throw SimulationError(r.path("parameters"), "expected an object of defaults") }
            guard object.entries.count <= 32 else { throw SimulationError(r.path("parameters"), "at most 32 parameters") }
            for (key, value) in object.entries {
                guard ViewSpec.isValidID(key), !key.contains(".") else {
                    throw SimulationError(SpecReader.child(r.path("parameters"), key), "parameter names are letters, digits, '-' and '_'")
                }
                switch value {
                case .number(let n) where n.isFinite: break
                case .string(let s) where s.utf8.count <= 256: break
                case .object, .array: break  // a timing object, read by "@name" curves
                default: throw SimulationError(SpecReader.child(r.path("parameters"), key), "a default is a number, a string or a timing object")
                }
            }
            parameters = object
        }
        // Each body's nodes are located relative to the body; its errors point into the document.
        var bodies: [(operation: TransitionOperation?, pointer: String, body: AnimatorBody)] = []
        if r.has("duration") {
            bodies.append((nil, pointer, try AnimatorBody.decode(membersOf: json, at: pointer)))
            r.accept(AnimatorBody.members)
        } else {
            for op in TransitionOperation.allCases {
                if let b = r.value(op.rawValue) { bodies.append((op, r.path(op.rawValue), try AnimatorBody.decode(b, at: r.path(op.rawValue)))) }
            }
            guard !bodies.isEmpty else {
                throw SimulationError(pointer, "an animator needs a body: duration/setup/animations, or one body per operation (push, pop, present, dismiss, selectTab)")
            }
        }
        try r.finish()
        // Validation comes after every body has decoded, so that a decoding error is reported first.
        for (_, bodyPointer, body) in bodies {
            do throws(SimulationError) {
                try AnimatorValidator.validate(body, parameters: parameters)
            } catch {
                throw error.inside(bodyPointer)
            }
        }
        return AnimatorDefinition(name: name, summary: summary, source: source, parameters: parameters,
                                  bodies: bodies.map { (operation: $0.operation, body: $0.body) }, json: json,
                                  platform: Platform(name: name, parameters: parameters))
    }

    /// An override has the kind of value its default has: a number for a number (expressions
    /// read it), a string for a view path, and a curve name or a timing object for a timing.
    static func checkOverride(_ value: JSONValue, replacing fallback: JSONValue, at pointer: String) throws(SimulationError) {
        switch (fallback, value) {
        case (.number, .number(let n)):
            guard n.isFinite else { throw SimulationError(pointer, "must be finite") }
        case (.number(let number), _):
            throw SimulationError(pointer, "expected a number (the default is \(number)), found \(value.typeName)")
        case (.string, .string(let s)), (.object, .string(let s)), (.array, .string(let s)):
            guard s.utf8.count <= 256 else { throw SimulationError(pointer, "longer than 256 bytes") }
        case (.string, .object), (.object, .object), (.string, .array), (.array, .array), (.object, .array), (.array, .object):
            break
        default:
            throw SimulationError(pointer, "expected a \(fallback.typeName) like the default, found \(value.typeName)")
        }
        // A timing's override is a timing, in range, as the Timing module reads it: checked here,
        // not when an "@name" curve first reads it in a running transition.
        if (try? TimingCurve.check(fallback, at: pointer)) != nil {
            try TimingCurve.check(value, at: pointer)
        }
    }

    /// The parameters with an action's overrides applied; unknown names are refused.
    func resolvedParameters(_ overrides: JSONObject, at pointer: String) throws(SimulationError) -> JSONObject {
        var merged = parameters
        for (key, value) in overrides.entries {
            guard let fallback = parameters[key] else {
                let known = parameters.keys.joined(separator: ", ")
                throw SimulationError(SpecReader.child(pointer, key), "animator '\(name)' has no parameter '\(key)'" + (known.isEmpty ? "" : " (it has \(known))"))
            }
            if key == "sourceView" || key == "targetView", value.stringValue == nil {
                throw SimulationError(SpecReader.child(pointer, key), "expected a view path (a string), found \(value.typeName)")
            }
            try Self.checkOverride(value, replacing: fallback, at: SpecReader.child(pointer, key))
            merged[key] = value
        }
        return merged
    }
}
