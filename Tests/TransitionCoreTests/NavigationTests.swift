import JSONCodec
import Testing
@testable import TransitionCore

@Suite struct NavigationTests {
    @Test func sceneLaysOutNavigationControllerLikeIOS7() throws {
        let world = try thingsScene()
        let shot = world.snapshot(at: 0)
        #expect(shot.root.id == "window")
        let nav = try #require(shot.root.children.first)
        #expect(nav.viewController == "nav" && nav.path == "")
        #expect(nav.children.map { $0.role } == [.container, .navigationBar])
        let bar = try #require(shot.root.find(role: .navigationBar))
        #expect(bar.frame == Rect(x: 0, y: 20, width: 320, height: 44))
        #expect(bar.find(role: .navigationTitle)?.text == "Things")
        let things = try #require(shot.root.find("things", ""))
        #expect(things.frame == Rect(x: 0, y: 0, width: 320, height: 568))
        let image = try #require(shot.root.find("things", "cell-3/image"))
        #expect(image.windowFrame == Rect(x: 110, y: 80, width: 100, height: 100))
        #expect(world.eventNames() == ["viewWillAppear:nav", "viewWillAppear:things", "viewDidAppear:nav", "viewDidAppear:things"])
    }

    @Test func defaultPushSlidesInFromTheRightAndCoveredViewMovesThirtyPercent() throws {
        var world = try thingsScene()
        try world.apply(try action(detailPush))
        let transition = try #require(world.runningTransition)
        #expect(transition.animator == "slide" && transition.chosenBy == "default" && transition.duration == 0.5)

        var lastTo = Double.infinity, lastFrom = Double.infinity
        for step in 0...4 {
            let t = Double(step) * 0.1
            let shot = world.shot(t)
            let to = try #require(shot.root.find("detail", "")).frame.minX
            let from = try #require(shot.root.find("things", "")).frame.minX
            if step == 0 {
                #expect(to == 320)
                #expect(from == 0)
            }
            #expect(to < lastTo || step == 0)
            #expect(from < lastFrom || step == 0)
            #expect(to >= 0 && from >= -96)
            lastTo = to
            lastFrom = from
            #expect(shot.transition?.phase == .animating)
            #expect(abs((shot.transition?.percentComplete ?? -1) - t / 0.5) < 1e-12)
        }
        // Just before the end the covered view is all but at −30 % (UIKit rounds 0.7·W: 320 − 224 = 96).
        let nearEnd = world.shot(0.4999999)
        #expect(abs(try #require(nearEnd.root.find("things", "")).frame.minX + 96) < 1e-3)
        // At the end: the push is complete, the covered view has left the hierarchy.
        let end = world.shot(0.5)
        #expect(try #require(end.root.find("detail", "")).frame.minX == 0)
        #expect(end.root.find("things", "") == nil)
        #expect(end.root.find(role: .dimming) == nil)
        #expect(end.transition?.phase == .completed)
        #expect(end.controllers.topViewController == "detail")
        #expect(end.controllers.viewControllers.map(\.id) == ["things", "detail"])
    }

