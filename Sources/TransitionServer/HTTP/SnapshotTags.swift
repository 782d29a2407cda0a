import TransitionCore

/// ETags of the JSON snapshot routes, derived from what determines their bytes instead of a hash
/// of the bytes (a snapshot of the benchmark scene is 23 KB; these are a few dozen words).
///
/// A snapshot answer is a function of: the session's version (its creation and its log, which
/// the simulation replays deterministically: `SessionLog.version`); the times it shows, as read
/// (so `t=0.1` and `t=0.10` are one query) and, when `t` is left out, the session time it
/// resolved to; for a wall-clock session whose clock moved since its last change, that real
/// time (`SessionHistory.caughtUp`), when a frame starts from the state at it; the
/// representation (route, `flat`, `precision`, `changes`; the coding is the tag's suffix); and
/// the build that writes it (`Application.tagSeed`). docs/performance.md § The HTTP path.
extension Application {
    /// What every derived tag of this process starts from: the binary (its GNU build id, or its
    /// version and commit when it has none) and `--max-response-bytes`, the one option that
    /// reaches the encoders (it decides between the answer and a 413, and is mixed in so that a
    /// future limit that shapes bodies is not forgotten here).
    static func tagSeed(build: BuildInfo, configuration: ServerConfiguration) -> UInt64 {
        var seed = EntityTag.Derivation(seed: 0x7472_616e_7369_7469)  // "transiti"
        seed.combine(Array(build.version.utf8))
        seed.combine(Array(build.commit.utf8))
        seed.combine(Array(build.binaryID.utf8))
        seed.combine(configuration.maxResponseBytes)
        return seed.value
    }

    /// The JSON snapshot routes, for `snapshotTag`.
    enum SnapshotRoute: UInt64 {
        case snapshot = 1, snapshots = 2
    }

    /// The tag of the JSON frames of `read`'s history at `times` (in the order asked), written by
    /// `route` with these options. (Its members are read where the read holds the history: a
    /// handler that passed the history on copied it, a world and a score of references.)
    func snapshotTag(_ route: SnapshotRoute, of read: Session.Read, times: [Double], flat: Bool, precision: Int?,
                     changes: Bool = false) -> UInt64 {
        var tag = EntityTag.Derivation(seed: tagSeed)
        tag.combine(route.rawValue)
        tag.combine(read.history.log.version)
        tag.combine(read.history.log.endIndex)
        // A frame at or after the current world's time starts from it (`SessionHistory.forEachWorld`);
        // one that was advanced to real time shows that time's effects (a diagnostic's time).
        let now = read.history.current.now
        if read.history.caughtUp, let last = times.max(), last >= now {
            tag.combine(3)
            tag.combine(now)
        }
        tag.combine(times.count)
        for t in times { tag.combine(t) }
        tag.combine(flat ? 1 : 0)
        tag.combine(precision.map { $0 + 1 } ?? 0)
        tag.combine(changes ? 1 : 0)
        return tag.value
    }
}
