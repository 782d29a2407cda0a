import JSONCodec
import Testing
@testable import TransitionServer

/// The snapshot routes' ETags, derived from what determines the bytes (SnapshotTags.swift):
/// what the end-to-end tests (tests/e2e/test_conditional.py) cannot vary, the build and a
/// session whose log outgrew its limit.
@Suite struct SnapshotTagTests {
    let targets = ["/snapshot?t=0.1", "/snapshot", "/snapshots?from=0&to=0.3&fps=10", "/snapshots?t=0.1&changes=true"]

    func tags(_ client: Client, _ id: String, _ targets: [String]? = nil) -> [String?] {
        (targets ?? self.targets).map { client.send("GET", "/v1/sessions/\(id)\($0)").response.headers.first { $0.name == "ETag" }?.value }
    }

    func pushed(_ client: Client) throws -> String {
        let id = try client.createSession()
        #expect(client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "push", "viewController": {"id": "d"}}"#).status == 200)
        return id
    }

    @Test func anotherBuildTagsTheSameBytesAnew() throws {
        let a = Client(build: BuildInfo(version: "1.0", commit: "abc", binaryID: "01")),
            same = Client(build: BuildInfo(version: "1.0", commit: "abc", binaryID: "01")),
            rebuilt = Client(build: BuildInfo(version: "1.0", commit: "abc", binaryID: "02")),
            limited = Client(build: BuildInfo(version: "1.0", commit: "abc", binaryID: "01")) { $0.maxResponseBytes = 1 << 22 }
        let ids = try [a, same, rebuilt, limited].map(pushed)
        let ta = tags(a, ids[0]), tsame = tags(same, ids[1]), trebuilt = tags(rebuilt, ids[2]), tlimited = tags(limited, ids[3])
        #expect(ta.allSatisfy { $0 != nil })
        #expect(ta == tsame)
        for (x, (y, z)) in zip(ta, zip(trebuilt, tlimited)) {
            #expect(x != y)
            #expect(x != z)
        }
        #expect(a.send("GET", "/v1/sessions/\(ids[0])/snapshot?t=0.1").response.body
                == rebuilt.send("GET", "/v1/sessions/\(ids[2])/snapshot?t=0.1").response.body)
    }

    @Test func aChangeOnAnotherReplicaChangesTheTagAndBothReplicasAgree() throws {
        let journal = FakeJournal()
        let a = Client(journal: journal), b = Client(journal: journal)
        let id = try pushed(a)
        let before = tags(a, id)
        #expect(tags(b, id) == before)
        #expect(b.send("POST", "/v1/sessions/\(id)/clock", #"{"by": 0.05}"#).status == 200)
        let after = tags(a, id)
        #expect(after == tags(b, id))
        for (x, y) in zip(before, after) { #expect(x != y) }
    }

    @Test func theVersionOutlivesTheLogsOldestEntries() throws {
        let client = Client()
        let id = try client.createSession()
        try client.outgrowTheLog(of: id)
        let now = ["/snapshot", "/snapshot?flat=true"]
        let first = tags(client, id, now)
        #expect(first.allSatisfy { $0 != nil })
        #expect(client.send("POST", "/v1/sessions/\(id)/clock", #"{"by": 0.05}"#).status == 200)
        let second = tags(client, id, now)
        for (x, y) in zip(first, second) { #expect(x != y) }
        #expect(tags(client, id, now) == second)
    }

    @Test func sessionLogVersionsHashTheCreationAndEveryChange() {
        var a = SessionLog(creation: Array("{}".utf8)), b = SessionLog(creation: Array("{ }".utf8))
        #expect(a.version != b.version)
        b = SessionLog(creation: Array("{}".utf8))
        #expect(a.version == b.version)
        a.append(SessionLog.Entry(change: .action(json: Array(#"{"type":"pop"}"#.utf8), pointer: ""), time: 0))
        b.append(SessionLog.Entry(change: .action(json: Array(#"{"type":"pop"}"#.utf8), pointer: "/1"), time: 0))
        #expect(a.version != b.version)
        var c = SessionLog(creation: Array("{}".utf8)), d = c
        c.append(SessionLog.Entry(change: .clock(1), time: 1))
        d.append(SessionLog.Entry(change: .clock(1.0000000000000002), time: 1.0000000000000002))
        #expect(c.version != d.version)
        let kept = c.version
        c.dropEntries(before: 1)
        #expect(c.version == kept)
    }
}
