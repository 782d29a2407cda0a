import JSONCodec
import TestSupport
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// The service in-process: requests in, responses out, no sockets.
struct Client {
    let app: Application

    init(journal: (any SessionJournal)? = nil, build: BuildInfo = .unknown, _ configure: (inout ServerConfiguration) -> Void = { _ in }) {
        var configuration = ServerConfiguration()
        configuration.logLevel = .critical
        configure(&configuration)
        app = Application(configuration: configuration, journal: journal, build: build)
    }

    func send(_ method: String, _ target: String, _ body: String? = nil, contentType: String? = "application/json",
              authorization: String? = nil) -> (status: Int, json: JSONValue?, response: HTTPResponse) {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let request = HTTPRequest(method: method, path: parts[0], query: parts.count > 1 ? parts[1] : "",
                                  contentType: body == nil ? nil : contentType, authorization: authorization,
                                  body: body.map { Array($0.utf8) } ?? [])
        let response = app.respond(to: request)
        return (response.status, try? JSONParser.parse(response.body), response)
    }

    static let scene = """
    {"screen": {"width": 320, "height": 568, "scale": 2}, "clock": "virtual",
     "root": {"type": "navigation", "id": "nav", "viewControllers": [
       {"id": "things", "title": "Things", "view": {"id": "root", "kind": "collection"}}]}}
    """

    /// More changes than a session's log keeps: non-animated pushes and pops, 256 a request.
    func outgrowTheLog(of id: String) throws {
        var t = 0.0
        for _ in 0..<((SessionHistory.logEntryLimit / 256) + 1) {
            let actions = (0..<256).map { i -> String in
                t += 0.01
                return i % 2 == 0 ? #"{"type": "push", "animated": false, "at": \#(t), "viewController": {"id": "b"}}"#
                                  : #"{"type": "pop", "animated": false, "at": \#(t)}"#
            }
            try #require(send("POST", "/v1/sessions/\(id)/actions", "[" + actions.joined(separator: ",") + "]").status == 200)
        }
    }

    func createSession() throws -> String {
        let r = send("POST", "/v1/sessions", Self.scene)
        try #require(r.status == 201)
        return try #require(r.json?.objectValue?["id"]?.stringValue)
    }
}

extension JSONValue {
    subscript(_ key: String) -> JSONValue? { objectValue?[key] }
    subscript(_ index: Int) -> JSONValue? { arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil } }
}

@Suite struct ApplicationTests {
    @Test func createPushAndSampleInProcess() throws {
        let client = Client()
        let created = client.send("POST", "/v1/sessions", Client.scene)
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.stringValue)
        #expect(id.count == 32)
        #expect(created.response.headers.contains { $0.name == "Location" && $0.value == "/v1/sessions/\(id)" })
        #expect(created.json?["controllers"]?["topViewController"] == .string("things"))

