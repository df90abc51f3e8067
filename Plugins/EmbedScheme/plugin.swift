import PackagePlugin
import Foundation

/// Embeds `prelude/<lowercased target name>/*.scm` into the target as Swift string literals, and
/// the files of `assets/<lowercased target name>/` (the `htll serve` page) the same way.
@main
struct EmbedScheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let name = target.name.lowercased()
        let root = context.package.directoryURL
        func files(_ folder: URL, _ keep: (String) -> Bool) -> [URL] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { !$0.hasPrefix(".") && keep($0) }.sorted()
                .map { folder.appendingPathComponent($0) }
        }
        func command(_ what: String, _ inputs: [URL], _ output: String, _ variable: String) throws -> Command {
            let out = context.pluginWorkDirectoryURL.appendingPathComponent(output)
            return .buildCommand(
                displayName: "Embedding \(what) for \(target.name)",
                executable: try context.tool(named: "embed-scm").url,
                arguments: ["--variable", variable, out.path] + inputs.map { $0.path },
                inputFiles: inputs,
                outputFiles: [out])
        }
        let sources = files(root.appendingPathComponent("prelude").appendingPathComponent(name)) { $0.hasSuffix(".scm") }
        var commands = [try command("Scheme sources", sources, "Embedded\(target.name).swift", "embeddedSchemeSources")]
        let assets = files(root.appendingPathComponent("assets").appendingPathComponent(name)) { _ in true }
        if !assets.isEmpty {
            commands.append(try command("assets", assets, "EmbeddedAssets\(target.name).swift", "embeddedAssets"))
        }
        return commands
    }
}
