/// Number formatting. One format, so equal doubles always give equal bytes:
/// - non-finite → `null` (JSON has no NaN or infinity);
/// - integral with |d| < 2^53 → digits only (`320`, and `-0` → `0`);
/// - otherwise the shortest text that reads back as the same double, as Swift's `description`
///   writes it (`0.15`, `1e-05`, `1.2345678901234568e+16`: valid JSON for every finite value),
///   from the shortest digits (`ShortestDecimal`: plain from 1e-4 to 2^53, in exponent form
///   outside), with no `String` made.
extension JSONWriter {
    /// Writes `d`, first rounded to `precision` decimal places when the writer has one.
    /// Integers (most numbers in a snapshot) are written here, inlined into the encoder, at any
    /// precision: rounding to places leaves an integer as it is.
    @inlinable @inline(__always)
    public mutating func number(_ d: Double) {
        if !appendIfInteger(d) { appendFractional(d) }
    }

    /// Writes `d` if it is an integer below 2^53 in magnitude; says whether it did.
    @inlinable @inline(__always)
    mutating func appendIfInteger(_ d: Double) -> Bool {
        guard d.magnitude < 0x1p53 else { return false }
        let integer = Int64(d)
        guard Double(integer) == d else { return false }  // (cheaper than `rounded`, a libm call)
        appendInteger(integer.magnitude, isNegative: integer < 0)
        return true
    }

    /// `number` for the rest, and NaN and ±∞.
    @usableFromInline
    mutating func appendFractional(_ d: Double) {
        guard let scale, let precision else {
            appendShortest(d)
            return
        }
        let (units, rounded) = NumberRounding.round(d, scale: scale)
        if units.magnitude < 0x1p50, rounded == 0 || rounded.magnitude >= 1e-4 {
            // The digits are those of `units`: below 2^50, adjacent multiples of 10^-precision
            // are more than an ulp apart, so `units` / 10^precision, trailing zeros dropped, is
            // the shortest decimal of `rounded`, the same bytes `appendShortest(rounded)` writes.
            let (digits, places) = TrailingZeros.dropped(from: UInt64(units.magnitude), places: precision)
            appendDecimal(digits, isNegative: units < 0, fractionDigits: places)
        } else if !appendIfInteger(rounded) {
            appendShortest(rounded)
        }
    }

    /// How this writer rounds its numbers (`NumberRounding`).
    public var rounding: NumberRounding { NumberRounding(scale: scale) }

    /// Writes `d`, not an integer below 2^53: its shortest digits, plain in `ShortestDecimal`'s
    /// range and in exponent form outside it. Inlined, with the digits, into `appendFractional`.
    @inline(__always)
    private mutating func appendShortest(_ d: Double) {
        if let (digits, places) = ShortestDecimal.digits(d) {
            appendDecimal(digits, isNegative: d < 0, fractionDigits: places)
        } else if !d.isFinite {
            appendValueToken("null")
        } else {
            appendExponentForm(d)
        }
    }

    /// Writes `d` (finite, not an integer below 2^53, outside `ShortestDecimal.digits`'s range) as
    /// `description` does: its shortest digits (`ShortestDecimal.exponentForm`) as `d.ddde±XX`,
    /// the point only before a second digit and the exponent of at least two digits (`1e-05`,
    /// `1.8014398509481984e+16`), and ±2^53, the one integer here, plain with `.0`.
    @inline(never)
    private mutating func appendExponentForm(_ d: Double) {
        let comma = takeComma()
        // At most: comma, sign, 17 digits, the point, `e-324`, and the 8 bytes a digit store
        // may write past the last digit.
        let out = output.spare(40)
        var n = 0
        if comma { out[n] = .comma; n &+= 1 }
        if d < 0 { out[n] = .minus; n &+= 1 }
        if d.magnitude == 0x1p53 {
            Self.writeDigits(9_007_199_254_740_992, count: 16, at: out + n)
            out[n &+ 16] = .dot
            out[n &+ 17] = .digit0
            output.didWrite(n &+ 18)
            return
        }
        let (digits, exponent) = ShortestDecimal.exponentForm(d)
        let count = Self.digitCount(digits)
        // The digits one byte on; the first then moves before the point.
        Self.writeDigits(digits, count: count, at: out + (n &+ 1))
        out[n] = out[n &+ 1]
        if count > 1 {
            out[n &+ 1] = .dot
            n &+= count &+ 1
        } else {
            n &+= 1
        }
        let power = exponent &+ count &- 1
        out[n] = UInt8(ascii: "e")
        out[n &+ 1] = power < 0 ? .minus : .plus
        n &+= 2
        let magnitude = UInt32(power.magnitude)
        if magnitude >= 100 {
            out[n] = .digit0 &+ UInt8(magnitude / 100)
            n &+= 1
        }
        Self.writePair(magnitude % 100, at: n, in: out)
        output.didWrite(n &+ 2)
    }

