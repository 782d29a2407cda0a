/// `json` as Python's `json.dumps` spaces it by default: a space after each `,` and `:` between
/// tokens, none inside strings. A golden a harness re-serialized has the service's values and
/// none of its bytes, which is what the comparison's reading path is for.
public func pythonSpaced(_ json: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(json.count * 5 / 4)
    var inString = false, escaped = false
    for byte in json {
        out.append(byte)
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") {
            out.append(UInt8(ascii: " "))
        }
    }
    return out
}
