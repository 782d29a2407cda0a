import Testing
@testable import TransitionServer

/// `GET /viewer` (docs/viewer.md § The viewer page); its behaviour in a browser is tested end to end.
@Suite struct ViewerTests {
    @Test func thePageIsServedWholeAndOpenWithoutTheToken() {
        let client = Client { $0.authToken = "s3cret" }
        let r = client.send("GET", "/viewer?session=abc&t=0.1")
        #expect(r.status == 200)
        #expect(r.response.mediaType == .html)
        #expect(r.response.headers.contains { $0.name == "Content-Security-Policy" && $0.value.contains("connect-src 'self'") })
        #expect(r.response.headers.contains { $0.name == "Cache-Control" && $0.value == "max-age=3600" })
        let page = String(decoding: r.response.body, as: UTF8.self)
        #expect(page.hasPrefix("<!doctype html>") && page.hasSuffix("</html>"))
        // Nothing is loaded from elsewhere: no external scripts, styles or images.
        #expect(!page.contains("src=\"http") && !page.contains("href=\"http") && !page.contains("@import"))
        // The API still needs the token.
        #expect(client.send("GET", "/v1/sessions/abc/snapshot.svg").status == 401)
    }

    @Test func theScriptIsAFileOfItsOwnSoNoInlineScriptRuns() throws {
        let client = Client { $0.authToken = "s3cret" }
        let page = client.send("GET", "/viewer")
        let policy = try #require(page.response.headers.first { $0.name == "Content-Security-Policy" }?.value)
        let scriptSources = try #require(policy.split(separator: ";").first { $0.contains("script-src") })
        #expect(String(scriptSources).trimmingSpaces() == "script-src 'self'")
        let html = String(decoding: page.response.body, as: UTF8.self)
        #expect(html.contains("<script src=\"/viewer.js\"></script>") && !html.contains("<script>"))
        let script = client.send("GET", "/viewer.js")
        #expect(script.status == 200 && script.response.mediaType == .javascript, "open without the token, as JavaScript")
        #expect(String(decoding: script.response.body, as: UTF8.self).hasPrefix("\"use strict\";"))
        #expect(client.send("GET", "/viewer.js?x=1").status == 422)
    }

    @Test func unknownParametersAreProblems() {
        let r = Client().send("GET", "/viewer?sesion=abc")
        #expect(r.status == 422)
        #expect(r.json?["parameter"] == .string("sesion"))
    }

    @Test func parametersOutsideTheirBoundsAreProblems() {
        for (query, name) in [("t=10000001", "t"), ("t=abc", "t"), ("session=" + String(repeating: "a", count: 65), "session"),
                              ("report=" + String(repeating: "1", count: 8001), "report")] {
            let r = Client().send("GET", "/viewer?" + query)
            #expect(r.status == 422 && r.json?["parameter"] == .string(name), "\(query)")
        }
    }
}
