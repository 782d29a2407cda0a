import JSONCodec
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// A series is weighed from the census trajectories its history recorded when its states were
/// made (`SessionHistory.forEachCensus`), with no world replayed: it must say, frame by frame
/// and error by error, what replaying and counting each frame's world says (the oracle below,
/// which is how series were weighed before), so that it refuses exactly what that refused.
@Suite struct HistoryCensusTests {
    /// What a weigh reads: each frame (its index in the request) with its census, in order, or
    /// the problem that ended it.
    struct Reading: Equatable {
        var frames: [Int] = []
        var censuses: [SnapshotCensus] = []
        var problem: String?
    }

    /// The oracle: every frame's world replayed from the log and advanced, its census counted.
    static func replayed(_ history: SessionHistory, at times: [Double]) -> Reading {
        var reading = Reading()
        do {
            try history.forEachWorld(at: times) { i, world in
                reading.frames.append(i)
                reading.censuses.append(world.snapshotCensus())
            }
        } catch {
            reading.problem = "\(error)"
        }
        return reading
    }

    static func read(_ history: SessionHistory, at times: [Double]) -> Reading {
        var reading = Reading()
        do {
            try history.forEachCensus(at: times) { i, census in
                reading.frames.append(i)
                reading.censuses.append(census)
            }
        } catch {
            reading.problem = "\(error)"
        }
        return reading
    }

