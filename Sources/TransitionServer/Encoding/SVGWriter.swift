import JSONCodec
import TransitionCore

/// SVG markup written straight into bytes, as `JSONWriter` writes JSON: numbers go through that
/// writer (one fixed format, the request's `precision` honoured, no Foundation formatting), text
/// and attribute values are escaped for XML here. The same calls give the same bytes.
struct SVGWriter: ~Copyable {
    private(set) var output: JSONWriter

    init(precision: Int?) {
        output = JSONWriter(precision: precision, reservingCapacity: 16_384)
    }

    var bytes: [UInt8] { output.bytes }

    /// The document, in the memory it was written in (the answer's body, not copied).
    consuming func finish() -> MallocBytes { output.finish() }

    /// How many bytes have been written.
    var count: Int { output.count }

    /// The request's `precision`: digits after the point a number is rounded to (nil: shortest).
    var precision: Int? { output.precision }

    /// The bytes written from `start` on.
    func bytes(from start: Int) -> [UInt8] { output.bytes(from: start) }

    /// Bytes written before (a frame template's fixed part), copied as they are.
    @inline(__always)
    mutating func raw(bytes: UnsafeBufferPointer<UInt8>) { output.raw(bytes) }

    /// Inlined like `JSONWriter.raw`, so that each literal's length is a constant at its call.
    @inline(__always)
    mutating func raw(_ text: StaticString) { output.raw(text) }

    /// A number in JSON's format, which SVG's number grammar accepts (`0.15`, `1e-05`); SVG has no
    /// NaN or infinity, so a non-finite value is written as 0.
    ///
    /// A drawing writes the same fractional numbers again and again (a view's quadrilateral as its
    /// shape, as its image and as the image's diagonals; the same `y` in every frame of a
    /// horizontal slide), and finding a shortest decimal is far dearer than copying it: the bytes the
    /// writer wrote for a fractional value are kept (`memo`, by the value's bits) and copied when
    /// the same value comes again. The same writer, at the same precision, wrote them, so they
    /// are the bytes it would write again. Integers are cheap and written as they come.
    mutating func number(_ d: Double) {
        let d = d.isFinite ? d : 0
        guard d.magnitude >= 0x1p53 || Double(Int64(d)) != d, !output.commaPending else {
            output.number(d)
            return
        }
        let key = d.bitPattern
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
        let at = slot &* Self.memoWidth
        if memoKeys[slot] == key {
            // A number leaves a comma pending, as `output.number` does.
            memoBytes.withUnsafeBufferPointer { memo in
                output.splice(UnsafeBufferPointer(rebasing: memo[(at + 1)..<(at + 1 + Int(memo[at]))]), commaPending: true)
            }
            return
        }
        let start = output.count
        output.number(d)
        let length = output.count - start
        guard length < Self.memoWidth else { return }
        let written = output.bytes(from: start)
        memoKeys[slot] = key
        memoBytes.withUnsafeMutableBufferPointer { memo in
            memo[at] = UInt8(length)
            for i in 0..<length { memo[at + 1 + i] = written[i] }
        }
    }

    /// The fractional numbers written last, by the bits of their value (a slot's key 0, the bits
    /// of the integer 0, is never a fractional value's): `memoSlots` slots chosen by a
    /// multiplicative hash of the bits, each a length byte and the number's bytes.
    private var memoKeys = [UInt64](repeating: 0, count: memoSlots)
    private var memoBytes = [UInt8](repeating: 0, count: memoSlots * memoWidth)
    private static let memoSlots = 256
    private static let memoWidth = 32

    /// Character data or an attribute value: `&`, `<`, `>` and `"` as entities; characters XML 1.0
    /// cannot carry at all (control characters other than tab, line feed and carriage return, and
    /// U+FFFE, U+FFFF) left out.
    mutating func text(_ s: String) {
        // Most text (ids, paths, titles) is plain ASCII with nothing to escape: checked over the
        // string's own UTF-8 buffer, then copied at once.
        let plain = s.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != .ampersand && $0 != .lessThan && $0 != .greaterThan && $0 != .quote }
        }
        if plain == true {
            output.raw(s.utf8)
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": raw("&amp;")
            case "<": raw("&lt;")
            case ">": raw("&gt;")
            case "\"": raw("&quot;")
            case "\t", "\n", "\r": output.raw(byte: UInt8(scalar.value))
            case "\u{0}" ..< " ", "\u{FFFE}", "\u{FFFF}": continue
            default: UTF8.encode(scalar) { output.raw(byte: $0) }
            }
        }
    }

    /// ` name="value"`, the value escaped.
    mutating func attribute(_ name: StaticString, _ value: String) {
        raw(" "); raw(name); raw("=\""); text(value); raw("\"")
    }

    /// ` name="number"`.
    mutating func attribute(_ name: StaticString, _ value: Double) {
        raw(" "); raw(name); raw("=\""); number(value); raw("\"")
    }

    /// ` name="#rrggbb"`: the colour's components rounded to bytes; its alpha is the caller's.
    mutating func attribute(_ name: StaticString, _ color: Color) {
        raw(" "); raw(name); raw("=\"#")
        hexByte(color.red); hexByte(color.green); hexByte(color.blue)
        raw("\"")
    }

    /// A colour component (0…1) as two hex digits.
    private mutating func hexByte(_ component: Double) {
        let v = Int((min(1, max(0, component)) * 255).rounded())
        output.raw(byte: Self.hexDigits[v >> 4])
        output.raw(byte: Self.hexDigits[v & 15])
    }

    /// ` points="x,y x,y …"` (a polygon's).
    mutating func points(_ ps: [Point]) {
        raw(" points=\"")
        for (i, p) in ps.enumerated() {
            if i > 0 { raw(" ") }
            number(p.x); raw(","); number(p.y)
        }
        raw("\"")
    }

    /// ` transform="matrix(a b c d tx ty)"`.
    mutating func transform(_ t: AffineTransform) {
        raw(" transform=\"matrix(")
        number(t.a); raw(" "); number(t.b); raw(" "); number(t.c); raw(" "); number(t.d); raw(" ")
        number(t.tx); raw(" "); number(t.ty); raw(")\"")
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

private extension UInt8 {
    static let ampersand = UInt8(ascii: "&")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let quote = UInt8(ascii: "\"")
}
