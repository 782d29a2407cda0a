import JSONCodec
import TransitionCore

/// Comparisons over HTTP (docs/golden.md): a session against expected frames.
extension Application {
    /// `POST …/compare {"expected": FRAMES, "tolerance", "budget", "properties"}`.
    func compareSession(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: [])
        var r = try SpecReader(try jsonBody(ctx), at: "")
        guard let frames = r.value("expected") else {
            throw SimulationError("/expected", "is required: the frames to compare (a /snapshots answer, or {\"frames\": [{\"time\", \"views\"}]})")
        }
        let settings = try ComparisonSettings.read(&r)
        try r.finish()
        let expected = try ExpectedFrames.read(frames, at: "/expected", bounds: FrameBounds())
        return Self.json(200, try compare(expected, settings: settings, in: session, now: ctx.now).encoded)
    }
}
