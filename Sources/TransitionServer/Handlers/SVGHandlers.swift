import TransitionCore

extension Application {
    static let svgSnapshotParameters: Set<String> = ["t", "precision"]
    static let filmstripParameters: Set<String> = ["t", "from", "to", "fps", "precision"]

    /// `?t=` (default: the session's current time): the snapshot `…/snapshot` answers, drawn.
    func snapshotSVG(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: Self.svgSnapshotParameters)
        var encoder = SVGEncoder(precision: try Self.precision(ctx.query))
        // One read of the session for the time and the frame, so that they agree.
        let history = session.history(now: ctx.now)
        let t = try ctx.query["t"].map { (text) throws in try Self.time(text, name: "t") } ?? history.current.now
        encoder.document(try history.snapshots(at: [t])[0])
        return HTTPResponse(status: 200, mediaType: .svg, body: encoder.finish())
    }

    /// `?t=a,b,c` or `?from=&to=&fps=`, as `…/snapshots`: the frames side by side, in the order asked.
    /// Times in increasing order (every `from`/`to`/`fps` strip) are drawn by frame templates, the
    /// moving views alone computed and drawn in the frames after the first of each interval
    /// (docs/performance.md § Templates); a `t=` list out of order is drawn frame by frame in full.
    func filmstripSVG(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: Self.filmstripParameters)
        let precision = try Self.precision(ctx.query)
        let times = try Self.seriesTimes(ctx.query)
        let history = session.history(now: ctx.now)
        let limit = configuration.maxResponseBytes
        guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            return try series(history, at: times, form: .svg) { shots in
                var encoder = SVGEncoder(precision: precision)
                let window = SVGEncoder.windowSize(shots[0])
                encoder.begin(frames: shots.count, window: window)
                for (i, shot) in shots.enumerated() {
                    encoder.frame(shot, x: Double(i) * (window.width + SVGStyle.frameGap))
                    try Self.checkSize(encoder, limit: limit)
                }
                encoder.end()
                return HTTPResponse(status: 200, mediaType: .svg, body: encoder.finish())
            }
        }
        return try weighedSeries(history, at: times, form: .svg) {
            var encoder = SVGEncoder(precision: precision)
            try Self.drawFilmstrip(history, at: times, into: &encoder, limit: limit)
            return HTTPResponse(status: 200, mediaType: .svg, body: encoder.finish())
        }
    }

    /// The film strip of `history` at `times` (non-decreasing, each ≥ the start of history): the
    /// bytes of its frames drawn in full one after the other, each drawn by the template of the
    /// frame before when it holds, else in full, making the template of it. Returns how many
    /// frames templates drew (tests).
    @discardableResult
    static func drawFilmstrip(_ history: Session.History, at times: [Double], into encoder: inout SVGEncoder, limit: Int) throws -> Int {
        var template: SVGFrameTemplate?
        var byTemplate = 0
        var step = 0.0
        try history.forEachState(at: times) { i, position, world in
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

    /// Stops as soon as the answer outgrows the limit, before it takes more memory.
    private static func checkSize(_ encoder: borrowing SVGEncoder, limit: Int) throws {
        guard encoder.writer.count <= limit else { throw Problem.responseTooLarge(limit: limit) }
    }
}
