/// Builds compact JSON bytes directly, with no intermediate `JSONValue`: the service's snapshot
/// encoding goes through here. Each token (its comma included) reserves its room in the output
/// once and is then stored with no further checks (`OutputBuffer`).
///
/// Commas are automatic. One flag is enough for any nesting: after `[`, `{` or a key nothing is
/// pending; after any complete value a comma is, and the next key or value writes it. Callers
/// must still balance their begins and ends and give every object member a key.
///
/// The output is deterministic: the same calls give the same bytes (keys in call order, numbers
/// in one fixed format, see `number(_:)`).
///
/// Cost: `transition-bench repeat encode N` under callgrind counts the instructions of encoding
/// the benchmark snapshot (scripts/bench prints them). A writer owns its output and cannot be
/// copied.
public struct JSONWriter: ~Copyable {
    /// The output so far.
    @usableFromInline var output: OutputBuffer
    /// Decimal places numbers are rounded to, and 10^precision.
    public let precision: Int?
    let scale: Double?
    @usableFromInline var needsComma = false

    /// - Parameter precision: round every number to this many decimal places (clamped to 0…15)
    ///   before writing it; nil writes numbers exactly.
    public init(precision: Int? = nil, reservingCapacity: Int = 4096) {
        let places = precision.map { min(max($0, 0), 15) }
        self.precision = places
        scale = places.map { places in (0 ..< places).reduce(1.0) { power, _ in power * 10 } }
        output = OutputBuffer(capacity: reservingCapacity)
    }

    /// The output so far, as an array (a copy: take it once, when the document is complete).
    public var bytes: [UInt8] { output.bytes }

    /// How many bytes have been written.
    public var count: Int { output.count }

    /// The output, finished: its memory handed on rather than copied (a body for libmicrohttpd).
    public consuming func finish() -> MallocBytes {
        let (start, count) = output.take()
        return MallocBytes(owning: start, count: count)
    }

    /// `v` as compact JSON, object members in entry order.
    public static func encode(_ v: JSONValue, precision: Int? = nil) -> [UInt8] {
        var writer = JSONWriter(precision: precision, reservingCapacity: 256)
        writer.value(v)
        return writer.bytes
    }

    // The structural tokens, literal values and literal keys are inlined into the encoders, where
    // the literal's length is a constant and its copy folds to a few stores.

    @inlinable @inline(__always)
    public mutating func beginObject() {
        appendValueToken("{")
        needsComma = false
    }

    @inlinable @inline(__always)
    public mutating func endObject() {
        output.append(.closeBrace)
        needsComma = true
    }

    @inlinable @inline(__always)
    public mutating func beginArray() {
        appendValueToken("[")
        needsComma = false
    }

    @inlinable @inline(__always)
    public mutating func endArray() {
        output.append(.closeBracket)
        needsComma = true
    }

