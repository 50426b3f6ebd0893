import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Expectations
import CredLanguage
import CredScript

extension XMLElement {
    /// An attribute's value. (`attribute(forName:)` finds nothing on Linux for an element
    /// in a default namespace, as every SVG element is.)
    func value(_ name: String) -> String? { attributes?.first { $0.name == name }?.stringValue }

    /// This element and every element below it, in document order.
    var descendants: [XMLElement] {
        [self] + (children ?? []).compactMap { $0 as? XMLElement }.flatMap(\.descendants)
    }

    func hasClass(_ name: String) -> Bool { (value("class") ?? "").split(separator: " ").contains(Substring(name)) }
}

/// What the examples' scripts say, read with the language's own parser.
enum ScriptFacts {
    /// Every secret a script types (the values of secret arguments, of the variables they
    /// use, and of secret-named request parameters), four characters or longer, except
    /// those the script also writes where nothing is secret (a PIN it puts on the policy's
    /// blocklist, a password that is the user's e-mail) and the names of secret
    /// parameters (a password "newpassword").
    static let secretNames: Set<String> = ["password", "newpassword", "passcode", "pin", "secret", "token", "access_token"]

    static func secrets(in path: URL) throws -> Set<String> {
        let text = try String(contentsOf: path, encoding: .utf8)
        let source = SourceFile(name: path.lastPathComponent, text: text)
        var parser = ScriptReader(source)
        let statements = parser.parseAll()
        var variables: [String: String] = [:]
        var secrets: Set<String> = []
        var open: Set<String> = Self.secretNames
        func spelled(_ expression: CredLanguage.Expression) -> String {
            switch expression.kind {
            case .string(let s): return s
            case .variable(let name): return variables[name] ?? ""
            default:
                let bytes = Array(text.utf8)
                let start = expression.position.offset
                return String(decoding: bytes[start..<min(bytes.count, start + expression.length)], as: UTF8.self)
            }
        }
        func walk(_ statements: [Statement]) {
            for statement in statements {
                switch statement {
                case let .binding(name, value, _, _, _): variables[name] = spelled(value)
                case let .repetition(_, body, _): walk(body)
                case .command(let call):
                    for parameter in call.spec.parameters {
                        switch call.argument(parameter) {
                        case .single(let e)? where parameter.kind == .secret: secrets.insert(spelled(e))
                        case .list(let items)? where parameter.kind == .secret: secrets.formUnion(items.map(spelled))
                        case .pairs(let pairs)?:
                            for pair in pairs {
                                let value = spelled(pair.value)
                                if Self.secretNames.contains(pair.key) { secrets.insert(value) } else { open.formUnion(value.split(separator: ",").map(String.init)) }
                            }
                        case .single(let e)?: open.insert(spelled(e))
                        case .list(let items)?: open.formUnion(items.map(spelled))
                        default: break
                        }
                    }
                default:
                    walk(statement.body)  // the suite forms hold no literal of their own here
                }
            }
        }
        walk(statements)
        return secrets.subtracting(open).filter { $0.count >= 4 }
    }

    /// The SDK of each part of the picture, in order: `sdk NAME` opens a new part, and the
    /// part of the default SDK is there only when something ran before the first switch.
    static func sections(in path: URL) throws -> [String] {
        var current = "relid", order: [String] = []
        for raw in try String(contentsOf: path, encoding: .utf8).split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("expect"), !line.hasPrefix("let ") else { continue }
            if line.hasPrefix("sdk ") { current = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces) }
            if order.last != current { order.append(current) }
        }
        return order
    }
}

@Suite struct DiagramCommandTests {
    static let lifelines: [String: [String]] = [
        "relid": ["user / app", "REL-ID SDK", "identity server"],
        "onewelcome": ["user / app", "OneWelcome SDK", "token server"],
        "fiori": ["user / app", "Fiori controllers", "app delegates"],
        "susi": ["user / app", "SUSI server (HTTP)"],
    ]

