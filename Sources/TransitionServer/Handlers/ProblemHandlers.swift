extension Application {
    /// The documentation of one problem type: what a problem's `type` names.
    func problemType(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        let slug = ctx.parameters["type"] ?? ""
        guard let type = ProblemType(rawValue: slug) else {
            throw Problem.notFound("no problem type '\(slug)'; known: \(ProblemType.allCases.map(\.rawValue).sorted().joined(separator: ", "))")
        }
        return HTTPResponse(status: 200, mediaType: .markdown, body: Array(type.page.utf8))
    }
}
