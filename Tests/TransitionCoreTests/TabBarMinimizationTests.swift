import JSONCodec
import Testing
@testable import TransitionCore

/// iOS 26 screens: the iPhone 17 profiles, the floating tab bar and its minimization as the
/// selected tab's content is dragged (docs/semantics.md § iOS 26).
@Suite struct TabBarMinimizationTests {
    func world(_ screen: String = #"{"device": "iPhone 17 Pro"}"#, behavior: String? = "onScrollDown") throws -> World {
        let member = behavior.map { #", "tabBarMinimizeBehavior": "\#($0)""# } ?? ""
        let scene = try SceneSpec.decode(json("""
        {"screen": \(screen),
         "root": {"type": "tabBar", "id": "tabs"\(member), "viewControllers": [
           {"type": "navigation", "id": "nav", "title": "A", "viewControllers": [
             {"id": "a", "title": "A", "view": {"id": "list", "kind": "table"}}]},
           {"id": "b", "title": "B"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    func drag(_ w: inout World, _ y: Double, ended: Bool = false) throws {
        try w.apply(try action(#"{"type": "scroll", "viewController": "a", "view": "", "contentOffset": {"x": 0, "y": \#(y)}, "drag": "\#(ended ? "ended" : "moved")"}"#))
    }

    func bar(_ w: World) throws -> SnapshotNode { try #require(w.shot(w.now).root.find(role: .tabBar)) }

    func state(_ w: World) throws -> FloatingTabBarState { try #require(w.shot(w.now).controllers.tabBar) }

    @Test(arguments: [
        ("iPhone 17", 402.0, 874.0, 62.0),
        ("iPhone Air", 420, 912, 68),
        ("iPhone 17 Pro", 402, 874, 62),
        ("iPhone 17 Pro Max", 440, 956, 62),
    ])
    func theIPhone17ProfilesAreIOS26(device: String, width: Double, height: Double, top: Double) throws {
        let w = try world(#"{"device": "\#(device)"}"#, behavior: nil)
        #expect(w.display.iOS == 26 && w.screen == Size(width: width, height: height) && w.display.scale == 3)
        #expect(w.display.safeArea == EdgeInsets(top: top, left: 0, bottom: 34, right: 0))
        #expect(DeviceProfile.named(device)?.displayCornerRadius == 62)
        // The floating capsule, expanded: inset from the sides and the bottom, its ends round.
        let b = try bar(w)
        let m = FloatingTabBarLayout.margin, h = FloatingTabBarLayout.height
        #expect(b.windowFrame == Rect(x: m, y: height - m - h, width: width - 2 * m, height: h))
        #expect(b.layer.cornerRadius == h / 2)
        let s = try state(w)
        #expect(s.minimizeBehavior == "automatic" && s.state == "expanded" && s.progress == 0)
    }

    @Test func anEarlierIOSKeepsTheBarOfIOS18() throws {
        let w = try world(#"{"device": "iPhone 17 Pro", "iOS": 18}"#, behavior: nil)
        #expect(try bar(w).windowFrame == Rect(x: 0, y: 874 - 83, width: 402, height: 83))
        #expect(try bar(w).layer.cornerRadius == 0)
        #expect(w.shot(0).controllers.tabBar == nil)
        // The behaviour does not exist there.
        #expect(throws: SimulationError.self) { try world(#"{"device": "iPhone 17 Pro", "iOS": 18}"#) }
    }

    @Test func onScrollDownMinimizesPastTheThresholds() throws {
        var w = try world()
        let activation = ScrollAwayInteraction.activationDistance, active = ScrollAwayInteraction.activeDistance
        let expanded = try bar(w).windowFrame
        let seq = w.events.last?.seq ?? 0
        try drag(&w, activation - 1)
        #expect(try state(w).progress == 0 && w.eventNames(after: seq).isEmpty, "short of the activation distance nothing moves")
        try drag(&w, activation + active / 2)
        #expect(try state(w).progress == 0.5 && (try state(w)).state == "expanded")
        let half = try bar(w).windowFrame
        #expect(half.width == (expanded.width + FloatingTabBarLayout.height) / 2 && half.minX == expanded.minX && half.minY == expanded.minY)
        try drag(&w, activation + active)
        #expect(try state(w).state == "minimized" && (try state(w)).progress == 1)
        #expect(try bar(w).windowFrame.width == FloatingTabBarLayout.height, "a circle as tall as the bar")
        // Only the selected tab's item shows, filling the circle.
        let items = try bar(w).children.filter { $0.role == .tabBarItem }
        #expect(items.map(\.hidden) == [false, true] && items[0].frame.width == FloatingTabBarLayout.height)
        #expect(w.eventNames(after: seq) == ["tabBarMinimizeProgressDidChange:tabs", "tabBarMinimizeProgressDidChange:tabs"])
        // The finger lifts: it stays minimized.
        try drag(&w, activation + active, ended: true)
        #expect(try state(w).state == "minimized")
    }

    @Test func aDragEndingBetweenSnapsBack() throws {
        var w = try world()
        try drag(&w, ScrollAwayInteraction.activationDistance + 40)
        #expect(try state(w).progress > 0)
        try drag(&w, ScrollAwayInteraction.activationDistance + 40, ended: true)
        #expect(try state(w).progress == 0)
        let last = try #require(w.events.last)
        #expect(last.type == .tabBarMinimizeProgressDidChange)
        #expect(last.arguments.map(\.key) == ["progress", "tracking", "state"])
    }

    @Test func neverAndAutomaticStayExpanded() throws {
        for behavior in ["never", "automatic"] {
            var w = try world(behavior: behavior)
            try drag(&w, 500)
            #expect(try state(w).progress == 0 && (try state(w)).minimizeBehavior == behavior)
        }
    }

    @Test func theAppsOwnScrollMinimizesNothing() throws {
        var w = try world()
        try w.apply(try action(#"{"type": "scroll", "viewController": "a", "view": "", "contentOffset": {"x": 0, "y": 500}}"#))
        #expect(try state(w).progress == 0)
    }

    @Test func selectingAnotherTabExpandsTheBar() throws {
        var w = try world()
        try drag(&w, 200, ended: true)
        #expect(try state(w).state == "minimized")
        try w.apply(try action(#"{"type": "selectTab", "index": 1}"#))
        #expect(try state(w).state == "expanded")
        #expect(try bar(w).windowFrame.width == 402 - 2 * FloatingTabBarLayout.margin)
    }

    @Test func theIPadKeepsItsBar() throws {
        let w = try world(#"{"device": "iPad (10th)", "iOS": 26}"#)
        #expect(try bar(w).windowFrame == Rect(x: 0, y: 1180 - 69, width: 820, height: 69))
        #expect(w.shot(0).controllers.tabBar == nil)
    }

    @Test(arguments: [
        (#"{"device": "iPhone 17", "iOS": 27}"#, "/screen/iOS"),
        (#"{"device": "iPhone 17", "iOS": 19}"#, "/screen/iOS"),
    ])
    func unknownVersionsAreRefused(screen: String, pointer: String) throws {
        let error = #expect(throws: SimulationError.self) { try world(screen, behavior: nil) }
        #expect(error?.pointer == pointer)
    }

    @Test func anUnknownBehaviorIsRefusedAtItsMember() throws {
        let error = #expect(throws: SimulationError.self) { try world(behavior: "sometimes") }
        #expect(error?.pointer == "/root/tabBarMinimizeBehavior")
        let drag = #expect(throws: SimulationError.self) { try action(#"{"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": 1}, "drag": "flung"}"#) }
        #expect(drag?.pointer == "/drag")
    }
}
