import Synchronization
import TransitionCore

/// What a series of frames (`/snapshots`, `/filmstrip.svg`) may cost, weighed on the worlds of its
/// frames before any frame is computed: otherwise one request of a huge scene would compute and
/// draw frames for half a second only to be refused for its size, and a few of them at once
/// would hold every libmicrohttpd worker (docs/reliability.md § Heavy and light clients).
extension Application {
    /// Views one series may compute, in all (each frame's views in the window, summed over its
    /// frames): a fraction of a second for a film strip of labels in a release build
    /// (docs/reliability.md § Heavy and light clients), and twice the README scene's 240 frames.
    static let maxSeriesWork = 30_000

    /// A series at least this costly computes only while a slot of `costlySeries` is free.
    static let costlySeriesWork = maxSeriesWork / 2

    /// How a series is written, for the fewest bytes each of its views takes.
    enum SeriesForm {
        case json(flat: Bool, changes: Bool)
        case svg
        /// Read by a comparison (Golden/), whose answer holds none of the frames.
        case comparison
    }

    /// `answer` made of the snapshots of `history` at `times` (in the order asked), once the
    /// series is weighed on its frames' worlds: refused when they hold more than `maxSeriesWork`
    /// views, or when the answer would exceed `--max-response-bytes` even with every view written
    /// in the fewest bytes it can take (its names, and the members or markup every view has).
    /// Weighing stops at the first bound passed, and reads each frame's views off the history
    /// (`SessionHistory.forEachCensus`), computing none. A costly series is computed and encoded only while fewer than
    /// `costlySeries.slots` others are, so that heavy requests cannot hold every worker; one that
    /// finds no slot free is refused at once (503, `Retry-After`).
    func series<Answer>(_ history: SessionHistory, at times: [Double], form: SeriesForm,
                        answer: ([Snapshot]) throws -> Answer) throws -> Answer {
        try weighedSeries(history, at: times, form: form) { try answer(history.snapshots(at: times)) }
    }

    /// `series`, for an answer that computes its frames itself (`SeriesWriter`).
    func weighedSeries<Answer>(_ history: SessionHistory, at times: [Double], form: SeriesForm,
                               answer: () throws -> Answer) throws -> Answer {
        var weight = SeriesWeight()
        try weigh(history, at: times, form: form, asked: times.count, into: &weight)
        return try computeWeighed(weight, answer)
    }

    /// What the frames of one request weigh, summed over the series it reads (a comparison
    /// reads two runs, each at its times): views computed, the answer's fewest bytes, frames.
    struct SeriesWeight {
        var work = 0, leastBytes = 0, frames = 0
        /// Of `work`, the views of a comparison's expected frames, read from the request.
        var expected = 0
    }

    /// Adds the frames of `history` at `times` to `weight`, refusing as soon as the sum passes a
    /// bound (`asked`: the frames the whole request asks, for the problem's detail). Each frame's
    /// census is read off its state's census trajectory, so a refusal computes no frame.
    func weigh(_ history: SessionHistory, at times: [Double], form: SeriesForm, asked: Int, into weight: inout SeriesWeight) throws {
        try history.forEachCensus(at: times) { i, census in
            weight.frames += 1
            weight.work += census.views
            weight.leastBytes += Self.leastBytes(census, form: form, first: i == 0)
            guard weight.work <= Self.maxSeriesWork else {
                throw Problem.workBudgetExceeded(limit: Self.maxSeriesWork, frames: weight.frames, of: asked, views: weight.work,
                                                 expected: weight.expected)
            }
            guard weight.leastBytes <= configuration.maxResponseBytes else {
                throw Problem.responseTooLarge(limit: configuration.maxResponseBytes)
            }
        }
    }

    /// `answer` for frames that weigh `weight`: in a slot of `costlySeries` when costly.
    func computeWeighed<Answer>(_ weight: SeriesWeight, _ answer: () throws -> Answer) throws -> Answer {
        guard weight.work >= Self.costlySeriesWork else { return try answer() }
        return try costlySeries.run(answer)
    }

    /// The fewest bytes the views of a frame whose census is `census` take in a series of `form`
    /// (`first`: the series' first frame).
    static func leastBytes(_ census: SnapshotCensus, form: SeriesForm, first: Bool) -> Int {
        switch form {
        case .svg:
            census.shownViews * leastShownViewBytes + census.shownNameBytes
        case .comparison:
            0
        case .json(let flat, let changes):
            // A change-only batch writes its first frame whole, then only what changes.
            first || !changes ? census.views * (flat ? leastFlatViewBytes : leastTreeViewBytes) + census.nameBytes : 0
        }
    }

    /// The bytes the encoders write for a view with empty names, zeros everywhere and nothing
    /// optional: what any view takes at least, besides its names (escaping only adds to them).
    /// In JSON `""` is shorter than `null`, and `true` than `false`.
    private static let leastTreeViewBytes = leastJSONViewBytes(flat: false)
    private static let leastFlatViewBytes = leastJSONViewBytes(flat: true)

    private static func leastJSONViewBytes(flat: Bool) -> Int {
        let node = SnapshotNode(id: "", kind: "", viewController: "", path: "", frame: .zero, bounds: .zero, center: .zero,
                                transform: .identity, alpha: 0, hidden: true, windowFrame: .zero, children: [])
        var encoder = ResponseEncoder(flat: flat)
        withUnsafePointer(to: node) { flat ? encoder.flatNodes($0, parent: "") : encoder.node($0) }
        return encoder.writer.count
    }

    /// A shown view in a drawing whose own content is not drawn (turned away): its group alone.
    private static let leastShownViewBytes: Int = {
        let node = SnapshotNode(id: "", kind: "", path: "", frame: .zero, bounds: .zero, center: .zero, transform: .identity,
                                alpha: 1, hidden: false, windowFrame: .zero, visible: false, children: [])
        var encoder = SVGEncoder(precision: nil)
        encoder.view(node, toWindow: .identity)
        return encoder.writer.count
    }()
}

/// Slots for costly series: at most `slots` compute at once, and one that finds none free is
/// refused rather than queued, since a request waiting here would hold its worker all the same.
final class CostlyWorkGate: Sendable {
    let slots: Int
    private let running = Atomic<Int>(0)

    init(slots: Int) { self.slots = slots }

    func run<T>(_ body: () throws -> T) throws -> T {
        guard running.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue <= slots else {
            running.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            throw Problem.busy(slots: slots)
        }
        defer { running.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
        return try body()
    }
}
