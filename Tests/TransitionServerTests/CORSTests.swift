import Testing
@testable import TransitionServer

@Suite struct CORSTests {
    @Test func originsAreWhatBrowsersSend() {
        #expect(CORSPolicy.origin("*") == "*")
        #expect(CORSPolicy.origin("https://App.Example:8443") == "https://app.example:8443")
        #expect(CORSPolicy.origin("http://localhost") == "http://localhost")
        #expect(CORSPolicy.origin("http://[::1]:3000") == "http://[::1]:3000")
        for bad in ["", "app.example", "ftp://a", "https://", "https://a/", "https://a/path", "https://a:0", "https://a:65536",
                    "https://a:x", "https://user@a", "https://a?q", "https://a b"] {
            #expect(CORSPolicy.origin(bad) == nil, "\(bad)")
        }
    }

    @Test func aListVariesByOriginAndAnyOriginDoesNot() {
        let listed = CORSPolicy(origins: ["https://a.example"])
        #expect(listed.headers(for: "https://a.example").headers.first?.value == "https://a.example")
        #expect(listed.headers(for: "https://b.example").headers.isEmpty)
        #expect(listed.headers(for: nil).vary == ["Origin"])
        let any = CORSPolicy(origins: ["*"])
        #expect(any.headers(for: "null").headers.first?.value == "*" && any.headers(for: "null").vary.isEmpty)
        let off = CORSPolicy(origins: [])
        #expect(off.headers(for: "https://a.example").headers.isEmpty && off.headers(for: "https://a.example").vary.isEmpty)
    }

    @Test func preflightsSkipTheTokenButNothingElse() {
        let client = Client {
            $0.corsOrigins = ["https://a.example"]
            $0.authToken = "s3cret"
        }
        var request = HTTPRequest(method: "OPTIONS", path: "/v1/sessions")
        request.headers = [("origin", "https://a.example"), ("access-control-request-method", "POST")]
        #expect(client.app.respond(to: request).status == 204)
        request.method = "GET"
        #expect(client.app.respond(to: request).status == 401)
    }

    /// `Application.gatherVary` against the general join it shortens for the one-field case: every
    /// `Vary` moved to one field at the end, values in order, other fields in their order.
    @Test func varyFieldsAreGatheredAtTheEnd() {
        func general(_ headers: [(name: String, value: String)], _ extra: [String]) -> [(name: String, value: String)] {
            var headers = headers
            let vary = headers.filter { $0.name == "Vary" }.map(\.value) + extra
            headers.removeAll { $0.name == "Vary" }
            if !vary.isEmpty { headers.append(("Vary", vary.joined(separator: ", "))) }
            return headers
        }
        let cases: [([(name: String, value: String)], [String])] = [
            ([], []), ([("ETag", "\"1\"")], []), ([], ["Origin"]),
            ([("Vary", "Accept-Encoding"), ("ETag", "\"1\""), ("Cache-Control", "no-cache")], []),
            ([("Vary", "Accept-Encoding"), ("ETag", "\"1\"")], ["Origin"]),
            ([("Vary", "A"), ("X", "1"), ("Vary", "B")], []), ([("Vary", "A"), ("X", "1"), ("Vary", "B")], ["Origin"]),
        ]
        for (headers, extra) in cases {
            var gathered = headers
            Application.gatherVary(&gathered, adding: extra)
            let want = general(headers, extra)
            #expect(gathered.map(\.name) == want.map(\.name) && gathered.map(\.value) == want.map(\.value), "\(headers) \(extra)")
        }
    }
}
