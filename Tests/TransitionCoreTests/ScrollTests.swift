import JSONCodec
import Testing
@testable import TransitionCore

/// The `scroll` action: a scroll view's content offset is its bounds' origin, so what it holds
/// moves on screen by the opposite amount (docs/semantics.md § Scrolling).
@Suite struct ScrollTests {
    func cell(_ w: World, at t: Double) throws -> Rect {
        try #require(w.shot(t).root.find("things", "cell-3")).windowFrame
    }

    @Test func scrollingMovesEverySubviewByMinusTheOffset() throws {
        var w = try thingsScene()
        let before = try cell(w, at: 0)
        let label = try #require(w.shot(0).root.find("things", "cell-3/label")).windowFrame
        try w.apply(try action(#"{"type": "scroll", "view": "", "contentOffset": {"x": 10, "y": 240}, "animated": false}"#))
        #expect(try cell(w, at: 0) == before.offsetBy(dx: -10, dy: -240))
        #expect(try #require(w.shot(0).root.find("things", "cell-3/label")).windowFrame == label.offsetBy(dx: -10, dy: -240))
        // The scroll view itself stays where it is; its bounds say what it shows.
        let root = try #require(w.shot(0).root.find("things", ""))
        #expect(root.bounds.origin == Point(x: 10, y: 240) && root.frame.origin == .zero)
        // Scrolling back restores every frame exactly.
        try w.apply(try action(#"{"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": 0}}"#))
        #expect(try cell(w, at: 0) == before)
    }

    /// An app scrolls the grid under a detail page to keep the cell it shows in view: the covered
    /// controller's views scroll too, and show so once it is back.
    @Test func aControllerOffScreenScrolls() throws {
        var w = try thingsScene()
        let before = try cell(w, at: 0)
        try w.apply(try action(detailPush))
        w.advance(to: 1)
        try w.apply(try action(#"{"type": "scroll", "viewController": "things", "view": "", "contentOffset": {"x": 0, "y": 60}, "animated": false}"#))
        try w.apply(try action(#"{"type": "pop", "animated": false}"#))
        #expect(try cell(w, at: 1) == before.offsetBy(dx: 0, dy: -60))
    }

    /// A scroll while a transition resizes the scroll view: the offset is a model value set at
    /// once, and the frame animation moves no origin (UIKit's animations are additive), so the
    /// scrolled content shows from the instant of the scroll, not when the transition ends.
    @Test func aScrollDuringAFrameAnimationShowsAtOnce() throws {
        var w = try World(scene: SceneSpec.decode(json(#"{"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "list"}]}}"#), limits: SceneLimits()))
        try w.apply(try action(#"""
        {"type": "push", "viewController": {"id": "detail", "view": {"id": "root", "kind": "table", "children": [{"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": 320, "height": 44}}]}},
         "animator": {"spec": {"duration": 1, "setup": [{"set": "to", "frame": {"x": 60, "y": 100, "width": 200, "height": 300}}, {"add": "to"}],
           "animations": [{"duration": 1, "curve": "linear", "changes": [{"view": "to", "frame": "final"}], "completion": [{"completeTransition": true}]}]}}}
        """#))
        try w.apply(try action(#"{"type": "scroll", "at": 0.5, "viewController": "detail", "view": "", "contentOffset": {"x": 5, "y": 100}}"#))
        for t in [0.5, 0.75, 0.99] {
            // Linear from (60, 100, 200 × 300) to the screen (0, 0, 320 × 568).
            let frame = Rect(x: 60 * (1 - t), y: 100 * (1 - t), width: 200 + 120 * t, height: 300 + 268 * t)
            let table = try #require(w.shot(t).root.find("detail", ""))
            #expect(abs(table.windowFrame.minY - frame.minY) < 1e-9 && abs(table.bounds.height - frame.height) < 1e-9, "the frame still animates at \(t)")
            #expect(table.bounds.origin == Point(x: 5, y: 100), "the offset shows at \(t)")
            let row = try #require(w.shot(t).root.find("detail", "row")).windowFrame
            #expect(abs(row.minX - (frame.minX - 5)) < 1e-9 && abs(row.minY - (frame.minY - 100)) < 1e-9, "the row moved by minus the offset at \(t)")
        }
        #expect(try #require(w.shot(2).root.find("detail", "row")).windowFrame == Rect(x: -5, y: -100, width: 320, height: 44))
    }

    @Test(arguments: [
        (#"{"type": "scroll", "view": "cell-3/label", "contentOffset": {"x": 0, "y": 1}}"#, "/view"),
        (#"{"type": "scroll", "view": "cell-9", "contentOffset": {"x": 0, "y": 1}}"#, "/view"),
        (#"{"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": 1}, "animated": true}"#, "/animated"),
        (#"{"type": "scroll", "view": "", "contentOffset": {"x": "0", "y": 1}}"#, "/contentOffset/x"),
        (#"{"type": "scroll", "view": "", "contentOffset": {"x": 0}}"#, "/contentOffset/y"),
        (#"{"type": "scroll", "view": ""}"#, "/contentOffset"),
        (#"{"type": "scroll", "contentOffset": {"x": 0, "y": 1}}"#, "/view"),
    ])
    func badInputIsRefusedAtItsMember(text: String, pointer: String) throws {
        var w = try thingsScene()
        let error = #expect(throws: SimulationError.self) { try w.apply(try action(text)) }
        #expect(error?.pointer == pointer, "\(text): \(String(describing: error))")
    }

    @Test func anUnknownControllerIsAConflict() throws {
        var w = try thingsScene()
        let error = #expect(throws: SimulationError.self) {
            try w.apply(try action(#"{"type": "scroll", "viewController": "nobody", "view": "", "contentOffset": {"x": 0, "y": 1}}"#))
        }
        guard case .conflict(let type, let extras)? = error?.kind else { Issue.record("not a conflict: \(String(describing: error))"); return }
        #expect(type == .unknownController && extras.first?.value == .string("/viewController"))
    }
}
