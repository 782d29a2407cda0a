/// Error messages: each names what was expected and what was found, in words a curl user can act on.
extension Parser {
    func error(at offset: Int, _ reason: String) -> JSONParseError {
        JSONParseError(at: offset, in: input, reason: reason)
    }

    /// "expected …, found …" at the current position.
    func unexpected(_ expectation: String) -> JSONParseError {
        error(at: index, "\(expectation), found \(token(at: index))")
    }

    /// The input at `offset` as a person would name it, with a hint for the usual near-misses.
    func token(at offset: Int) -> String {
        guard offset < input.count else { return "the end of the input" }
        let byte = input[offset]
        if Self.isWordByte(byte) {
            var end = offset
            while end < input.count, end - offset < 32, Self.isWordByte(input[end]) { end += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: input[offset ..< end]), as: UTF8.self)
            switch word {
            case "NaN", "Infinity": return "'\(word)' (JSON has no NaN or Infinity)"
            case "True", "False", "None", "TRUE", "FALSE", "NULL", "Null": return "'\(word)' (JSON literals are lower case: true, false, null)"
            default: return "'\(word)'"
            }
        }
        switch byte {
        case UInt8(ascii: "'"): return "a single quote (JSON strings use double quotes)"
        case UInt8(ascii: "/"): return "'/' (JSON has no comments)"
        case UInt8(ascii: "+"): return "'+' (a JSON number cannot start with '+')"
        case UInt8(ascii: "."): return "'.' (a JSON number needs a digit before the decimal point)"
        case 0x21 ... 0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0xEF where offset == 0 && input.count >= 3 && input[1] == 0xBB && input[2] == 0xBF:
            return "a byte order mark (send UTF-8 without a BOM)"
        default:
            if byte >= 0x80, let length = utf8SequenceLength(at: offset) {
                return "'\(String(decoding: UnsafeBufferPointer(rebasing: input[offset ..< offset + length]), as: UTF8.self))'"
            }
            return "byte \(Self.hex(byte))" + (byte >= 0x80 ? " (not valid UTF-8)" : "")
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
             .digit0 ... .digit9, UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// `0x0A`.
    static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    /// A name quoted in a message, cut short so that a huge name cannot make a huge message.
    static func excerpt(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(40) + "…"
    }
}
