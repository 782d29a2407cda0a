import JSONCodec
import TransitionCore

/// Writes every answer made of a session's frames: `GET …/snapshot` and `…/snapshots` (nested,
/// flat and change-only), `…/snapshot.svg` and `…/filmstrip.svg`, and a golden file's frames.
///
/// It alone chooses how a frame is written. Frames in time order are written by the frame
/// templates of their states (`FrameTemplate`, kept in the session's `ReadCache` for the current
/// state; `SVGFrameTemplate`, made for one film strip), and a change-only batch compares them by
/// their states' moving views (`MovingViews`); frames in any other order, and golden files, are
/// written in full. The bytes are the full encoder's either way (docs/performance.md § Templates):
/// a debug build checks every frame or answer a template wrote against the full encoder's
/// (`assert`, so a release build does not pay for it).
enum SeriesWriter {
    /// `GET …/snapshot`: the frame at `t` (≥ the start of history).
    static func snapshot(_ read: Session.Read, at t: Double, precision: Int?, flat: Bool) throws -> MallocBytes {
        var encoder = ResponseEncoder(precision: precision, flat: flat)
        _ = try writeFrames(read, at: [t], into: &encoder, limit: .max)
        return encoder.writer.finish()
    }

    /// `GET …/snapshots`: the frames at `times` (each ≥ the start of history) in the order asked,
    /// as `{"snapshots": […]}` or, with `changes`, as the change-only batch (`ChangeBatch`);
    /// refused (413) as soon as the answer outgrows `limit` bytes.
    static func snapshots(_ read: Session.Read, at times: [Double], precision: Int?, flat: Bool, changes: Bool, limit: Int) throws -> MallocBytes {
        if changes { return try changeBatch(read, at: times, precision: precision, limit: limit).body }
        var encoder = ResponseEncoder(precision: precision, flat: flat)
        guard inOrder(times) else {
            guard encoder.snapshotSeries(try read.history.snapshots(at: times), limit: limit) else { throw Problem.responseTooLarge(limit: limit) }
            return encoder.writer.finish()
        }
        encoder.writer.beginObject()
        encoder.writer.key("snapshots")
        encoder.writer.beginArray()
        guard try writeFrames(read, at: times, into: &encoder, limit: limit) else { throw Problem.responseTooLarge(limit: limit) }
        encoder.writer.endArray()
        encoder.writer.endObject()
        return encoder.writer.finish()
    }

    /// Writes the snapshots at `times` (non-decreasing, each ≥ the start of history) one after
    /// the other into `encoder`, as `encoder.snapshot` writes each: by a template of its state
    /// when one holds (the session's, or one this read made), else in full, making the template
    /// of it; those of the current state are kept for the requests that follow. False as soon
    /// as the output outgrows `limit`.
    static func writeFrames(_ read: Session.Read, at times: [Double], into encoder: inout ResponseEncoder, limit: Int) throws -> Bool {
        var templates = read.cache.templates
        var made: [FrameTemplate] = []
        var settled = read.cache.settled
        var fits = true
        try read.history.forEachState(at: times, settled: &settled) { _, position, world in
            guard fits else { return }
            writeFrame(world, position: position, into: &encoder, templates: &templates, made: &made)
            fits = encoder.writer.count <= limit
        }
        keep(made, settled, in: read)
        return fits
    }

    /// Each frame at `times` (each ≥ the start of history) written alone as `/snapshots?flat=true`
    /// writes it, handed to `body` with its index in `times`, in time order: the bytes a golden
    /// check compares with the frames it is given (docs/golden.md § Cost). Written by templates as
    /// `writeFrames` writes them, into one buffer emptied for each frame; none is kept in the
    /// session, which a comparison reads without growing.
    static func forEachFlatFrame(_ read: Session.Read, at times: [Double], _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var encoder = ResponseEncoder(flat: true)
        var templates = read.cache.templates
        var made: [FrameTemplate] = []
        var settled = read.cache.settled
        try read.history.forEachState(at: times, settled: &settled) { i, position, world in
            encoder.writer.removeAll()
            writeFrame(world, position: position, into: &encoder, templates: &templates, made: &made)
            try encoder.writer.withBytes(from: 0) { try body(i, $0) }
        }
    }

