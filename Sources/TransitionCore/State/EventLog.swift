import JSONCodec

/// The session's event log: its newest events, oldest first, and the sequence number the next
/// one gets. A value of its own so that a history checkpoint can leave it out (`World.droppingEventLog`)
/// while sequence numbers go on: the session keeps the log once, in its current world
/// (docs/semantics.md § History).
///
/// Every change works on a copy of the session's world, so the events are held in chunks of
/// `chunkSize`: a copy shares them, and its first append copies the list of chunks (one reference
/// per chunk) and the last chunk, never the whole log: copying one array of all the events on
/// every change would make each request's garbage grow with the history before it.
public struct EventLog: Sendable, RandomAccessCollection {
    /// The log keeps this many newest events.
    public static let limit = 10_000
    /// Events per chunk: every chunk but the last is full.
    static let chunkSize = 256

    private var chunks: [[Event]] = []
    /// Events at the start of `chunks[0]` already forgotten (fewer than `chunkSize`).
    private var forgotten = 0
    /// The sequence number the next event gets (the first is 1); it never goes back.
    public private(set) var nextSeq = 1
    public private(set) var count = 0

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> Event {
        precondition(position >= 0 && position < count, "event index out of range")
        let i = position + forgotten
        return chunks[i / Self.chunkSize][i % Self.chunkSize]
    }

    /// Appends an event at session time `time` (seconds), numbering it, and forgets the oldest
    /// past `limit`.
    mutating func append(time: Double, _ type: EventType, _ controller: ControllerID?,
                         _ arguments: [(key: String, value: JSONValue)], outcome: TransitionOutcome? = nil) {
        let event = Event(seq: nextSeq, time: time, type: type, viewController: controller, arguments: arguments, outcome: outcome)
        if let last = chunks.indices.last, chunks[last].count < Self.chunkSize {
            chunks[last].append(event)
        } else {
            var chunk: [Event] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(event)
            chunks.append(chunk)
        }
        nextSeq += 1
        count += 1
        if count > Self.limit {
            count -= 1
            forgotten += 1
            if forgotten == Self.chunkSize {
                chunks.removeFirst()
                forgotten = 0
            }
        }
    }

    /// No events, the numbering going on where this log's does.
    func emptied() -> EventLog {
        var copy = EventLog()
        copy.nextSeq = nextSeq
        return copy
    }
}
