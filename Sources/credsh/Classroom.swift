import CredLanguage
import CredScript
import CredCommandLine
import CredSuite
import CredServe

/// `--live`, `--show-secrets`, and `live start|stop`, `live`, `secrets shown|masked` at the
/// prompt (docs/teaching.md): the live page's server and the one switch that
/// shows practice secrets, for a session a class watches.
final class Classroom {
    static let defaultPort = 8090

    let evaluator: Evaluator
    let host: TerminalHost
    /// The address the page is served on: loopback unless `--host` said otherwise.
    var address = "127.0.0.1"
    /// The live page's feed while it is served: a subscriber of the run's events.
    private(set) var live: LiveFeed?
    /// `--step` shows each command on the page as it pauses (StepPacer).
    var pacedByStep = false
    private var runStarts: LiveFeed.RunStarts?

    init(evaluator: Evaluator, host: TerminalHost) {
        self.evaluator = evaluator
        self.host = host
    }

    /// Starts the live page; returns the lines to print, the URL first.
    func startLive(port: Int, stopHint: String = "live stop or Ctrl-D stops it") throws(HostError) -> [String] {
        if let live { throw HostError("the live page is served already at \(live.server.url); live stop first") }
        let server = try LiveServer(host: address, port: port, initial: LiveSnapshot())
        let feed = LiveFeed(server: server, table: evaluator.table) { [unowned evaluator] in evaluator.simulation.activeSDK }
        feed.secretsShown = evaluator.events.secrets.shown
        feed.pacedByStep = pacedByStep
        // Before the renderer: while --step waits for Enter, the page shows the command waiting.
        evaluator.events.subscribeBeforeTheRenderer(feed)
        if pacedByStep {
            // After StepPacer (subscribed first): each echo as its command runs, its pause over.
            let starts = LiveFeed.RunStarts(feed: feed)
            evaluator.events.subscribe(starts)
            runStarts = starts
        }
        live = feed
        feed.publish(force: true)
        var lines = ["live page at \(server.url) (open it on the projector); \(stopHint)"]
        if !ServeCommand.isLoopback(address) {
            lines.append("warning: \(TerminalSafe.text(address)) is not a loopback address: whoever can reach it and holds the token of the URL sees this session"
                         + (evaluator.events.secrets.shown ? ", secrets included" : ""))
        }
        return lines
    }

    func stopLive() -> String? {
        guard let live else { return nil }
        let url = live.server.url
        live.publish(force: true)
        live.stop()
        evaluator.events.unsubscribe(live)
        if let runStarts { evaluator.events.unsubscribe(runStarts) }
        runStarts = nil
        self.live = nil
        return "stopped the live page at \(url)"
    }

    /// The one switch (ShownSecrets): the evaluator's records and echo, the pictures and
    /// the page. The history file, JSON Lines, recordings and served logs never pass here.
    func showSecrets(_ shown: Bool) {
        evaluator.events.secrets.shown = shown
        host.diagram?.secretsShown = shown
        live?.secretsShown = shown
    }

    func handle(_ request: ClassroomRequest) throws(HostError) -> [String] {
        switch request {
        case .status:
            guard let live else { return ["not serving the live page; live start [PORT] serves it on 127.0.0.1"] }
            return ["live page at \(live.server.url): \(live.server.followers) page\(live.server.followers == 1 ? "" : "s") following"]
        case .start(let port):
            return try startLive(port: port ?? Self.defaultPort)
        case .stop:
            guard let line = stopLive() else { throw HostError("the live page is not served") }
            return [line]
        case .secrets(let shown):
            guard host.format.isForPeople else { throw HostError("secrets are never shown in JSON Lines") }
            showSecrets(shown)
            return [shown ? SecretLedger.shownBanner : "secrets masked again: the echo, output, diagrams and live page show *** from now on"]
        }
    }
}
