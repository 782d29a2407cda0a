/// Number formatting. One format, so equal doubles always give equal bytes:
/// - non-finite → `null` (JSON has no NaN or infinity);
/// - integral with |d| < 2^53 → digits only (`320`, and `-0` → `0`);
/// - otherwise the shortest text that reads back as the same double, as Swift's `description`
///   writes it (`0.15`, `1e-05`, `1.2345678901234568e+16`: valid JSON for every finite value),
///   computed by `ShortestDecimal` in the common plain-decimal range.
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
            appendDecimal(UInt64(units.magnitude), isNegative: units < 0, fractionDigits: precision)
        } else {
            appendShortest(rounded)
        }
    }

    /// How this writer rounds its numbers (`NumberRounding`).
    public var rounding: NumberRounding { NumberRounding(scale: scale) }

    private mutating func appendShortest(_ d: Double) {
        if appendIfInteger(d) { return }
        let magnitude = d.magnitude
        if let units = Self.fewPlaces(magnitude) {
            appendDecimal(units, isNegative: d < 0, fractionDigits: Self.fewPlacesCount)
        } else if !d.isFinite {
            appendValueToken("null")
        } else if let (digits, places) = ShortestDecimal.digits(d) {
            appendDecimal(digits, isNegative: d < 0, fractionDigits: places)
        } else {
            if takeComma() { output.append(.comma) }
            var text = d.description
            text.withUTF8 { output.append($0) }
        }
    }

    /// The places `fewPlaces` tries.
    static let fewPlacesCount = 6

    /// The fast path for the numbers a snapshot holds most after integers (0.25, 0.5, 12.5):
    /// `magnitude` · 10^6 as an integer, when `magnitude` (1e-4 ≤ it < 1e9) is exactly the double
    /// nearest that many millionths; nil otherwise, and `ShortestDecimal` decides.
    ///
    /// Why the digits are `ShortestDecimal`'s, trailing zeros dropped: below 1e9 an ulp is under
    /// 1.2e-7, so the interval that reads back as `magnitude` holds at most one multiple of 10^-6,
    /// and so at most one decimal of 6 places or fewer. The shortest decimal, when it has 6 places
    /// or fewer, is that one; the check (a correctly rounded division of two exact doubles, as
    /// reading the decimal back does) finds it. When the product rounds to a neighbour instead, the
    /// check fails and the slow path still answers.
    static func fewPlaces(_ magnitude: Double) -> UInt64? {
        guard magnitude >= 1e-4, magnitude < 1e9 else { return nil }  // (false for NaN)
        let units = UInt64(magnitude * 1e6 + 0.5)
        return Double(units) / 1e6 == magnitude ? units : nil
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
            n &+= digits
            _ = Self.writeDigits(value, count: digits, endingAt: n, in: out)
        }
        output.didWrite(n)
    }

    /// Writes ±magnitude / 10^fractionDigits in plain decimal after its comma: trailing fraction
    /// zeros dropped (and the point with them), zero unsigned.
    mutating func appendDecimal(_ magnitude: UInt64, isNegative: Bool, fractionDigits: Int) {
        var rest = magnitude
        var places = fractionDigits
        while places > 0, rest % 10 == 0 {
            rest /= 10
            places -= 1
        }
        guard places > 0 else {
            appendInteger(rest, isNegative: isNegative)
            return
        }
        let comma = takeComma()
        // At most: comma, sign, 20 digits, point, 21 places (`ShortestDecimal`'s most).
        let out = output.spare(44)
        var n = 0
        if comma { out[n] = .comma; n += 1 }
        if isNegative && magnitude != 0 { out[n] = .minus; n += 1 }
        let integerDigits = max(Self.digitCount(rest) - places, 1)  // "0.05" still has its "0"
        let end = n + integerDigits + 1 + places
        let integer = Self.writeDigits(rest, count: places, endingAt: end, in: out)
        out[end - places - 1] = .dot
        _ = Self.writeDigits(integer, count: integerDigits, endingAt: n + integerDigits, in: out)
        output.didWrite(end)
    }

    /// Writes the last `count` decimal digits of `value` (zero-padded) just before `end`;
    /// returns the digits left over, value / 10^count. Digits come two at a time from a table,
    /// and each eight split into independent halves, so that the divisions overlap rather than
    /// form one long chain.
    private static func writeDigits(_ value: UInt64, count: Int, endingAt end: Int, in out: UnsafeMutablePointer<UInt8>) -> UInt64 {
        var value = value
        var position = end
        var remaining = count
        while remaining >= 8 {
            let (rest, eight) = value.quotientAndRemainder(dividingBy: 100_000_000)
            let (high, low) = UInt32(truncatingIfNeeded: eight).quotientAndRemainder(dividingBy: 10_000)
            writePair(low % 100, at: position - 2, in: out)
            writePair(low / 100, at: position - 4, in: out)
            writePair(high % 100, at: position - 6, in: out)
            writePair(high / 100, at: position - 8, in: out)
            value = rest
            position -= 8
            remaining -= 8
        }
        while remaining >= 2 {
            writePair(UInt32(truncatingIfNeeded: value % 100), at: position - 2, in: out)
            value /= 100
            position -= 2
            remaining -= 2
        }
        if remaining == 1 {
            out[position - 1] = .digit0 + UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
        return value
    }

    /// Writes `pair` (below 100) as two digits at `position`.
    private static func writePair(_ pair: UInt32, at position: Int, in out: UnsafeMutablePointer<UInt8>) {
        out[position] = digitPairs.utf8Start[Int(pair) * 2]
        out[position + 1] = digitPairs.utf8Start[Int(pair) * 2 + 1]
    }

    /// Decimal digits in `value` (1 for zero): four at a time, then compared (no table lookup,
    /// most values here have three digits or fewer).
    private static func digitCount(_ value: UInt64) -> Int {
        var rest = value
        var count = 0
        while rest >= 10_000 {
            rest /= 10_000
            count += 4
        }
        return count + (rest < 10 ? 1 : rest < 100 ? 2 : rest < 1000 ? 3 : 4)
    }

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
