import Synchronization

/// Every request has an id: the client's `X-Request-Id` (or its proxy's), else one made here. It
/// comes back as `X-Request-Id`, in every log line of the request and as `requestId` in problems,
/// so a client's report and the service's log meet.
enum RequestID {
    /// Longest id accepted; proxies make ids of 20 to 200 characters (Heroku's router allows 200).
    static let maxLength = 200

    /// The client's id, when it is 1 to 200 visible ASCII characters other than `"` and `\` (so
    /// it is one token in every log format and header); nil otherwise.
    static func accepted(_ value: String) -> String? {
        let bytes = value.utf8
        guard (1...maxLength).contains(bytes.count),
              bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        else { return nil }
        return value
    }

    /// A new id: 32 hex digits, never the same twice in a process (a counter, through a
    /// bijective mix) nor, but by chance, in two (128 random bits drawn once per process). Not
    /// meant to be unguessable: an id names a request in the log, and a client may send its own.
    /// (It was 128 bits from the kernel's generator per request: a system call, `crng_make_state`
    /// in `perf`, for an id the client did not ask for.)
    static func make() -> String {
        let n = issued.wrappingAdd(1, ordering: .relaxed).oldValue
        return String(unsafeUninitializedCapacity: 32) { out in
            Hex.write(mix(seed.high &+ n &* 0x9e37_79b9_7f4a_7c15), into: out.baseAddress!)
            Hex.write(mix(seed.low &+ n &* 0xd1b5_4a32_d192_ed03), into: out.baseAddress! + 16)
            return 32
        }
    }

    /// Ids made so far by this process.
    private static let issued = Atomic<UInt64>(0)
    /// This process's random start.
    private static let seed: (high: UInt64, low: UInt64) = {
        var rng = SystemRandomNumberGenerator()
        return (rng.next(), rng.next())
    }()

    /// SplitMix64's finalizer: a bijection, so distinct counts give distinct halves.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A W3C Trace Context `traceparent` worth logging: `version-traceid-parentid-flags` in lower-case
    /// hex, the ids not all zeros, version `ff` never; a later version may add `-…` (at most 256
    /// bytes here). Anything else is nil: the recommendation says to ignore a malformed one, not
    /// refuse the request.
    static func traceparent(_ value: String?) -> String? {
        guard let value else { return nil }
        let b = Array(value.utf8)
        guard b.count >= 55, b.count <= 256 else { return nil }
        func hex(_ range: Range<Int>) -> Bool {
            b[range].allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
        }
        func zeros(_ range: Range<Int>) -> Bool { b[range].allSatisfy { $0 == 0x30 } }
        let dash = UInt8(ascii: "-")
        guard hex(0..<2), b[2] == dash, hex(3..<35), b[35] == dash, hex(36..<52), b[52] == dash, hex(53..<55),
              !(b[0] == UInt8(ascii: "f") && b[1] == UInt8(ascii: "f")), !zeros(3..<35), !zeros(36..<52)
        else { return nil }
        let version00 = b[0] == 0x30 && b[1] == 0x30
        guard b.count == 55 || (!version00 && b[55] == dash) else { return nil }
        return value
    }
}
