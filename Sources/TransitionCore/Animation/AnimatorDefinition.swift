import JSONCodec

/// The operations a transition can perform, and so the keys an animator may have a body for.
public enum TransitionOperation: String, Sendable, CaseIterable {
    case push, pop, present, dismiss, selectTab
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
    public var bodies: [(operation: TransitionOperation?, body: AnimatorBody)]
    /// The definition as JSON, exactly as written: what `GET /v1/animators/{name}` serves.
    public var json: JSONValue

    public var operations: [TransitionOperation] {
        bodies.contains { $0.operation == nil } ? TransitionOperation.allCases : bodies.compactMap(\.operation)
    }

    public func body(for operation: TransitionOperation) -> AnimatorBody? {
        bodies.first { $0.operation == operation }?.body ?? bodies.first { $0.operation == nil }?.body
    }

    /// Decodes `{"name"?, "summary"?, "source"?, "parameters"?, then either the members of one
    /// body (duration, setup, animations) or one body per operation under its name}`.
    public static func decode(_ json: JSONValue, at pointer: String, defaultName: String) throws(SpecError) -> AnimatorDefinition {
        var r = try SpecReader(json, at: pointer)
        let name = try r.string("name", maxLength: 64) ?? defaultName
        let summary = try r.string("summary", maxLength: 512) ?? ""
        let source = try r.string("source", maxLength: 1024) ?? ""
        var parameters = JSONObject()
        if let p = r.value("parameters") {
            guard let object = p.objectValue else { throw SpecError(r.path("parameters"), "expected an object of defaults") }
            guard object.entries.count <= 32 else { throw SpecError(r.path("parameters"), "at most 32 parameters") }
            for (key, value) in object.entries {
                guard ViewSpec.isValidID(key), !key.contains(".") else {
                    throw SpecError(SpecReader.child(r.path("parameters"), key), "parameter names are letters, digits, '-' and '_'")
                }
                switch value {
                case .number(let n) where n.isFinite: break
                case .string(let s) where s.utf8.count <= 256: break
                case .object, .array: break  // a timing object, read by "@name" curves
                default: throw SpecError(SpecReader.child(r.path("parameters"), key), "a default is a number, a string or a timing object")
                }
            }
            parameters = object
        }
        var bodies: [(TransitionOperation?, AnimatorBody)] = []
        if r.has("duration") {
            bodies.append((nil, try AnimatorBody.decodeMembers(&r)))
        } else {
            for op in TransitionOperation.allCases {
                if let b = r.value(op.rawValue) { bodies.append((op, try AnimatorBody.decode(b, at: r.path(op.rawValue)))) }
            }
            guard !bodies.isEmpty else {
                throw SpecError(pointer, "an animator needs a body: duration/setup/animations, or one body per operation (push, pop, present, dismiss, selectTab)")
            }
        }
        try r.finish()
        return AnimatorDefinition(name: name, summary: summary, source: source, parameters: parameters,
                                  bodies: bodies.map { (operation: $0.0, body: $0.1) }, json: json)
    }

    /// The parameters with an action's overrides applied; unknown names are refused.
    public func resolvedParameters(_ overrides: JSONObject, at pointer: String) throws(SpecError) -> JSONObject {
        var merged = parameters
        for (key, value) in overrides.entries {
            guard parameters[key] != nil else {
                let known = parameters.keys.joined(separator: ", ")
                throw SpecError(SpecReader.child(pointer, key), "animator '\(name)' has no parameter '\(key)'" + (known.isEmpty ? "" : " (it has \(known))"))
            }
            merged[key] = value
        }
        return merged
    }
}
