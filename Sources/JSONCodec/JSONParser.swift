/// A strict RFC 8259 parser: exactly one value with optional whitespace around it, and nothing
/// the RFC leaves out (comments, trailing commas, single quotes, NaN, leading zeros, `+`).
/// Bodies come from untrusted clients, so it also rejects what RFC 8259 merely discourages
/// (duplicate keys, lone surrogates, invalid UTF-8), bounds every cost with `Limits`, and never
/// recurses: nesting lives on explicit stacks, so a deep document is an error, not a stack overflow.
public enum JSONParser {
    /// Bounds on what one document may cost, so a hostile body cannot exhaust memory or time.
    public struct Limits: Sendable {
        /// Containers may nest this deep (`[[1]]` has depth 2); one level more is an error.
        public var maxDepth: Int
        /// Longest string or member name, counted in UTF-8 bytes after unescaping.
        public var maxStringBytes: Int
        /// Most values in one document, containers and scalars alike.
        public var maxValues: Int
        /// Whether a member name repeated in one object is an error. Only a document this
        /// process wrote itself (whose writer never repeats a name) is read without the check,
        /// which compares each name with the object's others (a set, from 32 members on).
        public var rejectsDuplicateNames: Bool

        public init(maxDepth: Int = 64, maxStringBytes: Int = 65_536, maxValues: Int = 200_000, rejectsDuplicateNames: Bool = true) {
            self.maxDepth = maxDepth
            self.maxStringBytes = maxStringBytes
            self.maxValues = maxValues
            self.rejectsDuplicateNames = rejectsDuplicateNames
        }
    }

    public static func parse(_ bytes: [UInt8], limits: Limits = .init()) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { input throws(JSONParseError) in try parse(input, limits: limits) }
    }

    public static func parse(_ input: UnsafeBufferPointer<UInt8>, limits: Limits = .init()) throws(JSONParseError) -> JSONValue {
        var parser = Parser(input: input, limits: limits)
        return try parser.document()
    }
}

/// The parser's state. Finished values wait on `values` until their container closes; an open
/// object's member names wait on `keys`, one per value. Closing a container moves its tail of
/// `values` (and `keys`) into one new value, so the work is linear in the document's size.
/// Not copyable: it owns its stacks (MoveStack).
struct Parser: ~Copyable {
    let input: UnsafeBufferPointer<UInt8>
    let limits: JSONParser.Limits
    var index = 0
    /// Decoding buffer for strings that need unescaping or UTF-8 checks, reused across strings.
    var scratch: [UInt8] = []
    private var valueCount = 0
    /// How deep the value being parsed stands in its document: 0 for a document, more for a
    /// value a `JSONCursor` reads inside containers it opened itself.
    var baseDepth = 0
    private var values = MoveStack<JSONValue>()
    private var keys = MoveStack<String>()
    /// Each of `keys`' `NamePrint`.
    private var keyPrints: [UInt64] = []
    private var frames: [Frame] = []

    /// One open container.
    private struct Frame {
        var isObject: Bool
        /// Where its values start in `values`.
        var valueStart: Int
        /// Where its member names start in `keys`.
        var keyStart: Int
        /// Its member names as a set, built once it has enough of them that scanning `keys` for
        /// duplicates would make a large object quadratic.
        var seen: NameSet?
    }

    /// A set of member names held by reference, so that each insert mutates the one set in
    /// place: a `Set` in a frame of the `frames` array was copied whole by its insert (the copy
    /// taken out of the array was not unique), which made an object of 20,000 members take 26 s
    /// in a debug build.
    private final class NameSet {
        var names: Set<String>
        init(_ names: some Sequence<String>) { self.names = Set(names) }
    }

    /// Objects with fewer members than this check duplicates by scanning, comparing prints
    /// (`namePrint`) first, which beats hashing each name.
    private static let linearKeyScanLimit = 32

    init(input: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits) {
        self.input = input
        self.limits = limits
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        let value = try value()
        try end()
        return value
    }

