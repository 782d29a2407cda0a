import JSONCodec
import Testing
@testable import TransitionCore

/// Gestures that start a push, a presentation or a tab switch: the declared interaction decides
/// the operation, samples drive it as the built-in edge pan drives a pop, and the start shares
/// the actions' code. docs/semantics.md § Gestures that start a transition
@Suite struct GestureStartTests {
    static let detail = #"{"id": "detail", "title": "Detail", "view": {"id": "root", "kind": "view"}}"#
    /// An edge pan from the right on `things` pushes `detail`.
    static let pushFromRight = #"{"recognizer": "edgePan", "edge": "right", "operation": "push", "viewController": \#(detail)}"#

    func world(_ body: String) throws -> World {
        try World(scene: SceneSpec.decode(json(body), limits: SceneLimits()))
    }

    func navScene(thingsInteractions: String = "[\(pushFromRight)]", session: String = "[]") throws -> World {
        try world("""
        {"screen": {"width": 320, "height": 568, "scale": 2},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "things", "title": "Things", "interactions": \(thingsInteractions)}]},
         "interactions": \(session)}
        """)
    }

    func gesture(_ world: inout World, _ recognizer: String, _ phase: String, at t: Double, x: Double = 0, y: Double = 0,
                 edge: String? = nil) throws {
        let edgeMember = edge.map { #", "edge": "\#($0)""# } ?? ""
        try world.apply(try action(#"{"type": "gesture", "recognizer": "\#(recognizer)", "phase": "\#(phase)", "at": \#(t), "translation": {"x": \#(x), "y": \#(y)}\#(edgeMember)}"#))
    }

    func conflict(_ world: World, _ apply: (inout World) throws -> Void) -> (type: Conflict, detail: String, interaction: String?)? {
        var copy = world
        do {
            try apply(&copy)
        } catch let e as SimulationError {
            guard case .conflict(let type, let extras) = e.kind else { return nil }
            return (type, e.reason, extras.first { $0.key == "interaction" }?.value.stringValue)
        } catch {}
        return nil
    }

    func x(_ world: World, _ controller: String, at t: Double) throws -> Double {
        try #require(world.shot(t).root.find(controller, "")).frame.minX
    }

    @Test func anEdgePanFromTheRightPushesTheDeclaredControllerLikeAnInteractivePush() throws {
        var viaGesture = try navScene()
        let seq = viaGesture.events.nextSeq - 1
        try gesture(&viaGesture, "edgePan", "began", at: 1, edge: "right")
        let t = try #require(viaGesture.runningTransition)
        #expect(t.operation == .push && t.phase == .interactive && t.from == "things" && t.to == "detail")
        // The same callbacks, in the same order, as an interactive push action.
        var viaAction = try navScene()
        try viaAction.apply(try action(#"{"type": "push", "interactive": true, "at": 1, "viewController": \#(Self.detail)}"#))
        #expect(viaGesture.eventNames(after: seq) == viaAction.eventNames(after: seq))

        // Progress = −translation.x / 320: 80 pt to the left is 25 %, the slide's push at τ = 0.125.
        try gesture(&viaGesture, "edgePan", "changed", at: 1.1, x: -80)
        try viaAction.apply(try action(#"{"type": "update", "percent": 0.25, "at": 1.1}"#))
        #expect(viaGesture.gesture?.progress == 0.25)
        #expect(try x(viaGesture, "detail", at: 1.2) == (try x(viaAction, "detail", at: 1.2)))
        var reference = try navScene()
        try reference.apply(try action(#"{"type": "push", "at": 1, "viewController": \#(Self.detail)}"#))
        #expect(abs(try x(viaGesture, "detail", at: 1.2) - (try x(reference, "detail", at: 1.125))) < 1e-9)

        // Released past half: finishes by the existing rule (easeInOut over (1 − p)·D).
        try gesture(&viaGesture, "edgePan", "ended", at: 1.2, x: -200)
        #expect(viaGesture.gesture?.decision == .finish && viaGesture.gesture?.reason == .threshold)
        viaGesture.advance(to: 3)
        #expect(viaGesture.controllers["nav"]?.children == ["things", "detail"])
        #expect(viaGesture.eventNames().suffix(3) == ["viewDidDisappear:things", "viewDidAppear:detail", "didShow:nav"])
    }

    @Test func aCancelledGesturePushLeavesNoControllerAndCanStartAgain() throws {
        var world = try navScene()
        try gesture(&world, "edgePan", "began", at: 1, edge: "right")
        try gesture(&world, "edgePan", "changed", at: 1.1, x: -100)
        try gesture(&world, "edgePan", "ended", at: 1.2, x: -100)
        #expect(world.gesture?.decision == .cancel)
        world.advance(to: 3)
        #expect(world.controllers["nav"]?.children == ["things"])
        #expect(world.controllers["detail"] == nil)
        try gesture(&world, "edgePan", "began", at: 3, edge: "right")
        #expect(world.runningTransition?.operation == .push)
    }

    @Test func aGestureThatCannotStartItsOperationIsAConflictNamingTheDeclaration() throws {
        // The session's declaration pushes `detail`; once it is pushed, `detail` exists.
        var world = try navScene(thingsInteractions: "[]", session: "[\(Self.pushFromRight)]")
        try gesture(&world, "edgePan", "began", at: 1, edge: "right")
        try gesture(&world, "edgePan", "ended", at: 1.1, x: -300)
        world.advance(to: 3)
        let c = try #require(conflict(world) { try gesture(&$0, "edgePan", "began", at: 3, edge: "right") })
        #expect(c.type == .controllerExists && c.interaction == "/interactions/0")
        #expect(c.detail.contains("/interactions/0"))

        // A tab switch to `next` from the last tab has nothing to switch to.
        var tabs = try self.world("""
        {"root": {"type": "tabBar", "id": "tabs", "selectedIndex": 1, "viewControllers": [{"id": "a"}, {"id": "b"}]},
         "interactions": [{"recognizer": "pan", "operation": "selectTab", "tab": "next", "animator": "crossDissolve"}]}
        """)
        let last = try #require(conflict(tabs) { try gesture(&$0, "pan", "began", at: 0) })
        #expect(last.type == .nothingToSelect && last.interaction == "/interactions/0")
        // From the first tab it switches, interactively, driven by the pan.
        try tabs.apply(try action(#"{"type": "selectTab", "index": 0, "animated": false}"#))
        try gesture(&tabs, "pan", "began", at: 1)
        try gesture(&tabs, "pan", "changed", at: 1.1, x: 96)
        #expect(tabs.runningTransition?.operation == .selectTab && tabs.gesture?.progress == 0.3)
        try gesture(&tabs, "pan", "ended", at: 1.2, x: 200)
        tabs.advance(to: 3)
        #expect(tabs.controllers["tabs"]?.selectedIndex == 1)
    }

    @Test func anEdgePanFromTheBottomPresentsAndReadsUpwardTranslation() throws {
        var world = try navScene(thingsInteractions: #"[{"recognizer": "edgePan", "edge": "bottom", "operation": "present", "viewController": {"id": "modal"}}]"#)
        try gesture(&world, "edgePan", "began", at: 1, edge: "bottom")
        #expect(world.runningTransition?.operation == .present && world.runningTransition?.to == "modal")
        // 142 pt up of 568 is 25 %.
        try gesture(&world, "edgePan", "changed", at: 1.1, y: -142)
        #expect(world.gesture?.progress == 0.25)
        #expect(abs((world.shot(1.2).transition?.percentComplete ?? 0) - 0.25) < 1e-12)
        try gesture(&world, "edgePan", "cancelled", at: 1.2, y: -142)
        world.advance(to: 3)
        #expect(world.controllers["modal"] == nil && world.controllers["nav"]?.presented == nil)
    }

    @Test func declarationsAreCheckedWhenTheSessionIsMade() {
        func pointer(_ interactions: String) -> String? {
            do {
                _ = try navScene(thingsInteractions: interactions)
                return nil
            } catch let e as SimulationError {
                return e.pointer
            } catch {
                return "?"
            }
        }
        let at = "/root/viewControllers/0/interactions/0"
        #expect(pointer(#"[{"recognizer": "edgePan", "operation": "push"}]"#) == at + "/viewController")
        #expect(pointer(#"[{"recognizer": "pan", "operation": "selectTab", "tab": 1}]"#) == at + "/animator")
        #expect(pointer(#"[{"recognizer": "pan", "operation": "selectTab", "tab": 1, "animator": "default"}]"#) == at + "/animator")
        #expect(pointer(#"[{"recognizer": "pan", "operation": "selectTab", "tab": "last", "animator": "flip"}]"#) == at + "/tab")
        #expect(pointer(#"[{"recognizer": "edgePan", "edge": "top", "axis": "horizontal", "operation": "present", "viewController": {"id": "m"}}]"#) == at + "/axis")
        #expect(pointer(#"[{"recognizer": "edgePan", "operation": "push", "viewController": {"id": "d", "pushAnimator": "zom"}}]"#)
                == at + "/viewController/pushAnimator")
        #expect(pointer(#"[{"recognizer": "edgePan", "operation": "push", "viewController": {"type": "navigation", "id": "d", "viewControllers": [{"id": "d"}]}}]"#)
                == at + "/viewController")
    }
}
