import CredCommandLine
import CredLanguage
import CredScript
import CredSuite

/// `credsh coverage merge FILE… [-o OUT.json] [--html OUT.html] [--min PERCENT]`: adds
/// up what several runs met (CI shards, several devices' servers, `credsh test --coverage
/// --format json` output), prints a short summary, writes the sum and its page, and with
/// `--min` fails below the share, naming what was never met (docs/coverage.md, "Coverage
/// of an app").
enum CoverageCommand {
    static let verb = "merge"

    struct Configuration {
        var files: [String]
        var output: String?
        var html: String?
        /// Hundredths of a percent (7250: 72.5%).
        var minimum: Int?

        init(_ parsed: ParsedArguments, _ syntax: CommandSyntax) throws(UsageError) {
            guard let first = parsed.positionals.first, first == CoverageCommand.verb else {
                let given = parsed.positionals.first.map { ", not '\(TerminalSafe.text($0))'" } ?? ""
                throw UsageError("coverage takes the verb merge\(given): credsh coverage merge FILE…", syntax)
            }
            files = Array(parsed.positionals.dropFirst())
            guard !files.isEmpty else { throw UsageError("coverage merge takes the coverage files to add up", syntax) }
            output = parsed.value(CoverageOptions.output)
            html = parsed.value(CoverageOptions.html)
            for (option, value) in [("-o", output), ("--html", html)] where value?.isEmpty == true {
                throw UsageError("\(option) takes a file to write", syntax)
            }
            // Neither is written over a script or a file it adds up, nor over the other.
            let given = WrittenOverInput.identities(files)
            for (option, value, suggestion) in [(CoverageOptions.output, output, "coverage.json"), (CoverageOptions.html, html, "coverage.html")] {
                guard let value, ReportFile.standardStream(value) == nil else { continue }
                try WrittenOverInput.refuse(value, option: option, writing: "the sum", suggestion: suggestion, given: given, syntax)
            }
            if let output, output == html, ReportFile.standardStream(output) == nil {
                throw UsageError("-o and --html name the same file '\(TerminalSafe.text(output))'", syntax)
            }
            if let text = parsed.value(CoverageOptions.minimum) {
                guard let hundredths = CoverageSummary.hundredths(text) else {
                    throw UsageError("--min takes a percent from 0 to 100 (such as 80 or 72.5), not '\(TerminalSafe.text(text))'", syntax)
                }
                minimum = hundredths
            }
        }
    }

    static func run(_ configuration: Configuration) -> Int32 {
        let streams = StandardStreams()
        defer { streams.flush() }
        var run = CoverageRun(runs: 0)
        for file in configuration.files {
            let text: String
            do {
                text = String(decoding: try FileSystem.read(file, pipeHint: false), as: UTF8.self)
            } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                return 4
            }
            do throws(CoverageDocument.ReadError) {
                run.merge(try CoverageDocument.read(text, name: file))
            } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                return 2
            }
        }
        do throws(HostError) {
            if let output = configuration.output { try ReportFile.write(output, CoverageDocument.text(run), streams: streams) }
            if let html = configuration.html { try ReportFile.write(html, CoverageGraphPage.render(run, files: configuration.files.count), streams: streams) }
        } catch {
            streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
            return 4
        }
        // A summary on standard output would mix with a file written there.
        let toStandardOutput = [configuration.output, configuration.html].contains { $0.flatMap(ReportFile.standardStream) == 1 }
        var out = CoverageSummary.text(run, files: configuration.files.count)
        var code: Int32 = 0
        if let minimum = configuration.minimum {
            let gate = CoverageSummary.gate(run, hundredths: minimum)
            out += gate.text
            if !gate.passed { code = 1 }
        }
        if toStandardOutput { streams.writeError(out) } else { streams.write(out) }
        return code
    }
}

enum CoverageOptions {
    static let output = CommandSyntax.Option(
        long: "output", short: "o", value: "<file>",
        help: "Write the sum as one coverage file (as credsh serve --coverage writes; it merges again); '-': standard output.")
    static let html = CommandSyntax.Option(
        long: "html", value: "<file>",
        help: "Write a self-contained page: each SDK's callbacks and transitions as a graph, met in colour with their counts, never met in grey, beside its table.")
    static let minimum = CommandSyntax.Option(
        long: "min", value: "<percent>",
        help: "Exit 1 when less than this share (0 to 100, such as 80 or 72.5) of the items credsh can produce, in the SDKs the runs used, was met, and list those never met.")
}
