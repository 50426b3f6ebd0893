// swift-tools-version:6.0
import PackageDescription

// Three layers, arrows pointing down only:
//   credsh (executable: arguments, REPL, batch runner, output)
//     -> CredLSP (the language server over stdio: `credsh lsp`)
//     -> CredServe (the simulated SUSI server over real HTTP: `credsh serve`, `serve start`)
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
        // 4.x: its KDFs (CryptoExtras) need only FoundationEssentials on Linux, not the
        // whole Foundation with ICU, which cost start-up time and binary size.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // HTTP/1.1 for `credsh serve`: llhttp's parser with keep-alive, pipelining, chunked
        // bodies and header limits, and no Foundation (README, "Serving over HTTP").
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
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
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "CredScript",
            dependencies: ["CredSimulator"]
        ),
        .target(
            name: "CredServe",
            dependencies: [
                "CredScript",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // `credsh lsp`: the Language Server Protocol over stdio (framing, JSON-RPC, the few
        // message types it answers); what it answers comes from CredScript's Editor folder.
        .target(
            name: "CredLSP",
            dependencies: ["CredScript", "CredSimulator"]
        ),
        .executableTarget(
            name: "credsh",
            dependencies: [
                "CredScript",
                "CredServe",
                "CredLSP",
                "CReadline",
            ],
            // readline's terminal library, named for the static executable `make build`
            // links (a static archive does not bring its own dependencies along).
            linkerSettings: [.linkedLibrary("tinfo")]
        ),
        .testTarget(name: "CredSimulatorTests", dependencies: ["CredSimulator"]),
        .testTarget(name: "CredScriptTests", dependencies: ["CredScript"]),
        .testTarget(name: "CredServeTests", dependencies: ["CredServe"]),
        .testTarget(name: "CredLSPTests", dependencies: ["CredLSP", "CredScript", "CredSimulator"]),
        // What each fuzz input goes through (Fuzz/Harness): built and tested with everything
        // else, so the harness cannot drift from the language while only `make fuzz` sees it.
        .target(name: "CredFuzzHarness", dependencies: ["CredScript", "CredSimulator"], path: "Fuzz/Harness"),
        .testTarget(name: "CredFuzzHarnessTests", dependencies: ["CredFuzzHarness", "CredScript", "CredSimulator"], path: "Fuzz/Tests"),
        .testTarget(
            name: "credshTests",
            dependencies: ["CredScript"],
            resources: []
        ),
    ]
)

// The fuzz target's `main` (Fuzz/CredFuzz, libFuzzer's driver) exists only for `make fuzz`,
// which sets CREDSH_FUZZ and builds it with `-sanitize=fuzzer` in a build folder of its own:
// a plain `swift build` never links it. lld links it (gold fails on libFuzzer's runtime
// next to SwiftPM's `main`).
if Context.environment["CREDSH_FUZZ"] != nil {
    package.targets.append(.executableTarget(
        name: "CredFuzz",
        dependencies: ["CredFuzzHarness"],
        path: "Fuzz/CredFuzz",
        linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
    ))
}
