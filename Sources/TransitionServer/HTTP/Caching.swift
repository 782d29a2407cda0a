/// Caching rules by route: answers that are a pure function of the request (and a session's log)
/// get a strong ETag, so a client can ask again with `If-None-Match` and get a bodiless 304.
enum Caching: Sendable {
    /// Probes, metrics and changes: no validator.
    case none
    /// A session's state: it changes with every action, so caches ask each time (`no-cache`).
    case revalidate
    /// The same bytes for as long as this binary runs (catalogue, contract): an hour unasked.
    case fixed

    var cacheControl: String? {
        switch self {
        case .none: nil
        case .revalidate: "no-cache"
        case .fixed: "max-age=3600"
        }
    }
}
