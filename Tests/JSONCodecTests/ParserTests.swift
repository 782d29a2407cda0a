import JSONCodec
import TestSupport
import Testing

@Suite struct ParserTests {
    // MARK: Valid documents

    @Test func nestedDocumentKeepsStructureAndKeyOrder() throws {
        let value = try JSONParser.parse(Array(#" {"z": [1, {"b": null, "a": [true, false, []]}], "a": {}, "m": "x"} "#.utf8))
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["z"] == .array([.number(1), .object(JSONObject([("b", .null), ("a", .array([.bool(true), .bool(false), .array([])]))]))]))
        #expect(object["a"] == .object(JSONObject()))
        #expect(object["m"] == .string("x"))
    }

    @Test(arguments: [
        ("\"x\"", JSONValue.string("x")), ("42", .number(42)), ("null", .null), ("true", .bool(true)),
        (" \t\r\n[1]\n ", .array([.number(1)])), ("[]", .array([])), ("{}", .object(JSONObject())),
    ])
    func scalarsAndWhitespace(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(Array(text.utf8)) == expected)
    }

    @Test func parsesFromABufferWithoutCopying() throws {
        let bytes = Array(#"[1, "two"]"#.utf8)
        let value = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try JSONParser.parse(buffer) }
        #expect(value == .array([.number(1), .string("two")]))
    }

    @Test func escapesAndUnicode() throws {
        let text = #""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00 é😀\u0000""#
        #expect(try JSONParser.parse(Array(text.utf8)) == .string("\"\\/\u{8}\u{C}\n\r\tAé€😀 é😀\u{0}"))
    }

    @Test(arguments: [
        ("-0.5e-3", -0.0005), ("1E+2", 100), ("0", 0), ("1.5", 1.5), ("-12", -12), ("0.1", 0.1), ("1e-400", 0),
        ("123456789012345678901234567890", 1.2345678901234568e29), ("2.2250738585072014e-308", 2.2250738585072014e-308),
        ("4.9e-324", .leastNonzeroMagnitude), ("1.7976931348623157e308", 1.7976931348623157e308), ("0.30000000000000004", 0.30000000000000004),
        ("9007199254740993", 9007199254740992), ("1e22", 1e22), ("1e23", 1e23), ("-0.0", 0),
    ])
    func numbers(text: String, expected: Double) throws {
        #expect(try JSONParser.parse(Array(text.utf8)) == .number(expected))
    }

    @Test func minusZeroKeepsItsSign() throws {
        let value = try #require(try JSONParser.parse(Array("-0".utf8)).numberValue)
        #expect(value == 0 && value.sign == .minus)
    }

