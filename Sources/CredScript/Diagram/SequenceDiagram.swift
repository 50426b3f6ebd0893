import CredLanguage
import CredSimulator

/// A sequence diagram of a run: each command, then the calls and callbacks it caused as
/// arrows between the app, the SDK and the server, and the app's checks and the
/// simulator's notes beside them. It is recorded from the same output records the text
/// and JSON renderers get (`Recorder`), so it shows exactly what a transcript shows,
/// secrets masked; `SVGWriter` and `MermaidWriter` draw it.
public struct SequenceDiagram: Equatable, Sendable {
    /// The most commands a diagram keeps; past it, the earliest are left out (and counted),
    /// so a long session at the prompt costs bounded memory and draws a picture a browser opens.
    public static let maximumSteps = 1_000

    public var title: String
    public var steps: [Step]
    /// Commands left out at the start because there were more than `maximumSteps`.
    public var omittedSteps: Int
    /// The columns of each SDK that appears.
    public var lifelines: [SDKID: [FlowCast.Lifeline]]
    /// Each SDK's title (`REL-ID-style password lifecycle`).
    public var sdkTitles: [SDKID: String]
    /// Secrets were shown in this session (`--show-secrets`): the picture says so.
    public var secretsShown = false

    public init(title: String, steps: [Step] = [], omittedSteps: Int = 0,
                lifelines: [SDKID: [FlowCast.Lifeline]] = [:], sdkTitles: [SDKID: String] = [:]) {
        self.title = title
        self.steps = steps
        self.omittedSteps = omittedSteps
        self.lifelines = lifelines
        self.sdkTitles = sdkTitles
    }

    /// One command and what it caused.
    public struct Step: Equatable, Sendable {
        /// The SDK active when it ran: the section of the diagram it belongs to.
        public var sdk: SDKID
        /// The command as echoed, secrets masked; nil for what came before any command.
        public var command: String?
        /// `expiry.credscript:6`.
        public var location: String?
        public var items: [Item]
        /// The comment lines above the command in its script (Narration): a note across
        /// the lifelines, before the command.
        public var narration: String?

        public init(sdk: SDKID, command: String?, location: String? = nil, items: [Item] = [], narration: String? = nil) {
            self.sdk = sdk
            self.command = command
            self.location = location
            self.items = items
            self.narration = narration
        }
    }

    public enum Item: Equatable, Sendable {
        case message(Message)
        case note(Note)
    }

    /// An arrow: an API call (with its synchronous error), or a callback, screen, delegate
    /// call or HTTP message.
    public struct Message: Equatable, Sendable {
        public enum Kind: String, Sendable { case call, callback }
        public var kind: Kind
        public var from: String
        public var to: String
        /// The API or event name, or the cast's heading (`POST /aaa/login.json`).
        public var name: String
        /// `key=value` texts, as the text output reads them.
        public var details: [String]
        /// `error 166 "User is not logged in"`: the call's synchronous error.
        public var error: String?
        /// A request from the SDK to its server or the server's answer (`FlowCast.ServerTrip`):
        /// no API call or callback the app sees, but where the server's checks happen.
        public var serverTrip: Bool

        public init(kind: Kind, from: String, to: String, name: String, details: [String], error: String? = nil, serverTrip: Bool = false) {
            self.kind = kind
            self.from = from
            self.to = to
            self.name = name
            self.details = details
            self.error = error
            self.serverTrip = serverTrip
        }
    }

    /// A box beside a lifeline.
    public struct Note: Equatable, Sendable {
        public enum Kind: String, Sendable {
            /// What the app shows the user.
            case appShows
            /// A form the app refused before any call.
            case appCheck
            /// Commentary no real SDK sends.
            case simulator
            /// A request that got no answer.
            case network
            /// A command that could not run, or an expectation that failed.
            case failure
        }

        public var kind: Kind
        public var lifeline: String
        public var text: String

        public init(kind: Kind, lifeline: String, text: String) {
            self.kind = kind
            self.lifeline = lifeline
            self.text = text
        }

        /// The words the picture prefixes, so the kind reads without colour.
        public var label: String {
            switch kind {
            case .appShows: return "app shows: " + text
            case .appCheck: return "app refused: " + text + " (no SDK call)"
            case .simulator: return "simulator: " + text
            case .network: return "network: " + text + " (no answer)"
            case .failure: return text
            }
        }
    }

    /// Consecutive steps of one SDK: one frame of the picture, with its own lifelines.
    public struct Section: Equatable, Sendable {
        public var sdk: SDKID
        public var steps: [Step]
    }

    public var sections: [Section] {
        var sections: [Section] = []
        for step in steps {
            if let last = sections.last, last.sdk == step.sdk {
                sections[sections.count - 1].steps.append(step)
            } else {
                sections.append(Section(sdk: step.sdk, steps: [step]))
            }
        }
        return sections
    }

    /// All the arrows, in order (the numbers the pictures give them count from 1).
    public var messages: [Message] {
        steps.flatMap { $0.items.compactMap { if case .message(let m) = $0 { return m } else { return nil } } }
    }
}
