import JSONCodec
import TransitionCore

extension Application {
    /// The catalogue: name, operations, parameters with defaults, summary, source.
    func listAnimators(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        var encoder = ResponseEncoder()
        encoder.animatorList(Catalogue.shared.definitions)
        return Self.json(200, encoder.writer.bytes)
    }

    /// One animator's full definition in the animator language.
    func showAnimator(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        let name = ctx.parameters["name"] ?? ""
        guard let d = Catalogue.shared.definition(named: name) else {
            throw Problem.notFound("no built-in animator '\(name)'; known: \(Catalogue.shared.names.joined(separator: ", "))")
        }
        return Self.json(200, JSONWriter.encode(d.json))
    }
}
