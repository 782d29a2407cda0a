import JSONCodec
import TestSupport

/// A 60-frame `/snapshots` answer for the benchmark scene mid-push (0 to 0.9834 s at 60 fps),
/// asked for in-process in full, flat, and change-only (`changes=true`): the time of the whole
/// request and the bytes; and the same 60 frames compared with the flat answer
/// (`POST …/compare`): what a golden check costs beside the batch it reads, and with
/// one view a frame, where the service's side is most of it.
enum BatchBenchmark {
    static func run() {
        let session = InProcessSession()
        var sink = 0
        print("a 60-frame /snapshots answer of the same push, in-process:")
        for (label, query) in [("full", frames), ("full, flat", frames + "&flat=true"), ("change-only", frames + "&changes=true")] {
            let bytes = session.get("/snapshots", query: query).bodyCount
            let ns = ComputeBenchmark.measure(rounds: 5, iterations: 10) { sink &+= session.get("/snapshots", query: query).bodyCount }
            ComputeBenchmark.row("\(label), \(bytes) bytes", ns / 1e6, "ms")
        }
        for (label, body) in [("golden check", goldenCheck(session)), ("golden check, re-spaced", pythonSpaced(goldenCheck(session))),
                              ("one view a frame", oneViewCheck())] {
            let values = compare(session, body)
            let ns = ComputeBenchmark.measure(rounds: 5, iterations: 10) { sink &+= session.post("/compare", body: body).body.count }
            ComputeBenchmark.row("\(label) (\(values) values)", ns / 1e6, "ms")
        }
        if sink == 42 { print("") }
    }

    /// The 60 frames' times: the batch's `from=0&to=0.9834&fps=60`.
    static let frames = "from=0&to=0.9834&fps=60"

    /// A golden check of the push against its own 60 flat frames (`POST …/compare`): the
    /// expected side read from JSON, the service's frames, every value compared.
    static func goldenCheck(_ session: InProcessSession) -> [UInt8] {
        Array(#"{"expected": "#.utf8) + session.get("/snapshots", query: frames + "&flat=true").body + Array("}".utf8)
    }

    /// The same 60 times in the minimal form with one view a frame (the window's alpha): what is
    /// left is mostly the service's side, its 60 frames computed and read for comparing.
    static func oneViewCheck() -> [UInt8] {
        let list = (0..<60).map { #"{"time": \#(Double($0) / 60), "views": [{"id": "window", "alpha": 1}]}"# }
        return Array(#"{"expected": {"frames": [\#(list.joined(separator: ","))]}}"#.utf8)
    }

    /// The values `body` compares; it must match (the session against its own frames).
    @discardableResult
    static func compare(_ session: InProcessSession, _ body: [UInt8]) -> Int {
        let compared = session.post("/compare", body: body)
        guard compared.status == 200, let report = try? JSONParser.parse(compared.body), report.objectValue?["match"] == .bool(true) else {
            fatalError("benchmark comparison: \(compared.status) \(String(decoding: compared.body, as: UTF8.self))")
        }
        return report.objectValue?["compared"]?.objectValue?["values"]?.numberValue.map { Int($0) } ?? 0
    }
}
