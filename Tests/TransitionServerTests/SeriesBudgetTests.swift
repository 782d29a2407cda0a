import JSONCodec
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// A series is weighed before any frame is computed (issue 28): the fewest bytes it can take
/// never exceed what the encoders write, so no answer that fits is refused; past the work budget
/// it is a 422 `work-budget-exceeded`; costly series take a slot or a 503 `busy`.
@Suite struct SeriesBudgetTests {
    /// `count` labels under a controller's root view, one of them hidden with a subview.
    static func labels(_ count: Int) -> String {
        let rows = (0..<count).map { #"{"id": "l\#($0)", "kind": "label", "text": "row \#($0)", "frame": {"x": 0, "y": \#($0 * 20), "width": 320, "height": 20}}"# }
        return #"{"id": "root", "kind": "view", "children": [\#(rows.joined(separator: ",")), {"id": "box", "kind": "view", "hidden": true, "children": [{"id": "inner", "kind": "label", "text": "x"}]}]}"#
    }

    static func scene(labels count: Int) -> String {
        #"{"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "list", "title": "List", "view": \#(labels(count))}]}}"#
    }

    @Test func theFewestBytesNeverExceedWhatTheEncodersWrite() throws {
        let spec = try SceneSpec.decode(JSONParser.parse(Array(Self.scene(labels: 20).utf8)), limits: SceneLimits())
        var world = try World(scene: spec)
        try world.apply(Action.decode(JSONParser.parse(Array(#"{"type": "push", "viewController": {"id": "next", "view": \#(Self.labels(5))}}"#.utf8)),
                                      at: "", limits: SceneLimits()))
        for t in stride(from: 0.0, through: 0.6, by: 0.1) {
            world.advance(to: t)
            let census = world.snapshotCensus(), shot = world.snapshot(at: t)
            for flat in [false, true] {
                var json = ResponseEncoder(flat: flat)
                json.snapshot(shot)
                let least = Application.leastBytes(census, form: .json(flat: flat, changes: false), first: true)
                // A bound that says something: most of a frame's JSON is what every view has.
                #expect(least <= json.writer.count && least > json.writer.count / 3, "t = \(t), flat: \(flat)")
            }
            var svg = SVGEncoder(precision: nil)
            svg.frame(shot, x: 0)
            #expect(Application.leastBytes(census, form: .svg, first: true) <= svg.writer.count, "t = \(t)")
            #expect(Application.leastBytes(census, form: .json(flat: true, changes: true), first: false) == 0)
        }
    }

    @Test func aSeriesOverTheWorkBudgetIsRefusedAndOneUnderItAnswered() throws {
        let client = Client()
        let created = client.send("POST", "/v1/sessions", Self.scene(labels: 400))
        let id = try #require(created.json?["id"]?.stringValue)
        // (Whole JSON frames of 400 views would pass the response limit first.)
        for route in ["snapshots?changes=true&", "filmstrip.svg?"] {
            let refused = client.send("GET", "/v1/sessions/\(id)/\(route)from=0&to=3.9&fps=60")
            #expect(refused.status == 422)
            #expect(refused.json?["type"] == .string("/problems/work-budget-exceeded"))
            #expect(refused.json?["limit"] == .number(Double(Application.maxSeriesWork)))
            #expect(client.send("GET", "/v1/sessions/\(id)/\(route)t=0,1").status == 200)
        }
    }

    @Test func anAnswerThatCannotFitIsRefusedFromItsEstimate() throws {
        let client = Client { $0.maxResponseBytes = 64 << 10 }
        let created = client.send("POST", "/v1/sessions", Self.scene(labels: 400))
        let id = try #require(created.json?["id"]?.stringValue)
        // One frame of 400 views takes more than 64 KiB in JSON even with every number a 0.
        let r = client.send("GET", "/v1/sessions/\(id)/snapshots?t=0")
        #expect(r.status == 422)
        #expect(r.json?["type"] == .string("/problems/response-too-large"))
    }

    @Test func aCostlySeriesFindingEverySlotTakenIsBusy() throws {
        let gate = CostlyWorkGate(slots: 1)
        let inner = try gate.run { Result { try gate.run { 1 } } }
        guard case .failure(let error) = inner, let problem = error as? Problem else {
            Issue.record("a second costly series ran beside the first")
            return
        }
        #expect(problem.status == 503 && problem.type == .busy)
        #expect(problem.headers.contains { $0.name == "Retry-After" })
        #expect(try gate.run { 2 } == 2)  // the slot is free again
    }
}
