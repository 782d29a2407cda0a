import Testing
@testable import TransitionCore

/// The event log's chunks (issue 28): the newest `limit` events in order, numbered without gaps,
/// and a copy that appends leaves the log it was copied from as it was.
@Suite struct EventLogTests {
    func log(appending count: Int, to start: EventLog = EventLog()) -> EventLog {
        var log = start
        for i in 0..<count { log.append(time: Double(i), .didShow, nil, []) }
        return log
    }

    @Test func keepsTheNewestEventsInOrderAcrossChunks() {
        for count in [0, 1, EventLog.chunkSize, EventLog.chunkSize + 1, EventLog.limit, EventLog.limit + 1,
                      EventLog.limit + EventLog.chunkSize, 3 * EventLog.limit + 7] {
            let events = log(appending: count)
            #expect(events.count == min(count, EventLog.limit))
            #expect(events.nextSeq == count + 1)
            #expect(events.map(\.seq) == Array((count - events.count + 1)..<(count + 1)), "after \(count) events")
        }
    }

    @Test func aCopyThatAppendsLeavesTheOriginalAsItWas() {
        let original = log(appending: EventLog.limit + 300)
        let before = original.map(\.seq)
        let grown = log(appending: 500, to: original)
        #expect(original.map(\.seq) == before)
        #expect(grown.map(\.seq) == Array((before.last! + 501 - EventLog.limit)...(before.last! + 500)))
    }
}
