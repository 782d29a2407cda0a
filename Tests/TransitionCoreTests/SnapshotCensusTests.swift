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

    /// The census of the world advanced to `t`, counted.
    func counted(_ world: World, at t: Double) -> SnapshotCensus {
        var copy = world
        copy.advance(to: t)
        return copy.snapshotCensus()
    }

    @Test func aTrajectoryIsTheCensusAtEveryLaterTime() throws {
        var world = try thingsScene()
        try world.apply(action(detailPush))
        let pushing = world.censusTrajectory()
        // The push's completion takes the outgoing view out of the window: the census changes then.
        #expect(pushing.times.count >= 2 && pushing.times[0] == world.now)
        let probes = Array(stride(from: 0.0, through: 2, by: 0.01)) + pushing.times + pushing.times.map { $0.nextDown }
        for t in probes where t >= world.now {
            #expect(pushing.census(at: t) == counted(world, at: t), "t = \(t)")
        }
        // A pop at 1 starts a state of its own (the view it returns to is in the window at once).
        try world.apply(action(#"{"type": "pop", "at": 1}"#))
        let popping = world.censusTrajectory()
        #expect(popping.times.first == 1 && popping.times.count >= 2)
        for t in stride(from: 1.0, through: 3, by: 0.01) {
            #expect(popping.census(at: t) == counted(world, at: t), "t = \(t)")
        }
    }

    @Test func aGestureHoldingItsTransitionEndsTheTrajectory() throws {
        var world = try thingsScene()
        try world.apply(action(#"{"type": "push", "animated": false, "viewController": {"id": "detail"}}"#))
        try world.apply(action(#"{"type": "pop", "interactive": true, "at": 1}"#))
        try world.apply(action(#"{"type": "update", "percent": 0.6, "at": 1.1}"#))
        // Paused, nothing completes until the gesture ends (new input).
        let held = world.censusTrajectory()
        #expect(held.times == [1.1])
        #expect(held.census(at: 50) == counted(world, at: 50))
        var hanging = world
        try world.apply(action(#"{"type": "finish", "at": 1.2}"#))
        let finished = world.censusTrajectory()
        #expect(finished.times.count >= 2)
        for t in stride(from: 1.2, through: 3, by: 0.01) {
            #expect(finished.census(at: t) == counted(world, at: t), "t = \(t)")
        }
        // Finished from exactly 100 %, the transition hangs as UIKit's does: nothing completes.
        try hanging.apply(action(#"{"type": "update", "percent": 1, "at": 1.15}"#))
        try hanging.apply(action(#"{"type": "finish", "at": 1.2}"#))
        #expect(hanging.censusTrajectory().times == [1.2])
        #expect(hanging.censusTrajectory().census(at: 9) == counted(hanging, at: 9))
    }
}
