// swift-tools-version: 6.2
// A Swift client of transition-sim, generated at build time from the repository's openapi.yaml by
// Apple's swift-openapi-generator build plugin. A package of its own, apart from the root one, so
// that building the service never resolves, fetches or builds the generator and its transports.
import PackageDescription

let package = Package(
    name: "transition-sim-client",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "TransitionSimClient", targets: ["TransitionSimClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
    ],
    targets: [
        // The generated types and client; the caller chooses the transport.
        .target(
            name: "TransitionSimClient",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The README walkthrough through the generated client over async-http-client, printing
        // what it read as one JSON report (tests/contract/test_generated_swift.py compares it with
        // the server's raw JSON).
        .executableTarget(
            name: "TransitionSimWalkthrough",
            dependencies: [
                "TransitionSimClient",
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
            ]
        ),
    ]
)
