import Testing
@testable import TransitionServer

/// `HTTPRequest.splitTarget`, which reads the target's bytes where they stand, against the way it
/// was written before (an array of the bytes, generic prefix comparisons): the oracle it must
/// agree with on every target.
@Suite struct RequestTargetTests {
    static func reference(_ target: String) -> (path: String, query: String, wellFormed: Bool) {
        let bytes = Array(target.utf8)
        let wellFormed = !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
        var start = 0
        for scheme in ["http://", "https://"] {
            let prefix = Array(scheme.utf8)
            let lower = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }
            if bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy({ lower($0.0) == $0.1 }) {
                start = prefix.count
                while start < bytes.count && ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[start]) {
                    start += 1
                }
                break
            }
        }
        let rest = bytes[start...]
        let mark = rest.firstIndex(of: UInt8(ascii: "?"))
        var path = String(decoding: rest[..<(mark ?? rest.endIndex)], as: UTF8.self)
        let query = mark.map { String(decoding: rest[rest.index(after: $0)...], as: UTF8.self) } ?? ""
        if start > 0 && !path.hasPrefix("/") { path = "/" + path }
        return (path, query, wellFormed)
    }

    /// `splitTarget` of a string's bytes, as the bridge hands it the C string's.
    static func split(_ target: String) -> (path: String, query: String, wellFormed: Bool) {
        var target = target
        return target.withUTF8 { HTTPRequest.splitTarget($0) }
    }

    @Test func examples() {
        #expect(Self.split("/v1/sessions/a/snapshot?t=0.25") == ("/v1/sessions/a/snapshot", "t=0.25", true))
        #expect(Self.split("HTTP://host:8080/livez?x") == ("/livez", "x", true))
        #expect(Self.split("https://host?q=1") == ("/", "q=1", true))
        #expect(Self.split("http://host#frag") == ("/#frag", "", true))
        #expect(Self.split("*") == ("*", "", true))
        #expect(Self.split("/a b?") == ("/a b", "", false))
        #expect(Self.split("") == ("", "", true))
    }

    @Test func agreesWithTheReference() {
        var rng = SplitMix(seed: 33)
        let pieces = ["/", "?", "#", "&", "=", "http://", "HTTPS://", "hTtP:/", "host", ":80", "%20", " ", "\t", "\u{7F}", "\u{1}",
                      "é", "\u{301}", "a", "v1", "sessions", "t=0.1"]
        for _ in 0..<20_000 {
            let target = (0..<Int(rng.next() % 7)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let got = Self.split(target), want = Self.reference(target)
            #expect(got.path == want.path && got.query == want.query && got.wellFormed == want.wellFormed, "\(target.debugDescription)")
        }
    }
}

/// A small deterministic generator (SplitMix64), so that a failure repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
