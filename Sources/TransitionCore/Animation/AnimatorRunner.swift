import JSONCodec

/// Runs animator bodies: the setup steps and animation blocks when a transition starts, the
/// completion steps when their block ends. Errors while starting abort the action (the caller
/// works on a copy); errors in a completion step become a `step-failed` diagnostic. Every error
/// is a `SimulationError` at the pointer of the node that failed, relative to its body.
extension World {
    /// Coordinates, sizes and transform entries an animator may produce (points); beyond this a
    /// spec is refused rather than carried into snapshots.
    static let animatorMagnitude = 1e7
    /// Relative slack when comparing an animation's end with τ recomputed from session time.
    static let endTolerance = 1e-12

    /// The rect of the container's bounds (all animator rects are in container coordinates).
    func containerBounds(_ t: Transition) -> Rect {
        Rect(origin: .zero, size: tree[t.containerView].bounds.size)
    }

    /// The view a reference names, if it exists.
    func view(_ ref: ViewReference, in t: Transition) -> ViewID? {
        let found: ViewID?
        switch ref {
        case .from: found = t.fromView
        case .to: found = t.toView
        case .container: found = t.containerView
        case .source: found = t.sourceView
        case .target: found = t.targetView
        case .fromSubview(let path): found = tree.view(owner: t.from, path: path)
        case .toSubview(let path): found = tree.view(owner: t.to, path: path)
        case .named(let name): found = t.named[name]
        }
        guard let id = found, tree.exists(id) else { return nil }
        return id
    }

    func resolve(_ ref: Located<ViewReference>, in t: Transition) throws(SimulationError) -> ViewID {
        guard let id = view(ref.value, in: t) else {
            let hint: String
            switch ref.value {
            case .source, .target: hint = "the animator's \(ref.value)View parameter names no view"
            case .named: hint = "no view was made under that name before this step"
            case .fromSubview(let path): hint = "controller '\(t.from)' has no view at path '\(path)'"
            case .toSubview(let path): hint = "controller '\(t.to)' has no view at path '\(path)'"
            default: hint = "no such view"
            }
            throw SimulationError(ref.pointer, "view '\(ref.value)': \(hint)")
        }
        return id
    }

    /// A view's frame in the coordinates of its topmost ancestor, and that ancestor's id.
    private func frameInAncestor(_ id: ViewID, stoppingAt stop: ViewID?) -> (Rect, ViewID?) {
        let node = tree[id]
        var rect = node.frame
        var parent = node.parent
        while let p = parent, p != stop {
            let pn = tree[p]
            let anchor = pn.anchorInBounds
            let local = rect.offsetBy(dx: -anchor.x, dy: -anchor.y)
            rect = Rect.bounding(local.corners.map { pn.transform.apply(to: $0) }).offsetBy(dx: pn.center.x, dy: pn.center.y)
            parent = pn.parent
        }
        return (rect, parent)
    }

    /// A view's frame in the container's coordinates (`convertRect:fromView:` on model values).
    /// A view outside the container (the presenting view of a presentation) goes through the
    /// window; a detached view keeps its own frame.
    func frameInContainer(_ id: ViewID, _ t: Transition) -> Rect {
        if id == t.containerView { return containerBounds(t) }
        let (rect, reached) = frameInAncestor(id, stoppingAt: t.containerView)
        guard reached == nil, isInWindow(id), isInWindow(t.containerView) else { return rect }
        let (container, _) = frameInAncestor(t.containerView, stoppingAt: nil)
        return rect.offsetBy(dx: -container.minX, dy: -container.minY)
    }

    /// The inverse for a view's superview: a container rect in the superview's coordinates
    /// (translation and scale only; rotated superviews are not supported here).
    func rectInSuperview(_ rect: Rect, of id: ViewID, _ t: Transition) -> Rect {
        guard let parent = tree[id].parent, parent != t.containerView else { return rect }
        let origin = frameInContainer(parent, t)
        let pn = tree[parent]
        let sx = pn.bounds.width > 0 ? origin.width / pn.bounds.width : 1
        let sy = pn.bounds.height > 0 ? origin.height / pn.bounds.height : 1
        return Rect(x: (rect.minX - origin.minX) / sx + pn.bounds.minX, y: (rect.minY - origin.minY) / sy + pn.bounds.minY,
                    width: rect.width / sx, height: rect.height / sy)
    }

