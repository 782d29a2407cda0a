import JSONCodec

/// Static checks of a decoded animator, before it ever runs: every error points into the spec
/// (RFC 6901) and says what is wrong. What only the scene can tell (a subview path that does not
/// exist, a frame that is not finite) is reported when the animator runs, with a pointer too.
///
/// Checked here: a `$name` used before the step that makes it (or never made), names in
/// expressions that are neither `duration`, `pi`, a numeric parameter nor view geometry, `source`
/// / `target` without the `sourceView` / `targetView` parameter, `final` / `initial` rects on a
/// view other than from/to, adding or removing the container, a name made twice, negative
/// constant durations and delays, keyframe times outside 0…1, `@curve` parameters that do not
/// hold a timing, and the size of the whole (steps, property changes).
struct AnimatorValidator {
    let parameters: JSONObject

    static let maxStepsPerBody = 256
    static let maxChangesPerBody = 512

    var stepCount = 0
    var changeCount = 0

    init(parameters: JSONObject) { self.parameters = parameters }

    static func validate(_ body: AnimatorBody, parameters: JSONObject, at pointer: String) throws(SimulationError) {
        var v = AnimatorValidator(parameters: parameters)
        try v.check(body, at: pointer)
    }

    mutating func check(_ body: AnimatorBody, at pointer: String) throws(SimulationError) {
        try checkExpression(body.duration, at: SpecReader.child(pointer, "duration"), created: [], durationIsParameter: true)
        try checkNotNegative(body.duration, at: SpecReader.child(pointer, "duration"), what: "a duration")
        // Names made in completion lists exist only once their block has ended: other completion
        // lists may use them (the order of blocks ending is the scene's), setup and changes not.
        var later: Set<String> = []
        for block in body.animations { collectNames(block.completion, into: &later) }
        collectNamesInTransitions(body.setup, into: &later)
        var created: Set<String> = []
        try checkSteps(body.setup, at: SpecReader.child(pointer, "setup"), created: &created, later: later, inCompletion: false)
        for (i, block) in body.animations.enumerated() {
            try checkBlock(block, at: SpecReader.child(SpecReader.child(pointer, "animations"), String(i)), created: created, later: later)
        }
    }

    // MARK: Steps

    mutating func checkSteps(_ steps: [Step], at pointer: String, created: inout Set<String>, later: Set<String>,
                             inCompletion: Bool) throws(SimulationError) {
        for (i, step) in steps.enumerated() {
            stepCount += 1
            guard stepCount <= Self.maxStepsPerBody else {
                throw SimulationError(pointer, "an animator body has at most \(Self.maxStepsPerBody) steps in all")
            }
            try checkStep(step, at: SpecReader.child(pointer, String(i)), created: &created, later: later, inCompletion: inCompletion)
        }
    }

