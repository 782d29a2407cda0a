import JSONCodec
import Testing
@testable import TransitionCore

/// The navigation bar's own transition (docs/semantics.md § Navigation bar transition). On the
/// 320 pt test screen "Things" and "Detail" are 6 × 8.5 = 51 pt wide: a title rests at
/// x = (320 − 51) / 2 = 134.5 (centre 160), a back button label at x = 8 + 13 + 6 = 27 (centre
/// 52.5), the chevron at (8, 11.5, 13, 21) (centre 14.5, 22). Every expectation below is written
/// from those numbers and the push progress p: the views' centres move linearly in p; the coming
/// item's views fade in as UIKit's cubic (0.75, 0.1, 0.75, 0.1) of p and the outgoing item's fade
/// out as 1 − its cubic (0.25, 0.9, 0.25, 0.9) of p, over the whole push
/// (`_UINavigationBarTransitionContext`, iOS 18.2).
@Suite struct NavigationBarTests {
    /// The slide's curve: p at τ of a 0.5 s push.
    func pushProgress(_ tau: Double) -> Double {
        TimingCurve.named("fastEaseInToSlowEaseOut")!.value(at: tau, duration: 0.5)
    }

    /// Alpha of a coming view fading in and of an outgoing view fading out at push progress p.
    func fadeIn(_ p: Double) -> Double { CubicBezier(0.75, 0.1, 0.75, 0.1).solve(p) }
    func fadeOut(_ p: Double) -> Double { 1 - CubicBezier(0.25, 0.9, 0.25, 0.9).solve(p) }

    @Test func theFadeCurvesAreUIKits() {
        // Values of the two cubics solved apart (bisection on x(t)): both are 0.0902 half way,
        // the outgoing 0.649 at p = 0.1 and the coming 0.649 at p = 0.9, one the other turned.
        for (p, coming, outgoing) in [(0.1, 0.013420855722588, 0.649074805666351), (0.5, 0.090166858667867, 0.090166858667867),
                                      (0.9, 0.649074805666351, 0.013420855722588)] {
            #expect(abs(fadeIn(p) - coming) < 1e-9 && abs(fadeOut(p) - outgoing) < 1e-9, "at \(p)")
        }
    }

    /// The bar's views in a snapshot, by id.
    func barViews(_ shot: Snapshot) throws -> [String: SnapshotNode] {
        let bar = try #require(shot.root.find(role: .navigationBar))
        return Dictionary(uniqueKeysWithValues: bar.children.map { ($0.id, $0) })
    }

