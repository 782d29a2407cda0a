import Testing
@testable import TransitionServer

/// Issue 28, item 4: every answer says `nosniff`; documents say what may run in them.
@Suite struct ContentSecurityTests {
    func header(_ name: String, _ response: HTTPResponse) -> String? {
        response.headers.first { $0.name == name }?.value
    }

    @Test func everyAnswerIsNoSniffAndOnlyDocumentsHaveAPolicy() throws {
        let client = Client()
        let created = client.send("POST", "/v1/sessions", Client.scene)
        let id = try #require(created.json?["id"]?.stringValue)
        for (method, target) in [("GET", "/livez"), ("GET", "/v1/animators"), ("GET", "/nowhere"), ("PUT", "/v1/animators"),
                                 ("GET", "/v1/sessions/\(id)/snapshot"), ("HEAD", "/v1/sessions/\(id)/snapshot.svg"),
                                 ("GET", "/viewer.js"), ("OPTIONS", "/v1/sessions")] {
            let response = client.send(method, target).response
            #expect(header("X-Content-Type-Options", response) == "nosniff", "\(method) \(target)")
            let policy = header("Content-Security-Policy", response)
            #expect((policy != nil) == (response.mediaType == .svg), "\(method) \(target)")
        }
        #expect(header("X-Content-Type-Options", created.response) == "nosniff")
        for target in ["/v1/sessions/\(id)/snapshot.svg", "/v1/sessions/\(id)/filmstrip.svg?t=0,0.1"] {
            let svg = client.send("GET", target).response
            #expect(svg.status == 200 && header("Content-Security-Policy", svg) == "default-src 'none'; style-src 'unsafe-inline'")
        }
    }
}