    /// The value starting at `index` (after whitespace), `baseDepth` levels deep.
    mutating func value() throws(JSONParseError) -> JSONValue {
        while true {
            skipWhitespace()
            if try openValue() { continue }
            if try !advanceAfterValue() { break }
        }
        return values.removeLast()
    }

    /// Checks that nothing but whitespace is left.
    mutating func end() throws(JSONParseError) {
        skipWhitespace()
        guard index == input.count else { throw unexpected("expected the end of the input after the JSON value") }
    }

    /// Reads the start of a value. A scalar or an empty container is complete and lands on
    /// `values`; for a non-empty container, returns true: its first element (or, for an object,
    /// the value after its first member name) comes next.
    private mutating func openValue() throws(JSONParseError) -> Bool {
        guard index < input.count else { throw unexpected("expected a value") }
        switch input[index] {
        case .openBrace:
            try open(object: true)
            skipWhitespace()
            if index < input.count, input[index] == .closeBrace {
                index += 1
                close()
                return false
            }
            try memberName(afterComma: nil)
            return true
        case .openBracket:
            try open(object: false)
            skipWhitespace()
            if index < input.count, input[index] == .closeBracket {
                index += 1
                close()
                return false
            }
            return true
        case .quote:
            try countValue()
            values.append(.string(try string()))
        case .minus, .digit0 ... .digit9:
            try countValue()
            values.append(.number(try number()))
        default:
            try countValue()
            values.append(try literal())
        }
        return false
    }

