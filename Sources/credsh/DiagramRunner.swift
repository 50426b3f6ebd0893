import CredScript
import CredSimulator

/// `credsh diagram FILE… [-o out.svg] [--format svg|mermaid]`: runs the scripts as a
/// plain run would, silently, and draws what they did.
enum DiagramRunner {
    struct Configuration {
        var files: [String]
        var output: String?
        var format: DiagramFormat
        var title: String
        var keepGoing: Bool
        var seed: UInt64

        init(_ parsed: ParsedArguments, _ syntax: CommandSyntax) throws(UsageError) {
            files = parsed.positionals
            output = parsed.value(DiagramOptions.output)
            switch parsed.value(DiagramOptions.format) {
            case nil: format = output.flatMap { DiagramFormat(path: $0) } ?? .svg
            case "svg": format = .svg
            case "mermaid": format = output.flatMap { DiagramFormat(path: $0) } == .markdown ? .markdown : .mermaid
            case let other?:
                throw UsageError("The value '\(other)' is invalid for '--format <format>'. Please provide one of 'svg' and 'mermaid'.", syntax)
            }
            title = parsed.value(DiagramOptions.title) ?? files.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
            keepGoing = parsed.has(Subcommands.keepGoing)
            seed = try parsed.seed(syntax)
        }
    }

    static func run(_ configuration: Configuration) -> Int32 {
        let streams = StandardStreams()
        let host = OutputOptions(format: RunFormats.default, noColor: true, seed: configuration.seed).makeHost(streams: streams)
        host.quiet = true
        host.diagramRecorder = SequenceDiagram.Recorder()
        let options = Evaluator.Options(echo: true, keepGoing: configuration.keepGoing)
        let evaluator = Evaluator(simulation: Simulation(seed: configuration.seed), options: options, host: host)
        host.activeSDK = { [unowned evaluator] in evaluator.simulation.activeCatalog.name }
        let code = BatchRunner.run(paths: configuration.files, evaluator: evaluator, host: host)
        // A script that does not parse ran nothing, and one that cannot be read is not there
        // to draw; but a run that went on after an I/O error (`source` of a missing file,
        // with --keep-going) drew what it did, and the most severe code is still 4.
        guard let diagram = host.sessionDiagram(title: configuration.title),
              !diagram.steps.isEmpty || (code != 2 && code != 4) else { return code }
        let text = configuration.format.render(diagram)
        if let path = configuration.output {
            do { try FileSystem.write(path, Array(text.utf8), mode: .replace(newMode: 0o644)) } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                return 4
            }
        } else {
            streams.write(text)
        }
        streams.flush()
        return code
    }
}
