import JSONCodec
import Testing
@testable import TransitionCore

/// UIKit's own gestures on a zoomed page (docs/semantics.md § Zoom): each recognizer's progress,
/// its threshold, and the release springs, against closed forms computed here.
@Suite struct ZoomGestureTests {
    let zoom = Catalogue.shared.fluidZoomParameters

    /// The README's scene on iOS 18 with `detail` pushed by the zoom from `cell-3` and settled at t = 1.
    func zoomedIn() throws -> World {
        var scene = try #require(thingsFixture["scene"]?.objectValue)
        scene["screen"] = try json(#"{"width": 320, "height": 568, "scale": 2, "iOS": 18}"#)
        var w = try World(scene: try SceneSpec.decode(.object(scene), limits: SceneLimits()))
        var detail = try #require(thingsFixture["detail"]?.objectValue)
        detail["preferredTransition"] = try json(#"{"type": "zoom", "sourceView": "cell-3"}"#)
        try w.apply(try action(#"{"type": "push", "at": 0, "viewController": "# + String(decoding: JSONWriter.encode(.object(detail)), as: UTF8.self) + "}"))
        w.advance(to: 1)
        return w
    }

    func sample(_ w: inout World, _ fields: String) throws {
        try w.apply(try action(#"{"type": "gesture", "# + fields + "}"))
    }

    /// Closed form of a spring from 0 to 1, under-damped (ζ < 1), released at `v0` distances per second.
    func closedForm(omega w: Double, zeta: Double, v0: Double, at t: Double) -> Double {
        let wd = w * (1 - zeta * zeta).squareRoot()
        return 1 + exp(-zeta * w * t) * (-cos(wd * t) + (v0 - zeta * w) / wd * sin(wd * t))
    }

    /// The springs are the catalogue's ω ≈ 15 rad/s, ζ 0.75 (commit) and ω ≈ 22 rad/s, ζ 0.9
    /// (cancel), seeded with the velocity given, and move as the closed form says.
    @Test func theReleaseSpringsMatchTheirClosedForms() {
        let commit = zoom.releaseSpring(commit: true, velocity: 2), cancel = zoom.releaseSpring(commit: false, velocity: -1)
        #expect(abs(commit.naturalFrequency - 2 * .pi / 0.42) < 1e-9 && abs(commit.dampingRatio - 0.75) < 1e-12)
        #expect(abs(cancel.naturalFrequency - 2 * .pi / 0.29) < 1e-9 && abs(cancel.dampingRatio - 0.9) < 1e-12)
        #expect(abs(commit.naturalFrequency - 15) < 0.1 && abs(cancel.naturalFrequency - 22) < 0.5)
        for t in [0.0, 0.01, 0.05, 0.1, 0.2, 0.4] {
            #expect(abs(commit.value(at: t) - closedForm(omega: 2 * .pi / 0.42, zeta: 0.75, v0: 2, at: t)) < 1e-12)
            #expect(abs(cancel.value(at: t) - closedForm(omega: 2 * .pi / 0.29, zeta: 0.9, v0: -1, at: t)) < 1e-12)
        }
    }

    /// Each recognizer's progress: a swipe down's translation over the container's height, an edge
    /// swipe's over its width, a pinch's 1 − scale; the timeline holds the zoom out there.
    @Test(arguments: [
        (#""recognizer": "pan", "translation": {"x": 40, "y": 142}"#, 142.0 / 568),
        (#""recognizer": "edgePan", "translation": {"x": 80, "y": 30}"#, 80.0 / 320),
        (#""recognizer": "pinch", "scale": 0.7"#, 0.3),
    ])
    func progressPerRecognizer(changed: String, expected: Double) throws {
        var w = try zoomedIn()
        let recognizer = changed.contains("pinch") ? "pinch" : changed.contains("edgePan") ? "edgePan" : "pan"
        try sample(&w, #""recognizer": "\#(recognizer)", "phase": "began", "scale": 1, "at": 1"#)
        try sample(&w, #""phase": "changed", "at": 1.1, "# + changed)
        let g = try #require(w.gesture)
        #expect(abs(g.progress - expected) < 1e-12)
        let t = try #require(w.transitions.last)
        #expect(t.operation == .pop && t.tracking == .zoomDismiss)
        #expect(abs(t.percentComplete(at: 1.1) - expected) < 1e-12)
    }

    /// Released at exactly its threshold a gesture commits; a hair short, it springs back.
    @Test(arguments: [("pan", 0.1), ("edgePan", 0.7), ("pinch", 0.5)])
    func theThresholds(recognizer: String, threshold: Double) throws {
        #expect(zoom.threshold(of: try #require(Interaction.Recognizer(rawValue: recognizer))) == threshold)
        for (progress, commits) in [(threshold, true), (threshold - 0.01, false)] {
            var w = try zoomedIn()
            let moved = switch recognizer {
            case "pan": #""translation": {"x": 0, "y": \#(progress * 568)}"#
            case "edgePan": #""translation": {"x": \#(progress * 320), "y": 0}"#
            default: #""scale": \#(1 - progress)"#
            }
            try sample(&w, #""recognizer": "\#(recognizer)", "phase": "began", "scale": 1, "at": 1"#)
            try sample(&w, #""recognizer": "\#(recognizer)", "phase": "changed", "at": 1.1, "# + moved)
            try sample(&w, #""recognizer": "\#(recognizer)", "phase": "ended", "at": 1.2, "# + moved)
            #expect(w.gesture?.decision == (commits ? .finish : .cancel), "\(recognizer) at \(progress)")
        }
    }

    /// After the release the zoom out's progress is the seeded spring's, from the progress the
    /// finger left to the end (commit), and it completes when that spring settles.
    @Test func theReleaseRidesTheSeededSpring() throws {
        var w = try zoomedIn()
        try sample(&w, #""recognizer": "pan", "phase": "began", "at": 1"#)
        try sample(&w, #""recognizer": "pan", "phase": "changed", "translation": {"x": 0, "y": 100}, "at": 1.1"#)
        try sample(&w, #""recognizer": "pan", "phase": "ended", "translation": {"x": 0, "y": 100}, "velocity": {"x": 0, "y": 500}, "at": 1.2"#)
        let p = 100.0 / 568, v0 = 500.0 / 568 / (1 - p)
        let t = try #require(w.transitions.last)
        for dt in [0.01, 0.03, 0.08] {
            let q = closedForm(omega: 2 * .pi / 0.42, zeta: 0.75, v0: v0, at: dt)
            #expect(abs(t.timeline.tau(at: 1.2 + dt) / t.duration - (p + (1 - p) * q)) < 1e-12)
        }
        let settle = zoom.releaseSpring(commit: true, velocity: v0).settlingDuration
        w.advance(to: 3)
        #expect(abs(try #require(w.transitions.last?.completedAt) - (1.2 + settle)) < 1e-9)
        #expect(w.transitions.last?.phase == .completed)
        // Completed at its end: no animation is left running on the views that went.
        #expect(w.transitions.last?.diagnostics.isEmpty == true)
    }

    /// A run on a spring ends at the session time its end is scheduled for, start + seconds, even
    /// where now − start rounds a hair short of `seconds` (a spring is 0.001 short of its target there).
    @Test func aSpringRunEndsExactlyWhenScheduled() {
        let spring = zoom.releaseSpring(commit: true, velocity: 0)
        let seconds = spring.settlingDuration
        var timeline = Timeline(start: 0)
        timeline.hold(at: 1.2, tau: 0.1)
        timeline.change(at: 1.2, to: .completing(target: 0.5, seconds: seconds, curve: .spring(spring), cancelled: false))
        let end = timeline.time(reaching: 0.5, after: 1.2) ?? .nan
        #expect(end == 1.2 + seconds)
        // At its end to within rounding, not the spring's 0.001 of the distance short of it.
        #expect(abs(timeline.tau(at: end) - 0.5) < 1e-12)
        #expect(timeline.tau(at: end.nextDown) < 0.5 - 1e-6)
    }

    /// τ's rate: 1 running, 0 held, the release spring's closed-form rate times the way left while
    /// completing (a central difference of τ agrees), 1 once a finish has run, 0 after a cancel.
    @Test func theTimelinesRateIsTausDerivative() {
        let spring = zoom.releaseSpring(commit: true, velocity: 2)
        var timeline = Timeline(start: 0)
        #expect(timeline.rate(at: 0.5) == 1)
        timeline.hold(at: 1, tau: 0.2)
        #expect(timeline.rate(at: 1.1) == 0)
        timeline.change(at: 1.2, to: .completing(target: 0.5, seconds: spring.settlingDuration, curve: .spring(spring), cancelled: false))
        for t in [1.21, 1.3, 1.5] {
            let h = 1e-5, numeric = (timeline.tau(at: t + h) - timeline.tau(at: t - h)) / (2 * h)
            #expect(abs(timeline.rate(at: t) - 0.3 * spring.velocity(at: t - 1.2)) < 1e-12)
            #expect(abs(timeline.rate(at: t) - numeric) < 1e-6)
        }
        #expect(timeline.rate(at: 1.2 + spring.settlingDuration + 0.1) == 1)
        timeline.change(at: 5, to: .completing(target: 0, seconds: 0.3, curve: .linear, cancelled: true))
        #expect(abs(timeline.rate(at: 5.1) + timeline.tau(at: 5) / 0.3) < 1e-9 && timeline.rate(at: 5.4) == 0)
    }
}
