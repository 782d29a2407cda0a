import JSONCodec
import TransitionCore

/// A session's golden file over HTTP (docs/golden.md § The golden file).
extension Application {
    /// `GET …/golden?from=&to=&fps=` (or `t=`): the session's golden file, its scenario and its
    /// frames at those times.
    func sessionGolden(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: ["t", "from", "to", "fps"])
        let times = try Self.seriesTimes(ctx.query)
        // The service's own document, read with its own limits: a client's body limits refused a
        // scenario whose changes hold more values than one body may.
        let scenario = try JSONParser.parse(try session.scenario(), limits: ChangeBatch.ownOutput)
        let history = session.history(now: ctx.now)
        let bytes = try weighedSeries(history, at: times, form: .json(flat: true, changes: false)) {
            try SeriesWriter.golden(scenario: scenario, history, at: times, limit: configuration.maxResponseBytes)
        }
        return Self.json(200, bytes)
    }
}
