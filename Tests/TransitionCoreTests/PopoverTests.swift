import JSONCodec
import Testing
@testable import TransitionCore

/// Popovers in regular width (docs/semantics.md § Alerts and popovers): the placement rule of
/// `-[_UIPopoverLayoutInfo _updateOutputs]` (iOS 18.2), the views UIKit draws the popover with,
/// its spring about the arrow's tip, and its adaptation in compact width.
@Suite struct PopoverTests {
    /// The iPad (10th)'s window, 820 × 1180 pt, safe area 24 top and 20 bottom, less 10 pt margins.
    let area = Rect(x: 10, y: 34, width: 800, height: 1116)
    let content = Size(width: 320, height: 480)

    // MARK: Placement

    @Test func belowASourceNearTheTopTheArrowPointsUp() {
        let l = PopoverLayout.place(content: content, source: Rect(x: 400, y: 100, width: 40, height: 40), in: area,
                                    permitted: PopoverArrowDirection.allCases)
        #expect(l.arrowDirection == .up)
        #expect(l.frame == Rect(x: 260, y: 140, width: 320, height: 493))
        #expect(l.content == Rect(x: 260, y: 153, width: 320, height: 480))
        #expect(l.arrowOffset == 0)
        #expect(l.arrow == Rect(x: 407, y: 140, width: 26, height: 13))
        #expect(l.arrowTipInUnitCoordinates == Point(x: 0.5, y: 0))
    }

    @Test func aboveASourceNearTheBottomTheArrowPointsDown() {
        let l = PopoverLayout.place(content: content, source: Rect(x: 400, y: 1000, width: 40, height: 40), in: area,
                                    permitted: PopoverArrowDirection.allCases)
        #expect(l.arrowDirection == .down)
        #expect(l.frame == Rect(x: 260, y: 507, width: 320, height: 493))
        #expect(l.content == Rect(x: 260, y: 507, width: 320, height: 480))
        #expect(l.arrow == Rect(x: 407, y: 987, width: 26, height: 13))
    }

    /// Above is tried first: with room both above and below, the popover goes above.
    @Test func aboveWinsATie() {
        let l = PopoverLayout.place(content: Size(width: 200, height: 100), source: Rect(x: 400, y: 600, width: 40, height: 40), in: area,
                                    permitted: PopoverArrowDirection.allCases)
        #expect(l.arrowDirection == .down)
        #expect(l.frame == Rect(x: 320, y: 487, width: 200, height: 113))
    }

    @Test func besideTheSourceWhenOnlySidewaysIsPermitted() {
        let left = PopoverLayout.place(content: content, source: Rect(x: 20, y: 500, width: 40, height: 40), in: area, permitted: [.left, .right])
        #expect(left.arrowDirection == .left)
        #expect(left.frame == Rect(x: 60, y: 280, width: 333, height: 480))
        #expect(left.content == Rect(x: 73, y: 280, width: 320, height: 480))
        #expect(left.arrow == Rect(x: 60, y: 507, width: 13, height: 26))
        let right = PopoverLayout.place(content: content, source: Rect(x: 760, y: 500, width: 40, height: 40), in: area, permitted: [.left, .right])
        #expect(right.arrowDirection == .right)
        #expect(right.frame == Rect(x: 427, y: 280, width: 333, height: 480))
        #expect(right.arrow == Rect(x: 747, y: 507, width: 13, height: 26))
        #expect(right.arrowTipInUnitCoordinates == Point(x: 1, y: 0.5))
    }

    /// Near an edge the popover slides back inside the area and the arrow moves off centre to
    /// keep pointing at the source, never closer to a corner than the chrome allows.
    @Test func nearAnEdgeThePopoverSlidesAndTheArrowFollows() {
        let l = PopoverLayout.place(content: content, source: Rect(x: 20, y: 100, width: 40, height: 40), in: area, permitted: [.up])
        #expect(l.frame == Rect(x: 10, y: 140, width: 320, height: 493))
        #expect(l.arrowOffset == 40 - 170)
        // 160 − 13 − 15 = 132 from the middle at most: −130 fits.
        #expect(l.arrow.midX == 170 - 130)
        #expect(abs(l.arrowTipInUnitCoordinates.x - (0.5 - 130.0 / 320)) < 1e-12)
        let pinned = PopoverLayout.place(content: content, source: Rect(x: 0, y: 100, width: 10, height: 40), in: area, permitted: [.up])
        #expect(pinned.arrowOffset == 5 - 170)
        #expect(pinned.arrow.midX == 170 - 132)
    }

