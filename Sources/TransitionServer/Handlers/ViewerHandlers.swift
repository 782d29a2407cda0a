extension Application {
    /// The viewer page: open without the bearer token, as a browser cannot send one when it
    /// navigates; the page asks for the token and sends it with its API calls.
    func viewer(_ ctx: RequestContext) throws -> HTTPResponse {
        try Self.rejectUnknown(ctx.query, allowed: ["session", "t"])
        return HTTPResponse(status: 200, mediaType: .html,
                            headers: [("Content-Security-Policy", ViewerPage.contentSecurityPolicy)], body: ViewerPage.html)
    }
}
