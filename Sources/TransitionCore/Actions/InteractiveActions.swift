import JSONCodec

/// `update`, `finish`, `cancel` and `gesture`: driving a percent-driven interactive transition.
enum InteractiveActions {
    static let decoders: [(type: String, decode: Action.Decoder)] = [
        ("update", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            Update(percent: try r.requiredNumber("percent", in: 0...1))
        }),
        ("finish", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            try Release.decode(&r, finish: true)
        }),
        ("cancel", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            try Release.decode(&r, finish: false)
        }),
        ("gesture", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            try GestureAction.decode(&r)
        }),
        ("pause", { (_: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in Pause() }),
        ("continue", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            try Continue.decode(&r)
        }),
    ]

    /// `UIViewPropertyAnimator.pauseAnimation()`: a running transition becomes interactive where it is.
    struct Pause: ActionBody {
        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            guard let running = world.transitions.last(where: { $0.phase == .animating || $0.phase == .finishing || $0.phase == .cancelling }) else {
                throw .conflict(.noRunningTransition, detail: "no transition is running; nothing to pause")
            }
            world.pause(running.id)
        }
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)`, optionally reversed
    /// (`isReversed = true`): without timing the animations resume on their own curves.
    struct Continue: ActionBody {
        var reversed: Bool
        /// The timing as written, checked; decoded for the session's iOS when performed.
        var timing: JSONValue?
        var durationFactor: Double?

        static func decode(_ r: inout SpecReader) throws(SimulationError) -> Continue {
            let reversed = try r.bool("reversed") ?? false
            let timing = r.value("timing")
            if let timing { try TimingCurve.check(timing, at: r.path("timing")) }
            return Continue(reversed: reversed, timing: timing, durationFactor: try r.number("durationFactor", in: 0.01...100))
        }

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            let curve = try timing.map { (t) throws(SimulationError) in try TimingCurve.decode(t, duration: 1, iOS: world.display.iOS, at: action.pointer).curve }
            world.resume(try world.interactiveTransition(pointer: action.pointer), reversed: reversed, timing: curve, durationFactor: durationFactor)
        }
    }

    struct Update: ActionBody {
        var percent: Double

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            guard let interactive = world.transitions.last(where: { $0.phase == .interactive }) else {
                // UIKit ignores an update once the transition was released; we say so.
                if let last = world.transitions.last, last.interactive {
                    world.diagnose(last.id, .updateAfterEnd, "updateInteractiveTransition(\(percent)) arrived after the transition was released; UIKit ignores it", view: nil)
                    return
                }
                _ = try world.interactiveTransition(pointer: action.pointer)
                return
            }
            world.updateInteractive(interactive.id, percent: percent)
        }
    }

    struct Release: ActionBody {
        var finish: Bool
        var completionSpeed: Double
        /// The curve as written, checked; decoded for the session's iOS when performed.
        var completionCurve: JSONValue?

        static func decode(_ r: inout SpecReader, finish: Bool) throws(SimulationError) -> Release {
            let speed = try r.number("completionSpeed", in: 0.01...100) ?? 1
            let curve = r.value("completionCurve")
            if let curve { try TimingCurve.check(curve, at: r.path("completionCurve")) }
            return Release(finish: finish, completionSpeed: speed, completionCurve: curve)
        }

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            // Apple documents easeInOut as UIPercentDrivenInteractiveTransition's default completionCurve.
            let curve = try completionCurve.map { (c) throws(SimulationError) in try TimingCurve.decode(c, duration: 1, iOS: world.display.iOS, at: action.pointer).curve } ?? .easeInOut
            world.release(try world.interactiveTransition(pointer: action.pointer), finish: finish, speed: completionSpeed, curve: curve)
        }
    }
}

/// One gesture-recognizer sample.
struct GestureAction: ActionBody {
    var recognizer: Interaction.Recognizer
    var phase: GesturePhase
    var translation: Point?
    var velocity: Point?
    var location: Point?
    var scale: Double?
    var edge: Edge?
    /// A content swipe's: the path, among the views of the page it would pop, of the view the
    /// finger starts on ("" its root view, the default); read at `began`.
    var view: String?
    var container: ControllerID?

    static func decode(_ r: inout SpecReader) throws(SimulationError) -> GestureAction {
        let name = try r.requiredString("recognizer", maxLength: 16)
        guard let recognizer = Interaction.Recognizer(rawValue: name) else {
            throw SimulationError(r.path("recognizer"), "one of \(Interaction.Recognizer.sampleList)")
        }
        let phaseName = try r.requiredString("phase", maxLength: 16)
        guard let phase = GesturePhase(rawValue: phaseName) else {
            throw SimulationError(r.path("phase"), "one of began, changed, ended, cancelled")
        }
        var g = GestureAction(recognizer: recognizer, phase: phase)
        g.translation = try r.point("translation")
        g.velocity = try r.point("velocity")
        g.location = try r.point("location")
        g.scale = try r.number("scale", in: 0.001...1000)
        g.edge = try Edge.read(&r)
        if r.has("view") {
            guard recognizer == .contentPan else {
                throw SimulationError(r.path("view"), "only a contentPan sample names the view the finger starts on")
            }
            g.view = try r.string("view")
        }
        return g
    }

    init(recognizer: Interaction.Recognizer, phase: GesturePhase) {
        self.recognizer = recognizer
        self.phase = phase
    }

    func perform(_ action: Action, on world: inout World) throws(SimulationError) {
        var sample = self
        sample.container = action.container
        try world.gestureSample(sample, pointer: action.pointer)
    }
}
