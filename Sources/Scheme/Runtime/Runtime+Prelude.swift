/// Loading the Scheme prelude (`prelude/scheme`) into a new runtime.
extension Runtime {
    /// Whether `loaded` runs the prelude image built into the binary (tests compare it with the source).
    nonisolated(unsafe) static var usesPreludeImage = true

    /// A runtime with the core builtins and the Scheme prelude loaded, not yet sealed. The prelude
    /// comes from its image, compiled at build time by the PreludeImage plugin (`schemePreludeImage`):
    /// reading, expanding and compiling its source was two thirds of `htll -e 1` (issue 17). An image
    /// refused as damaged has run nothing, but has spoiled the system environment (variables it
    /// declared), so the source is then evaluated in a new runtime.
    static func loaded(sandbox: Bool, image: String? = usesPreludeImage ? schemePreludeImage : nil) -> Runtime {
        if let image {
            let rt = core(sandbox: sandbox)
            if let forms = try? rt.readImage(image, in: rt.system) {
                do {
                    _ = try rt.runImage(forms, in: rt.system)
                } catch {
                    // The image passed its checks, so this is the prelude's own error: a build defect.
                    fatalError("Scheme prelude image failed to run: \(error.report)")
                }
                return rt
            }
        }
        let rt = core(sandbox: sandbox)
        for (name, text) in embeddedSchemeSources {
            do {
                _ = try rt.evaluateSource(text, file: preludeFolder + name, in: rt.system)
            } catch {
                // The prelude is part of the binary and tested; failing here is a build defect.
                fatalError("Scheme prelude \(name) failed to load: \(error.report)")
            }
        }
        return rt
    }

    /// The folder the prelude's files are named in (in locations and the image).
    static let preludeFolder = "prelude/scheme/"

    /// A new runtime with the special forms and the core builtins, before the prelude.
    private static func core(sandbox: Bool) -> Runtime {
        let rt = Runtime()
        rt.sandboxed = sandbox
        rt.installCore()
        return rt
    }
}
