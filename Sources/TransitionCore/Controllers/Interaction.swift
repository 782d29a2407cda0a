import JSONCodec

/// Which gesture drives which interactive transition, and how its samples become progress and a
/// decision (docs/semantics.md § Gestures). The defaults are seeds 000/001's: an edge pan from the
/// left pops, progress = translation.x / container width clamped to [0, 1], finish above 0.5 on
/// release, no velocity rule, completion speed 1. A declaration may also start a push or a
/// presentation of a controller it declares, or a tab switch:
/// docs/semantics.md § Gestures that start a transition.
public struct Interaction: Sendable {
    public enum Recognizer: String, Sendable {
        case edgePan, pan, pinch
        /// UIKit's own content back swipe (iOS 26, `interactiveContentPopGestureRecognizer`): a
        /// drag anywhere in the page pops it (`ContentSwipe`). Named for what it is, a pan over
        /// the content as `edgePan` is a pan from the edge; no interaction declares it.
        case contentPan

        /// The recognizers a sample may name, for error messages.
        static let sampleList = "contentPan, edgePan, pan, pinch"
    }
    enum Axis: String, Sendable { case horizontal, vertical }
    /// What a pan's progress is read from: the translation since it began (000/001), or the
    /// touch's location in the view (003).
    enum Input: String, Sendable { case translation, location }

    /// The tab a `selectTab` interaction switches to.
    enum Tab: Sendable, Equatable {
        case index(Int)
        /// The tab after (before) the selected one; none past the last (first) tab.
        case next, previous
    }

    /// How the release velocity can override the threshold.
    enum VelocityRule: Sendable, Equatable {
        /// The threshold alone decides (000/001, 003).
        case none
        /// UIKit / Flutter: if |v| ≥ `minimum` container distances per second, the direction of
        /// the fling decides (Flutter's iOS back gesture: 1 width/s). `points`: `minimum` is in
        /// points per second and the release must be faster than it (UIKit's zoom-out swipes).
        case fling(minimum: Double, points: Bool = false)
        /// IBAnimatable: a speed above `minimum` points per second in the gesture's direction finishes.
        case speed(minimum: Double)
        /// UIKit's sheet: the card rests where it would coast, a fast release stepping on
        /// (`SheetRelease`); the threshold is not read.
        case sheetRelease
    }

    /// `completionSpeed` after release: UIKit's default 1, or the classic library's 1 − percent.
    enum CompletionSpeedRule: String, Sendable { case constant, remaining }

    public var recognizer: Recognizer
    var edge = Edge.left
    var axis = Axis.horizontal
    public var operation = TransitionOperation.pop
    /// The controller a `push` or `present` interaction brings in, declared with it.
    var controller: ControllerSpec?
    /// The tab a `selectTab` interaction switches to.
    var tab: Tab?
    var animator: AnimatorChoice?
    var input = Input.translation
    /// Points of movement for 100 %; nil: the container's width (or height, vertically).
    var distance: Double?
    var clamp: ClosedRange<Double> = 0...1
    var threshold = 0.5
    var velocity = VelocityRule.none
    var completionSpeed = CompletionSpeedRule.constant
    var completionCurve: JSONValue?
    /// Where it was declared, for `chosenBy` and errors.
    public var origin: String
    /// Which of UIKit's own gestures it is; nil for a declared one.
    var platformGesture: Transition.TouchTracking?

    public init(recognizer: Recognizer, origin: String) {
        self.recognizer = recognizer
        self.origin = origin
    }

    /// UIKit's own: an edge pan on a navigation controller pops interactively.
    static let defaultEdgePop: Interaction = {
        var i = Interaction(recognizer: .edgePan, origin: "default")
        i.platformGesture = .backSwipe
        return i
    }()

    /// UIKit's own content swipe (iOS 26): the edge pop's twin, begun anywhere in the page
    /// (`ContentSwipe`).
    static let defaultContentPop: Interaction = {
        var i = defaultEdgePop
        i.recognizer = .contentPan
        return i
    }()

    /// UIKit's own pull on a sheet: progress = translation.y / the sheet's height; on release the
    /// sheet goes or stays by UIKit's rule (`SheetRelease`, docs/semantics.md § Modal presentation).
    static func sheetPull(sheetHeight: Double) -> Interaction {
        var i = Interaction(recognizer: .pan, origin: "sheet")
        i.platformGesture = .sheetPull
        i.axis = .vertical
        i.operation = .dismiss
        i.distance = sheetHeight
        i.velocity = .sheetRelease
        return i
    }

    /// UIKit's own gestures on a page the fluid zoom brought in, which zoom it out (`operation`:
    /// pop or dismiss) with `zoom`'s numbers: a swipe down (progress = downward translation / the
    /// container's height), a swipe from the left edge (rightward translation / its width) or a
    /// pinch (1 − scale / the scale at `began`). A release commits at or past the recognizer's
    /// threshold; a swipe released faster than `flingSpeed` points per second along its axis is
    /// decided by its direction instead: committed in the swipe's, cancelled against it
    /// (docs/semantics.md § Zoom; the numbers, *estimates*: docs/reference.md § Zoom).
    static func zoomDismiss(_ recognizer: Recognizer, operation: TransitionOperation, zoom: ZoomParameters) -> Interaction {
        var i = Interaction(recognizer: recognizer, origin: "zoom")
        i.platformGesture = .zoomDismiss
        i.operation = operation
        i.axis = recognizer == .pan ? .vertical : .horizontal
        i.threshold = zoom.threshold(of: recognizer)
        if recognizer != .pinch { i.velocity = .fling(minimum: zoom.flingSpeed, points: true) }
        return i
    }

