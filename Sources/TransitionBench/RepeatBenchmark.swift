import JSONCodec
import TestSupport
import TransitionCore
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// `transition-bench repeat compute|encode|svg|filmstrip|snapshot|template|request|batch|changes|compare|compare-respaced|compare-one|refusal|create N`: one part of the hot path done N times on
/// the benchmark scene, untimed, for an instruction counter. Under
/// `valgrind --tool=callgrind`, the difference between N and 0 runs, divided by N, is the
/// instructions per call: repeatable on a shared machine where timings are not.
enum RepeatBenchmark {
    static func run(_ arguments: [String]) {
        guard arguments.count == 2, let part = Part(rawValue: arguments[0]), let count = Int(arguments[1]), count >= 0 else {
            print("usage: transition-bench repeat compute|encode|svg|filmstrip|snapshot|template|request|batch|changes|compare|compare-respaced|compare-one|refusal|create N")
            return
        }
        let world = ComputeBenchmark.scene()
        let t = ComputeBenchmark.time
        let shot = ComputeBenchmark.snapshot(world, at: t)
        let template = part == .template ? FrameTemplate.make(ComputeBenchmark.advanced(world, to: ComputeBenchmark.templateTime)) : nil
        let heavy = part == .refusal ? InProcessSession.heavy() : nil
        let session = [.changes, .batch, .filmstrip, .request, .compare, .compareRespaced, .compareOne, .create].contains(part) ? InProcessSession() : nil
        let check = switch part {
        case .compare: BatchBenchmark.goldenCheck(session!)
        case .compareRespaced: pythonSpaced(BatchBenchmark.goldenCheck(session!))
        case .compareOne: BatchBenchmark.oneViewCheck()
        default: [UInt8]()
        }
        if !check.isEmpty { BatchBenchmark.compare(session!, check) }
        // The first number a process writes in exponent form makes the digits' table
        // (`ScaledPowersOfTen`, about 9 M instructions): made here, so that it falls in no count.
        var first = JSONWriter(reservingCapacity: 64)
        first.number(1e-5)
        precondition(first.count == 5)
        var sink = 0
        for i in 0..<count {
            switch part {
            case .compute: sink &+= ComputeBenchmark.snapshot(world, at: t).root.children.count
            case .encode: sink &+= shot.encoded().count
            case .svg: sink &+= shot.svg().count
            case .snapshot: sink &+= ComputeBenchmark.snapshot(world, at: t).encoded().count
            case .template: sink &+= template!.encoded(ComputeBenchmark.advanced(world, to: t))!.count
            case .request:
                // A different t each time, as scripts/bench's wrk script asks (0 to 0.599 s, 1 ms apart),
                // and the body handed over as the server hands it to libmicrohttpd (Bridge.swift).
                var response = session!.get("/snapshot", query: "t=" + String(Double(i % 600) / 1000))
                let (body, count) = response.takeMallocBody()
                free(body)
                free(response.mallocHeaderBlock())
                sink &+= count
            case .batch: sink &+= session!.get("/snapshots", query: "from=0&to=0.9834&fps=60&flat=true").bodyCount
            case .changes: sink &+= session!.get("/snapshots", query: "from=0&to=0.9834&fps=60&changes=true").bodyCount
            case .filmstrip: sink &+= session!.get("/filmstrip.svg", query: "from=0&to=0.9834&fps=60").bodyCount
            case .compare, .compareRespaced, .compareOne: sink &+= session!.post("/compare", body: check).body.count
            case .refusal:
                let refused = heavy!.get("/filmstrip.svg", query: InProcessSession.heavyStrip)
                precondition(refused.status == 422, "the heavy film strip was not refused: \(refused.status)")
                sink &+= refused.bodyCount
            case .create: sink &+= session!.createAndDelete()
            }
        }
        print("\(part.rawValue) × \(count): \(sink) (checksum)")
    }

    enum Part: String {
        /// The snapshot's values at `ComputeBenchmark.time`.
        case compute
        /// Its JSON, from a snapshot computed once.
        case encode
        /// Its drawing, from a snapshot computed once, as `GET …/snapshot.svg` writes it.
        case svg
        /// Compute and encode in full.
        case snapshot
        /// The same bytes by a frame template made once at an earlier frame of the push
        /// (`ComputeBenchmark.templateTime`; docs/performance.md § Templates), as `GET …/snapshot`
        /// writes them: the copy and advance, the moving views' values, the splice.
        case template
        /// `GET …/snapshot` at a different t each time, the whole request in-process (routing,
        /// the session's history, compute, encode, the ETag, the access log, the body handed to the
        /// C layer): what wrk measures
        /// over HTTP, without the sockets.
        case request
        /// A 60-frame flat batch of the push, the whole request in-process: the frames `changes`
        /// stands for.
        case batch
        /// A 60-frame change-only batch of the push, the whole request in-process.
        case changes
        /// A 60-frame film strip of the push (`GET …/filmstrip.svg`), the whole request in-process.
        case filmstrip
        /// A golden check of the push against its own 60 flat frames, the whole `POST …/compare`
        /// in-process (the body made and checked once, before the count).
        case compare
        /// The same check with the body re-serialized as Python's `json.dumps` writes it (a space
        /// after each `,` and `:`): no frame is the service's bytes, every one is read.
        case compareRespaced = "compare-respaced"
        /// The same 60 times with one view a frame (the minimal form): mostly the service's side,
        /// its frames computed and read as compared views.
        case compareOne = "compare-one"
        /// The heavy film strip of tests/e2e/test_fairness.py refused by the work budget, the
        /// whole request in-process (the session made once, before the count).
        case refusal
        /// `POST /v1/sessions` of the benchmark scene, the whole request in-process, and the
        /// `DELETE` of the session it made.
        case create
    }
}
