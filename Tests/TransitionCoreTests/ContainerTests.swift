import JSONCodec
import Testing
@testable import TransitionCore

/// Tab bar controllers, modal presentations and nested containers.
@Suite struct ContainerTests {
    func scene(_ root: String, rules: String = "[]") throws -> World {
        let spec = try SceneSpec.decode(json(#"{"screen": {"width": 320, "height": 568}, "rules": \#(rules), "root": \#(root)}"#),
                                        limits: SceneLimits())
        return try World(scene: spec)
    }

    let tabs = #"""
    {"type": "tabBar", "id": "tabs", "viewControllers": [
      {"id": "a", "title": "A"}, {"id": "b", "title": "B"},
      {"type": "navigation", "id": "nav", "title": "C", "viewControllers": [{"id": "c", "title": "C1"}]}]}
    """#

    /// A fade written in the language: the to view is added, fades in over the duration, then completes.
    let fade = #"{"spec": {"duration": 0.4, "setup": [{"add": "to"}, {"set": "to", "frame": "final", "alpha": 0}], "animations": [{"duration": "duration", "changes": [{"view": "to", "alpha": 1}], "completion": [{"completeTransition": "!cancelled"}]}]}}"#

    /// Presented views rise from the bottom; dismissed ones drop back down.
    let rise = #"{"spec": {"present": {"duration": 0.4, "setup": [{"add": "to"}, {"set": "to", "frame": {"offset": "final", "dy": "container.height"}}], "animations": [{"duration": "duration", "changes": [{"view": "to", "frame": "final"}], "completion": [{"completeTransition": "!cancelled"}]}]}, "dismiss": {"duration": 0.4, "animations": [{"duration": "duration", "changes": [{"view": "from", "frame": {"offset": "container", "dy": "container.height"}}], "completion": [{"completeTransition": "!cancelled"}]}]}}}"#

    @Test func tabSwitchIsInstantByDefaultWithTheTabBarsOrderOfCallbacks() throws {
        var world = try scene(tabs)
        let shot = world.snapshot(at: 0)
        let bar = try #require(shot.root.find(role: .tabBar))
        #expect(bar.frame == Rect(x: 0, y: 519, width: 320, height: 49))
        #expect(bar.children.map { $0.text } == ["A", "B", "C"])
        #expect(shot.controllers.selectedIndex == 0)
        let before = world.events.nextSeq - 1
        try world.apply(try action(#"{"type": "selectTab", "index": 1}"#))
        #expect(world.runningTransition == nil)
        #expect(world.eventNames(after: before) == [
            "shouldSelect:tabs", "viewWillAppear:b", "viewWillDisappear:a", "viewDidDisappear:a", "viewDidAppear:b", "didSelect:tabs",
        ])
        let after = world.snapshot(at: 0)
        #expect(after.controllers.selectedIndex == 1)
        #expect(after.root.find("a", "") == nil && after.root.find("b", "") != nil)
        #expect(throws: SimulationError.self) { try world.apply(try action(#"{"type": "selectTab", "index": 3}"#)) }
        #expect(throws: SimulationError.self) { try world.apply(try action(#"{"type": "selectTab", "viewController": "zz"}"#)) }
    }

    @Test func tabSwitchAnimatesWhenTheDelegateRuleNamesAnAnimator() throws {
        var world = try scene(tabs, rules: #"[{"operation": "selectTab", "animator": \#(fade)}]"#)
        let before = world.events.nextSeq - 1
        try world.apply(try action(#"{"type": "selectTab", "viewController": "b"}"#))
        let t = try #require(world.runningTransition)
        #expect(t.operation == .selectTab && t.chosenBy == "rules[0]" && t.duration == 0.4)
        let mid = try #require(world.shot(0.2).root.find("b", "")).alpha
        #expect(mid > 0 && mid < 1)
        world.advance(to: 1)
        #expect(world.eventNames(after: before) == [
            "shouldSelect:tabs", "animationControllerFor:tabs", "interactionControllerFor:tabs", "viewWillAppear:b",
            "viewWillDisappear:a", "animateTransition:tabs", "didSelect:tabs", "completeTransition:tabs",
            "viewDidDisappear:a", "viewDidAppear:b",
        ])
        #expect(world.snapshot(at: 1).root.find("a", "") == nil)
    }

    @Test func interactiveTabSwitchCancelsBackToTheOldTab() throws {
        var world = try scene(tabs, rules: #"[{"operation": "selectTab", "animator": \#(fade)}]"#)
        try world.apply(try action(#"{"type": "selectTab", "index": 1, "interactive": true}"#))
        try world.apply(try action(#"{"type": "update", "percent": 0.5, "at": 0.1}"#))
        #expect(abs(try #require(world.shot(0.2).root.find("b", "")).alpha - TimingCurve.easeInOut.value(at: 0.2, duration: 0.4)) < 1e-9)
        try world.apply(try action(#"{"type": "cancel", "at": 0.2}"#))
        world.advance(to: 1)
        #expect(world.controllers["tabs"]!.selectedIndex == 0)
        #expect(world.snapshot(at: 1).root.find("b", "") == nil)
    }

    @Test func fullScreenPresentationRemovesThePresentingViewAndDismissBringsItBack() throws {
        var world = try scene(#"{"id": "home", "title": "Home"}"#)
        let before = world.events.nextSeq - 1
        try world.apply(try action(#"{"type": "present", "viewController": {"id": "sheet"}, "animator": \#(rise)}"#))
        #expect(try #require(world.shot(0).root.find("sheet", "")).frame.minY == 568)
        let mid = try #require(world.shot(0.2).root.find("sheet", "")).frame.minY
        #expect(mid > 0 && mid < 568)
        world.advance(to: 0.5)
        let shown = world.snapshot(at: 0.5)
        #expect(shown.root.find("home", "") == nil)
        #expect(shown.root.find("sheet", "")?.frame.minY == 0)
        #expect(shown.controllers.presented.first?.id == "sheet")
        #expect(shown.controllers.presented.first?.modalPresentationStyle == "fullScreen")
        #expect(world.eventNames(after: before) == [
            "animationControllerFor:sheet", "interactionControllerFor:sheet", "viewWillDisappear:home", "viewWillAppear:sheet",
            "animateTransition:sheet", "completeTransition:sheet", "viewDidDisappear:home", "viewDidAppear:sheet",
        ])
        let beforeDismiss = world.events.nextSeq - 1
        try world.apply(try action(#"{"type": "dismiss", "animator": \#(rise)}"#))
        // The presenting view is back under the sliding presented view.
        let during = world.shot(0.7)
        #expect(during.root.find("home", "") != nil)
        world.advance(to: 1)
        let end = world.snapshot(at: 1)
        #expect(end.root.find("sheet", "") == nil && end.root.find("home", "") != nil)
        #expect(end.controllers.presented.isEmpty)
        #expect(world.controllers["sheet"] == nil)
        #expect(world.eventNames(after: beforeDismiss) == [
            "animationControllerFor:sheet", "interactionControllerFor:sheet", "viewWillDisappear:sheet", "viewWillAppear:home",
            "animateTransition:sheet", "completeTransition:sheet", "viewDidDisappear:sheet", "viewDidAppear:home",
        ])
    }

    @Test func customPresentationKeepsThePresentingViewAndItsCallbacksQuiet() throws {
        var world = try scene(#"{"id": "home"}"#)
        let before = world.events.nextSeq - 1
        try world.apply(try action(#"{"type": "present", "modalPresentationStyle": "custom", "viewController": {"id": "overlay"}, "animator": \#(rise)}"#))
        world.advance(to: 0.5)
        let shot = world.snapshot(at: 0.5)
        #expect(shot.root.find("home", "") != nil && shot.root.find("overlay", "") != nil)
        let names = world.eventNames(after: before)
        #expect(!names.contains { $0.hasSuffix(":home") })
        #expect(names.contains("presentationControllerFor:overlay"))
        try world.apply(try action(#"{"type": "dismiss", "animator": \#(rise)}"#))
        world.advance(to: 1)
        #expect(!world.eventNames(after: before).contains { $0.hasSuffix(":home") })
        #expect(world.snapshot(at: 1).root.find("overlay", "") == nil)
    }

    @Test func presentationChainsAndMisuse() throws {
        var world = try scene(#"{"id": "home"}"#)
        #expect {
            try world.apply(try action(#"{"type": "dismiss"}"#))
        } throws: { e in if case .conflict(let type, _)? = (e as? SimulationError)?.kind { type == .nothingPresented } else { false } }
        try world.apply(try action(#"{"type": "present", "animated": false, "viewController": {"id": "b"}}"#))
        try world.apply(try action(#"{"type": "present", "animated": false, "viewController": {"id": "c"}}"#))
        #expect(world.presentationChain() == ["b", "c"])
        #expect {
            try world.apply(try action(#"{"type": "present", "from": "home", "animated": false, "viewController": {"id": "d"}}"#))
        } throws: { e in if case .conflict(let type, _)? = (e as? SimulationError)?.kind { type == .alreadyPresenting } else { false } }
        // UIKit: `dismiss` sent to a presenting controller dismisses what it presents.
        try world.apply(try action(#"{"type": "dismiss", "viewController": "b", "animated": false}"#))
        #expect(world.presentationChain() == ["b"])
        #expect(world.snapshot(at: 0).root.find("b", "") != nil)
        try world.apply(try action(#"{"type": "present", "animated": false, "viewController": {"id": "c"}}"#))
        // Sent to the root, it dismisses the whole chain above it.
        try world.apply(try action(#"{"type": "dismiss", "viewController": "home", "animated": false}"#))
        #expect(world.presentationChain().isEmpty)
        #expect(world.controllers["c"] == nil && world.controllers["b"] == nil)
        let shot = world.snapshot(at: 0)
        #expect(shot.root.find("home", "") != nil)
        #expect(shot.root.children.count == 1)
    }

    @Test func actionsAddressTheFrontMostContainer() throws {
        var world = try scene(tabs)
        try world.apply(try action(#"{"type": "selectTab", "index": 2}"#))
        var push = try action(#"{"type": "push", "viewController": {"id": "c2"}}"#)
        push.animated = false
        try world.apply(push)
        #expect(world.controllers["nav"]!.children == ["c", "c2"])
        try world.apply(try action(#"{"type": "present", "animated": false, "viewController": {"type": "navigation", "id": "modalNav", "viewControllers": [{"id": "m1"}]}}"#))
        try world.apply(try action(#"{"type": "push", "animated": false, "viewController": {"id": "m2"}}"#))
        #expect(world.controllers["modalNav"]!.children == ["m1", "m2"])
        #expect(world.controllers["nav"]!.children == ["c", "c2"])
        // Naming the container reaches the one underneath.
        try world.apply(try action(#"{"type": "pop", "container": "nav", "animated": false}"#))
        #expect(world.controllers["nav"]!.children == ["c"])
        // The snapshot marks controllers visible on its way down the tree; it must name exactly
        // the controllers `visibleControllers()` lists (tabs, stacks and a presented container).
        #expect(visibleInState(world.controllerState()) == Set(world.visibleControllers().map(\.rawValue)))
    }

    /// The ids a controller state marks visible, its children and presentations included.
    func visibleInState(_ state: ControllerState) -> Set<String> {
        var ids: Set<String> = state.visible ? [state.id] : []
        for child in state.viewControllers + state.presented { ids.formUnion(visibleInState(child)) }
        return ids
    }
}