    /// Names in expressions: `duration` (the transition's, once it has started; while the
    /// body's own duration is being worked out, a parameter of that name), `pi`, the animator's
    /// parameters, and view geometry such as `container.width` or `to.finalFrame.midX`.
    func lookup(_ name: Expression.Name, _ t: Transition) -> Double? {
        switch name {
        case .word(let word):
            if word == "duration", t.id != .notStarted { return t.duration }
            if let v = t.parameters[word]?.numberValue { return v }
            return word == "pi" ? Double.pi : nil
        case .geometry(let geometry):
            guard let id = view(geometry.view, in: t) else { return nil }
            if geometry.property == .alpha { return tree[id].alpha }
            let bounds = containerBounds(t)
            let rect: Rect?
            switch geometry.frame {
            case .frame: rect = frameInContainer(id, t)
            case .finalFrame: rect = t.finalFrame(of: id, container: bounds)
            case .initialFrame: rect = t.initialFrame(of: id, container: bounds)
            }
            return rect.flatMap(geometry.property.of)
        }
    }

    /// The expression's value, its errors reported at `pointer`.
    func evaluate(_ e: Expression, _ t: Transition, at pointer: String) throws(SimulationError) -> Double {
        do throws(SimulationError) { return try e.evaluate { lookup($0, t) } } catch { throw SimulationError(pointer, error.reason) }
    }

    func evaluate(_ e: Located<Expression>, _ t: Transition) throws(SimulationError) -> Double {
        try evaluate(e.value, t, at: e.pointer)
    }

    func checkMagnitude(_ values: [Double], _ what: String, at pointer: String) throws(SimulationError) {
        for v in values where !(abs(v) <= Self.animatorMagnitude) {
            throw SimulationError(pointer, "\(what) has a value of \(v); animator geometry stays within ±\(Int(Self.animatorMagnitude))")
        }
    }

    func evaluate(_ r: Located<RectValue>, for view: ViewID, _ t: Transition) throws(SimulationError) -> Rect {
        let bounds = containerBounds(t)
        let rect: Rect
        switch r.value {
        case .finalFrame:
            guard let f = t.finalFrame(of: view, container: bounds) else { throw SimulationError(r.pointer, "'final' is the frame of the from or to view only") }
            rect = f
        case .initialFrame:
            guard let f = t.initialFrame(of: view, container: bounds) else { throw SimulationError(r.pointer, "'initial' is the frame of the from or to view only") }
            rect = f
        case .containerBounds: rect = bounds
        case .frameOf(let ref):
            rect = frameInContainer(try resolve(ref, in: t), t)
        case .explicit(let x, let y, let w, let h):
            rect = Rect(x: try evaluate(x, t), y: try evaluate(y, t), width: try evaluate(w, t), height: try evaluate(h, t))
        case .offset(let base, let dx, let dy):
            let r = try evaluate(base, for: view, t)
            rect = r.offsetBy(dx: try evaluate(dx, t), dy: try evaluate(dy, t))
        case .inset(let base, let top, let left, let bottom, let right):
            let r = try evaluate(base, for: view, t)
            rect = r.inset(by: EdgeInsets(top: try evaluate(top, t), left: try evaluate(left, t),
                                          bottom: try evaluate(bottom, t), right: try evaluate(right, t)))
        }
        try checkMagnitude([rect.minX, rect.minY, rect.width, rect.height], "the rect", at: r.pointer)
        return rect
    }

    /// A transform list's value; whatever goes wrong inside it is reported at the list.
    func evaluate(_ steps: Located<[TransformStep]>, _ t: Transition) throws(SimulationError) -> AffineTransform {
        func value(_ e: Located<Expression>) throws(SimulationError) -> Double { try evaluate(e.value, t, at: steps.pointer) }
        var result = AffineTransform.identity
        for step in steps.value {
            let next: AffineTransform
            switch step {
            case .scale(let sx, let sy): next = .scale(try value(sx), try value(sy))
            case .translate(let tx, let ty): next = .translation(try value(tx), try value(ty))
            case .rotate(let a): next = .rotation(try value(a))
            }
            result = result.concatenating(next)
        }
        try checkMagnitude([result.a, result.b, result.c, result.d, result.tx, result.ty], "the transform", at: steps.pointer)
        return result
    }

