import JSONCodec
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// Export and import: a replayed session answers with the original's bytes.
@Suite struct ScenarioTests {
    /// A session that has seen most of what changes one: animated and interactive transitions, a
    /// gesture that finishes, actions scheduled ahead, several actions in one request, clock moves
    /// both ways of asking, and a request that failed (which changes nothing, so is not logged).
    func busySession(_ client: Client) throws -> String {
        let id = try client.createSession()
        let requests: [(String, String)] = [
            ("actions", #"{"type": "push", "viewController": {"id": "detail", "title": "Detail"}}"#),
            ("clock", #"{"by": 0.7}"#),
            ("actions", #"[{"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 1, "translation": {"x": 0, "y": 0}},"#
                + #" {"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": 1.05, "translation": {"x": 120, "y": 0}},"#
                + #" {"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": 1.1, "translation": {"x": 200, "y": 0}}]"#),
            ("actions", #"{"type": "push", "at": 1.6, "viewController": {"id": "second"}}"#),
            ("actions", #"[{"type": "present", "at": 2.2, "viewController": {"id": "sheet"}}, {"type": "dismiss", "at": 3}]"#),
            ("clock", #"{"to": 3.5}"#),
            ("actions", #"{"type": "push", "at": 4, "viewController": {"id": "again"}}"#),
        ]
        for (path, body) in requests {
            let r = client.send("POST", "/v1/sessions/\(id)/\(path)", body)
            try #require(r.status == 200, "\(body): \(r.json.map { String(decoding: $0.encodedBytes, as: UTF8.self) } ?? "")")
        }
        try #require(client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "popTo", "viewController": "ghost"}"#).status == 409)
        return id
    }

    /// Every read a client can make, as bytes, with the session's id taken out.
    func reads(_ client: Client, _ id: String) -> [[UInt8]] {
        let targets = ["", "/snapshot", "/snapshots?from=0&to=5&fps=20", "/events", "/events?after=3",
                       "/snapshot?t=1.06", "/snapshot?t=2.2&flat=true"]
        return targets.map { target in
            let body = String(decoding: client.send("GET", "/v1/sessions/\(id)\(target)").response.body, as: UTF8.self)
            return Array(body.replacing(id, with: "ID").utf8)
        }
    }

    @Test func anImportedScenarioAnswersWithTheOriginalsBytes() throws {
        let client = Client()
        let original = try busySession(client)
        let exported = client.send("GET", "/v1/sessions/\(original)/scenario")
        #expect(exported.status == 200)
        let scenario = try #require(exported.json)
        #expect(scenario["version"] == .number(1))
        #expect(scenario["changes"]?.arrayValue?.count == 10, "8 actions and 2 clock moves")

        let imported = client.send("POST", "/v1/sessions", #"{"scenario": \#(String(decoding: exported.response.body, as: UTF8.self))}"#)
        #expect(imported.status == 201)
        let copy = try #require(imported.json?["id"]?.stringValue)
        #expect(copy != original)
        #expect(reads(client, copy) == reads(client, original))
        // The copy exports the same document, and both go on alike.
        #expect(client.send("GET", "/v1/sessions/\(copy)/scenario").response.body == exported.response.body)
        for id in [original, copy] {
            #expect(client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "pop", "at": 6}"#).status == 200)
        }
        #expect(reads(client, copy) == reads(client, original))
    }

    @Test func aScenarioThatCannotBeReplayedIsAProblemNamingTheChange() throws {
        let client = Client()
        let session = Client.scene
        let cases: [(String, Int, String)] = [
            (#"{"scenario": {"version": 2, "session": \#(session), "changes": []}}"#, 422, "/scenario/version"),
            (#"{"scenario": {"session": \#(session), "changes": []}}"#, 422, "/scenario/version"),
            (#"{"scenario": {"version": 1, "changes": []}}"#, 422, "/scenario/session"),
            (#"{"scenario": {"version": 1, "session": \#(session), "changes": [], "extra": 1}}"#, 422, "/scenario/extra"),
            (#"{"scenario": {"version": 1, "session": {"root": {"id": 5}}, "changes": []}}"#, 422, "/scenario/session/root/id"),
            (#"{"scenario": {"version": 1, "session": \#(session), "changes": [{"clock": 1}, {"clock": 0.5}]}}"#, 422, "/scenario/changes/1"),
            (#"{"scenario": {"version": 1, "session": \#(session), "changes": [{"action": {"type": "pop"}}]}}"#, 422, "/scenario/changes/0"),
            (#"{"scenario": {"version": 1, "session": \#(session), "changes": [{"clock": 1, "action": {"type": "pop"}}]}}"#, 422, "/scenario/changes/0"),
            (#"{"scenario": {"version": 1, "session": \#(session), "changes": [{"clock": 1, "pointer": "/0"}]}}"#, 422, "/scenario/changes/0/pointer"),
            (#"{"scenario": {"version": 1, "session": \#(session), "changes": {}}}"#, 422, "/scenario/changes"),
            (#"{"scenario": {"version": 1, "session": \#(session), "changes": []}, "root": {}}"#, 422, ""),
        ]
        for (body, status, pointer) in cases {
            let r = client.send("POST", "/v1/sessions", body)
            #expect(r.status == status, "\(body)")
            #expect(r.json?["pointer"] == .string(pointer), "\(body): \(r.json.map { String(decoding: $0.encodedBytes, as: UTF8.self) } ?? "")")
        }
        // A change that fails says why, in the simulation's words.
        let pop = client.send("POST", "/v1/sessions", #"{"scenario": {"version": 1, "session": \#(session), "changes": [{"action": {"type": "pop"}}]}}"#)
        #expect(pop.json?["detail"]?.stringValue?.contains("cannot be replayed") == true)
        #expect(pop.json?["detail"]?.stringValue?.contains("nothing above the root can be popped") == true)
        // Nothing failed left a session behind.
        #expect(client.app.sessions.count == 0)
    }

    /// An import is weighed before it replays, as a comparison's scenarios are: a scene of about
    /// 1,500 views through 4,096 clock moves weighs about 6 million view-steps.
    @Test func anImportTooCostlyToReplayIsRefusedBeforeReplaying() throws {
        let client = Client()
        let controllers = (0..<3).map { #"{"id": "c\#($0)", "view": \#(SeriesBudgetTests.labels(495))}"# }
        let scene = #"{"root": {"type": "navigation", "id": "nav", "viewControllers": [\#(controllers.joined(separator: ","))]}}"#
        func document(changes: Int) -> String {
            let clock = (1...changes).map { #"{"clock": \#(Double($0) / 1000)}"# }
            return #"{"scenario": {"version": 1, "session": \#(scene), "changes": [\#(clock.joined(separator: ","))]}}"#
        }
        let heavy = try Scenario.decode(JSONParser.parse(Array(document(changes: SessionHistory.logEntryLimit).utf8))["scenario"]!, at: "")
        #expect(heavy.replayWeight > Application.maxReplayWork)
        let refused = client.send("POST", "/v1/sessions", document(changes: SessionHistory.logEntryLimit))
        #expect(refused.status == 422)
        #expect(refused.json?["type"] == .string("/problems/work-budget-exceeded"))
        #expect(refused.json?["pointer"] == .string("/scenario"))
        #expect(refused.json?["limit"] == .number(Double(Application.maxReplayWork)))
        #expect(refused.json?["detail"]?.stringValue?.hasPrefix("replaying the scenario may take \(heavy.replayWeight) view-steps") == true)
        #expect(client.app.sessions.count == 0)
        #expect(client.send("POST", "/v1/sessions", document(changes: 100)).status == 201)
    }

    @Test func aSessionWhoseLogWasTruncatedCannotBeExported() throws {
        let client = Client()
        let id = try client.createSession()
        try client.outgrowTheLog(of: id)
        let r = client.send("GET", "/v1/sessions/\(id)/scenario")
        #expect(r.status == 409)
        #expect(r.json?["type"] == .string("/problems/history-truncated"))
    }

    @Test func fixturesHaveTheirNamesAndDoNotExpire() throws {
        let client = Client { $0.sessionTTL = 1 }
        let document = Array(#"{"version": 1, "session": \#(Client.scene), "changes": [{"action": {"type": "push", "viewController": {"id": "d"}}}]}"#.utf8)
        try client.app.loadFixture(id: "pushed-detail", document: document)
        #expect(client.send("GET", "/v1/sessions/pushed-detail").json?["controllers"]?["topViewController"] == .string("d"))
        // A second file with the same name, a bad name and a bad document are all refused.
        #expect(throws: Problem.self) { try client.app.loadFixture(id: "pushed-detail", document: document) }
        #expect(throws: Problem.self) { try client.app.loadFixture(id: "no spaces", document: document) }
        #expect(throws: JSONParseError.self) { try client.app.loadFixture(id: "broken", document: Array("{".utf8)) }
        let ordinary = try client.createSession()
        client.app.sessions.sweep(now: .now + .seconds(5), force: true)
        #expect(client.send("GET", "/v1/sessions/\(ordinary)").status == 404)
        #expect(client.send("GET", "/v1/sessions/pushed-detail").status == 200)
    }
}