    /// The change-only batch (`ChangeBatch`) of the snapshots at `times` (each ≥ the start of
    /// history), and how many of its frames were computed and compared by their moving views
    /// alone (tests). In time order, a frame that follows one of the same state whose moving
    /// views it fits is computed and compared by those views alone; any other in full, starting
    /// a new run (docs/performance.md § Change-only batches cost). The first frame, written
    /// whole, is written as `writeFrames` writes a flat one, and its template's moving views
    /// start the first run. In any other order, every frame is computed in full.
    static func changeBatch(_ read: Session.Read, at times: [Double], precision: Int?, limit: Int) throws -> (body: MallocBytes, byMovingViews: Int) {
        guard inOrder(times) else {
            guard let body = ChangeBatch.encode(try read.history.snapshots(at: times), precision: precision, limit: limit) else {
                throw Problem.responseTooLarge(limit: limit)
            }
            return (body, 0)
        }
        var batch = ChangeBatch(precision: precision)
        var run: (position: Int, moving: MovingViews?)?
        var fits = true, byMovingViews = 0
        var templates = read.cache.templates
        var made: [FrameTemplate] = []
        var settled = read.cache.settled
        try read.history.forEachState(at: times, settled: &settled) { _, position, world in
            guard fits else { return }
            if let run, run.position == position, let moving = run.moving, batch.takesMovingViews, world.fits(moving) {
                batch.add(world.movingFrame(moving), of: moving, time: world.now, transition: world.currentTransitionState(at: world.now))
                byMovingViews += 1
            } else if batch.isEmpty {
                var moving: MovingViews?
                batch.addFirst(world.snapshot(at: world.now)) { encoder in
                    // Nil when no template holds (an animated `zPosition`, a large frame).
                    moving = writeFrame(world, position: position, into: &encoder, templates: &templates, made: &made)?.moving
                        ?? world.movingViews()
                }
                run = (position, moving)
            } else {
                batch.add(world.snapshot(at: world.now))
                // A kept template's moving views spare finding them again.
                let kept = read.cache.templates.last { $0.position == position && world.fits($0.moving) }
                run = (position, kept?.moving ?? world.movingViews())
            }
            fits = batch.count <= limit
        }
        keep(made, settled, in: read)
        guard fits else { throw Problem.responseTooLarge(limit: limit) }
        let body = batch.finish()
        assert(byMovingViews == 0 || sameBytes(body.array, fullChangeBatch(read.history, at: times, precision: precision)[...]),
               "a change-only batch by moving views is not the full batch")
        return (body, byMovingViews)
    }

    /// `GET …/snapshot.svg`: the frame at `t` (≥ the start of history), drawn.
    static func drawing(_ history: SessionHistory, at t: Double, precision: Int?) throws -> MallocBytes {
        var encoder = SVGEncoder(precision: precision)
        encoder.document(try history.snapshots(at: [t])[0])
        return encoder.finish()
    }

    /// `GET …/filmstrip.svg`: the frames at `times` (each ≥ the start of history) side by side,
    /// in the order asked; refused (413) as soon as the drawing outgrows `limit` bytes. In time
    /// order each frame is drawn by the template of the frame before when it holds
    /// (`SVGFrameTemplate`: the moving views alone computed and drawn), else in full, making the
    /// template of it; in any other order every frame is drawn in full.
    static func filmstrip(_ history: SessionHistory, at times: [Double], precision: Int?, limit: Int) throws -> MallocBytes {
        var encoder = SVGEncoder(precision: precision)
        guard inOrder(times) else {
            try drawInFull(history.snapshots(at: times), into: &encoder, limit: limit)
            return encoder.finish()
        }
        let byTemplates = try drawFilmstrip(history, at: times, into: &encoder, limit: limit)
        let body = encoder.finish()
        assert(byTemplates == 0 || sameBytes(body.array, fullFilmstrip(history, at: times, precision: precision)[...]),
               "a film strip by templates is not the full drawing")
        return body
    }

    /// The film strip of `history` at `times` (non-decreasing), drawn by templates into
    /// `encoder`: `filmstrip`'s bytes. Returns how many frames templates drew.
    static func drawFilmstrip(_ history: SessionHistory, at times: [Double], into encoder: inout SVGEncoder, limit: Int) throws -> Int {
        var template: SVGFrameTemplate?
        var byTemplate = 0
        var step = 0.0
        var settled = SettledWorlds()
        try history.forEachState(at: times, settled: &settled) { i, position, world in
            if let template, template.holds(for: world, position: position, in: encoder) {
                template.draw(world, x: Double(i) * step, into: &encoder)
                byTemplate += 1
            } else {
                let shot = world.snapshot(at: world.now)
                if i == 0 {
                    let window = SVGEncoder.windowSize(shot)
                    step = window.width + SVGStyle.frameGap
                    encoder.begin(frames: times.count, window: window)
                }
                template = SVGFrameTemplate.drawAndMake(world, shot, position: position, x: Double(i) * step, into: &encoder)
            }
            try checkSize(encoder, limit: limit)
        }
        encoder.end()
        return byTemplate
    }

