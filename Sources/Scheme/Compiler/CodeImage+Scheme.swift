/// Preludes compiled ahead of time, for embedders with a prelude of their own (HTLL's).
extension Scheme {
    /// Expands and compiles system code (a prelude: `sources` as file name and text, in load order)
    /// for `environment` without running it, into an image's text for `evaluateSystemImage`. A build
    /// tool's job: `environment` must be made as the one the image will load into (by
    /// `makeSystemEnvironment`), and the variables the host defines in it may be left undefined.
    public func compileSystemImage(_ sources: [(file: String, text: String)], in environment: Environment) throws -> String {
        try runtime.compileImage(sources, in: environment)
    }

    /// Runs a prelude image made by `compileSystemImage` in `environment`: what `evaluateSystemCode`
    /// of its sources does, without reading, expanding and compiling them again. A damaged image
    /// (or one of another build) throws `InvalidSystemImage` before running anything, but leaves
    /// `environment` unusable: make a new one and evaluate the sources there.
    @discardableResult
    public func evaluateSystemImage(_ image: String, in environment: Environment) throws -> Value {
        let forms = try runtime.readImage(image, in: environment)
        return try withLimits(system: true) { () throws(SchemeError) -> Value in
            try runtime.runImage(forms, in: environment)
        }
    }
}
