import Testing
import TestSupport
@testable import TransitionCore
@testable import TransitionServer

/// A film strip drawn by frame templates (`SVGFrameTemplate`, docs/performance.md § Templates) is
/// the strip drawn frame by frame in full, byte for byte: the sessions of `FrameTemplateTests`
/// (catalogue animators, a zoom, sheets, a large title, a card flip turning in 3D, a clipping box,
/// an animated zPosition a template refuses) and one whose layers' shadow, border and corners
/// animate, at many increasing times and three precisions.
@Suite struct SVGFrameTemplateTests {
    /// A push whose animator animates the layers that number clip paths and shadow filters.
    static let layers = #"""
    {"spec": {"duration": 0.5, "setup": [{"add": "to"}, {"set": "to", "frame": "final", "shadowOpacity": 0, "shadowRadius": 6, "clipsToBounds": true}],
     "animations": [{"duration": "duration", "changes": [
      {"view": "to", "shadowOpacity": 0.4, "borderWidth": 3, "cornerRadius": 12, "shadowOffset": {"width": 0, "height": 4}},
      {"view": "from", "alpha": 0.3}],
      "completion": [{"completeTransition": "!cancelled"}]}]}}
    """#

    /// A push whose animator mirrors the incoming view (its `transform` from identity to a scale of
    /// -1 across), with the pushed controller's image one-sided: carried by that view, the image
    /// turns away half way (its `visible`, a moving frame's place, changes within an interval).
    static let mirror = #"""
    {"spec": {"duration": 0.5, "setup": [{"add": "to"}, {"set": "to", "frame": "final"}],
     "animations": [{"duration": "duration", "curve": "linear", "changes": [{"view": "to", "transform": [{"scale": [-1, 1]}]}],
      "completion": [{"completeTransition": "!cancelled"}]}]}}
    """#
    static let oneSided = FrameTemplateTests.detail.replacing(
        #""frame": {"x": 20, "y": 84, "width": 280, "height": 280}}"#,
        with: #""frame": {"x": 20, "y": 84, "width": 280, "height": 280}, "isDoubleSided": false}"#)
    static let mirrorPush = #"{"type": "push", "at": 0.1, "viewController": \#(oneSided), "animator": \#(mirror)}"#

    static let scenes: [(name: String, creation: String, actions: [String])] = FrameTemplateTests.scenes + [
        ("layers", FrameTemplateTests.things, [#"{"type": "push", "at": 0.1, "viewController": \#(FrameTemplateTests.detail), "animator": \#(layers)}"#]),
        ("mirrored one-sided subview", FrameTemplateTests.things, [mirrorPush]),
    ]

    /// The one-sided image does turn away within the mirroring: the strips compare frames where a
    /// carried view's `visible` is not the template's.
    @Test func theOneSidedImageTurnsAwayHalfWay() throws {
        let session = try FrameTemplateTests.session(FrameTemplateTests.things, [Self.mirrorPush])
        let shots = try session.history(now: .now).snapshots(at: [0.2, 0.5])
        func image(_ n: SnapshotNode) -> SnapshotNode? { n.path == "image" ? n : n.children.lazy.compactMap(image).first }
        let early = try #require(image(shots[0].root)), late = try #require(image(shots[1].root))
        #expect(early.visible && !late.visible)
    }

    /// The strip as `filmstrip.svg` drew it before templates: each frame computed and drawn in full.
    static func fullStrip(_ shots: [Snapshot], precision: Int?) -> [UInt8] {
        var encoder = SVGEncoder(precision: precision)
        let window = SVGEncoder.windowSize(shots[0])
        encoder.begin(frames: shots.count, window: window)
        for (i, shot) in shots.enumerated() { encoder.frame(shot, x: Double(i) * (window.width + SVGStyle.frameGap)) }
        encoder.end()
        return encoder.writer.bytes
    }

    @Test(arguments: scenes.indices)
    func aStripByTemplatesIsTheFullDrawing(scene: Int) throws {
        let (name, creation, actions) = Self.scenes[scene]
        let session = try FrameTemplateTests.session(creation, actions)
        let now = ContinuousClock.now
        var random = SplitMix64(seed: UInt64(scene) &+ 71)
        var sorted: [Double] = [0, 0.1, 0.1, 0.6, 1, 1.2, 1.3]
        for _ in 0..<70 { sorted.append(Double(random.next() % 3_000_000) / 1_000_000) }
        sorted.sort()
        let series: [[Double]] = [(0..<75).map { Double($0) / 30 }, sorted, [0.35], [0.2, 0.2, 0.2]]
        var byTemplates = 0
        for (k, times) in series.enumerated() {
            for precision in [nil, 2, 15] as [Int?] {
                let expected = Self.fullStrip(try session.history(now: now).snapshots(at: times), precision: precision)
                var encoder = SVGEncoder(precision: precision)
                byTemplates += try SeriesWriter.drawFilmstrip(session.history(now: now), at: times, into: &encoder, limit: .max)
                let same = encoder.writer.bytes == expected
                #expect(same, "\(name), series \(k), precision \(String(describing: precision))")
            }
        }
        if name != "zPosition" { #expect(byTemplates > 100, "\(name): \(byTemplates) frames by templates") }
    }

    /// A template changed behind the encoder's back is caught: the comparison above can fail.
    @Test func aTemplateDrawsOnlyWhatMoves() throws {
        let session = try FrameTemplateTests.session(FrameTemplateTests.things, [#"{"type": "push", "at": 0.1, "viewController": \#(FrameTemplateTests.detail)}"#])
        let history = session.history(now: .now)
        var made: SVGFrameTemplate?
        var frames: [[UInt8]] = []
        var settled = SettledWorlds()
        try history.forEachState(at: [0.2, 0.3], settled: &settled) { i, position, world in
            var encoder = SVGEncoder(precision: nil)
            if let made {
                let holds = made.holds(for: world, position: position, in: encoder)
                #expect(holds)
                made.draw(world, x: 0, into: &encoder)
            } else {
                made = SVGFrameTemplate.drawAndMake(world, world.snapshot(at: world.now), position: position, x: 0, into: &encoder)
            }
            frames.append(encoder.writer.bytes)
        }
        let template = try #require(made)
        // The push slides the whole controller view: its views are drawn afresh, the bar's title
        // stands still; and the frames differ.
        #expect(template.views.count > 10 && template.slots.count > 20)
        #expect(frames[0] != frames[1])
        let shot = try session.history(now: .now).snapshots(at: [0.3])[0]
        var full = SVGEncoder(precision: nil)
        full.frame(shot, x: 0)
        #expect(frames[1] == full.writer.bytes)
    }
}
