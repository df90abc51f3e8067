// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "htll",
    products: [
        .library(name: "Scheme", targets: ["Scheme"]),
        .library(name: "HTLL", targets: ["HTLL"]),
        .executable(name: "htll", targets: ["htll"]),
    ],
    targets: [
        // Turns prelude/<target>/*.scm into Swift string literals, so the binary is self-contained.
        .executableTarget(name: "embed-scm", path: "Sources/embed-scm"),
        .plugin(name: "EmbedScheme", capability: .buildTool(), dependencies: ["embed-scm"],
                path: "Plugins/EmbedScheme"),
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        .target(name: "CReplSignal", path: "Sources/CReplSignal"),
        .target(name: "Scheme", path: "Sources/Scheme",
                plugins: ["EmbedScheme"]),
        .target(name: "HTLL", dependencies: ["Scheme"], path: "Sources/HTLL",
                plugins: ["EmbedScheme"]),
        .executableTarget(name: "htll", dependencies: ["Scheme", "HTLL", "CReadline", "CReplSignal"], path: "Sources/htll"),
        .testTarget(name: "SchemeTests", dependencies: ["Scheme"], path: "Tests/SchemeTests"),
        .testTarget(name: "HTLLTests", dependencies: ["HTLL", "Scheme"], path: "Tests/HTLLTests"),
        .testTarget(name: "htllTests", dependencies: ["htll"], path: "Tests/htllTests"),
    ],
    swiftLanguageModes: [.v5]
)