    /// `GET …/golden`'s file (docs/golden.md § The golden file): `scenario` and the flat frames of
    /// `history` at `times`, in full (a golden file's views are sorted JSON, which no template
    /// writes); refused past `limit` bytes, or past the values `transition-sim check` reads.
    static func golden(scenario: JSONValue, _ history: SessionHistory, at times: [Double], limit: Int) throws -> [UInt8] {
        let frames = try history.snapshots(at: times)
        return try GoldenFile.encode(scenario: scenario, frames: frames, settings: ComparisonSettings(), limit: limit)
    }

    // MARK: - One frame

    /// Writes `world`'s snapshot at its `now` (advanced from the state at `position`) as
    /// `encoder.snapshot` writes it: by the newest of `templates` that holds for it, else in
    /// full, making its template (added to `templates` and `made`). Returns the template that
    /// wrote it or was made of it (nil: none holds, written in full).
    @discardableResult
    private static func writeFrame(_ world: World, position: Int, into encoder: inout ResponseEncoder,
                                   templates: inout [FrameTemplate], made: inout [FrameTemplate]) -> FrameTemplate? {
        if let template = templates.last(where: { $0.holds(for: world, position: position, in: encoder) }) {
            let start = encoder.writer.count + (encoder.writer.commaPending ? 1 : 0)
            template.write(world, into: &encoder)
            assert(writesInFull(world, encoder, from: start), "a frame template's bytes are not the full encoder's")
            return template
        }
        guard let template = FrameTemplate.writeAndMake(world, position: position, into: &encoder) else { return nil }
        templates.append(template)
        made.append(template)
        return template
    }

    /// Keeps in the session `read` is of the templates of its current state among `made` (one
    /// of a past state holds the views its replay made, which nothing else holds: a read of the
    /// past would grow an idle session) and the worlds its current state reached by running
    /// completions, when this read added any.
    private static func keep(_ made: [FrameTemplate], _ settled: SettledWorlds, in read: Session.Read) {
        let current = made.filter { $0.position == .max }.suffix(ReadCache.templateLimit)
        let grew = settled.added > read.cache.settled.added
        guard !current.isEmpty || grew else { return }
        read.keep { cache in
            for template in current { cache.keep(template) }
            if grew { cache.settled = settled }
        }
    }

    /// Whether the times are in non-decreasing order, as templates write them.
    private static func inOrder(_ times: [Double]) -> Bool {
        zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// The frames side by side, each drawn in full.
    private static func drawInFull(_ shots: [Snapshot], into encoder: inout SVGEncoder, limit: Int) throws {
        let window = SVGEncoder.windowSize(shots[0])
        encoder.begin(frames: shots.count, window: window)
        for (i, shot) in shots.enumerated() {
            encoder.frame(shot, x: Double(i) * (window.width + SVGStyle.frameGap))
            try checkSize(encoder, limit: limit)
        }
        encoder.end()
    }

    /// Stops as soon as the answer outgrows the limit, before it takes more memory.
    private static func checkSize(_ encoder: borrowing SVGEncoder, limit: Int) throws {
        guard encoder.writer.count <= limit else { throw Problem.responseTooLarge(limit: limit) }
    }

    // MARK: - The full encoder's bytes, for a debug build's checks

    /// Whether `encoder` holds from `start` the bytes the full encoder writes for `world`'s
    /// snapshot at its `now`.
    private static func writesInFull(_ world: World, _ encoder: borrowing ResponseEncoder, from start: Int) -> Bool {
        var full = ResponseEncoder(precision: encoder.writer.precision, flat: encoder.flat)
        full.snapshot(world.snapshot(at: world.now))
        return sameBytes(full.writer.bytes, encoder.writer.bytes(from: start)[...])
    }

    private static func fullChangeBatch(_ history: SessionHistory, at times: [Double], precision: Int?) -> [UInt8] {
        guard let shots = try? history.snapshots(at: times) else { return [] }
        return ChangeBatch.encode(shots, precision: precision, limit: .max)?.array ?? []
    }

    private static func fullFilmstrip(_ history: SessionHistory, at times: [Double], precision: Int?) -> [UInt8] {
        var encoder = SVGEncoder(precision: precision)
        guard let shots = try? history.snapshots(at: times), (try? drawInFull(shots, into: &encoder, limit: .max)) != nil else { return [] }
        return encoder.finish().array
    }
}
