// swift-tools-version:6.0
import PackageDescription

// Three layers, arrows pointing down only:
//   credsh (executable: arguments, REPL, batch runner, output)
//     -> CredScript (lexer, parser, evaluator, command table, diagnostics)
//       -> CredSimulator (the simulated SDKs and server: pure, deterministic, no I/O)
let package = Package(
    name: "credsh",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "credsh", targets: ["credsh"]),
        .library(name: "CredScript", targets: ["CredScript"]),
        .library(name: "CredSimulator", targets: ["CredSimulator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        .target(
            name: "CredSimulator",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "CredScript",
            dependencies: ["CredSimulator"]
        ),
        .executableTarget(
            name: "credsh",
            dependencies: [
                "CredScript",
                "CReadline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CredSimulatorTests", dependencies: ["CredSimulator"]),
        .testTarget(name: "CredScriptTests", dependencies: ["CredScript"]),
        .testTarget(
            name: "credshTests",
            dependencies: ["CredScript"],
            resources: []
        ),
    ]
)
