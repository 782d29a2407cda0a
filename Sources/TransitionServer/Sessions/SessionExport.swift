import JSONCodec
import TransitionCore

/// A session as a scenario document (`Scenario`): its creation body and its whole log.
extension Session {
    /// The scenario document. A log that outgrew its limit no longer starts at the creation,
    /// so it cannot be exported (409) unless the journal, which keeps every change, has it.
    func scenario() throws -> [UInt8] {
        let log = state.withLock { $0.history.log }
        let session = { (try? JSONParser.parse(self.creation, limits: self.limits.jsonBodyLimits)) ?? .null }
        if log.baseIndex > 0, let journal {
            let loaded = try journal.load(id, from: 0)
            guard let entries = loaded?.entries else { throw Problem.notFound("session '\(id)' was deleted or expired") }
            var changes: [SessionLog.Change] = []
            for bytes in entries {
                changes.append(try .decode(stored: bytes, limits: limits))
            }
            return Scenario(session: session(), changes: changes).encode()
        }
        guard log.baseIndex == 0 else {
            throw Problem.historyTruncated("the session made more than \(SessionHistory.logEntryLimit) changes and its log dropped the oldest \(log.baseIndex); only a complete log exports exactly")
        }
        return Scenario(session: session(), changes: log.entries.map(\.change)).encode()
    }
}
