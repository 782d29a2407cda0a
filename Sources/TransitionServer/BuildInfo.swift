/// What the binary was built from: shown by `--version`, the start line and
/// `transition_sim_build_info`.
public struct BuildInfo: Sendable {
    public var version: String
    public var commit: String
    /// The executable's GNU build id in hex (a hash the linker makes of the binary), "" when it
    /// has none: it tells two builds of one commit apart, which derived ETags must
    /// (`Application.tagSeed`).
    public var binaryID: String

    public init(version: String, commit: String, binaryID: String = "") {
        self.version = version
        self.commit = commit
        self.binaryID = binaryID
    }

    /// In-process tests and benchmarks, which have no build of their own.
    public static let unknown = BuildInfo(version: "dev", commit: "unknown")
}
