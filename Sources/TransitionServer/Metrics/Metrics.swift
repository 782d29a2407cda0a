import Synchronization

/// The service's Prometheus metrics (text exposition format 0.0.4), safe to record from any
/// thread. Labels come from route patterns and a fixed set of method names, never from raw
/// client input, so the number of series stays bounded whatever clients send.
public final class Metrics: Sendable {
    /// Upper bounds of the latency histogram's buckets, in seconds (+Inf is implied).
    static let bucketBounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1]

    /// Methods counted under their own name; anything else is counted as `other`. Seven short
    /// names: compared, not hashed (every request asks).
    static let knownMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// One route's series: found by one hash of its pattern per request, its answers by comparing.
    private struct RouteSeries {
        var durations = Histogram()
        /// Requests answered, by method and status: a route sees a handful of pairs.
        var answers: [(method: String, status: Int, count: Int)] = []

        mutating func record(method: String, status: Int, _ observation: Observation) {
            durations.observe(observation)
            if let i = answers.firstIndex(where: { $0.status == status && $0.method == method }) {
                answers[i].count += 1
            } else {
                answers.append((method, status, 1))
            }
        }
    }

    private struct TransitionKey: Hashable {
        var operation: String
        var outcome: String
    }

    private struct Histogram {
        /// Observations per bucket (not cumulative), the last one for +Inf.
        var counts = [Int](repeating: 0, count: Metrics.bucketBounds.count + 1)
        var sum = 0.0
        var count = 0

        mutating func observe(_ o: Observation) {
            counts[o.bucket] += 1
            sum += o.seconds
            count += 1
        }
    }

    /// A duration and its histogram bucket, found before the lock is taken.
    private struct Observation {
        let seconds: Double
        let bucket: Int

        init(_ seconds: Double) {
            let seconds = seconds.isFinite ? max(seconds, 0) : 0
            self.seconds = seconds
            bucket = Metrics.bucketBounds.firstIndex { seconds <= $0 } ?? Metrics.bucketBounds.count
        }
    }

    private struct State {
        var routes: [String: RouteSeries] = [:]
        var transitions: [TransitionKey: Int] = [:]
        var sessionsCreated = 0
        var sessionsExpired = 0
        var store: [String: Histogram] = [:]
        var storeConflicts = 0
        var replays = Histogram()
        var replayedEntries = 0
    }

    private let state = Mutex(State())
    /// Whether sessions are stored beyond the process (`--store`): only then are the store's
    /// series written.
    private let stored: Bool
    private let build: BuildInfo
    private let startTime = ProcessMetrics.wallClock()

    public init(stored: Bool = false, build: BuildInfo = .unknown) {
        self.stored = stored
        self.build = build
    }

    /// - Parameters:
    ///   - route: the matched route pattern (`/v1/sessions/{id}`), or a fixed name such as
    ///     `unmatched`: never the raw path.
    public func recordRequest(route: String, method: String, status: Int, seconds: Double) {
        let method = Self.knownMethods.contains(method) ? method : "other"
        let observation = Observation(seconds)
        state.withLock { state in
            state.routes[route, default: RouteSeries()].record(method: method, status: status, observation)
        }
    }

    /// - Parameter outcome: `started`, `completed` or `cancelled`.
    public func recordTransition(operation: String, outcome: String) {
        state.withLock { $0.transitions[TransitionKey(operation: operation, outcome: outcome), default: 0] += 1 }
    }

    /// One round trip to the session store. - Parameter operation: a fixed name (`append`, …).
    func recordStore(operation: String, seconds: Double) {
        let observation = Observation(seconds)
        state.withLock { $0.store[operation, default: Histogram()].observe(observation) }
    }

    /// A change found another replica's changes stored first, and was tried again after them.
    func recordStoreConflict() {
        state.withLock { $0.storeConflicts += 1 }
    }

    /// A session caught up with (or was rebuilt from) its stored log: `entries` replayed in `seconds`.
    func recordReplay(entries: Int, seconds: Double) {
        let observation = Observation(seconds)
        state.withLock {
            $0.replays.observe(observation)
            $0.replayedEntries += entries
        }
    }

    public func recordSessionCreated() {
        state.withLock { $0.sessionsCreated += 1 }
    }

    public func recordSessionExpired() {
        state.withLock { $0.sessionsExpired += 1 }
    }

    /// Everything recorded, plus the gauges the caller knows, series sorted by their labels so
    /// that two scrapes of the same state differ only in the process figures at the end.
    public func render(liveSessions: Int, ready: Bool, memoryUsed: Int, memoryLimit: Int) -> [UInt8] {
        let state = state.withLock { $0 }
        var text = ""
        header(&text, "transition_sim_http_requests_total", "counter", "HTTP requests answered, by route pattern, method and status.")
        let routes = state.routes.sorted { $0.key < $1.key }
        for (route, series) in routes {
            for (method, status, count) in series.answers.sorted(by: { ($0.method, $0.status) < ($1.method, $1.status) }) {
                text += "transition_sim_http_requests_total\(labels(("route", route), ("method", method), ("status", String(status)))) \(count)\n"
            }
        }
        let histogram = "transition_sim_http_request_duration_seconds"
        header(&text, histogram, "histogram", "Time to answer a request, in seconds, by route pattern.")
        for (route, routeSeries) in routes {
            series(&text, histogram, routeSeries.durations, label: ("route", route))
        }
        header(&text, "transition_sim_transitions_total", "counter", "Transitions by operation and outcome (started, completed, cancelled).")
        for (key, count) in state.transitions.sorted(by: { ($0.key.operation, $0.key.outcome) < ($1.key.operation, $1.key.outcome) }) {
            text += "transition_sim_transitions_total\(labels(("operation", key.operation), ("outcome", key.outcome))) \(count)\n"
        }
        if stored {
            let store = "transition_sim_store_request_duration_seconds"
            header(&text, store, "histogram", "Round trips to the session store (--store), in seconds, by operation.")
            for (operation, h) in state.store.sorted(by: { $0.key < $1.key }) {
                series(&text, store, h, label: ("operation", operation))
            }
            sample(&text, "transition_sim_store_conflicts_total", "counter", "Changes that found another replica's changes stored first and were applied again after them.", state.storeConflicts)
            let replays = "transition_sim_replay_duration_seconds"
            header(&text, replays, "histogram", "Replays of a stored log (a session brought up to date, or rebuilt), in seconds.")
            series(&text, replays, state.replays, label: nil)
            sample(&text, "transition_sim_replayed_entries_total", "counter", "Stored log entries replayed by those replays.", state.replayedEntries)
        }
        sample(&text, "transition_sim_sessions_created_total", "counter", "Sessions created.", state.sessionsCreated)
        sample(&text, "transition_sim_sessions_expired_total", "counter", "Sessions removed after their idle time ran out.", state.sessionsExpired)
        sample(&text, "transition_sim_sessions_live", "gauge", "Sessions currently held.", liveSessions)
        sample(&text, "transition_sim_session_memory_bytes", "gauge", "Memory the sessions hold, estimated (history, logs, worlds).", memoryUsed)
        sample(&text, "transition_sim_session_memory_limit_bytes", "gauge", "The sessions' memory budget (--max-memory); past it, changes answer 507.", memoryLimit)
        sample(&text, "transition_sim_ready", "gauge", "1 while the service accepts work, 0 once it is shutting down.", ready ? 1 : 0)
        header(&text, "transition_sim_build_info", "gauge", "Always 1: the version and commit the binary was built from.")
        text += "transition_sim_build_info\(labels(("version", build.version), ("commit", build.commit))) 1\n"
        let process = ProcessMetrics.read()
        sample(&text, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", process.residentBytes)
        sample(&text, "process_cpu_seconds_total", "counter", "User and system CPU time spent, in seconds.", Self.number(process.cpuSeconds))
        sample(&text, "process_open_fds", "gauge", "Open file descriptors.", process.openFiles)
        sample(&text, "process_max_fds", "gauge", "The limit of open file descriptors.", process.maxFiles)
        sample(&text, "process_start_time_seconds", "gauge", "When the process started, in seconds since the Unix epoch.", Self.number(startTime))
        return Array(text.utf8)
    }

    /// One histogram's series: cumulative buckets, sum and count, with `label` when it has one.
    private func series(_ text: inout String, _ name: String, _ h: Histogram, label: (String, String)?) {
        let own = label.map { [$0] } ?? []
        var cumulative = 0
        for (i, count) in h.counts.enumerated() {
            cumulative += count
            let bound = i < Self.bucketBounds.count ? Self.number(Self.bucketBounds[i]) : "+Inf"
            text += "\(name)_bucket\(labels(own + [("le", bound)])) \(cumulative)\n"
        }
        let suffix = own.isEmpty ? "" : labels(own)
        text += "\(name)_sum\(suffix) \(Self.number(h.sum))\n"
        text += "\(name)_count\(suffix) \(h.count)\n"
    }

    private func header(_ text: inout String, _ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// A metric with one unlabelled sample.
    private func sample(_ text: inout String, _ name: String, _ type: String, _ help: String, _ value: some CustomStringConvertible) {
        header(&text, name, type, help)
        text += "\(name) \(value)\n"
    }

    /// `{a="x",b="y"}`, values escaped as the format requires (`\\`, `\"`, `\n`).
    private func labels(_ pairs: (String, String)...) -> String { labels(pairs) }

    private func labels(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { name, value in
            var escaped = ""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\\": escaped += "\\\\"
                case "\"": escaped += "\\\""
                case "\n": escaped += "\\n"
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return "\(name)=\"\(escaped)\""
        }.joined(separator: ",") + "}"
    }

    /// A sample value or bucket bound as Prometheus writes it: `1`, not `1.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e15 ? String(Int(value)) : String(value)
    }
}