    /// A popover taller than the room on its side is cut to the room.
    @Test func aPopoverLargerThanItsRoomIsClipped() {
        let l = PopoverLayout.place(content: Size(width: 320, height: 2000), source: Rect(x: 400, y: 100, width: 40, height: 40), in: area,
                                    permitted: [.up])
        #expect(l.frame == Rect(x: 260, y: 140, width: 320, height: 1010))
        #expect(l.content.height == 997)
    }

    @Test func theDefaultContentSizeFollowsThePresentationsWidth() {
        #expect(PopoverLayout.defaultContentSize(forWidth: 820) == Size(width: 320, height: 480))
        #expect(PopoverLayout.defaultContentSize(forWidth: 1023.5) == Size(width: 320, height: 480))
        #expect(PopoverLayout.defaultContentSize(forWidth: 1024) == Size(width: 375, height: 667))
    }

    // MARK: In a session

    func iPad(_ extra: String = "") throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "iPad (10th)"},
         "root": {"id": "a", "view": {"id": "root", "children": [{"id": "share", "frame": {"x": 400, "y": 100, "width": 40, "height": 40}}]}}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    let popover = #"{"type": "present", "viewController": {"id": "p", "modalPresentationStyle": "popover", "preferredContentSize": {"width": 320, "height": 200}, "popoverPresentation": {"sourceView": "share"}}}"#

    @Test func aPopoverGrowsFromItsArrowOnASpringAndShrinksBack() throws {
        var w = try iPad()
        try w.apply(try action(popover))
        #expect(w.runningTransition?.animator == "popover")
        let chromeFrame = Rect(x: 260, y: 140, width: 320, height: 213)
        let spring = Spring.uikit(dampingRatio: 0.8, initialVelocity: 0, duration: 0.4937)
        for t in [0.0, 0.05, 0.1, 0.2, 0.4] {
            let shot = w.shot(t)
            let chrome = try #require(shot.root.find(role: .popover))
            let s = 0.01 + (1 - 0.01) * spring.value(at: t)
            #expect(abs(chrome.transform.a - s) < 1e-9 && abs(chrome.transform.d - s) < 1e-9, "scale at \(t)")
            // About the arrow's tip, (420, 140), which stays put.
            #expect(abs(chrome.windowFrame.midX - 420) < 1e-6 && abs(chrome.windowFrame.minY - 140) < 1e-6, "tip at \(t)")
            #expect(shot.root.find(role: .dimming) == nil, "no dimming on iPad")
        }
        w.advance(to: 1)
        let shot = w.shot(1)
        let chrome = try #require(shot.root.find(role: .popover))
        #expect(chrome.windowFrame == chromeFrame && chrome.transform.isIdentity && chrome.layer.cornerRadius == 13)
        #expect(try #require(shot.root.find(role: .popoverArrowUp)).windowFrame == Rect(x: 407, y: 140, width: 26, height: 13))
        #expect(try #require(shot.root.find("p", "")).windowFrame == Rect(x: 260, y: 153, width: 320, height: 200))
        #expect(w[controller: "p"].presentedStyle == .popover)
        try w.apply(try action(#"{"type": "dismiss", "at": 1}"#))
        #expect(w.runningTransition?.animator == "popover")
        let shrink = Spring.uikit(dampingRatio: 0.85, initialVelocity: 0, duration: 0.51566)
        let mid = try #require(w.shot(1.2).root.find(role: .popover))
        #expect(abs(mid.transform.a - (1 + (0.01 - 1) * shrink.value(at: 0.2))) < 1e-9)
        w.advance(to: 2)
        #expect(w.shot(2).root.find(role: .popover) == nil && w.shot(2).root.find("p", "") == nil)
    }

    @Test func withoutAnimationThePopoverIsInPlace() throws {
        var w = try iPad()
        try w.apply(try action(popover.replacingOccurrences(of: #"{"type": "present","#, with: #"{"type": "present", "animated": false,"#)))
        let shot = w.shot(0)
        #expect(try #require(shot.root.find(role: .popover)).windowFrame == Rect(x: 260, y: 140, width: 320, height: 213))
        #expect(try #require(shot.root.find("p", "")).windowFrame == Rect(x: 260, y: 153, width: 320, height: 200))
    }

    @Test func onAPhoneAPopoverIsTheSheetCard() throws {
        let scene = try SceneSpec.decode(json(#"{"screen": {"device": "iPhone 15"}, "root": {"id": "a", "view": {"id": "root", "children": [{"id": "share"}]}}}"#), limits: SceneLimits())
        var phone = try World(scene: scene)
        try phone.apply(try action(popover))
        #expect(phone[controller: "p"].presentedStyle == .formSheet && phone.runningTransition?.animator == "sheet")
        #expect(phone.shot(0).root.find(role: .popover) == nil)
    }

    @Test func aPopoverWithoutASourceOrWithAMissingOneIsRefusedAtItsMember() throws {
        func pointer(_ text: String) throws -> String? {
            var w = try iPad()
            do { try w.apply(try action(text)); return nil } catch let e as SimulationError { return e.pointer }
        }
        #expect(try pointer(#"{"type": "present", "viewController": {"id": "p", "modalPresentationStyle": "popover"}}"#) == "/viewController/popoverPresentation")
        #expect(try pointer(#"{"type": "present", "modalPresentationStyle": "popover", "viewController": {"id": "p"}}"#) == "/viewController/popoverPresentation")
        #expect(try pointer(#"{"type": "present", "viewController": {"id": "p", "modalPresentationStyle": "popover", "popoverPresentation": {}}}"#) == "/viewController/popoverPresentation")
        #expect(try pointer(#"{"type": "present", "viewController": {"id": "p", "modalPresentationStyle": "popover", "popoverPresentation": {"sourceView": "nope"}}}"#) == "/viewController/popoverPresentation/sourceView")
        #expect(try pointer(#"{"type": "present", "viewController": {"id": "p", "modalPresentationStyle": "popover", "popoverPresentation": {"sourceView": "share", "permittedArrowDirections": ["sideways"]}}}"#) == "/viewController/popoverPresentation/permittedArrowDirections/0")
        #expect(try pointer(#"{"type": "present", "viewController": {"id": "p", "modalPresentationStyle": "popover", "popoverPresentation": {"sourceView": "share", "permittedArrowDirections": []}}}"#) == "/viewController/popoverPresentation/permittedArrowDirections")
    }

    /// A `sourceRect` is in the source view's coordinates, or the window's without one.
    @Test func aSourceRectIsInItsViewsCoordinates() throws {
        var w = try iPad()
        try w.apply(try action(#"{"type": "present", "animated": false, "viewController": {"id": "p", "modalPresentationStyle": "popover", "popoverPresentation": {"sourceView": "share", "sourceRect": {"x": 0, "y": 30, "width": 10, "height": 10}}}}"#))
        // Below (400, 130, 10, 10): the default content 320 × 480, centred on x 405.
        #expect(try #require(w.shot(0).root.find(role: .popover)).windowFrame == Rect(x: 245, y: 140, width: 320, height: 493))
        var bare = try iPad()
        try bare.apply(try action(#"{"type": "present", "animated": false, "viewController": {"id": "p", "modalPresentationStyle": "popover", "popoverPresentation": {"sourceRect": {"x": 400, "y": 1000, "width": 40, "height": 40}}}}"#))
        #expect(try #require(bare.shot(0).root.find(role: .popoverArrowDown)).windowFrame == Rect(x: 407, y: 987, width: 26, height: 13))
    }

    // MARK: A tap outside

    /// The popover of `popover` in place (presented without animation), with `anchor` added to
    /// its `popoverPresentation` and `spec` to its controller.
    func tapped(anchor: String = "", spec: String = "") throws -> World {
        var w = try iPad()
        let text = #"{"type": "present", "animated": false, "viewController": {"id": "p", "modalPresentationStyle": "popover", "preferredContentSize": {"width": 320, "height": 200}"#
            + spec + #", "popoverPresentation": {"sourceView": "share""# + anchor + "}}}"
        try w.apply(try action(text))
        return w
    }

    /// What a tap does (nil) or the pointer of the 422 it is, or the conflict of its 409.
    func refusal(_ w: World, _ tap: String) throws -> String? {
        var copy = w
        do { try copy.apply(try action(tap)); return nil } catch let e as SimulationError {
            if case .conflict(let type, _) = e.kind { return "\(type)" }
            return e.pointer
        }
    }

    /// UIKit dismisses the popover animated (its spring shrink), tells the delegate it will
    /// dismiss just after the dismissal starts, and that it did after `viewDidDisappear`.
    @Test func aTapOutsideDismissesThePopoverAnimatedAndTellsTheDelegate() throws {
        var w = try tapped()
        let seq = w.events.last?.seq ?? 0
        try w.apply(try action(#"{"type": "tapOutside", "at": 1, "location": {"x": 40, "y": 900}}"#))
        #expect(w.runningTransition?.animator == "popover" && w.runningTransition?.duration == 0.51566)
        let started = w.eventNames(after: seq)
        #expect(started.last == "presentationControllerWillDismiss:p")
        #expect(started.firstIndex(of: "viewWillDisappear:p")! < started.firstIndex(of: "presentationControllerWillDismiss:p")!)
        let mid = try #require(w.shot(1.2).root.find(role: .popover))
        let shrink = Spring.uikit(dampingRatio: 0.85, initialVelocity: 0, duration: 0.51566)
        #expect(abs(mid.transform.a - (1 + (0.01 - 1) * shrink.value(at: 0.2))) < 1e-9)
        let end = w.events.last!.seq
        w.advance(to: 2)
        let ended = w.eventNames(after: end)
        #expect(Array(ended.suffix(2)) == ["viewDidDisappear:p", "presentationControllerDidDismiss:p"])
        #expect(w.shot(2).root.find(role: .popover) == nil && w.presentationChain().isEmpty)
    }

    /// Left out, the location is the dimming view's own: the tap dismisses.
    @Test func aTapWithoutALocationDismisses() throws {
        var w = try tapped()
        try w.apply(try action(#"{"type": "tapOutside"}"#))
        w.advance(to: 1)
        #expect(w.presentationChain().isEmpty && w.eventNames().last == "presentationControllerDidDismiss:p")
    }

    /// A tap on a passthrough view reaches it: the popover stays and nothing is logged; a tap
    /// beside it dismisses.
    @Test func aTapOnAPassthroughViewLeavesThePopover() throws {
        var w = try tapped(anchor: #", "passthroughViews": ["share"]"#)
        let seq = w.events.last!.seq
        try w.apply(try action(#"{"type": "tapOutside", "location": {"x": 420, "y": 120}}"#))
        #expect(w.runningTransition == nil && w.eventNames(after: seq).isEmpty && w.presentationChain() == ["p"])
        try w.apply(try action(#"{"type": "tapOutside", "location": {"x": 441, "y": 120}}"#))
        #expect(w.runningTransition?.animator == "popover")
    }

    /// `isModalInPresentation` refuses: the delegate hears of the attempt and the popover stays.
    @Test func aModalPopoverRefusesATapOutside() throws {
        var w = try tapped(spec: #", "isModalInPresentation": true"#)
        let seq = w.events.last!.seq
        try w.apply(try action(#"{"type": "tapOutside"}"#))
        #expect(w.eventNames(after: seq) == ["presentationControllerDidAttemptToDismiss:p"])
        #expect(w.runningTransition == nil && w.presentationChain() == ["p"])
    }

    /// An action sheet in a popover goes through its cancel action, whose handler runs once it has gone.
    @Test func anActionSheetPopoverTappedOutsideCallsItsCancelHandler() throws {
        var w = try iPad()
        try w.apply(try action(#"{"type": "present", "animated": false, "viewController": {"type": "alert", "id": "s", "preferredStyle": "actionSheet", "sourceView": "share", "actions": [{"title": "Share"}, {"title": "Cancel", "style": "cancel"}]}}"#))
        try w.apply(try action(#"{"type": "tapOutside"}"#))
        w.advance(to: 1)
        let handler = try #require(w.events.last)
        #expect(handler.type == .alertActionHandler && handler.arguments.first { $0.key == "index" }?.value == .number(1))
        #expect(w.eventNames().suffix(3) == ["viewDidDisappear:s", "presentationControllerDidDismiss:s", "alertActionHandler:s"])
    }

    @Test func whatATapOutsideRefuses() throws {
        let w = try tapped()
        // Inside the popover's chrome, (260, 140, 320, 213): its content's tap.
        #expect(try refusal(w, #"{"type": "tapOutside", "location": {"x": 300, "y": 200}}"#) == "/location")
        #expect(try refusal(w, #"{"type": "tapOutside", "animated": false}"#) == "/animated")
        #expect(try refusal(w, #"{"type": "tapOutside", "interactive": true}"#) == "/interactive")
        #expect(try refusal(w, #"{"type": "tapOutside", "location": {"x": 1}}"#) == "/location/y")
        #expect(try refusal(try iPad(), #"{"type": "tapOutside"}"#) == "nothingPresented")
        var moving = try iPad()
        try moving.apply(try action(popover))
        #expect(try refusal(moving, #"{"type": "tapOutside"}"#) == "transitionInProgress")
        // On a phone the popover is the sheet card, which a tap beside does not dismiss.
        let scene = try SceneSpec.decode(json(#"{"screen": {"device": "iPhone 15"}, "root": {"id": "a", "view": {"id": "root", "children": [{"id": "share"}]}}}"#), limits: SceneLimits())
        var phone = try World(scene: scene)
        try phone.apply(try action(popover.replacingOccurrences(of: #"{"type": "present","#, with: #"{"type": "present", "animated": false,"#)))
        #expect(try refusal(phone, #"{"type": "tapOutside"}"#) == "wrongContainer")
        #expect(try pointerOfSpec(#", "passthroughViews": [""]"#) == "/viewController/popoverPresentation/passthroughViews/0")
    }

    func pointerOfSpec(_ anchor: String) throws -> String? {
        do { _ = try tapped(anchor: anchor); return nil } catch let e as SimulationError { return e.pointer }
    }
}
