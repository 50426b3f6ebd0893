import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

if let files = Launcher.plainFiles(Array(CommandLine.arguments.dropFirst())) {
    exit(Launcher.run(files: files, keepGoing: false, echo: false, output: OutputOptions(format: .text, noColor: false, seed: 0)))
}

// Parse and run by hand rather than with `Credsh.main()`, so that a usage error exits
// with 2 (credsh's documented code) instead of the argument parser's 64.
do {
    var command = try Credsh.parseAsRoot()
    try command.run()
} catch let exit as ExitCode {
    Credsh.exit(withError: exit)
} catch {
    let code = Credsh.exitCode(for: error)
    if code == .success {
        Credsh.exit(withError: error)  // --help and --version print and exit 0
    }
    StandardStreams().writeError(Credsh.fullMessage(for: error) + "\n")
    Credsh.exit(withError: ExitCode(2))
}
