import JSONCodec
import TestSupport
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// Golden files: written by `GET …/golden` and `transition-sim golden`, checked and updated by
/// `transition-sim check` (GoldenCommand, which the executable only feeds files).
@Suite struct GoldenFileTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The zoom push's scenario document, the zoom's duration `duration` when given.
    func zoomScenario(_ client: Client, duration: Double? = nil) throws -> [UInt8] {
        let id = try CompareRouteTests.zoomSession(client, duration: duration)
        return client.send("GET", "/v1/sessions/\(id)/scenario").response.body
    }

    @Test func aSessionsGoldenIsTheCommandsAndChecksClean() throws {
        let client = Client()
        let id = try CompareRouteTests.zoomSession(client)
        let served = client.send("GET", "/v1/sessions/\(id)/golden?from=0&to=0.5&fps=30")
        #expect(served.status == 200)
        let scenario = client.send("GET", "/v1/sessions/\(id)/scenario").response.body
        let times = try #require(GoldenCommand.times(from: 0, to: 0.5, fps: 30))
        let written = try GoldenCommand.golden(scenario: scenario, times: times).get()
        #expect(served.response.body == written, "the route and the command write the same file")
        let check = GoldenCommand.check(written, name: "zoom.json", tolerances: nil, update: false)
        #expect(check.status == 0 && check.lines.count == 1 && check.lines[0].hasPrefix("zoom.json: match: 0 divergent of "), "\(check.lines)")
        #expect(check.lines[0].hasSuffix(" views of 16 frames"))
    }

    @Test func aLongerZoomExitsOneNamingTheImageViewsWidth() throws {
        let client = Client()
        let times = try #require(GoldenCommand.times(from: 0, to: 0.5, fps: 30))
        let golden = text(try GoldenCommand.golden(scenario: try zoomScenario(client), times: times).get())
        let changed = golden.replacing(#""name":"zoom""#, with: #""duration":0.5,"name":"zoom""#)
        #expect(changed != golden)
        let check = GoldenCommand.check(Array(changed.utf8), name: "zoom.json", tolerances: nil, update: false)
        #expect(check.status == 1)
        let first = try #require(check.lines.first)
        #expect(first.hasPrefix("zoom.json: first divergence: t=0.03333333333333333 t1.image (t1.image) windowFrame.width: expected "), "\(first)")
        let bytes = try #require(check.report)
        let report = try #require(try JSONParser.parse(bytes).objectValue)
        #expect(report["first"]?["property"] == .string("windowFrame.width") && report["match"] == .bool(false))
        // A wider tolerance and a budget on the command line.
        #expect(GoldenCommand.check(Array(changed.utf8), name: "g", tolerances: "position=400,alpha=1", update: false).status == 1,
                "text and hidden still differ")
        #expect(GoldenCommand.check(Array(changed.utf8), name: "g", tolerances: "size=1", update: false).status == 2)
    }

    @Test func anUpdateRewritesTheExpectedFramesByteForByte() throws {
        let client = Client()
        let times = try #require(GoldenCommand.times(from: 0, to: 0.5, fps: 30))
        let golden = text(try GoldenCommand.golden(scenario: try zoomScenario(client), times: times).get())
        let changed = golden.replacing(#""name":"zoom""#, with: #""duration":0.5,"name":"zoom""#)
        let updated = try #require(GoldenCommand.check(Array(changed.utf8), name: "g", tolerances: nil, update: true).rewritten)
        #expect(GoldenCommand.check(updated, name: "g", tolerances: nil, update: false).status == 0)
        #expect(GoldenCommand.check(updated, name: "g", tolerances: nil, update: true).rewritten == updated, "an update of an updated file changes nothing")
        let direct = try GoldenCommand.golden(scenario: try zoomScenario(Client(), duration: 0.5), times: times).get()
        #expect(updated == direct, "the same frames, the same bytes, however the file was made")
        // Settings written in the file stay as they were.
        let strict = changed.replacing(#""budget": 0"#, with: #""budget": 7"#)
        let kept = try #require(GoldenCommand.check(Array(strict.utf8), name: "g", tolerances: nil, update: true).rewritten)
        #expect(text(kept).contains(#""budget": 7"#))
    }

    @Test func aBadFileExitsTwoNamingTheMember() throws {
        let client = Client()
        let golden = text(try GoldenCommand.golden(scenario: try zoomScenario(client), times: [0, 0.1]).get())
        let cases: [(String, String)] = [
            ("{", "g: "),
            (#"{"version": 1}"#, "g: /scenario: is required"),
            (golden.replacing(#""version": 1"#, with: #""version": 2"#), "g: /version: "),
            (golden.replacing(#""tolerance": {"#, with: #""tolerance": {"size":1,"#), "g: /tolerance/size: unknown member"),
            (golden.replacing(#"{"time": 0.1, "#, with: #"{"time": "0.1", "#), "g: /expected/snapshots/1/time: "),
            (golden.replacing(#""type":"push""#, with: #""type":"jump""#), "g: /scenario/changes/0"),
        ]
        for (file, message) in cases {
            let outcome = GoldenCommand.check(Array(file.utf8), name: "g", tolerances: nil, update: false)
            #expect(outcome.status == 2 && outcome.lines.count == 1 && outcome.lines[0].hasPrefix(message), "\(outcome.lines)")
        }
    }

    @Test func theGoldenRouteTakesTheSeriesParameters() throws {
        let client = Client()
        let id = try CompareRouteTests.zoomSession(client)
        #expect(client.send("GET", "/v1/sessions/\(id)/golden?t=0,0.1").status == 200)
        #expect(client.send("GET", "/v1/sessions/\(id)/golden?t=0&flat=true").json?["parameter"] == .string("flat"))
        #expect(client.send("GET", "/v1/sessions/\(id)/golden").json?["parameter"] == .string("t"))
    }

    @Test func aGoldenOfMoreValuesThanCheckReadsIsRefusedNamingTheBound() throws {
        let scenario = JSONValue.array(Array(repeating: .number(0), count: GoldenFile.maxValues))
        let refused = #expect(throws: Problem.self) { try GoldenFile.encode(scenario: scenario, frames: [], settings: ComparisonSettings()) }
        #expect(refused?.type == .limitExceeded)
        #expect(refused?.detail.hasPrefix("the golden file would hold more than 5000000 JSON values, the most transition-sim check reads") == true)
    }
}
