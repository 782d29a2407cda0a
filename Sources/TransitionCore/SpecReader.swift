import JSONCodec

/// Reads one JSON object of a request or spec, with every error pointing at the field
/// concerned. Unknown members are refused (`finish()`), so a typo never passes silently.
public struct SpecReader {
    public let object: JSONObject
    public let pointer: String
    private var seen: Set<String> = []

    public init(_ value: JSONValue, at pointer: String) throws(SimulationError) {
        guard let object = value.objectValue else {
            throw SimulationError(pointer, "expected an object, found \(value.typeName)")
        }
        // No request member is nullable (openapi.yaml declares none): a null is refused here, by
        // name, rather than read as if the member were left out, so `{"by": 1, "to": null}` never
        // passes for something the client did not mean.
        if let member = object.entries.first(where: { $0.value.isNull }) {
            throw SimulationError(Self.child(pointer, member.key), "is null; leave the member out instead")
        }
        self.object = object
        self.pointer = pointer
    }

    public static func child(_ pointer: String, _ token: String) -> String {
        var escaped = pointer + "/"
        for ch in token {
            switch ch {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(ch)
            }
        }
        return escaped
    }

    public func path(_ key: String) -> String { Self.child(pointer, key) }

    public mutating func value(_ key: String) -> JSONValue? {
        seen.insert(key)
        return object[key]
    }

    /// Counts as read the members another reader of the same object read (an animator body
    /// written among its definition's members).
    mutating func accept(_ keys: [String]) {
        seen.formUnion(keys)
    }

    mutating func has(_ key: String) -> Bool {
        object[key] != nil
    }

    public mutating func string(_ key: String, maxLength: Int = 256) throws(SimulationError) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.stringValue else { throw SimulationError(path(key), "expected a string, found \(v.typeName)") }
        guard s.utf8.count <= maxLength else { throw SimulationError(path(key), "longer than \(maxLength) bytes") }
        return s
    }

    mutating func requiredString(_ key: String, maxLength: Int = 256) throws(SimulationError) -> String {
        guard let s = try string(key, maxLength: maxLength) else { throw SimulationError(path(key), "is required") }
        return s
    }

    /// A finite number within `range`.
    public mutating func number(_ key: String, in range: ClosedRange<Double>) throws(SimulationError) -> Double? {
        guard let v = value(key) else { return nil }
        guard let n = v.numberValue else { throw SimulationError(path(key), "expected a number, found \(v.typeName)") }
        guard n.isFinite, range.contains(n) else {
            throw SimulationError(path(key), "must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound))")
        }
        return n
    }

    mutating func requiredNumber(_ key: String, in range: ClosedRange<Double>) throws(SimulationError) -> Double {
        guard let n = try number(key, in: range) else { throw SimulationError(path(key), "is required") }
        return n
    }

    /// A finite number, required: an animator parameter, which may be any finite value.
    mutating func requiredNumber(_ key: String) throws(SimulationError) -> Double {
        try requiredNumber(key, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
    }

    /// A point `{"x", "y"}`, each coordinate finite and within ±10⁶ points.
    mutating func point(_ key: String) throws(SimulationError) -> Point? {
        guard let v = value(key) else { return nil }
        var r = try SpecReader(v, at: path(key))
        let p = Point(x: try r.requiredNumber("x", in: -1e6...1e6), y: try r.requiredNumber("y", in: -1e6...1e6))
        try r.finish()
        return p
    }

    public mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(SimulationError) -> Int? {
        guard let n = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard n == n.rounded() else { throw SimulationError(path(key), "must be a whole number") }
        return Int(n)
    }

    public mutating func bool(_ key: String) throws(SimulationError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard let b = v.boolValue else { throw SimulationError(path(key), "expected true or false, found \(v.typeName)") }
        return b
    }

    public mutating func array(_ key: String, maxCount: Int) throws(SimulationError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard let a = v.arrayValue else { throw SimulationError(path(key), "expected an array, found \(v.typeName)") }
        guard a.count <= maxCount else { throw SimulationError(path(key), "holds more than \(maxCount) items") }
        return a
    }

    /// Refuses members that no `value(_:)` call asked for.
    public func finish() throws(SimulationError) {
        for key in object.keys where !seen.contains(key) {
            throw SimulationError(path(key), "unknown member '\(key)'")
        }
    }

    static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
