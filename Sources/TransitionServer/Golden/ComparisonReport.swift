import JSONCodec
import TransitionCore

/// One value, or one view, that differs between the expected frames and the service's.
struct Divergence: Sendable {
    enum Kind: String, Sendable {
        /// A value outside its tolerance.
        case value
        /// An expected view the service's frame does not show.
        case missing
        /// A view the service shows that a complete expected frame does not hold.
        case unexpected
    }

    var kind: Kind
    /// The frame's index among the expected frames, and its time.
    var frame: Int
    var time: Double
    var view: String?
    var viewController: String?
    var path: String?
    /// The leaf; nil for a missing or unexpected view.
    var leaf: LeafKey?
    var expected: JSONValue?
    var actual: JSONValue?
    /// How far the number is outside its tolerance's reach; `.nan` for other values (none).
    var difference: Double?
    var tolerance: Double?
    /// The view's place in its frame (ties are reported in frame order).
    var order: Int

    init(kind: Kind, frame: Int, time: Double, view: ComparedView, order: Int, leaf: LeafKey? = nil,
         expected: JSONValue? = nil, actual: JSONValue? = nil, difference: Double? = nil, tolerance: Double? = nil) {
        self.kind = kind
        self.frame = frame
        self.time = time
        self.view = view.id
        self.viewController = view.viewController
        self.path = view.path
        self.leaf = leaf
        self.expected = expected
        self.actual = actual
        self.difference = difference
        self.tolerance = tolerance
        self.order = order
    }

    /// The dotted leaf (`windowFrame.x`); nil for a missing or unexpected view.
    var property: String? { leaf?.name }

    /// How much it weighs: the difference in tolerances (so that points and alphas compare);
    /// a view missing or unexpected, a value that is not a number or held to no tolerance, weighs
    /// more than any.
    var weight: Double {
        guard let difference, !difference.isNaN, let tolerance, tolerance > 0 else { return .infinity }
        return difference / tolerance
    }

    /// Whether it is reported before `other` of the same frame: the heavier first, then what the
    /// screen shows first (ViewProperty.rank), then back to front.
    /// Weights within rounding of each other are equal (a view's width and height scaled alike).
    func precedes(_ other: Divergence) -> Bool {
        let tie = weight == other.weight || (weight.isFinite && other.weight.isFinite && abs(weight - other.weight) <= 1e-9 * max(weight, other.weight))
        if !tie { return weight > other.weight }
        let rank = leaf?.rank ?? (-1, 0), otherRank = other.leaf?.rank ?? (-1, 0)
        if rank != otherRank { return rank < otherRank }
        return order < other.order
    }

    /// Whether it is a number's divergence (what `worst` reports).
    var isNumeric: Bool { difference.map { !$0.isNaN } ?? false }
}

/// What a comparison found: how much it compared, how many values diverge, the first divergence
/// (the heaviest at the earliest time that has one) and the worst (the heaviest number's of all:
/// a missing view has no size), and the count per property.
struct ComparisonReport: Sendable {
    var settings: ComparisonSettings
    var frames = 0
    var views = 0
    var values = 0
    var divergences = 0
    var first: Divergence?
    var worst: Divergence?
    var byProperty: [String: (count: Int, largest: Double?)] = [:]
    /// The times of the frames that diverge, in the order compared.
    var divergentTimes: [Double] = []

    init(settings: ComparisonSettings) { self.settings = settings }

    var match: Bool { divergences <= settings.budget }

    /// Counts one frame's divergences.
    mutating func add(_ found: [Divergence], time: Double) {
        guard !found.isEmpty else { return }
        divergences += found.count
        divergentTimes.append(time)
        var heaviest = found[0]
        for d in found.dropFirst() where d.precedes(heaviest) { heaviest = d }
        if first == nil || time < first!.time { first = heaviest }
        for d in found where d.isNumeric && (worst == nil || d.precedes(worst!)) { worst = d }
        for d in found {
            let name = d.property ?? d.kind.rawValue
            var entry = byProperty[name] ?? (0, nil)
            entry.count += 1
            if let difference = d.difference, !difference.isNaN { entry.largest = max(entry.largest ?? 0, difference) }
            byProperty[name] = entry
        }
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("match"); writer.bool(match)
        writer.key("compared")
        writer.beginObject()
        writer.key("frames"); writer.integer(frames)
        writer.key("views"); writer.integer(views)
        writer.key("values"); writer.integer(values)
        writer.endObject()
        writer.key("divergences"); writer.integer(divergences)
        settings.write(to: &writer)
        writer.key("first"); Self.write(first, to: &writer)
        writer.key("worst"); Self.write(worst, to: &writer)
        writer.key("byProperty")
        writer.beginObject()
        for name in byProperty.keys.sorted() {
            let entry = byProperty[name]!
            writer.key(name)
            writer.beginObject()
            writer.key("divergences"); writer.integer(entry.count)
            writer.key("largest"); if let largest = entry.largest { writer.number(largest) } else { writer.null() }
            writer.endObject()
        }
        writer.endObject()
        writer.key("divergentTimes")
        writer.beginArray()
        for t in divergentTimes { writer.number(t) }
        writer.endArray()
        writer.endObject()
    }

    var encoded: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    private static func write(_ d: Divergence?, to writer: inout JSONWriter) {
        guard let d else { writer.null(); return }
        func optional(_ s: String?) { if let s { writer.string(s) } else { writer.null() } }
        writer.beginObject()
        writer.key("kind"); writer.string(d.kind.rawValue)
        writer.key("frame"); writer.integer(d.frame)
        writer.key("time"); writer.number(d.time)
        writer.key("view"); optional(d.view)
        writer.key("viewController"); optional(d.viewController)
        writer.key("path"); optional(d.path)
        writer.key("property"); optional(d.property)
        writer.key("expected"); writer.value(d.expected ?? .null)
        writer.key("actual"); writer.value(d.actual ?? .null)
        writer.key("difference"); if let v = d.difference, !v.isNaN { writer.number(v) } else { writer.null() }
        writer.key("tolerance"); if let v = d.tolerance { writer.number(v) } else { writer.null() }
        writer.endObject()
    }
}
