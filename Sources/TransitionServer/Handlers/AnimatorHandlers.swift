import JSONCodec
import TransitionCore

extension Application {
    /// The catalogue: name, operations, parameters with defaults, summary, source.
    func listAnimators(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        var w = JSONWriter()
        w.beginObject()
        w.key("animators")
        w.beginArray()
        for d in Catalogue.shared.definitions {
            w.beginObject()
            w.key("name"); w.string(d.name)
            w.key("operations")
            w.beginArray()
            for op in d.operations { w.string(op.rawValue) }
            w.endArray()
            w.key("parameters"); w.value(.object(d.parameters))
            w.key("summary"); w.string(d.summary)
            w.key("source"); w.string(d.source)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return Self.json(200, w.bytes)
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
