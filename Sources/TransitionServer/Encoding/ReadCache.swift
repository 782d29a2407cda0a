/// What the series writer (`SeriesWriter`) keeps of a session's current state between reads:
/// the frame templates of it (`FrameTemplate`), oldest first, so that the next snapshot of that
/// state is spliced rather than written in full. The session holds it, counts its bytes, and
/// drops it at every change. Immutable templates: sessions share them across threads.
struct ReadCache: Sendable {
    /// Templates kept at most (the newest), and their bytes at most.
    static let templateLimit = 2
    static let templateByteBudget = 256 << 10

    private(set) var templates: [FrameTemplate] = []

    /// Bytes held, estimated for the session's memory budget.
    var estimatedBytes: Int { templates.reduce(0) { $0 + $1.estimatedBytes } }

    /// Keeps `template`; the oldest go past `templateLimit` or `templateByteBudget`.
    mutating func keep(_ template: FrameTemplate) {
        templates.append(template)
        while templates.count > Self.templateLimit || estimatedBytes > Self.templateByteBudget {
            templates.removeFirst()
        }
    }
}
