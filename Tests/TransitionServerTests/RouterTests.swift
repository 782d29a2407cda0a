import Testing
@testable import TransitionServer

@Suite struct RouterTests {
    /// A table shaped like the service's: handlers are names, so results are easy to compare.
    static let router: Router<String> = {
        var router = Router<String>()
        router.add("GET", "/livez", "livez")
        router.add("GET", "/v1/sessions/{id}", "show")
        router.add("DELETE", "/v1/sessions/{id}", "delete")
        router.add("POST", "/v1/sessions", "create")
        router.add("GET", "/v1/sessions/{id}/snapshot", "snapshot")
        router.add("GET", "/v1/sessions/stats", "stats")
        router.add("GET", "/v1/sessions/stats/summary", "summary")
        router.add("GET", "/v1/sessions/{id}/events", "events")
        router.add("GET", "/", "root")
        return router
    }()

    func found(_ method: String, _ path: String) -> (handler: String, parameters: RouteParameters, pattern: String)? {
        if case .found(let handler, let parameters, let pattern) = Self.router.match(method: method, path: path) {
            return (handler, parameters, pattern)
        }
        return nil
    }

    func isNotFound(_ method: String, _ path: String) -> Bool {
        if case .notFound = Self.router.match(method: method, path: path) { true } else { false }
    }

    @Test func literalAndParameterRoutes() throws {
        #expect(found("GET", "/livez")?.handler == "livez")
        #expect(found("GET", "/")?.handler == "root")
        let show = try #require(found("GET", "/v1/sessions/abc123"))
        #expect(show.handler == "show" && show.parameters == ["id": "abc123"] && show.pattern == "/v1/sessions/{id}")
        let snapshot = try #require(found("GET", "/v1/sessions/abc/snapshot"))
        #expect(snapshot.handler == "snapshot" && snapshot.parameters == ["id": "abc"] && snapshot.pattern == "/v1/sessions/{id}/snapshot")
        #expect(found("DELETE", "/v1/sessions/abc")?.handler == "delete")
        #expect(found("POST", "/v1/sessions")?.handler == "create")
    }

    @Test func literalsWinButFallBackToParameters() throws {
        #expect(found("GET", "/v1/sessions/stats")?.handler == "stats")
        #expect(found("GET", "/v1/sessions/stats/summary")?.handler == "summary")
        // The literal "stats" has no /events below it, so the parameter branch takes the path.
        let events = try #require(found("GET", "/v1/sessions/stats/events"))
        #expect(events.handler == "events" && events.parameters == ["id": "stats"])
    }

    @Test func parametersAreFoundByNameAndComparedWhateverTheirOrder() {
        let parameters = found("GET", "/v1/sessions/abc/snapshot")!.parameters
        #expect(parameters["id"] == "abc")
        #expect(parameters["name"] == nil)
        let two: RouteParameters = ["a": "1", "b": "2"]
        #expect(two == ["b": "2", "a": "1"])
        #expect(two != ["a": "1", "b": "3"])
        #expect(two != ["a": "1"])
    }

    @Test func parametersArePercentDecoded() {
        #expect(found("GET", "/v1/sessions/a%20b%2Fc")?.parameters == ["id": "a b/c"])
        #expect(found("GET", "/v1/sessions/%C3%A9t%C3%A9")?.parameters == ["id": "été"])
        #expect(found("GET", "/v1/sessions/a+b")?.parameters == ["id": "a+b"])  // `+` is only a space in queries
        for bad in ["/v1/sessions/%", "/v1/sessions/%4", "/v1/sessions/%zz", "/v1/sessions/%FF", "/v1/sessions/%C3"] {
            #expect(isNotFound("GET", bad), "\(bad)")
        }
    }

    @Test func matchingIsExact() {
        for path in ["/v1/sessions/", "/livez/", "/LIVEZ", "/v1/Sessions/abc", "//livez", "livez", "", "/v1/sessions//snapshot",
                     "/v1/sessions/abc/snapshot/extra", "/v1", "/v2/sessions"] {
            #expect(isNotFound("GET", path), "\(path)")
        }
    }

    /// Literals are compared as whole segments of bytes: a prefix, an extension or another case
    /// of one is not it (the parameter branch may still take the segment).
    @Test func literalsCompareWholeSegments() throws {
        for path in ["/live", "/livezz", "/livez\u{301}", "/v1/session/abc", "/v1/sessionsx/abc", "/v1x/sessions/abc",
                     "/v1/sessions/abc/snapshotx", "/v1/sessions/abc/snapshot\u{0}", "/\u{301}livez"] {
            #expect(isNotFound("GET", path), "\(path.debugDescription)")
        }
        #expect(found("GET", "/v1/sessions/statsx")?.parameters == ["id": "statsx"])
        #expect(found("GET", "/v1/sessions/stat/events")?.parameters == ["id": "stat"])
        #expect(found("GET", "/v1/sessions/été/snapshot")?.parameters == ["id": "été"])
    }

    @Test func wrongMethodListsTheAllowedOnes() throws {
        guard case .methodNotAllowed(let allowed, let pattern) = Self.router.match(method: "PUT", path: "/v1/sessions/abc") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["DELETE", "GET"] && pattern == "/v1/sessions/{id}")
        guard case .methodNotAllowed(let allowed, _) = Self.router.match(method: "get", path: "/livez") else {
            Issue.record("methods are case-sensitive")
            return
        }
        #expect(allowed == ["GET"])
    }
}
