// swift-tools-version:6.0
import PackageDescription

// Layers, arrows pointing down only (docs/development.md draws the graph):
//   credsh (executable: arguments, terminal, processes)
//     -> CredCommandLine (subcommands as values: argument parsing, help, man page, completions)
//     -> CredSuite (`credsh test`: suite running, transcripts, diffs, the worker wire, reports)
//     -> CredLSP (the language server over stdio: `credsh lsp`)
//     -> CredServe (the simulated SDKs' servers over real HTTP: `credsh serve`, `serve start`)
//     -> CredEditor (completion, hover, formatting; the prompt's Tab and pacing)
//     -> CredScript (the evaluator, the commands' implementations, secrets, output, diagrams)
//       -> CredLanguage (lexer, parser, resolver, the command schema, diagnostics)
//         -> CredSimulator (the simulated SDKs and server: pure, deterministic, no I/O)
let package = Package(
    name: "credsh",
    platforms: [.macOS(.v15)],  // 15: the Synchronization module (SignalFlag)
    products: [
        .executable(name: "credsh", targets: ["credsh"]),
        .library(name: "CredLanguage", targets: ["CredLanguage"]),
        .library(name: "CredScript", targets: ["CredScript"]),
        .library(name: "CredSimulator", targets: ["CredSimulator"]),
    ],
    dependencies: [
        // HTTP/1.1 for `credsh serve`: llhttp's parser with keep-alive, pipelining, chunked
        // bodies and header limits, and no Foundation (docs/serving.md).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // PBKDF2-HMAC-SHA256 from the system's Nettle: one function of a library Debian
        // ships, instead of compiling a copy of BoringSSL in every build.
        .systemLibrary(
            name: "CNettle",
            providers: [.apt(["nettle-dev"])]
        ),
        // RE2, the linear-time regular-expression engine behind `~"pattern"` (grammar.md,
        // "Lexical structure" and "Semantics in brief"): a pattern can never backtrack for
        // hours. Its archive links into the static release binary too.
        .systemLibrary(
            name: "CRE2",
            providers: [.apt(["libre2-dev"])]
        ),
        // RE2 is C++: three C calls (compile, search, free) are all credsh needs of it.
        // (The module map's `link` applies only where a module is imported; the shim's C++
        // includes RE2's own header, so it names the library itself.)
        // libstdc++ named too: the static release binary links libre2.a, which does not
        // bring its C++ runtime along as the shared library does.
        .target(name: "RE2Shim", dependencies: ["CRE2"], linkerSettings: [.linkedLibrary("re2"), .linkedLibrary("stdc++")]),
        .target(
            name: "CredSimulator",
            dependencies: ["CNettle"]
        ),
        // The language as text: source files, the lexer, parser and resolver, the command
        // table's schema (what each command takes, not what it does), diagnostics and their
        // codes. It knows no SDK by name: each SDK's words reach it through the table.
        .target(
            name: "CredLanguage",
            dependencies: ["CredSimulator", "RE2Shim"],
            // The runtime calls the reader for every line, and its small functions (the
            // lexer's, a token's copy) inline there only with every body in the module's
            // interface (docs/performance.md, "Modules").
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
        ),
        .target(
            name: "CredScript",
            dependencies: ["CredLanguage", "CredSimulator"]
        ),
        .target(
            name: "CredServe",
            dependencies: [
                "CredLanguage",
                "CredScript",
                "CredSimulator",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // What an editor and the prompt offer while a script is written: completion, hover,
        // symbols, navigation and formatting (for `credsh lsp`), the prompt's Tab completion
        // and the pacing of a sourced script. Above the runtime: it reads scripts as a run would.
        .target(
            name: "CredEditor",
            dependencies: ["CredLanguage", "CredScript", "CredSimulator"]
        ),
        // `credsh lsp`: the Language Server Protocol over stdio (framing, JSON-RPC, the few
        // message types it answers); what it answers comes from CredScript's Editor folder.
        .target(
            name: "CredLSP",
            dependencies: ["CredEditor", "CredLanguage", "CredScript", "CredSimulator"]
        ),
        // The executable's command line as values: each subcommand's syntax (which parses
        // its arguments and prints its help), and the manual page and completion scripts
        // made from the table of them; the options read into CredSuite's values
        // (OutsideVariables: --var, --var-file, --secret).
        .target(
            name: "CredCommandLine",
            dependencies: ["CredSuite", "CredLanguage", "CredScript", "CredSimulator"]
        ),
        // `credsh test` as a library: scripts run, judged against their transcripts, and
        // reported (text, JSON, TAP, JUnit, HTML, coverage); the verdict wire between the
        // runner and its worker processes. The executable starts the processes.
        .target(
            name: "CredSuite",
            dependencies: ["CredLanguage", "CredScript", "CredSimulator"]
        ),
        .executableTarget(
            name: "credsh",
            dependencies: [
                "CredEditor",
                "CredLanguage",
                "CredScript",
                "CredCommandLine",
                "CredSuite",
                "CredServe",
                "CredLSP",
                "CredSimulator",
                "CReadline",
            ],
            // readline's terminal library, named for the static executable `make build`
            // links (a static archive does not bring its own dependencies along).
            linkerSettings: [.linkedLibrary("tinfo")]
        ),
        // `expectEqual`, the tests' equality check as a function: a `#expect` macro costs the
        // test build about 30 ms of CPU to expand and compile, a call about 2 ms
        // (docs/performance.md, "How long make demo and make test take").
        .target(name: "Expectations", path: "Tests/Expectations"),
        .testTarget(name: "CredSimulatorTests", dependencies: ["CredSimulator", "Expectations"]),
        .testTarget(name: "CredScriptTests", dependencies: ["CredEditor", "CredLanguage", "CredScript", "CredSimulator", "Expectations"]),
        .testTarget(name: "CredServeTests", dependencies: ["CredServe", "CredLanguage", "CredScript", "CredSimulator", "Expectations"]),
        .testTarget(name: "CredCommandLineTests", dependencies: ["CredCommandLine", "CredSuite", "CredLanguage", "CredScript", "Expectations"]),
        .testTarget(name: "CredSuiteTests", dependencies: ["CredSuite", "CredLanguage", "CredScript", "CredSimulator", "Expectations"]),
        .testTarget(name: "CredLSPTests", dependencies: ["CredLSP", "CredEditor", "CredLanguage", "CredScript", "CredSimulator", "Expectations"]),
        // What each fuzz input goes through (Fuzz/Harness): built and tested with everything
        // else, so the harness cannot drift from the language while only `make fuzz` sees it.
        .target(name: "CredFuzzHarness", dependencies: ["CredEditor", "CredLanguage", "CredScript", "CredSimulator", "CredLSP"], path: "Fuzz/Harness"),
        .testTarget(name: "CredFuzzHarnessTests", dependencies: ["CredFuzzHarness", "CredLanguage", "CredScript", "CredSimulator", "Expectations"], path: "Fuzz/Tests"),
        .testTarget(
            name: "credshTests",
            dependencies: ["CredLanguage", "CredScript", "CredSimulator", "Expectations"],
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
