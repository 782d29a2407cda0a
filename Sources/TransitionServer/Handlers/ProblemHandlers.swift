extension Application {
    /// The documentation of one problem type: what a problem's `type` names.
    func problemType(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        let slug = ctx.parameters["type"] ?? ""
        guard let page = ProblemTypes.page(slug) else {
            throw Problem.notFound("no problem type '\(slug)'; known: \(ProblemTypes.entries.keys.sorted().joined(separator: ", "))")
        }
        return HTTPResponse(status: 200, mediaType: .markdown, body: Array(page.utf8))
    }
}
