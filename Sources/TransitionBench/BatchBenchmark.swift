/// A 60-frame `/snapshots` answer for the benchmark scene mid-push (0 to 0.9834 s at 60 fps),
/// asked for in-process in full, flat, and change-only (`changes=true`): the time of the whole
/// request and the bytes.
enum BatchBenchmark {
    static func run() {
        let session = InProcessSession()
        let frames = "from=0&to=0.9834&fps=60"
        var sink = 0
        print("a 60-frame /snapshots answer of the same push, in-process:")
        for (label, query) in [("full", frames), ("full, flat", frames + "&flat=true"), ("change-only", frames + "&changes=true")] {
            let bytes = session.get("/snapshots", query: query).body.count
            let ns = ComputeBenchmark.measure(rounds: 5, iterations: 10) { sink &+= session.get("/snapshots", query: query).body.count }
            ComputeBenchmark.row("\(label), \(bytes) bytes", ns / 1e6, "ms")
        }
        if sink == 42 { print("") }
    }
}
