#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@preconcurrency import CReadline
import CredLanguage
import CredScript
import CredCommandLine
import CredSuite
import CredServe
import CredSimulator

/// `serve start [PORT]`, `serve stop` and `serve` at the prompt: the session's simulation
/// served over HTTP on loopback while the prompt goes on. Requests are answered on the
/// prompt's own thread, between keystrokes (readline's event hook), so a command typed at
/// the prompt and a request never run at once, and each request's events print above the
/// line being typed, which is then drawn again as it was.
final class PromptServer {
    let evaluator: Evaluator
    let host: TerminalHost
    private var session: ServeSession?

    init(evaluator: Evaluator, host: TerminalHost) {
        self.evaluator = evaluator
        self.host = host
    }

    func handle(_ request: ServeRequest) throws(HostError) -> [String] {
        switch request {
        case .status:
            return session?.statusLines ?? [ServeSession.notServing]
        case .start(let port):
            let session = self.session ?? makeSession()
            self.session = session
            let url = try session.start(host: ServingDefaults.host, port: port ?? ServingDefaults.port)
            PromptIdleWork.install { [unowned self] in self.answerWaiting() }
            return [ServeSession.announcement(url: url) + "); each request shows here as events; serve stop or Ctrl-D stops it"]
        case .stop:
            guard let session, session.isServing else { throw HostError("not serving") }
            let summary = "stopped serving at \(session.url ?? "?"): \(session.answered) answered, \(session.dropped) dropped, \(session.refused) refused"
            stopServing()
            return [summary]
        }
    }

    private func makeSession() -> ServeSession {
        ServeSession(evaluator: evaluator, options: .init(showEvents: true)) { [host] entry in
            // Requests that reached the simulation show as its events; the others as this line.
            if entry.refusedByHTTP { host.emit(.text("✗ http: " + entry.text)) }
        }
    }

    /// Called by readline while it waits for a key: answers what has arrived.
    private func answerWaiting() {
        guard let session, session.hasWaiting else { return }
        PromptIdleWork.printAbovePrompt { session.answerWaiting() }
    }

    func stopServing() {
        PromptIdleWork.uninstall()
        session?.stop()
    }
}

// readline's event hook is a C function pointer that cannot capture context.
nonisolated(unsafe) private var idleWork: (() -> Void)?

/// Work done while readline waits for a key, and output printed without breaking the line
/// being typed.
enum PromptIdleWork {
    /// How long readline waits for a key before calling the hook again, in microseconds
    /// (readline's default is 100,000): how late a request may be answered at worst.
    static let interval: Int32 = 20_000
    static let readlineDefault: Int32 = 100_000

    static func install(_ work: @escaping () -> Void) {
        idleWork = work
        rl_set_keyboard_input_timeout(interval)
        rl_event_hook = {
            idleWork?()
            return 0
        }
    }

    static func uninstall() {
        rl_event_hook = nil
        idleWork = nil
        rl_set_keyboard_input_timeout(readlineDefault)
    }

    /// Clears the prompt and the line typed so far, runs `body` (which prints), then draws
    /// the prompt and the line again, the cursor where it was.
    static func printAbovePrompt(_ body: () -> Void) {
        rl_save_prompt()
        rl_clear_visible_line()
        // readline writes through stdio and leaves the clearing in its buffer, while `body`
        // writes straight to the descriptor: without this the events would print first, on
        // the line being typed, and the clearing after them.
        fflush(rl_outstream)
        body()
        rl_restore_prompt()
        rl_forced_update_display()
    }
}