    /// Times that probe `history` everywhere: a grid from before its start to past its end, every
    /// change's time and every completion a census changes at (and the doubles just before
    /// them), shuffled, with repeats.
    static func probes(_ history: SessionHistory) -> [Double] {
        let end = history.current.now + 2
        var times = Array(stride(from: max(0, history.start - 0.05), through: end, by: 1.0 / 60))
        var marks = history.log.entries.map(\.time) + history.baseCensus.times
        for entry in history.log.entries { marks += entry.census?.times ?? [] }
        times += marks + marks.map(\.nextDown) + marks.map(\.nextUp)
        // A fixed shuffle: out of order, and some times asked twice.
        var shuffled: [Double] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for t in times + times.prefix(17) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            shuffled.insert(t, at: Int(state >> 33) % (shuffled.count + 1))
        }
        return shuffled.filter { $0 >= 0 }
    }

    func expectSame(_ history: SessionHistory, _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let times = Self.probes(history)
        let fast = Self.read(history, at: times), slow = Self.replayed(history, at: times)
        #expect(fast.problem == slow.problem, what, sourceLocation: sourceLocation)
        #expect(fast.frames == slow.frames, what, sourceLocation: sourceLocation)
        let first = zip(fast.censuses, slow.censuses).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(first == nil && fast.censuses.count == slow.censuses.count,
                "\(what): frame at t = \(first.map { times[fast.frames[$0.offset]] } ?? -1)", sourceLocation: sourceLocation)
        // In order, one time at a time, and the current state alone (`GET …/snapshot`).
        for t in [history.start, history.current.now, times[0], times[times.count / 2]] {
            #expect(Self.read(history, at: [t]) == Self.replayed(history, at: [t]), "\(what): t = \(t) alone", sourceLocation: sourceLocation)
        }
    }

    /// A session made by `scene`, changed by each request body of `changes` in turn (an action
    /// or a list of them; `{"clock": …}` moves the clock), and its history.
    static func session(_ client: Client, scene: String, _ changes: [String]) throws -> (id: String, history: SessionHistory) {
        let created = client.send("POST", "/v1/sessions", scene)
        let id = try #require(created.json?["id"]?.stringValue, "\(created.json.map { "\($0)" } ?? "")")
        for body in changes {
            let clock = body.hasPrefix(#"{"clock""#)
            let r = clock ? client.send("POST", "/v1/sessions/\(id)/clock", String(body.dropFirst(9).dropLast()))
                          : client.send("POST", "/v1/sessions/\(id)/actions", body)
            try #require(r.status == 200, "\(body): \(r.json.map { "\($0)" } ?? "")")
        }
        return (id, try history(client, id))
    }

    static func history(_ client: Client, _ id: String) throws -> SessionHistory {
        try #require(try client.app.sessions.session(id, now: .now)).history(now: .now)
    }

    static let things = FrameTemplateTests.things
    static let detail = FrameTemplateTests.detail
    static let tabs = #"""
        {"screen": {"width": 320, "height": 568}, "rules": [{"operation": "selectTab", "animator": "crossDissolve"}],
         "root": {"type": "tabBar", "id": "tabs", "viewControllers": [{"id": "a", "title": "A"}, {"id": "b", "title": "B", "view": {"id": "root", "children": [{"id": "x", "kind": "label", "text": "x"}]}}, {"id": "c", "title": "C"}]}}
        """#

    /// Every kind of change, with completions falling mid-series: the census trajectory of each
    /// state is the oracle's at every probe.
    @Test(arguments: [
        // Pushes and pops, animated and not, one landing while the other runs.
        [#"{"type": "push", "at": 0.1, "viewController": \#(detail)}"#, #"{"clock": {"to": 0.3}}"#,
         #"{"type": "pop", "at": 1}"#, #"{"type": "push", "animated": false, "at": 1.6, "viewController": {"id": "b"}}"#,
         #"[{"type": "pop", "at": 1.8}, {"type": "push", "at": 2.5, "viewController": {"id": "c"}}]"#],
        // An interactive pop held at 100 % past its animations, then finished; another cancelled.
        [#"{"type": "push", "animated": false, "viewController": \#(detail)}"#, #"{"type": "pop", "interactive": true, "at": 0.5}"#,
         #"{"type": "update", "percent": 0.7, "at": 0.6}"#, #"{"clock": {"to": 3}}"#, #"{"type": "finish", "at": 3.1}"#,
         #"{"type": "push", "animated": false, "at": 4, "viewController": {"id": "again"}}"#,
         #"{"type": "pop", "interactive": true, "at": 4.2}"#, #"{"type": "update", "percent": 0.4, "at": 4.3}"#, #"{"type": "cancel", "at": 4.4}"#,
         // Finished from exactly 100 %: it hangs, as UIKit's does.
         #"{"type": "pop", "interactive": true, "at": 5}"#, #"{"type": "update", "percent": 1, "at": 5.1}"#, #"{"type": "finish", "at": 5.2}"#],
        // A presentation and its dismissal, and a sheet.
        [#"{"type": "present", "modalPresentationStyle": "custom", "viewController": {"id": "overlay"}, "animator": "overlay"}"#,
         #"{"type": "dismiss", "at": 1, "animator": "overlay"}"#,
         #"{"type": "present", "at": 2, "viewController": {"id": "s", "title": "S"}}"#, #"{"type": "dismiss", "at": 3}"#],
    ])
    func aNavigationSessionReadsAsItsReplay(changes: [String]) throws {
        let client = Client()
        let (_, history) = try Self.session(client, scene: Self.things, changes)
        expectSame(history, "\(changes.count) changes")
        expectSame(history.caughtUp(to: history.current.now + 0.25), "caught up")
    }

    @Test func tabSwitchesReadAsTheirReplay() throws {
        let client = Client()
        let (_, history) = try Self.session(client, scene: Self.tabs, [
            #"{"type": "selectTab", "index": 1}"#, #"{"type": "selectTab", "index": 2, "at": 0.7}"#,
            #"{"clock": {"by": 1}}"#, #"[{"type": "selectTab", "index": 0}, {"type": "selectTab", "index": 1, "at": 2.3}]"#,
        ])
        expectSame(history, "tabs")
    }

    /// A session imported from its export, as a journal restore or another replica replays it:
    /// its states record the same trajectories as the ones that were made by requests.
    @Test func aReplayedSessionReadsAsTheOriginal() throws {
        let client = Client()
        let (id, original) = try Self.session(client, scene: Self.things, [
            #"{"type": "push", "at": 0.1, "viewController": \#(Self.detail)}"#, #"{"type": "pop", "at": 0.8}"#,
            #"{"clock": {"to": 2}}"#, #"{"type": "push", "at": 2.5, "viewController": {"id": "b"}}"#,
        ])
        let exported = client.send("GET", "/v1/sessions/\(id)/scenario")
        let imported = client.send("POST", "/v1/sessions", #"{"scenario": \#(String(decoding: exported.response.body, as: UTF8.self))}"#)
        let copy = try Self.history(client, try #require(imported.json?["id"]?.stringValue))
        expectSame(copy, "imported")
        let times = Self.probes(original)
        #expect(Self.read(copy, at: times) == Self.read(original, at: times))
    }

    /// Past the log's limit its older half goes: the new base's census holds from the new start,
    /// and times before it are refused as the replay refuses them.
    @Test func aTruncatedHistoryReadsAsItsReplay() throws {
        let client = Client()
        let id = try client.createSession()
        try client.outgrowTheLog(of: id)
        let history = try Self.history(client, id)
        #expect(history.log.baseIndex > 0 && history.start > 0)
        let times = Self.probes(history).filter { $0 >= history.start - 1 }
        #expect(Self.read(history, at: times) == Self.replayed(history, at: times))
        #expect(Self.read(history, at: [history.start, 0]).problem != nil)
        #expect(Self.read(history, at: [history.start, 0]) == Self.replayed(history, at: [history.start, 0]))
    }

    /// The weigh refuses on the census: the same 422, with the same frames and views counted, as
    /// summing the oracle's views frame by frame in its order.
    @Test func aRefusalCountsTheFramesTheReplayCounts() throws {
        let client = Client()
        let labels = SeriesBudgetTests.labels(250)
        let (id, history) = try Self.session(client, scene: SeriesBudgetTests.scene(labels: 40), [
            #"{"type": "push", "at": 0.5, "viewController": {"id": "many", "view": \#(labels)}}"#, #"{"type": "pop", "at": 2}"#,
        ])
        let times = Array(stride(from: 3.0, through: 0, by: -1.0 / 60))
        let oracle = Self.replayed(history, at: times)
        var views = 0, frames = 0
        for census in oracle.censuses where views <= Application.maxSeriesWork {
            views += census.views
            frames += 1
        }
        #expect(views > Application.maxSeriesWork)
        let query = "t=" + times.map { "\($0)" }.joined(separator: ",")
        let refused = client.send("GET", "/v1/sessions/\(id)/snapshots?changes=true&\(query)")
        #expect(refused.status == 422)
        #expect(refused.json?["detail"]?.stringValue?.hasPrefix("the earliest \(frames) of the \(times.count) frames asked hold \(views) views") == true,
                "\(refused.json.map { "\($0)" } ?? "")")
    }
}
