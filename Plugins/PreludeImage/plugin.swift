import PackagePlugin
import Foundation

/// Compiles `prelude/<lowercased target name>/*.scm` at build time into an image the target loads
/// instead of reading, expanding and compiling the prelude at every start (`preludeImage`).
@main
struct PreludeImage: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let name = target.name.lowercased()
        func sources(_ prelude: String) -> [URL] {
            let folder = context.package.directoryURL.appendingPathComponent("prelude").appendingPathComponent(prelude)
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { !$0.hasPrefix(".") && $0.hasSuffix(".scm") }.sorted()
                .map { folder.appendingPathComponent($0) }
        }
        // The image depends on the Scheme prelude too (its macros and variables). The Scheme
        // target's image is of the Scheme prelude itself, in the system environment.
        let own = sources(name), scheme = sources("scheme")
        let isCore = name == "scheme"
        let out = context.pluginWorkDirectoryURL.appendingPathComponent("PreludeImage\(target.name).swift")
        return [.buildCommand(
            displayName: "Compiling the prelude image for \(target.name)",
            executable: try context.tool(named: "prelude-image").url,
            arguments: ["--environment", isCore ? "system" : "(\(name))", "--prefix", "prelude/\(name)/",
                        "--variable", isCore ? "schemePreludeImage" : "preludeImage", out.path]
                + own.map { $0.path } + (isCore ? [] : ["--scheme"] + scheme.map { $0.path }),
            inputFiles: isCore ? own : own + scheme,
            outputFiles: [out])]
    }
}
