/// Why a document was rejected, and where: `description` is what a curl user sees, e.g.
/// `line 3, column 14: expected ',' or '}' after an object member, found '"'`.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    /// Byte offset of the offending input (the input's length when it ended too early).
    public var offset: Int
    /// 1-based line: lines end at `\n`.
    public var line: Int
    /// 1-based column in Unicode scalars (not bytes), so it matches what an editor shows.
    public var column: Int
    /// What is wrong, phrased for a person.
    public var reason: String

    public init(offset: Int, line: Int, column: Int, reason: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// Locates `offset` in `input`. Only runs when a document is rejected, so the extra pass is free
    /// for the documents that parse.
    init(at offset: Int, in input: UnsafeBufferPointer<UInt8>, reason: String) {
        var line = 1, column = 1
        for byte in input[..<min(offset, input.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte: a new scalar starts
                column += 1
            }
        }
        self.init(offset: offset, line: line, column: column, reason: reason)
    }

    public var description: String { "line \(line), column \(column): \(reason)" }
}
