import Testing
@testable import TransitionServer

/// The HTTP layer's guards kept in Swift: the whole-request deadline and the library log's
/// rate limit (the shim only reports connections and forwards lines).
struct ConnectionGuardTests {
    @Test func aRequestIsCutOnceWhenOverdueAndNotWhileAnswered() {
        var d = RequestDeadlines(timeout: 1000)
        d.opened(1, socket: 7, now: 0)
        d.opened(2, socket: 8, now: 500)
        #expect(d.overdue(now: 999).isEmpty)
        #expect(d.overdue(now: 1000) == [7])
        // Cut once: libmicrohttpd closes it later, and until then it is not cut again.
        #expect(d.overdue(now: 1400).isEmpty)
        // Answering stops the clock; the response done starts it again for the next request.
        d.answering(2)
        #expect(d.overdue(now: 5000).isEmpty)
        d.waiting(2, now: 5000)
        #expect(d.overdue(now: 5999).isEmpty && d.overdue(now: 6000) == [8])
        d.closed(1)
        d.closed(2)
        #expect(d.count == 0)
        // Events for a connection no longer watched change nothing.
        d.waiting(2, now: 0)
        d.answering(2)
        #expect(d.count == 0 && d.overdue(now: 10_000).isEmpty)
        // No timeout, no deadline.
        var none = RequestDeadlines(timeout: 0)
        none.opened(1, socket: 7, now: 0)
        #expect(none.overdue(now: .max).isEmpty && none.count == 1)
    }

    @Test func theLogKeepsTenLinesASecondAndSaysHowManyItDropped() {
        var limit = LogRateLimit()
        for _ in 0..<10 { #expect(limit.admit(at: 5) == (true, 0)) }
        for _ in 0..<3 { #expect(limit.admit(at: 5) == (false, 0)) }
        #expect(limit.admit(at: 6) == (true, 3))
        #expect(limit.admit(at: 6) == (true, 0))
        #expect(LogRateLimit.droppedLine(3) == "3 more HTTP-layer messages were dropped (over 10 a second)")
    }
}
