import PackagePlugin

/// Compiles the contract into TransitionServer as `OpenAPIDocument.yaml`, from openapi.yaml
/// itself, on every build that changes it: the repository keeps one copy of the document.
@main
struct EmbedDocuments: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let document = context.package.directoryURL.appending(path: "openapi.yaml")
        let output = context.pluginWorkDirectoryURL.appending(path: "OpenAPIDocument.swift")
        return [.buildCommand(
            displayName: "Embedding openapi.yaml",
            executable: try context.tool(named: "EmbedText").url,
            arguments: [output.path, "OpenAPIDocument", "yaml=\(document.path)"],
            inputFiles: [document],
            outputFiles: [output]
        )]
    }
}
