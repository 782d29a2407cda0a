import JSONCodec
import Testing
@testable import TransitionCore

/// iOS 13+ sheets on an iPhone: the card's and the covered page's frames against the closed forms
/// of docs/reference.md § Sheets, UIKit's callbacks, and iOS 7's full-screen cover unchanged.
@Suite struct SheetTests {
    func world(iOS: Int) throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "iPhone 15", "iOS": \(iOS)},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    func frame(_ w: World, _ controller: String, at t: Double) throws -> Rect {
        try #require(w.shot(t).root.find(controller, "")).windowFrame
    }

    func veil(_ w: World, at t: Double) -> SnapshotNode? { w.shot(t).root.find(role: .dimming) }


    @Test func aDefaultPresentOnIOS17IsAPageSheetThatSlidesUpOverAShrinkingPage() throws {
        var w = try world(iOS: 17)
        let before = w.events.nextSeq - 1
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s"}}"#))
        #expect(w[controller: "s"].presentedStyle == .pageSheet)
        let h = 852.0, width = 393.0
        // One spring moves the card, the page and the veil (UIKit's one property animator).
        for t in [0.05, 0.1, 0.2, 0.3, 0.45] {
            let p = SheetRelease.spring.value(at: t), q = p
            let sheet = try frame(w, "s", at: t)
            #expect(abs(sheet.minY - (h - p * (h - 0.08 * h))) < 0.5, "card top at \(t)")
            #expect(abs(sheet.height - h * 0.92) < 1e-9 && sheet.width == width)
            let page = try frame(w, "nav", at: t)
            let scale = 1 - 0.0835 * q
            #expect(abs(page.width - width * scale) < 0.5, "covered width at \(t)")
            #expect(abs(page.minY - 0.07 * h * q) < 0.5, "covered top at \(t)")
            #expect(abs(page.midX - width / 2) < 1e-9, "scaled about the top centre")
            #expect(abs((veil(w, at: t)?.alpha ?? -1) - 0.1 * q) < 0.002, "veil at \(t)")
        }
        // At rest: the card 0.08 H from the top, the page at 1 − 0.0835 and 0.07 H down, the veil at 0.1.
        w.advance(to: 0.6)
        let rest = try frame(w, "s", at: 0.6)
        #expect(abs(rest.minY - 0.08 * h) < 1e-9 && abs(rest.height - 0.92 * h) < 1e-9 && rest.width == width)
        let page = try frame(w, "nav", at: 0.6)
        #expect(abs(page.minY - 0.07 * h) < 1e-9 && abs(page.width - 0.9165 * width) < 1e-9)
        #expect(veil(w, at: 0.6)?.alpha == 0.1)
        // The presenting page stays, so it hears nothing (iOS 13's sheets).
        func pageCallbacks(after seq: Int) -> [String] {
            w.eventNames(after: seq).filter { $0.hasPrefix("view") && ($0.hasSuffix(":nav") || $0.hasSuffix(":a")) }
        }
        #expect(pageCallbacks(after: before) == [])
        #expect(w.eventNames(after: before).filter { $0.hasPrefix("view") } == ["viewWillAppear:s", "viewDidAppear:s"])

        // Dismissing runs the same spring the other way, the page back to identity.
        try w.apply(try action(#"{"type": "dismiss", "at": 1}"#))
        let seq = w.events.last?.seq ?? 0
        #expect(abs(try frame(w, "s", at: 1.25).minY - (0.08 * h + 0.92 * h * SheetRelease.spring.value(at: 0.25))) < 1e-6)
        w.advance(to: 1.6)
        #expect(try frame(w, "nav", at: 1.6) == Rect(x: 0, y: 0, width: width, height: h))
        #expect(veil(w, at: 1.6) == nil)
        #expect(pageCallbacks(after: before) == [])
        #expect(w.eventNames(after: before).filter { $0.hasPrefix("view") }.suffix(2) == ["viewWillDisappear:s", "viewDidDisappear:s"])
        #expect(w.eventNames(after: seq).contains("viewDidDisappear:s"))
    }

    @Test func iOS7PresentsFullScreenAsBefore() throws {
        var w = try world(iOS: 7)
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s"}}"#))
        #expect(w[controller: "s"].presentedStyle == .fullScreen)
        #expect(w.runningTransition?.animator == "coverVertical")
        w.advance(to: 1)
        #expect(try frame(w, "s", at: 1) == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(w.eventNames().contains("viewDidDisappear:nav"))
        // A sheet asked for before iOS 13 is a full-screen cover.
        var old = try world(iOS: 12)
        try old.apply(try action(#"{"type": "present", "modalPresentationStyle": "formSheet", "viewController": {"id": "s"}}"#))
        #expect(old[controller: "s"].presentedStyle == .fullScreen)
    }

    @Test func aSheetPresentedWithoutAnimationRestsWhereTheAnimationEnds() throws {
        var animated = try world(iOS: 17)
        try animated.apply(try action(#"{"type": "present", "viewController": {"id": "s"}}"#))
        animated.advance(to: 1)
        var instant = try world(iOS: 17)
        try instant.apply(try action(#"{"type": "present", "animated": false, "modalPresentationStyle": "formSheet", "viewController": {"id": "s"}}"#))
        instant.advance(to: 1)
        #expect(try frame(instant, "s", at: 1) == (try frame(animated, "s", at: 1)))
        #expect(try frame(instant, "nav", at: 1) == (try frame(animated, "nav", at: 1)))
        #expect(veil(instant, at: 1)?.alpha == veil(animated, at: 1)?.alpha)
        // …and an animated dismissal finds its veil and takes it away.
        try instant.apply(try action(#"{"type": "dismiss"}"#))
        instant.advance(to: 2)
        #expect(veil(instant, at: 2) == nil)
        #expect(try frame(instant, "nav", at: 2) == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(instant.presentationChain().isEmpty)
    }

    /// A presented sheet at rest, pulled by a `pan` from t = 1: samples (t, dy, vy).
    func pulled(_ samples: [(Double, Double, Double)], released: Bool = true) throws -> World {
        var w = try world(iOS: 17).presenting()
        w.advance(to: 1)
        for (i, (t, dy, vy)) in samples.enumerated() {
            let phase = i == 0 ? "began" : i == samples.count - 1 && released ? "ended" : "changed"
            try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": 0, "y": \#(dy)}, "velocity": {"x": 0, "y": \#(vy)}}"#))
        }
        return w
    }

    @Test func aPulledSheetFollowsTheFingerAndGoesFromHalfway() throws {
        let h = 852.0, sheet = 0.92 * h, top = 0.08 * h
        var w = try pulled([(1, 0, 0), (1.1, 0.6 * sheet, 100), (1.2, 0.6 * sheet, 100)])
        // While pulled, the card is where the finger is and the page comes back in proportion.
        let during = try pulled([(1, 0, 0), (1.1, 0.3 * sheet, 100)], released: false)
        #expect(abs(try frame(during, "s", at: 1.15).minY - (top + 0.3 * sheet)) < 1e-6)
        #expect(abs(try frame(during, "nav", at: 1.15).minY - 0.07 * h * 0.7) < 1e-6)
        #expect(abs((veil(during, at: 1.15)?.alpha ?? -1) - 0.1 * 0.7) < 1e-9)
        // 60 %, coasting 9.9 pt more: nearer the dismissed position, it goes, on the sheet's
        // spring from where the finger left it.
        #expect(w.gesture?.decision == .finish && w.gesture?.reason == .threshold)
        let mid = 1.2 + 0.15
        #expect(abs(try frame(w, "s", at: mid).minY - (top + sheet * (0.6 + 0.4 * SheetRelease.spring.value(at: 0.15)))) < 1e-6)
        w.advance(to: 1.8)
        #expect(w.presentationChain().isEmpty)
        #expect(try frame(w, "nav", at: 1.8) == Rect(x: 0, y: 0, width: 393, height: h))
        let names = w.eventNames()
        let will = try #require(names.firstIndex(of: "presentationControllerWillDismiss:s"))
        let did = try #require(names.firstIndex(of: "presentationControllerDidDismiss:s"))
        #expect(will < names.firstIndex(of: "viewWillDisappear:s")! && did > names.firstIndex(of: "viewDidDisappear:s")!)
        // Released at rest, it goes from halfway (a tie goes to the lower card) and stays short of it.
        for (share, goes) in [(0.5, true), (0.49, false)] {
            let still = try pulled([(1, 0, 0), (1.1, share * sheet, 0), (1.2, share * sheet, 0)])
            #expect(still.gesture?.decision == (goes ? .finish : .cancel), "released at rest at \(share)")
        }
    }

    @Test func aShortPullStaysAndAFastReleaseGoes() throws {
        // 30 % released slowly: the sheet springs back, and the delegate hears no DidDismiss.
        var stays = try pulled([(1, 0, 0), (1.1, 0.3 * 783.84, 50), (1.2, 0.3 * 783.84, 50)])
        #expect(stays.gesture?.decision == .cancel)
        stays.advance(to: 1.8)
        #expect(stays.presentationChain() == ["s"])
        #expect(abs(try frame(stays, "s", at: 1.8).minY - 0.08 * 852) < 1e-6)
        #expect(stays.eventNames().contains("presentationControllerWillDismiss:s"))
        #expect(!stays.eventNames().contains("presentationControllerDidDismiss:s"))
        #expect(stays.eventNames().suffix(4).contains("viewDidAppear:s"), "a cancelled pull gives the sheet its appear callbacks back")
        // 10 % at 1000 pt/s downward: still nearer its rest after coasting 99 pt, which it has
        // passed going down: it steps on, and goes.
        var flung = try pulled([(1, 0, 0), (1.05, 0.1 * 783.84, 1000), (1.06, 0.1 * 783.84, 1000)])
        #expect(flung.gesture?.decision == .finish && flung.gesture?.reason == .velocity)
        flung.advance(to: 1.8)
        #expect(flung.presentationChain().isEmpty)
    }

    /// UIKit's sheet steps on from 1000 pt/s (`SheetSpeedThreshold`), whatever the card's height:
    /// on an 800 × 600 screen, 50 pt down of a 552 pt card.
    @Test func aReleaseStepsOnFrom1000PointsASecond() throws {
        for (speed, goes) in [(1000.0, true), (999.0, false)] {
            var w = try World(scene: try SceneSpec.decode(json("""
            {"screen": {"width": 800, "height": 600, "scale": 1, "iOS": 17},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a"}]}}
            """), limits: SceneLimits())).presenting()
            w.advance(to: 1)
            for (phase, t) in [("began", 1.0), ("changed", 1.05), ("ended", 1.1)] {
                let dy = phase == "began" ? 0 : 50
                try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": 0, "y": \#(dy)}, "velocity": {"x": 0, "y": \#(speed)}}"#))
            }
            #expect(w.gesture?.decision == (goes ? .finish : .cancel), "released at \(speed) pt/s")
            #expect(w.gesture?.reason == (goes ? .velocity : .threshold))
        }
        // 60 % down released upward at 1500 pt/s: it coasts back past halfway and stays.
        let back = try pulled([(1, 0, 0), (1.1, 0.6 * 783.84, 0), (1.2, 0.6 * 783.84, -1500)])
        #expect(back.gesture?.decision == .cancel && back.gesture?.reason == .velocity)
    }

    @Test func aModalSheetRefusesThePullAndTellsTheDelegate() throws {
        var w = try world(iOS: 17)
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s", "isModalInPresentation": true}}"#))
        w.advance(to: 1)
        let seq = w.events.nextSeq - 1
        for (phase, t, dy) in [("began", 1.0, 0.0), ("changed", 1.1, 500.0), ("ended", 1.2, 500.0)] {
            try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": 0, "y": \#(dy)}, "velocity": {"x": 0, "y": 3000}}"#))
        }
        #expect(w.eventNames(after: seq) == ["presentationControllerDidAttemptToDismiss:s"])
        #expect(w.presentationChain() == ["s"] && w.runningTransition == nil)
        #expect(abs(try frame(w, "s", at: 1.3).minY - 0.08 * 852) < 1e-9)
        // A dismissal asked for in code still works.
        try w.apply(try action(#"{"type": "dismiss", "at": 1.3}"#))
        w.advance(to: 2)
        #expect(w.presentationChain().isEmpty)
    }

    @Test func aPanOnAFullScreenPresentationIsNoPull() throws {
        var w = try world(iOS: 17)
        try w.apply(try action(#"{"type": "present", "animated": false, "modalPresentationStyle": "fullScreen", "viewController": {"id": "s"}}"#))
        let error = #expect(throws: SimulationError.self) {
            try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "began", "at": 1, "translation": {"x": 0, "y": 0}}"#))
        }
        #expect(error != nil)
    }

    @Test func aSheetOverASheetLiftsTheCoveredCard() throws {
        let h = 852.0, card = 0.92 * h
        var w = try world(iOS: 17).presenting()
        try w.apply(try action(#"{"type": "present", "at": 1, "viewController": {"id": "s2"}}"#))
        w.advance(to: 2)
        let covered = try frame(w, "s", at: 2), top = try frame(w, "s2", at: 2)
        #expect(abs(covered.minY - (0.08 * h - 0.005 * card)) < 1e-9, "the covered card lifts 0.005 of its height")
        #expect(abs(covered.width - 393 * 0.9165) < 1e-9 && abs(covered.midX - 196.5) < 1e-9)
        #expect(abs(top.minY - (0.08 * h - 0.02 * card)) < 1e-9, "the new card ends 0.02 of its height higher")
        // The page under both stays as the first sheet left it.
        #expect(abs(try frame(w, "nav", at: 2).minY - 0.07 * h) < 1e-9)
        // Dismissing the top card puts the first back; without animation it rests the same way.
        try w.apply(try action(#"{"type": "dismiss"}"#))
        w.advance(to: 3)
        #expect(abs(try frame(w, "s", at: 3).minY - 0.08 * h) < 1e-9)
        var instant = try world(iOS: 17).presenting()
        instant.advance(to: 1)
        try instant.apply(try action(#"{"type": "present", "animated": false, "viewController": {"id": "s2"}}"#))
        #expect(try frame(instant, "s", at: 1) == covered)
        #expect(try frame(instant, "s2", at: 1) == top)
    }

    @Test func aMediumDetentRestsAtHalfHeightAndTheUndimmedPageStaysAsItIs() throws {
        let h = 852.0
        var w = try world(iOS: 17)
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s", "sheet": {"detents": ["large", "medium"], "largestUndimmedDetent": "medium"}}}"#))
        w.advance(to: 1)
        let card = try frame(w, "s", at: 1)
        #expect(abs(card.minY - (h - 0.46 * h)) < 1e-9 && abs(card.maxY - h) < 1e-9, "medium: half the large card, down to the bottom")
        #expect(try frame(w, "nav", at: 1) == Rect(x: 0, y: 0, width: 393, height: h), "undimmed: the page is not shrunk")
        #expect(veil(w, at: 1)?.alpha == 0)
        // Selected large with the same undimmed limit: the usual card, dimmed.
        var large = try world(iOS: 17)
        try large.apply(try action(#"{"type": "present", "animated": false, "viewController": {"id": "s", "sheet": {"detents": ["medium", "large"], "selectedDetent": "large", "largestUndimmedDetent": "medium"}}}"#))
        #expect(abs(try frame(large, "s", at: 0).minY - 0.08 * h) < 1e-9)
        #expect(veil(large, at: 0)?.alpha == 0.1)
        // A pull on the medium card dismisses it like any sheet.
        for (phase, t, dy) in [("began", 1.0, 0.0), ("changed", 1.1, 300.0), ("ended", 1.2, 300.0)] {
            try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": 0, "y": \#(dy)}}"#))
        }
        #expect(w.gesture?.decision == .finish, "300 pt of a 392 pt card is past 48 %")
    }

    @Test(arguments: [
        (#"{"detents": ["small"]}"#, "/viewController/sheet/detents/0", 17),
        (#"{"detents": []}"#, "/viewController/sheet/detents", 17),
        (#"{"detents": ["medium"], "selectedDetent": "large"}"#, "/viewController/sheet/selectedDetent", 17),
        (#"{"largestUndimmedDetent": "half"}"#, "/viewController/sheet/largestUndimmedDetent", 17),
        (#"{"detents": ["medium"]}"#, "/viewController/sheet", 14),
    ])
    func badDetentsNameTheField(sheet: String, pointer: String, iOS: Int) throws {
        var w = try world(iOS: iOS)
        let thrown = #expect(throws: (any Error).self) {
            try w.apply(try action(#"{"type": "present", "viewController": {"id": "s", "sheet": \#(sheet)}}"#))
        }
        let found = (thrown as? SimulationError)?.pointer
        #expect(found == pointer, "\(sheet)")
    }

    @Test func anUnknownStyleNamesTheField() throws {
        var w = try world(iOS: 17)
        let error = #expect(throws: SimulationError.self) {
            try w.apply(try action(#"{"type": "present", "modalPresentationStyle": "currentContext", "viewController": {"id": "s"}}"#))
        }
        #expect(error?.pointer == "/modalPresentationStyle")
    }
}

extension World {
    /// The world with a default sheet presentation started at its time.
    func presenting() throws -> World {
        var w = self
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s"}}"#))
        return w
    }
}
