import CZlib

/// Response compression (RFC 9110 §8.4): gzip or deflate by the request's `Accept-Encoding`,
/// with zlib. Snapshot JSON repeats its keys in every view, so it shrinks about 40-fold.
public enum ContentCoding: String, Sendable {
    case identity, gzip, deflate

    /// Bodies below this are sent as they are: compressing a packet's worth saves no round trip.
    static let minimumBytes = 1024
    /// zlib's level. On a long series (scripts/bench prints the levels) 3 is as fast as 1 and a
    /// third smaller; the default, 6, halves that again for three times the time, which would add
    /// most of a request's own CPU time to it.
    public static let level: Int32 = 3

    /// The coding to send for an `Accept-Encoding` value (nil: the field is absent): gzip or
    /// deflate, whichever has the higher weight (gzip on a tie, `x-gzip` counting as gzip, `*`
    /// for either one not named), identity when neither is acceptable. Malformed members are
    /// skipped; the field is bounded by the HTTP layer's header limit.
    static func preferred(_ field: String?) -> ContentCoding {
        guard let field else { return .identity }
        var weights: [String: Double] = [:]
        for member in field.split(separator: ",") {
            let parts = member.split(separator: ";")
            guard let name = parts.first.map({ String($0).trimmingSpaces().lowercased() }), !name.isEmpty else { continue }
            var q = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).trimmingSpaces().lowercased() }
                if pair.count == 2, pair[0] == "q" {
                    guard let value = Double(pair[1]), value >= 0, value <= 1 else { q = -1; break }
                    q = value
                }
            }
            guard q >= 0 else { continue }
            let key = name == "x-gzip" ? "gzip" : name
            weights[key] = max(weights[key] ?? 0, q)
        }
        let any = weights["*"] ?? 0
        let gzip = weights["gzip"] ?? any, deflate = weights["deflate"] ?? any
        if gzip > 0 && gzip >= deflate { return .gzip }
        return deflate > 0 ? .deflate : .identity
    }

    /// The body in this coding, or nil when zlib fails (the caller then sends it as it is).
    /// - Parameter level: zlib's, 1 (fastest) to 9; other values are for the benchmark.
    public func encode(_ bytes: [UInt8], level: Int32 = ContentCoding.level) -> [UInt8]? {
        bytes.withUnsafeBytes { encode($0, level: level) }
    }

    /// The same, of bytes wherever they are.
    public func encode(_ bytes: UnsafeRawBufferPointer, level: Int32 = ContentCoding.level) -> [UInt8]? {
        guard self != .identity, !bytes.isEmpty, bytes.count <= Int(UInt32.max) else { return nil }
        // The window need not be larger than the body, nor the hash table than the window: a
        // 6 KB frame then takes zlib 64 KB of buffers instead of 256 KB, which each request
        // allocates and the kernel zeroes again (that halved the requests/s of one-frame answers).
        var windowBits: Int32 = 9
        while windowBits < 15 && 1 << windowBits < bytes.count { windowBits += 1 }
        var stream = z_stream()
        guard czlib_deflate_init(&stream, level, self == .gzip ? windowBits + 16 : windowBits, windowBits - 7) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var finished = false
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            // zlib only reads its input; the pointer is mutable because zlib.h is built without z_const.
            stream.next_in = UnsafeMutablePointer(mutating: bytes.assumingMemoryBound(to: UInt8.self).baseAddress)
            stream.avail_in = uInt(bytes.count)
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(bound)
            // deflateBound's room is enough for one call to finish the stream.
            finished = CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END
            count = finished ? bound - Int(stream.avail_out) : 0
        }
        return finished ? output : nil
    }
}
