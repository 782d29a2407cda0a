import Testing
@testable import TransitionCore

/// The census counts, from the model, exactly the views a snapshot then holds and shows
/// (issue 28: a series is weighed on it before any frame is computed).
@Suite struct SnapshotCensusTests {
    /// What the census should say, read off a computed snapshot.
    func census(of node: SnapshotNode, shownAbove: Bool = true) -> SnapshotCensus {
        var c = SnapshotCensus()
        c.views = 1
        c.nameBytes = node.id.utf8.count + node.kind.utf8.count + node.path.utf8.count
        let shown = shownAbove && !node.hidden
        if shown {
            c.shownViews = 1
            c.shownNameBytes = node.kind.utf8.count + node.path.utf8.count
        }
        for child in node.children {
            let sub = census(of: child, shownAbove: shown)
            c.views += sub.views
            c.nameBytes += sub.nameBytes
            c.shownViews += sub.shownViews
            c.shownNameBytes += sub.shownNameBytes
        }
        return c
    }

    @Test func countsWhatTheSnapshotHoldsThroughAPushAndAPop() throws {
        var world = try thingsScene()
        // A hidden view with a subview: both in the snapshot, neither shown.
        try world.apply(action(#"""
            {"type": "push", "viewController": {"id": "detail", "view": {"id": "root", "kind": "view", "children": [
              {"id": "label", "kind": "label", "text": "é", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}},
              {"id": "box", "kind": "view", "hidden": true, "children": [{"id": "inner", "kind": "label", "text": "x"}]}]}}}
            """#))
        var shownSome = false
        for t in stride(from: 0.0, through: 2, by: 0.05) {
            if t == 1 { try world.apply(action(#"{"type": "pop", "at": 1}"#)) }
            world.advance(to: t)
            let expected = census(of: world.snapshot(at: t).root)
            #expect(world.snapshotCensus() == expected, "t = \(t)")
            shownSome = shownSome || expected.shownViews < expected.views
        }
        #expect(shownSome)
    }

    @Test func framesBetweenChangesShareTheirViewsAndAChangeEndsIt() throws {
        var world = try thingsScene()
        world.advance(to: 1)
        let settled = world
        world.advance(to: 2)
        #expect(world.hasTheViews(of: settled))
        try world.apply(action(detailPush))
        #expect(!world.hasTheViews(of: settled))
        #expect(world.snapshotCensus() != settled.snapshotCensus())
    }
}
