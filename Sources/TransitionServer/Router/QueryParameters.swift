/// A request's query string, decoded as HTML forms encode it (`+` is a space, `%XX` a byte,
/// the bytes UTF-8). Bounded, because it comes straight from the client.
public struct QueryParameters: Sendable {
    /// Most parameters one query may have.
    public static let maxCount = 64
    /// Longest raw query string, in bytes: three times the longest `t` list (8,000 characters,
    /// openapi.yaml), so that the list %-escaped throughout (`+` is sent as `%2B`) still fits with
    /// every other parameter, and any query the contract allows is read. The request line as a
    /// whole stays within the connection's memory (docs/connections.md).
    public static let maxBytes = 24_576

    private let pairs: [(name: String, value: String)]

    /// No parameters (the empty query).
    public init() {
        pairs = []
    }

    /// - Parameter raw: the query without its leading `?`.
    /// - Throws: `Problem.badRequest` for a query over the limits or with malformed escapes.
    public init(_ raw: String) throws(Problem) {
        guard raw.utf8.count <= Self.maxBytes else {
            throw Problem.badRequest("the query string is longer than the limit of \(Self.maxBytes) bytes")
        }
        var raw = raw
        self.pairs = try raw.withUTF8 { bytes in Result { () throws(Problem) in try Self.pairs(bytes) } }.get()
    }

    /// The pairs of a query, read piece by piece from its UTF-8 bytes where they stand (the
    /// standard library's `split` builds an array of them first, generically). Empty pieces
    /// (`a=1&&b=2`, a trailing `&`) carry nothing and are skipped.
    private static func pairs(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
            defer { start = end + 1 }
            if end == start { continue }
            guard pairs.count < Self.maxCount else {
                throw Problem.badRequest("the query has more than the limit of \(Self.maxCount) parameters")
            }
            var equals = start
            while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            let rawName = UnsafeBufferPointer(rebasing: bytes[start..<equals])
            let rawValue = UnsafeBufferPointer(rebasing: bytes[min(equals + 1, end)..<end])
            guard let name = PercentDecoding.decode(rawName, plusIsSpace: true) else {
                throw Problem.badRequest("query parameter '\(String(decoding: rawName, as: UTF8.self))' has a malformed %-escape in its name")
            }
            guard let value = PercentDecoding.decode(rawValue, plusIsSpace: true) else {
                throw Problem.badRequest("query parameter '\(name)' has a malformed %-escape (% must be followed by two hex digits of UTF-8)")
            }
            pairs.append((name, value))
        }
        return pairs
    }

    /// The first value given for `name`.
    public subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value given for `name`, in order.
    public func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// The first name, in the query's order, that `known` does not hold; nil when it holds them all.
    public func firstName(notIn known: [String]) -> String? {
        pairs.first { !known.contains($0.name) }?.name
    }
}

/// `%XX` decoding shared by path parameters and queries.
enum PercentDecoding {
    /// The decoded text, or nil when a `%` is not followed by two hex digits or the decoded bytes
    /// are not UTF-8.
    /// - Parameter plusIsSpace: true for queries (form encoding), false for path segments.
    static func decode(_ encoded: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> String? {
        // One pass over the bytes: an escape sends them to the decoding below; without one, ASCII
        // (every id, parameter name and number) is UTF-8 as it stands, and only other bytes go
        // through the standard library's validation (generic over the collection: about a
        // thousand instructions a string).
        var ascii = true
        for byte in encoded {
            if byte == UInt8(ascii: "%") || plusIsSpace && byte == UInt8(ascii: "+") { return unescaped(encoded, plusIsSpace: plusIsSpace) }
            if byte >= 0x80 { ascii = false }
        }
        return ascii ? String(decoding: encoded, as: UTF8.self) : String(validating: encoded, as: UTF8.self)
    }

    /// `decode` of bytes holding an escape.
    private static func unescaped(_ encoded: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var i = 0
        while i < encoded.count {
            let byte = encoded[i]
            i += 1
            switch byte {
            case UInt8(ascii: "%"):
                guard i + 1 < encoded.count, let high = hexValue(encoded[i]), let low = hexValue(encoded[i + 1]) else { return nil }
                i += 2
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
