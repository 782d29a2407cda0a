/// Passing over values without making them: a reader that only needs a document's outline (where
/// each part starts and ends, how many elements a list has) before it reads any part.
///
/// What is passed over is checked as `JSONParser` checks it (its grammar, string escapes and
/// UTF-8, numbers in range, depth and value count, string length), except that a member name
/// repeated in one object goes unnoticed: a reader that skips a part must read it, or know it
/// for bytes this process wrote, before it takes the document as valid.
extension JSONCursor {
    /// A scalar passed over (`skipScalar`).
    public enum Scalar {
        case string, number, bool, null
    }

    /// Where the cursor stands in the input (whitespace not passed over).
    public var position: Int { parser.index }

    /// Where the next byte after whitespace stands in the input.
    public mutating func offset() -> Int {
        _ = peek()
        return parser.index
    }

    /// Moves on to `offset`, past a value its reader passed over itself from `offset()`, which
    /// held `values` values (counted as the parser counts them) and nothing deeper than the limit.
    public mutating func pass(to offset: Int, values: Int) throws(JSONParseError) {
        try parser.countValues(values)
        parser.index = offset
    }

    /// The limits the cursor reads under.
    public var limits: JSONParser.Limits { parser.limits }

    /// How many containers the reader has opened and not closed.
    public var openContainers: Int { depth }

    /// Passes over the scalar that comes next, counted as one value; nil when a container (or
    /// anything but a scalar) comes next, with nothing consumed.
    public mutating func skipScalar() throws(JSONParseError) -> Scalar? {
        guard let byte = peek() else { return nil }
        switch byte {
        case .quote:
            try parser.countValue()
            try parser.skipString()
            return .string
        case .minus, .digit0 ... .digit9:
            try parser.countValue()
            try parser.skipNumber()
            return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            try parser.countValue()
            _ = try parser.literal()
            return .bool
        case UInt8(ascii: "n"):
            try parser.countValue()
            _ = try parser.literal()
            return .null
        default:
            return nil
        }
    }

    /// Passes over the value that comes next, whatever it is. With `names`, a member name
    /// repeated in an object is an error too (`NamesUnchecked` when that cannot be told cheaply:
    /// a name with an escape or outside ASCII, an object of 32 members or more).
    public mutating func skip(checkingNames names: Bool = false) throws {
        // The containers open inside the value, innermost last (true: an object), and with
        // `names`, where each open object's names stand in the input.
        var open: [Bool] = []
        var given: [[Range<Int>]] = []
        while true {
            if let byte = peek(), byte == .openBrace || byte == .openBracket {
                let isObject = byte == .openBrace
                _ = try self.open(byte)
                var first = true
                if try next(isObject ? .closeBrace : .closeBracket, first: &first) {
                    open.append(isObject)
                    if isObject {
                        if names { given.append([]) }
                        try skipName(checking: names, in: &given)
                    }
                    continue
                }
            } else if try skipScalar() == nil {
                _ = try value()
            }
            // After a value: close what closes, or go on to the next value of what is open.
            var more = false
            while let isObject = open.last {
                var first = false
                if try next(isObject ? .closeBrace : .closeBracket, first: &first) {
                    if isObject { try skipName(checking: names, in: &given) }
                    more = true
                    break
                }
                open.removeLast()
                if isObject, names { given.removeLast() }
            }
            if !more { return }
        }
    }

    /// A member name could not be checked for repeats by `skip(checkingNames:)`.
    public struct NamesUnchecked: Error {}

    /// A member name and its `:`, passed over; when `checking`, refused when the innermost open
    /// object of `objects` (each one's names so far) has it already.
    private mutating func skipName(checking: Bool, in objects: inout [[Range<Int>]]) throws {
        if let name = try name() {
            guard checking else { return }
            let start = name.baseAddress! - parser.input.baseAddress!
            let last = objects.count - 1
            guard objects[last].count < 32 else { throw NamesUnchecked() }
            for other in objects[last] where other.count == name.count {
                if UnsafeBufferPointer(rebasing: parser.input[other]).elementsEqual(name) {
                    throw parser.error(at: start - 1, "duplicate member name in an object")
                }
            }
            objects[last].append(start ..< start + name.count)
            return
        }
        guard !checking else { throw NamesUnchecked() }
        guard peek() == .quote else { _ = try value(); return }
        try parser.skipString()
        guard peek() == .colon else { _ = try value(); return }
        parser.index += 1
    }
}

extension Parser {
    /// Passes over a string starting at the opening quote under `index`, as `string()` reads it:
    /// plain ASCII up to the quote is only measured, anything else is read.
    mutating func skipString() throws(JSONParseError) {
        var end = index + 1
        while end < input.count {
            let byte = input[end]
            if byte == .quote || byte == .backslash || byte < 0x20 || byte >= 0x80 { break }
            end += 1
        }
        if end < input.count, input[end] == .quote, end - index - 1 <= limits.maxStringBytes {
            index = end + 1
            return
        }
        _ = try string()
    }

    /// Passes over a number under `index`, as `number()` reads it: one with no exponent and at
    /// most 300 digits is in range, so its grammar alone is checked; any other is read.
    mutating func skipNumber() throws(JSONParseError) {
        let start = index
        var end = index
        if input[end] == .minus { end += 1 }
        func digits() { while end < input.count, (.digit0 ... .digit9).contains(input[end]) { end += 1 } }
        let integer = end
        digits()
        var plain = end > integer && (input[integer] != .digit0 || end == integer + 1)
        if plain, end < input.count, input[end] == .dot {
            end += 1
            let fraction = end
            digits()
            plain = end > fraction
        }
        if plain, end < input.count, input[end] | 0x20 == UInt8(ascii: "e") { plain = false }
        if plain, end - start <= 300 {
            index = end
            return
        }
        _ = try number()
    }
}
