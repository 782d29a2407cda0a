import JSONCodec
import Testing
@testable import TransitionCore

/// Each seed's animator, sampled frame by frame and compared with values computed here from the
/// seed's own numbers (durations, insets, scales, dampings) and the Timing module's reference
/// curves: where each view is, its alpha and transform, when completeTransition fires, and what
/// is left in the hierarchy. Then the seeds translated literally, and the diagnostics they earn.
@Suite struct SeedFidelityTests {
    /// UIView.animate's default curve (docs/reference.md § UIKit defaults).
    func easeInOut(_ t: Double, _ d: Double) -> Double { TimingCurve.easeInOut.value(at: min(max(t, 0), d), duration: d) }
    func named(_ name: String, _ t: Double, _ d: Double) -> Double { TimingCurve.named(name)!.value(at: min(max(t, 0), d), duration: d) }
    /// UIKit's duration-based spring (`usingSpringWithDamping:initialSpringVelocity:`).
    func spring(damping: Double, velocity: Double, duration d: Double, _ t: Double) -> Double {
        TimingCurve.spring(Spring.uikit(dampingRatio: damping, initialVelocity: velocity, duration: d)).value(at: t, duration: d)
    }

    func lerp(_ a: Rect, _ b: Rect, _ f: Double) -> Rect { a.interpolate(to: b, fraction: f) }

    /// The times completeTransition was called, to the nanosecond (sums such as D/4 + 3D/4 are
    /// not exact in binary).
    func completeTimes(_ world: World) -> [Double] {
        world.events.filter { $0.type == .completeTransition }.map { ($0.time * 1e9).rounded() / 1e9 }
    }

    func apply(_ world: inout World, _ text: String) throws {
        try world.apply(try action(text))
    }

    // MARK: 000/001 — zoom

    static let zoomPush = String(detailPush.dropLast()) + #", "animator": {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}}"#
    static let zoomPop = #"{"type": "pop", "at": 1, "animator": {"name": "zoom", "sourceView": "image", "targetView": "cell-3/image"}}"#
    let cellImage = Rect(x: 110, y: 80, width: 100, height: 100)   // the scene's cell-3/image, in the container
    let detailImage = Rect(x: 20, y: 84, width: 280, height: 280)  // the detail's image

    @Test func zoomPushFliesTheCellImageOntoTheDetailImageIn0_3s() throws {
        var world = try thingsScene()
        try apply(&world, Self.zoomPush)
        for t in [0, 0.03, 0.1, 0.15, 0.21, 0.29] {
            let shot = world.shot(t)
            let e = easeInOut(t, 0.3)
            let snapshot = try #require(shot.root.find(role: .snapshot))
            #expect(close(snapshot.frame, lerp(cellImage, detailImage, e), 1e-9), "t = \(t)")
            #expect(snapshot.image == "thing-3")
            #expect(abs(try #require(shot.root.find("detail", "")).alpha - e) < 1e-12, "t = \(t)")
            // Both image views are hidden during the flight; the snapshot is on top.
            #expect(try #require(shot.root.find("things", "cell-3/image")).hidden)
            #expect(try #require(shot.root.find("detail", "image")).hidden)
            #expect(shot.root.find(role: .container)?.children.last?.role == .snapshot)
        }
        world.advance(to: 1)
        #expect(completeTimes(world) == [0.3])
        let end = world.snapshot(at: 1)
        #expect(end.root.find(role: .snapshot) == nil && end.root.find("things", "") == nil)
        #expect(try #require(end.root.find("detail", "image")).hidden == false)
        #expect(try #require(end.root.find("detail", "")).alpha == 1)
        // The catalogue unhides the image view it hid, not the cell (unlike the seed).
        let image = try #require(world.tree.view(owner: "things", path: "cell-3/image"))
        #expect(world.tree[image].hidden == false)
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
        #expect(world.controllers["nav"]!.children == ["things", "detail"])
    }

