import JSONCodec
import Testing
@testable import TransitionCore

/// The rounded corners of a sheet (docs/reference.md § Sheets): the card's top corners 10 pt
/// (UIKit's `_UISheetPresentationMetrics -cornerRadius`) and clipped, the covered page's corners
/// from the screen's (0.9 × the top safe-area inset when over 20 pt, else 0) to 12 pt (Flutter's
/// fit of iOS 18) along the sheet's spring.
@Suite struct SheetCornerTests {
    func world(_ screen: String) throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": \(screen), "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    func layer(_ w: World, _ controller: String, at t: Double) throws -> LayerProperties {
        try #require(w.shot(t).root.find(controller, "")).layer
    }

    @Test func theCardRoundsItsTopCornersAndThePageRoundsAsItShrinks() throws {
        var w = try world(#"{"device": "iPhone 15", "iOS": 17}"#)
        let device = 0.9 * w.display.safeArea.top
        #expect(device > 20, "the iPhone 15 has rounded screen corners")
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s"}}"#))
        for t in [0.0, 0.1, 0.25, 0.4, 0.5] {
            let card = try layer(w, "s", at: t)
            #expect(card.cornerRadius == 10 && card.maskedCorners == .top && card.clipsToBounds, "card at \(t)")
            let q = SheetRelease.spring.value(at: t)
            let page = try layer(w, "nav", at: t)
            #expect(abs(page.cornerRadius - (device + (12 - device) * q)) < 0.5, "page radius at \(t)")
            #expect(page.maskedCorners == .all)
        }
        // Dismissed, the page's corners go back the same way and end square.
        try w.apply(try action(#"{"type": "dismiss", "at": 1}"#))
        let q = SheetRelease.spring.value(at: 0.25)
        #expect(abs(try layer(w, "nav", at: 1.25).cornerRadius - (12 + (device - 12) * q)) < 0.5)
        w.advance(to: 2)
        #expect(try layer(w, "nav", at: 2) == .defaults)
    }

    @Test func aScreenWithSquareCornersStartsThePageFromZero() throws {
        var w = try world(#"{"width": 375, "height": 667, "iOS": 13}"#)
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s"}}"#))
        let q = SheetRelease.spring.value(at: 0.2)
        #expect(abs(try layer(w, "nav", at: 0.2).cornerRadius - 12 * q) < 0.5)
        #expect(try layer(w, "nav", at: 1).cornerRadius == 12)
    }

    @Test func withoutAnimationTheCornersRestAsTheAnimationLeavesThem() throws {
        var w = try world(#"{"device": "iPhone 15", "iOS": 17}"#)
        try w.apply(try action(#"{"type": "present", "animated": false, "viewController": {"id": "s"}}"#))
        let card = try layer(w, "s", at: 0)
        #expect(card.cornerRadius == 10 && card.maskedCorners == .top && card.clipsToBounds)
        #expect(try layer(w, "nav", at: 0).cornerRadius == 12)
        try w.apply(try action(#"{"type": "dismiss", "animated": false}"#))
        #expect(try layer(w, "nav", at: 0) == .defaults)
    }

    @Test func aCoveredCardKeepsItsTopCornersAndAnUndimmedPageStaysSquare() throws {
        var w = try world(#"{"device": "iPhone 15", "iOS": 17}"#)
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s"}}"#))
        try w.apply(try action(#"{"type": "present", "at": 1, "viewController": {"id": "s2"}}"#))
        for t in [1.1, 1.3, 2] {
            let covered = try layer(w, "s", at: t)
            #expect(covered.cornerRadius == 10 && covered.maskedCorners == .top, "covered card at \(t)")
        }
        try w.apply(try action(#"{"type": "dismiss", "at": 2}"#))
        w.advance(to: 3)
        #expect(try layer(w, "s", at: 3).cornerRadius == 10)
        var undimmed = try world(#"{"device": "iPhone 15", "iOS": 17}"#)
        try undimmed.apply(try action(#"{"type": "present", "viewController": {"id": "s", "sheet": {"detents": ["medium"], "largestUndimmedDetent": "medium"}}}"#))
        for t in [0.0, 0.2, 1] { #expect(try layer(undimmed, "nav", at: t) == .defaults, "undimmed page at \(t)") }
    }

    @Test func maskedCornersReadsCornerNamesAndIsSwitchedNotAnimated() throws {
        var r = try SpecReader(json(#"{"maskedCorners": ["maxXMaxY", "minXMinY"]}"#), at: "")
        #expect(try LayerProperties.decode(&r).maskedCorners == [.maxXMaxY, .minXMinY])
        for (bad, pointer) in [(#"["top"]"#, "/maskedCorners/0"), (#"["minXMinY", "minXMinY"]"#, "/maskedCorners/1"), ("3", "/maskedCorners")] {
            var b = try SpecReader(json(#"{"maskedCorners": \#(bad)}"#), at: "")
            let error = #expect(throws: SimulationError.self) { try LayerProperties.decode(&b) }
            #expect(error?.pointer == pointer, "\(bad)")
        }
        var w = try world(#"{"device": "iPhone 15", "iOS": 17}"#)
        let error = #expect(throws: SimulationError.self) {
            try w.apply(try action(#"""
            {"type": "present", "viewController": {"id": "s"}, "animator": {"spec":
             {"duration": 0.3, "animations": [{"duration": 0.3, "changes": [{"view": "to", "maskedCorners": []}]}]}}}
            """#))
        }
        #expect(error?.pointer == "/animator/spec/animations/0/changes/0/maskedCorners")
    }
}
