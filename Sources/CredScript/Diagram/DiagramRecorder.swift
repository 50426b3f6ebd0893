import CredLanguage
import CredSimulator

extension SequenceDiagram {
    /// Builds a diagram from output records as a run shows them: an echoed command starts
    /// a step, the outcomes after it become its arrows and notes, an error or a failed
    /// expectation a red note. Expectations and `let` lines are checks and plumbing, not
    /// flow: they add nothing. Only the most recent `maximumSteps` commands are kept.
    public struct Recorder: Sendable {
        /// Outcomes one step may hold; past it the oldest go and a note at its top counts
        /// them. No command of the simulated SDKs comes near it; the requests `serve --live`
        /// draws do (they fill one step with no command), and a class must always see the
        /// newest request, so the newest are kept.
        public static let maximumItemsPerStep = 200

        private var steps: [Step] = []
        private var omitted = 0
        private var droppedItems = 0
        private var lifelines: [SDKID: [FlowCast.Lifeline]] = [:]
        private var titles: [SDKID: String] = [:]
        private let table: CommandTable
        /// The last call, while the SDK may still be waiting for its server's answer.
        private var pendingTrip: PendingTrip?

        private struct PendingTrip: Sendable {
            var sdk: SDKID
            var api: String
            var arguments: [(String, JSONValue)]
            var request: FlowCast.ServerTrip.Label
            var requestDrawn = false
        }
        /// The narration shown before the next echoed command: it goes with that command's step.
        private var narration: String?

        /// `--show-secrets`: commands are drawn as typed, and the picture says so from
        /// then on (once shown, a picture of the session is never called masked).
        public var secretsShown = false {
            didSet { if secretsShown { everShown = true } }
        }
        private var everShown = false

        public init(table: CommandTable = .standard) { self.table = table }

        /// Whether anything has been recorded yet.
        public var isEmpty: Bool { steps.isEmpty && omitted == 0 }

        public mutating func record(_ record: OutputRecord, activeSDK: SDKID) {
            switch record {
            case .narration(let text):
                // After a test's heading, its story goes with it.
                let heading = narration.flatMap { $0.hasPrefix(ScriptWriter.testHeaderPrefix) ? $0 + ": " : nil } ?? ""
                narration = TextMetrics.truncate(heading + text, to: Self.maximumText)
            case let .echo(command, file, line):
                let told = narration
                narration = nil
                guard table.isStep(echoed: command) else { return }
                // A named test's `test "NAME"` line is no step: it heads the next one, as its
                // narration does (the SDK active when it is met is the file's first, not the test's).
                if command.hasPrefix(ScriptWriter.testHeaderPrefix) {
                    narration = TextMetrics.truncate(command + (told.map { ": " + $0 } ?? ""), to: Self.maximumText)
                    return
                }
                // A command that switched SDKs and caused nothing (`sdk susi`) opens the new SDK's part.
                if let last = steps.indices.last, steps[last].items.isEmpty, steps[last].sdk != activeSDK {
                    steps[last].sdk = activeSDK
                    register(activeSDK)
                }
                let location = file.hasPrefix("<") ? nil : "\(Self.baseName(file)):\(line)"
                // The echo comes masked by place and by value (RunEvents), or shown on purpose.
                startStep(Step(sdk: activeSDK, command: TextMetrics.truncate(command, to: Self.maximumText), location: location, narration: told))
            case let .outcome(outcome, id):
                for item in serverTripItems(before: outcome, sdk: id) { add(item, sdk: id) }
                add(item(for: outcome, sdk: id), sdk: id)
            case .commandError(let message, _):
                add(.note(Note(kind: .failure, lifeline: FlowCast.of(activeSDK).app, text: "error: " + message)), sdk: activeSDK)
            case .text:
                // Command output (`users`, `echo $pw`) is not flow, and may hold anything the script printed.
                break
            }
        }

        /// A failed expectation or a command that could not run, as the run reported it.
        public mutating func recordFailure(_ message: String, activeSDK: SDKID) {
            add(.note(Note(kind: .failure, lifeline: FlowCast.of(activeSDK).app, text: message)), sdk: activeSDK)
        }

        /// The diagram so far.
        public func diagram(title: String) -> SequenceDiagram {
            let keep = steps.suffix(SequenceDiagram.maximumSteps)
            let used = Set(keep.map(\.sdk))
            var diagram = SequenceDiagram(title: title, steps: Array(keep), omittedSteps: omitted + steps.count - keep.count,
                                          lifelines: lifelines.filter { used.contains($0.key) },
                                          sdkTitles: titles.filter { used.contains($0.key) })
            diagram.secretsShown = everShown
            return diagram
        }

        private mutating func startStep(_ step: Step) {
            register(step.sdk)
            steps.append(step)
            droppedItems = 0
            pendingTrip = nil
            // Trimmed in halves, so keeping the last `maximumSteps` costs O(1) a command on average.
            if steps.count >= 2 * SequenceDiagram.maximumSteps {
                let extra = steps.count - SequenceDiagram.maximumSteps
                steps.removeFirst(extra)
                omitted += extra
            }
        }

        /// The most characters a command or a note keeps: a picture shows a few lines of
        /// each anyway, and a huge string typed in a command must not fill the memory.
        static let maximumText = 1_000