    @Test func pushEventsFollowUIKitsOrder() throws {
        var world = try thingsScene()
        let before = world.events.nextSeq - 1
        try world.apply(try action(detailPush))
        world.advance(to: 1)
        #expect(world.eventNames(after: before) == [
            "viewWillDisappear:things", "viewWillAppear:detail", "willShow:nav", "animationControllerFor:nav",
            "animateTransition:nav", "completeTransition:nav", "viewDidDisappear:things", "viewDidAppear:detail", "didShow:nav",
        ])
        let complete = try #require(world.events.first { $0.type == .completeTransition })
        #expect(complete.time == 0.5)
        #expect(complete.arguments.first { $0.key == "didComplete" }?.value == .bool(true))
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
    }

    @Test func popSlidesBackAndRestoresTheStack() throws {
        var world = try thingsScene()
        try world.apply(try action(detailPush))
        world.advance(to: 1)
        try world.apply(try action(#"{"type": "pop"}"#))
        let start = world.shot(1)
        #expect(try #require(start.root.find("things", "")).frame.minX == -96)
        #expect(try #require(start.root.find("detail", "")).frame.minX == 0)
        // The covered view is below the popped one.
        let container = try #require(start.root.find(role: .container))
        #expect(container.children.map { $0.viewController ?? $0.role?.rawValue ?? "" } == ["things", "dimming", "detail"])
        let mid = world.shot(1.25)
        let midX = try #require(mid.root.find("detail", "")).frame.minX
        #expect(midX > 0 && midX < 320)
        world.advance(to: 2)
        let end = world.snapshot(at: 2)
        #expect(end.root.find("detail", "") == nil)
        #expect(try #require(end.root.find("things", "")).frame == Rect(x: 0, y: 0, width: 320, height: 568))
        #expect(end.controllers.viewControllers.map(\.id) == ["things"])
        #expect(end.root.find(role: .navigationTitle)?.text == "Things")
        // The popped controller is gone from the session.
        #expect(world.controllers["detail"] == nil)
    }

    @Test func nonAnimatedPushHappensAtOnce() throws {
        var world = try thingsScene()
        let before = world.events.nextSeq - 1
        var push = try action(detailPush)
        push.animated = false
        try world.apply(push)
        #expect(world.runningTransition == nil)
        #expect(world.eventNames(after: before) == [
            "viewWillDisappear:things", "viewWillAppear:detail", "willShow:nav",
            "viewDidDisappear:things", "viewDidAppear:detail", "didShow:nav",
        ])
        #expect(world.events.last?.arguments.first { $0.key == "animated" }?.value == .bool(false))
        let shot = world.snapshot(at: 0)
        #expect(shot.root.find("things", "") == nil)
        #expect(shot.root.find("detail", "")?.frame.minX == 0)
        #expect(shot.root.find(role: .navigationTitle)?.text == "Detail")
    }

    @Test func secondTransitionWhileOneRunsIsAConflict() throws {
        var world = try thingsScene()
        try world.apply(try action(detailPush))
        #expect {
            try world.apply(try action(#"{"type": "pop"}"#))
        } throws: { error in
            guard case .conflict(let type, let extras)? = (error as? SimulationError)?.kind else { return false }
            return type == .transitionInProgress && extras.first?.value == .string("t1")
                && extras.contains { $0.key == "expectedEnd" && $0.value == .number(0.5) }
        }
        // With `at` after the end, it goes through.
        try world.apply(try action(#"{"type": "pop", "at": 0.6}"#))
        #expect(world.runningTransition?.operation == .pop)
    }

    @Test func popOnRootAndBadPopToAreClearErrors() throws {
        var world = try thingsScene()
        #expect {
            try world.apply(try action(#"{"type": "pop"}"#))
        } throws: { error in
            if case .conflict(let type, _)? = (error as? SimulationError)?.kind { return type == .nothingToPop }
            return false
        }
        #expect {
            try world.apply(try action(#"{"type": "popTo", "viewController": "nope"}"#))
        } throws: { error in
            if case .conflict(let type, let extras)? = (error as? SimulationError)?.kind {
                return type == .notInContainer && extras.first?.value == .string("/viewController")
            }
            return false
        }
        #expect {
            try world.apply(try action(#"{"type": "pop", "at": -1}"#))
        } throws: { _ in true }
    }

    @Test func popToRootAndSetViewControllers() throws {
        var world = try thingsScene()
        for (i, id) in ["a", "b", "c"].enumerated() {
            var push = try action(#"{"type": "push", "viewController": {"id": "\#(id)"}}"#)
            push.animated = false
            try world.apply(push)
            #expect(world.controllers["nav"]!.children.count == i + 2)
        }
        try world.apply(try action(#"{"type": "popToRoot"}"#))
        #expect(world.runningTransition?.from == "c" && world.runningTransition?.to == "things")
        world.advance(to: 1)
        #expect(world.controllers["nav"]!.children == ["things"])
        #expect(world.controllers["b"] == nil)
        try world.apply(try action(#"{"type": "setViewControllers", "viewControllers": ["things", {"id": "x"}, {"id": "y"}]}"#))
        #expect(world.runningTransition?.operation == .push && world.runningTransition?.to == "y")
        #expect(world.controllers["nav"]!.children == ["things", "x", "y"])
    }

    @Test func animatorThatNeverCompletesIsDiagnosedAndBlocksTheContainer() throws {
        var world = try thingsScene()
        var push = try action(detailPush)
        push.animator = try AnimatorChoice.decode(json("""
        {"spec": {"duration": 0.3, "setup": [{"add": "to"}],
                  "animations": [{"duration": "duration", "changes": [{"view": "to", "alpha": 1}]}]}}
        """), at: "/animator")
        try world.apply(push)
        world.advance(to: 1)
        let t = try #require(world.transitions.last)
        #expect(t.phase == .animating)
        #expect(t.diagnostics.map(\.code) == [.completeTransitionNotCalled])
        #expect(throws: SimulationError.self) { try world.apply(try action(#"{"type": "pop"}"#)) }
    }

    @Test func literalSeedAnimatorLeavesImageViewHidden() throws {
        // 000/001's push: hide the cell's image view, fade the detail in, then unhide the *cell*.
        var world = try thingsScene()
        var push = try action(detailPush)
        push.animator = try AnimatorChoice.decode(json("""
        {"spec": {"duration": 0.3, "setup": [
            {"set": "from/cell-3/image", "hidden": true},
            {"set": "to", "frame": "final", "alpha": 0},
            {"add": "to"}],
          "animations": [{"duration": "duration", "changes": [{"view": "to", "alpha": 1}],
            "completion": [{"set": "from/cell-3", "hidden": false}, {"completeTransition": "!cancelled"}]}]}}
        """), at: "/animator")
        try world.apply(push)
        let mid = world.shot(0.15)
        let alpha = try #require(mid.root.find("detail", "")).alpha
        #expect(alpha > 0 && alpha < 1)
        world.advance(to: 0.3)
        let t = try #require(world.transitions.last)
        #expect(t.phase == .completed)
        #expect(t.diagnostics.map(\.code) == [.viewLeftHidden])
        #expect(t.diagnostics.first?.view == "things:cell-3/image")
    }

    @Test func sameRequestsGiveTheSameSnapshots() throws {
        func run() throws -> [Double] {
            var world = try thingsScene()
            try world.apply(try action(detailPush))
            return try stride(from: 0.0, through: 0.5, by: 0.05).flatMap { t in
                let shot = world.shot(t)
                let d = try #require(shot.root.find("detail", ""))
                return [d.frame.minX, d.alpha, shot.transition?.percentComplete ?? -1]
            }
        }
        #expect(try run() == run())
    }
}
