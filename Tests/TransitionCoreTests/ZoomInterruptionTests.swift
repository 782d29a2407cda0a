import JSONCodec
import Testing
@testable import TransitionCore

/// A fluid zoom interrupted by the opposite operation of its controller (docs/semantics.md
/// § Zoom): the running one completes at once, the next starts where the screen showed the
/// clip, the page, the veil and the navigation bar.
@Suite struct ZoomInterruptionTests {
    /// The README's scene on iOS 18, the first with `preferredTransition`.
    func thingsScene() throws -> World {
        var scene = try #require(thingsFixture["scene"]?.objectValue)
        scene["screen"] = try json(#"{"width": 320, "height": 568, "scale": 2, "iOS": 18}"#)
        return try World(scene: try SceneSpec.decode(.object(scene), limits: SceneLimits()))
    }

    /// The fixture's `detail` zooming from `cell-3`, as JSON.
    func detail() throws -> String {
        var detail = try #require(thingsFixture["detail"]?.objectValue)
        detail["preferredTransition"] = try json(#"{"type": "zoom", "sourceView": "cell-3"}"#)
        return String(decoding: JSONWriter.encode(.object(detail)), as: UTF8.self)
    }

    /// What the screen shows of the zoom at `t`: the clip's window frame and corner radius, the
    /// page's window frame, the veil's alpha.
    func zoomPose(_ w: World, at t: Double) throws -> (clip: Rect, radius: Double, page: Rect, veil: Double) {
        let shot = w.shot(t)
        let clip = try #require(shot.root.find(role: .zoomContainer))
        return (clip.windowFrame, clip.layer.cornerRadius, try #require(shot.root.find("detail", "")).windowFrame,
                try #require(shot.root.find(role: .dimming)).alpha)
    }

    /// The bar's labels on screen by role and text (their ids follow the shown and the coming
    /// item, so they change hands when one change completes and the next starts).
    func barLabels(_ w: World, at t: Double) -> [String: (frame: Rect, alpha: Double)] {
        var found: [String: (frame: Rect, alpha: Double)] = [:]
        func visit(_ node: SnapshotNode) {
            if let role = node.role, role == .navigationTitle || role == .backButton || role == .backIndicator || role == .largeTitle {
                found["\(role.rawValue):\(node.text ?? "")"] = (node.windowFrame, node.alpha)
            }
            node.children.forEach(visit)
        }
        visit(w.shot(t).root)
        return found
    }

    func expectSame(_ a: [String: (frame: Rect, alpha: Double)], _ b: [String: (frame: Rect, alpha: Double)]) {
        #expect(Set(a.keys) == Set(b.keys))
        for (key, x) in a {
            guard let y = b[key] else { continue }
            let d = [x.frame.minX - y.frame.minX, x.frame.minY - y.frame.minY, x.frame.width - y.frame.width,
                     x.frame.height - y.frame.height, x.alpha - y.alpha].map(abs).max() ?? 0
            #expect(d < 1e-9, "\(key): \(x) then \(y)")
        }
    }

    /// A push of `detail` while it zooms out: the pop completes at once (its callbacks, the
    /// controller out of the stack), then the push starts with the clip, page and veil where
    /// they were, and grows from there to the screen.
    @Test func aPushDuringTheZoomOutStartsWhereThePageIs() throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        w.advance(to: 1)
        try w.apply(try action(#"{"type": "pop"}"#))
        w.advance(to: 1.1)
        let before = try zoomPose(w, at: 1.1), barBefore = barLabels(w, at: 1.1)
        // On its way into the cell: smaller than the screen, larger than the cell.
        #expect(before.clip.width < 320 && before.clip.width > 100 && before.veil < 0.15 && before.veil > 0)
        let seq = w.events.last?.seq ?? 0
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        let pop = w.transitions[w.transitions.count - 2], push = try #require(w.transitions.last)
        #expect(pop.operation == .pop && pop.phase == .completed && pop.completedAt == 1.1)
        #expect(push.operation == .push && push.animator == "fluidZoom" && push.begin == 1.1)
        #expect(w[controller: ControllerID("nav")].children == [ControllerID("things"), ControllerID("detail")])
        let after = try zoomPose(w, at: 1.1)
        #expect(after.clip == before.clip && after.radius == before.radius && after.page == before.page && after.veil == before.veil)
        expectSame(barBefore, barLabels(w, at: 1.1))
        #expect(w.eventNames(after: seq) == ["completeTransition:nav", "viewDidDisappear:detail", "viewDidAppear:things", "didShow:nav",
                                             "viewWillDisappear:things", "viewWillAppear:detail", "willShow:nav",
                                             "animationControllerFor:nav", "animateTransition:nav"])
        // It goes on with the shrinking's momentum a little (the velocity carried over), then
        // grows toward the screen; at rest it fills it.
        let next = try zoomPose(w, at: 1.11), later = try zoomPose(w, at: 1.3)
        #expect(next.clip.width < before.clip.width && next.veil < before.veil)
        #expect(later.clip.width > before.clip.width && later.veil > before.veil)
        let end = w.shot(2)
        #expect(end.root.find(role: .zoomContainer) == nil && end.root.find("detail", "")?.windowFrame == Rect(x: 0, y: 0, width: 320, height: 568))
        var done = w
        done.advance(to: 2)
        #expect(done.tree[try #require(done.tree.view(owner: ControllerID("things"), path: "cell-3"))].hidden == false)
    }

    /// The same for a presentation while its dismissal zooms out; the presentation's order of
    /// callbacks (the animator asked before the appearance callbacks).
    @Test func aPresentationDuringTheZoomOutDismissalStartsWhereThePageIs() throws {
        var w = try thingsScene()
        let present = #"{"type": "present", "modalPresentationStyle": "fullScreen", "viewController": "# + (try detail()) + "}"
        try w.apply(try action(present))
        w.advance(to: 1)
        try w.apply(try action(#"{"type": "dismiss"}"#))
        w.advance(to: 1.2)
        let before = try zoomPose(w, at: 1.2)
        let seq = w.events.last?.seq ?? 0
        try w.apply(try action(present))
        #expect(w.transitions.last?.operation == .present && w.transitions.last?.animator == "fluidZoom")
        let after = try zoomPose(w, at: 1.2)
        #expect(after.clip == before.clip && after.radius == before.radius && after.page == before.page && after.veil == before.veil)
        #expect(w.eventNames(after: seq) == ["completeTransition:detail", "viewDidDisappear:detail", "viewDidAppear:nav", "viewDidAppear:things",
                                             "animationControllerFor:detail", "viewWillDisappear:nav", "viewWillDisappear:things",
                                             "viewWillAppear:detail", "animateTransition:detail"])
        #expect(w[controller: ControllerID("nav")].presented == ControllerID("detail"))
        #expect(w.shot(2).root.find("detail", "")?.windowFrame == Rect(x: 0, y: 0, width: 320, height: 568))
    }

    /// The bar beside a pop during the zoom in: the push's change completes, and the pop's
    /// starts at the push's progress, so no label moves or fades at the instant.
    @Test func theBarGoesOnFromWhereTheInterruptedChangeLeftIt() throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        w.advance(to: 0.1)
        let before = barLabels(w, at: 0.1)
        // Mid-change: the old title fading out, the new one fading in.
        let old = try #require(before["navigationTitle:Things"]), new = try #require(before["navigationTitle:Detail"])
        #expect(old.alpha < 1 && new.alpha < 1)
        try w.apply(try action(#"{"type": "pop"}"#))
        expectSame(before, barLabels(w, at: 0.1))
        // It then runs back to the root's bar: its title alone, in its place.
        let end = barLabels(w, at: 1)
        #expect(Set(end.keys) == ["navigationTitle:Things"] && end["navigationTitle:Things"]?.alpha == 1)
    }

    func conflictType(_ error: SimulationError?) -> Conflict? {
        if case .conflict(let type, _)? = error?.kind { return type }
        return nil
    }

    /// Every other push meets the running zoom out as before (409), the zoom out untouched: another
    /// controller, the same one with an action's animator, or without the zoom.
    @Test(arguments: [#"{"id": "other"}"#, #"{"id": "detail"}"#, "animator"])
    func anotherPushDuringTheZoomOutIsRefused(spec: String) throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        w.advance(to: 1)
        try w.apply(try action(#"{"type": "pop"}"#))
        w.advance(to: 1.1)
        let push = spec == "animator" ? #"{"type": "push", "animator": "slide", "viewController": "# + (try detail()) + "}"
            : #"{"type": "push", "viewController": "# + spec + "}"
        let error = #expect(throws: SimulationError.self) { try w.apply(try action(push)) }
        #expect(conflictType(error) == .transitionInProgress)
        let last = try #require(w.transitions.last)
        #expect(last.operation == .pop && last.phase == .animating && last.id == w.runningTransition?.id)
    }

    /// Interrupted twice: the second change starts where the first interruption's, itself
    /// begun part way, stood (its progress counts from where it began, `barStart`).
    @Test func aChainOfInterruptionsNeverJumps() throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        for (at, body) in [(0.1, #"{"type": "pop"}"#), (0.2, #"{"type": "push", "viewController": "# + (try detail()) + "}")] {
            w.advance(to: at)
            let before = try zoomPose(w, at: at), bar = barLabels(w, at: at)
            try w.apply(try action(body))
            let after = try zoomPose(w, at: at)
            #expect(after.clip == before.clip && after.page == before.page && after.veil == before.veil)
            expectSame(bar, barLabels(w, at: at))
        }
        #expect(try #require(w.transitions.last).barStart.progress > 0)
    }

    /// A zoom out held by an `update` (an interactive pop) is not running on its own: a push of
    /// the same controller waits for it, as any other push does.
    @Test func aHeldZoomOutIsNotInterrupted() throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        w.advance(to: 1)
        try w.apply(try action(#"{"type": "pop", "interactive": true}"#))
        try w.apply(try action(#"{"type": "update", "percent": 0.3, "at": 1.1}"#))
        let error = #expect(throws: SimulationError.self) { try w.apply(try action(#"{"type": "push", "at": 1.2, "viewController": "# + (try detail()) + "}")) }
        #expect(conflictType(error) == .transitionInProgress)
    }

    /// The flight's spring (the catalogue's `curve`: response 0.33 s, critically damped).
    let flight = Spring.response(0.33, dampingRatio: 1)

    /// The clip's window frame and the veil's alpha at `t`, as numbers.
    func motion(_ w: World, at t: Double) throws -> [Double] {
        let p = try zoomPose(w, at: t)
        return [p.clip.minX, p.clip.minY, p.clip.width, p.clip.height, p.veil]
    }

    /// The rates of those numbers at the instant `t` of an interruption: just before, by a central
    /// difference on `before`, the world left uninterrupted (at most at t − h); just after, by a second-order
    /// one-sided difference on `after`, the world interrupted at `t`. h = 0.1 ms: the error is
    /// about h²·x‴ (x‴ ≈ ω³ · 300 pt ≈ 2·10⁶ pt/s³), 0.01 pt/s.
    func rates(_ before: World, _ after: World, at t: Double) throws -> (before: [Double], after: [Double]) {
        let h = 1e-4
        let a = try motion(before, at: t - h), b = try motion(before, at: t + h)
        let x0 = try motion(after, at: t), x1 = try motion(after, at: t + h), x2 = try motion(after, at: t + 2 * h)
        return (zip(a, b).map { ($1 - $0) / (2 * h) }, (0..<x0.count).map { (-3 * x0[$0] + 4 * x1[$0] - x2[$0]) / (2 * h) })
    }

    func expectSameRates(_ r: (before: [Double], after: [Double]), _ label: String) {
        for (k, tolerance) in [0.05, 0.05, 0.05, 0.05, 1e-5].enumerated() {
            #expect(abs(r.before[k] - r.after[k]) < tolerance, "\(label) #\(k): \(r.before[k]) then \(r.after[k])")
        }
    }

    /// A pop 0.1 s into the zoom in goes on at the speed the clip had: its spring is seeded with
    /// v₀ = −p′ / p (p, p′ the flight's progress and rate there), so the frames after follow the
    /// seeded spring's closed form C + (A − C) · q(δ) exactly, and the clip's frame and the veil's
    /// alpha change at the same rate just before and just after the instant.
    @Test func aPopDuringTheZoomInGoesOnWithItsVelocity() throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        let source = try zoomPose(w, at: 0)
        w.advance(to: 0.1 - 1e-4)
        let uninterrupted = w
        w.advance(to: 0.1)
        let c = try zoomPose(w, at: 0.1)
        let p = flight.value(at: 0.1), rate = flight.velocity(at: 0.1)
        #expect(abs(c.clip.width - (source.clip.width + (320 - source.clip.width) * p)) < 1e-9)
        try w.apply(try action(#"{"type": "pop"}"#))
        #expect(try #require(w.transitions.last).springVelocity.map { abs($0 + rate / p) < 1e-9 } == true)
        let seeded = Spring.response(0.33, dampingRatio: 1, initialVelocity: -rate / p)
        for delta in [0.001, 0.01, 0.05, 0.2] {
            let q = seeded.value(at: delta), shown = try zoomPose(w, at: 0.1 + delta)
            #expect(abs(shown.clip.width - (c.clip.width + (source.clip.width - c.clip.width) * q)) < 1e-9)
            #expect(abs(shown.clip.minY - (c.clip.minY + (source.clip.minY - c.clip.minY) * q)) < 1e-9)
            #expect(abs(shown.veil - c.veil * (1 - q)) < 1e-9)
        }
        // Width rate just after, (A − C) · v₀, is the flight's (B − A) · p′ just before.
        #expect(abs((source.clip.width - c.clip.width) * (-rate / p) - (320 - source.clip.width) * rate) < 1e-9)
        expectSameRates(try rates(uninterrupted, w, at: 0.1), "pop")
        // It still ends in the cell, at rest.
        #expect(w.shot(1).root.find(role: .zoomContainer) == nil)
    }

    /// Interrupted twice, and the other way for a presentation: no rate jumps at either instant.
    @Test func aChainOfInterruptionsKeepsItsVelocity() throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        let push = #"{"type": "push", "viewController": "# + (try detail()) + "}", pop = #"{"type": "pop"}"#
        let steps: [(Double, String)] = [(0.1, pop), (0.25, push), (0.3, pop)]
        for (at, body) in steps {
            w.advance(to: at - 1e-4)
            let before = w
            w.advance(to: at)
            try w.apply(try action(body))
            expectSameRates(try rates(before, w, at: at), "navigation at \(at)")
        }
        var m = try thingsScene()
        let present = #"{"type": "present", "modalPresentationStyle": "fullScreen", "viewController": "# + (try detail()) + "}"
        try m.apply(try action(present))
        m.advance(to: 1)
        try m.apply(try action(#"{"type": "dismiss"}"#))
        m.advance(to: 1.15 - 1e-4)
        let before = m
        m.advance(to: 1.15)
        try m.apply(try action(present))
        expectSameRates(try rates(before, m, at: 1.15), "presentation")
    }

    /// A source that moved during the zoom in (its grid scrolled): the pop's end is off the line
    /// the clip moved on. Nothing jumps, and the velocity keeps its part along the way left: the
    /// change of the frame's rate at the instant is across that way (orthogonal to it).
    @Test func aMovedSourceKeepsTheVelocityAlongTheWayLeft() throws {
        var w = try thingsScene()
        try w.apply(try action(#"{"type": "push", "viewController": "# + (try detail()) + "}"))
        try w.apply(try action(#"{"type": "scroll", "at": 0.05, "viewController": "things", "view": "", "contentOffset": {"x": 0, "y": 60}}"#))
        w.advance(to: 0.1 - 1e-4)
        let before = w
        w.advance(to: 0.1)
        let c = try zoomPose(w, at: 0.1)
        try w.apply(try action(#"{"type": "pop"}"#))
        let after = try zoomPose(w, at: 0.1)
        #expect(after.clip == c.clip && after.page == c.page && after.veil == c.veil)
        let end = try #require(w.transitions.last).platform.flatMap { p -> Rect? in
            if case .fluidZoom(let z) = p { return z.geometry.source } else { return nil }
        }
        let target = try #require(end)
        let gap = [target.minX - c.clip.minX, target.minY - c.clip.minY, target.width - c.clip.width, target.height - c.clip.height]
        let r = try rates(before, w, at: 0.1)
        var along = 0.0, size = 0.0, change = 0.0
        for k in 0..<4 {
            along += (r.after[k] - r.before[k]) * gap[k]
            size += gap[k] * gap[k]
            change = max(change, abs(r.after[k] - r.before[k]))
        }
        // Off the line: some velocity is lost, but none along the way left.
        #expect(change > 1)
        #expect(abs(along) / size.squareRoot() < 0.05)
    }

    /// Off the line (a source that moved in between): the seed is the least-squares fit of the
    /// frame's velocity on the way left; along the line it is the exact ratio.
    @Test func theSeedFitsTheFramesVelocityToTheWayLeft() {
        var pose = ZoomPose(clip: Rect(x: 10, y: 20, width: 100, height: 200), clipVelocity: Rect(x: -5, y: -10, width: 50, height: 100),
                            cornerRadius: 0, offset: .identity, offsetMotion: [], pageCenter: .zero, pageTransform: .identity, dimming: 0, barProgress: nil)
        // Along the line: the way left, (−10, −20, 100, 200), is twice the velocity.
        #expect(abs(pose.initialVelocity(toward: Rect(x: 0, y: 0, width: 200, height: 400)) - 0.5) < 1e-12)
        // Off it: only the part along the way left, (v · g) / |g|².
        let g: [Double] = [-10, -20, 220, 368], v: [Double] = [-5, -10, 50, 100]
        var along = 0.0, norm = 0.0
        for k in 0..<4 { (along, norm) = (along + v[k] * g[k], norm + g[k] * g[k]) }
        let fit = along / norm
        #expect(abs(pose.initialVelocity(toward: Rect(x: 0, y: 0, width: 320, height: 568)) - fit) < 1e-12)
        // No way left: nothing to seed.
        pose.clipVelocity = Rect(x: 1, y: 1, width: 1, height: 1)
        #expect(pose.initialVelocity(toward: pose.clip) == 0)
    }

    /// A bar track from progress `start` on: the value there first, the later keys re-timed.
    @Test func aBarTrackStartsPartWay() {
        let fade = NavigationBarTransition.fadeIn(.topTitle, from: 0.25)
        #expect(fade.passing(.init(run: 0, progress: 0)).keys == fade.keys)
        // 0 until 0.25, then linear to 1: at 0.5 a third of the way; the key at 1 stays last.
        let half = fade.passing(.init(run: 0, progress: 0.5)).keys
        #expect(half.count == 2 && half[0].time == 0 && half[1].time == 1 && half[1].value == .number(1))
        if case .number(let a) = half[0].value { #expect(abs(a - 1.0 / 3) < 1e-12) } else { Issue.record("not a number") }
        // From 0.1 the key at 0.25 is kept, at (0.25 − 0.1) / 0.9.
        let early = fade.passing(.init(run: 0, progress: 0.1)).keys
        #expect(early.map(\.time).count == 3 && abs(early[1].time - 0.15 / 0.9) < 1e-12 && early[0].value == .number(0))
        // Standing at 0.5 at run 0.2: 0 until 0.25 of the change (run 0.1), a third of the way at
        // run 0.2, then on to 1 at run 1.
        let knee = NavigationBarTransition.Knee(run: 0.2, progress: 0.5)
        let bent = fade.passing(knee).keys
        #expect(zip(bent.map(\.time), [0, 0.1, 0.2, 1]).allSatisfy { abs($0 - $1) < 1e-12 } && bent.count == 4 && bent[0].value == .number(0) && bent[1].value == .number(0) && bent[3].value == .number(1))
        if case .number(let a) = bent[2].value { #expect(abs(a - 1.0 / 3) < 1e-12) } else { Issue.record("not a number") }
        #expect(abs(knee.progress(atRun: 0.1) - 0.25) < 1e-12 && knee.progress(atRun: 0.2) == 0.5 && abs(knee.progress(atRun: 0.6) - 0.75) < 1e-12)
    }
}
