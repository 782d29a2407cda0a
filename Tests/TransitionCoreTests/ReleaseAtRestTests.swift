import JSONCodec
import Testing
@testable import TransitionCore

/// A gesture released where its transition started (0 %) leaves every view where it was in every
/// later frame, and the transition ends cancelled at once with UIKit's cancelled sequence of
/// callbacks (issue 30, item 1; docs/semantics.md § Interactive transitions). Before, the
/// timeline took "back to 0 from 0" for a finish and ran the animations forward.
@Suite struct ReleaseAtRestTests {
    /// Every view's place and look in the snapshot at `t`, by its id.
    func looks(_ world: World, at t: Double) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ node: SnapshotNode) {
            result[node.id] = "\(node.windowFrame) \(node.transform) \(node.alpha) \(node.hidden)"
            node.children.forEach(walk)
        }
        walk(world.shot(t).root)
        return result
    }

    /// The frames after the release at `released` are those at the release, for a second.
    func expectNothingMoves(_ world: World, released: Double) {
        let atRelease = looks(world, at: released)
        for step in 1...20 {
            let t = released + Double(step) * 0.05
            #expect(looks(world, at: t) == atRelease, "something moved at \(t)")
        }
    }

    /// The cancelled transition ended at the release instant with completeTransition(false).
    func expectCancelledAt(_ released: World, _ t: Double, after seq: Int) throws {
        var world = released
        world.advance(to: t)
        let cancel = try #require(world.events.first { $0.seq > seq && $0.type == .cancelInteractiveTransition })
        let complete = try #require(world.events.first { $0.seq > seq && $0.type == .completeTransition })
        #expect(cancel.time == t && complete.time == t && cancel.seq < complete.seq)
        #expect(complete.arguments.first { $0.key == "didComplete" }?.value == .bool(false))
        #expect(world.shot(t).transition?.phase == .cancelled)
    }

    func pushed() throws -> World {
        var world = try thingsScene()
        try world.apply(try action(detailPush))
        world.advance(to: 1)
        return world
    }

    func sample(_ world: inout World, _ recognizer: String, _ phase: String, _ t: Double, x: Double = 0, y: Double = 0) throws {
        try world.apply(try action(#"{"type": "gesture", "recognizer": "\#(recognizer)", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(x), "y": \#(y)}}"#))
    }

    @Test func aBackSwipeDraggedAndBroughtBackToTheEdge() throws {
        var world = try pushed()
        let seq = world.events.nextSeq - 1
        try sample(&world, "edgePan", "began", 2)
        try sample(&world, "edgePan", "changed", 2.05, x: 300)
        try sample(&world, "edgePan", "changed", 2.1, x: 0)
        try sample(&world, "edgePan", "ended", 2.15)
        #expect(world.gesture?.decision == .cancel)
        try expectCancelledAt(world, 2.15, after: seq)
        expectNothingMoves(world, released: 2.15)
        world.advance(to: 2.15)
        #expect(world.controllers["nav"]!.children == ["things", "detail"])
        // UIKit's cancelled pop: the revealed controller disappears again, the top appears again.
        #expect(Array(world.eventNames(after: seq).suffix(4)) == [
            "viewWillDisappear:things", "viewDidDisappear:things", "viewWillAppear:detail", "viewDidAppear:detail",
        ])
    }

    @Test func anEdgePanThatBeganAndEndedAtTheEdge() throws {
        var world = try pushed()
        let seq = world.events.nextSeq - 1
        try sample(&world, "edgePan", "began", 2)
        try sample(&world, "edgePan", "ended", 2.1)
        try expectCancelledAt(world, 2.1, after: seq)
        expectNothingMoves(world, released: 2.1)
    }

    @Test func anInteractivePopCancelledAtZeroPercent() throws {
        var world = try pushed()
        let seq = world.events.nextSeq - 1
        try world.apply(try action(#"{"type": "pop", "interactive": true, "at": 2}"#))
        try world.apply(try action(#"{"type": "cancel", "at": 2.1}"#))
        try expectCancelledAt(world, 2.1, after: seq)
        expectNothingMoves(world, released: 2.1)
    }

    @Test func aSheetStretchedUpwardAndReleased() throws {
        var world = try World(scene: try SceneSpec.decode(json("""
        {"screen": {"width": 800, "height": 600, "scale": 1, "iOS": 17},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a"}]}}
        """), limits: SceneLimits())).presenting()
        world.advance(to: 1)
        let seq = world.events.nextSeq - 1
        try sample(&world, "pan", "began", 1)
        try sample(&world, "pan", "changed", 1.1, y: -40)
        try sample(&world, "pan", "ended", 1.2, y: -40)
        try expectCancelledAt(world, 1.2, after: seq)
        // The stretch springs back over 180 ms; after that nothing moves, and the card rests
        // where it rested before the pull.
        expectNothingMoves(world, released: 1.4)
        #expect(try #require(world.shot(1.4).root.find("s", "")).windowFrame.minY == 0.08 * 600)
    }
}
