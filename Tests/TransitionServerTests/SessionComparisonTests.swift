import JSONCodec
import Testing
import TestSupport
@testable import TransitionCore
@testable import TransitionServer

/// A session comparison whose frames are compared as bytes first (`Application.sessionComparison`)
/// answers every body as reading every frame did, the oracle (`asBytes: false`): the same report,
/// byte for byte, or the same error. Bodies: every scene's answers, flat and as trees, with
/// settings, frames changed in one number, without a view, reordered, re-spaced as Python's
/// `json.dumps` writes them, and the hostile and mutated bodies of ComparisonBodyTests.
@Suite struct SessionComparisonTests {
    static let app = Client().app

    /// What a body answers: its report's bytes, or its error.
    static func answer(_ body: [UInt8], _ session: Session, asBytes: Bool, bounds: FrameBounds = FrameBounds()) -> String {
        do {
            let report = try app.sessionComparison(body, in: session, now: .now, bounds: bounds, asBytes: asBytes)
            return String(decoding: report.encoded, as: UTF8.self)
        } catch {
            return "\(type(of: error)): \(error)"
        }
    }

    /// The first difference between the two ways; nil when they agree.
    static func disagreement(_ body: [UInt8], _ session: Session, bounds: FrameBounds = FrameBounds()) -> String? {
        let fast = answer(body, session, asBytes: true, bounds: bounds), oracle = answer(body, session, asBytes: false, bounds: bounds)
        return fast == oracle ? nil : "as bytes: \(fast.prefix(600))\nread: \(oracle.prefix(600))"
    }

    static func session(_ scene: Int) throws -> Session {
        let (_, creation, actions) = FrameTemplateTests.scenes[scene]
        return try FrameTemplateTests.session(creation, actions)
    }

    static let times = (0..<12).map { Double($0) / 8 }

    /// The frames of a flat answer, each re-encoded alone (the same bytes: checked).
    static func frames(_ answer: [UInt8]) throws -> [JSONValue] {
        let frames = try #require(JSONParser.parse(answer, limits: JSONParser.Limits(maxValues: 10_000_000)).objectValue?["snapshots"]?.arrayValue)
        #expect(JSONWriter.encode(.object(JSONObject([("snapshots", .array(frames))]))) == answer)
        return frames
    }

    static func answer(_ frames: [JSONValue]) -> [UInt8] {
        JSONWriter.encode(.object(JSONObject([("snapshots", .array(frames))])))
    }

    /// `frame` with view `view`'s member `name` (a number) changed by `by`.
    static func moved(_ frame: JSONValue, view: Int, _ name: String, by: Double) -> JSONValue {
        var object = frame.objectValue!
        var views = object["views"]!.arrayValue!
        var members = views[view].objectValue!
        let i = members.entries.firstIndex { $0.key == name }!
        members.entries[i].value = .number(members.entries[i].value.numberValue! + by)
        views[view] = .object(members)
        let v = object.entries.firstIndex { $0.key == "views" }!
        object.entries[v].value = .array(views)
        return .object(object)
    }

    static func withoutView(_ frame: JSONValue, _ view: Int) -> JSONValue {
        var object = frame.objectValue!
        var views = object["views"]!.arrayValue!
        views.remove(at: view)
        let v = object.entries.firstIndex { $0.key == "views" }!
        object.entries[v].value = .array(views)
        return .object(object)
    }