    /// Writes ±value after its comma, zero unsigned. Most numbers in a snapshot are integers of
    /// three digits or fewer (0, 1, 80, 320), written here without counting digits.
    @usableFromInline
    mutating func appendInteger(_ value: UInt64, isNegative: Bool) {
        let comma = takeComma()
        let out = output.spare(22)  // comma, sign, 20 digits
        // The comma is stored whether or not it is pending, and kept only when it is.
        out[0] = .comma
        var n = comma ? 1 : 0
        if isNegative && value != 0 { out[n] = .minus; n &+= 1 }
        if value < 10 {
            out[n] = .digit0 &+ UInt8(truncatingIfNeeded: value)
            n &+= 1
        } else if value < 100 {
            Self.writePair(UInt32(truncatingIfNeeded: value), at: n, in: out)
            n &+= 2
        } else if value < 1000 {
            let (high, low) = UInt32(truncatingIfNeeded: value).quotientAndRemainder(dividingBy: 100)
            out[n] = .digit0 &+ UInt8(truncatingIfNeeded: high)
            Self.writePair(low, at: n &+ 1, in: out)
            n &+= 3
        } else {
            let digits = Self.digitCount(value)
            Self.writeDigits(value, count: digits, at: out + n)
            n &+= digits
        }
        output.didWrite(n)
    }

    /// Writes ±magnitude / 10^fractionDigits in plain decimal after its comma, zero unsigned: the
    /// caller has dropped trailing fraction zeros (`TrailingZeros`), so `magnitude` is not a
    /// multiple of 10 unless `fractionDigits` is 0, and then it is an integer. Inlined into its
    /// two callers in `appendFractional` (a call cost a tenth of a number).
    @inline(__always)
    mutating func appendDecimal(_ magnitude: UInt64, isNegative: Bool, fractionDigits places: Int) {
        guard places > 0 else {
            appendInteger(magnitude, isNegative: isNegative)
            return
        }
        let comma = takeComma()
        // At most: comma, sign, "0.", 21 places (`ShortestDecimal`'s most), and the 8 bytes a
        // digit store may write past the last digit, or the 17 the point's may write past the
        // integer part (overwritten or left beyond the count).
        let out = output.spare(48)
        var n = 0
        if comma { out[n] = .comma; n &+= 1 }
        if isNegative { out[n] = .minus; n &+= 1 }  // (not zero: zero has no fraction digits)
        let digits = Self.digitCount(magnitude)
        if digits > places {
            // All the digits, then the fraction's moved on a byte and the point before them.
            Self.writeDigits(magnitude, count: digits, at: out + n)
            Self.pointBefore(places, at: out + n + digits - places)
            output.didWrite(n + digits + 1)
        } else {
            // "0.", the zeros the places need before the digits (at most 22 bytes in all), the digits.
            let zeros = UnsafeMutableRawPointer(out + n)
            let word: UInt64 = 0x3030_3030_3030_3030
            zeros.storeBytes(of: word, as: UInt64.self)
            zeros.storeBytes(of: word, toByteOffset: 8, as: UInt64.self)
            zeros.storeBytes(of: word, toByteOffset: 16, as: UInt64.self)
            out[n + 1] = .dot
            Self.writeDigits(magnitude, count: digits, at: out + n + 2 + places - digits)
            output.didWrite(n + 2 + places)
        }
    }

