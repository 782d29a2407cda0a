/// Strong entity tags (RFC 9110 §8.8.3) for the deterministic answers, and `If-None-Match`.
enum EntityTag {
    /// `"` + 16 hex digits + `"`: a 64-bit hash of the bytes. Same bytes, same tag, in every
    /// process and on every replica (unlike Swift's `Hasher`, which is seeded per process), so a
    /// load balancer can send the revalidation anywhere. A compressed representation's tag adds
    /// its coding (`"…-gzip"`): the hash is of the uncompressed bytes either way.
    static func of(_ bytes: [UInt8], coding: ContentCoding = .identity) -> String {
        let digits = String(hash(bytes), radix: 16)
        let suffix = coding == .identity ? "" : "-" + coding.rawValue
        return "\"" + String(repeating: "0", count: 16 - digits.count) + digits + suffix + "\""
    }

    /// FNV-1a over 8-byte little-endian words (8 times fewer dependent multiplies than over bytes,
    /// so a megabyte of snapshots costs well under a millisecond), the tail bytes, then
    /// MurmurHash3's finalizer so that every input bit reaches every output bit.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01b3
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                h = (h ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))) &* prime
            }
            for byte in raw[(words * 8)...] { h = (h ^ UInt64(byte)) &* prime }
        }
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h = h &* 0xc4ce_b9fe_1a85_ec53
        return h ^ (h >> 33)
    }

    /// Whether an `If-None-Match` value names `tag` (weak comparison, RFC 9110 §13.1.2: `W/` is
    /// ignored), or is `*`. A malformed list matches nothing past the fault: the answer is then
    /// the full one, which is always correct.
    static func matches(ifNoneMatch field: String, _ tag: String) -> Bool {
        let opaque = tag.utf8.dropFirst().dropLast()
        var rest = Substring(field).utf8[...]
        while true {
            while let c = rest.first, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: ",") {
                rest = rest.dropFirst()
            }
            guard let first = rest.first else { return false }
            if first == UInt8(ascii: "*") { return true }
            if rest.starts(with: "W/".utf8) { rest = rest.dropFirst(2) }
            guard rest.first == UInt8(ascii: "\"") else { return false }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: UInt8(ascii: "\"")) else { return false }
            if rest[..<close].elementsEqual(opaque) { return true }
            rest = rest[rest.index(after: close)...]
        }
    }
}
