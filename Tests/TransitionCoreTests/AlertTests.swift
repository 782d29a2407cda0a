import JSONCodec
import Testing
@testable import TransitionCore

/// Alerts and action sheets (docs/semantics.md § Alerts and popovers): UIKit's layout
/// metrics (iOS 18.2), the 0.404 s critically damped spring, the dismissal by a tap and its handler.
@Suite struct AlertTests {
    func phone(_ device: String = "iPhone 15") throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "\(device)"},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    static let confirm = #"{"type": "alert", "id": "c", "title": "Delete?", "message": "This cannot be undone.", "actions": [{"title": "Cancel", "style": "cancel"}, {"title": "Delete", "style": "destructive"}]}"#

    func spec(_ text: String) throws -> AlertSpec {
        try #require(try ControllerSpec.decode(json(text), at: "", limits: SceneLimits(), presented: true).alert)
    }

    @Test func theAlertIsLaidOutByItsBaselines() throws {
        let content = AlertLayout.layout(title: "Delete?", try spec(Self.confirm), width: 270)
        #expect(content.size == Size(width: 270, height: 124))
        let byID = Dictionary(uniqueKeysWithValues: content.items.map { ($0.id, $0) })
        #expect(byID["title"]?.frame == Rect(x: 16, y: 19, width: 238, height: 22))
        #expect(byID["message"]?.frame == Rect(x: 16, y: 43, width: 238, height: 18))
        // Two short titles side by side, cancel on the left.
        #expect(byID["action-0"]?.frame == Rect(x: 0, y: 80, width: 135, height: 44) && byID["action-0"]?.role == .alertCancelAction)
        #expect(byID["action-1"]?.frame == Rect(x: 135, y: 80, width: 135, height: 44) && byID["action-1"]?.role == .alertDestructiveAction)
    }

    @Test func longTitlesWrapAndStackTheButtons() throws {
        let long = String(repeating: "word ", count: 20)  // 100 characters: 850 pt at 17 pt, four 238 pt lines
        let alert = try spec(#"{"type": "alert", "id": "c", "message": "\#(long)", "actions": [{"title": "A button title far too long to share a row"}, {"title": "Cancel", "style": "cancel"}]}"#)
        let content = AlertLayout.layout(title: nil, alert, width: 270)
        let message = try #require(content.items.first { $0.id == "message" })
        // Without a title the message takes the title's font and first baseline.
        #expect(message.fontSize == 17 && message.frame == Rect(x: 16, y: 19, width: 238, height: 4 * 22))
        let header = 36 + 3 * 22 + 24.0
        #expect(content.items.first { $0.id == "action-0" }?.frame.minY == header)
        #expect(content.items.first { $0.id == "action-1" }?.frame.minY == header + 44, "cancel last in a column")
        #expect(content.size.height == header + 88)
    }

    @Test func theActionSheetGroupsItsButtonsAboveTheCancelButton() throws {
        let sheet = try spec(#"{"type": "alert", "id": "s", "preferredStyle": "actionSheet", "title": "Photo", "message": "Choose", "actions": [{"title": "Cancel", "style": "cancel"}, {"title": "Share"}]}"#)
        let content = ActionSheetLayout.layout(title: "Photo", sheet, width: 377, cornerRadius: 13, cancelButton: true)
        #expect(content.items.map(\.id) == ["group", "title", "message", "action-1", "action-0"])
        #expect(content.items[0].frame == Rect(x: 0, y: 0, width: 377, height: 77 + 57) && content.items[0].cornerRadius == 13)
        #expect(content.items[3].frame.minY == 77 && content.items[3].parent == "group")
        #expect(content.items[4].frame == Rect(x: 0, y: 142, width: 377, height: 57) && content.items[4].parent == nil)
        #expect(content.size == Size(width: 377, height: 199))
        // Only a cancel button: no group.
        let lone = ActionSheetLayout.layout(title: nil, try spec(#"{"type": "alert", "id": "s", "preferredStyle": "actionSheet", "actions": [{"title": "Cancel", "style": "cancel"}]}"#), width: 377, cornerRadius: 13, cancelButton: true)
        #expect(lone.items.map(\.id) == ["action-0"] && lone.size.height == 57)
        // In a popover the cancel button goes, unless it is all there is.
        let popover = ActionSheetLayout.layout(title: "Photo", sheet, width: ActionSheetLayout.popoverWidth, cornerRadius: 0, cancelButton: false)
        #expect(popover.items.map(\.id) == ["group", "title", "message", "action-1"])
        #expect(popover.size == Size(width: 304, height: 77 + 57))
        let loneInPopover = ActionSheetLayout.layout(title: nil, try spec(#"{"type": "alert", "id": "s", "preferredStyle": "actionSheet", "actions": [{"title": "Cancel", "style": "cancel"}]}"#), width: 304, cornerRadius: 0, cancelButton: false)
        #expect(loneInPopover.items.map(\.id) == ["action-0"] && loneInPopover.size.height == 57)
    }

    /// UIKit's duration form of the decompile's spring (0.404 s, damping clamped to critical) is the
    /// spring Flutter's contributors read from CASpringAnimation: stiffness 522.35, damping 45.71.
    @Test func theSpringIsTheOneFlutterMeasured() throws {
        let curve = try #require(Catalogue.shared.alert.curve.curve(duration: Catalogue.shared.alert.duration, iOS: Screen.newestIOS))
        let measured = Spring(mass: 1, stiffness: 522.35, damping: 45.7099552)
        for t in stride(from: 0.0, through: 0.404, by: 0.02) {
            #expect(abs(curve.value(at: t, duration: 0.404) - measured.value(at: t)) < 1e-4, "at \(t)")
        }
    }

    @Test func anAlertFadesInScalingDownThenATapDismissesItAndCallsTheHandler() throws {
        var w = try phone()
        try w.apply(try action(#"{"type": "present", "viewController": \#(Self.confirm)}"#))
        #expect(w.runningTransition?.animator == "alert" && w.runningTransition?.duration == 0.404)
        let measured = Spring(mass: 1, stiffness: 522.35, damping: 45.7099552)
        for t in [0.0, 0.05, 0.15, 0.3] {
            let p = measured.value(at: t), shot = w.shot(t)
            let platter = try #require(shot.root.find("c", ""))
            #expect(abs(platter.alpha - p) < 1e-3 && abs(platter.transform.a - (1.2 - 0.2 * p)) < 1e-3, "platter at \(t)")
            #expect(abs((shot.root.find(role: .dimming)?.alpha ?? -1) - 0.2 * p) < 1e-3, "veil at \(t)")
        }
        w.advance(to: 1)
        #expect(try #require(w.shot(1).root.find("c", "")).windowFrame == Rect(x: 61.5, y: 364, width: 270, height: 124))
        try w.apply(try action(#"{"type": "alertAction", "index": 0}"#))
        let p = measured.value(at: 0.1)
        let fading = try #require(w.shot(1.1).root.find("c", ""))
        #expect(abs(fading.alpha - (1 - p)) < 1e-3 && fading.transform == .identity)
        w.advance(to: 2)
        #expect(w.shot(2).root.find("c", "") == nil && w.shot(2).root.find(role: .dimming) == nil)
        #expect(Array(w.eventNames().suffix(3)) == ["completeTransition:c", "viewDidDisappear:c", "alertActionHandler:c"])
    }

    @Test func anActionSheetRisesFromTheBottomEdge() throws {
        var w = try phone()
        try w.apply(try action(#"{"type": "present", "viewController": {"type": "alert", "id": "s", "preferredStyle": "actionSheet", "actions": [{"title": "Share"}, {"title": "Cancel", "style": "cancel"}]}}"#))
        #expect(w.runningTransition?.animator == "actionSheet")
        let height = 57 + 8 + 57.0, rest = 852 - 34 - height
        #expect(try #require(w.shot(0).root.find("s", "")).windowFrame.minY == 852)
        w.advance(to: 1)
        #expect(try #require(w.shot(1).root.find("s", "")).windowFrame == Rect(x: 8, y: rest, width: 377, height: height))
        // Without a home indicator the sheet keeps 8 pt from the bottom.
        var old = try phone("iPhone 8")
        try old.apply(try action(#"{"type": "present", "animated": false, "viewController": {"type": "alert", "id": "s", "preferredStyle": "actionSheet", "actions": [{"title": "Cancel", "style": "cancel"}]}}"#))
        let frame = try #require(old.shot(0).root.find("s", "")).windowFrame
        #expect(frame.maxY == 667 - 8 && frame.minX == 8)
    }

    @Test func badAlertsAreRefusedAtTheirMember() throws {
        func pointer(_ text: String) -> String? {
            guard let value = try? json(text) else { return "not JSON" }
            do { _ = try ControllerSpec.decode(value, at: "", limits: SceneLimits(), presented: true) } catch { return error.pointer }
            return nil
        }
        #expect(pointer(#"{"type": "alert", "id": "c", "actions": [{"title": "OK", "style": "plain"}]}"#) == "/actions/0/style")
        #expect(pointer(#"{"type": "alert", "id": "c", "actions": []}"#) == "/actions")
        #expect(pointer(#"{"type": "alert", "id": "c"}"#) == "/actions")
        #expect(pointer(#"{"type": "alert", "id": "c", "actions": [{"title": "a", "style": "cancel"}, {"title": "b", "style": "cancel"}]}"#) == "/actions/1/style")
        #expect(pointer(#"{"type": "alert", "id": "c", "sourceView": "x", "actions": [{"title": "a"}]}"#) == "/sourceView")
        #expect(pointer(#"{"type": "alert", "id": "c", "preferredStyle": "sheet", "actions": [{"title": "a"}]}"#) == "/preferredStyle")
        // Only presented: a root or child alert is refused at its type.
        #expect(throws: SimulationError.self) { try ControllerSpec.decode(json(Self.confirm), at: "", limits: SceneLimits()) }
    }

    @Test func anActionSheetWhereUIKitShowsAPopoverIsOneAndNeedsASource() throws {
        for device in ["iPad (10th)", "iPhone 17"] {
            var w = try phone(device)
            do {
                try w.apply(try action(#"{"type": "present", "viewController": {"type": "alert", "id": "s", "preferredStyle": "actionSheet", "actions": [{"title": "Cancel", "style": "cancel"}]}}"#))
                Issue.record("\(device): an action sheet's popover without a source was accepted")
            } catch let error as SimulationError { #expect(error.pointer == "/viewController/sourceView", "\(device)") }
            try w.apply(try action(#"{"type": "present", "animated": false, "viewController": {"type": "alert", "id": "s", "preferredStyle": "actionSheet", "sourceRect": {"x": 100, "y": 200, "width": 40, "height": 40}, "actions": [{"title": "Share"}, {"title": "Cancel", "style": "cancel"}]}}"#))
            let sheet = try #require(w.shot(0).root.find("s", ""))
            #expect(sheet.windowFrame.size == Size(width: 304, height: 57), "\(device): the Share button alone, no cancel button")
            #expect(try w.shot(0).root.find("s", "action-1") == nil, "\(device)")
        }
    }
}
