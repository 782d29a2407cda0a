import JSONCodec
import Testing
@testable import TransitionCore

/// A form sheet in regular width (docs/semantics.md § Modal presentation): a card of UIKit's
/// default size for the screen (`-defaultFormSheetSizeForScreenSize:`, 580 × 640 pt on an iPad of
/// 1180 pt) centred, its corners 10 pt, rising on the sheet's spring over a black veil going to 0.4
/// (an estimate), the page under it left as it is.
@Suite struct FormSheetTests {
    let width = 820.0, h = 1180.0

    func iPad() throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "iPad (10th)"},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    @Test func aFormSheetOnAnIPadIsACentredCardOverAVeil() throws {
        var w = try iPad()
        try w.apply(try action(#"{"type": "present", "modalPresentationStyle": "formSheet", "viewController": {"id": "s"}}"#))
        #expect(w.runningTransition?.animator == "formSheet")
        let rest = (h - 640) / 2
        for t in [0.05, 0.15, 0.3, 0.45] {
            let p = SheetRelease.spring.value(at: t), q = p
            let shot = w.shot(t)
            let card = try #require(shot.root.find("s", ""))
            #expect(abs(card.windowFrame.minX - 120) < 1e-9 && card.windowFrame.width == 580 && card.windowFrame.height == 640)
            #expect(abs(card.windowFrame.minY - (h - p * (h - rest))) < 0.5, "card top at \(t)")
            #expect(card.layer.cornerRadius == 10 && card.layer.maskedCorners == .all && card.layer.clipsToBounds)
            #expect(abs((shot.root.find(role: .dimming)?.alpha ?? -1) - 0.4 * q) < 0.002, "veil at \(t)")
            let page = try #require(shot.root.find("nav", ""))
            #expect(page.windowFrame == Rect(x: 0, y: 0, width: width, height: h) && page.layer == .defaults, "the page stays")
        }
        w.advance(to: 1)
        #expect(try #require(w.shot(1).root.find("s", "")).windowFrame == Rect(x: 120, y: rest, width: 580, height: 640))
        // Without animation it rests the same way.
        var instant = try iPad()
        try instant.apply(try action(#"{"type": "present", "animated": false, "modalPresentationStyle": "formSheet", "viewController": {"id": "s"}}"#))
        #expect(try #require(instant.shot(0).root.find("s", "")).windowFrame == Rect(x: 120, y: rest, width: 580, height: 640))
        #expect(instant.shot(0).root.find(role: .dimming)?.alpha == 0.4)
        // A pull past half the card's height takes it away.
        for (phase, t, dy) in [("began", 1.0, 0.0), ("changed", 1.1, 320.0), ("ended", 1.2, 320.0)] {
            try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "\#(phase)", "at": \#(t), "translation": {"x": 0, "y": \#(dy)}}"#))
        }
        #expect(w.gesture?.decision == .finish)
        w.advance(to: 2)
        #expect(w.shot(2).root.find("s", "") == nil && w.shot(2).root.find(role: .dimming) == nil)
    }

    /// `-defaultFormSheetSizeForScreenSize:` by the screen's longest side, each threshold from both
    /// sides (1590 itself is the large size: UIKit compares `>= 1590`).
    @Test func theDefaultSizeFollowsTheScreensLongestSide() {
        for (screen, size) in [(Size(width: 768, height: 1024), Size(width: 540, height: 600)),
                               (Size(width: 1024, height: 768), Size(width: 540, height: 600)),
                               (Size(width: 768, height: 1024.5), Size(width: 580, height: 640)),
                               (Size(width: 820, height: 1180), Size(width: 580, height: 640)),
                               (Size(width: 1100, height: 1589.5), Size(width: 580, height: 640)),
                               (Size(width: 1100, height: 1590), Size(width: 620, height: 680)),
                               (Size(width: 1366, height: 1024), Size(width: 580, height: 640))] {
            #expect(FormSheetParameters.defaultSize(forScreen: screen) == size, "\(screen)")
        }
    }

    @Test func pageSheetsOnAnIPadAndFormSheetsOnAPhoneAreThePhoneCard() throws {
        var w = try iPad()
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s"}}"#))
        #expect(w[controller: "s"].presentedStyle == .pageSheet && w.runningTransition?.animator == "sheet")
        let scene = try SceneSpec.decode(json(#"{"screen": {"device": "iPhone 15"}, "root": {"id": "a"}}"#), limits: SceneLimits())
        var phone = try World(scene: scene)
        try phone.apply(try action(#"{"type": "present", "modalPresentationStyle": "formSheet", "viewController": {"id": "s"}}"#))
        #expect(phone.runningTransition?.animator == "sheet")
    }

    @Test func theGrabberIsCentredOnTheFormSheet() throws {
        var w = try iPad()
        try w.apply(try action(#"{"type": "present", "animated": false, "modalPresentationStyle": "formSheet", "viewController": {"id": "s", "sheet": {"prefersGrabberVisible": true}}}"#))
        let grabber = try #require(w.shot(0).root.find(role: .sheetGrabber)).windowFrame
        #expect(abs(grabber.midX - width / 2) < 1e-9 && abs(grabber.minY - ((h - 640) / 2 + 5)) < 1e-9)
    }

    @Test func aFormSheetCardHasNoDetentsToSelect() throws {
        var w = try iPad()
        try w.apply(try action(#"{"type": "present", "animated": false, "modalPresentationStyle": "formSheet", "viewController": {"id": "s", "sheet": {"detents": ["medium", "large"]}}}"#))
        let error = #expect(throws: SimulationError.self) {
            try w.apply(try action(#"{"type": "selectDetent", "viewController": "s", "detent": "medium"}"#))
        }
        if case .conflict(let type, _)? = error?.kind { #expect(type == "detent-unavailable") } else { Issue.record("not a conflict") }
    }
}