    mutating func checkStep(_ step: Step, at p: String, created: inout Set<String>, later: Set<String>, inCompletion: Bool) throws(SimulationError) {
        let visible = inCompletion ? created.union(later) : created
        func child(_ key: String) -> String { SpecReader.child(p, key) }
        switch step {
        case .add(let ref, let placement):
            try checkReference(ref, at: child("add"), created: visible)
            if ref == .container { throw SimulationError(child("add"), "the container can't be added to itself") }
            try checkPlacement(placement, at: p, created: visible)
        case .set(let changes):
            try checkChanges(changes, at: p, viewPointer: child("set"), created: visible)
        case .remove(let ref):
            try checkReference(ref, at: child("remove"), created: visible)
            if ref == .container { throw SimulationError(child("remove"), "the container belongs to UIKit: an animator never removes it") }
        case .dimming(let name, let frame, _, let alpha, let placement, _):
            try checkNew(name, at: child("dimming"), created: created)
            try checkRect(frame, for: nil, at: child("frame"), created: visible)
            try checkExpression(alpha, at: child("alpha"), created: visible)
            try checkPlacement(placement, at: p, created: visible)
            created.insert(name)
        case .snapshot(let name, let of, let frame, let placement):
            try checkNew(name, at: child("snapshot"), created: created)
            try checkReference(of, at: child("of"), created: visible)
            if let frame { try checkRect(frame, for: nil, at: child("frame"), created: visible) }
            try checkPlacement(placement, at: p, created: visible)
            created.insert(name)
        case .find(let name):
            try checkNew(name, at: child("find"), created: created)
            created.insert(name)
        case .transition(let tr):
            try checkReference(tr.from, at: child("from"), created: visible)
            try checkReference(tr.to, at: child("to"), created: visible)
            if tr.from == .container || tr.to == .container {
                throw SimulationError(child(tr.from == .container ? "from" : "to"), "a view transition replaces one subview of the container by another, not the container")
            }
            try checkExpression(tr.duration, at: child("duration"), created: visible)
            try checkNotNegative(tr.duration, at: child("duration"), what: "a duration")
            try checkCurve(tr.curve, at: child("curve"), created: visible)
            try checkExpression(tr.perspective, at: child("perspective"), created: visible)
            var inner = created
            try checkSteps(tr.completion, at: child("completion"), created: &inner, later: later, inCompletion: true)
        case .conditional(_, let then, let otherwise):
            var a = created, b = created
            try checkSteps(then, at: child("then"), created: &a, later: later, inCompletion: inCompletion)
            try checkSteps(otherwise, at: child("else"), created: &b, later: later, inCompletion: inCompletion)
            // After the `if`, only what both branches made is certain to exist.
            created.formUnion(a.intersection(b))
        case .completeTransition:
            break
        }
    }

    func checkNew(_ name: String, at pointer: String, created: Set<String>) throws(SimulationError) {
        if created.contains(name) { throw SimulationError(pointer, "a view named '$\(name)' was already made by an earlier step") }
    }

    func checkPlacement(_ placement: Placement, at p: String, created: Set<String>) throws(SimulationError) {
        switch placement {
        case .top: break
        case .above(let ref): try checkReference(ref, at: SpecReader.child(p, "above"), created: created)
        case .below(let ref): try checkReference(ref, at: SpecReader.child(p, "below"), created: created)
        }
    }

    // MARK: Blocks

    mutating func checkBlock(_ block: AnimationBlock, at p: String, created: Set<String>, later: Set<String>) throws(SimulationError) {
        func child(_ key: String) -> String { SpecReader.child(p, key) }
        try checkExpression(block.delay, at: child("delay"), created: created)
        try checkNotNegative(block.delay, at: child("delay"), what: "a delay")
        try checkExpression(block.duration, at: child("duration"), created: created)
        try checkNotNegative(block.duration, at: child("duration"), what: "a duration")
        try checkCurve(block.curve, at: child("curve"), created: created)
        for (i, change) in block.changes.enumerated() {
            let cp = SpecReader.child(child("changes"), String(i))
            try checkChanges(change, at: cp, viewPointer: SpecReader.child(cp, "view"), created: created)
        }
        for (i, keyframe) in block.keyframes.enumerated() {
            let kp = SpecReader.child(child("keyframes"), String(i))
            try checkExpression(keyframe.start, at: SpecReader.child(kp, "start"), created: created)
            try checkExpression(keyframe.duration, at: SpecReader.child(kp, "duration"), created: created)
            if case .constant(let s) = keyframe.start, !(0...1).contains(s) {
                throw SimulationError(SpecReader.child(kp, "start"), "a keyframe's relative start time is between 0 and 1, got \(s)")
            }
            if case .constant(let d) = keyframe.duration, !(0...1).contains(d) {
                throw SimulationError(SpecReader.child(kp, "duration"), "a keyframe's relative duration is between 0 and 1, got \(d)")
            }
            if case .constant(let s) = keyframe.start, case .constant(let d) = keyframe.duration, s + d > 1 + 1e-9 {
                throw SimulationError(SpecReader.child(kp, "duration"), "the keyframe ends at \(s + d), after the block (start + duration ≤ 1)")
            }
            for (j, change) in keyframe.changes.enumerated() {
                let cp = SpecReader.child(SpecReader.child(kp, "changes"), String(j))
                try checkChanges(change, at: cp, viewPointer: SpecReader.child(cp, "view"), created: created)
            }
        }
        var inner = created
        try checkSteps(block.completion, at: child("completion"), created: &inner, later: later, inCompletion: true)
    }

