#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredLanguage
import CredScript
import CredCommandLine
import CredSuite
import CredServe
import CredSimulator

/// `credsh serve [SCRIPT…]`: runs the setup scripts in one simulation, then serves its
/// served SDK's server (`HTTPServedSDK`) over HTTP until Ctrl-C or SIGTERM, one log line
/// per request.
enum ServeCommand {
    struct Configuration {
        var files: [String] = []
        var host = ServingDefaults.host
        var port = ServingDefaults.port
        var control = false
        /// `--token-file`: where the control token is written for a script to read.
        var tokenFile: String?
        /// `--live`: the session's live page too, on loopback (Classroom).
        var live = false
        var livePort = Classroom.defaultPort
        var openAPI = false
        /// `--coverage FILE`: what the apps met, written when serving stops.
        var coverageFile: String?
        var output = OutputOptions()
        var limits = ServeLimits()

        init(_ parsed: ParsedArguments, _ syntax: CommandSyntax) throws(UsageError) {
            files = parsed.positionals
            if let given = parsed.value(ServeOptions.host) {
                guard !given.isEmpty else { throw UsageError("--host takes an address such as 127.0.0.1", syntax) }
                host = given
            }
            if let text = parsed.value(ServeOptions.port) {
                guard let number = ServingDefaults.port(text) else {
                    throw UsageError("--port takes a number \(ServingDefaults.portRange), not '\(text)'", syntax)
                }
                port = number
            }
            if let text = parsed.value(ServeOptions.timeout) {
                guard let seconds = Int64(text), (1...3600).contains(seconds) else {
                    throw UsageError("--timeout takes whole seconds from 1 to 3600, not '\(text)'", syntax)
                }
                limits.timeoutSeconds = seconds
            }
            control = parsed.has(ServeOptions.control)
            tokenFile = parsed.value(ServeOptions.tokenFile)
            if let tokenFile {
                guard control else { throw UsageError("--token-file writes the control API's token: give it with --control", syntax) }
                guard !tokenFile.isEmpty, ReportFile.standardStream(tokenFile) == nil else {
                    throw UsageError("--token-file takes a file name (the banner prints the token on standard output already)", syntax)
                }
            }
            live = parsed.has(ServeOptions.live)
            if let text = parsed.value(ServeOptions.livePort) {
                guard live else { throw UsageError("--live-port is the live page's port: give it with --live", syntax) }
                guard let number = ServingDefaults.port(text) else {
                    throw UsageError("--live-port takes a number \(ServingDefaults.portRange), not '\(text)'", syntax)
                }
                livePort = number
            }
            openAPI = parsed.has(ServeOptions.openAPI)
            if let file = parsed.value(ServeOptions.coverage) {
                guard !file.isEmpty else { throw UsageError("--coverage takes the file to write what the apps met to", syntax) }
                coverageFile = file
            }
            let given = WrittenOverInput.identities(files)
            if let tokenFile {
                try WrittenOverInput.refuse(tokenFile, option: ServeOptions.tokenFile, writing: "the control token", suggestion: "credsh-token",
                                            given: given, syntax)
                // The server removes the file when it stops: one it did not make is never taken
                // (a link planted there is refused when the file is written, exit 4).
                guard FileSystem.isLink(tokenFile) || !FileSystem.exists(tokenFile) else {
                    throw UsageError("--token-file '\(tokenFile)' exists; the server writes the file anew and removes it when it stops: remove it first (rm -f \(tokenFile))", syntax)
                }
                guard tokenFile != coverageFile else { throw UsageError("--token-file and --coverage name the same file", syntax) }
            }
            if let coverageFile, ReportFile.standardStream(coverageFile) == nil {
                try WrittenOverInput.refuse(coverageFile, option: ServeOptions.coverage, writing: "the coverage", suggestion: "coverage.json",
                                            given: given, syntax)
            }
            output = OutputOptions(format: try parsed.format(syntax), noColor: parsed.has(Subcommands.noColor), seed: try parsed.seed(syntax))
            if live, !output.format.isForPeople {
                throw UsageError("--live is a page for people; with --format \(output.format.name) the log is for programs: run them apart", syntax)
            }
        }
    }

