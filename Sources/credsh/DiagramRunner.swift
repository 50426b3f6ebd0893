import CredLanguage
import CredScript
import CredCommandLine
import CredSuite
import CredServe
import CredSimulator

/// `credsh diagram FILE… [-o out.svg] [--format svg|mermaid]`: runs the scripts as a
/// plain run would, silently, and draws what they did. The file's name says what it
/// holds (`DiagramFormat`): any other ending, or a `--format` that contradicts it, is a
/// usage error (a FIFO or a device has no name to say it, and takes `--format`); with no
/// `-o`, a terminal gets Mermaid text (as the prompt's `diagram` prints), never raw SVG.
enum DiagramRunner {
    struct Configuration {
        var files: [String]
        var output: String?
        var format: DiagramFormat
        var title: String
        var keepGoing: Bool
        /// Each script in a simulation and a column of its own (`--side-by-side`).
        var sideBySide: Bool
        var seed: UInt64
        var outside: OutsideVariables
        /// `--show-secrets`: the practice secrets drawn as typed, the picture saying so (ShownSecrets).
        var showSecrets: Bool

        init(_ parsed: ParsedArguments, _ syntax: CommandSyntax) throws(UsageError) {
            files = parsed.positionals
            outside = try OutsideVariables(parsed, syntax)
            output = parsed.value(DiagramOptions.output)
            var fileFormat: DiagramFormat?
            if let output {
                if let named = DiagramFormat(path: output) {
                    fileFormat = named
                } else if ReportFile.standardStream(output) == nil, !FileSystem.isStream(output) {
                    // A pipe or a device (`-o -`, `-o /dev/stdout`) is no file to name: it takes what --format says.
                    throw UsageError(DiagramFormat.refusal(output), syntax)
                }
            }
            let terminal = (output == nil || output.flatMap(ReportFile.standardStream) == 1) && StandardStreams.stdoutIsTerminal
            switch parsed.value(DiagramOptions.format) {
            case nil:
                format = fileFormat ?? (terminal ? .mermaid : .svg)
            case "svg":
                if let fileFormat, fileFormat.isMermaid, let output {
                    throw UsageError("--format svg writes a .svg or .html file, not '\(TerminalSafe.text(output))' (Mermaid)", syntax)
                }
                if terminal {
                    throw UsageError("--format svg would print raw SVG on the terminal: write it with -o FILE.svg (or FILE.html), or pipe it", syntax)
                }
                format = fileFormat ?? .svg
            case "mermaid":
                if let fileFormat, !fileFormat.isMermaid, let output {
                    throw UsageError("--format mermaid writes a .mmd or .md file, not '\(TerminalSafe.text(output))'", syntax)
                }
                format = fileFormat ?? .mermaid
            case let other?:
                throw UsageError("The value '\(other)' is invalid for '--format <format>'. Please provide one of 'svg' and 'mermaid'.", syntax)
            }
            title = parsed.value(DiagramOptions.title) ?? files.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
            keepGoing = parsed.has(Subcommands.keepGoing)
            sideBySide = parsed.has(DiagramOptions.sideBySide)
            if sideBySide, !(2...DiagramRunner.maximumSideBySide).contains(files.count) {
                throw UsageError("--side-by-side draws 2 to \(DiagramRunner.maximumSideBySide) scripts, each in a column of its own; got \(files.count)", syntax)
            }
            seed = try parsed.seed(syntax)
            showSecrets = parsed.has(DiagramOptions.showSecrets)
        }
    }

    /// The most runs `--side-by-side` draws: columns beyond it would be too narrow to read
    /// on a projector.
    static let maximumSideBySide = 4

    static func run(_ configuration: Configuration) -> Int32 {
        let streams = StandardStreams()
        // Side by side, each script runs alone in a simulation of its own (the same seed),
        // so each column shows one flow from the start.
        let runs = configuration.sideBySide ? configuration.files.map { [$0] } : [configuration.files]
        var diagrams: [SequenceDiagram] = []
        var codes: [Int32] = []
        var narration: [String: [String]] = [:]
        for files in runs {
            let title = configuration.sideBySide ? (files[0] == "-" ? "standard input" : files[0]) : configuration.title
            let (drawn, code, secrets) = draw(files, title: title, configuration)
            codes.append(code)
            // A script that does not parse ran nothing, and one that cannot be read is not there
            // to draw; but a run that went on after an I/O error (`source` of a missing file,
            // with --keep-going) drew what it did, and the most severe code is still 4.
            guard let diagram = drawn, !diagram.steps.isEmpty || (code != 2 && code != 4) else { return code }
            diagrams.append(diagram)
            if configuration.format == .html {
                narration.merge(Self.narration(files, secrets: secrets, shown: diagram.secretsShown)) { $1 } }
        }
        let code = ExitCode.mostSevere(codes)
        let text = configuration.sideBySide
            ? configuration.format.render(sideBySide: diagrams, title: configuration.title, narration: narration)
            : configuration.format.render(diagrams[0], narration: narration)
        if let path = configuration.output {
            do { try ReportFile.write(path, text, streams: streams) } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                return 4
            }
        } else {
            streams.write(text)
        }
        streams.flush()
        return code
    }

    /// Runs scripts in one simulation, silently, as a plain run would: what they drew, the
    /// run's exit code, and the secrets it came to know.
    static func draw(_ files: [String], title: String, _ configuration: Configuration) -> (SequenceDiagram?, Int32, KnownSecrets) {
        let host = OutputOptions(format: RunFormats.default, noColor: true, seed: configuration.seed).makeHost(streams: StandardStreams())
        host.quiet = true
        var options = Evaluator.Options(echo: true, keepGoing: configuration.keepGoing)
        options.narrates = true  // the comment above a command: a note across the lifelines
        let evaluator = Evaluator(simulation: Simulation(seed: configuration.seed), options: options, host: host)
        configuration.outside.bind(into: evaluator)
        let diagram = DiagramFollower { [unowned evaluator] in evaluator.simulation.activeSDK }
        evaluator.events.subscribe(diagram)
        // A handout is a picture people read: `--show-secrets`, and a script's own
        // `secrets shown|masked`, draw the practice secrets as typed (ShownSecrets); the page
        // is `credsh --live`'s, not a drawing's.
        evaluator.events.secrets.shown = configuration.showSecrets
        diagram.secretsShown = configuration.showSecrets
        host.classroomHook = { [unowned evaluator, unowned diagram] request throws(HostError) in
            guard case .secrets(let shown) = request else {
                throw HostError("credsh diagram draws a picture and serves no live page: for one, run credsh --live SCRIPT")
            }
            evaluator.events.secrets.shown = shown
            diagram.secretsShown = shown
            return [shown ? SecretLedger.shownBanner : "secrets masked again"]
        }
        let code = BatchRunner.run(paths: files, evaluator: evaluator, host: host)
        return (diagram.diagram(title: title), code, evaluator.events.secrets.values)
    }

    /// The comment lines before each command of the scripts, for a page: secrets the run
    /// knows masked, and any `NAME=VALUE` whose name is a secret's, unless the picture shows
    /// the secrets (`shown`: `--show-secrets`). Standard input was read once, by the run: it has none.
    static func narration(_ files: [String], secrets: KnownSecrets, shown: Bool = false) -> [String: [String]] {
        var all: [String: [String]] = [:]
        for file in files where file != "-" {
            guard let bytes = try? FileSystem.read(file) else { continue }
            for (location, lines) in ScriptComments.narration(in: String(decoding: bytes, as: UTF8.self), file: file) {
                all[location] = shown ? lines : lines.map(secrets.redactComment)
            }
        }
        return all
    }
}
