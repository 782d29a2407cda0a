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
        let compared = comparedLeaves
        for (i, frame) in expected.frames.enumerated() {
            try compare(frame, index: i, complete: expected.complete, with: actual[i], around: i < around.count ? around[i] : [],
                        compared: compared, into: &report)
        }
        return report
    }

    /// Whether each leaf is compared (`properties`), by `LeafKey.index`: decided once rather than
    /// for every value.
    var comparedLeaves: [Bool] { (0..<LeafKey.count).map { settings.compares(LeafKey(index: $0).name) } }

    /// One expected frame, the `index`th, against the service's at its time (`actual`, and
    /// `around` it), its counts and divergences added to `report` (`compared`: `comparedLeaves`).
    func compare(_ expected: ComparedFrame, index: Int, complete: Bool, with actual: ComparedFrame, around: [ComparedFrame],
                 compared: [Bool], into report: inout ComparisonReport) throws(SimulationError) {
        var found: [Divergence] = []
        try compare(expected, index: index, complete: complete, with: actual, around: around, compared: compared, into: &report, found: &found)
        report.add(found, time: expected.time)
    }

    private func compare(_ expected: ComparedFrame, index: Int, complete: Bool, with actual: ComparedFrame, around: [ComparedFrame],
                         compared: [Bool], into report: inout ComparisonReport, found: inout [Divergence]) throws(SimulationError) {
        report.frames += 1
        var matches = ViewMatches(actual)
        // Made once for the frame, not for each view looked up in them.
        let nearbyMatchers = around.map(ViewMatcher.init)
        for (order, view) in expected.views.enumerated() {
            guard let match = try matches.match(view, at: expected.time) else {
                found.append(Divergence(kind: .missing, frame: index, time: expected.time, view: view, order: order))
                continue
            }
            report.views += 1
            let other = actual.views[match]
            let nearby = zip(around, nearbyMatchers).compactMap { frame, nearbyMatcher in nearbyMatcher.sameView(as: other).map { frame.views[$0] } }
            func compare(_ leaf: LeafKey) {
                guard compared[leaf.index] else { return }
                let e = view.value(of: leaf), a = other.value(of: leaf)
                guard e != nil || a != nil else { return }
                report.values += 1
                let tolerance = settings.tolerance[leaf.tolerance]
                let difference = nearby.isEmpty ? Self.difference(e, CollectionOfOne(a), tolerance: tolerance)
                    : Self.difference(e, [a] + nearby.map { $0.value(of: leaf) }, tolerance: tolerance)
                guard let difference else { return }
                // Named as the service names the view: a harness may have given only its id.
                found.append(Divergence(kind: .value, frame: index, time: expected.time, view: other, order: order, leaf: leaf,
                                        expected: e?.json, actual: a?.json, difference: difference, tolerance: tolerance))
            }
            // The expected leaves, and a complete frame's leaves the service's view has besides.
            for leaf in view.leaves { compare(leaf.key) }
            if complete {
                for leaf in other.leaves where !view.gives(leaf.key) { compare(leaf.key) }
            }
        }
        guard complete else { return }
        for (i, view) in actual.views.enumerated() where !matches.used[i] {
            found.append(Divergence(kind: .unexpected, frame: index, time: expected.time, view: view, order: expected.views.count + i))
        }
    }

    /// Nil when `expected` matches one of the service's values (its own, then those around its
    /// time): a number within `tolerance` of the range they span, anything else equal. Else how
    /// far the number is from that range (`.nan` for values that are not numbers).
    static func difference(_ expected: Leaf.Value?, _ candidates: some Collection<Leaf.Value?>, tolerance: Double) -> Double? {
        guard case .number(let e)? = expected else {
            return candidates.contains(expected) ? nil : .nan
        }
        var low = Double.infinity, high = -Double.infinity
        for case .number(let n)? in candidates {
            low = min(low, n)
            high = max(high, n)
        }
        guard low <= high else { return .nan }
        let d = e < low ? low - e : (e > high ? e - high : 0)
        return d > tolerance ? d : nil
    }
}

/// The service's views an expected frame's views name, matched in one walk: the expected views
/// are usually the service's in the same order (a `/snapshots` answer's, the flat encoder's),
/// so the service's first view not yet matched is tried first, and the frame's views are
/// indexed by name (`ViewMatcher`) only when it is not the one.
struct ViewMatches {
    private let frame: ComparedFrame
    /// Which of the service's views are matched.
    private(set) var used: [Bool]
    /// The first view not yet matched.
    private var next = 0
    private var matcher: ViewMatcher?

    init(_ frame: ComparedFrame) {
        self.frame = frame
        used = [Bool](repeating: false, count: frame.views.count)
    }

    /// The service's view `view` names, now matched; nil when none is left (ViewMatcher.match).
    mutating func match(_ view: ComparedView, at time: Double) throws(SimulationError) -> Int? {
        let found: Int?
        // Every view before `next` is matched, so a view there of the same identity is the first
        // unmatched one of that identity: the one the index would find.
        if next < frame.views.count, frame.views[next].identity == view.identity {
            found = next
        } else {
            if matcher == nil { matcher = ViewMatcher(frame) }
            found = try matcher!.match(view, at: time, excluding: used)
        }
        guard let found else { return nil }
        used[found] = true
        while next < used.count, used[next] { next += 1 }
        return found
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

    /// The first view not `excluding` (by index: true for a view already matched) with the same
    /// identity (views sharing one are matched in order); a view named only by id may be any view
    /// of that id, when only one has it.
    func match(_ view: ComparedView, at time: Double, excluding used: [Bool]) throws(SimulationError) -> Int? {
        func isUsed(_ i: Int) -> Bool { i < used.count && used[i] }
        if let i = byIdentity[view.identity]?.first(where: { !isUsed($0) }) { return i }
        guard case .id(let id) = view.identity, let list = byID[id] else { return nil }
        guard list.count == 1 else {
            throw SimulationError(view.pointer, "the id '\(id)' names \(list.count) views of the service's frame at \(time); name the view by 'viewController' and 'path'")
        }
        return isUsed(list[0]) ? nil : list[0]
    }

    /// The view with `view`'s identity in this frame.
    func sameView(as view: ComparedView) -> Int? { byIdentity[view.identity]?.first }
}