    func checkCurve(_ curve: CurveSpec, at pointer: String, created: Set<String>) throws(SimulationError) {
        if let name = curve.parameter {
            guard let value = parameters[name] else {
                throw SimulationError(pointer, "'@\(name)' names no parameter" + knownParameters())
            }
            switch value {
            case .string, .object: break
            default: throw SimulationError(pointer, "parameter '\(name)' holds \(value.typeName), not a timing (a curve name or a timing object)")
            }
            return
        }
        for (p, e) in curve.expressions(at: pointer) { try checkExpression(e, at: p, created: created) }
    }

    // MARK: Properties, rects, references, expressions

    mutating func checkChanges(_ c: PropertyChanges, at p: String, viewPointer: String, created: Set<String>) throws(SimulationError) {
        changeCount += 1
        guard changeCount <= Self.maxChangesPerBody else {
            throw SimulationError(p, "an animator body changes properties at most \(Self.maxChangesPerBody) times in all")
        }
        func child(_ key: String) -> String { SpecReader.child(p, key) }
        try checkReference(c.view, at: viewPointer, created: created)
        if let frame = c.frame {
            if c.view == .container { throw SimulationError(child("frame"), "the container's frame belongs to UIKit") }
            try checkRect(frame, for: c.view, at: child("frame"), created: created)
        }
        if let center = c.center {
            try checkExpression(center.x, at: child("center") + "/x", created: created)
            try checkExpression(center.y, at: child("center") + "/y", created: created)
        }
        if let a = c.alpha { try checkExpression(a, at: child("alpha"), created: created) }
        for (i, step) in (c.transform ?? []).enumerated() {
            let sp = SpecReader.child(child("transform"), String(i))
            switch step {
            case .scale(let x, let y):
                try checkExpression(x, at: sp + "/scale", created: created)
                if x != y { try checkExpression(y, at: sp + "/scale/1", created: created) }
            case .translate(let x, let y):
                try checkExpression(x, at: sp + "/translate/0", created: created)
                try checkExpression(y, at: sp + "/translate/1", created: created)
            case .rotate(let a):
                try checkExpression(a, at: sp + "/rotate", created: created)
            }
        }
        for (i, step) in (c.transform3D ?? []).enumerated() {
            let sp = SpecReader.child(child("transform3D"), String(i))
            switch step {
            case .perspective(let m34):
                try checkExpression(m34, at: sp + "/perspective", created: created)
            case .rotate(let a, let x, let y, let z):
                for (j, e) in [a, x, y, z].enumerated() { try checkExpression(e, at: sp + "/rotate3d/\(j)", created: created) }
            case .scale(let x, let y, let z):
                for (j, e) in [x, y, z].enumerated() { try checkExpression(e, at: sp + "/scale3d/\(j)", created: created) }
            case .translate(let x, let y, let z):
                for (j, e) in [x, y, z].enumerated() { try checkExpression(e, at: sp + "/translate3d/\(j)", created: created) }
            }
        }
    }

    func checkRect(_ rect: RectValue, for view: ViewReference?, at p: String, created: Set<String>) throws(SimulationError) {
        func child(_ key: String) -> String { SpecReader.child(p, key) }
        switch rect {
        case .finalFrame, .initialFrame:
            guard view == .from || view == .to else {
                let which = rect == .finalFrame ? "final" : "initial"
                throw SimulationError(p, "'\(which)' is the \(which) frame of the from or to view only (\(view.map { "not of '\($0)'" } ?? "here there is no such view")); use {\"frameOf\": …} or \"container\"")
            }
        case .containerBounds:
            break
        case .frameOf(let ref):
            try checkReference(ref, at: child("frameOf"), created: created)
        case .explicit(let x, let y, let w, let h):
            for (key, e) in [("x", x), ("y", y), ("width", w), ("height", h)] { try checkExpression(e, at: child(key), created: created) }
        case .offset(let base, let dx, let dy):
            try checkRect(base, for: view, at: child("offset"), created: created)
            try checkExpression(dx, at: child("dx"), created: created)
            try checkExpression(dy, at: child("dy"), created: created)
        case .inset(let base, let top, let left, let bottom, let right):
            try checkRect(base, for: view, at: child("inset"), created: created)
            for (key, e) in [("top", top), ("left", left), ("bottom", bottom), ("right", right)] {
                try checkExpression(e, at: child(key), created: created)
            }
        }
    }

