import JSONCodec
import Testing
@testable import TransitionCore

/// A presented container controller lays its views out in the frame its view is given, not in
/// the screen (docs/semantics.md § Views and layout): its content view and its shown child's view
/// fill the card, its bars span the card's width, and they follow the card's size when a detent
/// changes, on the card's own curve.
@Suite struct PresentedContainerLayoutTests {
    /// An 800 × 600 screen on iOS 17 showing `home`.
    func world(_ screen: String = #"{"width": 800, "height": 600, "iOS": 17}"#) throws -> World {
        try World(scene: try SceneSpec.decode(json(#"{"screen": \#(screen), "root": {"id": "home"}}"#), limits: SceneLimits()))
    }

    static let navSpec = #"{"type": "navigation", "id": "nav", "viewControllers": [{"id": "list", "title": "List", "view": {"id": "root", "kind": "table"}}]"#

    func windowFrame(_ w: World, _ controller: String?, _ path: String = "", at t: Double) throws -> Rect {
        try #require(w.shot(t).root.find(controller, path), "\(controller ?? "-") \(path)").windowFrame
    }

    func role(_ w: World, _ role: ViewRole, at t: Double) throws -> SnapshotNode {
        try #require(w.shot(t).root.find(role: role))
    }

    /// Whether two rects agree to 1e-9 pt.
    func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
    }

    @Test func aNavigationControllerInAPageSheetLaysItsPageOutInTheCard() throws {
        var w = try world()
        try w.apply(try action(#"{"type": "present", "animated": false, "viewController": \#(Self.navSpec)}}"#))
        // The card: 0.92 of the 600 pt height, its top 0.08 × 600 = 48 pt down (§ Modal presentation).
        let card = Rect(x: 0, y: 48, width: 800, height: 552)
        #expect(try windowFrame(w, "nav", at: 0) == card)
        let content = try #require(w.shot(0).root.find(nil, "nav.container")).windowFrame
        #expect(content == card, "the transition view fills the card (it was 600 pt tall)")
        #expect(try windowFrame(w, "list", at: 0) == card, "the page fills the card")
        #expect(try role(w, .navigationBar, at: 0).windowFrame.width == 800)
        // A push lays the pushed page out in the card too, and a pop brings the root back there.
        try w.apply(try action(#"{"type": "push", "animated": false, "viewController": {"id": "detail"}}"#))
        #expect(try windowFrame(w, "detail", at: 0) == card)
        try w.apply(try action(#"{"type": "pop", "animated": false}"#))
        #expect(try windowFrame(w, "list", at: 0) == card)
    }

    @Test func theAnimatedPresentationSlidesThePageUpAtTheCardsSize() throws {
        var w = try world()
        try w.apply(try action(#"{"type": "present", "viewController": \#(Self.navSpec)}}"#))
        for t in [0, 0.1, 0.25, 0.49, 0.6] {
            let card = try windowFrame(w, "nav", at: t)
            #expect(abs(card.height - 552) < 1e-9)
            #expect(close(try windowFrame(w, "list", at: t), card), "t = \(t)")
        }
    }

    @Test func thePageFollowsTheCardBetweenDetentsOnTheDetentSpring() throws {
        var w = try world()
        try w.apply(try action(#"{"type": "present", "viewController": \#(Self.navSpec), "sheet": {"detents": ["medium", "large"]}}}"#))
        w.advance(to: 1)
        // Medium: half the large card (276 pt), its bottom at the screen's.
        #expect(close(try windowFrame(w, "list", at: 1), Rect(x: 0, y: 324, width: 800, height: 276)))
        try w.apply(try action(#"{"type": "selectDetent", "viewController": "nav", "detent": "large"}"#))
        let spring = Spring.system
        for dt in [0.0, 0.03, 0.1, 0.2, 0.4] {
            let top = 324 + (48 - 324) * spring.value(at: dt)
            let expected = Rect(x: 0, y: top, width: 800, height: 600 - top)
            #expect(close(try windowFrame(w, "nav", at: 1 + dt), expected, 1e-6), "card at +\(dt)")
            #expect(close(try windowFrame(w, "list", at: 1 + dt), expected, 1e-6), "page at +\(dt)")
            let content = try #require(w.shot(1 + dt).root.find(nil, "nav.container")).windowFrame
            #expect(close(content, expected, 1e-6), "content view at +\(dt)")
        }
        w.advance(to: 2)
        #expect(try windowFrame(w, "list", at: 2) == Rect(x: 0, y: 48, width: 800, height: 552))
        #expect(w.animations.animationCount == 0, "the following animations end with the card's")
    }

    @Test func aPullBetweenDetentsResizesThePageWithTheFinger() throws {
        var w = try world()
        try w.apply(try action(#"{"type": "present", "viewController": \#(Self.navSpec), "sheet": {"detents": ["medium", "large"]}}}"#))
        w.advance(to: 1)
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "began", "at": 1}"#))
        try w.apply(try action(#"{"type": "gesture", "recognizer": "pan", "phase": "changed", "at": 1.1, "translation": {"x": 0, "y": -100}}"#))
        let card = try windowFrame(w, "nav", at: 1.1)
        #expect(abs(card.minY - 224) < 1e-9 && abs(card.height - 376) < 1e-9, "the card's top follows the finger")
        #expect(try windowFrame(w, "list", at: 1.1) == card)
    }

    @Test func aTabBarControllerInAFormSheetLaysOutItsBarsInTheCard() throws {
        var w = try world(#"{"device": "iPad (10th)"}"#)
        try w.apply(try action(#"""
        {"type": "present", "animated": false, "modalPresentationStyle": "formSheet", "viewController":
         {"type": "tabBar", "id": "tabs", "viewControllers": [
           {"type": "navigation", "id": "nav", "title": "A", "viewControllers": [{"id": "a", "title": "Alpha"}]},
           {"id": "b", "title": "B"}]}}
        """#))
        // The form sheet: UIKit's 580 × 640 for a screen of 1180 pt, centred on the 820 × 1180 screen.
        let card = Rect(x: 120, y: 270, width: 580, height: 640)
        #expect(try windowFrame(w, "tabs", at: 0) == card)
        #expect(try windowFrame(w, "nav", at: 0) == card)
        #expect(try windowFrame(w, "a", at: 0) == card)
        let shot = w.shot(0).root
        let bar = try #require(shot.find(role: .navigationBar))
        #expect(bar.windowFrame == Rect(x: 120, y: 270 + 24, width: 580, height: 44))
        // "Alpha" at 8.5 pt a character, centred in the card's bar.
        let title = try #require(shot.find(role: .navigationTitle))
        #expect(title.windowFrame == Rect(x: 120 + (580 - 42.5) / 2, y: 294, width: 42.5, height: 44))
        // The tab bar: 49 pt above the 20 pt home indicator inset, at the card's bottom.
        let tabBar = try #require(shot.find(role: .tabBar))
        #expect(tabBar.windowFrame == Rect(x: 120, y: 910 - 69, width: 580, height: 69))
        let items = tabBar.children.filter { $0.role == .tabBarItem }.map(\.windowFrame)
        #expect(items == [Rect(x: 120, y: 841, width: 290, height: 49), Rect(x: 410, y: 841, width: 290, height: 49)])
    }

    @Test func anAnimatorsOwnSizeIsTheFrameThePageFills() throws {
        var w = try world()
        try w.apply(try action(#"""
        {"type": "present", "modalPresentationStyle": "custom", "viewController": \#(Self.navSpec)}, "animator": {"spec":
         {"duration": 0.4, "setup": [{"set": "to", "frame": {"x": 100, "y": 600, "width": 300, "height": 200}}, {"add": "to"}],
          "animations": [{"duration": 0.4, "curve": "linear",
            "changes": [{"view": "to", "frame": {"x": 100, "y": 100, "width": 600, "height": 400}}],
            "completion": [{"completeTransition": true}]}]}}}
        """#))
        for t in [0, 0.1, 0.2, 0.3] {
            let p = t / 0.4
            let expected = Rect(x: 100, y: 600 - 500 * p, width: 300 + 300 * p, height: 200 + 200 * p)
            #expect(close(try windowFrame(w, "nav", at: t), expected, 1e-9), "card at \(t)")
            #expect(close(try windowFrame(w, "list", at: t), expected, 1e-9), "page at \(t)")
        }
        w.advance(to: 1)
        #expect(try windowFrame(w, "list", at: 1) == Rect(x: 100, y: 100, width: 600, height: 400))
        #expect(try role(w, .navigationBar, at: 1).windowFrame.width == 600)
    }
}
