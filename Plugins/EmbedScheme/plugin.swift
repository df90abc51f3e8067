import PackagePlugin
import Foundation

/// Embeds `prelude/<lowercased target name>/*.scm` into the target as Swift string literals.
@main
struct EmbedScheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let dir = context.package.directoryURL.appendingPathComponent("prelude")
            .appendingPathComponent(target.name.lowercased())
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".scm") }.sorted()
            .map { dir.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Embedded\(target.name).swift")
        return [.buildCommand(
            displayName: "Embedding Scheme sources for \(target.name)",
            executable: try context.tool(named: "embed-scm").url,
            arguments: [output.path] + files.map { $0.path },
            inputFiles: files,
            outputFiles: [output])]
    }
}
