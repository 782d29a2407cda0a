extension Application {
    /// The viewer page: open without the bearer token, as a browser cannot send one when it
    /// navigates; the page asks for the token and sends it with its API calls.
    func viewer(_ ctx: RequestContext) throws -> HTTPResponse {
        try Self.rejectUnknown(ctx.query, allowed: ["session", "t", "report"])
        // The page reads both itself, but a link it could not open is refused here, with the
        // bounds openapi.yaml gives, rather than opening a page that shows nothing.
        if let t = ctx.query["t"] { _ = try Self.time(t, name: "t") }
        if let session = ctx.query["session"], session.unicodeScalars.count > 64 {
            throw Problem.invalidParameter("session", reason: "at most 64 characters")
        }
        // What the report holds is the page's to read (it says so on the page); its length is
        // bounded as a t list's is, so that an ASCII report %-escaped throughout fits the query's
        // limit (JSON can write any character in ASCII, as \u00e9).
        if let report = ctx.query["report"], report.unicodeScalars.count > 8000 {
            throw Problem.invalidParameter("report", reason: "at most 8,000 characters; paste a longer report into the page")
        }
        return HTTPResponse(status: 200, mediaType: .html, body: ViewerPage.html)
    }

    /// The viewer page's script, a file of its own so that the page's policy allows no inline script.
    func viewerScript(_ ctx: RequestContext) throws -> HTTPResponse {
        try Self.rejectUnknown(ctx.query, allowed: [])
        return HTTPResponse(status: 200, mediaType: .javascript, body: ViewerPage.script)
    }
}
