import TransitionServer

/// What compression costs: a 240-frame `/snapshots` answer for the benchmark scene, asked for
/// in-process (no sockets) as it is and gzipped, and zlib's levels on the same bytes.
enum CompressionBenchmark {
    static func run() {
        let session = InProcessSession()
        let query = "from=0&to=3.9834&fps=60"
        let plain = session.get("/snapshots", query: query).body
        var sink = 0
        print("compression of a 240-frame /snapshots answer (\(plain.count) bytes), in-process:")
        for level: Int32 in [1, 3, 6, 9] {
            let size = ContentCoding.gzip.encode(plain, level: level)?.count ?? 0
            let ns = ComputeBenchmark.measure(rounds: 5, iterations: 5) { sink &+= ContentCoding.gzip.encode(plain, level: level)?.count ?? 0 }
            ComputeBenchmark.row("gzip level \(level)\(level == ContentCoding.level ? " (served)" : ""), \(size) bytes", ns / 1e6, "ms")
        }
        let one = session.get("/snapshot", query: "t=0.25").body
        let oneSize = ContentCoding.gzip.encode(one)?.count ?? 0
        let oneNS = ComputeBenchmark.measure(iterations: 200) { sink &+= ContentCoding.gzip.encode(one)?.count ?? 0 }
        ComputeBenchmark.row("gzip of one frame, \(one.count) → \(oneSize) bytes", oneNS / 1000, "µs")
        for encoding in ["identity", "gzip"] {
            let ns = ComputeBenchmark.measure(rounds: 5, iterations: 5) { sink &+= session.get("/snapshots", query: query, encoding: encoding).bodyCount }
            ComputeBenchmark.row("whole request, \(encoding)", ns / 1e6, "ms")
        }
        if sink == 42 { print("") }
    }
}
