/// The Scheme prelude this tool's copy of the Scheme module loads: read from the files named on the
/// command line (a tool built for a plugin gets no plugin-generated sources, so it cannot embed them).
var embeddedSchemeSources: [(name: String, text: String)] = []
/// This tool's copy of the Scheme module has no image of its own prelude: it loads the source.
let schemePreludeImage: String? = nil
