import Testing
@testable import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

@Suite struct RequestIDTests {
    @Test func acceptsTokensUpToTheLimit() {
        #expect(RequestID.accepted("abc-123:/=+_.~") == "abc-123:/=+_.~")
        #expect(RequestID.accepted(String(repeating: "x", count: 200)) != nil)
        for bad in ["", String(repeating: "x", count: 201), "a b", "a\"b", "a\\b", "été", "a, b", "a\tb"] {
            #expect(RequestID.accepted(bad) == nil, "\(bad)")
        }
    }

    @Test func madeIdsAre32HexDigits() {
        let a = RequestID.make(), b = RequestID.make()
        #expect(a.count == 32 && a.allSatisfy(\.isHexDigit) && a != b)
        let many = (0..<10_000).map { _ in RequestID.make() }
        #expect(Set(many).count == many.count)
        #expect(many.allSatisfy { $0.utf8.count == 32 && $0.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) } })
        // Both halves vary: neither is a constant or a plain counter.
        #expect(Set(many.map { $0.prefix(16) }).count == many.count && Set(many.map { $0.suffix(16) }).count == many.count)
    }

    @Test func headerBlocksAreTheLinesTheShimReads() {
        let response = HTTPResponse(status: 200, headers: [("ETag", "\"00ff\""), ("X-Empty", ""), ("X-Request-Id", "été")])
        let block = response.mallocHeaderBlock()!
        defer { free(block) }
        #expect(String(cString: block) == "ETag: \"00ff\"\nX-Empty: \nX-Request-Id: été\n")
        #expect(HTTPResponse(status: 204).mallocHeaderBlock() == nil)
    }

    @Test func traceparentFollowsW3CTraceContext() {
        let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        #expect(RequestID.traceparent(valid) == valid)
        // A later version may append fields after a dash; version 00 may not.
        #expect(RequestID.traceparent("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra") != nil)
        for bad in [valid + "-x", "ff" + valid.dropFirst(2), valid.uppercased(), "00-" + String(repeating: "0", count: 32) + "-00f067aa0ba902b7-01",
                    "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", String(valid.dropLast()), "x"] {
            #expect(RequestID.traceparent(bad) == nil, "\(bad)")
        }
        #expect(RequestID.traceparent(nil) == nil)
    }

    @Test func everyAnswerCarriesTheId() {
        let client = Client()
        var request = HTTPRequest(method: "GET", path: "/nope")
        request.headers = [("x-request-id", "mine")]
        let answer = client.app.respond(to: request)
        #expect(answer.headers.contains { $0.name == "X-Request-Id" && $0.value == "mine" })
        #expect(String(decoding: answer.body, as: UTF8.self).contains(#""requestId":"mine""#))
        request.headers.append(("x-request-id", "again"))
        #expect(client.app.respond(to: request).status == 400)
    }
}
