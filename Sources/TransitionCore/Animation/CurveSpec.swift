import JSONCodec

/// A block's timing as written: a timing JSON for `TimingCurve.decode` (named, cubic, any spring
/// form), possibly with expressions in place of its numbers (`{"spring": {"dampingRatio":
/// "damping", "initialVelocity": "1 / damping"}}`), or `"@name"`, a parameter holding one.
/// Decoded when the block runs: a UIKit-style spring needs the block's duration.
struct CurveSpec: Sendable, Equatable {
    var json: JSONValue
    /// Where the timing is written (or would be): timing errors at run time point here.
    var pointer: String
    /// The expressions inside the timing JSON, located in it (none for `"@name"`).
    var expressions: [Located<Expression>]

    /// Strings inside a timing object that are words of the timing language, not expressions.
    static let keywords: Set<String> = ["system", "curve7"]
    static let maxNodes = 64

    static func decode(_ json: JSONValue?, at pointer: String) throws(SimulationError) -> CurveSpec {
        guard let json else { return CurveSpec(json: .string("easeInOut"), pointer: pointer, expressions: []) }
        if let name = json.stringValue, name.hasPrefix("@") {
            let parameter = String(name.dropFirst())
            guard !parameter.isEmpty, ViewSpec.isValidID(parameter) else { throw SimulationError(pointer, "'@' is followed by a parameter name") }
            return CurveSpec(json: json, pointer: pointer, expressions: [])
        }
        var nodes = 0
        var expressions: [(String, Expression)] = []
        try collect(json, at: pointer, depth: 0, nodes: &nodes, into: &expressions)
        // Check the shape now, with every expression standing in as 1; the numbers are checked
        // again when the block runs.
        let probe = try substitute(json, depth: 0) { (_) throws(SimulationError) in 1 }
        try TimingCurve.check(probe, at: pointer)
        return CurveSpec(json: json, pointer: pointer, expressions: expressions.map { Located($0.1, at: $0.0) })
    }

    /// The parameter a `"@name"` curve reads.
    var parameter: String? {
        guard let s = json.stringValue, s.hasPrefix("@") else { return nil }
        return String(s.dropFirst())
    }

    static func collect(_ json: JSONValue, at pointer: String, depth: Int, nodes: inout Int,
                        into found: inout [(String, Expression)]) throws(SimulationError) {
        nodes += 1
        guard nodes <= maxNodes, depth <= 4 else { throw SimulationError(pointer, "a timing is a small object (at most \(maxNodes) values, 4 levels)") }
        switch json {
        case .object(let object):
            for (key, value) in object.entries { try collect(value, at: SpecReader.child(pointer, key), depth: depth + 1, nodes: &nodes, into: &found) }
        case .array(let list):
            for (i, value) in list.enumerated() { try collect(value, at: SpecReader.child(pointer, String(i)), depth: depth + 1, nodes: &nodes, into: &found) }
        case .string(let text) where depth > 0 && !keywords.contains(text):
            found.append((pointer, try Expression.decode(json, at: pointer)))
        default:
            break
        }
    }

    /// The JSON with each expression string inside it replaced by its value.
    static func substitute(_ json: JSONValue, depth: Int, _ value: (Expression) throws(SimulationError) -> Double) throws(SimulationError) -> JSONValue {
        switch json {
        case .object(let object):
            var out = JSONObject()
            for (key, v) in object.entries { out[key] = try substitute(v, depth: depth + 1, value) }
            return .object(out)
        case .array(let list):
            var out: [JSONValue] = []
            for v in list { out.append(try substitute(v, depth: depth + 1, value)) }
            return .array(out)
        case .string(let text) where depth > 0 && !keywords.contains(text):
            guard let e = try? Expression.decode(json, at: "") else { return json }
            return .number(try value(e))
        default:
            return json
        }
    }
}
