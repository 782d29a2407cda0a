import Foundation
import PackagePlugin

/// Compiles documents the repository keeps once into the targets that serve them, on every
/// build that changes them: the contract (openapi.yaml) into TransitionServer as
/// `OpenAPIDocument.yaml`, and the catalogue's animators (`Catalogue/Animators/NAME.json`) into
/// TransitionCore as `CatalogueFiles.NAME`.
@main
struct EmbedDocuments: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        switch target.name {
        case "TransitionServer":
            let document = context.package.directoryURL.appending(path: "openapi.yaml")
            return [try embed(context, type: "OpenAPIDocument", files: [("yaml", document)])]
        case "TransitionCore":
            let folder = context.package.directoryURL.appending(path: "Sources/TransitionCore/Catalogue/Animators")
            // Sorted: the generated source, and so the build, must not depend on directory order.
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".json") }.sorted()
            return [try embed(context, type: "CatalogueFiles",
                              files: names.map { (String($0.dropLast(5)), folder.appending(path: $0)) })]
        default:
            return []
        }
    }

    private func embed(_ context: PluginContext, type: String, files: [(name: String, url: URL)]) throws -> Command {
        let output = context.pluginWorkDirectoryURL.appending(path: "\(type).swift")
        return .buildCommand(
            displayName: "Embedding \(type)",
            executable: try context.tool(named: "EmbedText").url,
            arguments: [output.path, type] + files.map { "\($0.name)=\($0.url.path)" },
            inputFiles: files.map(\.url),
            outputFiles: [output]
        )
    }
}
