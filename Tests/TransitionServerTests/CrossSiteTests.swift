import TestSupport
import Testing
@testable import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// Issue 28, item 3: no cross-site writes, no DNS rebinding (docs/security.md).
@Suite struct CrossSiteTests {
    func request(_ method: String, _ path: String, _ headers: [(String, String)]) -> HTTPRequest {
        var request = HTTPRequest(method: method, path: path, contentType: "application/x-www-form-urlencoded", body: Array(Client.scene.utf8))
        request.headers = headers.map { (name: $0.0, value: $0.1) }
        return request
    }

    @Test func onLoopbackOnlyLoopbackNamesAreAnswered() {
        let loopback = HostNames(bindAddress: "127.0.0.1", allowed: [])
        for host in ["localhost", "localhost:8080", "LOCALHOST:1", "127.0.0.1:8080", "127.0.0.2", "[::1]:8080", "[::1]",
                     "[0:0:0:0:0:0:0:1]", "app.localhost:3000", "localhost.:80"] {
            #expect(loopback.allows(host), "\(host)")
        }
        for host in ["evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.nip.io", "[::2]", "10.0.0.1",
                     "localhost:", "localhost:x", "localhost:123456", "", "a b", "[::1", "127.1"] {
            #expect(!loopback.allows(host), "\(host)")
        }
        #expect(loopback.allows(nil), "HTTP/1.0 needs no Host")
        #expect(HostNames(bindAddress: "::1", allowed: []).checked)
        // Elsewhere any name, unless names are listed; `*` turns the check off.
        #expect(HostNames(bindAddress: "0.0.0.0", allowed: []).allows("evil.example"))
        let named = HostNames(bindAddress: "0.0.0.0", allowed: ["sim.example"])
        #expect(named.allows("sim.example:443") && named.allows("localhost") && !named.allows("evil.example"))
        #expect(HostNames(bindAddress: "127.0.0.1", allowed: ["*"]).allows("evil.example"))
    }