    /// After a complete value: closes every container the input closes, then consumes the `,`
    /// (and, in an object, the next member name). Returns whether another value follows.
    private mutating func advanceAfterValue() throws(JSONParseError) -> Bool {
        while let frame = frames.last {
            skipWhitespace()
            let closer: UInt8 = frame.isObject ? .closeBrace : .closeBracket
            if index < input.count, input[index] == .comma {
                let comma = index
                index += 1
                if frame.isObject {
                    try memberName(afterComma: comma)
                } else {
                    try rejectTrailingComma(comma, before: closer)
                }
                return true
            }
            guard index < input.count, input[index] == closer else {
                throw unexpected(frame.isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element")
            }
            index += 1
            close()
        }
        return false
    }

    /// Reads `"name":` inside an object, rejecting a name the object already has.
    private mutating func memberName(afterComma comma: Int?) throws(JSONParseError) {
        if let comma { try rejectTrailingComma(comma, before: .closeBrace) }
        skipWhitespace()
        guard index < input.count, input[index] == .quote else { throw unexpected("expected a member name in double quotes") }
        let start = index
        let name = try string()
        try insert(name, print: namePrint(name, rawBytes: start + 1 ..< index - 1), at: start)
        skipWhitespace()
        guard index < input.count, input[index] == .colon else {
            throw unexpected("expected ':' after the member name \"\(Self.excerpt(name))\"")
        }
        index += 1
    }

    private mutating func rejectTrailingComma(_ comma: Int, before closer: UInt8) throws(JSONParseError) {
        skipWhitespace()
        if index < input.count, input[index] == closer {
            throw error(at: comma, "trailing comma before '\(Character(Unicode.Scalar(closer)))' is not allowed")
        }
    }

    /// A name's print for the duplicate check: for an ASCII name, its length and a hash of its
    /// bytes (never 0), which two ASCII names share only when they are likely the same; 0 for any
    /// other name. `rawBytes` is where the name stood between its quotes: its bytes when it had no
    /// escape (each escape is longer than what it stands for).
    private func namePrint(_ name: String, rawBytes: Range<Int>) -> UInt64 {
        guard name.utf8.count == rawBytes.count else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt8 = 0
        for i in rawBytes {
            high |= input[i]
            hash = (hash ^ UInt64(input[i])) &* 0x100_0000_01b3
        }
        return high < 0x80 ? hash | 1 : 0
    }

    /// Names compare as Swift strings (canonical equivalence), the same way `JSONObject` looks
    /// them up, so no two members of a parsed object can answer to the same name. Two ASCII names
    /// of different prints differ (an ASCII name may equal a non-ASCII one, `K` and the Kelvin
    /// sign: those compare as strings).
    private mutating func insert(_ name: String, print: UInt64, at offset: Int) throws(JSONParseError) {
        guard limits.rejectsDuplicateNames else {
            keys.append(name)
            return
        }
        let f = frames.count - 1
        let start = frames[f].keyStart
        let isDuplicate: Bool
        if keys.count - start < Self.linearKeyScanLimit {
            var found = false
            for j in start ..< keys.count where print == 0 || keyPrints[j] == 0 || keyPrints[j] == print {
                if keys[j] == name {
                    found = true
                    break
                }
            }
            isDuplicate = found
        } else {
            let seen = frames[f].seen ?? NameSet(names(from: start))
            frames[f].seen = seen
            isDuplicate = !seen.names.insert(name).inserted
        }
        guard !isDuplicate else { throw error(at: offset, "duplicate member name \"\(Self.excerpt(name))\" in an object") }
        keys.append(name)
        keyPrints.append(print)
    }

    /// The member names on `keys` from `start`.
    private func names(from start: Int) -> [String] {
        var names: [String] = []
        for j in start ..< keys.count { names.append(keys[j]) }
        return names
    }

    private mutating func open(object: Bool) throws(JSONParseError) {
        try checkDepth(baseDepth + frames.count)
        try countValue()
        frames.append(Frame(isObject: object, valueStart: values.count, keyStart: keys.count))
        index += 1
    }

    /// Moves the innermost container's values (and member names) into one value.
    private mutating func close() {
        let frame = frames.removeLast()
        if frame.isObject {
            let entries = keys.moveTail(from: frame.keyStart, pairedWith: &values, from: frame.valueStart)
            if limits.rejectsDuplicateNames { keyPrints.removeSubrange(frame.keyStart...) }
            values.append(.object(JSONObject(entries)))
        } else {
            values.append(.array(values.moveTail(from: frame.valueStart)))
        }
    }

    /// Refuses to open a container at `depth` (the containers around it) beyond the limit.
    @inline(__always)
    func checkDepth(_ depth: Int) throws(JSONParseError) {
        guard depth < limits.maxDepth else {
            throw error(at: index, "nesting is deeper than the limit of \(limits.maxDepth) levels")
        }
    }

    /// `countValue` for `n` values at once.
    mutating func countValues(_ n: Int) throws(JSONParseError) {
        valueCount += n
        guard valueCount <= limits.maxValues else {
            throw error(at: index, "the document has more than the limit of \(limits.maxValues) values")
        }
    }

    @inline(__always)
    mutating func countValue() throws(JSONParseError) {
        valueCount += 1
        guard valueCount <= limits.maxValues else {
            throw error(at: index, "the document has more than the limit of \(limits.maxValues) values")
        }
    }

    /// `true`, `false` or `null`, not followed by more letters (`nullx` is one bad word, not two).
    mutating func literal() throws(JSONParseError) -> JSONValue {
        let start = index
        let value: JSONValue
        if consume("true") {
            value = .bool(true)
        } else if consume("false") {
            value = .bool(false)
        } else if consume("null") {
            value = .null
        } else {
            throw unexpected("expected a value")
        }
        if index < input.count, Self.isWordByte(input[index]) {
            index = start
            throw unexpected("expected a value")
        }
        return value
    }

    private mutating func consume(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard input.count - index >= count,
              UnsafeBufferPointer(rebasing: input[index ..< index + count]).elementsEqual(
                  UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { return false }
        index += count
        return true
    }

    mutating func skipWhitespace() {
        while index < input.count {
            switch input[index] {
            case .space, .tab, .lineFeed, .carriageReturn: index += 1
            default: return
            }
        }
    }
}
