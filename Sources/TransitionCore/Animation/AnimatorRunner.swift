import JSONCodec

/// Runs animator bodies: the setup steps and animation blocks when a transition starts, the
/// completion steps when their block ends. Errors while starting abort the action (the caller
/// works on a copy); errors in a completion step become a `step-failed` diagnostic.
extension World {
    /// The rect of the container's bounds (all animator rects are in container coordinates).
    func containerBounds(_ t: Transition) -> Rect {
        Rect(origin: .zero, size: tree[t.containerView].bounds.size)
    }

    func resolve(_ ref: ViewReference, in t: Transition) throws(SpecError) -> ViewID {
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
        guard let id = found, tree.exists(id) else {
            let hint: String
            switch ref {
            case .source, .target: hint = "the animator's \(ref)View parameter names no view"
            case .named: hint = "no view was created under that name before this step"
            default: hint = "no such view"
            }
            throw SpecError("", "view '\(ref)': \(hint)")
        }
        return id
    }

    /// A view's frame in the container's coordinates (`convertRect:fromView:` on model values).
    func frameInContainer(_ id: ViewID, _ t: Transition) -> Rect {
        let node = tree[id]
        var rect = node.frame
        var parent = node.parent
        while let p = parent, p != t.containerView {
            let pn = tree[p]
            let local = rect.offsetBy(dx: -pn.bounds.minX - pn.bounds.width / 2, dy: -pn.bounds.minY - pn.bounds.height / 2)
            rect = Rect.bounding(local.corners.map { pn.transform.apply(to: $0) }).offsetBy(dx: pn.center.x, dy: pn.center.y)
            parent = pn.parent
        }
        return rect
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
    /// body's own duration is being worked out, a parameter of that name), the animator's
    /// parameters, and view geometry such as `container.width` or `to.finalFrame.midX`.
    func lookup(_ name: String, _ t: Transition) -> Double? {
        if name == "duration", t.number > 0 { return t.duration }
        if let v = t.parameters[name]?.numberValue { return v }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let ref = try? ViewReference.parse(parts[0], at: ""), let id = try? resolve(ref, in: t) else { return nil }
        let bounds = containerBounds(t)
        let rect: Rect?
        switch parts.count == 3 ? parts[1] : "frame" {
        case "frame": rect = id == t.containerView ? bounds : frameInContainer(id, t)
        case "finalFrame": rect = t.finalFrame(of: id, container: bounds)
        case "initialFrame": rect = t.initialFrame(of: id, container: bounds)
        default: rect = nil
        }
        guard let r = rect, parts.count <= 3 else { return nil }
        switch parts[parts.count - 1] {
        case "x", "minX": return r.minX
        case "y", "minY": return r.minY
        case "width": return r.width
        case "height": return r.height
        case "midX": return r.midX
        case "midY": return r.midY
        case "maxX": return r.maxX
        case "maxY": return r.maxY
        case "alpha" where parts.count == 2: return tree[id].alpha
        default: return nil
        }
    }

    func evaluate(_ e: Expression, _ t: Transition) throws(SpecError) -> Double {
        try e.evaluate { lookup($0, t) }
    }

    func evaluate(_ r: RectValue, for view: ViewID, _ t: Transition) throws(SpecError) -> Rect {
        let bounds = containerBounds(t)
        switch r {
        case .finalFrame:
            guard let f = t.finalFrame(of: view, container: bounds) else { throw SpecError("", "'final' is the frame of the from or to view only") }
            return f
        case .initialFrame:
            guard let f = t.initialFrame(of: view, container: bounds) else { throw SpecError("", "'initial' is the frame of the from or to view only") }
            return f
        case .containerBounds: return bounds
        case .frameOf(let ref):
            let id = try resolve(ref, in: t)
            return id == t.containerView ? bounds : frameInContainer(id, t)
        case .explicit(let x, let y, let w, let h):
            return Rect(x: try evaluate(x, t), y: try evaluate(y, t), width: try evaluate(w, t), height: try evaluate(h, t))
        case .offset(let base, let dx, let dy):
            return try evaluate(base, for: view, t).offsetBy(dx: try evaluate(dx, t), dy: try evaluate(dy, t))
        case .inset(let base, let top, let left, let bottom, let right):
            return try evaluate(base, for: view, t).inset(by: EdgeInsets(top: try evaluate(top, t), left: try evaluate(left, t),
                                                                          bottom: try evaluate(bottom, t), right: try evaluate(right, t)))
        }
    }

    func evaluate(_ steps: [TransformStep], _ t: Transition) throws(SpecError) -> AffineTransform {
        var result = AffineTransform.identity
        for step in steps {
            let next: AffineTransform
            switch step {
            case .scale(let sx, let sy): next = .scale(try evaluate(sx, t), try evaluate(sy, t))
            case .translate(let tx, let ty): next = .translation(try evaluate(tx, t), try evaluate(ty, t))
            case .rotate(let a): next = .rotation(try evaluate(a, t))
            }
            result = result.concatenating(next)
        }
        return result
    }

    /// The model values a `PropertyChanges` assigns, as (property, value) pairs, plus `hidden`.
    func targetValues(_ c: PropertyChanges, view: ViewID, _ t: Transition) throws(SpecError) -> [(AnimatedProperty, AnimatedValue)] {
        var values: [(AnimatedProperty, AnimatedValue)] = []
        let node = tree[view]
        if let f = c.frame {
            let rect = rectInSuperview(try evaluate(f, for: view, t), of: view, t)
            values.append((.center, .point(rect.center)))
            values.append((.bounds, .rect(Rect(origin: node.bounds.origin, size: rect.size))))
        }
        if let center = c.center {
            values.append((.center, .point(Point(x: try evaluate(center.x, t), y: try evaluate(center.y, t)))))
        }
        if let a = c.alpha { values.append((.alpha, .number(min(1, max(0, try evaluate(a, t)))))) }
        if let steps = c.transform { values.append((.transform, .affine(try evaluate(steps, t)))) }
        if let color = c.backgroundColor { values.append((.backgroundColor, .color(color))) }
        return values
    }

    mutating func run(_ steps: [Step], transition index: Int) throws(SpecError) {
        for (i, step) in steps.enumerated() {
            do throws(SpecError) {
                try run(step, transition: index)
            } catch {
                throw SpecError("/\(i)" + error.pointer, error.reason)
            }
        }
    }

    mutating func run(_ step: Step, transition index: Int) throws(SpecError) {
        let t = transitions[index]
        switch step {
        case .add(let ref, let placement):
            let view = try resolve(ref, in: t)
            guard view != t.containerView, !tree.isDescendant(t.containerView, of: view) else {
                throw SpecError("", "cannot add '\(ref)' to the container it contains")
            }
            try place(view, placement, t)
        case .set(let changes):
            let view = try resolve(changes.view, in: t)
            for (property, value) in try targetValues(changes, view: view, t) {
                animations[view]?.removeAll { $0.property == property }
                tree[view].apply(value, to: property)
            }
            if let hidden = changes.hidden { setHidden(view, hidden, index) }
        case .remove(let ref):
            tree.detach(try resolve(ref, in: t))
        case .dimming(let name, let frame, let color, let alpha, let placement):
            guard t.named[name] == nil else { throw SpecError("", "a view named '\(name)' already exists") }
            let rect = try evaluate(frame, for: t.containerView, t)
            var node = ViewNode(id: "\(t.id).\(name)", kind: "view", owner: nil, path: "\(t.id).\(name)", role: "dimming", frame: rect)
            node.backgroundColor = color
            node.alpha = min(1, max(0, try evaluate(alpha, t)))
            let id: ViewID
            do throws(SimulationError) { id = try tree.create(node) } catch { throw SpecError("", "the session's view limit is reached") }
            transitions[index].named[name] = id
            transitions[index].namedOrder.append(name)
            try place(id, placement, transitions[index])
        case .completeTransition(let argument):
            let value: Bool
            switch argument {
            case .notCancelled: value = !t.wasCancelled
            case .constant(let b): value = b
            }
            completeTransition(index, didComplete: value)
        }
    }

    mutating func setHidden(_ view: ViewID, _ hidden: Bool, _ index: Int) {
        tree[view].hidden = hidden
        if hidden {
            transitions[index].hiddenByAnimator.append(view)
        }
    }

    mutating func place(_ view: ViewID, _ placement: Placement, _ t: Transition) throws(SpecError) {
        switch placement {
        case .top:
            tree.addSubview(view, to: t.containerView)
        case .above(let ref), .below(let ref):
            let sibling = try resolve(ref, in: t)
            if case .above = placement {
                tree.insertSubview(view, in: t.containerView, relativeTo: sibling, above: true)
            } else {
                tree.insertSubview(view, in: t.containerView, relativeTo: sibling, above: false)
            }
        }
    }

    /// Issues one `UIView.animate` block at the transition's current τ.
    mutating func animate(_ block: AnimationBlock, transition index: Int) throws(SpecError) {
        let t = transitions[index]
        let tau = t.timeline.tau(at: now)
        let delay = try evaluate(block.delay, t)
        let duration = try evaluate(block.duration, t)
        guard delay >= 0, delay <= 600 else { throw SpecError("/delay", "must be between 0 and 600 seconds, got \(delay)") }
        guard duration >= 0, duration <= 600 else { throw SpecError("/duration", "must be between 0 and 600 seconds, got \(duration)") }
        var curveJSON = block.curve
        if let name = curveJSON.stringValue, name.hasPrefix("@") {
            guard let value = t.parameters[String(name.dropFirst())] else { throw SpecError("/curve", "no parameter '\(name.dropFirst())'") }
            curveJSON = value
        }
        let curve = try TimingCurve.decode(curveJSON, duration: max(duration, 0.01), at: "/curve").curve
        let begin = tau + delay
        for (i, change) in block.changes.enumerated() {
            let view: ViewID
            let values: [(AnimatedProperty, AnimatedValue)]
            do throws(SpecError) {
                view = try resolve(change.view, in: t)
                values = try targetValues(change, view: view, t)
            } catch {
                throw SpecError("/changes/\(i)" + error.pointer, error.reason)
            }
            let shown = presentation(of: view, at: now)
            for (property, value) in values {
                animations[view, default: []].removeAll { $0.property == property }
                let from = shown.value(of: property)
                tree[view].apply(value, to: property)
                guard from != value else { continue }
                animations[view, default: []].append(PropertyAnimation(property: property, from: from, to: value, transition: t.number,
                                                                       begin: begin, duration: duration, curve: curve))
            }
            // `hidden` is not animatable: UIKit applies it at once.
            if let hidden = change.hidden { setHidden(view, hidden, index) }
        }
        completionCount += 1
        pending.append(PendingCompletion(transition: t.number, endTau: begin + duration, steps: block.completion, seq: completionCount))
    }

    /// Runs a block's completion steps (`finished` is always YES here).
    mutating func runCompletion(_ p: PendingCompletion) {
        guard let index = transitionIndex(p.transition) else { return }
        do throws(SpecError) {
            try run(p.steps, transition: index)
        } catch {
            diagnose(index, "step-failed", "a completion step failed: \(error.description)", view: nil)
        }
        checkAfterCompletion(index)
    }
}
