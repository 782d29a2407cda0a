import Testing
@testable import TransitionServer

@Suite struct MetricsTests {
    @Test func smallScenarioRendersExactly() {
        let metrics = Metrics()
        metrics.recordRequest(route: "/v1/sessions/{id}", method: "GET", status: 200, seconds: 0x1p-12)  // 0.000244…: exact binary fractions keep the sums exact
        metrics.recordRequest(route: "/v1/sessions", method: "POST", status: 201, seconds: 0x1p-9)
        metrics.recordRequest(route: "/v1/sessions/{id}", method: "GET", status: 404, seconds: 2)
        metrics.recordRequest(route: "/v1/sessions/{id}", method: "GET", status: 200, seconds: 0x1p-14)
        metrics.recordTransition(operation: "push", outcome: "started")
        metrics.recordTransition(operation: "push", outcome: "completed")
        metrics.recordTransition(operation: "pop", outcome: "cancelled")
        metrics.recordSessionCreated()
        metrics.recordSessionCreated()
        metrics.recordSessionExpired()
        let whole = String(decoding: metrics.render(liveSessions: 1, ready: true, memoryUsed: 123_456, memoryLimit: 1 << 30), as: UTF8.self)
        // Up to the build and process figures, which buildAndProcessFigures checks.
        let text = whole.split(separator: "# HELP transition_sim_build_info", maxSplits: 1).first.map(String.init) ?? ""
        #expect(text == """
        # HELP transition_sim_http_requests_total HTTP requests answered, by route pattern, method and status.
        # TYPE transition_sim_http_requests_total counter
        transition_sim_http_requests_total{route="/v1/sessions",method="POST",status="201"} 1
        transition_sim_http_requests_total{route="/v1/sessions/{id}",method="GET",status="200"} 2
        transition_sim_http_requests_total{route="/v1/sessions/{id}",method="GET",status="404"} 1
        # HELP transition_sim_http_request_duration_seconds Time to answer a request, in seconds, by route pattern.
        # TYPE transition_sim_http_request_duration_seconds histogram
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.0001"} 0
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.00025"} 0
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.0005"} 0
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.001"} 0
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.0025"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.005"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.01"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.025"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.05"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.1"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.25"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="0.5"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="1"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions",le="+Inf"} 1
        transition_sim_http_request_duration_seconds_sum{route="/v1/sessions"} 0.001953125
        transition_sim_http_request_duration_seconds_count{route="/v1/sessions"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.0001"} 1
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.00025"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.0005"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.001"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.0025"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.005"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.01"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.025"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.05"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.1"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.25"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="0.5"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="1"} 2
        transition_sim_http_request_duration_seconds_bucket{route="/v1/sessions/{id}",le="+Inf"} 3
        transition_sim_http_request_duration_seconds_sum{route="/v1/sessions/{id}"} 2.00030517578125
        transition_sim_http_request_duration_seconds_count{route="/v1/sessions/{id}"} 3
        # HELP transition_sim_transitions_total Transitions by operation and outcome (started, completed, cancelled).
        # TYPE transition_sim_transitions_total counter
        transition_sim_transitions_total{operation="pop",outcome="cancelled"} 1
        transition_sim_transitions_total{operation="push",outcome="completed"} 1
        transition_sim_transitions_total{operation="push",outcome="started"} 1
        # HELP transition_sim_sessions_created_total Sessions created.
        # TYPE transition_sim_sessions_created_total counter
        transition_sim_sessions_created_total 2
        # HELP transition_sim_sessions_expired_total Sessions removed after their idle time ran out.
        # TYPE transition_sim_sessions_expired_total counter
        transition_sim_sessions_expired_total 1
        # HELP transition_sim_sessions_live Sessions currently held.
        # TYPE transition_sim_sessions_live gauge
        transition_sim_sessions_live 1
        # HELP transition_sim_session_memory_bytes Memory the sessions hold, estimated (history, logs, worlds).
        # TYPE transition_sim_session_memory_bytes gauge
        transition_sim_session_memory_bytes 123456
        # HELP transition_sim_session_memory_limit_bytes The sessions' memory budget (--max-memory); past it, changes answer 507.
        # TYPE transition_sim_session_memory_limit_bytes gauge
        transition_sim_session_memory_limit_bytes 1073741824
        # HELP transition_sim_ready 1 while the service accepts work, 0 once it is shutting down.
        # TYPE transition_sim_ready gauge
        transition_sim_ready 1

