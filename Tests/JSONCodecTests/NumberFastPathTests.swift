@testable import JSONCodec
import Testing
import TestSupport

/// The writer's fast paths for numbers against `ShortestDecimal`, the exact shortest-digits
/// method they stand in for: same digits, or no answer and the slow path decides.
struct NumberFastPathTests {
    /// What the general path writes for `d` (its digits from `ShortestDecimal`, or
    /// `description` outside its range), independent of the fast paths.
    func slow(_ d: Double) -> String {
        if let (digits, places) = ShortestDecimal.digits(d) {
            var text = String(digits)
            if places > 0 {
                text = String(repeating: "0", count: max(0, places + 1 - text.count)) + text
                text.insert(".", at: text.index(text.endIndex, offsetBy: -places))
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return (d < 0 && digits != 0 ? "-" : "") + text
        }
        var text = d.description
        // Integers below 2^53 lose `.0`; from 2^53 on, `description` stands (`9007199254740992.0`).
        if d.magnitude < 0x1p53, text.hasSuffix(".0") { text.removeLast(2) }
        return text == "-0" ? "0" : text
    }

    func check(_ d: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard d.isFinite else { return }
        let text = written { $0.number(d) }
        #expect(text == slow(d), "\(d)", sourceLocation: sourceLocation)
        // When the few-places path answers, its digits read back as `d` and are the shortest.
        if let units = JSONWriter.fewPlaces(d.magnitude) {
            #expect(Double(units) / 1e6 == d.magnitude, sourceLocation: sourceLocation)
            if let (digits, places) = ShortestDecimal.digits(d) {
                var scaled = digits
                for _ in places ..< JSONWriter.fewPlacesCount { scaled *= 10 }
                #expect(places <= JSONWriter.fewPlacesCount && scaled == units, "\(d)", sourceLocation: sourceLocation)
            }
        }
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
        #expect(JSONWriter.fewPlaces(0.1 + 0.2) == nil)  // 0.30000000000000004: 17 digits
        #expect(JSONWriter.fewPlaces(1e-7) == nil)  // written 1e-07, outside the plain range
        #expect(JSONWriter.fewPlaces(0.25) == 250_000)
    }

    @Test func randomValues() {
        var rng = SplitMix64(seed: 14)
        for i in 0 ..< 200_000 {
            switch i % 4 {
            case 0:
                // Decimals of up to 6 places, the fast path's own: it must answer them.
                let places = Int.random(in: 0 ... 6, using: &rng)
                let d = Double(Int.random(in: -1_000_000_000 ... 1_000_000_000, using: &rng)) / [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6][places]
                check(d)
                if d.magnitude >= 1e-4, d.magnitude < 1e9 { #expect(JSONWriter.fewPlaces(d.magnitude) != nil, "\(d)") }
            case 1: check(Double.random(in: -1000 ... 1000, using: &rng))
            case 2: check(Double(sign: .plus, exponent: Int.random(in: -20 ... 40, using: &rng), significand: Double.random(in: 1 ..< 2, using: &rng)))
            default: check(Double(bitPattern: rng.next()))
            }
        }
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