    /// A 3D transform list's value; whatever goes wrong inside it is reported at the list.
    func evaluate(_ steps: Located<[Transform3DStep]>, _ t: Transition) throws(SimulationError) -> Transform3D {
        func value(_ e: Located<Expression>) throws(SimulationError) -> Double { try evaluate(e.value, t, at: steps.pointer) }
        var result = Transform3D.identity
        for step in steps.value {
            let next: Transform3D
            switch step {
            case .perspective(let m34): next = .perspective(try value(m34))
            case .rotate(let a, let x, let y, let z):
                next = .rotation(angle: try value(a), x: try value(x), y: try value(y), z: try value(z))
            case .scale(let x, let y, let z): next = .scale(x: try value(x), y: try value(y), z: try value(z))
            case .translate(let x, let y, let z): next = .translation(x: try value(x), y: try value(y), z: try value(z))
            }
            result = result.concatenating(next)
        }
        try checkMagnitude(result.rowMajor, "the 3D transform", at: steps.pointer)
        return result
    }

    /// The model values a `PropertyChanges` assigns, as (property, value) pairs (`hidden` apart).
    func targetValues(_ c: PropertyChanges, view: ViewID, _ t: Transition) throws(SimulationError) -> [(AnimatedProperty, AnimatedValue)] {
        // Layer values first: a frame in the same change is placed with the new anchor point.
        var values = try layerTargetValues(c.layer, t)
        let node = tree[view]
        if let f = c.frame {
            if view == t.containerView { throw SimulationError(f.pointer, "the container's frame belongs to UIKit") }
            let rect = rectInSuperview(try evaluate(f, for: view, t), of: view, t)
            var anchor = node.layer.anchorPoint
            if let (_, value) = values.first(where: { $0.0 == .anchorPoint }), case .point(let p) = value { anchor = p }
            values.append((.center, .point(ViewGeometry.position(ofFrame: rect, anchorPoint: anchor))))
            values.append((.bounds, .rect(Rect(origin: node.bounds.origin, size: rect.size))))
        }
        if let center = c.center {
            let p = Point(x: try evaluate(center.value.x, t), y: try evaluate(center.value.y, t))
            try checkMagnitude([p.x, p.y], "the center", at: center.pointer)
            values.append((.center, .point(p)))
        }
        if let a = c.alpha {
            values.append((.alpha, .number(min(1, max(0, try evaluate(a, t))))))
        }
        if let steps = c.transform { values.append((.transform, .affine(try evaluate(steps, t)))) }
        if let steps = c.transform3D { values.append((.transform3D, .transform3D(try evaluate(steps, t)))) }
        if let color = c.backgroundColor { values.append((.backgroundColor, .color(color))) }
        return values
    }

    /// Runs one step on the views and animations; what it asks of the container (UIKit's side of
    /// the transition context) it returns, for the caller to perform before the next step.
    mutating func run(_ step: Step, transition transitionID: TransitionID) throws(SimulationError) -> AnimatorEffect? {
        let t = self[transition: transitionID]
        switch step {
        case .add(let ref, let placement):
            let view = try resolve(ref, in: t)
            guard view != t.containerView, !tree.isDescendant(t.containerView, of: view) else {
                throw SimulationError(ref.pointer, "cannot add '\(ref.value)' to the container it contains")
            }
            try place(view, placement, t)
        case .set(let changes):
            let view = try resolve(changes.view, in: t)
            for (property, value) in try targetValues(changes, view: view, t) {
                animations.removeAnimations(on: view) { $0.property == property || ($0.property == .transform3D && property == .transform) }
                tree[view].apply(value, to: property)
            }
            if let hidden = changes.hidden { setHidden(view, hidden, transitionID) }
            if let clips = changes.layer.clipsToBounds { tree[view].layer.clipsToBounds = clips }
            if let doubleSided = changes.layer.isDoubleSided { tree[view].layer.isDoubleSided = doubleSided }
        case .remove(let ref):
            let view = try resolve(ref, in: t)
            guard view != t.containerView else { throw SimulationError(ref.pointer, "the container belongs to UIKit") }
            tree.detach(view)
        case .dimming(let name, let frame, let color, let alpha, let placement, let keep):
            let rect = try evaluate(frame, for: t.containerView, t)
            let id = try makeView(name, kind: "view", role: "dimming", frame: rect, keep: keep, transitionID)
            tree[id].backgroundColor = color
            tree[id].alpha = min(1, max(0, try evaluate(alpha, t)))
            try place(id, placement, self[transition: transitionID])
        case .snapshot(let name, let of, let frame, let placement):
            let source = try resolve(of, in: t)
            let rect = try frame.map { (f) throws(SimulationError) in try evaluate(f, for: t.containerView, t) } ?? frameInContainer(source, t)
            let id = try makeView(name, kind: "snapshot", role: "snapshot", frame: rect, keep: false, transitionID)
            try copyAppearance(of: source, into: id, at: name.pointer)
            try place(id, placement, self[transition: transitionID])
        case .find(let name):
            guard t.named[name.value] == nil else { throw SimulationError(name.pointer, "a view named '$\(name.value)' already exists") }
            let wanted = keptID(name.value, t)
            guard let found = tree[t.containerView].children.first(where: { tree[$0].id == wanted && tree[$0].owner == nil }) else {
                throw SimulationError(name.pointer, "no view is kept in the container under the name '\(name.value)' (an earlier transition makes one with \"keep\": true)")
            }
            self[transition: transitionID].named[name.value] = found
        case .transition(let tr):
            try runViewTransition(tr, transition: transitionID)
        case .conditional(let condition, let then, let otherwise):
            let holds = (condition == .cancelled) == t.wasCancelled
            try run(holds ? then : otherwise, transition: transitionID)
            return nil
        case .completeTransition(let argument):
            let value: Bool
            switch argument {
            case .notCancelled: value = !t.wasCancelled
            case .constant(let b): value = b
            }
            return .completeTransition(didComplete: value)
        }
        return nil
    }

