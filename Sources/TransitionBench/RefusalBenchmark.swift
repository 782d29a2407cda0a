/// The heavy film strip of tests/e2e/test_fairness.py (38 pushes of 500 labels, 239 frames of
/// 507 views) refused by the work budget, the whole request in-process: what one refusal costs
/// the worker that answers it.
enum RefusalBenchmark {
    static func run() {
        let session = InProcessSession.heavy()
        var sink = 0
        print("the heavy film strip's refusal (422 work-budget-exceeded), in-process:")
        let ns = ComputeBenchmark.measure(rounds: 5, iterations: 20) {
            sink &+= session.get("/filmstrip.svg", query: InProcessSession.heavyStrip).bodyCount
        }
        ComputeBenchmark.row("239 frames of 507 views, refused", ns / 1e3, "µs")
        if sink == 42 { print("") }
    }
}
