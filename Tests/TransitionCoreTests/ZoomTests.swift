import JSONCodec
import Testing
@testable import TransitionCore

/// iOS 18's fluid zoom (docs/semantics.md § Zoom): where the page meets its source, the spring
/// it rides, and a push and a pop of the README's scene.
@Suite struct ZoomTests {
    let screen = Size(width: 320, height: 568)

    /// The README's scene on iOS 18, the first with `preferredTransition`.
    func thingsScene() throws -> World {
        var scene = try #require(thingsFixture["scene"]?.objectValue)
        scene["screen"] = try json(#"{"width": 320, "height": 568, "scale": 2, "iOS": 18}"#)
        return try World(scene: try SceneSpec.decode(.object(scene), limits: SceneLimits()))
    }

    /// A push of the fixture's `detail` whose `preferredTransition` is `options`: by default the
    /// zoom from `cell-3` (110, 80, 100 × 120).
    func zoomPush(_ options: String = #"{"type": "zoom", "sourceView": "cell-3"}"#) throws -> Action {
        var detail = try #require(thingsFixture["detail"]?.objectValue)
        detail["preferredTransition"] = try json(options)
        return try action(#"{"type": "push", "viewController": "# + String(decoding: JSONWriter.encode(.object(detail)), as: UTF8.self) + "}")
    }

    @Test func theWholePageCoversTheSourceCentredOnIt() {
        let g = ZoomGeometry.meeting(Rect(x: 110, y: 80, width: 100, height: 120), cornerRadius: 8,
                             alignment: Rect(origin: .zero, size: screen), page: screen)
        // 100 / 320 = 0.3125 against 120 / 568 ≈ 0.211: the width decides, the height overflows the clip.
        #expect(g.contentScale == 0.3125)
        #expect(g.contentCenter == Point(x: 50, y: 60))
        #expect(g.sourceCornerRadius == 8)
    }

    @Test func anAlignmentRectMeetsTheSource() {
        let alignment = Rect(x: 20, y: 84, width: 280, height: 280)
        let source = Rect(x: 110, y: 80, width: 100, height: 100)
        let g = ZoomGeometry.meeting(source, cornerRadius: 0, alignment: alignment, page: screen)
        let s = 100.0 / 280
        #expect(abs(g.contentScale - s) < 1e-12)
        // The alignment rect, scaled about the page's centre placed at contentCenter, is the source
        // rect in the clip's own coordinates.
        let minX = g.contentCenter.x + s * (alignment.minX - screen.width / 2)
        let minY = g.contentCenter.y + s * (alignment.minY - screen.height / 2)
        #expect(abs(minX) < 1e-9 && abs(minY) < 1e-9)
        #expect(abs(s * alignment.width - source.width) < 1e-9)
    }

    /// UIKit's stand-in for a gone source: 44 pt wide at the centre (`fallbackSourceViewWidth`),
    /// the alignment rect's aspect, so the page shrinks uniformly to 44 / 320 into it.
    @Test func aGoneSourceIsAFortyFourPointStandInAtTheCentre() {
        let g = ZoomGeometry.gone(container: screen, alignment: Rect(origin: .zero, size: screen), page: screen, width: 44)
        let height = 44 * 568 / 320.0
        #expect(g.source == Rect(x: 138, y: 284 - height / 2, width: 44, height: height))
        #expect(abs(g.contentScale - 44 / 320.0) < 1e-12 && abs(g.contentCenter.x - 22) < 1e-9 && abs(g.contentCenter.y - height / 2) < 1e-9)
        #expect(Catalogue.shared.fluidZoomParameters.fallbackSourceWidth == 44)
    }

    /// The catalogue's spring, ω = 2π / 0.33 ≈ 19 rad/s critically damped, settles before the
    /// transition's 0.5 s, and that is when the zoom completes.
    @Test func theSpringSettlesWithinTheDuration() throws {
        let p = Catalogue.shared.fluidZoomParameters
        guard case .spring(let spring)? = p.curve.curve(duration: p.duration, iOS: Screen.newestIOS) else { Issue.record("the zoom's curve is no spring"); return }
        #expect(abs(spring.naturalFrequency - 19.04) < 0.01)
        #expect(spring.settlingDuration < p.duration && spring.settlingDuration > p.duration - 0.05)
        var w = try thingsScene()
        try w.apply(try zoomPush())
        w.advance(to: 1)
        let t = try #require(w.transitions.last)
        #expect(t.animator == "fluidZoom" && t.chosenBy == "preferredTransition of detail")
        #expect(abs(try #require(t.completedAt) - spring.settlingDuration) < 1e-9)
    }

    @Test func thePushGrowsTheClipFromTheCellToTheScreen() throws {
        var w = try thingsScene()
        try w.apply(try zoomPush())
        let start = w.shot(0)
        let clip = try #require(start.root.find(role: .zoomContainer))
        #expect(clip.windowFrame == Rect(x: 110, y: 80, width: 100, height: 120))
        #expect(clip.layer.clipsToBounds)
        let page = try #require(clip.children.first { $0.viewController == "detail" })
        #expect(page.windowFrame == Rect(x: 110, y: 51.25, width: 100, height: 177.5))
        #expect(try #require(start.root.find(role: .dimming)).alpha == 0)
        #expect(try #require(start.root.find("things", "cell-3")).hidden)
        // Halfway through the spring's run the rect has moved in x, y, width and height apart,
        // each by the same fraction, and the veil with it.
        let mid = w.shot(0.1)
        let f = try #require(mid.root.find(role: .zoomContainer)).windowFrame
        let p = (f.width - 100) / 220
        #expect(p > 0.3 && p < 0.9)
        #expect(abs(f.height - (120 + p * 448)) < 1e-9 && abs(f.minX - 110 * (1 - p)) < 1e-9 && abs(f.minY - 80 * (1 - p)) < 1e-9)
        #expect(abs(try #require(mid.root.find(role: .dimming)).alpha - 0.15 * p) < 1e-9)
        // At rest: the page fills the screen, the clip and the veil are gone, the cell shows again.
        let end = w.shot(1)
        #expect(end.root.find(role: .zoomContainer) == nil && end.root.find(role: .dimming) == nil)
        #expect(try #require(end.root.find("detail", "")).windowFrame == Rect(origin: .zero, size: screen))
        var done = w
        done.advance(to: 1)
        #expect(done.tree[try #require(done.tree.view(owner: ControllerID("things"), path: "cell-3"))].hidden == false)
    }

    /// UIKit's backdrop (`_UIZoomTransitionSpec`, iOS 26.1): the covered page recedes to
    /// (320 − 104/3) / 320 ≈ 0.8917 of its size with the clip's progress, and comes back on the
    /// pop; the clip casts the platter's shadow (0.4, radius 40, 10 pt down).
    @Test func theCoveredPageRecedesAndThePlatterCastsAShadow() throws {
        let receded = (320 - 104.0 / 3) / 320
        #expect(abs(Catalogue.shared.fluidZoomParameters.recededScale(width: 320) - receded) < 1e-12)
        // Never below 0.8: a 100 pt container would give 0.653.
        #expect(Catalogue.shared.fluidZoomParameters.recededScale(width: 100) == 0.8)
        var w = try thingsScene()
        try w.apply(try zoomPush())
        for t in [0.0, 0.1, 0.3] {
            let shot = w.shot(t)
            let clip = try #require(shot.root.find(role: .zoomContainer))
            #expect(clip.layer.shadowOpacity == 0.4 && clip.layer.shadowRadius == 40 && clip.layer.shadowOffset == Size(width: 0, height: 10))
            let p = (clip.windowFrame.width - 100) / 220
            let things = try #require(shot.root.find("things", ""))
            #expect(abs(things.transform.a - (1 - p * (1 - receded))) < 1e-9 && things.transform.a == things.transform.d, "covered at \(t)")
        }
        // Once the push completes the covered page is out of the window and at rest again.
        w.advance(to: 1)
        #expect(w.tree[try #require(w.tree.view(owner: ControllerID("things"), path: ""))].transform == .identity)
        try w.apply(try action(#"{"type": "pop"}"#))
        for t in [1.0, 1.1, 1.3] {
            let shot = w.shot(t)
            let clip = try #require(shot.root.find(role: .zoomContainer))
            let p = 1 - (clip.windowFrame.width - 100) / 220
            let things = try #require(shot.root.find("things", ""))
            #expect(abs(things.transform.a - (receded + p * (1 - receded))) < 1e-9, "revealed at \(t)")
        }
        w.advance(to: 2)
        #expect(try #require(w.snapshot(at: 2).root.find("things", "")).transform == .identity)
    }

    /// The zoom in, then at t = 1 the grid below scrolled by `y` and the pop started.
    func popAfterScrolling(by y: Int) throws -> World {
        var w = try thingsScene()
        try w.apply(try zoomPush())
        w.advance(to: 1)
        try w.apply(try action(#"{"type": "scroll", "viewController": "things", "view": "", "contentOffset": {"x": 0, "y": "# + String(y) + "}}"))
        try w.apply(try action(#"{"type": "pop"}"#))
        return w
    }

    /// The pop asks for the source again: scrolled meanwhile, the page lands on its new place.
    @Test func thePopShrinksIntoTheSourceWhereItIsNow() throws {
        let w = try popAfterScrolling(by: 40)
        let start = w.shot(1)
        #expect(try #require(start.root.find(role: .zoomContainer)).windowFrame == Rect(origin: .zero, size: screen))
        #expect(try #require(start.root.find(role: .dimming)).alpha == 0.15)
        let near = try #require(w.shot(1.48).root.find(role: .zoomContainer)).windowFrame
        #expect(abs(near.minY - 40) < 1 && abs(near.minX - 110) < 1)
        #expect(w.shot(2).root.find(role: .zoomContainer) == nil)
    }

    /// Scrolled out of the window, the source is gone: the page shrinks toward UIKit's stand-in,
    /// 44 pt wide at the centre, with the page's aspect.
    @Test func aGoneSourceTakesThePageToTheCentre() throws {
        let w = try popAfterScrolling(by: 400)
        let near = try #require(w.shot(1.48).root.find(role: .zoomContainer)).windowFrame
        #expect(abs(near.midX - 160) < 1e-6 && abs(near.midY - 284) < 1e-6 && abs(near.width - 44) < 1 && abs(near.height - 78.1) < 1)
    }

    /// A zooming page sheet is shown full screen; the dismissal zooms back into the cell of the
    /// controller the navigation controller shows.
    @Test(arguments: [#""modalPresentationStyle": "pageSheet", "#, "", #""modalPresentationStyle": "fullScreen", "#])
    func aPresentationZoomsFullScreen(style: String) throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "detail", "#  + style +
                               #""preferredTransition": {"type": "zoom", "sourceView": "cell-3"}}}"#))
        let t = try #require(w.transitions.last)
        #expect(t.animator == "fluidZoom" && t.diagnostics.isEmpty)
        #expect(w.controllers[ControllerID("detail")]?.presentedStyle == .fullScreen)
        #expect(try #require(w.shot(0).root.find(role: .zoomContainer)).windowFrame == Rect(x: 110, y: 80, width: 100, height: 120))
        w.advance(to: 1)
        try w.apply(try action(#"{"type": "dismiss"}"#))
        #expect(w.transitions.last?.animator == "fluidZoom")
        let near = try #require(w.shot(1.48).root.find(role: .zoomContainer)).windowFrame
        #expect(abs(near.minX - 110) < 1 && abs(near.minY - 80) < 1)
        let end = w.shot(2)
        #expect(end.root.find(role: .zoomContainer) == nil && end.root.find("detail", "") == nil)
        #expect(try #require(end.root.find("things", "cell-3")).hidden == false)
    }

    /// UIKit zooms no form sheet, custom or over-full-screen presentation: it runs the style's own
    /// transition, and says so.
    @Test func anotherStyleIgnoresTheZoomWithADiagnostic() throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "present", "modalPresentationStyle": "overFullScreen", "viewController": {"id": "detail", "preferredTransition": {"type": "zoom", "sourceView": "cell-3"}}}"#))
        let t = try #require(w.transitions.last)
        #expect(t.animator == "coverVertical" && t.diagnostics.map(\.code) == [.zoomIgnored])
    }

    @Test func theZoomNeedsIOS18() throws {
        var w = try TransitionCoreTests.thingsScene()
        let error = #expect(throws: SimulationError.self) { try w.apply(try zoomPush()) }
        #expect(error?.pointer == "/viewController/preferredTransition")
    }

    /// A pop while the zoom in runs: the push completes at once, then the pop starts from the
    /// clip's and the page's places on screen.
    @Test func aPopDuringTheZoomInStartsWhereThePageIs() throws {
        var w = try thingsScene()
        try w.apply(try zoomPush())
        w.advance(to: 0.1)
        let clip = try #require(w.shot(0.1).root.find(role: .zoomContainer))
        let page = try #require(w.shot(0.1).root.find("detail", ""))
        let seq = w.events.last?.seq ?? 0
        try w.apply(try action(#"{"type": "pop"}"#))
        let push = try #require(w.transitions.first), pop = try #require(w.transitions.last)
        #expect(push.phase == .completed && push.completedAt == 0.1 && pop.operation == .pop && pop.animator == "fluidZoom")
        let shot = w.shot(0.1)
        #expect(try #require(shot.root.find(role: .zoomContainer)).windowFrame == clip.windowFrame)
        #expect(try #require(shot.root.find(role: .zoomContainer)).layer.cornerRadius == clip.layer.cornerRadius)
        #expect(try #require(shot.root.find("detail", "")).windowFrame == page.windowFrame)
        #expect(w.eventNames(after: seq).prefix(8) == ["completeTransition:nav", "viewDidDisappear:things", "viewDidAppear:detail", "didShow:nav",
                                                       "viewWillDisappear:detail", "viewWillAppear:things", "willShow:nav", "animationControllerFor:nav"])
    }

    @Test func theActionsAnimatorWins() throws {
        var w = try thingsScene()
        var detail = try #require(thingsFixture["detail"]?.objectValue)
        detail["preferredTransition"] = try json(#"{"type": "zoom", "sourceView": "cell-3"}"#)
        try w.apply(try action(#"{"type": "push", "animator": "slide", "viewController": "# + String(decoding: JSONWriter.encode(.object(detail)), as: UTF8.self) + "}"))
        #expect(w.transitions.last?.animator == "slide")
        #expect(w.shot(0.1).root.find(role: .zoomContainer) == nil)
    }

    @Test(arguments: [
        // `image` is a view of `detail`, not of `things`, the controller it zooms from.
        (#"{"type": "zoom", "sourceView": "cell-3/image/nothing"}"#, "/viewController/preferredTransition/sourceView"),
        (#"{"type": "zoom", "sourceView": "image/x"}"#, "/viewController/preferredTransition/sourceView"),
        (#"{"type": "zoom", "sourceView": ""}"#, "/viewController/preferredTransition/sourceView"),
        (#"{"type": "zoom"}"#, "/viewController/preferredTransition/sourceView"),
        (#"{"type": "zoom", "sourceView": "cell-3", "dimmingAlpha": "dark"}"#, "/viewController/preferredTransition/dimmingAlpha"),
        (#"{"type": "zoom", "sourceView": "cell-3", "alignmentRect": {"x": 0, "y": 0, "width": 0, "height": 10}}"#, "/viewController/preferredTransition/alignmentRect/width"),
        (#"{"type": "zoom", "sourceView": "cell-3", "alignmentRect": {"x": "left", "y": 0, "width": 1, "height": 10}}"#, "/viewController/preferredTransition/alignmentRect/x"),
        (#"{"type": "zoom", "sourceView": "cell-3", "dimmingColor": "black"}"#, "/viewController/preferredTransition/dimmingColor"),
        (#"{"type": "zoom", "sourceView": "cell-3", "fade": true}"#, "/viewController/preferredTransition/fade"),
        (#"{"type": "flip"}"#, "/viewController/preferredTransition/type"),
        (#""zoom""#, "/viewController/preferredTransition"),
    ])
    func badOptionsAreRefusedAtTheirMember(options: String, pointer: String) throws {
        var w = try thingsScene()
        let error = #expect(throws: SimulationError.self) { try w.apply(try zoomPush(options)) }
        #expect(error?.pointer == pointer)
    }
}
