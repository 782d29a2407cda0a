// swift-tools-version: 6.0
// Data flow, one target per stage:
//   CMicroHTTPD (libmicrohttpd via pkg-config) → CHTTPShim (thin C: gather request, queue response)
//   → TransitionSim (executable: flags, signals, the MHD bridge) → TransitionServer (router, sessions,
//   encoding, errors, metrics) → TransitionCore (pure simulation, no I/O) ; JSONCodec (pure JSON bytes ⇄ values).
//   TransitionServer compresses answers with zlib (CZlib, via pkg-config). CBuildInfo holds the
//   version and commit the build passes in.
//   Sessions may be stored beyond the process: RedisJournal (CHiredis, libhiredis via pkg-config)
//   implements TransitionServer's SessionJournal, and the executable chooses it with --store.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

// What `--version`, the start line and transition_sim_build_info say. scripts/run, scripts/test
// and the Dockerfile pass the commit; the version follows openapi.yaml's info.version.
let version = Context.environment["TRANSITION_SIM_VERSION"].flatMap { $0.isEmpty ? nil : $0 } ?? "0.1.0"
let commit = Context.environment["TRANSITION_SIM_COMMIT"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"

let package = Package(
    name: "transition-sim",
    products: [
        .executable(name: "transition-sim", targets: ["TransitionSim"]),
        .executable(name: "transition-bench", targets: ["TransitionBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(name: "CHTTPShim", dependencies: ["CMicroHTTPD"]),
        .target(name: "CBuildInfo", cSettings: [.define("TRANSITION_SIM_VERSION", to: "\"\(version)\""),
                                                .define("TRANSITION_SIM_COMMIT", to: "\"\(commit)\"")]),
        .systemLibrary(
            name: "CHiredis",
            // No pkgConfig: hiredis's .pc adds -D_FILE_OFFSET_BITS=64, which SwiftPM refuses with a
            // warning; the header is at <hiredis/hiredis.h> and the module map links the library.
            providers: [.apt(["libhiredis-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "JSONCodec", swiftSettings: strict),
        // The catalogue's animators are JSON files, compiled in by the same plugin.
        .target(name: "TransitionCore", dependencies: ["JSONCodec"], exclude: ["Catalogue/Animators"], swiftSettings: strict,
                plugins: ["EmbedDocuments"]),
        .target(name: "TransitionServer", dependencies: ["TransitionCore", "JSONCodec", "CZlib"], swiftSettings: strict,
                plugins: ["EmbedDocuments"]),
        // openapi.yaml and the catalogue compiled in at build time (one copy of each).
        .executableTarget(name: "EmbedText", swiftSettings: strict),
        .plugin(name: "EmbedDocuments", capability: .buildTool(), dependencies: ["EmbedText"]),
        .target(name: "RedisJournal", dependencies: ["TransitionServer", "CHiredis"], swiftSettings: strict),
        .executableTarget(name: "TransitionSim", dependencies: ["TransitionServer", "RedisJournal", "CHTTPShim", "CBuildInfo"], swiftSettings: strict),
        // The bench proves the writer's digits with the unit tests' oracle and samples (`digits N`).
        .executableTarget(name: "TransitionBench", dependencies: ["TransitionServer", "TransitionCore", "JSONCodec", "CHTTPShim", "TestSupport"],
                          swiftSettings: strict),
        // What the test targets share: a seeded generator, the repository's files, and the proof
        // of the writer's shortest digits (the former method as an oracle).
        .target(name: "TestSupport", dependencies: ["JSONCodec"], path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "JSONCodecTests", dependencies: ["JSONCodec", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "TransitionCoreTests", dependencies: ["TransitionCore", "JSONCodec", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "TransitionServerTests", dependencies: ["TransitionServer", "TransitionCore", "JSONCodec", "TestSupport"], swiftSettings: strict),
    ]
)