    @Test func zoomPopFliesTheDetailImageBackToTheCellWhileTheDetailFadesOut() throws {
        var world = try thingsScene()
        try apply(&world, Self.zoomPush)
        try apply(&world, Self.zoomPop)
        for t in [1.0, 1.05, 1.15, 1.25] {
            let shot = world.shot(t)
            let e = easeInOut(t - 1, 0.3)
            #expect(close(try #require(shot.root.find(role: .snapshot)).frame, lerp(detailImage, cellImage, e), 1e-9), "t = \(t)")
            #expect(abs(try #require(shot.root.find("detail", "")).alpha - (1 - e)) < 1e-12)
            let container = try #require(shot.root.find(role: .container))
            #expect(container.children.map { $0.viewController ?? $0.role?.rawValue ?? "" } == ["things", "detail", "snapshot"])
        }
        world.advance(to: 2)
        #expect(completeTimes(world) == [0.3, 1.3])
        let end = world.snapshot(at: 2)
        #expect(end.root.find("detail", "") == nil && end.root.find(role: .snapshot) == nil)
        #expect(try #require(end.root.find("things", "cell-3/image")).hidden == false)
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
    }

    @Test func zoomInteractivePopCancelledPutsEverythingBack() throws {
        var world = try thingsScene()
        try apply(&world, Self.zoomPush)
        try apply(&world, #"{"type": "pop", "interactive": true, "at": 1, "animator": {"name": "zoom", "sourceView": "image", "targetView": "cell-3/image"}}"#)
        try apply(&world, #"{"type": "update", "percent": 0.3, "at": 1.1}"#)
        // Held at 30 %: τ = 0.09 s of 0.3.
        let held = world.shot(1.15)
        let e = easeInOut(0.09, 0.3)
        #expect(close(try #require(held.root.find(role: .snapshot)).frame, lerp(detailImage, cellImage, e), 1e-9))
        #expect(abs(try #require(held.root.find("detail", "")).alpha - (1 - e)) < 1e-12)
        try apply(&world, #"{"type": "cancel", "at": 1.2}"#)
        world.advance(to: 2)
        let end = world.snapshot(at: 2)
        #expect(world.transitions.last?.phase == .cancelled && world.transitions.last?.diagnostics.isEmpty == true)
        let detail = try #require(end.root.find("detail", ""))
        #expect(detail.alpha == 1 && detail.frame == Rect(x: 0, y: 0, width: 320, height: 568))
        #expect(try #require(end.root.find("detail", "image")).hidden == false)
        #expect(end.root.find(role: .snapshot) == nil && end.root.find("things", "") == nil)
        #expect(world.controllers["nav"]!.children == ["things", "detail"])
    }

    @Test func zoomPopDrivenByAnEdgePanFinishesPastHalfway() throws {
        // 000/001: the detail controller pops itself with its own animator, driven by an edge pan
        // (progress = translation.x / width, finish above 0.5).
        var world = try thingsScene()
        let detail = #"{"id": "detail", "popAnimator": {"name": "zoom", "sourceView": "image", "targetView": "cell-3/image"}, "view": {"id": "root", "kind": "view", "children": [{"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 20, "y": 84, "width": 280, "height": 280}}]}}"#
        try apply(&world, #"{"type": "push", "viewController": \#(detail), "animator": {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}}"#)
        try apply(&world, #"{"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 1, "translation": {"x": 0, "y": 0}}"#)
        try apply(&world, #"{"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": 1.05, "translation": {"x": 96, "y": 0}}"#)
        let t = try #require(world.runningTransition)
        #expect(t.animator == "zoom" && t.chosenBy == "popAnimator of detail" && t.operation == .pop)
        let e = easeInOut(0.3 * 0.3, 0.3)
        #expect(close(try #require(world.shot(1.07).root.find(role: .snapshot)).frame, lerp(detailImage, cellImage, e), 1e-9))
        try apply(&world, #"{"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": 1.1, "translation": {"x": 200, "y": 0}}"#)
        world.advance(to: 2)
        #expect(world.transitions.last?.phase == .completed && world.transitions.last?.diagnostics.isEmpty == true)
        #expect(world.controllers["nav"]!.children == ["things"])
        let end = world.snapshot(at: 2)
        #expect(end.root.find(role: .snapshot) == nil)
        #expect(try #require(end.root.find("things", "cell-3/image")).hidden == false)
    }

    // MARK: 002 — flips, tab cross-dissolve, overlay

    @Test func toastFlipsPushFromTheRightAndPopFromTheLeftIn0_5s() throws {
        var world = try thingsScene()
        try apply(&world, String(detailPush.dropLast()) + #", "animator": "flip"}"#)
        let full = Size(width: 320, height: 568), center = Point(x: 160, y: 284)
        for t in [0.05, 0.1, 0.2] {
            let p = easeInOut(t, 0.5)
            let angle = -Double.pi / 2 * min(1, p / 0.5)
            let from = try #require(world.shot(t).root.find("things", ""))
            #expect(close(from.frame, rotatedFrame(center: center, size: full, angle: angle, aboutY: true, m34: -1.0 / 500)), "t = \(t)")
        }
        for t in [0.3, 0.4, 0.45] {
            let p = easeInOut(t, 0.5)
            let angle = Double.pi / 2 * (1 - (p - 0.5) / 0.5)
            let to = try #require(world.shot(t).root.find("detail", ""))
            #expect(close(to.frame, rotatedFrame(center: center, size: full, angle: angle, aboutY: true, m34: -1.0 / 500)), "t = \(t)")
        }
        try apply(&world, #"{"type": "pop", "at": 1, "animator": "flip"}"#)
        let p = easeInOut(0.1, 0.5)
        let from = try #require(world.shot(1.1).root.find("detail", ""))
        #expect(close(from.frame, rotatedFrame(center: center, size: full, angle: Double.pi / 2 * p / 0.5, aboutY: true, m34: -1.0 / 500)))
        world.advance(to: 2)
        #expect(completeTimes(world) == [0.5, 1.5])
        let end = world.snapshot(at: 2)
        #expect(end.root.find("detail", "") == nil && end.root.find("things", "")?.transform3D == nil)
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
    }

    @Test func toastTabChangeCrossDissolvesIn0_5s() throws {
        var world = try tabsScene(rules: #"[{"operation": "selectTab", "animator": "crossDissolve"}]"#)
        try apply(&world, #"{"type": "selectTab", "index": 1}"#)
        #expect(world.runningTransition?.duration == 0.5)
        for t in [0.1, 0.25, 0.4] {
            let shot = world.shot(t)
            let e = easeInOut(t, 0.5)
            #expect(abs(try #require(shot.root.find("a", "")).alpha - (1 - e)) < 1e-12)
            #expect(abs(try #require(shot.root.find("b", "")).alpha - e) < 1e-12)
        }
        world.advance(to: 1)
        #expect(completeTimes(world) == [0.5])
        #expect(world.snapshot(at: 1).root.find("a", "") == nil)
        #expect(world.snapshot(at: 1).root.find("b", "")?.alpha == 1)
    }

    /// The presented view's bounds and centre: the container inset by 40, 40, 200, 40.
    let overlayBounds = Size(width: 240, height: 328)
    let overlayCenter = Point(x: 160, y: 204)

    func scaledFrame(_ s: Double) -> Rect {
        Rect(x: overlayCenter.x - overlayBounds.width * s / 2, y: overlayCenter.y - overlayBounds.height * s / 2,
             width: overlayBounds.width * s, height: overlayBounds.height * s)
    }

    @Test func toastOverlayPresentsInsetFadingInOverHalfAndSpringingFrom0_3() throws {
        var world = try homeScene()
        try apply(&world, #"{"type": "present", "modalPresentationStyle": "custom", "viewController": {"id": "overlay"}, "animator": "overlay"}"#)
        #expect(world.runningTransition?.duration == 0.5)
        for t in [0.0, 0.05, 0.125, 0.2, 0.3, 0.4, 0.49] {
            let view = try #require(world.shot(t).root.find("overlay", ""))
            let alpha = t < 0.25 ? easeInOut(t, 0.25) : 1
            let scale = 0.3 + 0.7 * spring(damping: 0.55, velocity: 1 / 0.55, duration: 0.5, t)
            #expect(abs(view.alpha - alpha) < 1e-12, "t = \(t)")
            #expect(abs(view.transform.a - scale) < 1e-12 && abs(view.transform.d - scale) < 1e-12, "t = \(t)")
            #expect(view.bounds.size == overlayBounds && view.center == overlayCenter)
            #expect(close(view.frame, scaledFrame(scale), 1e-9))
        }
        world.advance(to: 1)
        #expect(completeTimes(world) == [0.5])
        let end = world.snapshot(at: 1)
        #expect(end.root.find("home", "") != nil)
        #expect(end.root.find("overlay", "")?.frame == Rect(x: 40, y: 40, width: 240, height: 328))
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
    }

    @Test func toastOverlayDismissFadesAfterAQuarterAndCompletesWhileItsSpringRunsOn() throws {
        var world = try homeScene()
        try apply(&world, #"{"type": "present", "modalPresentationStyle": "custom", "viewController": {"id": "overlay"}, "animator": "overlay"}"#)
        try apply(&world, #"{"type": "dismiss", "at": 1, "animator": "overlay"}"#)
        #expect(world.runningTransition?.duration == 0.2)
        for t in [1.0, 1.03, 1.05, 1.1, 1.15, 1.19] {
            let view = try #require(world.shot(t).root.find("overlay", ""))
            let local = t - 1
            let alpha = local <= 0.05 ? 1 : 1 - named("easeIn", local - 0.05, 0.15)
            let scale = 1 + (0.3 - 1) * spring(damping: 1, velocity: -15, duration: 0.4, local)
            #expect(abs(view.alpha - alpha) < 1e-12, "t = \(t)")
            #expect(abs(view.transform.a - scale) < 1e-12, "t = \(t)")
        }
        world.advance(to: 1.3)
        #expect(completeTimes(world) == [0.5, 1.2])
        #expect(world.snapshot(at: 1.3).root.find("overlay", "") == nil)
        #expect(world.snapshot(at: 1.3).root.find("home", "") != nil)
        // The spring still runs 0.2 s after completion, as in the seed, and is declared so.
        let running = world.animations.byView.values.joined().filter { $0.property == .transform }
        #expect(running.count == 1 && running.first?.outlivesTransition == true && abs(running.first!.end - 0.4) < 1e-12)
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
        world.advance(to: 1.5)
        #expect(world.animations.byView.isEmpty)
    }

    // MARK: 003 — fade

    @Test func guideFadesTheToViewInOver0_35s() throws {
        var world = try thingsScene()
        try apply(&world, String(detailPush.dropLast()) + #", "animator": "fade"}"#)
        #expect(world.runningTransition?.duration == 0.35)
        for t in [0, 0.1, 0.175, 0.3] {
            let shot = world.shot(t)
            #expect(abs(try #require(shot.root.find("detail", "")).alpha - easeInOut(t, 0.35)) < 1e-12, "t = \(t)")
            #expect(try #require(shot.root.find("detail", "")).frame == Rect(x: 0, y: 0, width: 320, height: 568))
            #expect(shot.root.find(role: .container)?.children.last?.viewController == "detail")
        }
        world.advance(to: 1)
        #expect(completeTimes(world) == [0.35])
        #expect(world.snapshot(at: 1).root.find("things", "") == nil)
    }

    // MARK: 004 — side panel

    @Test func settingsPanelSlidesIn200ptOverAnOverlayIn1sAndBackOutIn0_4s() throws {
        var world = try homeScene()
        try apply(&world, #"{"type": "present", "modalPresentationStyle": "custom", "viewController": {"id": "settings"}, "animator": "sidePanel"}"#)
        #expect(world.runningTransition?.duration == 1)
        for t in [0.0, 0.2, 0.5, 0.8] {
            let shot = world.shot(t)
            let e = easeInOut(t, 1)
            let panel = try #require(shot.root.find("settings", ""))
            #expect(abs(panel.center.x - (-160 + 200 * e)) < 1e-9 && panel.center.y == 284, "t = \(t)")
            let overlay = try #require(shot.root.find(role: .dimming))
            #expect(abs(overlay.alpha - 0.8 * e) < 1e-12 && overlay.frame == Rect(x: 0, y: 0, width: 320, height: 568))
            #expect(shot.root.find(role: .container)?.children.map { $0.viewController ?? $0.role?.rawValue ?? "" } == ["dimming", "settings"])
        }
        world.advance(to: 1.5)
        #expect(completeTimes(world) == [1])
        let shown = world.snapshot(at: 1.5)
        #expect(shown.root.find("settings", "")?.frame.minX == -120)
        #expect(shown.root.find(role: .dimming)?.alpha == 0.8)
        #expect(shown.root.find("home", "") != nil)
        #expect(world.transitions.last?.diagnostics.isEmpty == true)

        try apply(&world, #"{"type": "dismiss", "at": 2, "animator": "sidePanel"}"#)
        #expect(world.runningTransition?.duration == 0.4)
        for t in [2.0, 2.1, 2.2, 2.35] {
            let shot = world.shot(t)
            let e = named("easeOut", t - 2, 0.4)
            #expect(abs(try #require(shot.root.find("settings", "")).center.x - (40 + (-160 - 40) * e)) < 1e-9, "t = \(t)")
            #expect(abs(try #require(shot.root.find(role: .dimming)).alpha - 0.8 * (1 - e)) < 1e-12, "t = \(t)")
        }
        world.advance(to: 3)
        #expect(completeTimes(world) == [1, 2.4])
        let end = world.snapshot(at: 3)
        #expect(end.root.find("settings", "") == nil && end.root.find(role: .dimming) == nil)
        #expect(end.root.find("home", "") != nil && end.controllers.presented.isEmpty)
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
    }

    // MARK: The seeds translated literally (docs/animators.md), and what they get wrong

    /// 000/001's push as the article writes it: it hides the cell's image view but unhides the cell.
    static let literalZoomPush = #"""
    {"name": "literal-000-001-push",
     "summary": "Seeds 000/001's push as printed: hides the cell's image view, unhides the cell.",
     "duration": 0.3,
     "setup": [
       {"snapshot": "flying", "of": "from/cell-3/image"},
       {"set": "from/cell-3/image", "hidden": true},
       {"set": "to", "frame": "final", "alpha": 0},
       {"set": "to/image", "hidden": true},
       {"add": "to"},
       {"add": "$flying"}
     ],
     "animations": [{
       "duration": "duration",
       "changes": [
         {"view": "to", "alpha": 1},
         {"view": "$flying", "frame": {"frameOf": "to/image"}}
       ],
       "completion": [
         {"set": "to/image", "hidden": false},
         {"set": "from/cell-3", "hidden": false},
         {"remove": "$flying"},
         {"completeTransition": "!cancelled"}
       ]
     }]}
    """#

    /// 002's overlay as the article writes it: the dismiss spring outlives the transition.
    static let literalOverlay = #"""
    {"name": "literal-002-overlay",
     "summary": "Seed 002's overlay as printed: the dismiss spring runs on after completeTransition.",
     "present": {
       "duration": 0.5,
       "setup": [
         {"set": "to", "frame": {"inset": "container", "top": 40, "left": 40, "bottom": 200, "right": 40}},
         {"add": "to"},
         {"set": "to", "alpha": 0, "transform": [{"scale": 0.3}]}
       ],
       "animations": [
         {"duration": "duration / 2", "changes": [{"view": "to", "alpha": 1}]},
         {"duration": "duration", "curve": {"spring": {"dampingRatio": 0.55, "initialVelocity": "1 / 0.55"}},
          "changes": [{"view": "to", "transform": "identity"}],
          "completion": [{"completeTransition": true}]}
       ]},
     "dismiss": {
       "duration": 0.2,
       "animations": [
         {"delay": "duration / 4", "duration": "3 * duration / 4", "curve": "easeIn",
          "changes": [{"view": "from", "alpha": 0}],
          "completion": [{"remove": "from"}, {"completeTransition": true}]},
         {"duration": "2 * duration", "curve": {"spring": {"dampingRatio": 1, "initialVelocity": -15}},
          "changes": [{"view": "from", "transform": [{"scale": 0.3}]}]}
       ]}}
    """#

    /// 003's fade as its code is printed: the to view is never added (the prose says to add it;
    /// the printed completion is cut short, and is taken to call completeTransition).
    static let literalFade = #"""
    {"name": "literal-003-fade",
     "summary": "Seed 003's fade as printed: the to view is never added to the container.",
     "duration": 0.35,
     "setup": [{"set": "to", "alpha": 0}],
     "animations": [{"duration": 0.35, "changes": [{"view": "to", "alpha": 1}],
                     "completion": [{"completeTransition": "!cancelled"}]}]}
    """#

    @Test func literalZoomPushLeavesTheImageViewHidden() throws {
        var world = try thingsScene()
        try apply(&world, String(detailPush.dropLast()) + #", "animator": {"spec": \#(Self.literalZoomPush)}}"#)
        // Frame by frame it is the catalogue's zoom.
        var catalogue = try thingsScene()
        try apply(&catalogue, Self.zoomPush)
        for t in [0.05, 0.15, 0.25] {
            #expect(world.shot(t).root.find(role: .snapshot)?.frame == catalogue.shot(t).root.find(role: .snapshot)?.frame)
        }
        world.advance(to: 1)
        let t = try #require(world.transitions.last)
        #expect(t.phase == .completed)
        #expect(t.diagnostics.map(\.code) == [.viewLeftHidden])
        #expect(t.diagnostics.first?.view == "things:cell-3/image" && t.diagnostics.first?.time == 0.3)
    }

    @Test func literalOverlayDismissLeavesItsSpringOnARemovedView() throws {
        var world = try homeScene()
        let spec = #"{"spec": \#(Self.literalOverlay)}"#
        try apply(&world, #"{"type": "present", "modalPresentationStyle": "custom", "viewController": {"id": "overlay"}, "animator": \#(spec)}"#)
        world.advance(to: 1)
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
        try apply(&world, #"{"type": "dismiss", "animator": \#(spec)}"#)
        // The same frames as the catalogue's overlay.
        var catalogue = try homeScene()
        try apply(&catalogue, #"{"type": "present", "modalPresentationStyle": "custom", "viewController": {"id": "overlay"}, "animator": "overlay"}"#)
        try apply(&catalogue, #"{"type": "dismiss", "at": 1, "animator": "overlay"}"#)
        for t in [1.05, 1.1, 1.15] {
            let a = try #require(world.shot(t).root.find("overlay", "")), b = try #require(catalogue.shot(t).root.find("overlay", ""))
            #expect(a.alpha == b.alpha && a.transform == b.transform)
        }
        world.advance(to: 2)
        let t = try #require(world.transitions.last)
        #expect(t.phase == .completed)
        #expect(t.diagnostics.map(\.code) == [.animationOnRemovedView])
        #expect(abs((t.diagnostics.first?.time ?? 0) - 1.2) < 1e-12)
    }

    @Test func literalFadeAsPrintedNeverAddsTheToView() throws {
        var world = try thingsScene()
        try apply(&world, String(detailPush.dropLast()) + #", "animator": {"spec": \#(Self.literalFade)}}"#)
        world.advance(to: 1)
        #expect(world.transitions.last?.diagnostics.map(\.code) == [.toViewNotAdded])
    }
}