    /// A member name written as it stands: the caller guarantees it needs no escaping (no `"`,
    /// `\` or control characters), which holds for the literal names the encoders use.
    @inlinable @inline(__always)
    public mutating func key(_ k: StaticString) {
        assert(k.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == .quote || $0 == .backslash } }, "key \(k) needs escaping")
        k.withLiteralBytes { appendKey($0, $1) }
    }

    /// `"name":` after its comma; `name` needs no escaping.
    @inlinable @inline(__always)
    mutating func appendKey(_ name: UnsafePointer<UInt8>, _ count: Int) {
        let out = output.spare(count + 4)
        // The comma is stored whether or not it is pending, and kept only when it is: no branch.
        out[0] = .comma
        let n = needsComma ? 1 : 0
        out[n] = .quote
        OutputBuffer.copy(name, count, to: out + n + 1)
        out[n + count + 1] = .quote
        out[n + count + 2] = .colon
        output.didWrite(n + count + 3)
        needsComma = false
    }

    /// A member name that may need escaping. Disfavoured so that a string literal argument picks
    /// the `StaticString` overload (Swift would otherwise prefer `String` for a literal).
    @_disfavoredOverload
    public mutating func key(_ k: String) {
        appendEscaped(k, colon: true)
        needsComma = false
    }

    public mutating func string(_ s: String) {
        appendEscaped(s, colon: false)
    }

    /// `string` for UTF-8 bytes that are no `String` (made on the stack).
    public mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let comma = takeComma()
        appendEscaped(bytes, comma: comma, colon: false)
    }

    public mutating func integer(_ i: Int) {
        appendInteger(UInt64(i.magnitude), isNegative: i < 0)
    }

    @inlinable @inline(__always)
    public mutating func bool(_ b: Bool) {
        appendValueToken(b ? "true" : "false")
    }

    @inlinable @inline(__always)
    public mutating func null() {
        appendValueToken("null")
    }

    /// A value the caller has already encoded as compact JSON (a constant such as the identity
    /// transform's object), written whole after its comma.
    @inlinable @inline(__always)
    public mutating func encoded(_ json: StaticString) {
        appendValueToken(json)
    }

    /// `encoded` for a value made at run time (a string its caller escaped further than RFC 8259
    /// asks, as the service's log does).
    public mutating func encoded(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { bytes in
            if let start = bytes.baseAddress { appendValueToken(start, bytes.count) }
        }
    }

    /// A whole value. Recursive, so as deep as the value: the values this service writes are
    /// either its own or parsed under `JSONParser.Limits.maxDepth`.
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array(let elements):
            beginArray()
            for element in elements { value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for (name, member) in object.entries {
                key(name)
                value(member)
            }
            endObject()
        }
    }

    /// Bytes as they stand, for a format that embeds this writer's numbers in its own markup (the
    /// service's SVG encoder): nothing is escaped, and no comma is pending after them, so a number
    /// written next is written bare.
    @inlinable @inline(__always)
    public mutating func raw(_ text: StaticString) {
        text.withLiteralBytes { output.append(UnsafeBufferPointer(start: $0, count: $1)) }
        needsComma = false
    }

    /// `raw` for bytes known only at run time; the caller escapes them for its format. Inlinable,
    /// so that it is specialized for the caller's collection: unspecialized, every byte went
    /// through the collection's protocol witnesses (60 % of drawing a frame as SVG). Contiguous
    /// bytes, such as a native string's UTF-8, are copied at once.
    @inlinable
    public mutating func raw(_ text: some Collection<UInt8>) {
        let copied: Void? = text.withContiguousStorageIfAvailable { bytes in
            if !bytes.isEmpty { output.append(bytes) }
        }
        if copied == nil {
            for byte in text { output.append(byte) }
        }
        needsComma = false
    }

    /// Whether the next value or key writes a comma first.
    public var commaPending: Bool { needsComma }

    /// The bytes written from offset `start` on (a copy).
    public func bytes(from start: Int) -> [UInt8] { output.bytes(from: start) }

    /// `body` given the bytes written from offset `start` on, in place.
    public func withBytes<R>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: output.start + start, count: output.count - start))
    }

    /// Empties the output, keeping its memory, for another document.
    public mutating func removeAll() {
        output.count = 0
        needsComma = false
    }

    /// Part of a document this writer wrote before, copied as it stands, with the comma state
    /// it had after them then (`commaPending`): a frame template's fixed bytes between the values
    /// it writes afresh.
    @inlinable @inline(__always)
    public mutating func splice(_ bytes: UnsafeBufferPointer<UInt8>, commaPending: Bool) {
        if !bytes.isEmpty { output.append(bytes) }
        needsComma = commaPending
    }

    /// `raw` for one byte.
    @inlinable @inline(__always)
    public mutating func raw(byte: UInt8) {
        output.append(byte)
        needsComma = false
    }

    // MARK: Output primitives

    /// Whether the token about to be written needs a comma first; a value is pending after it.
    @inlinable
    mutating func takeComma() -> Bool {
        defer { needsComma = true }
        return needsComma
    }

    /// A literal value, opening bracket or encoded value, after its comma.
    @inlinable @inline(__always)
    mutating func appendValueToken(_ token: StaticString) {
        token.withLiteralBytes { appendValueToken($0, $1) }
    }

    @inlinable @inline(__always)
    mutating func appendValueToken(_ token: UnsafePointer<UInt8>, _ count: Int) {
        let out = output.spare(count + 1)
        out[0] = .comma
        let n = takeComma() ? 1 : 0
        OutputBuffer.copy(token, count, to: out + n)
        output.didWrite(n + count)
    }

    /// `text`'s UTF-8 read in place (native strings, every string on Linux; a copy otherwise).
    private mutating func appendEscaped(_ text: String, colon: Bool) {
        let comma = takeComma()
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, comma: comma, colon: colon) }) == nil {
            var text = text
            text.withUTF8 { appendEscaped($0, comma: comma, colon: colon) }
        }
    }

    /// `"text"` escaped per RFC 8259 (then `:` for a member name). Most strings need no escaping
    /// and are copied whole after one scan; the rest reserve room for the longest escaping (six
    /// bytes a byte, `\u00XX`) and are written byte by byte.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, comma: Bool, colon: Bool) {
        let plain = !Self.anyNeedsEscape(text)
        let out = output.spare(plain ? text.count + 4 : text.count * 6 + 4)
        out[0] = .comma
        var n = comma ? 1 : 0
        out[n] = .quote
        n += 1
        if plain {
            OutputBuffer.copy(text.baseAddress!, text.count, to: out + n)
            n += text.count
        } else {
            for byte in text {
                if Self.needsEscape(byte) {
                    n = Self.writeEscape(byte, to: out, at: n)
                } else {
                    out[n] = byte
                    n += 1
                }
            }
        }
        out[n] = .quote
        out[n + 1] = .colon
        output.didWrite(n + (colon ? 2 : 1))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == .quote || byte == .backslash
    }

    /// Whether any byte of `text` needs escaping, eight bytes at a time: a string of up to 16
    /// bytes (most ids and paths) is one or two words, read as `OutputBuffer.copy` reads them
    /// (overlapping words, or shorter reads repeated to fill one, so every lane is a text byte).
    static func anyNeedsEscape(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = text.count
        guard count > 0, let start = text.baseAddress else { return false }
        let bytes = UnsafeRawPointer(start)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                if wordNeedsEscape(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
                offset += 8
            }
            return wordNeedsEscape(bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        let word: UInt64
        if count >= 4 {
            word = UInt64(bytes.loadUnaligned(as: UInt32.self)) | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        } else if count >= 2 {
            let half = UInt64(bytes.loadUnaligned(as: UInt16.self)) | UInt64(bytes.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)) << 16
            word = half | half << 32
        } else {
            word = UInt64(start.pointee) &* 0x0101_0101_0101_0101
        }
        return wordNeedsEscape(word)
    }

    /// Whether any of the eight bytes is below 0x20, `"` or `\` (the SWAR tests for "a byte less
    /// than n" and "a zero byte", exact about whether there is one).
    private static func wordNeedsEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (w &- ones &* 0x20) & ~w & highs
        return control | hasZero(w ^ (ones &* 0x22)) | hasZero(w ^ (ones &* 0x5C)) != 0
    }

    /// Writes the escape for `byte` (at most six bytes) at `n`; returns the position after it.
    private static func writeEscape(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>, at n: Int) -> Int {
        out[n] = .backslash
        switch byte {
        case .quote, .backslash: out[n + 1] = byte
        case 0x08: out[n + 1] = UInt8(ascii: "b")
        case 0x09: out[n + 1] = UInt8(ascii: "t")
        case 0x0A: out[n + 1] = UInt8(ascii: "n")
        case 0x0C: out[n + 1] = UInt8(ascii: "f")
        case 0x0D: out[n + 1] = UInt8(ascii: "r")
        default:
            out[n + 1] = UInt8(ascii: "u")
            out[n + 2] = .digit0
            out[n + 3] = .digit0
            out[n + 4] = hexDigit(byte >> 4)
            out[n + 5] = hexDigit(byte & 0xF)
            return n + 6
        }
        return n + 2
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? .digit0 + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

extension StaticString {
    /// The literal's UTF-8 bytes, read in place: inlined, the length folds to a constant at the
    /// call. (A one-scalar `StaticString` built from a `Character` has no bytes to point at; its
    /// scalar is encoded into a buffer.)
    @inlinable @inline(__always)
    func withLiteralBytes(_ body: (UnsafePointer<UInt8>, Int) -> Void) {
        if hasPointerRepresentation {
            body(utf8Start, utf8CodeUnitCount)
        } else {
            withUTF8Buffer { body($0.baseAddress!, $0.count) }
        }
    }
}