    /// Our conversion (a fast path for short numbers, the standard library otherwise) must round
    /// exactly as the standard library's correctly rounded `Double(String)`.
    @Test func numberConversionIsCorrectlyRounded() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0 ..< 20_000 {
            var text = Bool.random(using: &rng) ? "-" : ""
            let integerDigits = Int.random(in: 1 ... 20, using: &rng)
            text += String(Int.random(in: 1 ... 9, using: &rng))
            for _ in 1 ..< integerDigits { text += String(Int.random(in: 0 ... 9, using: &rng)) }
            if Bool.random(using: &rng) {
                text += "."
                for _ in 0 ..< Int.random(in: 1 ... 20, using: &rng) { text += String(Int.random(in: 0 ... 9, using: &rng)) }
            }
            if Bool.random(using: &rng) { text += "e\(Int.random(in: -30 ... 30, using: &rng))" }
            let parsed = try #require(try JSONParser.parse(Array(text.utf8)).numberValue)
            let expected = try #require(Double(text))
            #expect(parsed.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func depthUpToTheLimitParses() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    // MARK: Errors, each with its position

    @Test(arguments: [
        // (input, line:column, part of the reason)
        ("[1,2,]", "1:5", "trailing comma before ']'"),
        ("{\n  \"a\": 1,\n}", "2:9", "trailing comma before '}'"),
        ("[01]", "1:2", "leading zeros"),
        ("-01", "1:2", "leading zeros"),
        (#"["\ud800"]"#, "1:3", "lone surrogate \\uD800"),
        (#""\ud800\u0041""#, "1:2", "lone surrogate \\uD800"),
        (#""\udc00""#, "1:2", "lone surrogate \\uDC00"),
        (#"{"a":1,"a":2}"#, "1:8", #"duplicate member name "a""#),
        ("\"a\tb\"", "1:3", "control character U+0009"),
        ("\"ab\ncd\"", "1:4", "line break inside a string"),
        ("", "1:1", "expected a value, found the end of the input"),
        (" \n ", "2:2", "expected a value, found the end of the input"),
        ("tru", "1:1", "expected a value, found 'tru'"),
        ("nullx", "1:1", "expected a value, found 'nullx'"),
        ("NaN", "1:1", "JSON has no NaN or Infinity"),
        ("[-Infinity]", "1:3", "expected a digit after '-', found 'Infinity'"),
        ("+1", "1:1", "cannot start with '+'"),
        (".5", "1:1", "digit before the decimal point"),
        ("1.", "1:3", "expected a digit after the decimal point, found the end of the input"),
        ("1e+", "1:4", "expected a digit in the exponent"),
        ("'a'", "1:1", "JSON strings use double quotes"),
        ("[1] // note", "1:5", "JSON has no comments"),
        ("[1 2]", "1:4", "expected ',' or ']' after an array element, found '2'"),
        (#"{"a" 1}"#, "1:6", #"expected ':' after the member name "a", found '1'"#),
        ("{a:1}", "1:2", "expected a member name in double quotes, found 'a'"),
        (#"{"a":1 "b":2}"#, "1:8", "expected ',' or '}' after an object member, found '\"'"),
        ("[1]x", "1:4", "expected the end of the input after the JSON value, found 'x'"),
        ("[1", "1:3", "expected ',' or ']' after an array element, found the end of the input"),
        (#""abc"#, "1:1", "unterminated string"),
        (#""\x""#, "1:2", #"invalid escape '\x'"#),
        (#""\u12""#, "1:2", "four hex digits"),
        ("[1e999]", "1:2", "too large for a 64-bit float"),
        ("-1e999", "1:1", "too large for a 64-bit float"),
        ("\u{FEFF}[]", "1:1", "byte order mark"),
        ("[\"é\", x]", "1:7", "found 'x'"),
        ("{\n  \"é\": 1,\n  \"b\" 2\n}", "3:7", #"expected ':' after the member name "b", found '2'"#),
    ])
    func errorsSayWhatAndWhere(text: String, position: String, reason: String) throws {
        let error = try #require(parseError(text), "\(text) should not parse")
        #expect(error.position == position, "\(error)")
        #expect(error.reason.contains(reason), "\(error)")
        #expect(error.description == "line \(error.line), column \(error.column): \(error.reason)")
    }

    @Test func descriptionNamesLineAndColumn() throws {
        let error = try #require(parseError("{\n  \"a\": 1,\n  \"b\": 2\n  \"c\": 3\n}"))
        #expect(error.description == #"line 4, column 3: expected ',' or '}' after an object member, found '"'"#)
        #expect(error.offset == 23)
    }

    @Test(arguments: [
        ([0x22, 0x61, 0xFF, 0x22], "1:3"),              // never valid
        ([0x22, 0xC0, 0x80, 0x22], "1:2"),              // overlong NUL
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "1:2"),        // an encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "1:2"),  // above U+10FFFF
        ([0x22, 0xE2, 0x82, 0x22], "1:2"),              // truncated
        ([0x22, 0x80, 0x22], "1:2"),                    // a lone continuation byte
        ([0x5B, 0xC3, 0xA9, 0x5D], "1:2"),              // valid UTF-8, but outside a string
    ] as [([UInt8], String)])
    func invalidUTF8IsRejected(bytes: [UInt8], position: String) throws {
        let error = try #require(parseError(bytes))
        #expect(error.position == position, "\(error)")
    }

    @Test func duplicatesAreFoundInLargeObjects() throws {
        let members = (0 ..< 40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(parseError("{\(members)}") == nil)
        let error = try #require(parseError("{\(members), \"k17\": 0}"))
        #expect(error.reason.contains(#"duplicate member name "k17""#))
        // Names compare as Swift strings: "é" precomposed and decomposed are one name.
        #expect(parseError("{\"\u{E9}\": 1, \"e\u{301}\": 2}")?.reason.contains("duplicate") == true)
    }

    /// The scan compares ASCII names by their prints: a name escaped, or an ASCII name and a
    /// non-ASCII one canonically the same (the Kelvin sign is `K`), still compare as strings,
    /// below the scan's limit and above it.
    @Test func duplicatesThatArePrintedDifferentlyAreFound() throws {
        for count in [3, 31, 40] {
            let members = (0 ..< count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
            #expect(parseError(#"{\#(members), "k\u0031": 0}"#)?.reason.contains(#"duplicate member name "k1""#) == true, "\(count)")
            #expect(parseError("{\(members), \"K\": 0, \"\u{212A}\": 1}")?.reason.contains("duplicate") == true, "\(count)")
            #expect(parseError("{\(members), \"\u{212A}\": 0, \"K\": 1}")?.reason.contains("duplicate") == true, "\(count)")
            #expect(parseError(#"{\#(members), "k\u00e9": 0, "ké": 1}"#)?.reason.contains("duplicate") == true, "\(count)")
            #expect(parseError(#"{\#(members), "k0 ": 0, "K0": 1, "k00": 2}"#) == nil, "\(count)")
        }
    }

    @Test func aLargeObjectCostsWhatItsMembersCost() throws {
        // 20,000 names checked for repeats: 26 s in a debug build when each insert copied the set.
        let members = (0 ..< 20_000).map { "\"m\($0)\": 0" }.joined(separator: ", ")
        let start = ContinuousClock.now
        #expect(parseError("{\(members)}") == nil)
        #expect(parseError("{\(members), \"m19999\": 1}")?.reason.contains(#"duplicate member name "m19999""#) == true)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func ownOutputIsReadWithoutTheDuplicateCheck() throws {
        let unchecked = JSONParser.Limits(rejectsDuplicateNames: false)
        let members = (0 ..< 40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let object = try #require(try JSONParser.parse(Array("{\(members)}".utf8), limits: unchecked).objectValue)
        #expect(object.keys == (0 ..< 40).map { "k\($0)" })
        #expect(object["k39"] == .number(39))
        // Without the check a repeated name is kept as written, both members in order.
        let repeated = try #require(try JSONParser.parse(Array(#"{"a":1,"a":2}"#.utf8), limits: unchecked).objectValue)
        #expect(repeated.entries.map(\.value) == [.number(1), .number(2)])
    }

    // MARK: Limits

    @Test func depthLimit() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let error = try #require(parseError(deep))
        #expect(error.position == "1:65")
        #expect(error.reason == "nesting is deeper than the limit of 64 levels")
        #expect(parseError("[[[1]]]", limits: .init(maxDepth: 2))?.position == "1:3")
        #expect(parseError(#"{"a": {"b": 1}}"#, limits: .init(maxDepth: 2)) == nil)
    }

    @Test func stringLimitCountsDecodedBytes() throws {
        let limits = JSONParser.Limits(maxStringBytes: 4)
        #expect(parseError(#"["abcd", "é\u00e9"]"#, limits: limits) == nil)
        #expect(parseError(#"["abcde"]"#, limits: limits)?.reason == "string longer than the limit of 4 bytes")
        #expect(parseError(#"["\u00e9\u00e9é"]"#, limits: limits)?.position == "1:2")
        #expect(parseError(#"{"abcde": 1}"#, limits: limits) != nil)
    }

    @Test func valueLimitCountsEveryValue() throws {
        let limits = JSONParser.Limits(maxValues: 3)
        #expect(parseError("[1, 2]", limits: limits) == nil)
        let error = try #require(parseError("[1, 2, 3]", limits: limits))
        #expect(error.reason == "the document has more than the limit of 3 values")
        #expect(error.position == "1:8")
    }

    /// Nesting lives on explicit stacks: a very deep document is an error, not a stack overflow.
    @Test func deepInputDoesNotRecurse() {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(parseError(deep, limits: .init(maxDepth: 2_000_000)) != nil)
        #expect(parseError(deep)?.reason.contains("deeper than the limit") == true)
    }

    // MARK: Robustness

    @Test func everyOneAndTwoByteInputIsAnsweredWithoutCrashing() {
        var parsed = 0
        for a in 0 ... 255 {
            if parseError([UInt8(a)]) == nil { parsed += 1 }
            for b in 0 ... 255 where parseError([UInt8(a), UInt8(b)]) == nil {
                parsed += 1
            }
        }
        // One byte: the ten digits. Two: two digits not starting with 0 (90), `-` and a digit
        // (10), a digit with whitespace before or after it (4 × 10 × 2), and `""`, `[]`, `{}`.
        #expect(parsed == 10 + 90 + 10 + 80 + 3)
    }

    @Test func randomBytesAreAnsweredWithoutCrashing() {
        var rng = SplitMix64(seed: 2024)
        let alphabet = Array(#"{}[],:"\/ bfnrtu0123456789-+.eE truefalsenull"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xED, 0xF0, 0x9F, 0xFF]
        for round in 0 ..< 5_000 {
            let length = Int.random(in: 0 ... 48, using: &rng)
            let bytes: [UInt8] = (0 ..< length).map { _ in
                round.isMultiple(of: 2) ? UInt8.random(in: 0 ... 255, using: &rng) : alphabet.randomElement(using: &rng)!
            }
            if let error = parseError(bytes) {
                #expect((0 ... bytes.count).contains(error.offset) && error.line >= 1 && error.column >= 1)
            }
        }
    }

    /// Valid documents with one byte changed, inserted or removed: near-misses reach deep into
    /// the grammar, where random bytes rarely get.
    @Test func mutatedDocumentsAreAnsweredWithoutCrashing() {
        var rng = SplitMix64(seed: 99)
        var generator = DocumentGenerator(rng: SplitMix64(seed: 100))
        for _ in 0 ..< 1_500 {
            var bytes = JSONWriter.encode(generator.value())
            guard !bytes.isEmpty else { continue }
            let at = Int.random(in: 0 ..< bytes.count, using: &rng)
            switch Int.random(in: 0 ..< 3, using: &rng) {
            case 0: bytes[at] = UInt8.random(in: 0 ... 255, using: &rng)
            case 1: bytes.insert(UInt8.random(in: 0 ... 255, using: &rng), at: at)
            default: bytes.remove(at: at)
            }
            if let error = parseError(bytes) {
                #expect((0 ... bytes.count).contains(error.offset))
            }
        }
    }
}
