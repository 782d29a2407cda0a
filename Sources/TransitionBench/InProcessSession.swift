import JSONCodec
import TransitionServer

/// The service answering requests in-process (no sockets), with the benchmark scene's session
/// created and mid-push: what the batch and compression benchmarks ask.
struct InProcessSession {
    let app: Application
    let id: String

    init() {
        self.init(scene: ComputeBenchmark.sceneBody, actions: [ComputeBenchmark.pushBody])
    }

    /// A session created by `scene`, then changed by each body of `actions` in turn.
    init(scene: String, actions: [String]) {
        var configuration = ServerConfiguration()
        configuration.logLevel = .critical
        app = Application(configuration: configuration)
        let created = Self.send(app, "POST", "/v1/sessions", body: scene)
        guard created.status == 201, let id = (try? JSONParser.parse(created.body))?.objectValue?["id"]?.stringValue else {
            fatalError("benchmark session: \(created.status)")
        }
        self.id = id
        for body in actions {
            let changed = Self.send(app, "POST", "/v1/sessions/\(id)/actions", body: body)
            guard changed.status == 200 else { fatalError("benchmark session's action: \(changed.status)") }
        }
    }

    /// tests/e2e/test_fairness.py's heavy session: 38 pushes, not animated, of 500 labels each
    /// (about 19,500 views), whose film strip (`heavyStrip`) the work budget refuses.
    static func heavy() -> InProcessSession {
        func labels(_ count: Int) -> String {
            let rows = (0..<count - 1).map { #"{"id": "w\#($0)", "kind": "label", "text": "row \#($0)", "frame": {"x": 0, "y": \#($0 * 20), "width": 320, "height": 20}}"# }
            return #"{"id": "root", "kind": "view", "children": [\#(rows.joined(separator: ","))]}"#
        }
        let scene = #"{"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "first", "title": "First"}]}}"#
        let pushes = (0..<38).map { #"{"type": "push", "animated": false, "viewController": {"id": "c\#($0)", "title": "C\#($0)", "view": \#(labels(500))}}"# }
        return InProcessSession(scene: scene, actions: pushes)
    }

    /// The heavy session's film strip that test_fairness.py asks: 239 frames.
    static let heavyStrip = "from=0&to=3.9833&fps=60"

    /// Creates a session of the benchmark scene, the whole `POST /v1/sessions` in-process, then
    /// deletes it (so that any number of creations stays within the service's session limit):
    /// the creation answer's bytes.
    func createAndDelete() -> Int {
        let created = Self.send(app, "POST", "/v1/sessions", body: ComputeBenchmark.sceneBody)
        guard created.status == 201, let location = created.headers.first(where: { $0.name == "Location" })?.value else {
            fatalError("benchmark creation: \(created.status)")
        }
        let deleted = Self.send(app, "DELETE", location)
        guard deleted.status == 204 else { fatalError("benchmark deletion: \(deleted.status)") }
        return created.bodyCount
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
