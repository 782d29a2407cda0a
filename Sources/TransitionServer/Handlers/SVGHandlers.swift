import TransitionCore

extension Application {
    static let svgSnapshotParameters = ["t", "precision"]
    static let filmstripParameters = ["t", "from", "to", "fps", "precision"]

    /// `?t=` (default: the session's current time): the snapshot `…/snapshot` answers, drawn.
    func snapshotSVG(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: Self.svgSnapshotParameters)
        let precision = try Self.precision(ctx.query)
        // One read of the session for the time and the frame, so that they agree.
        let history = session.history(now: ctx.now)
        let t = try ctx.query["t"].map { (text) throws in try Self.time(text, name: "t") } ?? history.current.now
        return HTTPResponse(status: 200, mediaType: .svg, body: try SeriesWriter.drawing(history, at: t, precision: precision))
    }

    /// `?t=a,b,c` or `?from=&to=&fps=`, as `…/snapshots`: the frames side by side, in the order
    /// asked (`SeriesWriter.filmstrip`).
    func filmstripSVG(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: Self.filmstripParameters)
        let precision = try Self.precision(ctx.query)
        let times = try Self.seriesTimes(ctx.query)
        let history = session.history(now: ctx.now)
        return try weighedSeries(history, at: times, form: .svg) {
            let body = try SeriesWriter.filmstrip(history, at: times, precision: precision, limit: configuration.maxResponseBytes)
            return HTTPResponse(status: 200, mediaType: .svg, body: body)
        }
    }
}