    /// Every example, drawn: valid XML; one part per SDK with that SDK's lifelines; one
    /// arrow per call and callback of its transcript, numbered in order; no secret.
    @Test(arguments: TranscriptTests.examples)
    func everyExampleDrawsItsTranscript(_ name: String) throws {
        let dir = try Credsh.temporaryDirectory()
        let script = Credsh.packageRoot.appendingPathComponent("examples/\(name)")
        let svgURL = dir.appendingPathComponent("out.svg")
        let run = try Credsh.run(["diagram", "examples/\(name)", "-o", svgURL.path])
        expectEqual(run.status, 0, "\(run.stderr)")
        let svg = try String(contentsOf: svgURL, encoding: .utf8)
        let document = try XMLDocument(xmlString: svg, options: [])
        let root = try #require(document.rootElement())
        expectEqual(root.name, "svg")
        let all = root.descendants

        let sections = all.filter { $0.name == "g" && $0.hasClass("section") }
        expectEqual(sections.compactMap { $0.value("data-sdk") }, (try ScriptFacts.sections(in: script)), "\(name)")
        for section in sections {
            let sdk = section.value("data-sdk") ?? ""
            let names = section.descendants.filter { $0.name == "line" && $0.hasClass("lifeline") }.compactMap { $0.value("data-name") }
            expectEqual(names, Self.lifelines[sdk], "\(name): \(sdk)")
        }

        let transcript = try String(contentsOf: script.deletingPathExtension().appendingPathExtension("expected"), encoding: .utf8)
        let calls = transcript.split(separator: "\n").filter { $0.hasPrefix("→ ") }.count
        let callbacks = transcript.split(separator: "\n").filter { $0.hasPrefix("← ") }.count
        let arrows = all.filter { $0.name == "g" && $0.hasClass("message") }
        // Besides every call and callback, the SDK's requests to its server and the
        // server's answers; for REL-ID and OneWelcome, whenever a password or PIN was
        // checked, a `verify` request.
        let trips = arrows.filter { $0.hasClass("server-trip") }
        expectEqual(arrows.count - trips.count, calls + callbacks, "\(name)")
        // Every answer right after its request (a request may go unanswered: the server is down).
        for (index, arrow) in arrows.enumerated() where arrow.hasClass("server-trip") && arrow.hasClass("callback") {
            #expect(index > 0 && arrows[index - 1].hasClass("server-trip") && arrows[index - 1].hasClass("call"), "\(name): an answer with no request")
        }
        let checked = transcript.contains("→ setPassword") || transcript.contains("→ respond pin=*** challenge=PinChallenge")
        #expect(!checked || trips.contains { ($0.stringValue ?? "").contains("verify") }, "\(name): the server's check is drawn")
        // Spelt out as values first: the type checker took 8 s over this one comparison of
        // two closures' results inside the macro.
        let numbers: [String] = arrows.compactMap { $0.value("data-number") }
        let inOrder: [String] = (0..<arrows.count).map { String($0 + 1) }
        expectEqual(numbers, inOrder)
        // Each arrow is a line (or a loop) with its head.
        #expect(arrows.allSatisfy { $0.descendants.contains { ($0.name == "line" || $0.name == "path") && $0.value("marker-end") != nil } })

        let mermaid = try Credsh.run(["diagram", "--format", "mermaid", "examples/\(name)"])
        expectEqual(mermaid.status, 0)
        let mermaidArrows = mermaid.stdout.split(separator: "\n").filter { $0.contains("->>") || $0.contains("-x") }
        expectEqual(mermaidArrows.count, arrows.count)

        let words = (root.stringValue ?? "") + all.compactMap { $0.value("data-name") }.joined()
        for secret in try ScriptFacts.secrets(in: script) {
            #expect(!words.contains(secret), "\(name): the secret \(secret) is in the picture")
            #expect(!mermaid.stdout.contains(secret), "\(name): the secret \(secret) is in the Mermaid text")
        }
    }

    @Test func theExamplesHaveSecretsToLookFor() throws {
        let secrets = try ScriptFacts.secrets(in: Credsh.packageRoot.appendingPathComponent("examples/expiry.credscript"))
        expectEqual(secrets, ["Passw0rd!", "N3w-Passw0rd", "N3w-Passw0rd!"], "\(secrets)")
        let susi = try ScriptFacts.secrets(in: Credsh.packageRoot.appendingPathComponent("examples/susi-token-owner-not-checked.credscript"))
        #expect(susi.contains("stolen123"), "request parameters are found too: \(susi)")
    }

    /// The checked-in pictures of examples/diagrams/ are what credsh draws today
    /// (regenerate: credsh diagram examples/expiry.credscript -o examples/diagrams/expiry.mmd, and .svg).
    @Test(arguments: ["expiry.mmd", "expiry.svg"])
    func theCheckedInPicturesAreCurrent(_ file: String) throws {
        let expected = try String(contentsOf: Credsh.packageRoot.appendingPathComponent("examples/diagrams/\(file)"), encoding: .utf8)
        let format = file.hasSuffix(".mmd") ? "mermaid" : "svg"
        let run = try Credsh.run(["diagram", "--format", format, "examples/expiry.credscript"])
        expectEqual(run.status, 0)
        expectEqual(run.stdout, expected, "regenerate with: credsh diagram examples/expiry.credscript -o examples/diagrams/\(file)")
    }

    @Test func optionsAndFailures() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\nexpect event getUser\nlogout\n", "fails.credscript", in: dir)
        try Credsh.write("login alice \"unterminated\n", "broken.credscript", in: dir)

        // A failing script is drawn up to where it stopped, the failure in red; the exit code is the run's.
        let failed = try Credsh.run(["diagram", "fails.credscript", "-o", "out.mmd"], directory: dir)
        expectEqual(failed.status, 1)
        #expect(failed.stderr.contains("fails.credscript:3:1: expectation failed"))
        let mermaid = try String(contentsOf: dir.appendingPathComponent("out.mmd"), encoding: .utf8)
        #expect(mermaid.hasPrefix("sequenceDiagram\n    title fails.credscript\n"))
        #expect(mermaid.contains("Note right of relid_app: expected an event getUser"))
        #expect(!mermaid.contains("logout"))

