import JSONCodec

/// `UIView.animate(withDuration:delay:options:animations:completion:)`, or with `keyframes`
/// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`: property
/// changes that animate together, and what to do when they finish.
struct AnimationBlock: Sendable, Equatable {
    var delay: Located<Expression>
    /// Seconds; the name `duration` in the expression is the transition's duration.
    var duration: Located<Expression>
    var curve: CurveSpec
    var changes: [PropertyChanges]
    var keyframes: [Keyframe]
    var calculationMode: KeyframeCalculationMode
    var completion: StepList
    /// Declares that the block may still run when `completeTransition` is called (002's dismiss
    /// spring): its animations are not reported as `animation-on-removed-view`.
    var outlivesTransition: Bool

    static let maxChanges = 64
    static let maxKeyframes = 32

    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> AnimationBlock {
        var r = try SpecReader(json, at: pointer)
        let delay = try expr(&r, "delay", default: 0)
        let duration = try expr(&r, "duration", default: nil)
        let curve = try CurveSpec.decode(r.value("curve"), at: r.path("curve"))
        var changes: [PropertyChanges] = []
        for (i, item) in (try r.array("changes", maxCount: maxChanges) ?? []).enumerated() {
            changes.append(try decodeChange(item, at: SpecReader.child(r.path("changes"), String(i))))
        }
        var keyframes: [Keyframe] = []
        if let list = try r.array("keyframes", maxCount: maxKeyframes) {
            guard changes.isEmpty else { throw SimulationError(r.path("keyframes"), "a block has changes or keyframes, not both") }
            for (i, item) in list.enumerated() {
                let p = SpecReader.child(r.path("keyframes"), String(i))
                var kr = try SpecReader(item, at: p)
                let start = try expr(&kr, "start", default: nil)
                let length = try expr(&kr, "duration", default: nil)
                var kc: [PropertyChanges] = []
                for (j, c) in (try kr.array("changes", maxCount: maxChanges) ?? []).enumerated() {
                    kc.append(try decodeChange(c, at: SpecReader.child(kr.path("changes"), String(j))))
                }
                try kr.finish()
                keyframes.append(Keyframe(start: start, duration: length, changes: kc))
            }
        }
        var mode = KeyframeCalculationMode.linear
        if let text = try r.string("calculationMode", maxLength: 32) {
            guard !keyframes.isEmpty else { throw SimulationError(r.path("calculationMode"), "only keyframe blocks have a calculation mode") }
            guard let m = KeyframeCalculationMode(rawValue: text) else {
                throw SimulationError(r.path("calculationMode"), "unknown calculation mode '\(text)'; one of \(KeyframeCalculationMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            mode = m
        }
        let completion = try Step.decodeList(r.value("completion"), at: r.path("completion"), depth: 1)
        let outlives = try r.bool("outlivesTransition") ?? false
        try r.finish()
        return AnimationBlock(delay: delay, duration: duration, curve: curve, changes: changes, keyframes: keyframes,
                              calculationMode: mode, completion: completion, outlivesTransition: outlives)
    }

    static func decodeChange(_ item: JSONValue, at p: String) throws(SimulationError) -> PropertyChanges {
        var cr = try SpecReader(item, at: p)
        guard let view = cr.value("view") else { throw SimulationError(cr.path("view"), "is required") }
        let change = try PropertyChanges.decode(&cr, view: try .decode(view, at: cr.path("view")), animated: true)
        try cr.finish()
        return change
    }
}