    /// Moves the `count` bytes from `at` on (a fraction's digits) on one byte and puts the decimal
    /// point before them. Up to 16 (every fraction of a double's shortest digits, 17 at most, or
    /// of a rounded value below 2^50) as two words, loaded before either is stored; a store may
    /// write up to 16 bytes past `at` + 1.
    @inline(__always)
    private static func pointBefore(_ count: Int, at: UnsafeMutablePointer<UInt8>) {
        if count <= 16 {
            let raw = UnsafeMutableRawPointer(at)
            let first = raw.loadUnaligned(as: UInt64.self)
            let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: first, toByteOffset: 1, as: UInt64.self)
            raw.storeBytes(of: second, toByteOffset: 9, as: UInt64.self)
        } else {
            for i in (0 ..< count).reversed() { at[i + 1] = at[i] }
        }
        at[0] = .dot
    }

    /// Writes the `count` decimal digits of `value` (below 10^count, zero-padded; count 1 to 20)
    /// from `at` on, eight at a time (`eightDigits`), left to right; a store may write up to 8
    /// bytes past the last digit.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, at: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(at)
        // The first word's leading zeros are its low bytes: shifted out, they leave its digits first.
        if count <= 8 {
            let first = eightDigits(UInt32(truncatingIfNeeded: value)) &>> (8 &* UInt64(8 &- count))
            raw.storeBytes(of: first.littleEndian, as: UInt64.self)
        } else if count <= 16 {
            let (high, low) = value.quotientAndRemainder(dividingBy: 100_000_000)
            let first = eightDigits(UInt32(truncatingIfNeeded: high)) &>> (8 &* UInt64(16 &- count))
            raw.storeBytes(of: first.littleEndian, as: UInt64.self)
            raw.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: low)).littleEndian, toByteOffset: count &- 8, as: UInt64.self)
        } else if count == 17 {
            // The most common count of shortest digits (a double that is no short decimal has
            // 16 or 17): the first digit alone, then two words.
            let (first, rest) = value.quotientAndRemainder(dividingBy: 10_000_000_000_000_000)
            let (high, low) = rest.quotientAndRemainder(dividingBy: 100_000_000)
            at[0] = .digit0 &+ UInt8(truncatingIfNeeded: first)
            raw.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: high)).littleEndian, toByteOffset: 1, as: UInt64.self)
            raw.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: low)).littleEndian, toByteOffset: 9, as: UInt64.self)
        } else {
            let (rest, low) = value.quotientAndRemainder(dividingBy: 100_000_000)
            let (high, middle) = rest.quotientAndRemainder(dividingBy: 100_000_000)
            let first = eightDigits(UInt32(truncatingIfNeeded: high)) &>> (8 &* UInt64(24 &- count))
            raw.storeBytes(of: first.littleEndian, as: UInt64.self)
            raw.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: middle)).littleEndian, toByteOffset: count &- 16, as: UInt64.self)
            raw.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: low)).littleEndian, toByteOffset: count &- 8, as: UInt64.self)
        }
    }

    /// The eight decimal digits of `n` (below 10^8, zero-padded) as ASCII in one word, the first
    /// digit in its lowest byte (first in memory). Divided in lanes of one word: into two halves
    /// of four digits (32-bit lanes), each into two pairs (16-bit lanes), each into two digits
    /// (bytes). x / 100 is x · 10486 / 2^20 for x below 10^4, and x / 10 is x · 103 / 2^10 for x
    /// below 100 (exact there: the errors stay under the quotients' distance to the next
    /// integer), and no lane's product reaches the next lane.
    @inline(__always)
    static func eightDigits(_ n: UInt32) -> UInt64 {
        let v = UInt64(n)
        var x = v / 10_000 | (v % 10_000) &<< 32
        let hundreds = (x &* 10486) &>> 20 & 0x0000_007F_0000_007F
        x = hundreds | (x &- hundreds &* 100) &<< 16
        let tens = (x &* 103) &>> 10 & 0x000F_000F_000F_000F
        x = tens | (x &- tens &* 10) &<< 8
        return x &+ 0x3030_3030_3030_3030
    }

    /// Writes `pair` (below 100) as two digits at `position`.
    private static func writePair(_ pair: UInt32, at position: Int, in out: UnsafeMutablePointer<UInt8>) {
        out[position] = digitPairs.utf8Start[Int(pair) * 2]
        out[position + 1] = digitPairs.utf8Start[Int(pair) * 2 + 1]
    }

    /// Decimal digits in `value` (1 for zero): from its bit length, floor(log10) is
    /// floor(bits · log10 2) or one less (log10 2 ≈ 1233 / 4096), and one comparison decides.
    static func digitCount(_ value: UInt64) -> Int {
        let v = value | 1
        let guess = ((64 &- v.leadingZeroBitCount) &* 1233) &>> 12
        return guess &+ (v >= powersOfTen[guess] ? 1 : 0)
    }

    /// 10^0 … 10^19.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000, 10000000000,
        100000000000, 1000000000000, 10000000000000, 100000000000000, 1000000000000000,
        10000000000000000, 100000000000000000, 1000000000000000000, 10000000000000000000,
    ]

    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}

/// Which numbers a writer writes as the same bytes: a change-only batch (the service's
/// `ChangeBatch`) compares values before they are written, and a change that the requested
/// precision rounds away is no change.
public struct NumberRounding: Sendable {
    /// 10^precision; nil: numbers are written exactly.
    @usableFromInline let scale: Double?

    /// Whether `a` and `b` are written as the same bytes. Equal doubles are (±0 both as `0`);
    /// non-finite ones are all `null`; other finite doubles are written as the shortest text
    /// that reads back as their rounded value, so they differ exactly when that value does.
    /// Inlinable: a change-only batch asks it for every number of every view it compares.
    @inlinable public func writesSame(_ a: Double, _ b: Double) -> Bool {
        if a == b { return true }
        guard a.isFinite, b.isFinite else { return !a.isFinite && !b.isFinite }
        guard let scale else { return false }
        return Self.round(a, scale: scale).value == Self.round(b, scale: scale).value
    }

    /// `d` in units of 10^-precision, rounded, and the value it is written as: that many units,
    /// or `d` itself from 2^53 units on, where d · 10^precision has no fraction left to round
    /// (NaN and ±∞ pass too). An integer below 2^53 is its own value either way.
    @usableFromInline static func round(_ d: Double, scale: Double) -> (units: Double, value: Double) {
        let units = (d * scale).rounded()
        return (units, units.magnitude < 0x1p53 ? units / scale : d)
    }
}
