@testable import JSONCodec
import Testing
import TestSupport

/// The writer's number primitives: the integer path and plain decimals against the former
/// writer (`ShortestDecimalOracle`), and the digit writers against text built digit by digit.
struct NumberFastPathTests {
    func check(_ d: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = written { $0.number(d) }
        #expect(Array(text.utf8) == ShortestDecimalOracle.text(d), "\(d)", sourceLocation: sourceLocation)
    }

    @Test func edgeCases() {
        for d in [0.0, -0.0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 0.3, 1e-7, 1e-4, 0.0001, 0.00011, 9.99999e-5, 0.5, 0.25, 12.5,
                  -90.44670742344294, 123456.789, 999_999_999.999999, 1e9, 1e9 - 0.5, 0x1p53, 0x1p53 + 2, 1e21, 1e300,
                  Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 0.000123456, 1.0000001, 1.000001, 2.675] {
            check(d)
            check(-d)
            check(d.nextUp)
            check(d.nextDown)
        }
        #expect(written { $0.number(-0.0) } == "0")
        #expect(written { $0.number(.nan) } == "null")
        #expect(written { $0.number(-.infinity) } == "null")
        #expect(written { $0.number(0.1 + 0.2) } == "0.30000000000000004")
        #expect(written { $0.number(-1e-7) } == "-1e-07")
        #expect(written { $0.number(0.25) } == "0.25")
    }

    @Test func randomValues() {
        var rng = SplitMix64(seed: 14)
        for i in 0 ..< 200_000 {
            switch i % 4 {
            case 0:
                // Decimals of up to 6 places, the numbers a snapshot holds most after integers.
                let places = Int.random(in: 0 ... 6, using: &rng)
                check(Double(Int.random(in: -1_000_000_000 ... 1_000_000_000, using: &rng)) / [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6][places])
            case 1: check(Double.random(in: -1000 ... 1000, using: &rng))
            case 2: check(Double(sign: .plus, exponent: Int.random(in: -20 ... 40, using: &rng), significand: Double.random(in: 1 ..< 2, using: &rng)))
            default: check(Double(bitPattern: rng.next()))
            }
        }
    }

    /// The plain-decimal writer (`appendDecimal`, eight digits a word) against text built digit
    /// by digit: every count of digits (1 to 20) with every count of places (1 to 21), so every
    /// split between integer part and fraction and every run of leading zeros, signed and not,
    /// several to an array (a word stored past a number's last digit must not show).
    @Test func decimalsAtEveryDigitCountAndPlace() {
        var rng = SplitMix64(seed: 33)
        for digits in 1 ... 20 {
            for places in 1 ... 21 {
                var values: [UInt64] = []
                for _ in 0 ..< 4 {
                    let low: UInt64 = digits == 1 ? 1 : (0 ..< digits - 1).reduce(1) { r, _ in r * 10 }
                    let high: UInt64 = digits == 20 ? .max : low * 10 - 1
                    var v = UInt64.random(in: low ... high, using: &rng)
                    if v % 10 == 0 { v += 1 }  // no trailing zero: `places` stays as given
                    values.append(v)
                }
                var writer = JSONWriter()
                writer.beginArray()
                for (i, v) in values.enumerated() { writer.appendDecimal(v, isNegative: i % 2 == 1, fractionDigits: places) }
                writer.endArray()
                let expected = values.enumerated().map { i, v in
                    var text = String(v)
                    if text.count <= places { text = String(repeating: "0", count: places + 1 - text.count) + text }
                    text.insert(".", at: text.index(text.endIndex, offsetBy: -places))
                    return (i % 2 == 1 ? "-" : "") + text
                }
                #expect(String(decoding: writer.bytes, as: UTF8.self) == "[" + expected.joined(separator: ",") + "]", "\(digits) digits, \(places) places")
            }
        }
        // No places: an integer, zero unsigned.
        #expect(written { $0.appendDecimal(3, isNegative: true, fractionDigits: 0) } == "-3")
        #expect(written { $0.appendDecimal(0, isNegative: true, fractionDigits: 0) } == "0")
    }

    /// Eight digits to a word, against `String`, for every value below 10^6 and spread samples above.
    @Test func eightDigitWords() {
        func text(_ word: UInt64) -> String { String(decoding: (0 ..< 8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }, as: UTF8.self) }
        var rng = SplitMix64(seed: 8)
        let samples = Array(0 ..< 1_000_000) + (0 ..< 200_000).map { _ in Int.random(in: 0 ..< 100_000_000, using: &rng) } + [99_999_999, 10_000_000, 9_999_999]
        for n in samples {
            let expected = String(repeating: "0", count: 8 - String(n).count) + String(n)
            if text(JSONWriter.eightDigits(UInt32(n))) != expected { #expect(Bool(false), "\(n)"); return }
        }
        for (value, count) in [(0, 1), (9, 1), (10, 2), (999, 3), (1000, 4)] + (1 ... 19).flatMap({ k in
            let p = (0 ..< k).reduce(UInt64(1)) { r, _ in r * 10 }
            return [(Int(bitPattern: UInt(p - 1)), k), (Int(bitPattern: UInt(p)), k + 1)]
        }) {
            #expect(JSONWriter.digitCount(UInt64(UInt(bitPattern: value))) == count, "\(value)")
        }
        #expect(JSONWriter.digitCount(.max) == 20)
    }

    /// Strings that need escaping are found by the word-at-a-time scan at every length and place.
    @Test func escapeScanAtEveryPosition() {
        for length in 1 ... 40 {
            for position in 0 ..< length {
                for special: UInt8 in [0x00, 0x1F, 0x22, 0x5C] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = special
                    #expect(bytes.withUnsafeBufferPointer { JSONWriter.anyNeedsEscape($0) }, "\(length) \(position) \(special)")
                }
                // Every printable byte but the two specials, in turn.
                let plain: [UInt8] = (0 ..< length).map { (i: Int) -> UInt8 in
                    let byte = UInt8(0x20 + (i * 7) % 0x5F)
                    return byte == 0x22 || byte == 0x5C ? UInt8(ascii: "b") : byte
                }
                #expect(!plain.withUnsafeBufferPointer { JSONWriter.anyNeedsEscape($0) })
                let high = [UInt8](repeating: 0xE2, count: length)  // UTF-8 continuation-heavy text
                #expect(!high.withUnsafeBufferPointer { JSONWriter.anyNeedsEscape($0) })
            }
        }
    }
}