    static func run(_ configuration: Configuration) -> Int32 {
        let streams = StandardStreams()
        if configuration.openAPI {
            streams.write(OpenAPIDocument.text + "\n")
            streams.flush()
            return 0
        }
        let host = configuration.output.makeHost(streams: streams)
        var simulation = Simulation(seed: configuration.output.seed)
        if let served = Simulation.servedType.flatMap({ SDKID($0) }) { simulation.activate(served) }
        let evaluator = Evaluator(simulation: simulation, options: Evaluator.Options(), host: host)
        streams.onClosedOutput = { [unowned evaluator] in evaluator.exitCode }

        // A parent may have blocked these (some test runners do); the serving loop needs them.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        // A run of the control API in progress stops at its next statement too (StopSignal).
        StopSignal.prepare()
        // The serving loop looks at the same flag between requests.
        signal(SIGINT) { _ in StopSignal.raise() }
        signal(SIGTERM) { _ in StopSignal.raise() }

        let format = ServeLogFormats.matching(configuration.output.format)
        // With the live page, each request's events go to the host (which draws them) as the prompt's do.
        let session = ServeSession(evaluator: evaluator, options: .init(showEvents: configuration.live, control: configuration.control,
                                                                        limits: configuration.limits,
                                                                        coverage: configuration.coverageFile != nil)) { entry in
            streams.write(format.serveLogLine(entry))
        }
        let url: String
        do { url = try session.start(host: configuration.host, port: configuration.port) } catch {
            streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
            return 4
        }
        // The control API's token is printed once, at start, like Jupyter's: whoever started
        // the server reads it here; a web page or another machine cannot.
        streams.write(format.serveBanner(url: url, control: configuration.control, token: session.controlToken))
        let classroom = Classroom(evaluator: evaluator, host: host)
        if configuration.live {
            do {
                for line in try classroom.startLive(port: configuration.livePort, stopHint: "it stops with the server") { streams.write(line + "\n") }
            } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                session.stop()
                return 4
            }
        }
        defer { _ = classroom.stopLive() }
        if !isLoopback(configuration.host) {
            let control = configuration.control
                ? "; the control API is open to the network too, to whoever has its token: keep the token secret" : ""
            streams.writeError("credsh: \(TerminalSafe.text(configuration.host)) is not a loopback address: whoever can reach it can log in and change passwords here\(control)\n")
        }
        streams.flush()
        // The address comes first, whatever the setup prints, so a caller that gave
        // --port 0 reads it from the first line. Requests that arrive meanwhile wait in
        // the inbox and are answered once the setup has run.
        if !configuration.files.isEmpty {
            let code = BatchRunner.run(paths: configuration.files, evaluator: evaluator, host: host)
            streams.flush()
            if StopSignal.isRaised {
                // Ctrl-C or SIGTERM while the setup ran: a stop asked for, as once serving (0).
                session.stop()
                streams.write(format.serveStopped(url: url, session: session, reason: "during its setup"))
                return writeCoverage(session, configuration, streams, exitCode: 0)
            }
            guard code == 0 else {
                // Nothing is served after a failed setup: the port closes, unanswered.
                session.stop()
                streams.write(format.serveStopped(url: url, session: session, reason: "a setup script failed"))
                return writeCoverage(session, configuration, streams, exitCode: code)
            }
        }
        // What the setup left is the scenario: what POST /__credsh/reset puts back, and
        // what a device first seen starts from (docs/double.md, "A world per test").
        session.fixScenario()
        // The token file comes last, once the scenario stands: a script that waits for it
        // then talks to a server that serves. Written whole through a fresh temporary and a
        // rename (so it is read whole), never through a link or onto a device.
        var wroteTokenFile = false
        if let path = configuration.tokenFile, let token = session.controlToken {
            do { try FileSystem.write(path, Array((token + "\n").utf8), mode: .replacePrivately, origin: .derived) } catch {
                streams.writeError("credsh: --token-file: \(TerminalSafe.text(error.message))\n")
                session.stop()
                return 4
            }
            wroteTokenFile = true
        }
        // A token file left behind would hand the next job a dead token; only the one this
        // server wrote is removed.
        defer { if wroteTokenFile, let path = configuration.tokenFile { unlink(path) } }

        // The requests' events are drawn on the live page, not printed: the log says what was served.
        if configuration.live { host.quiet = true }
        session.serve(until: { StopSignal.isRaised }, afterBatch: {
            classroom.live?.publish(force: true)
            streams.flush()
        })
        session.stop()
        streams.write(format.serveStopped(url: url, session: session, reason: nil))
        return writeCoverage(session, configuration, streams, exitCode: 0)
    }

    /// Writes `--coverage FILE` once serving has stopped (ReportFile: a fresh temporary,
    /// then renamed); `exitCode`, or 4 when it cannot be written.
    static func writeCoverage(_ session: ServeSession, _ configuration: Configuration, _ streams: StandardStreams, exitCode: Int32) -> Int32 {
        defer { streams.flush() }
        guard let file = configuration.coverageFile, let text = session.coverageText else { return exitCode }
        do {
            try ReportFile.write(file, text, streams: streams)
        } catch {
            streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
            return 4
        }
        return exitCode
    }

    /// 127.0.0.0/8, ::1 and localhost: reachable from this machine only.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
