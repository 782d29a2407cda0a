/// What the binary was built from: shown by `--version`, the start line and
/// `transition_sim_build_info`.
public struct BuildInfo: Sendable {
    public var version: String
    public var commit: String

    public init(version: String, commit: String) {
        self.version = version
        self.commit = commit
    }

    /// In-process tests and benchmarks, which have no build of their own.
    public static let unknown = BuildInfo(version: "dev", commit: "unknown")
}