    /// Its own animator and those its declared controller writes.
    var animatorChoices: [AnimatorChoice?] { [animator] + (controller?.allAnimatorChoices ?? []) }

    /// −1 when the finger moves toward negative coordinates to make progress: an edge pan from
    /// the right or the bottom edge moves left or up.
    var direction: Double { recognizer == .edgePan ? edge.direction : 1 }

    static func decode(_ json: JSONValue, at pointer: String, limits: SceneLimits, depth: Int) throws(SimulationError) -> Interaction {
        var r = try SpecReader(json, at: pointer)
        let name = try r.requiredString("recognizer", maxLength: 16)
        guard let recognizer = Recognizer(rawValue: name), recognizer != .contentPan else {
            let own = name == Recognizer.contentPan.rawValue ? " (contentPan is UIKit's own content back swipe, which no interaction declares)" : ""
            throw SimulationError(r.path("recognizer"), "one of edgePan, pan, pinch\(own)")
        }
        var i = Interaction(recognizer: recognizer, origin: pointer)
        if let edge = try Edge.read(&r) {
            i.edge = edge
            i.axis = edge.axis
        }
        if let axis = try r.string("axis", maxLength: 16) {
            guard let parsed = Axis(rawValue: axis) else { throw SimulationError(r.path("axis"), "horizontal or vertical") }
            guard recognizer != .edgePan || parsed == i.axis else {
                throw SimulationError(r.path("axis"), "an edge pan from the \(i.edge.rawValue) edge moves \(i.axis.rawValue)ly")
            }
            i.axis = parsed
        }
        if let op = try r.string("operation", maxLength: 16) {
            guard let parsed = TransitionOperation(rawValue: op) else {
                throw SimulationError(r.path("operation"), "one of \(TransitionOperation.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            i.operation = parsed
        }
        if let a = r.value("animator") { i.animator = try AnimatorChoice.decode(a, at: r.path("animator")) }
        switch i.operation {
        case .push, .present:
            guard let spec = r.value("viewController") else {
                throw SimulationError(r.path("viewController"), "is required: the controller the gesture's \(i.operation.rawValue) brings in")
            }
            let controller = try ControllerSpec.decode(spec, at: r.path("viewController"), limits: limits, depth: depth + 1)
            try controller.checkUniqueIDs()
            i.controller = controller
        case .selectTab:
            guard let tab = r.value("tab") else { throw SimulationError(r.path("tab"), "is required: a tab index, \"next\" or \"previous\"") }
            i.tab = try Tab.decode(tab, at: r.path("tab"))
            guard let animator = i.animator, !animator.namesPlatformDefault else {
                throw SimulationError(r.path("animator"), "is required, and not 'default': UIKit's own tab switch does not animate, so a gesture would have nothing to drive")
            }
        case .pop, .dismiss:
            break
        }
        if let input = try r.string("input", maxLength: 16) {
            guard let parsed = Input(rawValue: input) else { throw SimulationError(r.path("input"), "translation or location") }
            i.input = parsed
        }
        i.distance = try r.number("distance", in: 1...100_000)
        if let c = try r.array("clamp", maxCount: 2) {
            guard c.count == 2, let lo = c[0].numberValue, let hi = c[1].numberValue, lo >= 0, hi <= 1, lo < hi else {
                throw SimulationError(r.path("clamp"), "expected [low, high] with 0 ≤ low < high ≤ 1")
            }
            i.clamp = lo...hi
        }
        i.threshold = try r.number("threshold", in: 0...1) ?? 0.5
        if let v = r.value("velocity") {
            var vr = try SpecReader(v, at: r.path("velocity"))
            let rule = try vr.requiredString("rule", maxLength: 16)
            switch rule {
            case "none": i.velocity = .none
            case "fling": i.velocity = .fling(minimum: try vr.number("minimum", in: 0...1000) ?? 1)
            case "speed": i.velocity = .speed(minimum: try vr.number("minimum", in: 0...1_000_000) ?? 1000)
            default: throw SimulationError(vr.path("rule"), "one of none, fling, speed")
            }
            try vr.finish()
        }
        if let speed = try r.string("completionSpeed", maxLength: 16) {
            guard let parsed = CompletionSpeedRule(rawValue: speed) else { throw SimulationError(r.path("completionSpeed"), "constant or remaining") }
            i.completionSpeed = parsed
        }
        if let curve = r.value("completionCurve") {
            try TimingCurve.check(curve, at: r.path("completionCurve"))
            i.completionCurve = curve
        }
        try r.finish()
        return i
    }

    /// `depth`: how deep the controller declaring them nests (0 for the session's), which bounds
    /// the controllers declared inside interactions as it bounds children.
    static func decodeList(_ json: JSONValue?, at pointer: String, limits: SceneLimits, depth: Int) throws(SimulationError) -> [Interaction] {
        guard let json else { return [] }
        guard let list = json.arrayValue else { throw SimulationError(pointer, "expected a list of interactions") }
        guard list.count <= 16 else { throw SimulationError(pointer, "at most 16 interactions") }
        var result: [Interaction] = []
        for (i, item) in list.enumerated() {
            result.append(try decode(item, at: SpecReader.child(pointer, String(i)), limits: limits, depth: depth))
        }
        return result
    }
}

extension Interaction.Tab {
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Interaction.Tab {
        switch json {
        case .string("next"): return .next
        case .string("previous"): return .previous
        case .number(let n) where n >= 0 && n <= 63 && n == n.rounded(): return .index(Int(n))
        default: throw SimulationError(pointer, "expected a tab index 0…63, \"next\" or \"previous\"")
        }
    }
}
