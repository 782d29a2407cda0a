import JSONCodec

/// A 60-frame `/snapshots` answer for the benchmark scene mid-push (0 to 0.9834 s at 60 fps),
/// asked for in-process in full, flat, and change-only (`changes=true`): the time of the whole
/// request and the bytes; and the same 60 frames compared with the flat answer
/// (`POST …/compare`, issue 32): what a golden check costs beside the batch it reads.
enum BatchBenchmark {
    static func run() {
        let session = InProcessSession()
        let frames = "from=0&to=0.9834&fps=60"
        var sink = 0
        print("a 60-frame /snapshots answer of the same push, in-process:")
        for (label, query) in [("full", frames), ("full, flat", frames + "&flat=true"), ("change-only", frames + "&changes=true")] {
            let bytes = session.get("/snapshots", query: query).bodyCount
            let ns = ComputeBenchmark.measure(rounds: 5, iterations: 10) { sink &+= session.get("/snapshots", query: query).bodyCount }
            ComputeBenchmark.row("\(label), \(bytes) bytes", ns / 1e6, "ms")
        }
        let expected = Array(#"{"expected": "#.utf8) + session.get("/snapshots", query: frames + "&flat=true").body + Array("}".utf8)
        let compared = session.post("/compare", body: expected)
        guard compared.status == 200, let report = try? JSONParser.parse(compared.body), report.objectValue?["match"] == .bool(true) else {
            fatalError("benchmark comparison: \(compared.status) \(String(decoding: compared.body, as: UTF8.self))")
        }
        let values = report.objectValue?["compared"]?.objectValue?["values"]?.numberValue.map { Int($0) } ?? 0
        let ns = ComputeBenchmark.measure(rounds: 5, iterations: 10) { sink &+= session.post("/compare", body: expected).body.count }
        ComputeBenchmark.row("compared with the flat answer (\(values) values, \(expected.count) bytes in)", ns / 1e6, "ms")
        if sink == 42 { print("") }
    }
}
