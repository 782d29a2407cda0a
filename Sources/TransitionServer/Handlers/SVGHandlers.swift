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
        return HTTPResponse(status: 200, mediaType: .svg, body: encoder.writer.bytes)
    }

    /// `?t=a,b,c` or `?from=&to=&fps=`, as `…/snapshots`: the frames side by side, in the order asked.
    func filmstripSVG(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: Self.filmstripParameters)
        var encoder = SVGEncoder(precision: try Self.precision(ctx.query))
        return try series(session.history(now: ctx.now), at: try Self.seriesTimes(ctx.query), form: .svg) { shots in
            let window = SVGEncoder.windowSize(shots[0])
            encoder.begin(frames: shots.count, window: window)
            for (i, shot) in shots.enumerated() {
                encoder.frame(shot, x: Double(i) * (window.width + SVGStyle.frameGap))
                // Stop as soon as the answer outgrows the limit, before it takes more memory.
                guard encoder.writer.count <= configuration.maxResponseBytes else {
                    throw Problem.responseTooLarge(limit: configuration.maxResponseBytes)
                }
            }
            encoder.end()
            return HTTPResponse(status: 200, mediaType: .svg, body: encoder.writer.bytes)
        }
    }
}
