import JSONCodec

/// The session's event log: its newest events, oldest first, and the sequence number the next
/// one gets. A value of its own so that a history checkpoint can leave it out (`World.droppingEventLog`)
/// while sequence numbers go on: the session keeps the log once, in its current world
/// (docs/semantics.md § History).
public struct EventLog: Sendable, RandomAccessCollection {
    /// The log keeps this many newest events.
    public static let limit = 10_000

    private var entries: [Event] = []
    /// The sequence number the next event gets (the first is 1); it never goes back.
    public private(set) var nextSeq = 1

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Event { entries[position] }

    /// Appends an event at session time `time` (seconds), numbering it, and forgets the oldest
    /// past `limit`.
    mutating func append(time: Double, _ type: EventType, _ controller: ControllerID?,
                         _ arguments: [(key: String, value: JSONValue)], outcome: TransitionOutcome? = nil) {
        entries.append(Event(seq: nextSeq, time: time, type: type, viewController: controller, arguments: arguments, outcome: outcome))
        nextSeq += 1
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    /// No events, the numbering going on where this log's does.
    func emptied() -> EventLog {
        var copy = EventLog()
        copy.nextSeq = nextSeq
        return copy
    }

}
