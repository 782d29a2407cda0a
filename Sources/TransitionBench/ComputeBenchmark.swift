import JSONCodec
import TransitionCore
import TransitionServer

/// In-process costs of the hot path, reported as the median of several rounds.
enum ComputeBenchmark {
    /// A navigation controller whose first controller shows a 4×4 grid of cells (image + label
    /// each), pushed to a detail controller: 51 views in the window mid-transition.
    static func scene() -> World {
        do {
            var world = try World(scene: SceneSpec.decode(JSONParser.parse(Array(sceneBody.utf8)), limits: SceneLimits()))
            try world.apply(Action.decode(JSONParser.parse(Array(pushBody.utf8)), at: "", limits: SceneLimits()))
            return world
        } catch {
            fatalError("benchmark scene: \(error)")
        }
    }

    /// The scene's creation body (POST /v1/sessions).
    static let sceneBody: String = {
        var cells: [String] = []
        for i in 0..<16 {
            let x = Double(i % 4) * 80, y = 64 + Double(i / 4) * 100
            cells.append("""
            {"id": "cell-\(i)", "kind": "cell", "frame": {"x": \(x), "y": \(y), "width": 80, "height": 100}, "children": [
              {"id": "image", "kind": "imageView", "image": "thing-\(i)", "frame": {"x": 0, "y": 0, "width": 80, "height": 80}},
              {"id": "label", "kind": "label", "text": "Thing \(i)", "frame": {"x": 0, "y": 80, "width": 80, "height": 20}}]}
            """)
        }
        return """
        {"screen": {"width": 320, "height": 568},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [
           {"id": "things", "title": "Things", "view": {"id": "root", "kind": "collection", "children": [\(cells.joined(separator: ","))]}}]}}
        """
    }()

    /// The push that starts the transition (POST …/actions).
    static let pushBody = """
    {"type": "push", "viewController": {"id": "detail", "title": "Detail", "view": {"id": "root", "children": [
      {"id": "image", "kind": "imageView", "frame": {"x": 20, "y": 84, "width": 280, "height": 280}},
      {"id": "label", "kind": "label", "text": "Thing 3", "frame": {"x": 20, "y": 380, "width": 280, "height": 20}}]}}}
    """

    static func count(_ node: SnapshotNode) -> Int { 1 + node.children.map(count).reduce(0, +) }

    /// Median nanoseconds per call of `body` over `rounds` rounds of `iterations` calls.
    static func measure(rounds: Int = 7, iterations: Int, _ body: () -> Void) -> Double {
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            let elapsed = clock.measure { for _ in 0..<iterations { body() } }
            samples.append(Double(elapsed.components.attoseconds) / 1e9 / Double(iterations) + Double(elapsed.components.seconds) * 1e9 / Double(iterations))
        }
        return samples.sorted()[rounds / 2]
    }

    /// One aligned line: label, value with one decimal, unit.
    static func row(_ label: String, _ value: Double, _ unit: String) {
        let tenths = Int((value * 10).rounded())
        let number = "\(tenths / 10).\(tenths % 10)"
        print("  " + label + String(repeating: " ", count: max(1, 36 - label.count))
              + String(repeating: " ", count: max(0, 8 - number.count)) + number + " " + unit)
    }

    /// The benchmark's time, mid-push (the push lasts 0.5 s).
    static let time = 0.25

    /// When the frame template the benchmark writes `time` by is made: an earlier frame of the
    /// same push, as a batch or a later request finds it (a template made at `time` itself would
    /// find every value as it was made and keep its bytes, which no other frame does).
    static let templateTime = 0.2

    /// The snapshot at `t`, computed in full.
    static func snapshot(_ world: World, at t: Double) -> Snapshot {
        advanced(world, to: t).snapshot(at: t)
    }

    /// A copy of `world` advanced to `t`, as a read of the session makes it.
    static func advanced(_ world: World, to t: Double) -> World {
        var copy = world
        copy.advance(to: t)
        return copy
    }

    static func run() {
        let world = scene()
        let t = time
        var sink = 0
        let snapshot = { ComputeBenchmark.snapshot(world, at: t) }
        let shot = snapshot()
        let views = count(shot.root)
        let bytes = shot.encoded().count
        let computeNS = measure(iterations: 2000) { sink &+= snapshot().root.children.count }
        let encodeNS = measure(iterations: 2000) { sink &+= shot.encoded().count }
        let bothNS = measure(iterations: 2000) { sink &+= snapshot().encoded().count }
        let template = FrameTemplate.make(advanced(world, to: templateTime))!
        let templateNS = measure(iterations: 2000) { sink &+= template.encoded(advanced(world, to: t))!.count }
        let svgBytes = shot.svg().count
        let svgNS = measure(iterations: 2000) { sink &+= shot.svg().count }
        let bezier = TimingCurve.named("easeInOut")!
        let spring = TimingCurve.spring(Spring.uikit(dampingRatio: 0.55, initialVelocity: 1 / 0.55, duration: 0.5))
        var x = 0.0
        let bezierNS = measure(iterations: 1_000_000) { x += bezier.value(at: 0.123 + x * 1e-12, duration: 0.5) }
        let springNS = measure(iterations: 1_000_000) { x += spring.value(at: 0.123 + x * 1e-12, duration: 0.5) }
        print("snapshot of a \(views)-view window mid-push (t = \(t) s), \(bytes) bytes of JSON:")
        row("compute (copy, advance, evaluate)", computeNS / 1000, "µs")
        row("encode", encodeNS / 1000, "µs")
        row("compute + encode", bothNS / 1000, "µs")
        row("the same by its frame template", templateNS / 1000, "µs")
        row("draw as SVG (\(svgBytes) bytes)", svgNS / 1000, "µs")
        print("timing evaluation:")
        row("cubic Bézier (easeInOut)", bezierNS, "ns")
        row("spring (UIKit duration form)", springNS, "ns")
        if sink == 42, x == 42 { print("") }
    }
}
