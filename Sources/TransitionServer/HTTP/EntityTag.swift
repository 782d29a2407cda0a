/// Strong entity tags (RFC 9110 §8.8.3) for the deterministic answers, and `If-None-Match`.
enum EntityTag {
    /// `"` + 16 hex digits + `"`: a 64-bit hash of the bytes. Same bytes, same tag, in every
    /// process and on every replica (unlike Swift's `Hasher`, which is seeded per process), so a
    /// load balancer can send the revalidation anywhere. A compressed representation's tag adds
    /// its coding (`"…-gzip"`): the hash is of the uncompressed bytes either way.
    static func of(_ bytes: [UInt8], coding: ContentCoding = .identity) -> String {
        of(hash: hash(bytes), coding: coding)
    }

    /// The tag of a representation named by a 64-bit hash: of its bytes (`of(_:coding:)`), or of
    /// what determines them (`Derivation`).
    static func of(hash: UInt64, coding: ContentCoding = .identity) -> String {
        let suffix = coding == .identity ? "" : "-" + coding.rawValue
        // Written in place: a tag is made for every answer of a cacheable route, and building it
        // from `String(_:radix:)` and concatenations would cost more than the rest of the tag.
        return String(unsafeUninitializedCapacity: 18 + suffix.utf8.count) { out in
            out[0] = UInt8(ascii: "\"")
            Hex.write(hash, into: out.baseAddress! + 1)
            var n = 17
            for byte in suffix.utf8 { out[n] = byte; n += 1 }
            out[n] = UInt8(ascii: "\"")
            return n + 1
        }
    }

    /// FNV-1a over 8-byte little-endian words (8 times fewer dependent multiplies than over bytes,
    /// so a megabyte of snapshots costs well under a millisecond), the tail bytes, then
    /// MurmurHash3's finalizer so that every input bit reaches every output bit.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes(hash)
    }

    static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01b3
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(raw.count)
        let words = raw.count / 8
        for i in 0..<words {
            h = (h ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))) &* prime
        }
        for byte in raw[(words * 8)...] { h = (h ^ UInt64(byte)) &* prime }
        return mix(h)
    }

    /// MurmurHash3's 64-bit finalizer: a bijection in which every input bit reaches every output bit.
    static func mix(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h = h &* 0xc4ce_b9fe_1a85_ec53
        return h ^ (h >> 33)
    }

    /// A tag made from what determines a body rather than from its bytes (a snapshot's: the
    /// session's version, the query as read, the representation, the build): a few words mixed
    /// in order, where hashing the body would read all of it (20 KB for one snapshot). Whoever
    /// derives a tag must mix in everything the bytes depend on, or two bodies would share it.
    struct Derivation {
        private var h: UInt64

        /// Starts from `seed`: what every tag of this process shares (the build, `Application.tagSeed`).
        init(seed: UInt64) { h = seed }

        mutating func combine(_ word: UInt64) {
            h = EntityTag.mix(h &* 0x100_0000_01b3 ^ word)
        }

        mutating func combine(_ value: Double) { combine(value.bitPattern) }

        mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

        /// A byte string, as its hash and its length (so that two strings in a row cannot run into each other).
        mutating func combine(_ bytes: [UInt8]) {
            combine(EntityTag.hash(bytes))
            combine(bytes.count)
        }

        var value: UInt64 { h }
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

/// Lower-case hexadecimal digits of 64-bit numbers (ETags, request ids).
enum Hex {
    /// The 16 digits of `value`, leading zeros included, at `out`.
    static func write(_ value: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(i))) & 15
            out[i] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
        }
    }
}