        """)
    }

    @Test func labelsAreEscapedAndUnknownMethodsPooled() {
        let metrics = Metrics()
        metrics.recordRequest(route: "unmatched", method: "BREW", status: 404, seconds: .nan)
        metrics.recordTransition(operation: "a\"b\\c\nd", outcome: "started")
        let text = String(decoding: metrics.render(liveSessions: 0, ready: false, memoryUsed: 0, memoryLimit: 0), as: UTF8.self)
        #expect(text.contains(#"transition_sim_http_requests_total{route="unmatched",method="other",status="404"} 1"#))
        #expect(text.contains(#"transition_sim_http_request_duration_seconds_bucket{route="unmatched",le="0.0001"} 1"#))
        #expect(text.contains(#"transition_sim_transitions_total{operation="a\"b\\c\nd",outcome="started"} 1"#))
        #expect(text.contains("\ntransition_sim_ready 0\n"))
    }

    @Test func buildAndProcessFigures() throws {
        let text = String(decoding: Metrics(build: BuildInfo(version: "1.2.3", commit: "abc")).render(
            liveSessions: 0, ready: true, memoryUsed: 0, memoryLimit: 0), as: UTF8.self)
        #expect(text.contains(#"transition_sim_build_info{version="1.2.3",commit="abc"} 1"#))
        func value(_ name: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
        }
        #expect(try #require(value("process_resident_memory_bytes")) > 1_048_576)
        #expect(try #require(value("process_open_fds")) >= 3)
        #expect(try #require(value("process_max_fds")) >= 64)
        #expect(try #require(value("process_cpu_seconds_total")) > 0)
        #expect(try #require(value("process_start_time_seconds")) > 1.7e9)
    }

    @Test func transitionsAreCountedFromTheCoresOutcomes() throws {
        let client = Client()
        let id = try client.createSession()
        // The first push is over, and forgotten by the world, before the request ends: its
        // operation comes from the outcome, not from a transition looked up afterwards.
        let actions = client.send("POST", "/v1/sessions/\(id)/actions", #"""
        [{"type": "push", "viewController": {"id": "a"}}, {"type": "push", "at": 1, "viewController": {"id": "b"}},
         {"type": "pop", "at": 2, "interactive": true}, {"type": "cancel", "at": 2.1}]
        """#)
        #expect(actions.status == 200)
        #expect(client.send("POST", "/v1/sessions/\(id)/clock", #"{"to": 3}"#).status == 200)
        let text = String(decoding: client.send("GET", "/metrics").response.body, as: UTF8.self)
        let counted = text.split(separator: "\n").filter { $0.hasPrefix("transition_sim_transitions_total{") }
        #expect(counted == [
            #"transition_sim_transitions_total{operation="pop",outcome="cancelled"} 1"#,
            #"transition_sim_transitions_total{operation="pop",outcome="started"} 1"#,
            #"transition_sim_transitions_total{operation="push",outcome="completed"} 2"#,
            #"transition_sim_transitions_total{operation="push",outcome="started"} 2"#,
        ])
    }

    @Test func concurrentRecordingLosesNothing() async {
        let metrics = Metrics()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0 ..< 8 {
                group.addTask {
                    for _ in 0 ..< 1_000 { metrics.recordRequest(route: "/livez", method: "GET", status: 200, seconds: 0.001) }
                }
            }
        }
        let text = String(decoding: metrics.render(liveSessions: 0, ready: true, memoryUsed: 0, memoryLimit: 0), as: UTF8.self)
        #expect(text.contains(#"transition_sim_http_requests_total{route="/livez",method="GET",status="200"} 8000"#))
        #expect(text.contains(#"transition_sim_http_request_duration_seconds_count{route="/livez"} 8000"#))
    }
}
