/// A way through one JSON document for a reader that knows the shape it expects and reads the
/// values straight into its own form, with no `JSONValue` tree (a golden check's expected frames:
/// 850 KB of views). It reads with the parser's own scanning (whitespace, strings, numbers,
/// literals) under the same `Limits` (depth, string length, value count), and any part the
/// reader has no form for is parsed into a `JSONValue` as `JSONParser` would (`value()`).
///
/// It accepts only what `JSONParser` accepts, but not in the same order: a reader that sees a
/// shape it does not expect stops where it is, and whatever the parser would say of the
/// document as a whole (an error further on) is left to the parser. So a reader that fails
/// does not say why: its caller parses the document again with `JSONParser`, whose errors
/// are the ones to answer. Member names are checked for repeats by the reader (`name()`).
public struct JSONCursor: ~Copyable {
    var parser: Parser
    /// The containers the reader has opened and not closed.
    var depth = 0

    public init(_ input: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits) {
        parser = Parser(input: input, limits: limits)
    }

    /// A cursor at `offset` of the input, inside `depth` containers opened before it (a part
    /// of a document found by passing over it: `skip()`, `offset()`). It counts values from 0.
    public init(_ input: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits, at offset: Int, depth: Int) {
        parser = Parser(input: input, limits: limits)
        parser.index = offset
        self.depth = depth
    }

    /// The next byte after whitespace (not consumed); nil at the end of the input.
    public mutating func peek() -> UInt8? {
        parser.skipWhitespace()
        return parser.index < parser.input.count ? parser.input[parser.index] : nil
    }

    /// Opens the container `opener` (`{` or `[`) when it comes next, counted as one value.
    public mutating func open(_ opener: UInt8) throws(JSONParseError) -> Bool {
        guard peek() == opener else { return false }
        try parser.checkDepth(depth)
        try parser.countValue()
        parser.index += 1
        depth += 1
        return true
    }

    /// Whether another element or member follows in the open container that `closer` closes,
    /// having consumed the `,` before it (not before the first: `first`, then set to false);
    /// false once the container is closed (consumed). Throws when neither comes next.
    public mutating func next(_ closer: UInt8, first: inout Bool) throws(JSONParseError) -> Bool {
        let byte = peek()
        if byte == closer {
            parser.index += 1
            depth -= 1
            return false
        }
        if !first {
            guard byte == .comma else { throw parser.unexpected("expected ',' or '\(Character(Unicode.Scalar(closer)))'") }
            parser.index += 1
        }
        first = false
        return true
    }

    /// A member name and the `:` after it, as its bytes between the quotes, when it is printable
    /// ASCII with no escape (what the bytes stand for is then the bytes); nil for any other, with
    /// nothing consumed. The bytes are the input's, valid as long as it is.
    public mutating func name() throws(JSONParseError) -> UnsafeBufferPointer<UInt8>? {
        guard peek() == .quote else { return nil }
        let input = parser.input
        var end = parser.index + 1
        while end < input.count, input[end] >= 0x20, input[end] < 0x80, input[end] != .quote, input[end] != .backslash { end += 1 }
        guard end < input.count, input[end] == .quote, end - parser.index - 1 <= parser.limits.maxStringBytes else { return nil }
        let start = parser.index + 1
        parser.index = end + 1
        guard peek() == .colon else { throw parser.unexpected("expected ':' after a member name") }
        parser.index += 1
        return UnsafeBufferPointer(rebasing: input[start ..< end])
    }

    /// A number when one comes next, read as `JSONParser` reads it.
    public mutating func number() throws(JSONParseError) -> Double? {
        guard let byte = peek(), byte == .minus || (.digit0 ... .digit9).contains(byte) else { return nil }
        try parser.countValue()
        return try parser.number()
    }

    /// A string when one comes next, read as `JSONParser` reads it.
    public mutating func string() throws(JSONParseError) -> String? {
        guard peek() == .quote else { return nil }
        try parser.countValue()
        return try parser.string()
    }

    /// `true` or `false` when one comes next.
    public mutating func bool() throws(JSONParseError) -> Bool? {
        guard let byte = peek(), byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") else { return nil }
        try parser.countValue()
        return try parser.literal().boolValue
    }

    /// Whether `null` comes next (consumed).
    public mutating func null() throws(JSONParseError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try parser.countValue()
        return try parser.literal().isNull
    }

    /// The next value, whatever it is, parsed as `JSONParser` parses it where it stands.
    public mutating func value() throws(JSONParseError) -> JSONValue {
        parser.baseDepth = depth
        return try parser.value()
    }

    /// Checks that the document ends here (whitespace aside).
    public mutating func end() throws(JSONParseError) {
        try parser.end()
    }
}
