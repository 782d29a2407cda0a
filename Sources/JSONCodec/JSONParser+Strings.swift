/// Strings: escapes decoded, surrogate pairs joined, UTF-8 validated, length bounded.
extension Parser {
    /// Reads a string starting at the opening quote under `index`.
    mutating func string() throws(JSONParseError) -> String {
        let open = index
        index += 1
        // Fast path: plain ASCII up to the closing quote becomes the string as it stands.
        let start = index
        while index < input.count {
            let byte = input[index]
            if byte == .quote || byte == .backslash || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        if index < input.count, input[index] == .quote {
            try checkLength(index - start, stringAt: open)
            let text = String(decoding: UnsafeBufferPointer(rebasing: input[start ..< index]), as: UTF8.self)
            index += 1
            return text
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[start ..< index]))
        while index < input.count {
            let byte = input[index]
            switch byte {
            case .quote:
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case .backslash:
                try escape()
            case ..<0x20:
                let hint = byte == .lineFeed ? "a line break inside a string must be written as \\n"
                    : "control character U+00\(Self.hex(byte).dropFirst(2)) must be escaped inside a string"
                throw error(at: index, hint + " (or the string is missing its closing '\"')")
            case ..<0x80:
                scratch.append(byte)
                index += 1
            default:
                guard let length = utf8SequenceLength(at: index) else {
                    throw error(at: index, "invalid UTF-8 in a string: the sequence starting with byte \(Self.hex(byte)) is malformed")
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[index ..< index + length]))
                index += length
            }
            try checkLength(scratch.count, stringAt: open)
        }
        throw error(at: open, "unterminated string: the input ends before its closing '\"'")
    }

    private func checkLength(_ length: Int, stringAt open: Int) throws(JSONParseError) {
        guard length <= limits.maxStringBytes else {
            throw error(at: open, "string longer than the limit of \(limits.maxStringBytes) bytes")
        }
    }

    /// Decodes the escape whose backslash is under `index` into `scratch`.
    private mutating func escape() throws(JSONParseError) {
        let backslash = index
        index += 1
        guard index < input.count else { throw error(at: backslash, "unterminated string: the input ends inside an escape") }
        let letter = input[index]
        index += 1
        switch letter {
        case .quote, .backslash, .slash: scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeAt: backslash)
            switch unit {
            case 0xD800 ... 0xDBFF:
                var low: UInt32 = 0
                if input.count - index >= 2, input[index] == .backslash, input[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    low = try hexQuad(escapeAt: index - 2)
                }
                guard (0xDC00 ... 0xDFFF).contains(low) else {
                    throw error(at: backslash, "lone surrogate \\u\(Self.hex4(unit)): a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF)")
                }
                appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00 ... 0xDFFF:
                throw error(at: backslash, "lone surrogate \\u\(Self.hex4(unit)): a low surrogate must follow a high one (\\uD800 to \\uDBFF)")
            default:
                appendUTF8(unit)
            }
        default:
            let escape = (0x21 ... 0x7E).contains(letter) ? "'\\\(Character(Unicode.Scalar(letter)))'" : "a backslash before byte \(Self.hex(letter))"
            throw error(at: backslash, "invalid escape \(escape); JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    /// The four hex digits after `\u`.
    private mutating func hexQuad(escapeAt backslash: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            guard index < input.count, let digit = Self.hexValue(input[index]) else {
                throw error(at: backslash, "\\u must be followed by four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case .digit0 ... .digit9: UInt32(byte - .digit0)
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func hex4(_ unit: UInt32) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Encodes a scalar (never a surrogate: the caller has joined or rejected those).
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (Unicode table 3-7: no overlong
    /// forms, no encoded surrogates, nothing above U+10FFFF), or nil.
    func utf8SequenceLength(at offset: Int) -> Int? {
        let lead = input[offset]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80 ... 0xBF
        switch lead {
        case 0x00 ... 0x7F: return 1
        case 0xC2 ... 0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0 ... 0xBF
        case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
        case 0xED: length = 3; second = 0x80 ... 0x9F
        case 0xF0: length = 4; second = 0x90 ... 0xBF
        case 0xF1 ... 0xF3: length = 4
        case 0xF4: length = 4; second = 0x80 ... 0x8F
        default: return nil
        }
        guard input.count - offset >= length, second.contains(input[offset + 1]) else { return nil }
        for i in offset + 2 ..< offset + length where !(0x80 ... 0xBF).contains(input[i]) {
            return nil
        }
        return length
    }
}
