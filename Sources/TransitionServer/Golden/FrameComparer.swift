import JSONCodec
import TransitionCore

/// Compares expected frames with the service's frames at the same times, value by value, and
/// reports what diverges (docs/golden.md). Pure: it reads frames and settings, nothing else.
///
/// Views are matched by controller and path, or by id for the views the service makes and for a
/// harness's views named only by id (an id must then name one view). A complete expected frame
/// (a `/snapshots` answer) must hold every view the service shows; the minimal form compares
/// only the views and members it gives.
struct FrameComparer {
    var settings: ComparisonSettings

    /// `actual[i]` is the service's frame at `expected.frames[i].time`; `around[i]`, when the
    /// time tolerance is not 0, its frames that far before and after.
    func compare(_ expected: ExpectedFrames, with actual: [ComparedFrame], around: [[ComparedFrame]] = []) throws(SimulationError) -> ComparisonReport {
        var report = ComparisonReport(settings: settings)
        for (i, frame) in expected.frames.enumerated() {
            let neighbours = i < around.count ? around[i] : []
            var found: [Divergence] = []
            try compare(frame, index: i, complete: expected.complete, with: actual[i], around: neighbours, into: &report, found: &found)
            report.add(found, time: frame.time)
        }
        return report
    }

    private func compare(_ expected: ComparedFrame, index: Int, complete: Bool, with actual: ComparedFrame, around: [ComparedFrame],
                         into report: inout ComparisonReport, found: inout [Divergence]) throws(SimulationError) {
        report.frames += 1
        let matcher = ViewMatcher(actual)
        // Made once for the frame, not for each view looked up in them.
        let nearbyMatchers = around.map(ViewMatcher.init)
        var used = Set<Int>()
        for (order, view) in expected.views.enumerated() {
            guard let match = try matcher.match(view, at: expected.time, excluding: used) else {
                found.append(Divergence(kind: .missing, frame: index, time: expected.time, view: view, order: order))
                continue
            }
            used.insert(match)
            report.views += 1
            let other = actual.views[match]
            let nearby = zip(around, nearbyMatchers).compactMap { frame, nearbyMatcher in nearbyMatcher.sameView(as: other).map { frame.views[$0] } }
            // The expected leaves, and a complete frame's leaves the service's view has besides.
            let leaves = complete ? view.leaves + other.leaves.filter { !view.gives($0.name) } : view.leaves
            for leaf in leaves where settings.compares(leaf.name) {
                let name = leaf.name
                let e = view.value(of: name), a = other.value(of: name)
                guard e != nil || a != nil else { continue }
                report.values += 1
                let tolerance = settings.tolerance[leaf.tolerance]
                let candidates = nearby.isEmpty ? [a] : [a] + nearby.map { $0.value(of: name) }
                guard let difference = Self.difference(e, candidates, tolerance: tolerance) else { continue }
                // Named as the service names the view: a harness may have given only its id.
                found.append(Divergence(kind: .value, frame: index, time: expected.time, view: other, order: order, property: name,
                                        expected: e?.json, actual: a?.json, difference: difference, tolerance: tolerance))
            }
        }
        guard complete else { return }
        for (i, view) in actual.views.enumerated() where !used.contains(i) {
            found.append(Divergence(kind: .unexpected, frame: index, time: expected.time, view: view, order: expected.views.count + i))
        }
    }

    /// Nil when `expected` matches one of the service's values (its own, then those around its
    /// time): a number within `tolerance` of the range they span, anything else equal. Else how
    /// far the number is from that range (`.nan` for values that are not numbers).
    static func difference(_ expected: Leaf.Value?, _ candidates: [Leaf.Value?], tolerance: Double) -> Double? {
        guard case .number(let e)? = expected else {
            return candidates.contains(expected) ? nil : .nan
        }
        let numbers = candidates.compactMap { value -> Double? in if case .number(let n)? = value { n } else { nil } }
        guard let low = numbers.min(), let high = numbers.max() else { return .nan }
        let d = e < low ? low - e : (e > high ? e - high : 0)
        return d > tolerance ? d : nil
    }
}

/// Finds the service's view an expected view names, in one frame.
struct ViewMatcher {
    private let frame: ComparedFrame
    private var byIdentity: [ComparedView.Identity: [Int]] = [:]
    private var byID: [String: [Int]] = [:]

    init(_ frame: ComparedFrame) {
        self.frame = frame
        for (i, view) in frame.views.enumerated() {
            byIdentity[view.identity, default: []].append(i)
            if let id = view.id { byID[id, default: []].append(i) }
        }
    }

    /// The first view not `excluding` with the same identity (views sharing one are matched in
    /// order); a view named only by id may be any view of that id, when only one has it.
    func match(_ view: ComparedView, at time: Double, excluding used: Set<Int>) throws(SimulationError) -> Int? {
        if let i = byIdentity[view.identity]?.first(where: { !used.contains($0) }) { return i }
        guard case .id(let id) = view.identity, let list = byID[id] else { return nil }
        guard list.count == 1 else {
            throw SimulationError(view.pointer, "the id '\(id)' names \(list.count) views of the service's frame at \(time); name the view by 'viewController' and 'path'")
        }
        return used.contains(list[0]) ? nil : list[0]
    }

    /// The view with `view`'s identity in this frame.
    func sameView(as view: ComparedView) -> Int? { byIdentity[view.identity]?.first }
}
