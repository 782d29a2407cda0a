import JSONCodec
import TestSupport
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// The comparison of expected frames with the service's, on frames written by hand.
@Suite struct FrameComparerTests {
    /// A frame of views given as JSON (flat views, as `/snapshots?flat=true` writes them).
    func frame(_ time: Double, _ views: String) throws -> ComparedFrame {
        let expected = try ExpectedFrames.read(try JSONParser.parse(Array(#"{"frames": [{"time": \#(time), "views": \#(views)}]}"#.utf8)),
                                               at: "", bounds: FrameBounds())
        return expected.frames[0]
    }

    func expected(_ json: String) throws -> ExpectedFrames {
        try ExpectedFrames.read(try JSONParser.parse(Array(json.utf8)), at: "/expected", bounds: FrameBounds())
    }

    func compare(_ expected: ExpectedFrames, _ actual: [ComparedFrame], _ settings: ComparisonSettings = ComparisonSettings(),
                 around: [[ComparedFrame]] = []) throws -> ComparisonReport {
        try FrameComparer(settings: settings).compare(expected, with: actual, around: around)
    }

    static let image = #"{"id": "image", "viewController": "detail", "path": "image", "alpha": 1, "windowFrame": {"x": 20, "y": 84, "width": 280, "height": 280}}"#
    static let window = #"{"id": "window", "viewController": null, "path": "window", "alpha": 1, "windowFrame": {"x": 0, "y": 0, "width": 320, "height": 568}}"#

    @Test func identicalFramesMatch() throws {
        let actual = try frame(0.1, "[\(Self.window), \(Self.image)]")
        let report = try compare(try expected(#"{"snapshots": [{"time": 0.1, "views": [\#(Self.window), \#(Self.image)]}]}"#), [actual])
        #expect(report.match)
        #expect((report.frames, report.views, report.values, report.divergences) == (1, 2, 10, 0))
        #expect(report.first == nil && report.worst == nil)
    }

    @Test func aPositionWithinItsToleranceMatchesAndJustOutsideDiverges() throws {
        let actual = try frame(0, "[\(Self.image)]")
        let within = try compare(try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "detail", "path": "image", "windowFrame": {"width": 280.5}}]}]}"#), [actual])
        #expect(within.match && within.values == 1)
        let outside = try compare(try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "detail", "path": "image", "windowFrame": {"width": 280.625}}]}]}"#), [actual])
        #expect(!outside.match)
        let first = try #require(outside.first)
        #expect(first.property == "windowFrame.width" && first.difference == 0.625 && first.tolerance == 0.5)
        #expect(first.expected == .number(280.625) && first.actual == .number(280) && first.path == "image" && first.viewController == "detail")
    }

    @Test func alphaAndTransformHaveTheirOwnTolerances() throws {
        let actual = try frame(0, #"[{"id": "v", "viewController": "c", "path": "", "alpha": 0.5, "transform": {"a": 1, "b": 0, "c": 0, "d": 1, "tx": 10, "ty": 0}}]"#)
        let close = try compare(try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "c", "path": "", "alpha": 0.5078125, "transform": [1.0000005, 0, 0, 1, 10.25, 0]}]}]}"#), [actual])
        #expect(close.match, "alpha within 0.01, a within 1e-6, tx (points) within 0.5")
        let far = try compare(try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "c", "path": "", "alpha": 0.5078125, "transform": [1.00001, 0, 0, 1, 10, 0]}]}]}"#), [actual])
        #expect(far.divergences == 1 && far.first?.property == "transform.a" && far.first?.tolerance == 1e-6)
    }

    @Test func theBudgetCountsDivergentValues() throws {
        let actual = try frame(0, "[\(Self.image)]")
        let frames = try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "detail", "path": "image", "alpha": 0.5, "windowFrame": {"x": 30}}]}]}"#)
        var settings = ComparisonSettings()
        settings.budget = 2
        #expect(try compare(frames, [actual], settings).match)
        settings.budget = 1
        let report = try compare(frames, [actual], settings)
        #expect(!report.match && report.divergences == 2)
    }

    @Test func viewsAreMatchedByPathOrByIDWhereUnique() throws {
        let actual = try frame(0, #"[{"id": "image", "viewController": "a", "path": "cell/image", "alpha": 1}, {"id": "image", "viewController": "b", "path": "image", "alpha": 0.5}, {"id": "dim", "viewController": null, "path": "dim", "alpha": 0.25}]"#)
        let byPath = try compare(try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "b", "path": "image", "alpha": 0.5}]}]}"#), [actual])
        #expect(byPath.match && byPath.views == 1)
        let byID = try compare(try expected(#"{"frames": [{"time": 0, "views": [{"id": "dim", "alpha": 0.25}]}]}"#), [actual])
        #expect(byID.match && byID.views == 1)
        #expect(throws: SimulationError.self) {
            try compare(try expected(#"{"frames": [{"time": 0, "views": [{"id": "image", "alpha": 1}]}]}"#), [actual])
        }
    }

    @Test func aViewOnOneSideOnlyIsMissingOrUnexpected() throws {
        let actual = try frame(0, "[\(Self.window), \(Self.image)]")
        let missing = try compare(try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "ghost", "path": "", "alpha": 1}]}]}"#), [actual])
        #expect(missing.divergences == 1 && missing.first?.kind == .missing && missing.first?.viewController == "ghost")
        #expect(missing.worst == nil, "a missing view has no difference")
        // A complete frame (a /snapshots answer) must hold every view the service shows.
        let unexpected = try compare(try expected(#"{"snapshots": [{"time": 0, "views": [\#(Self.window)]}]}"#), [actual])
        #expect(unexpected.divergences == 1 && unexpected.first?.kind == .unexpected && unexpected.first?.path == "image")
        // The minimal form compares only the views it gives.
        #expect(try compare(try expected(#"{"frames": [{"time": 0, "views": [\#(Self.window)]}]}"#), [actual]).match)
    }

    @Test func theFirstDivergenceIsTheHeaviestAtTheEarliestTime() throws {
        let actual = [try frame(0, "[\(Self.image)]"), try frame(0.1, "[\(Self.image)]")]
        let frames = try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "detail", "path": "image", "alpha": 0.9}]}, {"time": 0.1, "views": [{"viewController": "detail", "path": "image", "windowFrame": {"x": 120, "width": 281, "height": 281}}]}]}"#)
        let report = try compare(frames, actual)
        #expect(report.first?.time == 0 && report.first?.property == "alpha")
        #expect(report.worst?.property == "windowFrame.x" && report.worst?.difference == 100)
        // Equal weights: the member's leaves in their order (width before height).
        let tie = try compare(try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "detail", "path": "image", "windowFrame": {"height": 290, "width": 290}}]}]}"#), [actual[0]])
        #expect(tie.first?.property == "windowFrame.width")
        #expect(report.byProperty["windowFrame.x"]?.count == 1 && report.divergentTimes == [0, 0.1])
    }

    @Test func membersTheSnapshotLeavesOutHaveTheirDefaults() throws {
        let actual = try frame(0, "[\(Self.image)]")
        let defaults = try compare(try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "detail", "path": "image", "visible": true, "cornerRadius": 0, "anchorPoint": {"x": 0.5, "y": 0.5}, "visibleRect": {"width": 280}}]}]}"#), [actual])
        #expect(defaults.match && defaults.values == 5)
    }

    @Test func propertiesLimitWhatIsCompared() throws {
        let actual = try frame(0, "[\(Self.image)]")
        let frames = try expected(#"{"frames": [{"time": 0, "views": [{"viewController": "detail", "path": "image", "alpha": 0.5, "windowFrame": {"x": 30, "width": 281}}]}]}"#)
        var settings = ComparisonSettings()
        settings.properties = ["windowFrame.width"]
        let report = try compare(frames, [actual], settings)
        #expect(report.values == 1 && report.divergences == 1 && report.first?.property == "windowFrame.width")
        settings.properties = ["windowFrame"]
        #expect(try compare(frames, [actual], settings).values == 2)
    }

    @Test func aTimeToleranceAcceptsTheValuesAroundTheFrame() throws {
        let at = try frame(0.1, #"[{"viewController": "c", "path": "", "windowFrame": {"x": 10}}]"#)
        let before = try frame(0.09, #"[{"viewController": "c", "path": "", "windowFrame": {"x": 8}}]"#)
        let after = try frame(0.11, #"[{"viewController": "c", "path": "", "windowFrame": {"x": 12}}]"#)
        let frames = try expected(#"{"frames": [{"time": 0.1, "views": [{"viewController": "c", "path": "", "windowFrame": {"x": 11.5}}]}]}"#)
        #expect(try !compare(frames, [at]).match)
        var settings = ComparisonSettings()
        settings.tolerance.time = 0.01
        #expect(try compare(frames, [at], settings, around: [[before, after]]).match)
    }

    @Test func badExpectedFramesArePointedAt() throws {
        let cases: [(String, String)] = [
            (#"{"frames": [{"time": 0, "views": [{"viewController": "c", "path": "", "colour": 1}]}]}"#, "/expected/frames/0/views/0/colour"),
            (#"{"frames": [{"time": 0, "views": [{"viewController": "c", "path": "", "windowFrame": {"z": 1}}]}]}"#, "/expected/frames/0/views/0/windowFrame/z"),
            (#"{"frames": [{"time": 0, "views": [{"viewController": "c", "alpha": 1}]}]}"#, "/expected/frames/0/views/0/path"),
            (#"{"frames": [{"time": -1, "views": []}]}"#, "/expected/frames/0/time"),
            (#"{"frames": [{"views": []}]}"#, "/expected/frames/0/time"),
            (#"{"frames": [{"time": 0, "views": [{"alpha": 1}]}]}"#, "/expected/frames/0/views/0"),
            (#"{"frames": [{"time": 0, "views": [{"viewController": "c", "path": "", "transform": [1, 2]}]}]}"#, "/expected/frames/0/views/0/transform"),
            (#"{"format": "changes/2", "snapshots": []}"#, "/expected/format"),
            (#"{"format": "changes/1", "snapshots": [{"time": 0, "views": [\#(Self.image)]}, {"time": 0.1, "removed": [1]}]}"#, "/expected/snapshots/1/removed"),
            (#"{"format": "changes/1", "snapshots": [{"time": 0, "views": [\#(Self.image)]}, {"time": 0.1, "viewSet": {"windowFrame.x": [[1, 0, 3]]}}]}"#, "/expected/snapshots/1/viewSet/windowFrame.x/0"),
            (#"{"format": "changes/1", "snapshots": [{"time": 0, "views": [\#(Self.image)]}, {"time": 0.1, "viewSet": {"alpha.x": [[1, 0]]}}]}"#, "/expected/snapshots/1/viewSet/alpha.x/0"),
            (#"{"format": "changes/1", "snapshots": [{"time": 0, "views": []}, {"time": 0.1, "moved": []}]}"#, "/expected/snapshots/1/moved"),
            (#"{"frames": []}"#, "/expected/frames"),
            (#"{"snapshots": [{"time": 0, "root": {"id": "w", "viewController": null, "children": [{"id": "v", "alpha": "x"}]}}]}"#, "/expected/snapshots/0/root/children/0/alpha"),
        ]
        for (json, pointer) in cases {
            do {
                _ = try expected(json)
                Issue.record("accepted \(json)")
            } catch {
                #expect((error as? SimulationError)?.pointer == pointer, "\(json): \(error)")
            }
        }
    }

    @Test func expectedFramesAreBounded() throws {
        let frames = (0...Application.maxTimestamps).map { #"{"time": \#($0), "views": []}"# }.joined(separator: ",")
        #expect(throws: SimulationError.self) { try expected(#"{"frames": [\#(frames)]}"#) }
        var bounds = FrameBounds()
        bounds.values = 3
        #expect(throws: SimulationError.self) {
            try ExpectedFrames.read(try JSONParser.parse(Array(#"{"frames": [{"time": 0, "views": [\#(Self.image)]}]}"#.utf8)), at: "", bounds: bounds)
        }
    }

    @Test func settingsRefuseNegativeTolerancesAndUnknownProperties() throws {
        for (json, pointer) in [(#"{"tolerance": {"position": -1}}"#, "/tolerance/position"), (#"{"tolerance": {"size": 1}}"#, "/tolerance/size"),
                                (#"{"tolerance": {"time": 2}}"#, "/tolerance/time"), (#"{"properties": ["windowFrame.z"]}"#, "/properties/0"),
                                (#"{"budget": -1}"#, "/budget")] {
            do {
                var r = try SpecReader(try JSONParser.parse(Array(json.utf8)), at: "")
                _ = try ComparisonSettings.read(&r)
                try r.finish()
                Issue.record("accepted \(json)")
            } catch {
                #expect((error as? SimulationError)?.pointer == pointer, "\(json): \(error)")
            }
        }
    }
}

/// `POST /v1/sessions/{id}/compare` in process.
@Suite struct CompareRouteTests {
    /// The README's zoom push (tests/fixtures/things.json), its duration `duration` when given.
    static func zoomSession(_ client: Client, duration: Double? = nil) throws -> String {
        let text = try #require(repositoryFile("tests/fixtures/things.json"))
        let fixture = try #require(try JSONParser.parse(Array(text.utf8)).objectValue)
        let created = client.send("POST", "/v1/sessions", String(decoding: JSONWriter.encode(try #require(fixture["scene"])), as: UTF8.self))
        let id = try #require(created.json?["id"]?.stringValue)
        let detail = String(decoding: JSONWriter.encode(try #require(fixture["detail"])), as: UTF8.self)
        let animator = #"{"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"\#(duration.map { ", \"duration\": \($0)" } ?? "")}"#
        let push = client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "push", "viewController": \#(detail), "animator": \#(animator)}"#)
        try #require(push.status == 200, "\(String(decoding: push.response.body, as: UTF8.self))")
        return id
    }

    func zoomSession(_ client: Client, duration: Double? = nil) throws -> String { try Self.zoomSession(client, duration: duration) }

    @Test func aSessionMatchesItsOwnSnapshotsAndAChangedDurationDiverges() throws {
        let client = Client()
        let reference = try zoomSession(client)
        for form in ["flat=true", "flat=false", "changes=true"] {
            let batch = String(decoding: client.send("GET", "/v1/sessions/\(reference)/snapshots?from=0&to=0.3&fps=30&\(form)").response.body, as: UTF8.self)
            let same = client.send("POST", "/v1/sessions/\(reference)/compare", #"{"expected": \#(batch)}"#)
            #expect(same.status == 200 && same.json?["match"] == .bool(true), "\(same.json.map { String(decoding: JSONWriter.encode($0), as: UTF8.self) } ?? "")")
            let slower = try zoomSession(client, duration: 0.6)
            let changed = client.send("POST", "/v1/sessions/\(slower)/compare", #"{"expected": \#(batch)}"#)
            #expect(changed.json?["match"] == .bool(false))
            #expect(changed.json?["first"]?["time"] == .number(1.0 / 30))
            #expect(changed.json?["first"]?["property"] == .string("windowFrame.width"))
        }
    }

    /// A bar that prefers large titles writes its labels' `fontSize`: a comparison reads it (a
    /// number held to no tolerance) rather than refusing its own snapshots or leaving the labels out.
    @Test func aLargeTitleSessionMatchesItsOwnSnapshotsAndComparesTheFontSize() throws {
        let client = Client()
        let created = client.send("POST", "/v1/sessions", #"{"screen": {"width": 320, "height": 568, "scale": 2, "iOS": 17}, "root": {"type": "navigation", "id": "nav", "prefersLargeTitles": true, "viewControllers": [{"id": "things", "title": "Settings", "view": {"id": "root", "kind": "scrollView"}}]}}"#)
        let id = try #require(created.json?["id"]?.stringValue)
        try #require(client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "push", "viewController": {"id": "wifi", "title": "Wi-Fi"}}"#).status == 200)
        for form in ["flat=true", "flat=false", "changes=true"] {
            let batch = String(decoding: client.send("GET", "/v1/sessions/\(id)/snapshots?from=0&to=0.2&fps=30&\(form)").response.body, as: UTF8.self)
            #expect(batch.contains(#""fontSize":34"#))
            let same = client.send("POST", "/v1/sessions/\(id)/compare", #"{"expected": \#(batch)}"#)
            #expect(same.status == 200 && same.json?["match"] == .bool(true), "\(form): \(String(decoding: same.response.body, as: UTF8.self))")
        }
        func title(_ size: String) -> (status: Int, json: JSONValue?, response: HTTPResponse) {
            client.send("POST", "/v1/sessions/\(id)/compare", #"{"expected": {"frames": [{"time": 0, "views": [{"id": "nav.largeTitle", "fontSize": \#(size)}]}]}}"#)
        }
        let same = title("34").json
        #expect(same?["match"] == JSONValue.bool(true) && same?["compared"]?["values"] == JSONValue.number(1))
        let first = title("33.5").json?["first"]
        #expect(first?["property"] == JSONValue.string("fontSize") && first?["actual"] == JSONValue.number(34))
        #expect(first?["tolerance"] == JSONValue.number(0))
    }

    /// While a comparison runs, its replayed scenario counts in the memory budget as the same
    /// session would, and its frames `comparedViewBytes` a view; all of it is given back after.
    @Test func aComparisonCountsItsReplayAndItsFramesInTheMemoryBudgetWhileItRuns() throws {
        let client = Client()
        let app = client.app
        let id = try zoomSession(client)
        let session = try #require(try app.sessions.session(id, now: .now))
        let scenario = try Scenario.decode(try JSONParser.parse(try session.scenario()), at: "")
        let times = [0, 0.1, 0.2]
        // The views of each frame as /snapshots counts them, on both sides (read first: a read of
        // one frame may keep a template, which counts too).
        let perSide = try times.reduce(0) { sum, t in
            sum + (try #require(client.send("GET", "/v1/sessions/\(id)/snapshot?flat=true&t=\(t)").json?["views"]?.arrayValue)).count
        }
        let before = app.sessions.memory.usedBytes
        let replayed = try app.replaying(scenario, at: "/scenario")
        #expect(app.sessions.memory.usedBytes == before + replayed.estimatedBytes)
        let runs = [try app.comparedRun(session, at: times, pointers: ["", "", ""], timeTolerance: 0, now: .now),
                    try app.comparedRun(replayed, at: times, pointers: ["", "", ""], timeTolerance: 0, now: .now)]
        let during = try app.comparing(runs, pointer: "/times") { app.sessions.memory.usedBytes }
        #expect(during == before + replayed.estimatedBytes + 2 * perSide * Application.comparedViewBytes)
        replayed.close()
        #expect(app.sessions.memory.usedBytes == before)
    }

    @Test func aComparisonIsARead() throws {
        let client = Client()
        let id = try zoomSession(client)
        let before = client.send("GET", "/v1/sessions/\(id)/scenario").response.body
        let r = client.send("POST", "/v1/sessions/\(id)/compare", #"{"expected": {"frames": [{"time": 5, "views": []}]}}"#)
        #expect(r.status == 200)
        #expect(client.send("GET", "/v1/sessions/\(id)/scenario").response.body == before)
        #expect(client.send("GET", "/v1/sessions/\(id)").json?["time"] == .number(0), "the clock stays where it was")
    }

    @Test func badBodiesAreProblemsAtTheirPointer() throws {
        let client = Client()
        let id = try zoomSession(client)
        let cases: [(String, Int, String)] = [
            (#"{}"#, 422, "/expected"),
            (#"{"expected": {"frames": [{"time": 0, "views": []}]}, "tolerance": {"alpha": -0.1}}"#, 422, "/tolerance/alpha"),
            (#"{"expected": {"frames": [{"time": 0, "views": []}]}, "properties": ["size"]}"#, 422, "/properties/0"),
            (#"{"expected": {"frames": [{"time": 0, "views": [{"viewController": "things", "path": "", "size": 1}]}]}}"#, 422, "/expected/frames/0/views/0/size"),
            (#"{"expected": {"frames": [{"time": 0, "views": []}]}, "extra": 1}"#, 422, "/extra"),
        ]
        for (body, status, pointer) in cases {
            let r = client.send("POST", "/v1/sessions/\(id)/compare", body)
            #expect(r.status == status && r.json?["pointer"] == .string(pointer), "\(body): \(String(decoding: r.response.body, as: UTF8.self))")
        }
    }

    @Test func aTimeBeforeTheHistoryIsAConflictAtItsPointer() throws {
        let client = Client()
        let id = try client.createSession()
        try client.outgrowTheLog(of: id)
        let r = client.send("POST", "/v1/sessions/\(id)/compare", #"{"expected": {"frames": [{"time": 0, "views": []}]}}"#)
        #expect(r.status == 409 && r.json?["type"] == .string("/problems/history-truncated"))
        #expect(r.json?["pointer"] == .string("/expected/frames/0/time"))
    }

    @Test func twoRunsCompareAndAScenarioReplaysWithoutASession() throws {
        let client = Client()
        let a = try zoomSession(client), b = try zoomSession(client)
        let times = #""times": {"from": 0, "to": 0.3, "fps": 30}"#
        let same = client.send("POST", "/v1/compare", #"{"a": {"session": "\#(a)"}, "b": {"session": "\#(b)"}, \#(times)}"#)
        #expect(same.status == 200 && same.json?["match"] == .bool(true) && same.json?["compared"]?["frames"] == .number(10))
        let scenario = String(decoding: client.send("GET", "/v1/sessions/\(a)/scenario").response.body, as: UTF8.self)
        let replayed = client.send("POST", "/v1/compare", #"{"a": {"scenario": \#(scenario)}, "b": {"session": "\#(b)"}, "times": {"t": [0, 0.1, 0.2]}}"#)
        #expect(replayed.json?["match"] == .bool(true))
        let longer = scenario.replacing(#""name":"zoom""#, with: #""duration":0.6,"name":"zoom""#)
        #expect(longer != scenario)
        let changed = client.send("POST", "/v1/compare", #"{"a": {"scenario": \#(scenario)}, "b": {"scenario": \#(longer)}, \#(times)}"#)
        #expect(changed.json?["match"] == .bool(false) && changed.json?["first"]?["property"] == .string("windowFrame.width"))
        #expect(client.app.sessions.count == 2, "a scenario compared is replayed, never registered")
    }

    @Test func badRunComparisonsAreProblemsAtTheirPointer() throws {
        let client = Client()
        let a = try zoomSession(client)
        let cases: [(String, Int, String?)] = [
            (#"{"a": {"session": "\#(a)"}, "b": {"session": "\#(a)"}}"#, 422, "/times"),
            (#"{"a": {"session": "\#(a)"}, "times": {"t": [0]}}"#, 422, "/b"),
            (#"{"a": {"session": "\#(a)", "scenario": {}}, "b": {"session": "\#(a)"}, "times": {"t": [0]}}"#, 422, "/a"),
            (#"{"a": {"session": "\#(a)"}, "b": {"scenario": {"version": 1}}, "times": {"t": [0]}}"#, 422, "/b/scenario/session"),
            (#"{"a": {"session": "\#(a)"}, "b": {"session": "\#(a)"}, "times": {"t": [0], "fps": 30}}"#, 422, "/times"),
            (#"{"a": {"session": "\#(a)"}, "b": {"session": "\#(a)"}, "times": {"from": 0, "to": 10, "fps": 60}}"#, 422, "/times/fps"),
            (#"{"a": {"session": "\#(a)"}, "b": {"session": "\#(a)"}, "times": {"t": [-1]}}"#, 422, "/times/t/0"),
            (#"{"a": {"session": "nope"}, "b": {"session": "\#(a)"}, "times": {"t": [0]}}"#, 404, nil),
        ]
        for (body, status, pointer) in cases {
            let r = client.send("POST", "/v1/compare", body)
            #expect(r.status == status && r.json?["pointer"]?.stringValue == pointer, "\(body): \(String(decoding: r.response.body, as: UTF8.self))")
        }
    }

    @Test func theFirstDivergenceIsDrawnOutlinedOnBothSides() throws {
        let client = Client()
        let reference = try zoomSession(client), slower = try zoomSession(client, duration: 0.6)
        let batch = String(decoding: client.send("GET", "/v1/sessions/\(reference)/snapshots?from=0&to=0.3&fps=30&flat=true").response.body, as: UTF8.self)
        let diverges = client.send("POST", "/v1/sessions/\(slower)/compare.svg", #"{"expected": \#(batch)}"#)
        #expect(diverges.status == 200 && diverges.response.mediaType == .svg)
        let svg = String(decoding: diverges.response.body, as: UTF8.self)
        #expect(svg.ranges(of: #"<rect class="divergence""#).count == 2, "the image view outlined in both frames")
        #expect(svg.contains("t1.image · windowFrame.width · difference "))
        #expect(svg.contains(#"data-time="0.03333333333333333""#))
        let same = String(decoding: client.send("POST", "/v1/sessions/\(reference)/compare.svg", #"{"expected": \#(batch)}"#).response.body, as: UTF8.self)
        #expect(!same.contains(#"class="divergence""#) && same.contains(">match</tspan>"))
        #expect(client.send("POST", "/v1/sessions/\(reference)/compare.svg", #"{"expected": {}}"#).json?["pointer"] == .string("/expected"))
    }
}
