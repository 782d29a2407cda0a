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
        #expect(type == "unknown-controller" && extras.first?.value == .string("/viewController"))
    }
}