    func expectClose(_ a: Double?, _ b: Double, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.map { abs($0 - b) < 1e-9 } == true, "\(a.map(String.init(describing:)) ?? "nil") ≠ \(b) \(comment?.rawValue ?? "")",
                sourceLocation: sourceLocation)
    }

    @Test func atRestTheRootShowsItsTitleCentredAndNoBackButton() throws {
        let world = try thingsScene()
        let views = try barViews(world.snapshot(at: 0))
        #expect(views.keys.sorted() == ["nav.navigationTitle"])
        let title = try #require(views["nav.navigationTitle"])
        #expect(title.role == .navigationTitle && title.text == "Things")
        #expect(title.frame == Rect(x: 134.5, y: 0, width: 51, height: 44))
    }

    @Test func aDefaultPushSlidesTheTitlesAndBringsTheBackButtonAndChevron() throws {
        var world = try thingsScene()
        try world.apply(try action(detailPush))
        for tau in [0.0, 0.05, 0.1, 0.2, 0.3, 0.45] {
            let p = pushProgress(tau)
            let views = try barViews(world.shot(tau))
            #expect(views.keys.sorted() == ["nav.backButton.incoming", "nav.backIndicator", "nav.navigationTitle", "nav.navigationTitle.incoming"])
            let old = try #require(views["nav.navigationTitle"])
            #expect(old.text == "Things")
            // The old title moves its leading edge from 134.5 to the back button's 27 as it fades out.
            expectClose(old.center.x, 160 + (52.5 - 160) * p, "old title x at τ \(tau)")
            expectClose(old.alpha, fadeOut(p), "old title alpha at τ \(tau)")
            let new = try #require(views["nav.navigationTitle.incoming"])
            #expect(new.text == "Detail" && new.role == .navigationTitle)
            // The new title's centre comes from the trailing edge (320) to the middle (160) as it fades in.
            expectClose(new.center.x, 320 - 160 * p, "new title x at τ \(tau)")
            expectClose(new.alpha, fadeIn(p), "new title alpha at τ \(tau)")
            // The back button, titled after the previous controller, comes from the old title's place.
            let back = try #require(views["nav.backButton.incoming"])
            #expect(back.text == "Things" && back.role == .backButton)
            expectClose(back.center.x, 160 + (52.5 - 160) * p, "back button x at τ \(tau)")
            expectClose(back.alpha, fadeIn(p), "back button alpha at τ \(tau)")
            // The first chevron comes in from two widths to the right, fading in with its back button.
            let chevron = try #require(views["nav.backIndicator"])
            #expect(chevron.role == .backIndicator)
            expectClose(chevron.center.x, 40.5 - 26 * p, "chevron x at τ \(tau)")
            expectClose(chevron.center.y, 22)
            expectClose(chevron.alpha, fadeIn(p), "chevron alpha at τ \(tau)")
        }
        // Half-way through the time the push curve is well past half (p = 0.91): the old title is
        // all but gone (under 0.02) and the new one two thirds in.
        let mid = try barViews(world.shot(0.25))
        #expect(pushProgress(0.25) > 0.9 && (mid["nav.navigationTitle"]?.alpha ?? 1) < 0.02)
        #expect((mid["nav.navigationTitle.incoming"]?.alpha ?? 0) > 0.65)
        // Completed: the new item is the shown one, at rest.
        let end = try barViews(world.shot(0.5))
        #expect(end.keys.sorted() == ["nav.backButton", "nav.backIndicator", "nav.navigationTitle"])
        #expect(end["nav.navigationTitle"]?.text == "Detail" && end["nav.navigationTitle"]?.frame == Rect(x: 134.5, y: 0, width: 51, height: 44))
        #expect(end["nav.backButton"]?.text == "Things" && end["nav.backButton"]?.frame == Rect(x: 27, y: 0, width: 51, height: 44))
        #expect(end["nav.backIndicator"]?.frame == Rect(x: 8, y: 11.5, width: 13, height: 21) && end["nav.backIndicator"]?.alpha == 1)
        #expect(end.values.allSatisfy { $0.alpha == 1 })
    }

    /// After the default push of `detail`, at t = 1.
    func pushed() throws -> World {
        var world = try thingsScene()
        try world.apply(try action(detailPush))
        world.advance(to: 1)
        return world
    }

    /// A pop runs the push's bar backwards: at pop progress q the bar shows the push at 1 − q.
    func expectPopBar(_ views: [String: SnapshotNode], pushProgress p: Double, _ when: String) {
        let detail = views["nav.navigationTitle"], things = views["nav.navigationTitle.incoming"]
        #expect(detail?.text == "Detail" && things?.text == "Things")
        expectClose(detail?.center.x, 320 - 160 * p, "Detail x \(when)")
        expectClose(detail?.alpha, fadeIn(p), "Detail alpha \(when)")
        expectClose(things?.center.x, 160 + (52.5 - 160) * p, "Things x \(when)")
        expectClose(things?.alpha, fadeOut(p), "Things alpha \(when)")
        expectClose(views["nav.backButton"]?.center.x, 160 + (52.5 - 160) * p, "back x \(when)")
        expectClose(views["nav.backButton"]?.alpha, fadeIn(p), "back alpha \(when)")
        expectClose(views["nav.backIndicator"]?.center.x, 40.5 - 26 * p, "chevron x \(when)")
        expectClose(views["nav.backIndicator"]?.alpha, fadeIn(p), "chevron alpha \(when)")
    }

    @Test func anInteractivePopScrubsTheBarAndACancelRunsItBack() throws {
        var world = try pushed()
        try world.apply(try action(#"{"type": "pop", "interactive": true}"#))
        try world.apply(try action(#"{"type": "update", "percent": 0.4, "at": 1.1}"#))
        // Held at τ = 0.2 on the slide's own curve (a percent-driven update keeps the curve).
        let held = pushProgress(0.2)
        try expectPopBar(barViews(world.shot(1.3)), pushProgress: 1 - held, "held at 40 %")
        // The chevron goes with the pop to the root, as the back button it belongs to: the curve
        // is far (p = 1 − q < 0.3) at 40 % of its time, so it is all but gone.
        let chevronAlpha = try #require(try barViews(world.shot(1.3))["nav.backIndicator"]?.alpha)
        #expect(1 - held < 0.3 && chevronAlpha < 0.04)
        try world.apply(try action(#"{"type": "cancel", "at": 1.2}"#))
        // Back from τ = 0.2 to 0 in 0.2 s on easeInOut: the bar returns with the pages.
        var lastDetailAlpha = 0.0
        for s in [0.0, 0.05, 0.1, 0.15] {
            let tau = 0.2 * (1 - TimingCurve.easeInOut.value(at: s, duration: 0.2))
            let views = try barViews(world.shot(1.2 + s))
            expectPopBar(views, pushProgress: 1 - pushProgress(tau), "cancelling, +\(s) s")
            let alpha = try #require(views["nav.navigationTitle"]?.alpha)
            #expect(alpha >= lastDetailAlpha, "the popped title comes back as the cancel runs")
            lastDetailAlpha = alpha
        }
        // Cancelled: the bar shows Detail at rest again, and Things' title has left it.
        let end = try barViews(world.shot(1.4))
        #expect(world.shot(1.4).transition?.phase == .cancelled)
        #expect(end.keys.sorted() == ["nav.backButton", "nav.backIndicator", "nav.navigationTitle"])
        #expect(end["nav.navigationTitle"]?.text == "Detail" && end["nav.navigationTitle"]?.frame.minX == 134.5)
        #expect(end["nav.backButton"]?.frame.minX == 27 && end.values.allSatisfy { $0.alpha == 1 })
    }

    @Test func uikitsBackSwipeMovesTheBarWithTheFinger() throws {
        var world = try pushed()
        try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 2, "translation": {"x": 0, "y": 0}}"#))
        try world.apply(try action(#"{"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": 2.1, "translation": {"x": 160, "y": 0}}"#))
        // Half a screen: the pop is half done, linearly, so the push progress is 0.5 exactly.
        let views = try barViews(world.shot(2.2))
        expectPopBar(views, pushProgress: 0.5, "at half a screen")
        expectClose(views["nav.navigationTitle"]?.center.x, 240)
        expectClose(views["nav.navigationTitle"]?.alpha, 0.090166858667867)
        expectClose(views["nav.navigationTitle.incoming"]?.center.x, 106.25)
    }

    @Test func aPopToTheRootTakesTheChevronAwayAndTheBackButtonBecomesTheTitle() throws {
        var world = try pushed()
        try world.apply(try action(#"{"type": "pop", "at": 1}"#))
        for tau in [0.1, 0.3] {
            try expectPopBar(barViews(world.shot(1 + tau)), pushProgress: 1 - pushProgress(tau), "popping, τ \(tau)")
        }
        let end = try barViews(world.shot(1.5))
        #expect(end.keys.sorted() == ["nav.navigationTitle"])
        #expect(end["nav.navigationTitle"]?.text == "Things" && end["nav.navigationTitle"]?.alpha == 1)
    }

    @Test func aSecondPushSlidesTheOldBackButtonAwayAndKeepsTheChevron() throws {
        var world = try pushed()
        try world.apply(try action(#"{"type": "push", "viewController": {"id": "more", "title": "More"}}"#))
        let p = pushProgress(0.1)
        let views = try barViews(world.shot(1.1))
        // The old back button ("Things") slides half a bar to the left as it fades out.
        expectClose(views["nav.backButton"]?.center.x, 52.5 - 160 * p)
        expectClose(views["nav.backButton"]?.alpha, fadeOut(p))
        // The new one is titled after Detail and comes from Detail's title's place.
        #expect(views["nav.backButton.incoming"]?.text == "Detail")
        expectClose(views["nav.backButton.incoming"]?.center.x, 134.5 + 25.5 + (52.5 - 160) * p)
        // The chevron stays, opaque.
        #expect(views["nav.backIndicator"]?.frame == Rect(x: 8, y: 11.5, width: 13, height: 21) && views["nav.backIndicator"]?.alpha == 1)
        // "More" is 4 × 8.5 = 34 pt wide: its centre comes from 320 to 160 as well.
        expectClose(views["nav.navigationTitle.incoming"]?.center.x, 320 - 160 * p)
    }

    @Test func backButtonsSayBackWithoutAPreviousTitleOrWhenItIsTooLong() throws {
        var world = try thingsScene()
        try world.apply(try action(#"{"type": "push", "animated": false, "viewController": {"id": "untitled"}}"#))
        try world.apply(try action(#"{"type": "push", "animated": false, "viewController": {"id": "long", "title": "A Title Of Many Words"}}"#))
        try world.apply(try action(#"{"type": "push", "animated": false, "viewController": {"id": "top", "title": "Top"}}"#))
        #expect(try barViews(world.snapshot(at: 0))["nav.backButton"]?.text == "Back")
        try world.apply(try action(#"{"type": "pop", "animated": false}"#))
        let views = try barViews(world.snapshot(at: 0))
        #expect(views["nav.backButton"]?.text == "Back" && views["nav.backButton"]?.frame.width == 34)
        // An untitled controller's bar shows no title text.
        try world.apply(try action(#"{"type": "pop", "animated": false}"#))
        #expect(try barViews(world.snapshot(at: 0))["nav.navigationTitle"]?.text == "")
        #expect(try barViews(world.snapshot(at: 0))["nav.backButton"]?.text == "Things")
    }

    @Test func setViewControllersTransitionsTheBarToTheNewTop() throws {
        var world = try thingsScene()
        try world.apply(try action(#"""
        {"type": "setViewControllers", "viewControllers": ["things", {"id": "a", "title": "Alpha"}, {"id": "b", "title": "Beta"}]}
        """#))
        #expect(world.runningTransition?.operation == .push)
        let p = pushProgress(0.2)
        let views = try barViews(world.shot(0.2))
        // The new top's back button names the controller just below it, not the old top.
        #expect(views["nav.backButton.incoming"]?.text == "Alpha" && views["nav.navigationTitle.incoming"]?.text == "Beta")
        // "Alpha" is 42.5 pt wide: its leading edge goes from the old title's 134.5 to 27.
        expectClose(views["nav.backButton.incoming"]?.center.x, 134.5 + 21.25 + (27 - 134.5) * p)
        expectClose(views["nav.navigationTitle"]?.center.x, 160 + (52.5 - 160) * p)
        let end = try barViews(world.shot(0.5))
        #expect(end["nav.navigationTitle"]?.text == "Beta" && end["nav.backButton"]?.text == "Alpha")
        // Replacing what is below the top changes the back button at once, without a transition.
        try world.apply(try action(#"{"type": "setViewControllers", "at": 1, "viewControllers": ["things", "b"]}"#))
        #expect(world.runningTransition == nil)
        #expect(try barViews(world.snapshot(at: 1))["nav.backButton"]?.text == "Things")
    }

    /// A scene whose second controller hides the bar.
    func hidingScene() throws -> World {
        var world = try thingsScene()
        try world.apply(try action(#"{"type": "push", "viewController": {"id": "photo", "title": "Photo", "navigationBarHidden": true}}"#))
        return world
    }

    @Test func pushingAControllerThatHidesTheBarSlidesItUpAndPoppingBringsItBack() throws {
        var world = try hidingScene()
        // Shown: y 20…64 (centre 42); hidden: wholly above the screen, y −44…0 (centre −22).
        for tau in [0.0, 0.1, 0.25, 0.4] {
            let bar = try #require(world.shot(tau).root.find(role: .navigationBar))
            expectClose(bar.center.y, 42 - 64 * pushProgress(tau), "bar y at τ \(tau)")
            #expect(!bar.hidden)
        }
        let hidden = try #require(world.shot(0.5).root.find(role: .navigationBar))
        #expect(hidden.hidden && hidden.frame == Rect(x: 0, y: -44, width: 320, height: 44))
        // The photo fills the screen either way.
        #expect(world.shot(0.5).root.find("photo", "")?.frame == Rect(x: 0, y: 0, width: 320, height: 568))
        world.advance(to: 1)
        try world.apply(try action(#"{"type": "pop"}"#))
        let coming = try #require(world.shot(1.1).root.find(role: .navigationBar))
        #expect(!coming.hidden)
        expectClose(coming.center.y, -22 + 64 * pushProgress(0.1))
        #expect(try #require(world.shot(1.5).root.find(role: .navigationBar)).frame == Rect(x: 0, y: 20, width: 320, height: 44))
    }

    @Test func aSceneWhoseTopHidesTheBarStartsWithItHidden() throws {
        let scene = try SceneSpec.decode(json("""
        {"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A", "navigationBarHidden": true}]}}
        """), limits: SceneLimits())
        let bar = try #require(World(scene: scene).snapshot(at: 0).root.find(role: .navigationBar))
        #expect(bar.hidden && bar.frame.minY == -44)
    }

    @Test func anotherAnimatorMovesTheBarOnEaseInOutOverItsDuration() throws {
        var world = try thingsScene()
        var push = try action(detailPush)
        push.animator = try AnimatorChoice.decode(json(#""crossDissolve""#), at: "/animator")
        try world.apply(push)
        let t = try #require(world.runningTransition)
        let tau = t.duration * 0.3
        let p = TimingCurve.easeInOut.value(at: tau, duration: t.duration)
        expectClose(try barViews(world.shot(tau))["nav.navigationTitle.incoming"]?.center.x, 320 - 160 * p)
    }

    @Test func barViewsAreMadeOncePerSession() throws {
        var world = try thingsScene()
        let created = world.tree.created
        for i in 0..<5 {
            try world.apply(try action(#"{"type": "push", "at": \#(Double(i)), "viewController": {"id": "c\#(i)", "title": "C"}}"#))
            try world.apply(try action(#"{"type": "pop", "at": \#(Double(i) + 0.5)}"#))
        }
        world.advance(to: 6)
        // Each push makes its controller's root view and the slide's dimming view; pops make a dimming view.
        #expect(world.tree.created - created == 5 * 3)
    }
}