        private mutating func add(_ item: Item, sdk: SDKID) {
            var item = item
            if case .note(var note) = item, note.text.count > Self.maximumText {
                note.text = TextMetrics.truncate(note.text, to: Self.maximumText)
                item = .note(note)
            }
            if steps.last?.sdk != sdk { startStep(Step(sdk: sdk, command: nil)) }
            let last = steps.count - 1
            if steps[last].items.count >= Self.maximumItemsPerStep {
                // The first item is the note once anything was dropped; the oldest drawn item
                // after it goes (at most `maximumItemsPerStep` moved: a bounded cost per item).
                if droppedItems == 0 { steps[last].items.insert(item, at: 0) }
                while steps[last].items.count >= Self.maximumItemsPerStep {
                    steps[last].items.remove(at: 1)
                    droppedItems += 1
                }
                steps[last].items[0] = .note(Note(kind: .simulator, lifeline: FlowCast.of(sdk).sdk,
                                                  text: "\(droppedItems.grouped) earlier calls, callbacks and notes are not drawn"))
            }
            steps[last].items.append(item)
        }

        private mutating func register(_ sdk: SDKID) {
            guard lifelines[sdk] == nil else { return }
            lifelines[sdk] = FlowCast.of(sdk).lifelines
            titles[sdk] = sdk.catalog.title
        }

        /// The arrows to and from the server that go before an outcome: the request when the
        /// server is first heard of (a note about its check, or the answer), and the answer
        /// just before the callback it is read from.
        private mutating func serverTripItems(before outcome: Outcome, sdk: SDKID) -> [Item] {
            let cast = FlowCast.of(sdk)
            guard let trip = cast.serverTrip, let server = cast.server else { return [] }
            if case let .call(api, arguments, error) = outcome {
                pendingTrip = nil
                if error == nil, let request = trip.request(api, arguments) {
                    pendingTrip = PendingTrip(sdk: sdk, api: api, arguments: arguments, request: request)
                }
                return []
            }
            guard var pending = pendingTrip, pending.sdk == sdk else { return [] }
            var items: [Item] = []
            func drawRequest() {
                guard !pending.requestDrawn else { return }
                pending.requestDrawn = true
                items.append(.message(Message(kind: .call, from: cast.sdk, to: server, name: pending.request.name,
                                              details: Self.details(pending.request.fields, sdk: sdk), serverTrip: true)))
            }
            switch outcome {
            case .event(let event):
                pendingTrip = nil
                guard let answer = trip.answer(pending.api, pending.arguments, event) else { return [] }
                drawRequest()
                items.append(.message(Message(kind: .callback, from: server, to: cast.sdk, name: answer.name,
                                              details: Self.details(answer.fields, sdk: sdk), serverTrip: true)))
                return items
            case .policyRefusal where cast.policyLifeline == server:
                drawRequest()
            case .note(let text) where cast.noteLifeline(text) == server:
                drawRequest()
            case .networkError:
                pendingTrip = nil
                return []
            default:
                return []
            }
            pendingTrip = pending
            return items
        }

        private func item(for outcome: Outcome, sdk: SDKID) -> Item {
            let cast = FlowCast.of(sdk)
            switch outcome {
            case let .call(api, arguments, error):
                let route = cast.route(call: api)
                let (name, fields) = cast.heading?(api, arguments) ?? (api, arguments)
                return .message(Message(kind: .call, from: route.from, to: route.to, name: name,
                                        details: Self.details(fields, sdk: sdk),
                                        error: error.map { "error \($0.code) \(FieldText.quote($0.message))" }))
            case .event(let event):
                let route = cast.route(event: event.name)
                let (name, fields) = cast.heading?(event.name, event.fields) ?? (event.name, event.fields)
                return .message(Message(kind: cast.requests.contains(event.name) ? .call : .callback, from: route.from, to: route.to, name: name,
                                        details: Self.details(fields, sdk: sdk)))
            case .appCheck(let message):
                return .note(Note(kind: .appCheck, lifeline: cast.app, text: message))
            case .networkError(let message):
                return .note(Note(kind: .network, lifeline: cast.app, text: message))
            case .appShows(let message):
                return .note(Note(kind: .appShows, lifeline: cast.app, text: message))
            case .note(let message):
                return .note(Note(kind: .simulator, lifeline: cast.noteLifeline(message), text: message))
            case let .policyRefusal(rule, message):
                return .note(Note(kind: .simulator, lifeline: cast.policyLifeline, text: "refused by policy rule \(rule): \(message)"))
            }
        }

        /// The fields as the text output reads them; a value longer than a few lines is cut.
        static func details(_ fields: [(String, JSONValue)], sdk: SDKID) -> [String] {
            TextRenderer().fieldTexts(fields, sdk: sdk).map { TextMetrics.truncate($0.escapingControls, to: 160) }
        }

        static func baseName(_ path: String) -> String {
            path.split(separator: "/").last.map(String.init) ?? path
        }
    }
}

extension CommandTable {
    /// Whether an echoed command does something a picture or a pause is for: not an
    /// expectation (it checks what happened), not `let` (it binds a name), not a command
    /// about the session itself (`record`, `diagram`, `compact`), not a form of the
    /// language with syntax of its own (`test "NAME"`).
    public func isStep(echoed command: String) -> Bool {
        let words = command.split(separator: " ", maxSplits: 3).map(String.init)
        guard let first = words.first, first != "let" else { return false }
        guard var node = root.children[first] else { return true }
        var spec = node.specs.first
        for word in words.dropFirst() {
            guard let next = node.children[word] else { break }
            node = next
            spec = node.specs.first ?? spec
        }
        guard let spec else { return true }
        // A form of the language (`test "NAME"` heading a named test) is no step either.
        return !spec.isExpectation && spec.role != .session && spec.syntaxUsage == nil
    }
}