    /// The id of a view an animator keeps in a container under `name` (unique in the container).
    func keptID(_ name: String, _ t: Transition) -> String {
        "\(tree[t.containerView].id).\(name)"
    }

    /// Makes a service view named `$name`. Kept views are named after the container and not
    /// reported as left behind; the others are named after the transition.
    mutating func makeView(_ located: Located<String>, kind: String, role: String, frame: Rect, keep: Bool, _ transitionID: TransitionID) throws(SimulationError) -> ViewID {
        let t = self[transition: transitionID]
        let name = located.value
        guard t.named[name] == nil else { throw SimulationError(located.pointer, "a view named '$\(name)' already exists") }
        let id = keep ? keptID(name, t) : "\(t.id).\(name)"
        if keep, tree[t.containerView].children.contains(where: { tree[$0].id == id }) {
            throw SimulationError(located.pointer, "the container already keeps a view named '\(name)'")
        }
        let view: ViewID
        do throws(SimulationError) {
            view = try tree.create(ViewNode(id: id, kind: kind, owner: nil, path: id, role: role, frame: frame))
        } catch {
            throw SimulationError(located.pointer, "the session's view limit is reached")
        }
        self[transition: transitionID].named[name] = view
        if !keep { self[transition: transitionID].namedOrder.append(name) }
        return view
    }

    /// What `snapshotViewAfterScreenUpdates:` shows: the source's look, and copies of its subviews.
    /// Reaching the view limit on the way is reported at `pointer` (the snapshot's name).
    mutating func copyAppearance(of source: ViewID, into snapshot: ViewID, at pointer: String) throws(SimulationError) {
        let s = tree[source]
        tree[snapshot].image = s.image
        tree[snapshot].text = s.text
        tree[snapshot].backgroundColor = s.backgroundColor
        tree[snapshot].snapshotOf = describe(source)
        // The image has the source's rounded corners, clipping and border (drawn inside its
        // bounds); its shadow, anchor point and z position are the source layer's own, not the image's.
        var look = LayerProperties.defaults
        (look.cornerRadius, look.clipsToBounds) = (s.layer.cornerRadius, s.layer.clipsToBounds)
        (look.borderWidth, look.borderColor) = (s.layer.borderWidth, s.layer.borderColor)
        tree[snapshot].layer = look
        let prefix = tree[snapshot].path
        for child in s.children { try copySubtree(child, into: snapshot, prefix: prefix, depth: 0, at: pointer) }
    }

