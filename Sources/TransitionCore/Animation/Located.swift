import JSONCodec

/// A node of the animator language with the JSON pointer it was decoded from, relative to its
/// body. Validation and the interpreter report `pointer` as it is; the body's own place in a request
/// is added in one place (`AnimatorDefinition.decode` for decoding and validation,
/// `World.beginTransition` for running).
struct Located<Value: Sendable>: Sendable {
    var value: Value
    var pointer: String

    init(_ value: Value, at pointer: String) {
        self.value = value
        self.pointer = pointer
    }
}

extension Located: Equatable where Value: Equatable {}

/// A leaf of the animator language that decodes from one JSON value.
protocol SpecDecodable: Sendable {
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Self
}

extension Located where Value: SpecDecodable {
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Located {
        Located(try Value.decode(json, at: pointer), at: pointer)
    }
}

extension Expression: SpecDecodable {}
extension ViewReference: SpecDecodable {}
extension RectValue: SpecDecodable {}
