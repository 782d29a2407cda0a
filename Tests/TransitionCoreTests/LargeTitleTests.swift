import JSONCodec
import Testing
@testable import TransitionCore

/// Large titles (docs/semantics.md § Large titles) on a 320 × 568 pt iOS 17 screen with a 20 pt
/// top inset: a bar showing "Settings" large is 44 + 52 = 96 pt tall from y 20, its large title
/// 8 × 17 = 136 pt wide at x 16, one 41 pt line ending 8 pt above the bar's bottom (y 47 at rest).
/// The list fills Settings' view, so UIKit's safe area adds 20 + 96 = 116 pt to its content inset:
/// at rest its content offset is −116.
@Suite struct LargeTitleTests {
    /// A navigation controller preferring large titles over `root`'s scrolling list, `pushed`
    /// controller specs on top.
    func scene(rootMode: String? = nil, pushed: [String] = []) throws -> World {
        let mode = rootMode.map { #", "largeTitleDisplayMode": "\#($0)""# } ?? ""
        let list = #"{"id": "root", "kind": "view", "children": [{"id": "list", "kind": "table"}]}"#
        let stack = [#"{"id": "settings", "title": "Settings", "view": \#(list)\#(mode)}"#] + pushed
        let text = #"{"screen": {"width": 320, "height": 568, "iOS": 17}, "root": {"type": "navigation", "id": "nav", "prefersLargeTitles": true, "viewControllers": [\#(stack.joined(separator: ", "))]}}"#
        return try World(scene: SceneSpec.decode(json(text), limits: SceneLimits()))
    }

    func bar(_ world: World, at t: Double = 0) throws -> (bar: SnapshotNode, views: [String: SnapshotNode]) {
        let bar = try #require(world.shot(t).root.find(role: .navigationBar))
        return (bar, Dictionary(uniqueKeysWithValues: bar.children.map { ($0.id, $0) }))
    }

    @Test func atRestTheBarIs96PtWithTheLargeTitleOnTheExtensionsBottomLine() throws {
        let (bar, views) = try bar(scene())
        #expect(bar.frame == Rect(x: 0, y: 20, width: 320, height: 96))
        let large = try #require(views["nav.largeTitle"])
        #expect(large.role == .largeTitle && large.text == "Settings" && large.fontSize == 34)
        #expect(large.frame == Rect(x: 16, y: 47, width: 136, height: 41) && large.alpha == 1)
        let title = try #require(views["nav.navigationTitle"])
        #expect(title.alpha == 0 && title.fontSize == 17)
    }

    @Test func automaticTakesTheModeBelowAndTheRootsIsAlways() throws {
        let world = try scene(rootMode: "never", pushed: [#"{"id": "a", "title": "A"}"#, #"{"id": "b", "title": "B", "largeTitleDisplayMode": "always"}"#,
                                                          #"{"id": "c", "title": "C"}"#])
        let stack = try #require(world.controllers[ControllerID("nav")]?.children)
        #expect(stack.indices.map { world.largeTitleDisplayMode(at: $0, of: stack) } == [.never, .never, .always, .always])
        #expect(stack.indices.map { world.navigationItem(at: $0, of: stack).largeTitle } == [false, false, true, true])
        #expect(try scene().topNavigationItem(of: [ControllerID("settings")]).largeTitle)
    }

    @Test func theExtensionShrinksByTheOffsetAndStretchesTheTitleByAtMostATenth() {
        typealias L = NavigationBarLargeTitleLayout
        for offset in stride(from: -200.0, through: 100, by: 0.5) {
            let e = L.extensionHeight(scrolledFromRest: offset)
            #expect(e == max(0, 52 - offset))
            #expect(L.showsLargeTitle(extension: e) == (offset < 42))
            let frame = L.frame("Settings", barWidth: 320, extension: e)
            // The title's bottom follows the bar's bottom, 8 pt above it.
            #expect(frame.maxY == 44 + e - 8 && frame.minX == 16)
            let s = L.scale(extension: e, width: frame.width, barWidth: 320)
            #expect(s == (offset >= 0 ? 1 : min(1.1, 1 - offset / 44 * 0.03)))
        }
    }

    /// Settings' list scrolled `y` points from rest: its content offset is `y` − 116.
    func scroll(_ world: inout World, _ y: Double, at t: Double) throws {
        try world.apply(try action(#"{"type": "scroll", "viewController": "settings", "view": "list", "contentOffset": {"x": 0, "y": \#(y - 116)}, "at": \#(t)}"#))
    }

    @Test func scrollingCollapsesTheBarAtEveryOffsetAndMovesTheTitleWithIt() throws {
        var world = try scene()
        var t = 0.0
        for offset in stride(from: -120.0, through: 80, by: 1) {
            t += 1
            try scroll(&world, offset, at: t)
            let (bar, views) = try bar(world, at: t + 0.5)
            let e = max(0, 52 - offset)
            #expect(bar.frame == Rect(x: 0, y: 20, width: 320, height: 44 + e), "offset \(offset)")
            let large = try #require(views["nav.largeTitle"])
            let s = offset >= 0 ? 1 : min(1.1, 1 - offset / 44 * 0.03)
            // Grown about its bottom-leading corner, which stays 8 pt above the bar's bottom at x 16.
            #expect(abs(large.frame.maxY - (44 + e - 8)) < 1e-9 && abs(large.frame.minX - 16) < 1e-9, "offset \(offset)")
            #expect(abs(large.frame.width - 136 * s) < 1e-9 && abs(large.frame.height - 41 * s) < 1e-9, "offset \(offset)")
            // Once the fade is over: the large title while more than 10 pt of extension remain, else the inline one.
            let shows = e > 10
            #expect(large.alpha == (shows ? 1 : 0) && views["nav.navigationTitle"]?.alpha == (shows ? 0 : 1), "offset \(offset)")
        }
    }

    @Test func crossingTheThresholdFadesTheTitlesOver150msWhateverTheOffsetDoes() throws {
        var world = try scene()
        try scroll(&world, 41, at: 1)
        #expect(try bar(world, at: 1.01).views["nav.largeTitle"]?.alpha == 1)
        try scroll(&world, 45, at: 2)
        for (dt, alpha) in [(0.0, 1.0), (0.03, 0.8), (0.075, 0.5), (0.12, 0.2), (0.15, 0.0), (0.3, 0.0)] {
            let views = try bar(world, at: 2 + dt).views
            #expect(abs((views["nav.largeTitle"]?.alpha ?? -1) - alpha) < 1e-9, "large title at +\(dt) s")
            #expect(abs((views["nav.navigationTitle"]?.alpha ?? -1) - (1 - alpha)) < 1e-9, "inline title at +\(dt) s")
        }
        // Back across the threshold halfway through the fade back in: from where it is, out over 150 ms.
        try scroll(&world, 30, at: 3)
        try scroll(&world, 50, at: 3.075)
        #expect(abs((try bar(world, at: 3.075).views["nav.largeTitle"]?.alpha ?? -1) - 0.5) < 1e-9)
        #expect(abs((try bar(world, at: 3.15).views["nav.largeTitle"]?.alpha ?? -1) - 0.25) < 1e-9)
        #expect(try bar(world, at: 3.3).views["nav.largeTitle"]?.alpha == 0)
    }

    @Test func anotherScrollViewOrAControllerBelowTheTopMovesNothing() throws {
        var world = try scene(pushed: [#"{"id": "wifi", "title": "Wi-Fi", "view": {"id": "root", "kind": "scrollView"}}"#])
        try scroll(&world, 30, at: 1)
        // Settings is covered: its bar item is not shown, so its scroll moves no bar.
        let (bar, views) = try bar(world, at: 1.5)
        #expect(bar.frame.height == 96 && views["nav.largeTitle"]?.text == "Wi-Fi")
    }

    /// The slide's curve: p at τ of a 0.5 s push.
    func pushProgress(_ tau: Double) -> Double {
        TimingCurve.named("fastEaseInToSlowEaseOut")!.value(at: tau, duration: 0.5)
    }

    @Test func aPushFromALargeTitleShrinksItIntoTheBackButtonAndAPopPlaysItBack() throws {
        var world = try scene()
        try world.apply(try action(#"{"type": "push", "viewController": {"id": "wifi", "title": "Wi-Fi", "largeTitleDisplayMode": "never"}}"#))
        for tau in [0.0, 0.05, 0.1, 0.2, 0.3, 0.45] {
            let p = pushProgress(tau)
            let (bar, views) = try bar(world, at: tau)
            #expect(abs(bar.frame.height - (96 - 52 * p)) < 1e-9, "bar at τ \(tau)")
            let large = try #require(views["nav.largeTitle"])
            // 34 → 17 pt, the middle of its leading edge from (16, 67.5) to the back label's (27, 22).
            #expect(abs(large.transform.a - (1 - 0.5 * p)) < 1e-9 && abs(large.frame.minX - (16 + 11 * p)) < 1e-9, "large title at τ \(tau)")
            #expect(abs(large.frame.midY - (67.5 - 45.5 * p)) < 1e-9, "large title at τ \(tau)")
            #expect(abs(large.alpha - max(0, 1 - p / 0.6)) < 1e-9, "large title alpha at τ \(tau)")
            let back = try #require(views["nav.backButton.incoming"])
            // It fades in as every coming back button does, on UIKit's fade-in cubic of the progress.
            let fadeIn = CubicBezier(0.75, 0.1, 0.75, 0.1).solve(p)
            #expect(abs(back.frame.minX - (16 + 11 * p)) < 1e-9 && abs(back.alpha - fadeIn) < 1e-9, "back at τ \(tau)")
            #expect(views["nav.navigationTitle"]?.alpha == 0, "Settings' inline title stays hidden")
        }
        // The pop, 1 s later, runs the same keys backwards: at the same progress, the same bar.
        try world.apply(try action(#"{"type": "pop", "at": 1}"#))
        for tau in [0.05, 0.2] {
            let p = 1 - pushProgress(tau)
            let (bar, views) = try bar(world, at: 1 + tau)
            #expect(abs(bar.frame.height - (96 - 52 * p)) < 1e-9, "pop bar at τ \(tau)")
            let large = try #require(views["nav.largeTitle.incoming"])
            #expect(large.text == "Settings" && abs(large.transform.a - (1 - 0.5 * p)) < 1e-9, "pop large title at τ \(tau)")
        }
        let (rest, views) = try bar(world, at: 2)
        #expect(rest.frame.height == 96 && views["nav.largeTitle"]?.frame == Rect(x: 16, y: 47, width: 136, height: 41))
    }

    @Test func aPushWithoutAnimationEndsAScrollsFade() throws {
        var world = try scene()
        try scroll(&world, 45, at: 1)
        try world.apply(try action(#"{"type": "push", "animated": false, "at": 1.05, "viewController": {"id": "wifi", "title": "Wi-Fi"}}"#))
        let views = try bar(world, at: 1.1).views
        #expect(views["nav.largeTitle"]?.text == "Wi-Fi" && views["nav.largeTitle"]?.alpha == 1 && views["nav.navigationTitle"]?.alpha == 0)
    }
}
