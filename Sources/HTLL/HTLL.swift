import Scheme

/// The HTLL layout language: loads the layout prelude into a Scheme instance.
public enum HTLL {
    /// The names of the embedded prelude files, in load order.
    public static var preludeFiles: [String] { embeddedSchemeSources.map { $0.name } }
}