    /// `HostNames.name` as it was written before it read bytes: the oracle it must agree with.
    static func referenceName(_ value: String) -> String? {
        var host = Substring(value.lowercased())
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") {
            let port = host[host.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            host = host[..<colon]
        }
        if host.hasPrefix("[") {
            var address = in6_addr()
            guard host.hasSuffix("]"), inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &address) == 1 else { return nil }
            return String(host)
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !host.isEmpty && host.count <= 253 && labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_~".contains($0)) }
        }
        return valid ? String(host) : nil
    }

    @Test func hostNamesReadAsBytesAgreeWithTheCharacterRules() {
        let pieces = ["a", "Z", "0", "9", ".", ":", "[", "]", "-", "_", "~", " ", "é", "\u{212A}", "\r\n", "::1", "localhost", "80",
                      "İ", "\u{301}", "/", "x.y", "127.0.0.1"]
        var rng = SplitMix64(seed: 33)
        var cases = ["", "[", "[]", "[::1]", "[::1]:80", "LOCALHOST.", "\u{212A}", "a:\u{301}80", String(repeating: "a", count: 64),
                     String(repeating: "a.", count: 127) + "a", String(repeating: "a.", count: 126) + "ab"]
        for _ in 0..<20_000 {
            cases.append((0..<Int(rng.next() % 8)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined())
        }
        for value in cases {
            #expect(HostNames.name(value) == Self.referenceName(value), "\(value.debugDescription)")
        }
    }

    /// `HostNames.allows` as it was written before it read bytes in place (the name lower-cased
    /// into a string, its address read by `inet_pton`): the oracle it must agree with.
    static func referenceAllows(_ value: String, listed: Set<String>) -> Bool {
        guard let name = referenceName(value) else { return false }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        let address = name.hasPrefix("[") ? String(name.dropFirst().dropLast()) : name
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { $0[0] } == 127 }
        if inet_pton(AF_INET6, address, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
        }
        return listed.contains(name)
    }

    @Test func hostsAllowedInPlaceAgreeWithTheReference() {
        let pieces = ["127", "0", "1", "255", "256", "01", "00", ".", ":", "[", "]", "::1", "::", "ffff", "0:0", "localhost", "LocalHost",
                      "sim.example", "SIM", "x", "80", "é", "\u{212A}", "-", " ", "1.2.3"]
        var rng = SplitMix64(seed: 45)
        var cases = ["127.0.0.1", "127.0.0.1:8080", "127.255.255.255.", "127.0.0.01", "127.0.0.256", "127..0.1", "127.0.0.1.1",
                     "[::1]", "[::ffff:127.0.0.1]", "[0::1]:80", "LOCALHOST.", "a.LocalHost", "xlocalhost", "\u{212A}.localhost"]
        for _ in 0..<20_000 {
            cases.append((0..<Int(rng.next() % 8)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined())
        }
        let loopback = HostNames(bindAddress: "127.0.0.1", allowed: []), named = HostNames(bindAddress: "127.0.0.1", allowed: ["sim.example"])
        for value in cases {
            #expect(loopback.allows(value) == Self.referenceAllows(value, listed: []), "\(value.debugDescription)")
            #expect(named.allows(value) == Self.referenceAllows(value, listed: ["sim.example"]), "\(value.debugDescription)")
        }
        for address in ["127.0.0.1", "127.9.9.9", "::1", "0:0::1"] { #expect(HostNames.isLoopbackAddress(address), "\(address)") }
        for address in ["0.0.0.0", "128.0.0.1", "::", "::2", "127.1", "localhost", ""] { #expect(!HostNames.isLoopbackAddress(address), "\(address)") }
    }

    @Test func listedNamesAreNamesWithoutPorts() {
        #expect(HostNames.listedName("Sim.Example") == "sim.example")
        #expect(HostNames.listedName("[::1]") == "[::1]")
        #expect(HostNames.listedName("transition_sim") == "transition_sim")
        #expect(HostNames.listedName("*") == "*")
        for bad in ["sim.example:80", "sim.example.", "", "a/b", "http://sim.example", "[::1]:80", "a..b"] {
            #expect(HostNames.listedName(bad) == nil, "\(bad)")
        }
    }

    @Test func aRebindingHostIsRefusedButProbesAnswer() {
        let client = Client()
        #expect(client.app.respond(to: request("GET", "/v1/animators", [("host", "evil.example:8080")])).status == 421)
        #expect(client.app.respond(to: request("GET", "/v1/animators", [("host", "127.0.0.1:8080")])).status == 200)
        #expect(client.app.respond(to: request("GET", "/livez", [("host", "10.1.2.3:8080")])).status == 200)
    }

    @Test func writesFromOtherOriginsAreRefused() {
        let client = Client()
        let host = ("host", "127.0.0.1:8080")
        // Not a browser: no Origin, no Sec-Fetch-Site.
        #expect(client.app.respond(to: request("POST", "/v1/sessions", [host])).status == 201)
        // The service's own page, with or without Sec-Fetch-Site.
        #expect(client.app.respond(to: request("POST", "/v1/sessions", [host, ("origin", "http://127.0.0.1:8080")])).status == 201)
        #expect(client.app.respond(to: request("POST", "/v1/sessions", [host, ("origin", "http://127.0.0.1:8080"),
                                                                         ("sec-fetch-site", "same-origin")])).status == 201)
        // Another origin, by either signal; same-site is another origin too.
        for headers in [[host, ("origin", "https://evil.example")], [host, ("origin", "null")],
                        [host, ("origin", "http://127.0.0.1:3000")], [host, ("sec-fetch-site", "cross-site")],
                        [host, ("origin", "http://127.0.0.1:8080"), ("sec-fetch-site", "same-site")]] {
            let response = client.app.respond(to: request("POST", "/v1/sessions", headers))
            #expect(response.status == 403, "\(headers)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("/problems/origin-not-allowed"))
            #expect(client.app.respond(to: request("DELETE", "/v1/sessions/x", headers)).status == 403)
            // Reads are not refused: CORS keeps their answers from the page.
            #expect(client.app.respond(to: request("GET", "/v1/animators", headers)).status == 200)
        }
    }

    @Test func originsCORSAllowsMayWrite() {
        let listed = Client { $0.corsOrigins = ["https://app.example"] }
        let headers = [("host", "127.0.0.1:8080"), ("origin", "https://app.example"), ("sec-fetch-site", "cross-site")]
        #expect(listed.app.respond(to: request("POST", "/v1/sessions", headers)).status == 201)
        let any = Client { $0.corsOrigins = ["*"] }
        #expect(any.app.respond(to: request("POST", "/v1/sessions", headers)).status == 201)
    }
}