    private mutating func copySubtree(_ id: ViewID, into parent: ViewID, prefix: String, depth: Int, at pointer: String) throws(SimulationError) {
        guard depth < 32 else { return }
        let original = tree[id]
        let path = prefix + "/" + original.id
        var node = ViewNode(id: original.id, kind: original.kind, owner: nil, path: path, role: "snapshotContent", frame: .zero)
        node.bounds = original.bounds
        node.center = original.center
        node.transform = original.transform
        node.transform3D = original.transform3D
        node.alpha = original.alpha
        node.hidden = original.hidden
        node.backgroundColor = original.backgroundColor
        node.text = original.text
        node.image = original.image
        node.layer = original.layer
        let copy: ViewID
        do throws(SimulationError) { copy = try tree.create(node) } catch { throw SimulationError(pointer, "the session's view limit is reached") }
        tree.addSubview(copy, to: parent)
        for child in original.children { try copySubtree(child, into: copy, prefix: path, depth: depth + 1, at: pointer) }
    }

    mutating func setHidden(_ view: ViewID, _ hidden: Bool, _ transitionID: TransitionID) {
        tree[view].hidden = hidden
        if hidden, !self[transition: transitionID].hiddenByAnimator.contains(view) {
            self[transition: transitionID].hiddenByAnimator.append(view)
        }
    }

    mutating func place(_ view: ViewID, _ placement: Placement, _ t: Transition) throws(SimulationError) {
        switch placement {
        case .top:
            tree.addSubview(view, to: t.containerView)
        case .above(let ref), .below(let ref):
            let sibling = try resolve(ref, in: t)
            guard sibling != view else { throw SimulationError(ref.pointer, "a view can't be placed relative to itself") }
            if case .above = placement {
                tree.insertSubview(view, in: t.containerView, relativeTo: sibling, above: true)
            } else {
                tree.insertSubview(view, in: t.containerView, relativeTo: sibling, above: false)
            }
        }
    }

    /// The timing a block or view transition uses: the parameter a `"@name"` curve names, with
    /// the expressions inside it evaluated, decoded for `duration` (UIKit-style springs need it),
    /// and how long it runs: `duration`, except for springs that define their own duration
    /// (mass/stiffness/damping, response, duration/bounce, system), which run until they settle,
    /// as UIViewPropertyAnimator ignores the duration given with such spring parameters.
    func resolveTiming(_ spec: CurveSpec, duration: Double, _ t: Transition) throws(SimulationError) -> (curve: TimingCurve, duration: Double) {
        let pointer = spec.pointer
        var json = spec.json
        if let name = spec.parameter {
            guard let value = t.parameters[name] else { throw SimulationError(pointer, "no parameter '\(name)'") }
            json = value
        }
        if json.objectValue != nil || json.arrayValue != nil {
            var nodes = 0
            var found: [(String, Expression)] = []
            try CurveSpec.collect(json, at: pointer, depth: 0, nodes: &nodes, into: &found)
            json = try CurveSpec.substitute(json, depth: 0) { (e) throws(SimulationError) in try evaluate(e, t, at: pointer) }
        }
        let decoded = try TimingCurve.decode(json, duration: max(duration, 0.01), at: pointer)
        guard let natural = decoded.naturalDuration else { return (decoded.curve, duration) }
        guard natural.isFinite, natural <= 600 else { throw SimulationError(pointer, "this spring takes \(natural) s to settle; at most 600") }
        return (decoded.curve, natural)
    }

    func blockTiming(delay: Located<Expression>?, duration: Located<Expression>, _ t: Transition) throws(SimulationError) -> (delay: Double, duration: Double) {
        let d = try delay.map { (e) throws(SimulationError) in try evaluate(e, t) } ?? 0
        let length = try evaluate(duration, t)
        if let delay, !(0...600).contains(d) { throw SimulationError(delay.pointer, "must be between 0 and 600 seconds, got \(d)") }
        guard length >= 0, length <= 600 else { throw SimulationError(duration.pointer, "must be between 0 and 600 seconds, got \(length)") }
        return (d, length)
    }

