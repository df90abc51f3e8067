// swift-tools-version:6.0
import PackageDescription

// Sanitizer builds (fuzz/sanitize sets HTLL_SANITIZER_BUILD) link the command against the shared
// Swift runtime: ThreadSanitizer's runtime, linked into a binary that carries the standard library
// statically, does not serve the allocations of shared libraries (readline, the C library's own
// callers), and freeing their memory stopped the instrumented command at its first REPL line.
let linksStatically = Context.environment["HTLL_SANITIZER_BUILD"] == nil

let package = Package(
    name: "htll",
    products: [
        .library(name: "Scheme", targets: ["Scheme"]),
        .library(name: "HTLL", targets: ["HTLL"]),
        .executable(name: "htll", targets: ["HTLLTool"]),
    ],
    targets: [
        // Turns prelude/<target>/*.scm into Swift string literals, so the binary is self-contained.
        .executableTarget(name: "embed-scm", path: "Sources/embed-scm"),
        .plugin(name: "EmbedScheme", capability: .buildTool(), dependencies: ["embed-scm"],
                path: "Plugins/EmbedScheme"),
        // Compiles a prelude ahead of time into an image the target loads at start-up (Scheme's, HTLL's).
        // It compiles the Scheme sources itself (a link in its folder): see its main.swift.
        .executableTarget(name: "prelude-image", path: "Sources/prelude-image"),
        .plugin(name: "PreludeImage", capability: .buildTool(), dependencies: ["prelude-image"],
                path: "Plugins/PreludeImage"),
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        .target(name: "CReplSignal", path: "Sources/CReplSignal"),
        // glibc's allocator tuning (mallopt), for the command's ProcessMemory.
        .target(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "Scheme", path: "Sources/Scheme",
                plugins: ["EmbedScheme", "PreludeImage"]),
        .target(name: "HTLL", dependencies: ["Scheme"], path: "Sources/HTLL",
                plugins: ["EmbedScheme", "PreludeImage"]),
        // The `htll` command's code: arguments, modes, the REPL. A library, so that its tests link it
        // without the executable's static runtime (below).
        .target(name: "HTLLShell", dependencies: ["Scheme", "HTLL", "CReadline", "CReplSignal", "CMalloc"], path: "Sources/HTLLShell"),
        // The `htll` command itself (main.swift). Its folder differs from `HTLL` by more than case: macOS
        // file systems ignore case. On Linux it links the Swift runtime and FoundationEssentials
        // statically, so the binary runs where no Swift toolchain is installed and starts in half the
        // time (no dynamic loading of a dozen Swift libraries; bench/README.md, "Start-up").
        // The two `-l` flags: FoundationEssentials' static archive needs its two helper archives, which
        // the autolink entries of modules compiled against the shared runtime do not name. A test
        // target must not depend on this target: its linker settings would reach the test bundle,
        // which links the shared XCTest runtime.
        .executableTarget(name: "HTLLTool", dependencies: ["HTLLShell"], path: "Sources/HTLLTool",
                          linkerSettings: linksStatically
                              ? [.unsafeFlags(["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims"],
                                              .when(platforms: [.linux]))]
                              : []),
        // Checks generated Objective-C (a stand-in UIKit header from the tables, a statement grammar):
        // for the tests and the generated-code fuzz target, not part of any product.
        .target(name: "HTLLCodeCheck", dependencies: ["HTLL", "Scheme"], path: "Sources/HTLLCodeCheck"),
        .testTarget(name: "SchemeTests", dependencies: ["Scheme"], path: "Tests/SchemeTests"),
        .testTarget(name: "HTLLTests", dependencies: ["HTLL", "Scheme", "HTLLCodeCheck"], path: "Tests/HTLLTests"),
        .testTarget(name: "HTLLToolTests", dependencies: ["HTLLShell"], path: "Tests/HTLLToolTests"),
        // The Scheme, R7RS, hostile and golden-layout suites again, under GC stress: these folders hold
        // links to those test files, compiled with GC_STRESS (see Tests/SchemeTests/GCStress.swift).
        .testTarget(name: "SchemeStressTests", dependencies: ["Scheme"], path: "Tests/SchemeStressTests",
                    swiftSettings: [.define("GC_STRESS")]),
        .testTarget(name: "HTLLStressTests", dependencies: ["HTLL", "Scheme"], path: "Tests/HTLLStressTests",
                    swiftSettings: [.define("GC_STRESS")]),
    ],
    swiftLanguageModes: [.v5]
)