        let push = client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "push", "viewController": {"id": "detail"}}"#)
        #expect(push.status == 200)
        #expect(push.json?["transition"]?["phase"] == .string("animating"))
        #expect(push.json?["transition"]?["animator"] == .string("slide"))

        let shots = client.send("GET", "/v1/sessions/\(id)/snapshots?t=0,0.25,0.5")
        #expect(shots.status == 200)
        let frames = try #require(shots.json?["snapshots"]?.arrayValue)
        #expect(frames.map { $0["time"] } == [.number(0), .number(0.25), .number(0.5)])
        #expect(frames[0]["transition"]?["percentComplete"] == .number(0))
        #expect(frames[2]["transition"]?["phase"] == .string("completed"))

        // Reading changed nothing: the clock is still at 0 and the transition still runs.
        #expect(client.send("GET", "/v1/sessions/\(id)").json?["transition"]?["phase"] == .string("animating"))

        let conflict = client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "pop"}"#)
        #expect(conflict.status == 409)
        #expect(conflict.response.mediaType == .problemJSON)
        #expect(conflict.json?["type"] == .string("/problems/transition-in-progress"))
        #expect(conflict.json?["transition"] == .string("t1"))
        #expect(conflict.json?["expectedEnd"] == .number(0.5))

        let clock = client.send("POST", "/v1/sessions/\(id)/clock", #"{"by": 1}"#, contentType: "application/x-www-form-urlencoded")
        #expect(clock.status == 200)
        #expect(clock.json?["time"] == .number(1))
        let types = clock.json?["events"]?.arrayValue?.compactMap { $0["type"]?.stringValue }
        #expect(types == ["completeTransition", "viewDidDisappear", "viewDidAppear", "didShow"])

        // History: the mid-transition frame is still there after the clock moved on.
        let past = client.send("GET", "/v1/sessions/\(id)/snapshot?t=0.25")
        #expect(past.status == 200)
        #expect(past.json?["transition"]?["phase"] == .string("animating"))
        #expect(past.response.body == frames[1].encodedBytes)

        #expect(client.send("DELETE", "/v1/sessions/\(id)").status == 204)
        #expect(client.send("GET", "/v1/sessions/\(id)").status == 404)
    }

    @Test func errorsAreProblems() throws {
        let client = Client()
        let notFound = client.send("GET", "/nope")
        #expect(notFound.status == 404 && notFound.response.mediaType == .problemJSON)
        #expect(notFound.json?["instance"] == .string("/nope"))
        let wrongMethod = client.send("PUT", "/v1/sessions")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.response.headers.contains { $0.name == "Allow" && $0.value.contains("POST") })
        let malformed = client.send("POST", "/v1/sessions", "{\"screen\": ")
        #expect(malformed.status == 400 && malformed.json?["type"] == .string("/problems/malformed-json"))
        let wrongType = client.send("POST", "/v1/sessions", Client.scene, contentType: "text/plain")
        #expect(wrongType.status == 415)
        let invalid = client.send("POST", "/v1/sessions", #"{"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "view": {"id": "r", "kind": "blob"}}]}}"#)
        #expect(invalid.status == 422)
        #expect(invalid.json?["pointer"] == .string("/root/viewControllers/0/view/kind"))
        let unknownMember = client.send("POST", "/v1/sessions", #"{"root": {"id": "a"}, "scren": {}}"#)
        #expect(unknownMember.status == 422 && unknownMember.json?["pointer"] == .string("/scren"))
        let id = try client.createSession()
        let badT = client.send("GET", "/v1/sessions/\(id)/snapshot?t=abc")
        #expect(badT.status == 422 && badT.json?["parameter"] == .string("t") && badT.json?["pointer"] == nil)
        let tooMany = client.send("GET", "/v1/sessions/\(id)/snapshots?" + "t=" + Array(repeating: "0", count: 241).joined(separator: ","))
        #expect(tooMany.status == 422)
        let popRoot = client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "pop"}"#)
        #expect(popRoot.status == 409 && popRoot.json?["type"] == .string("/problems/nothing-to-pop"))
    }

    @Test func headIsRoutedAsGetAndListedInAllow() throws {
        let client = Client()
        let get = client.send("GET", "/v1/animators/zoom")
        let head = client.send("HEAD", "/v1/animators/zoom")
        // The body stays: libmicrohttpd leaves it out and still sends its Content-Length.
        #expect(head.status == 200 && head.response.body == get.response.body)
        #expect(client.send("HEAD", "/v1/timing/sample").status == 405)
        let put = client.send("PUT", "/v1/sessions/abc")
        #expect(put.response.headers.contains { $0.name == "Allow" && $0.value == "DELETE, GET, HEAD, OPTIONS" })
    }

    @Test func sessionLimitAndAuth() throws {
        let limited = Client { $0.maxSessions = 1 }
        _ = try limited.createSession()
        let second = limited.send("POST", "/v1/sessions", Client.scene)
        #expect(second.status == 429 && second.json?["type"] == .string("/problems/too-many-sessions"))

        let guarded = Client { $0.authToken = "s3cret" }
        #expect(guarded.send("GET", "/livez").status == 200)
        let denied = guarded.send("POST", "/v1/sessions", Client.scene)
        #expect(denied.status == 401)
        #expect(denied.response.headers.contains { $0.name == "WWW-Authenticate" })
        #expect(guarded.send("POST", "/v1/sessions", Client.scene, authorization: "Bearer wrong").status == 401)
        #expect(guarded.send("POST", "/v1/sessions", Client.scene, authorization: "Bearer s3cret").status == 201)
        // The scheme is case-insensitive (RFC 9110 §11.1); the token is not, and nothing else is a bearer.
        for accepted in ["bearer s3cret", "BEARER s3cret", "Bearer   s3cret"] {
            #expect(guarded.send("POST", "/v1/sessions", Client.scene, authorization: accepted).status == 201, "\(accepted)")
        }
        for refused in ["Bearer S3CRET", "Bearers3cret", "Basic s3cret", "Bearer", "s3cret"] {
            #expect(guarded.send("POST", "/v1/sessions", Client.scene, authorization: refused).status == 401, "\(refused)")
        }
    }

    @Test func historyOfALargeSceneIsWholeAndExact() throws {
        let client = Client()
        let children = (0..<400).map { #"{"id": "v\#($0)"}"# }.joined(separator: ",")
        let created = client.send("POST", "/v1/sessions", #"{"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "view": {"id": "root", "children": [\#(children)]}}]}}"#)
        let id = try #require(created.json?["id"]?.stringValue)
        let atStart = client.send("GET", "/v1/sessions/\(id)/snapshot?t=0").response.body
        var t = 0.0
        var live: [(t: Double, body: [UInt8])] = []
        for _ in 0..<3 {
            var actions: [String] = []
            for i in 0..<200 {
                t += 0.6
                actions.append(i % 2 == 0 ? #"{"type": "push", "at": \#(t), "viewController": {"id": "b"}}"#
                                          : #"{"type": "pop", "at": \#(t)}"#)
            }
            #expect(client.send("POST", "/v1/sessions/\(id)/actions", "[" + actions.joined(separator: ",") + "]").status == 200)
            // Mid-transition, as the session is now: computed from the current world.
            live.append((t + 0.2, client.send("GET", "/v1/sessions/\(id)/snapshot?t=\(t + 0.2)").response.body))
        }
        #expect(client.send("POST", "/v1/sessions/\(id)/clock", #"{"by": 1}"#).status == 200)
        // 600 animated actions on a 400-view scene: the whole history stays readable, and the past as
        // replayed from the log is byte-identical to what the session showed at the time.
        #expect(client.send("GET", "/v1/sessions/\(id)").json?["historyStart"] == .number(0))
        #expect(client.send("GET", "/v1/sessions/\(id)/snapshot?t=0").response.body == atStart)
        for (t, body) in live {
            #expect(client.send("GET", "/v1/sessions/\(id)/snapshot?t=\(t)").response.body == body)
        }
    }

    /// 409 for a valid request the session's state does not allow; 422 for one that is invalid in
    /// any state (docs/semantics.md § Conflict or invalid request).
    @Test func stateConflictsAre409AndInvalidRequests422() throws {
        let client = Client()
        let id = try client.createSession()
        func problem(_ method: String, _ path: String, _ body: String) -> (Int, String?, String?) {
            let r = client.send(method, "/v1/sessions/\(id)\(path)", body)
            return (r.status, r.json?["type"]?.stringValue, r.json?["pointer"]?.stringValue)
        }
        let cases: [(String, String, Int, String, String?)] = [
            ("/actions", #"{"type": "pop"}"#, 409, "nothing-to-pop", nil),
            ("/actions", #"{"type": "dismiss"}"#, 409, "nothing-presented", nil),
            ("/actions", #"{"type": "selectTab", "index": 1}"#, 409, "wrong-container", "/container"),
            ("/actions", #"{"type": "pop", "container": "things"}"#, 409, "wrong-container", "/container"),
            ("/actions", #"{"type": "pop", "container": "ghost"}"#, 409, "unknown-controller", "/container"),
            ("/actions", #"{"type": "popTo", "viewController": "ghost"}"#, 409, "not-in-container", "/viewController"),
            ("/actions", #"{"type": "push", "viewController": {"id": "things"}}"#, 409, "controller-exists", "/viewController/id"),
            ("/actions", #"{"type": "present", "from": "ghost", "viewController": {"id": "z"}}"#, 409, "unknown-controller", "/from"),
            ("/actions", #"{"type": "gesture", "recognizer": "pinch", "phase": "began"}"#, 409, "no-interaction", "/recognizer"),
            ("/actions", #"{"type": "fly"}"#, 422, "invalid-request", "/type"),
            ("/actions", #"{"type": "selectTab"}"#, 422, "invalid-request", ""),
            ("/actions", #"{"type": "popTo"}"#, 422, "invalid-request", "/viewController"),
            // One id twice inside the pushed tree is invalid in any state; presented, likewise.
            ("/actions", #"{"type": "push", "viewController": {"type": "navigation", "id": "n", "viewControllers": [{"id": "n"}]}}"#,
             422, "invalid-request", "/viewController"),
            ("/actions", #"{"type": "present", "viewController": {"type": "navigation", "id": "m", "viewControllers": [{"id": "q"}, {"id": "q"}]}}"#,
             422, "invalid-request", "/viewController"),
        ]
        for (path, body, status, type, pointer) in cases {
            let (s, t, p) = problem("POST", path, body)
            #expect(s == status && t == "/problems/" + type && p == pointer, "\(body): \(s) \(t ?? "") \(p ?? "-")")
        }
        #expect(client.send("POST", "/v1/sessions/\(id)/clock", #"{"to": 2}"#).status == 200)
        let past = client.send("POST", "/v1/sessions/\(id)/clock", #"{"to": 1}"#)
        #expect(past.status == 409 && past.json?["type"] == .string("/problems/time-in-the-past"))
        #expect(past.json?["pointer"] == .string("/to") && past.json?["now"] == .number(2))
        let late = client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "push", "at": 1, "viewController": {"id": "x"}}"#)
        #expect(late.status == 409 && late.json?["type"] == .string("/problems/time-in-the-past") && late.json?["pointer"] == .string("/at"))
    }

    @Test func historyStartsLaterOnceTheLogOutgrowsItsLimit() throws {
        let client = Client()
        let id = try client.createSession()
        try client.outgrowTheLog(of: id)
        let start = try #require(client.send("GET", "/v1/sessions/\(id)").json?["historyStart"]?.numberValue)
        #expect(start > 1)
        let before = client.send("GET", "/v1/sessions/\(id)/snapshot?t=0")
        #expect(before.status == 409 && before.json?["type"] == .string("/problems/history-truncated"))
        #expect(before.json?["detail"]?.stringValue?.contains("before the session's history") == true)
        #expect(client.send("GET", "/v1/sessions/\(id)/snapshot?t=\(start)").status == 200)
    }

    @Test func aFullMemoryBudgetRefusesGrowthButServesReadsAndDeletes() throws {
        let client = Client { $0.maxMemoryBytes = 1 << 20 }
        var ids: [String] = []
        var refused: (status: Int, json: JSONValue?, response: HTTPResponse)?
        for _ in 0..<200 {
            let r = client.send("POST", "/v1/sessions", Client.scene)
            if r.status != 201 { refused = r; break }
            ids.append(try #require(r.json?["id"]?.stringValue))
        }
        let problem = try #require(refused)
        #expect(problem.status == 507)
        #expect(problem.json?["type"] == .string("/problems/memory-budget-exhausted"))
        #expect(problem.json?["limit"] == .number(Double(1 << 20)))
        #expect(problem.response.headers.contains { $0.name == "Retry-After" })
        let first = try #require(ids.first)
        #expect(client.send("POST", "/v1/sessions/\(first)/actions", #"{"type": "push", "viewController": {"id": "d"}}"#).status == 507)
        #expect(client.send("GET", "/v1/sessions/\(first)/snapshot").status == 200)
        let metrics = String(decoding: client.send("GET", "/metrics").response.body, as: UTF8.self)
        #expect(metrics.contains("transition_sim_session_memory_limit_bytes 1048576\n"))
        for id in ids { #expect(client.send("DELETE", "/v1/sessions/\(id)").status == 204) }
        #expect(metrics.contains("transition_sim_session_memory_bytes 0\n") == false)
        #expect(String(decoding: client.send("GET", "/metrics").response.body, as: UTF8.self).contains("transition_sim_session_memory_bytes 0\n"))
        #expect(client.send("POST", "/v1/sessions", Client.scene).status == 201)
    }

    @Test func anAnswerOverTheResponseLimitIsAProblem() throws {
        let client = Client { $0.maxResponseBytes = 64 << 10 }
        let id = try client.createSession()
        #expect(client.send("GET", "/v1/sessions/\(id)/snapshots?from=0&to=0.1&fps=10").status == 200)
        let big = client.send("GET", "/v1/sessions/\(id)/snapshots?from=0&to=3&fps=60")
        #expect(big.status == 422)
        #expect(big.json?["type"] == .string("/problems/response-too-large"))
        #expect(big.json?["limit"] == .number(65536))
    }

    @Test func readinessFollowsShutdown() {
        let client = Client()
        #expect(client.send("GET", "/readyz").status == 200)
        client.app.beginShutdown()
        #expect(client.send("GET", "/readyz").status == 503)
        #expect(client.send("GET", "/livez").status == 200)
    }

    /// Issue 12, item 7: a misspelt event type is a 422 that lists the known ones, not an empty log.
    @Test func unknownEventTypeIsRejectedWithTheKnownOnes() throws {
        let client = Client()
        let id = try client.createSession()
        let typo = client.send("GET", "/v1/sessions/\(id)/events?type=completeTransaction")
        #expect(typo.status == 422)
        #expect(typo.json?["parameter"] == .string("type"))
        let detail = typo.json?["detail"]?.stringValue ?? ""
        #expect(detail.contains("unknown event type") && detail.contains("completeTransition") && detail.contains("viewWillAppear"))
        let known = client.send("GET", "/v1/sessions/\(id)/events?type=viewDidAppear")
        #expect(known.status == 200)
        #expect(known.json?["events"]?.arrayValue?.isEmpty == false)
    }

    /// The contract's EventType lists exactly the types the core logs, in its order.
    @Test func contractListsEveryEventType() throws {
        let file = try #require(repositoryFile("openapi.yaml"))
        let schema = try #require(file.split(separator: "\n    EventType:\n", maxSplits: 1).last)
        let list = try #require(schema.split(separator: "enum: [", maxSplits: 1).last?.split(separator: "]", maxSplits: 1).first)
        let names = list.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }
        #expect(names == EventType.allCases.map(\.rawValue))
    }

    /// Issue 12, item 8: a member in the wrong case is named as unknown, before the container's
    /// own rules (which would otherwise say it has no children).
    @Test func misspeltChildrenAreAnUnknownMember() throws {
        let r = Client().send("POST", "/v1/sessions", #"{"root": {"type": "navigation", "id": "nav", "viewcontrollers": [{"id": "a"}]}}"#)
        #expect(r.status == 422)
        #expect(r.json?["pointer"] == .string("/root/viewcontrollers"))
        #expect(r.json?["detail"]?.stringValue?.contains("unknown member 'viewcontrollers'") == true)
    }

    @Test func servedContractIsTheFile() throws {
        let served = Client().send("GET", "/openapi.yaml")
        #expect(served.status == 200)
        let file = try #require(repositoryFile("openapi.yaml"))
        // Byte for byte, the file's final newline included (issue 12, item 6).
        #expect(String(decoding: served.response.body, as: UTF8.self) == file, "the EmbedDocuments plugin embeds openapi.yaml as it is")
    }
}

extension JSONValue {
    var encodedBytes: [UInt8] { JSONWriter.encode(self) }
}

@Suite struct BoundsTests {
    /// A view tree may nest `treeDepth` (32) levels inside any controller, as documented.
    @Test func viewsNestToTheDocumentedDepthInsideANavigationController() throws {
        func nested(_ depth: Int) -> String {
            (0..<depth).reversed().reduce("") { inner, level in
                #"{"id": "v\#(level)""# + (inner.isEmpty ? "" : #", "children": [\#(inner)]"#) + "}"
            }
        }
        let client = Client()
        func scene(_ depth: Int) -> String {
            #"{"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "view": \#(nested(depth))}]}}"#
        }
        #expect(client.send("POST", "/v1/sessions", scene(32)).status == 201)
        let deeper = client.send("POST", "/v1/sessions", scene(33))
        #expect(deeper.status == 422)
        #expect(deeper.json?["detail"]?.stringValue?.contains("nest at most 32 levels") == true)
        let id = try client.createSession()
        let push = #"{"type": "push", "animated": false, "viewController": {"id": "deep", "view": \#(nested(32))}}"#
        #expect(client.send("POST", "/v1/sessions/\(id)/actions", push).status == 200)
        // Replayed from the log for a past time, the deep push parses again.
        #expect(client.send("POST", "/v1/sessions/\(id)/clock", #"{"by": 1}"#).status == 200)
        #expect(client.send("GET", "/v1/sessions/\(id)/snapshot?t=0.5").status == 200)
    }

    @Test func eventFiltersAreBoundedAsDocumented() throws {
        let client = Client()
        let id = try client.createSession()
        let long = String(repeating: "x", count: 65)
        // `type` is one of the event types (a 422 otherwise, tested above); a controller id is
        // at most 64 characters.
        let r = client.send("GET", "/v1/sessions/\(id)/events?viewController=\(long)")
        #expect(r.status == 422 && r.json?["parameter"] == .string("viewController"))
        #expect(client.send("GET", "/v1/sessions/\(id)/events?viewController=\(long.dropLast())").status == 200)
        // Characters, not bytes, as JSON Schema's maxLength counts them: 64 four-byte letters pass.
        let wide = String(repeating: "%F0%9D%95%BF", count: 64)
        #expect(client.send("GET", "/v1/sessions/\(id)/events?viewController=\(wide)").status == 200)
    }

    @Test func aTimeListIsBoundedAsDocumented() throws {
        let client = Client()
        let id = try client.createSession()
        // 8,001 bytes of one long timestamp: refused for its length before it is read as a time.
        let long = client.send("GET", "/v1/sessions/\(id)/snapshots?t=" + String(repeating: "0", count: 8001))
        #expect(long.status == 422 && long.json?["detail"]?.stringValue?.contains("longer than 8000 bytes") == true)
        let list = Array(repeating: "0.25", count: 240).joined(separator: ",")
        #expect(client.send("GET", "/v1/sessions/\(id)/snapshots?t=" + list).status == 200)
        // A list the contract allows is read whatever its escapes and the other parameters take:
        // 240 times of 32 characters (7,919 in all), each with a `+` sent as %2B (8,399 bytes).
        let escaped = Array(repeating: "0." + String(repeating: "0", count: 24) + "1e%2B000", count: 240).joined(separator: ",")
        #expect(client.send("GET", "/v1/sessions/\(id)/snapshots?t=\(escaped)&flat=true&precision=15").status == 200)
    }

    /// No request member is nullable: a null is refused by name, not read as a member left out.
    @Test func anExplicitNullIsRefusedWithItsPointer() throws {
        let client = Client()
        let id = try client.createSession()
        for (target, body, pointer) in [
            ("/v1/sessions/\(id)/clock", #"{"by": 1, "to": null}"#, "/to"),
            ("/v1/timing/sample", #"{"timing": {"spring": {"mass": 1, "damping": null}}, "times": [0]}"#, "/timing/spring/damping"),
            ("/v1/sessions", #"{"root": {"id": "a", "title": null}}"#, "/root/title"),
            ("/v1/sessions/\(id)/actions", #"[{"type": "push", "viewController": {"id": "b"}, "animator": null}]"#, "/0/animator"),
        ] {
            let r = client.send("POST", target, body)
            #expect(r.status == 422 && r.json?["pointer"] == .string(pointer), "\(body)")
            #expect(r.json?["detail"]?.stringValue?.hasSuffix("is null; leave the member out instead") == true, "\(body)")
        }
    }

    @Test func timesAreDecimalAndTheClockStaysWithinTheLatestTime() throws {
        let client = Client()
        let id = try client.createSession()
        for bad in ["0x10", "inf", "nan", "1e8", "-1", "", "0x1p3"] {
            let r = client.send("GET", "/v1/sessions/\(id)/snapshot?t=\(bad)")
            #expect(r.status == 422, "t=\(bad)")
        }
        #expect(client.send("GET", "/v1/sessions/\(id)/snapshot?t=1.5e1").status == 200)
        #expect(client.send("POST", "/v1/sessions/\(id)/clock", #"{"to": 9999990}"#).status == 200)
        let past = client.send("POST", "/v1/sessions/\(id)/clock", #"{"by": 20}"#)
        #expect(past.status == 422)
        #expect(past.json?["pointer"] == .string("/by"))
        #expect(client.send("POST", "/v1/sessions/\(id)/clock", #"{"by": 10}"#).status == 200)
    }
}