    /// Issues one `UIView.animate` (or `animateKeyframes`) block at the transition's current τ.
    mutating func animate(_ block: AnimationBlock, transition transitionID: TransitionID) throws(SimulationError) {
        let t = self[transition: transitionID]
        let tau = t.timeline.tau(at: now)
        let (delay, written) = try blockTiming(delay: block.delay, duration: block.duration, t)
        let (curve, duration) = try resolveTiming(block.curve, duration: written, t)
        let begin = tau + delay
        let base = PropertyAnimation(property: .alpha, from: .number(0), to: .number(0), transition: t.id, begin: begin,
                                     duration: duration, curve: curve, path: .direct, outlivesTransition: block.outlivesTransition)
        if block.keyframes.isEmpty {
            for change in block.changes {
                let view = try resolve(change.view, in: t)
                let values = try targetValues(change, view: view, t)
                let shown = presentation(of: view, at: now)
                for (property, value) in values {
                    let from = shown.value(of: property)
                    animations.removeAnimations(on: view) { $0.property == property }
                    tree[view].apply(value, to: property)
                    guard from != value else { continue }
                    var a = base
                    a.property = property
                    a.from = from
                    a.to = value
                    animations.install(a, on: view)
                }
            }
        } else {
            try animateKeyframes(block, base: base, transition: transitionID)
        }
        animations.schedule(block.completion.value, transition: t.id, endTau: begin + duration)
    }

    /// `animateKeyframes`: per view and property, a track through the keyframes' values, each
    /// keyframe holding the previous value until its relative start and reaching its own value
    /// at start + duration (linear, cubic), or switching to it at its start (discrete). The
    /// block's curve shapes the progress of the whole, as UIKit's option curve does.
    mutating func animateKeyframes(_ block: AnimationBlock, base: PropertyAnimation, transition transitionID: TransitionID) throws(SimulationError) {
        let t = self[transition: transitionID]
        struct Track { var view: ViewID; var property: AnimatedProperty; var keys: [KeyframeKey] }
        var tracks: [Track] = []
        var windows: [(start: Double, length: Double, index: Int)] = []
        for (k, keyframe) in block.keyframes.enumerated() {
            let start = try evaluate(keyframe.start, t)
            let length = try evaluate(keyframe.duration, t)
            guard (0...1).contains(start) else { throw SimulationError(keyframe.start.pointer, "a relative start time is between 0 and 1, got \(start)") }
            guard (0...1).contains(length), start + length <= 1 + 1e-9 else {
                throw SimulationError(keyframe.duration.pointer, "a relative duration is between 0 and 1 - start, got \(length)")
            }
            windows.append((start, min(length, 1 - start), k))
        }
        // Keyframes apply in the order of their start times (ties: as written).
        windows.sort { $0.start < $1.start || ($0.start == $1.start && $0.index < $1.index) }
        for w in windows {
            let keyframe = block.keyframes[w.index]
            for change in keyframe.changes {
                let view = try resolve(change.view, in: t)
                let values = try targetValues(change, view: view, t)
                for (property, value) in values {
                    let n = tracks.firstIndex { $0.view == view && $0.property == property } ?? {
                        tracks.append(Track(view: view, property: property,
                                            keys: [KeyframeKey(time: 0, value: presentation(of: view, at: now).value(of: property))]))
                        return tracks.count - 1
                    }()
                    let last = tracks[n].keys[tracks[n].keys.count - 1]
                    let start = max(w.start, last.time)
                    let end = max(start, w.start + w.length)
                    if block.calculationMode == .discrete {
                        tracks[n].keys.append(KeyframeKey(time: start, value: value))
                    } else {
                        if start > last.time { tracks[n].keys.append(KeyframeKey(time: start, value: last.value)) }
                        tracks[n].keys.append(KeyframeKey(time: end, value: value))
                    }
                }
            }
        }
        for track in tracks {
            let final = track.keys[track.keys.count - 1].value
            animations.removeAnimations(on: track.view) { $0.property == track.property }
            tree[track.view].apply(final, to: track.property)
            var a = base
            a.property = track.property
            a.from = track.keys[0].value
            a.to = final
            a.path = .keyframes(track.keys, block.calculationMode)
            animations.install(a, on: track.view)
        }
    }

