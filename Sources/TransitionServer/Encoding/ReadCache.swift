import TransitionCore

/// What the series writer (`SeriesWriter`) keeps of a session's current state between reads:
/// the frame templates of it (`FrameTemplate`), oldest first, so that the next snapshot of that
/// state is spliced rather than written in full, and the worlds it reaches by running its
/// completions (`SettledWorlds`), so that a read past a completion neither runs it again nor
/// makes its template again (a template holds only for worlds that share their views). The
/// session holds it, counts its bytes, and drops it at every change. Immutable templates and
/// worlds (values): sessions share them across threads.
struct ReadCache: Sendable {
    /// Templates kept at most (the newest), and their bytes at most.
    static let templateLimit = 2
    static let templateByteBudget = 256 << 10

    private(set) var templates: [FrameTemplate] = []
    var settled = SettledWorlds()

    /// Bytes held, estimated for the session's memory budget.
    var estimatedBytes: Int { templateBytes + settled.estimatedBytes }

    private var templateBytes: Int { templates.reduce(0) { $0 + $1.estimatedBytes } }

    /// Keeps `template`; the oldest go past `templateLimit` or `templateByteBudget`.
    mutating func keep(_ template: FrameTemplate) {
        templates.append(template)
        while templates.count > Self.templateLimit || templateBytes > Self.templateByteBudget {
            templates.removeFirst()
        }
    }
}
