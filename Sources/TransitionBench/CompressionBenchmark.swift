import JSONCodec
import TransitionServer

/// What compression costs: a 240-frame `/snapshots` answer for the benchmark scene, asked for
/// in-process (no sockets) as it is and gzipped, and zlib's levels on the same bytes.
enum CompressionBenchmark {
    static func run() {
        var configuration = ServerConfiguration()
        configuration.logLevel = .critical
        let app = Application(configuration: configuration)
        func send(_ method: String, _ path: String, query: String = "", body: String? = nil, encoding: String? = nil) -> HTTPResponse {
            var request = HTTPRequest(method: method, path: path, query: query, contentType: body == nil ? nil : "application/json",
                                      body: body.map { Array($0.utf8) } ?? [])
            if let encoding { request.headers = [("accept-encoding", encoding)] }
            return app.respond(to: request)
        }
        let created = send("POST", "/v1/sessions", body: ComputeBenchmark.sceneBody)
        guard created.status == 201, let id = (try? JSONParser.parse(created.body))?.objectValue?["id"]?.stringValue else {
            fatalError("benchmark session: \(created.status)")
        }
        _ = send("POST", "/v1/sessions/\(id)/actions", body: ComputeBenchmark.pushBody)
        let path = "/v1/sessions/\(id)/snapshots", query = "from=0&to=3.9834&fps=60"
        let plain = send("GET", path, query: query).body
        var sink = 0
        print("compression of a 240-frame /snapshots answer (\(plain.count) bytes), in-process:")
        for level: Int32 in [1, 3, 6, 9] {
            let size = ContentCoding.gzip.encode(plain, level: level)?.count ?? 0
            let ns = ComputeBenchmark.measure(rounds: 5, iterations: 5) { sink &+= ContentCoding.gzip.encode(plain, level: level)?.count ?? 0 }
            ComputeBenchmark.row("gzip level \(level)\(level == ContentCoding.level ? " (served)" : ""), \(size) bytes", ns / 1e6, "ms")
        }
        let one = send("GET", "/v1/sessions/\(id)/snapshot", query: "t=0.25").body
        let oneSize = ContentCoding.gzip.encode(one)?.count ?? 0
        let oneNS = ComputeBenchmark.measure(iterations: 200) { sink &+= ContentCoding.gzip.encode(one)?.count ?? 0 }
        ComputeBenchmark.row("gzip of one frame, \(one.count) → \(oneSize) bytes", oneNS / 1000, "µs")
        for encoding in ["identity", "gzip"] {
            let ns = ComputeBenchmark.measure(rounds: 5, iterations: 5) { sink &+= send("GET", path, query: query, encoding: encoding).body.count }
            ComputeBenchmark.row("whole request, \(encoding)", ns / 1e6, "ms")
        }
        if sink == 42 { print("") }
    }
}
