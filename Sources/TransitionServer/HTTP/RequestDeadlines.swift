/// The whole-request deadline libmicrohttpd 0.9.75 lacks (its only timeout is an idle one,
/// restarted by every byte, so a client trickling a byte at a time is never cut by it): from the
/// moment a connection may send a request (accepted, or its previous response done) to the
/// request's last byte, at most `timeout`. An overdue connection's socket is shut down, once;
/// libmicrohttpd then reads end-of-stream and closes it through its usual path
/// (docs/connections.md § Slow clients and liveness).
///
/// Pure bookkeeping: the caller owns the lock that makes a connection's removal and the
/// shutdown of its socket exclusive (so a socket shut down is never a reused descriptor), and
/// the clock.
public struct RequestDeadlines: Sendable {
    /// Milliseconds a request may take to arrive, counted from when it may start; 0: no deadline.
    public let timeout: Int64
    private var connections: [UInt: Watched] = [:]

    private struct Watched {
        let socket: Int32
        /// Monotonic milliseconds by which the request must be in; nil while one is answered.
        var deadline: Int64?
        /// Already shut down: it is only waiting for libmicrohttpd to close it.
        var cut = false
    }

    public init(timeout: Int64) {
        self.timeout = timeout
    }

    /// Open connections, cut or not.
    public var count: Int { connections.count }

    /// A connection accepted at `now` (monotonic ms) on `socket`: its first request may start.
    public mutating func opened(_ connection: UInt, socket: Int32, now: Int64) {
        let deadline = deadline(from: now)
        connections[connection] = Watched(socket: socket, deadline: deadline)
    }

    /// A response done at `now`: the connection's next request may start.
    public mutating func waiting(_ connection: UInt, now: Int64) {
        setDeadline(deadline(from: now), of: connection)
    }

    private func deadline(from now: Int64) -> Int64? {
        timeout > 0 ? now + timeout : nil
    }

    /// The request is in (or answered before its body): no deadline while it is answered.
    public mutating func answering(_ connection: UInt) {
        setDeadline(nil, of: connection)
    }

    /// Found once and changed in place (every request calls this twice): through the
    /// dictionary's optional subscript, `connections[c]?.deadline = d`, it cost about 800
    /// instructions, against about 290.
    private mutating func setDeadline(_ deadline: Int64?, of connection: UInt) {
        guard let i = connections.index(forKey: connection) else { return }
        connections.values[i].deadline = deadline
    }

    /// The connection is closing; its socket may be reused once this returns.
    public mutating func closed(_ connection: UInt) {
        connections[connection] = nil
    }

    /// The sockets to shut down at `now`: each overdue connection's, once, in no particular order.
    public mutating func overdue(now: Int64) -> [Int32] {
        var sockets: [Int32] = []
        for (connection, watched) in connections where !watched.cut {
            guard let deadline = watched.deadline, now >= deadline else { continue }
            connections[connection]?.cut = true
            sockets.append(watched.socket)
        }
        return sockets
    }
}