    func checkReference(_ ref: ViewReference, at pointer: String, created: Set<String>) throws(SimulationError) {
        switch ref {
        case .named(let name):
            guard created.contains(name) else {
                throw SimulationError(pointer, "view '$\(name)' is used before any step makes it (snapshot, dimming or find with that name)")
            }
        case .source, .target:
            let key = ref == .source ? "sourceView" : "targetView"
            guard let value = parameters[key] else {
                throw SimulationError(pointer, "'\(ref)' is the view the \(key) parameter names, and this animator has no \(key) parameter")
            }
            guard value.stringValue != nil else { throw SimulationError(pointer, "the \(key) parameter must be a view path (a string)") }
        default:
            break
        }
    }

    func checkNotNegative(_ e: Expression, at pointer: String, what: String) throws(SimulationError) {
        if case .constant(let v) = e, v < 0 { throw SimulationError(pointer, "\(what) can't be negative, got \(v)") }
        if case .negate(.constant(let v)) = e, v > 0 { throw SimulationError(pointer, "\(what) can't be negative, got \(-v)") }
    }

    /// Every name the expression reads must mean something.
    func checkExpression(_ e: Expression, at pointer: String, created: Set<String>, durationIsParameter: Bool = false) throws(SimulationError) {
        for name in e.names {
            try checkName(name, at: pointer, created: created, durationIsParameter: durationIsParameter)
        }
    }

    func checkName(_ name: Expression.Name, at pointer: String, created: Set<String>, durationIsParameter: Bool) throws(SimulationError) {
        guard case .word(let name) = name else {
            if case .geometry(let geometry) = name { try checkReference(geometry.view, at: pointer, created: created) }
            return
        }
        if name == "pi" { return }
        if name == "duration", !durationIsParameter { return }
        if let value = parameters[name] {
            guard value.numberValue != nil else {
                throw SimulationError(pointer, "parameter '\(name)' holds \(value.typeName), not a number, so an expression can't use it")
            }
            return
        }
        if name == "duration" {
            throw SimulationError(pointer, "the transition's duration is being defined here: 'duration' can only be a parameter, and this animator has none of that name")
        }
        // A dotted word is not geometry (the parser made geometry of every one that is).
        let (view, reason) = GeometryName.refusal(name)
        guard let view else {
            throw SimulationError(pointer, "unknown name '\(name)': an expression reads duration, pi, a numeric parameter" + knownParameters()
                            + " or view geometry such as container.width, to.finalFrame.midX, $snapshot.x")
        }
        try checkReference(view, at: pointer, created: created)
        throw SimulationError(pointer, reason)
    }

    func knownParameters() -> String {
        let numeric = parameters.entries.filter { $0.value.numberValue != nil }.map(\.key)
        return numeric.isEmpty ? "" : " (\(numeric.joined(separator: ", ")))"
    }

    // MARK: Names made by completion steps

    func collectNames(_ steps: [Step], into names: inout Set<String>) {
        for step in steps {
            switch step {
            case .dimming(let name, _, _, _, _, _), .snapshot(let name, _, _, _), .find(let name): names.insert(name)
            case .transition(let tr): collectNames(tr.completion, into: &names)
            case .conditional(_, let a, let b):
                collectNames(a, into: &names)
                collectNames(b, into: &names)
            default: break
            }
        }
    }

    func collectNamesInTransitions(_ steps: [Step], into names: inout Set<String>) {
        for step in steps {
            switch step {
            case .transition(let tr): collectNames(tr.completion, into: &names)
            case .conditional(_, let a, let b):
                collectNamesInTransitions(a, into: &names)
                collectNamesInTransitions(b, into: &names)
            default: break
            }
        }
    }
}
