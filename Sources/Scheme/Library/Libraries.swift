extension Runtime {
    /// Installs every Swift builtin table of the standard library.
    func installLibraries() {
        install(numberBuiltins)
        install(bitwiseBuiltins)
        installStandardLibrary()
    }
}