    static let settings: [(before: String, after: String)] = [
        ("", ""),
        (#""tolerance": {"position": 2, "alpha": 0.1}, "#, #", "budget": 3"#),
        (#""properties": ["windowFrame", "alpha", "transform.tx"], "#, ""),
        ("", #", "tolerance": {"time": 0.02}"#),
        (#""properties": ["windowFrame.x"], "tolerance": {"time": 0.01, "position": 0.25}, "#, #", "budget": 1"#),
    ]

    /// Every scene's flat answer, as it is and changed, and as trees, with every setting.
    @Test(arguments: FrameTemplateTests.scenes.indices)
    func everyBodyAnswersAsReadingEveryFrame(scene: Int) throws {
        let session = try Self.session(scene)
        let flat = try ComparisonBodyTests.answer(scene: scene, times: Self.times, flat: true)
        let frames = try Self.frames(flat)
        let last = frames.count - 1
        var perturbed = frames
        perturbed[3] = Self.moved(frames[3], view: 1, "alpha", by: -0.5)
        perturbed[7] = Self.moved(frames[7], view: 2, "alpha", by: 1e-9)
        var small = frames
        small[5] = Self.moved(frames[5], view: 0, "alpha", by: -1e-3)
        var dropped = frames
        dropped[2] = Self.withoutView(frames[2], 1)
        var reordered = frames
        reordered.swapAt(0, last)
        var bodies: [(String, [UInt8])] = [("as answered", flat), ("one number moved in two frames", Self.answer(perturbed)),
                                          ("within tolerance", Self.answer(small)), ("a view left out", Self.answer(dropped)),
                                          ("reordered", Self.answer(reordered)), ("re-spaced", pythonSpaced(flat)),
                                          ("as trees", try ComparisonBodyTests.answer(scene: scene, times: Self.times, flat: false)),
                                          ("three frames", Self.answer(Array(frames[4...6])))]
        bodies.append(("repeated times", Self.answer(frames + frames)))
        for (label, expected) in bodies {
            for (before, after) in Self.settings {
                let body = ComparisonBodyTests.body(expected, before: before, after: after)
                let disagreement = Self.disagreement(body, session)
                #expect(disagreement == nil, "scene \(scene), \(label), \(before)\(after): \(disagreement ?? "")")
            }
        }
    }

    /// The frames `/snapshots?flat=true` answers are the service's frames as a comparison writes
    /// them, so each is taken as bytes: every frame of every scene; a re-spaced body is read as
    /// it always was, with no outline.
    @Test(arguments: FrameTemplateTests.scenes.indices)
    func theServicesOwnFramesAreTakenAsBytes(scene: Int) throws {
        let session = try Self.session(scene)
        let flat = try ComparisonBodyTests.answer(scene: scene, times: Self.times, flat: true)
        let body = ComparisonBodyTests.body(flat)
        let outline = try #require(body.withUnsafeBufferPointer { ComparisonOutline.read($0, limits: ComparisonBodyTests.limits) })
        #expect(outline.frames.count == Self.times.count)
        var same = 0
        try SeriesWriter.forEachFlatFrame(session.read(now: .now), at: Self.times) { i, written in
            let frame = outline.frames[i]
            if frame.plain, Array(written) == Array(body[frame.bytes]) { same += 1 }
        }
        #expect(same == Self.times.count)
        for (before, after) in Self.settings {
            let body = ComparisonBodyTests.body(flat, before: before, after: after)
            #expect(try Self.app.compareAsBytes(body, in: session, now: .now, bounds: FrameBounds()) != nil, "\(before)\(after)")
            #expect(try Self.app.compareAsBytes(ComparisonBodyTests.body(pythonSpaced(flat), before: before, after: after), in: session, now: .now,
                                            bounds: FrameBounds()) == nil, "re-spaced \(before)\(after)")
        }
        let oracle = try Self.app.sessionComparison(body, in: session, now: .now, asBytes: false)
        #expect(outline.frames.map(\.leaves).reduce(0, +) == oracle.values)
        #expect(outline.frames.map(\.views).reduce(0, +) == oracle.views)
    }

    /// A view holding `null` where a number stands (what the service writes for NaN or ±∞, which
    /// no reader takes) is never taken as equal, whatever the service writes; `null` in
    /// `viewController` and `parent` is a name.
    @Test func aNullValueIsNotTakenAsEqual() throws {
        func plain(_ view: String) throws -> Bool {
            let body = Array(#"{"expected": {"snapshots": [{"time":0, "views": [\#(view)]}]}}"#.utf8)
            return try #require(body.withUnsafeBufferPointer { ComparisonOutline.read($0, limits: ComparisonBodyTests.limits) }).frames[0].plain
        }
        #expect(try plain(#"{"id": "window", "viewController": null, "path": "", "alpha": 1, "parent": null}"#))
        #expect(try !plain(#"{"id": "window", "alpha": null, "parent": null}"#))
        #expect(try !plain(#"{"id": "window", "frame": {"x": null, "y": 0}, "parent": null}"#))
        #expect(try !plain(#"{"id": "window", "transform3D": [1, null], "parent": null}"#))
        #expect(try !plain(#"{"id": null, "parent": null}"#))
    }

    /// A window of `labels` labels under a navigation controller, pushed at 2 s.
    static func crowd(_ labels: Int) throws -> Session {
        let children = (0..<labels).map { #"{"id": "l\#($0)", "kind": "label", "text": "\#($0)", "frame": {"x": 0, "y": \#($0), "width": 100, "height": 20}}"# }
        let creation = #"""
        {"screen": {"width": 320, "height": 568, "scale": 2}, "clock": "virtual", "root": {"type": "navigation", "id": "nav", "viewControllers": [
         {"id": "list", "view": {"id": "root", "kind": "view", "children": [\#(children.joined(separator: ", "))]}}]}}
        """#
        return try FrameTemplateTests.session(creation, [#"{"type": "push", "at": 2, "viewController": {"id": "next"}}"#])
    }

    /// Refused before any frame is read (the work budget, the history, the settings): the same
    /// answer, and the body's own error first when it has one the outline does not see (a
    /// repeated name in a view).
    @Test func refusalsAnswerAlike() throws {
        let session = try Self.crowd(80)
        let times = (0..<200).map { Double($0) / 200 }
        let flat = try Self.frames(try Self.answer(session, times))
        // 240 frames of 130 labels weigh more than the budget, given with two views a frame.
        let crowd = try Self.crowd(130)
        let few = try Self.frames(try Self.answer(crowd, (0..<240).map { Double($0) / 240 })).map { Self.keeping(2, of: $0) }
        var fewRepeated = few
        fewRepeated[100] = Self.repeating("alpha", .number(1), in: few[100], view: 1)
        var repeated = flat
        repeated[150] = Self.repeating("alpha", .number(1), in: flat[150], view: 3)
        let small = try Self.session(0)
        let smallFlat = try ComparisonBodyTests.answer(scene: 0, times: Self.times, flat: true)
        var smallRepeated = try Self.frames(smallFlat)
        smallRepeated[4] = Self.repeating("hidden", .bool(true), in: smallRepeated[4], view: 1)
        let cases: [(String, Session, [UInt8])] = [
            ("over the value limit", session, ComparisonBodyTests.body(Self.answer(flat))),
            ("over the value limit, a name repeated", session, ComparisonBodyTests.body(Self.answer(repeated))),
            ("over the work budget", crowd, ComparisonBodyTests.body(Self.answer(few))),
            ("over the work budget, a name repeated", crowd, ComparisonBodyTests.body(Self.answer(fewRepeated))),
            ("a negative tolerance", small, ComparisonBodyTests.body(smallFlat, after: #", "tolerance": {"position": -1}"#)),
            ("an unknown setting", small, ComparisonBodyTests.body(smallFlat, after: #", "colour": 1"#)),
            ("an unknown property", small, ComparisonBodyTests.body(smallFlat, before: #""properties": ["colour"], "#)),
            ("a negative tolerance, a name repeated", small, ComparisonBodyTests.body(Self.answer(smallRepeated), after: #", "tolerance": {"position": -1}"#)),
            ("a name repeated", small, ComparisonBodyTests.body(Self.answer(smallRepeated))),
        ]
        for (label, session, body) in cases {
            let disagreement = Self.disagreement(body, session)
            #expect(disagreement == nil, "\(label): \(disagreement ?? "")")
        }
        #expect(Self.answer(ComparisonBodyTests.body(Self.answer(few)), crowd, asBytes: true).contains("workBudgetExceeded"))
        #expect(Self.answer(ComparisonBodyTests.body(Self.answer(fewRepeated)), crowd, asBytes: true).contains("duplicate"))
    }

    /// `frame` with view `view`'s member `name` given again, as `value` (a repeated name).
    static func repeating(_ name: String, _ value: JSONValue, in frame: JSONValue, view: Int) -> JSONValue {
        var object = frame.objectValue!
        let v = object.entries.firstIndex { $0.key == "views" }!
        var views = object.entries[v].value.arrayValue!
        var members = views[view].objectValue!
        members.entries.append((name, value))
        views[view] = .object(members)
        object.entries[v].value = .array(views)
        return .object(object)
    }

    /// `frame` with its first `count` views.
    static func keeping(_ count: Int, of frame: JSONValue) -> JSONValue {
        var object = frame.objectValue!
        let v = object.entries.firstIndex { $0.key == "views" }!
        object.entries[v].value = .array(Array(object.entries[v].value.arrayValue!.prefix(count)))
        return .object(object)
    }

    static func answer(_ session: Session, _ times: [Double]) throws -> [UInt8] {
        var encoder = ResponseEncoder(flat: true)
        _ = encoder.snapshotSeries(try session.history(now: .now).snapshots(at: times), limit: .max)
        return encoder.writer.bytes
    }

    /// The bounds of a comparison (frames, views a frame, values) under and at their limits.
    @Test func theBoundsAnswerAlike() throws {
        let session = try Self.session(0)
        let body = ComparisonBodyTests.body(try ComparisonBodyTests.answer(scene: 0, times: [0, 0.3, 0.6], flat: true))
        for bounds in [FrameBounds(frames: 2), FrameBounds(frames: 3), FrameBounds(viewsPerFrame: 5), FrameBounds(values: 100),
                       FrameBounds(values: 1_000_000)] {
            let disagreement = Self.disagreement(body, session, bounds: bounds)
            #expect(disagreement == nil, "\(bounds): \(disagreement ?? "")")
        }
    }

    /// Hostile bodies, and valid ones changed a byte at a time: the same error or report.
    @Test func hostileAndMutatedBodiesAnswerAlike() throws {
        let session = try Self.session(8)
        for text in ComparisonBodyTests.hostile {
            let disagreement = Self.disagreement(Array(text.utf8), session)
            #expect(disagreement == nil, "\(text): \(disagreement ?? "")")
        }
        let source = ComparisonBodyTests.body(try ComparisonBodyTests.answer(scene: 8, times: [0.2, 0.4], flat: true))
        var random = SplitMix64(seed: 46)
        for round in 0..<1_000 {
            let body = ComparisonBodyTests.mutant(of: source, &random)
            let disagreement = Self.disagreement(body, session)
            #expect(disagreement == nil, "round \(round): \(disagreement ?? "") in \(String(decoding: body, as: UTF8.self).prefix(300))")
        }
    }
}
