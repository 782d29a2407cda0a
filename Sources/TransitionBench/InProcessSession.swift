import JSONCodec
import TransitionServer

/// The service answering requests in-process (no sockets), with the benchmark scene's session
/// created and mid-push: what the batch and compression benchmarks ask.
struct InProcessSession {
    let app: Application
    let id: String

    init() {
        var configuration = ServerConfiguration()
        configuration.logLevel = .critical
        app = Application(configuration: configuration)
        let created = Self.send(app, "POST", "/v1/sessions", body: ComputeBenchmark.sceneBody)
        guard created.status == 201, let id = (try? JSONParser.parse(created.body))?.objectValue?["id"]?.stringValue else {
            fatalError("benchmark session: \(created.status)")
        }
        self.id = id
        _ = Self.send(app, "POST", "/v1/sessions/\(id)/actions", body: ComputeBenchmark.pushBody)
    }

    /// The answer to one request; `path` is under the session (`/snapshots`).
    func get(_ path: String, query: String, encoding: String? = nil) -> HTTPResponse {
        Self.send(app, "GET", "/v1/sessions/\(id)" + path, query: query, encoding: encoding)
    }

    /// The answer to a POST of `body` under the session (`/compare`).
    func post(_ path: String, body: [UInt8]) -> HTTPResponse {
        app.respond(to: HTTPRequest(method: "POST", path: "/v1/sessions/\(id)" + path, query: "", contentType: "application/json", body: body))
    }

    private static func send(_ app: Application, _ method: String, _ path: String, query: String = "", body: String? = nil,
                             encoding: String? = nil) -> HTTPResponse {
        var request = HTTPRequest(method: method, path: path, query: query, contentType: body == nil ? nil : "application/json",
                                  body: body.map { Array($0.utf8) } ?? [])
        if let encoding { request.headers = [("accept-encoding", encoding)] }
        return app.respond(to: request)
    }
}
