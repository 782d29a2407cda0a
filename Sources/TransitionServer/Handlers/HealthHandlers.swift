import JSONCodec

extension Application {
    func livez(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        Self.json(200, Array(#"{"status":"ok"}"#.utf8))
    }

    /// Ready until shutdown begins, so a load balancer stops sending new work.
    func readyz(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        guard isReady else { throw Problem.unavailable("the service is shutting down") }
        if let journal = sessions.journal, !journal.ping() {
            throw Problem(JournalError.unavailable("no answer to a ping"))
        }
        return Self.json(200, Array(#"{"status":"ready"}"#.utf8))
    }

    func metricsText(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        HTTPResponse(status: 200, mediaType: .prometheus, body: metrics.render(liveSessions: sessions.count, ready: isReady,
                                                                                      memoryUsed: sessions.memory.usedBytes, memoryLimit: sessions.memory.limit))
    }

    /// The contract, compiled into the binary from openapi.yaml by the EmbedDocuments build plugin.
    func openAPI(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        HTTPResponse(status: 200, mediaType: .yaml, body: Array(OpenAPIDocument.yaml.utf8))
    }
}
