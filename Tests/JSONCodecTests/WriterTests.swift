import JSONCodec
import TestSupport
import Testing

@Suite struct WriterTests {
    @Test func commasAndNestingAreAutomatic() {
        let text = written { w in
            w.beginObject()
            w.key("a"); w.integer(1)
            w.key("b")
            w.beginArray()
            w.string("x"); w.null(); w.bool(true); w.bool(false)
            w.beginArray(); w.endArray()
            w.beginObject(); w.endObject()
            w.endArray()
            w.key("c"); w.beginObject(); w.key("d"); w.beginArray(); w.beginArray(); w.endArray(); w.endArray(); w.endObject()
            w.key("e"); w.number(0.5)
            w.endObject()
        }
        #expect(text == #"{"a":1,"b":["x",null,true,false,[],{}],"c":{"d":[[]]},"e":0.5}"#)
    }

    @Test func topLevelScalarsAndSiblings() {
        #expect(written { $0.string("") } == #""""#)
        #expect(written { $0.null() } == "null")
        #expect(written { w in w.beginArray(); w.integer(-3); w.integer(Int.max); w.integer(Int.min); w.endArray() }
            == "[-3,9223372036854775807,-9223372036854775808]")
    }

    @Test func valueWritesEntriesInOrderLikeTheIncrementalCalls() {
        let value = JSONValue.object(JSONObject([
            ("z", .array([.number(1), .string("two"), .null])),
            ("a\"b", .object(JSONObject([("nested", .bool(true))]))),
            ("m", .object(JSONObject())),
        ]))
        let expected = #"{"z":[1,"two",null],"a\"b":{"nested":true},"m":{}}"#
        #expect(String(decoding: JSONWriter.encode(value), as: UTF8.self) == expected)
        #expect(written { w in w.beginArray(); w.value(value); w.value(.number(2)); w.endArray() } == "[\(expected),2]")
    }

    @Test func keysAreEscapedUnlessStatic() {
        let name = "line\nbreak"
        #expect(written { w in w.beginObject(); w.key(name); w.integer(1); w.key("plain"); w.integer(2); w.endObject() }
            == #"{"line\nbreak":1,"plain":2}"#)
    }

    @Test(arguments: [
        (0, "0"), (-0.0, "0"), (320, "320"), (-320, "-320"), (0.5, "0.5"), (-1.5, "-1.5"), (0.15, "0.15"),
        (160.25, "160.25"), (1e-4, "0.0001"), (1e-5, "1e-05"), (-1.25e-7, "-1.25e-07"), (123.456, "123.456"),
        (0.1 + 0.2, "0.30000000000000004"), (1e15 + 0.5, "1000000000000000.5"), (123456789012345.6, "123456789012345.6"),
        (0x1p53 - 1, "9007199254740991"), (0x1p53, "9007199254740992.0"), (1e16, "1e+16"), (1e22, "1e+22"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (.leastNonzeroMagnitude, "5e-324"), (2.2250738585072014e-308, "2.2250738585072014e-308"),
        (0.000123456789012345678, "0.00012345678901234567"), (.infinity, "null"), (-.infinity, "null"), (.nan, "null"),
    ] as [(Double, String)])
    func numberFormat(value: Double, expected: String) {
        #expect(written { $0.number(value) } == expected)
    }

    @Test(arguments: [
        (3.14159, 2, "3.14"), (1.005, 2, "1"), (-0.001, 2, "0"), (2.5, 0, "3"), (-2.5, 0, "-3"), (0.1 + 0.2, 15, "0.3"),
        (1e20, 3, "1e+20"), (0.00001, 5, "1e-05"), (0.000004, 5, "0"), (123.456789, 4, "123.4568"), (160.0, 3, "160"),
        (.nan, 2, "null"), (.infinity, 2, "null"), (0.123456789, 20, "0.123456789"), (0.6, -1, "1"),
    ] as [(Double, Int, String)])
    func precisionRoundsFirst(value: Double, precision: Int, expected: String) {
        #expect(written({ $0.number(value) }, precision: precision) == expected)
    }

    @Test func everyControlCharacterIsEscaped() {
        let short: [UInt8: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
        for byte in UInt8(0) ..< 0x20 {
            let hex = String(byte, radix: 16)
            let expected = short[byte] ?? #"\u00"# + (byte < 0x10 ? "0" : "") + hex
            #expect(written { $0.string("a" + String(UnicodeScalar(byte)) + "b") } == "\"a\(expected)b\"", "byte \(byte)")
        }
        #expect(written { $0.string(#"say "hi" \ bye"#) } == #""say \"hi\" \\ bye""#)
        // Everything else passes through as UTF-8, `/` and DEL included.
        #expect(written { $0.string("/\u{7F}é€😀\u{2028}") } == "\"/\u{7F}é€😀\u{2028}\"")
    }

    @Test func longStringsAndManyEscapes() {
        let long = String(repeating: "abc\"", count: 5_000)
        #expect(written { $0.string(long) } == "\"" + String(repeating: #"abc\""#, count: 5_000) + "\"")
    }

    /// The format is Swift's shortest round-trip `description`, minus `.0` on integers below
    /// 2^53: this pins the fast shortest-digits path to it across every shape of double.
    @Test func numbersMatchTheStandardLibrarysShortestForm() {
        var rng = SplitMix64(seed: 1)
        func check(_ d: Double) {
            guard d.isFinite else { return }
            var expected = d.description
            if d.magnitude < 0x1p53, expected.hasSuffix(".0") { expected.removeLast(2) }
            if expected == "-0" { expected = "0" }
            #expect(written { $0.number(d) } == expected)
        }
        for i in 0 ..< 200_000 {
            switch i % 5 {
            case 0: check(Double(bitPattern: rng.next()))
            case 1: check(Double.random(in: -1000 ... 1000, using: &rng))
            case 2: check(Double(sign: .plus, exponent: Int.random(in: -15 ... 54, using: &rng), significand: Double.random(in: 1 ..< 2, using: &rng)))
            case 3:
                let decimal = Double(Int.random(in: -10_000_000 ... 10_000_000, using: &rng)) / [1.0, 10, 1e3, 1e6, 1e9][Int.random(in: 0 ..< 5, using: &rng)]
                check(decimal); check(decimal.nextUp); check(decimal.nextDown)
            default:
                let power = Double(sign: .plus, exponent: Int.random(in: -15 ... 53, using: &rng), significand: 1)
                check(power); check(power.nextUp); check(power.nextDown)
            }
        }
        // Exact ties between two shortest candidates go to the even one, as `description` does.
        for x in stride(from: 0x1p50, to: 0x1p50 + 64, by: 0.125) { check(x) }
    }

    /// Rounding to N places then writing equals writing the rounded double, and stays within
    /// half a unit of the last place.
    @Test func precisionIsRoundingThenShortest() throws {
        var rng = SplitMix64(seed: 3)
        for _ in 0 ..< 20_000 {
            let d = Double.random(in: -2000 ... 2000, using: &rng) * [1, 1e-3, 1e6][Int.random(in: 0 ..< 3, using: &rng)]
            let places = Int.random(in: 0 ... 15, using: &rng)
            let scale = (0 ..< places).reduce(1.0) { p, _ in p * 10 }
            let text = written({ $0.number(d) }, precision: places)
            // Past 2^53 units there is no fraction left to round, and the value is written as is.
            let units = (d * scale).rounded()
            #expect(text == written { $0.number(units.magnitude < 0x1p53 ? units / scale : d) })
            let back = try #require(Double(text))
            #expect((back - d).magnitude <= 0.5 / scale + d.ulp * 4, "\(d) at \(places) places: \(text)")
        }
    }

    /// Random documents survive writing and parsing back, and writing is deterministic.
    @Test func roundTripThroughOurParser() throws {
        var generator = DocumentGenerator(rng: SplitMix64(seed: 42))
        for _ in 0 ..< 3_000 {
            let value = generator.value()
            let bytes = JSONWriter.encode(value)
            #expect(try JSONParser.parse(bytes) == value)
            #expect(JSONWriter.encode(value) == bytes)
        }
    }
}
