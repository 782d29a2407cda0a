import JSONCodec
import Testing
import TestSupport
@testable import TransitionCore
@testable import TransitionServer

/// A snapshot written by a frame template is the full encoder's, byte for byte
/// (docs/performance.md § Templates): sessions with every kind of motion (catalogue animators,
/// a zoom, sheets, a large title, custom animators turning in 3D and clipping, an interactive pop
/// that pauses, an animated zPosition a template refuses) asked at many times in a shuffled order,
/// nested, flat and rounded, each answer compared with the frame encoded in full.
@Suite struct FrameTemplateTests {
    static let detail = #"{"id": "detail", "title": "Detail", "view": {"id": "root", "kind": "view", "children": [{"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 20, "y": 84, "width": 280, "height": 280}}]}}"#

    static let things = thingsScene(screen: "")
    /// The same on an iOS 17 screen (sheet detents).
    static let things17 = thingsScene(screen: #", "iOS": 17"#)

    static func thingsScene(screen: String) -> String { #"""
    {"screen": {"width": 320, "height": 568, "scale": 2\#(screen)}, "clock": "virtual", "root": {"type": "navigation", "id": "nav", "viewControllers": [
     {"id": "things", "title": "Things", "view": {"id": "root", "kind": "collection", "children": [
      {"id": "cell-3", "kind": "cell", "frame": {"x": 110, "y": 80, "width": 100, "height": 120}, "children": [
       {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}},
       {"id": "label", "kind": "label", "text": "Thing \"3\" é", "frame": {"x": 0, "y": 100, "width": 100, "height": 20}}]},
      {"id": "box", "frame": {"x": 10, "y": 300, "width": 100, "height": 100}, "clipsToBounds": true, "cornerRadius": 8, "children": [
       {"id": "inner", "frame": {"x": 50, "y": 50, "width": 100, "height": 100}}]}]}}]}}
    """#
    }

    static let settings = #"""
    {"screen": {"width": 320, "height": 568, "scale": 2, "iOS": 17}, "root": {"type": "navigation", "id": "nav", "prefersLargeTitles": true, "viewControllers": [
     {"id": "things", "title": "Settings", "view": {"id": "root", "kind": "scrollView", "children": [
      {"id": "row", "kind": "label", "text": "Wi-Fi", "frame": {"x": 16, "y": 116, "width": 288, "height": 44}}]}}]}}
    """#

    static let cardFlip = #"""
    {"spec": {"duration": 0.5, "setup": [{"add": "to"},
      {"set": "to", "frame": "final", "isDoubleSided": false, "transform3D": [{"rotate3d": ["-pi", 0, 1, 0]}]},
      {"set": "from", "isDoubleSided": false}],
     "animations": [{"duration": "duration", "curve": "linear", "changes": [
      {"view": "from", "transform3D": [{"rotate3d": ["pi", 0, 1, 0]}]},
      {"view": "to", "transform3D": "identity", "cornerRadius": 20}],
      "completion": [{"completeTransition": "!cancelled"}]}]}}
    """#

    static let zLift = #"""
    {"spec": {"duration": 0.4, "setup": [{"add": "to"}],
     "animations": [{"duration": "duration", "changes": [{"view": "from", "zPosition": 5, "alpha": 0.5}],
      "completion": [{"completeTransition": "!cancelled"}]}]}}
    """#

    /// Never calls completeTransition: every read from 0.4 s of τ on diagnoses it at its own
    /// time, after the one animation ended and left nothing moving.
    static let stuck = #"""
    {"spec": {"duration": 0.4, "setup": [{"add": "to"}],
     "animations": [{"duration": 0.1, "changes": [{"view": "to", "alpha": 0.5}]}]}}
    """#

    /// Each scene: its creation body and its actions, one request each.
    static let scenes: [(name: String, creation: String, actions: [String])] = {
        var scenes: [(String, String, [String])] = []
        for animator in ["default", "fade", "crossDissolve", "flipFromLeft", "flipFromRight", "curlUp", "curlDown", "slide"] {
            scenes.append(("push \(animator)", things, [#"{"type": "push", "at": 0.1, "viewController": \#(detail), "animator": "\#(animator)"}"#,
                                                        #"{"type": "pop", "at": 1.2}"#]))
        }
        scenes.append(("zoom", things, [#"{"type": "push", "at": 0.05, "viewController": {"id": "detail", "title": "Detail", "view": {"id": "root", "kind": "view", "children": [{"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 20, "y": 84, "width": 280, "height": 280}}]}, "popAnimator": {"name": "zoom", "sourceView": "image", "targetView": "cell-3/image"}}, "animator": {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}}"#,
                                        #"{"type": "pop", "at": 1.1}"#]))
        scenes.append(("sheet", things17, [#"{"type": "present", "at": 0.1, "viewController": {"id": "s", "sheet": {"detents": ["medium", "large"], "largestUndimmedDetent": "medium"}}}"#,
                                         #"{"type": "dismiss", "at": 1.3}"#]))
        scenes.append(("cover", things, [#"{"type": "present", "viewController": {"id": "sheet"}}"#]))
        scenes.append(("side panel", things, [#"{"type": "present", "at": 0.2, "viewController": {"id": "prefs", "modalPresentationStyle": "custom", "presentAnimator": "sidePanel", "dismissAnimator": "sidePanel"}}"#,
                                              #"{"type": "dismiss", "at": 1.4}"#]))
        scenes.append(("overlay", things, [#"[{"type": "present", "modalPresentationStyle": "custom", "animator": "overlay", "viewController": {"id": "toast"}}, {"type": "dismiss", "at": 1, "animator": "overlay"}]"#]))
        scenes.append(("large title", settings, [#"{"type": "push", "at": 0.1, "viewController": {"id": "wifi", "title": "Wi-Fi", "view": {"id": "root", "kind": "table"}}}"#,
                                                 #"{"type": "pop", "at": 1.0}"#]))
        scenes.append(("interactive pop", things, [#"{"type": "push", "animated": false, "viewController": \#(detail)}"#,
                                                   #"{"type": "pop", "interactive": true, "at": 0.1}"#, #"{"type": "update", "percent": 0.4, "at": 0.3}"#,
                                                   #"{"type": "finish", "at": 0.8}"#]))
        scenes.append(("paused pop", things, [#"{"type": "push", "animated": false, "viewController": \#(detail)}"#,
                                              #"{"type": "pop", "interactive": true, "at": 0.1}"#, #"{"type": "update", "percent": 0.3, "at": 0.2}"#]))
        scenes.append(("card flip", things, [#"{"type": "push", "at": 0.1, "viewController": \#(detail), "animator": \#(cardFlip)}"#]))
        scenes.append(("stuck", things, [#"{"type": "push", "at": 0.1, "viewController": \#(detail), "animator": \#(stuck)}"#]))
        scenes.append(("edge pan", things, [#"{"type": "push", "animated": false, "viewController": \#(detail)}"#,
                                            #"[{"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 0.1, "translation": {"x": 0, "y": 0}}, {"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": 0.3, "translation": {"x": 96, "y": 0}}, {"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": 0.6, "translation": {"x": 200, "y": 0}, "velocity": {"x": 300, "y": 0}}]"#]))
        scenes.append(("zPosition", things, [#"{"type": "push", "at": 0.1, "viewController": \#(detail), "animator": \#(zLift)}"#]))
        return scenes
    }()

    static func session(_ creation: String, _ actions: [String]) throws -> Session {
        let limits = SceneLimits()
        let now = ContinuousClock.now
        let session = try Session.make(id: "s", creation: JSONParser.parse(Array(creation.utf8)), at: "", changes: [], changesAt: "", pinned: false,
                                       in: Session.Environment(limits: limits, memory: MemoryBudget(limit: 1 << 30), journal: nil, ttl: 600),
                                       now: now)
        for text in actions {
            let json = try JSONParser.parse(Array(text.utf8))
            let list = json.arrayValue ?? [json]
            let logged = try list.map { item in Session.LoggedAction(action: try Action.decode(item, at: "", limits: limits), json: JSONWriter.encode(item)) }
            _ = try session.apply(logged, now: now)
        }
        return session
    }

    @Test(arguments: scenes.indices)
    func aTemplateWritesTheFullEncodersBytes(scene: Int) throws {
        let (name, creation, actions) = Self.scenes[scene]
        let session = try Self.session(creation, actions)
        let now = ContinuousClock.now
        var random = SplitMix64(seed: UInt64(scene) &+ 33)
        // Instants on the transitions' edges and between them, each asked twice, in a shuffled order.
        var times: [Double] = [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.6, 0.8, 1, 1.1, 1.2, 1.3, 1.4, 2, 3]
        for _ in 0..<60 { times.append(Double(random.next() % 3_000_000) / 1_000_000) }
        times += times
        times.shuffle(using: &random)
        var hits = 0
        for (k, t) in times.enumerated() {
            let (flat, precision): (Bool, Int?) = [(false, nil), (true, nil), (false, 2), (true, 15)][k % 4]
            var expected = ResponseEncoder(precision: precision, flat: flat)
            expected.snapshot(try session.history(now: now).snapshots(at: [t])[0])
            let before = session.templateCount
            var answer = ResponseEncoder(precision: precision, flat: flat)
            try session.writeSnapshot(at: t, now: now, into: &answer)
            if session.templateCount == before, before > 0 { hits += 1 }
            let same = answer.writer.bytes == expected.writer.bytes
            #expect(same, "\(name) at t = \(t), flat \(flat), precision \(String(describing: precision))")
        }
        if name != "zPosition" { #expect(hits > 0, "\(name): no template was used") }
    }

    /// A batch (`/snapshots`) written frame by frame, by the templates it makes and those kept
    /// from before, is the series encoded in full; asked twice, the second from kept templates.
    @Test(arguments: scenes.indices)
    func aBatchWritesTheFullEncodersBytes(scene: Int) throws {
        let (name, creation, actions) = Self.scenes[scene]
        let session = try Self.session(creation, actions)
        let now = ContinuousClock.now
        let times = (0..<75).map { Double($0) / 30 }
        for (flat, precision) in [(false, nil), (true, nil), (true, 3), (false, nil)] as [(Bool, Int?)] {
            var expected = ResponseEncoder(precision: precision, flat: flat)
            #expect(expected.snapshotSeries(try session.history(now: now).snapshots(at: times), limit: .max))
            var answer = ResponseEncoder(precision: precision, flat: flat)
            answer.writer.beginObject()
            answer.writer.key("snapshots")
            answer.writer.beginArray()
            #expect(try SeriesWriter.writeFrames(session.read(now: now), at: times, into: &answer, limit: .max))
            answer.writer.endArray()
            answer.writer.endObject()
            let same = answer.writer.bytes == expected.writer.bytes
            #expect(same, "\(name), flat \(flat), precision \(String(describing: precision))")
        }
    }

    /// A wall-clock session's current state moves on with real time between reads: each read's
    /// template is of the state it caught up to, and every answer is the full encoder's.
    @Test func aWallClockSessionWritesTheFullEncodersBytes() throws {
        let creation = Self.thingsScene(screen: "").replacing(#""clock": "virtual""#, with: #""clock": "wall""#)
        let session = try Self.session(creation, [#"{"type": "push", "viewController": \#(Self.detail)}"#])
        let start = ContinuousClock.now
        var hits = 0
        for k in 0..<40 {
            let now = start + .milliseconds(25 * k)
            let t = session.current(now: now).now + Double(k % 5) / 100
            var expected = ResponseEncoder(flat: k % 2 == 0)
            expected.snapshot(try session.history(now: now).snapshots(at: [t])[0])
            let before = session.templateCount
            var answer = ResponseEncoder(flat: k % 2 == 0)
            try session.writeSnapshot(at: t, now: now, into: &answer)
            if session.templateCount == before, before > 0 { hits += 1 }
            let same = answer.writer.bytes == expected.writer.bytes
            #expect(same, "t = \(t)")
        }
        #expect(hits > 0)
    }

    /// A transition that never completes is diagnosed by every read at that read's own time, with
    /// nothing left moving: a template made before or after the diagnosis writes the transition
    /// of a later frame in full, and a template made before it still writes the frames before.
    @Test func aStuckTransitionIsDiagnosedAtEachReadsTime() throws {
        let session = try Self.session(Self.things, [#"{"type": "push", "at": 0.1, "viewController": \#(Self.detail), "animator": \#(Self.stuck)}"#])
        let now = ContinuousClock.now
        for t in [0.3, 0.35, 0.6, 0.7, 1] {
            var answer = ResponseEncoder(), expected = ResponseEncoder()
            try session.writeSnapshot(at: t, now: now, into: &answer)
            expected.snapshot(try session.history(now: now).snapshots(at: [t])[0])
            let same = answer.writer.bytes == expected.writer.bytes
            #expect(same, "t = \(t)")
        }
        #expect(session.templateCount > 0)
    }

    /// Frames of a batch spliced after another: the comma between them is the writer's.
    @Test func aTemplateWritesAfterAnotherValue() throws {
        let session = try Self.session(Self.things, [#"{"type": "push", "at": 0.1, "viewController": \#(Self.detail)}"#])
        let now = ContinuousClock.now
        var first = ResponseEncoder()
        try session.writeSnapshot(at: 0.3, now: now, into: &first)
        #expect(session.templateCount == 1)
        var answer = ResponseEncoder(), expected = ResponseEncoder()
        for encoder in [0, 1] {
            if encoder == 0 {
                answer.writer.beginArray(); answer.writer.integer(7)
                try session.writeSnapshot(at: 0.35, now: now, into: &answer)
                answer.writer.endArray()
            } else {
                expected.writer.beginArray(); expected.writer.integer(7)
                expected.snapshot(try session.history(now: now).snapshots(at: [0.35])[0])
                expected.writer.endArray()
            }
        }
        let same = answer.writer.bytes == expected.writer.bytes
        #expect(same)
    }

    /// A later frame keeps the made frame's bytes for each carried view's slot whose values did
    /// not move: a slide moves only `windowFrame.x` (the rest of the rect is kept), a fade moves no
    /// carried view (every slot is kept); either way the bytes are the full encoder's.
    @Test(arguments: [("default", false), ("fade", true)])
    func aTemplateKeepsTheBytesOfValuesThatDidNotMove(animator: String, still: Bool) throws {
        let session = try Self.session(Self.things, [#"{"type": "push", "at": 0.1, "viewController": \#(Self.detail), "animator": "\#(animator)"}"#])
        var worlds: [World] = []
        try session.read(now: ContinuousClock.now).history.forEachWorld(at: [0.2, 0.3]) { _, world in worlds.append(world) }
        let template = try #require(FrameTemplate.make(worlds[0]))
        let carried = template.moving.animatedEntries.filter { !$0 }.count
        #expect(carried > 0)
        for flat in [false, true] {
            let template = try #require(FrameTemplate.make(worlds[0], flat: flat))
            var expected = ResponseEncoder(flat: flat)
            expected.snapshot(worlds[1].snapshot(at: worlds[1].now))
            var answer = ResponseEncoder(flat: flat)
            let (kept, keptButX) = template.write(worlds[1], into: &answer)
            let same = answer.writer.bytes == expected.writer.bytes
            #expect(same, "\(animator), flat \(flat)")
            // Each carried view: its windowFrame kept whole (fade) or but x (slide), and its clip
            // kept (in the slide, but for the views the screen's edge clips differently).
            #expect(still ? (kept == 2 * carried && keptButX == 0) : (keptButX == carried && kept > 0 && kept <= carried), "\(kept) \(keptButX) of \(carried)")
            // Written afresh throughout, the same bytes.
            var fresh = ResponseEncoder(flat: flat)
            #expect(template.write(worlds[1], into: &fresh, reusing: false) == (0, 0))
            #expect(fresh.writer.bytes == expected.writer.bytes)
        }
    }

    /// A read past a completion keeps the world that ran it (`SettledWorlds`): the reads after it
    /// start from that world, so they run the completion no more and share its views, and the
    /// template the first made holds for them; every answer is the world advanced in one go.
    @Test func readsPastACompletionStartFromTheWorldThatRanIt() throws {
        let session = try Self.session(Self.things, [#"{"type": "push", "at": 0.1, "viewController": \#(Self.detail)}"#])
        let now = ContinuousClock.now
        for (k, t) in [0.9, 0.95, 1.5, 0.9].enumerated() {
            var world = session.current(now: now)
            world.advance(to: t)
            var expected = ResponseEncoder()
            expected.snapshot(world.snapshot(at: t))
            var answer = ResponseEncoder()
            try session.writeSnapshot(at: t, now: now, into: &answer)
            let same = answer.writer.bytes == expected.writer.bytes
            #expect(same, "t = \(t)")
            // The first read ran the push's completion and made the template; the others used both.
            #expect(session.templateCount == 1 && session.settledWorldsAdded == 1, "t = \(t)")
            if k == 0 { #expect(world.animations.taken > session.current(now: now).animations.taken) }
        }
    }

    /// A change drops the templates and gives their bytes back to the budget.
    @Test func aChangeDropsTheTemplates() throws {
        let session = try Self.session(Self.things, [#"{"type": "push", "at": 0.1, "viewController": \#(Self.detail)}"#])
        let now = ContinuousClock.now
        let bytes = session.estimatedBytes
        var encoder = ResponseEncoder()
        try session.writeSnapshot(at: 0.3, now: now, into: &encoder)
        #expect(session.templateCount == 1 && session.estimatedBytes > bytes + encoder.writer.count)
        _ = try session.advance(to: { _ in 2 }, now: now)
        #expect(session.templateCount == 0)
    }
}

extension Session {
    /// The snapshot at `t` written as `GET …/snapshot` writes it (by the session's templates), as
    /// `encoder.snapshot(history(now: now).snapshots(at: [t])[0])` would write it in full.
    func writeSnapshot(at t: Double, now: ContinuousClock.Instant, into encoder: inout ResponseEncoder) throws {
        _ = try SeriesWriter.writeFrames(read(now: now), at: [t], into: &encoder, limit: .max)
    }
}

extension Session {
    /// Frame templates the session keeps of its current state.
    var templateCount: Int { state.withLock { $0.cache.templates.count } }
    /// Worlds reads of its current state kept after running its completions.
    var settledWorldsAdded: Int { state.withLock { $0.cache.settled.added } }
}