    /// `transitionFromView:toView:duration:options:completion:`. The model is untouched apart
    /// from the views' places (Core Animation plays the transition on the layers): the to view
    /// goes into the from view's superview (on top; below the from view for a curl up), the
    /// from view leaves it when the transition ends, then the completion runs.
    mutating func runViewTransition(_ tr: ViewTransitionStep, transition transitionID: TransitionID) throws(SimulationError) {
        let t = self[transition: transitionID]
        let from = try resolve(tr.from, in: t)
        let to = try resolve(tr.to, in: t)
        guard from != to else { throw SimulationError(tr.to.pointer, "the from and to views are the same view") }
        guard let superview = tree[from].parent else {
            throw SimulationError(tr.from.pointer, "'\(tr.from.value)' has no superview: transitionFromView puts the to view in the from view's superview")
        }
        guard !tree.isDescendant(superview, of: to) else { throw SimulationError(tr.to.pointer, "'\(tr.to.value)' contains the from view's superview") }
        let (_, written) = try blockTiming(delay: nil, duration: tr.duration, t)
        let (curve, duration) = try resolveTiming(tr.curve, duration: written, t)
        let m34 = try evaluate(tr.perspective, t)
        guard abs(m34) <= 1 else { throw SimulationError(tr.perspective.pointer, "m34 is a small number such as -1/500, got \(m34)") }
        if tr.kind == .curlUp {
            tree.insertSubview(to, in: superview, relativeTo: from, above: false)
        } else {
            tree.addSubview(to, to: superview)
        }
        let begin = t.timeline.tau(at: now)
        var base = PropertyAnimation(property: .transform3D, from: .number(0), to: .number(0), transition: t.id, begin: begin,
                                     duration: duration, curve: curve)
        func rotation(_ view: ViewID, axis: (Double, Double, Double), angles: (Double, Double), window: (Double, Double),
                      hinge: Point, m34: Double) -> PropertyAnimation {
            let path = RotationPath(axisX: axis.0, axisY: axis.1, axisZ: axis.2, startAngle: angles.0, endAngle: angles.1,
                                    windowStart: window.0, windowEnd: window.1, hinge: hinge, m34: m34)
            var a = base
            a.property = .transform3D
            a.from = .transform3D(path.transform(atProgress: 0))
            a.to = tree[view].value(of: .transform3D)
            a.path = .rotation(path)
            return a
        }
        switch tr.kind {
        case .flipFromLeft, .flipFromRight:
            // The from view turns edge-on in the first half, the to view turns in from the other
            // side in the second; from the left, the left edge comes toward the viewer.
            let sign = tr.kind == .flipFromLeft ? 1.0 : -1.0
            animations.install(rotation(from, axis: (0, 1, 0), angles: (0, sign * .pi / 2), window: (0, 0.5), hinge: .zero, m34: m34), on: from)
            animations.install(rotation(to, axis: (0, 1, 0), angles: (-sign * .pi / 2, 0), window: (0.5, 1), hinge: .zero, m34: m34), on: to)
        case .curlUp:
            // The from view folds up about its top edge until it stands edge-on (orthographic).
            let hinge = Point(x: 0, y: -tree[from].bounds.height / 2)
            animations.install(rotation(from, axis: (1, 0, 0), angles: (0, .pi / 2), window: (0, 1), hinge: hinge, m34: 0), on: from)
        case .curlDown:
            // The to view unfolds down from its top edge.
            let hinge = Point(x: 0, y: -tree[to].bounds.height / 2)
            animations.install(rotation(to, axis: (1, 0, 0), angles: (.pi / 2, 0), window: (0, 1), hinge: hinge, m34: 0), on: to)
        case .crossDissolve:
            base.property = .alpha
            let fromAlpha = tree[from].alpha, toAlpha = tree[to].alpha
            var out = base
            out.from = .number(fromAlpha)
            out.to = .number(fromAlpha)
            out.path = .keyframes([KeyframeKey(time: 0, value: .number(fromAlpha)), KeyframeKey(time: 1, value: .number(0))], .linear)
            animations.install(out, on: from)
            var into = base
            into.from = .number(0)
            into.to = .number(toAlpha)
            into.path = .keyframes([KeyframeKey(time: 0, value: .number(0)), KeyframeKey(time: 1, value: .number(toAlpha))], .linear)
            animations.install(into, on: to)
        }
        animations.schedule([tr.removal] + tr.completion.value, transition: t.id, endTau: begin + duration)
    }

    /// Runs a block's completion steps (`finished` is always YES here). A failing step is
    /// reported by its place in the list that ran, not in the body (docs/animators.md § Validation).
    mutating func runCompletion(_ p: AnimationTimeline.Completion) {
        guard transitions.find(p.transition) != nil else { return }
        for (i, step) in p.steps.enumerated() {
            do throws(SimulationError) {
                if let effect = try run(step.value, transition: p.transition) { perform(effect, transition: p.transition) }
            } catch {
                diagnose(p.transition, .stepFailed, "a completion step failed: \(error.moved(from: step.pointer, to: SpecReader.child("", String(i))).description)", view: nil)
                break
            }
        }
        checkAfterCompletion(p.transition)
    }
}
