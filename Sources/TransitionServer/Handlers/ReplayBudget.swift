/// What replaying scenario documents may cost, weighed before any change is replayed: a
/// comparison's scenarios (`POST /v1/compare`) and an import (`POST /v1/sessions {"scenario"}`)
/// are held to one budget, so that no request holds a worker for seconds replaying
/// (docs/golden.md § Bounds and errors).
extension Application {
    /// View-steps the scenarios of one request may take to replay, together
    /// (`Scenario.replayWeight`): about 80 ms of a worker in a release build, at the 20 ns a
    /// view-step took when two scenarios of 10,000 views and 4,096 scrolls replayed in 1.6 to
    /// 1.8 s (docs/golden.md § Bounds and errors); half of it replays in a costly-series slot.
    static let maxReplayWork = 4_000_000

    /// `replay` once `scenarios` (each at its pointer in the request) are weighed together: a 422
    /// `work-budget-exceeded` naming the first whose weight passes `maxReplayWork` (`comparison`:
    /// the problem's words are a comparison's), in a costly-series slot from half of it.
    func weighedReplay<Result>(_ scenarios: [(scenario: Scenario, pointer: String)], comparison: Bool,
                               _ replay: () throws -> Result) throws -> Result {
        var weight = 0
        for (scenario, pointer) in scenarios {
            weight += scenario.replayWeight
            guard weight <= Self.maxReplayWork else {
                var problem = Problem.replayBudgetExceeded(limit: Self.maxReplayWork, weight: weight, comparison: comparison)
                problem.extensions.append(("pointer", .string(pointer)))
                throw problem
            }
        }
        return weight >= Self.maxReplayWork / 2 ? try costlySeries.run(replay) : try replay()
    }
}
