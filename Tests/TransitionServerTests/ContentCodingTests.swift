import Testing
@testable import TransitionServer

@Suite struct ContentCodingTests {
    @Test func weightsPickTheCoding() {
        let cases: [(String?, ContentCoding)] = [
            (nil, .identity), ("", .identity), ("gzip", .gzip), ("deflate", .deflate), ("gzip, deflate", .gzip),
            ("deflate;q=1, gzip;q=0.9", .deflate), ("deflate, gzip", .gzip), ("x-gzip", .gzip), ("*", .gzip),
            ("*;q=0.5, gzip;q=0", .deflate), ("gzip;q=0, deflate;q=0", .identity), ("br, zstd", .identity),
            ("gzip;q=1.5", .identity), ("gzip;q=", .identity), ("gzip ; q=0.2", .gzip), ("identity;q=0", .identity),
        ]
        for (field, expected) in cases {
            #expect(ContentCoding.preferred(field) == expected, "\(field ?? "nil")")
        }
    }

    @Test func encodingIsDeterministicAndFramed() throws {
        let body = Array(String(repeating: #"{"id":"view","alpha":1,"hidden":false},"#, count: 100).utf8)
        let gzip = try #require(ContentCoding.gzip.encode(body))
        #expect(gzip.starts(with: [0x1f, 0x8b]) && gzip.count < body.count / 10)
        #expect(ContentCoding.gzip.encode(body) == gzip)
        let deflate = try #require(ContentCoding.deflate.encode(body))
        // A zlib stream (RFC 1950): method 8 (deflate), a window sized to the body, a valid check.
        #expect(deflate[0] & 0x0f == 8 && deflate[0] >> 4 <= 7 && (Int(deflate[0]) * 256 + Int(deflate[1])) % 31 == 0)
        #expect(ContentCoding.identity.encode(body) == nil && ContentCoding.gzip.encode([]) == nil)
    }

    @Test func onlyLargeAnswersVaryAndCompress() {
        let client = Client()
        var request = HTTPRequest(method: "GET", path: "/v1/animators")
        request.headers = [("accept-encoding", "gzip")]
        let large = client.app.respond(to: request)
        #expect(large.headers.contains { $0.name == "Content-Encoding" && $0.value == "gzip" })
        #expect(large.headers.contains { $0.name == "Vary" && $0.value == "Accept-Encoding" })
        request.path = "/livez"
        let small = client.app.respond(to: request)
        #expect(!small.headers.contains { $0.name == "Content-Encoding" || $0.name == "Vary" })
    }
}
