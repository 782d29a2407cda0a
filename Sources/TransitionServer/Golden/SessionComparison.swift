#if canImport(Glibc)
import Glibc
#endif
import JSONCodec
import TransitionCore

/// A session compared with the expected frames of a request body (`POST …/compare`,
/// docs/golden.md § Cost). The common body is a `/snapshots?flat=true` answer the service wrote
/// itself: each of its frames is compared first as bytes with the service's frame at its time,
/// written as that answer writes it, and a frame of the same bytes is equal in every value, so it
/// is counted and not read. Any other frame is read and compared value by value.
extension Application {
    /// The report of `session` against the body's expected frames. `asBytes` false reads every
    /// frame (the tests' oracle); the answer is the same bytes either way.
    func sessionComparison(_ body: [UInt8], in session: Session, now: ContinuousClock.Instant, bounds: FrameBounds = FrameBounds(),
                           asBytes: Bool = true) throws -> ComparisonReport {
        if asBytes, let report = try compareAsBytes(body, in: session, now: now, bounds: bounds) { return report }
        let (expected, settings) = try ComparisonBody.read(body, limits: limits.jsonBodyLimits, bounds: bounds)
        return try compare(expected, at: "/expected", settings: settings, in: session, now: now, bounds: bounds).report
    }

    /// The report of a body outlined (`ComparisonOutline`) and weighed from its outline, its frames
    /// compared as bytes first; nil for a body of another form, or one that its frames' reading
    /// refuses, having computed nothing past its weighing when the refusal is the body's: the
    /// body read whole then answers as it always has, its errors included. A refusal before any
    /// frame is read (its settings', its history's, the work budget's) is the answer when the
    /// body holds no repeated member name, the one thing of JSON an outline does not check: such
    /// a body costs its outline and one more pass, no view read.
    func compareAsBytes(_ body: [UInt8], in session: Session, now: ContinuousClock.Instant, bounds: FrameBounds) throws -> ComparisonReport? {
        let limits = limits.jsonBodyLimits
        return try body.withUnsafeBufferPointer { input throws -> ComparisonReport? in
            guard let outline = ComparisonOutline.read(input, limits: limits, bounds: bounds) else { return nil }
            do {
                var r = try SpecReader(.object(outline.settings), at: "")
                let settings = try ComparisonSettings.read(&r)
                try r.finish()
                let read = session.read(now: now)
                let run = try comparedRun(read.history, start: session.historyStart, at: outline.frames.map(\.time),
                                          pointers: outline.frames.indices.map { "/expected/snapshots/\($0)/time" },
                                          timeTolerance: settings.tolerance.time)
                return try comparing([run], expectedViews: outline.frames.reduce(0) { $0 + $1.views }, pointer: "/expected") {
                    do {
                        return try compare(outline, of: input, limits: limits, bounds: bounds, settings: settings, read: read, run: run)
                    } catch {
                        throw NotTaken()
                    }
                }
            } catch is NotTaken {
                return nil
            } catch {
                var cursor = JSONCursor(input, limits: limits)
                guard (try? cursor.skip(checkingNames: true)) != nil, (try? cursor.end()) != nil else { return nil }
                throw error
            }
        }
    }

    /// The frames of a body outlined are not all read as the reader reads them.
    private struct NotTaken: Error {}

    /// The frames of `outline` (of `input`) compared with the service's of `run` (read by
    /// `read`): those of the same bytes as the service's frame counted from their outline
    /// (the values `properties` compares counted on the service's frame), the others read and
    /// compared, in order. Throws at anything the reader does not read.
    private func compare(_ outline: ComparisonOutline, of input: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits, bounds: FrameBounds,
                         settings: ComparisonSettings, read: Session.Read, run: ComparedRun) throws -> ComparisonReport {
        // Written only for the frames that may be the service's bytes: of no null, starting as
        // the service starts a frame (a re-serialized golden spaces its separators).
        let candidates = outline.frames.indices.filter { i in
            outline.frames[i].plain && UnsafeBufferPointer(rebasing: input[outline.frames[i].bytes.prefix(8)]).spells(#"{"time":"#)
        }
        var same = [Bool](repeating: false, count: outline.frames.count)
        try SeriesWriter.forEachFlatFrame(read, at: candidates.map { run.times[$0] }) { c, written in
            let frame = outline.frames[candidates[c]]
            same[candidates[c]] = written.count == frame.bytes.count
                && memcmp(written.baseAddress!, input.baseAddress! + frame.bytes.lowerBound, written.count) == 0
        }
        // The service's frames read as compared views: those compared value by value, with the
        // frames around each; and with `properties`, those counted as well.
        let allLeaves = settings.properties.isEmpty
        let computed = same.indices.filter { !same[$0] || !allLeaves }
        var times = computed.map { run.times[$0] }
        if run.times.count > run.count {
            for i in computed { times += [run.times[run.count + 2 * i], run.times[run.count + 2 * i + 1]] }
        }
        let (actual, around) = try frames(of: ComparedRun(history: run.history, times: times, count: computed.count))
        let comparer = FrameComparer(settings: settings)
        let compared = comparer.comparedLeaves
        var reader = ExpectedFramesReader(bounds: bounds)
        var report = ComparisonReport(settings: settings)
        var next = 0
        for (i, frame) in outline.frames.enumerated() {
            let k = next
            let service = !same[i] || !allLeaves ? actual[k] : nil
            if service != nil { next += 1 }
            if same[i] {
                reader.values += frame.leaves
                guard reader.values <= bounds.values else { throw ExpectedFramesReader.NotRead() }
                report.frames += 1
                report.views += frame.views
                if let service {
                    guard service.views.count == frame.views else { throw ExpectedFramesReader.NotRead() }
                    for view in service.views { for leaf in view.leaves where compared[leaf.key.index] { report.values += 1 } }
                } else {
                    report.values += frame.leaves
                }
                continue
            }
            var cursor = JSONCursor(input, limits: limits, at: frame.bytes.lowerBound, depth: 3)
            let expected = try reader.frame(&cursor, at: "/expected/snapshots/\(i)", complete: true)
            // Read to where the outline saw it end: the body holds no bytes neither has read.
            guard cursor.position == frame.bytes.upperBound else { throw ExpectedFramesReader.NotRead() }
            try comparer.compare(expected, index: i, complete: true, with: service!, around: k < around.count ? around[k] : [], compared: compared, into: &report)
        }
        return report
    }
}