        // A script that does not parse draws nothing and writes nothing.
        let broken = try Credsh.run(["diagram", "broken.credscript", "-o", "broken.svg"], directory: dir)
        expectEqual(broken.status, 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("broken.svg").path))

        // Markdown gets a fenced block; --title names the picture.
        let markdown = try Credsh.run(["diagram", "fails.credscript", "--keep-going", "--title", "Class 3", "-o", "flow.md"], directory: dir)
        expectEqual(markdown.status, 1)
        let text = try String(contentsOf: dir.appendingPathComponent("flow.md"), encoding: .utf8)
        #expect(text.hasPrefix("```mermaid\nsequenceDiagram\n    title Class 3\n") && text.hasSuffix("```\n"))
        #expect(text.contains("Note over relid_app,relid_server: logout"), "--keep-going draws the rest")

        let usage = try Credsh.run(["diagram"])
        #expect(usage.status == 2 && usage.stderr.contains("Missing expected argument '<files> ...'"))
        let format = try Credsh.run(["diagram", "--format", "png", "x.credscript"])
        #expect(format.status == 2 && format.stderr.contains("Please provide one of 'svg' and 'mermaid'"))
        let missing = try Credsh.run(["diagram", "no-such.credscript"])
        #expect(missing.status == 4 && missing.stdout.isEmpty)
        let help = try Credsh.run(["help", "diagram"])
        #expect(help.stdout.contains("USAGE: credsh diagram"))
    }

    /// `--compact` prints what `compact on` in the script prints: the transcript of
    /// examples/compact-output.credscript, which `credsh test` pins, without its first command.
    @Test func compactFlagMatchesTheCompactTranscript() throws {
        let dir = try Credsh.temporaryDirectory()
        let script = try String(contentsOf: Credsh.packageRoot.appendingPathComponent("examples/compact-output.credscript"), encoding: .utf8)
        #expect(script.contains("\ncompact on\n"))
        try Credsh.write(script.replacingOccurrences(of: "\ncompact on\n", with: "\n"), "plain.credscript", in: dir)
        let run = try Credsh.run(["--echo", "--compact", "plain.credscript"], directory: dir)
        expectEqual(run.status, 0, "\(run.stderr)")
        let expected = try String(contentsOf: Credsh.packageRoot.appendingPathComponent("examples/compact-output.expected"), encoding: .utf8)
        let withoutSwitch = expected.replacingOccurrences(
            of: "> compact on\ncompact output on: a callback shows only the fields that changed since the last one of its name in this flow\n", with: "")
        expectEqual(run.stdout, withoutSwitch)
        // Without it, every callback is whole: the policy shows on each challenge.
        let whole = try Credsh.run(["--echo", "plain.credscript"], directory: dir)
        #expect(whole.stdout.components(separatedBy: "policy={").count > run.stdout.components(separatedBy: "policy={").count)
        let json = try Credsh.run(["--compact", "--format", "json", "plain.credscript"], directory: dir)
        #expect(json.status == 2 && json.stderr.contains("JSON Lines always carry every field"))
        // In a script, `compact on` is a display preference: with JSON it changes nothing and fails nothing.
        let scripted = try Credsh.run(["--format", "json", "examples/compact-output.credscript"])
        #expect(scripted.status == 0 && scripted.stdout.contains("compact output does not apply here"))
    }

    /// `compact off` after `compact on`: the next callbacks are whole again, the policy on each challenge.
    @Test func compactOffShowsEveryCallbackInFullAgain() throws {
        let run = try Credsh.run(["-"], script: """
            user add alice password "Passw0rd!"
            expire alice
            compact on
            login alice "Passw0rd!"
            update "Passw0rd!" "Sh0rt!"
            compact off
            update "Passw0rd!" "No-Digits-Here"
            expect event getPassword challengeMode=4 statusCode=190

            """)
        expectEqual(run.status, 0, "\(run.stderr)")
        let parts = run.stdout.components(separatedBy: "compact output off: every callback in full\n")
        try #require(parts.count == 2, "\(run.stdout)")
        #expect(parts[0].contains("← getPassword statusCode=190 statusMessage=\"Password does not meet policy standards\" (same userID, challengeMode, attemptsLeft, policy)"))
        let whole = parts[1].split(separator: "\n").filter { $0.hasPrefix("← getPassword") }
        expectEqual(whole.count, 1)
        expectEqual(whole.first?.hasPrefix("← getPassword userID=alice challengeMode=4 (RDNA_OP_UPDATE_ON_EXPIRY) attemptsLeft="), true, "\(parts[1])")
        expectEqual(whole.first?.contains("policy={\"minL\":8,"), true)
        #expect(!parts[1].contains("(same ") && !parts[1].contains("(as before)"))
        #expect(parts[1].contains("app: policy: Must be between 8 and 16 characters long"), "the app's sentence shows again")
    }

    @Test func stepNeedsATerminal() throws {
        let run = try Credsh.run(["--step", "examples/expiry.credscript"])
        expectEqual(run.status, 2)
        #expect(run.stderr.contains("--step waits for Enter at a terminal, but standard input is not one"))
        #expect(run.stdout.isEmpty)
    }
}
