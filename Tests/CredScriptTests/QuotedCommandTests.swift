import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
import CredSimulator

/// Every command the glossary, `explain`, the lessons and docs/ quote is one credsh runs:
/// a reader who types what the words say must not meet "unknown command" (the glossary
/// once said `user block USER` for `block USER`). A quoted command is a span in backticks
/// (or, in `explain` and the lessons' comments, in single quotes) whose first word starts
/// a command of the table. It passes when it names a command (`expire`, `expect error`),
/// or when it parses in some SDK, its placeholders (`USER`, `N`, `KEY=VALUE`, `…`) given
/// sample values, `[optional]` parts with and without, `a|b` either word.
@Suite struct QuotedCommandTests {
    /// The texts to read, each with where it comes from.
    static func corpus() throws -> [(place: String, text: String)] {
        var texts: [(String, String)] = []
        for term in Glossary.terms {
            texts.append(("glossary \(term.term)", ([term.meaning ?? ""] + term.bySDK.map(\.text)).joined(separator: "\n")))
        }
        for catalog in Simulation.catalogs {
            let names = catalog.codes.map(\.name) + catalog.codes.compactMap { $0.code.map(String.init) } + catalog.eventNames
                + (SDKFlows.flow(named: catalog.name)?.apis.map(\.name) ?? [])
            for name in names {
                texts.append(("explain \(name) (\(catalog.name))", ((try? ExplainText.render(name, active: catalog)) ?? []).joined(separator: "\n")))
            }
        }
        let root = CommandTableTests.packageRoot()
        for page in ["coverage", "fiori", "onewelcome", "relid", "simulator", "susi"] {
            texts.append(("docs/\(page).md", try #require(CommandTableTests.read(root + "/docs/\(page).md"))))
        }
        for lesson in try lessons() {
            let text = try #require(CommandTableTests.read(root + "/" + lesson))
            // The comments: the commands themselves are parsed whole (lessonsParse).
            texts.append((lesson, text.split(separator: "\n").filter { $0.hasPrefix("#") }.joined(separator: "\n")))
        }
        return texts
    }

    static func lessons() throws -> [String] {
        let root = CommandTableTests.packageRoot()
        let names = ["1-relid-password-expiry", "2-onewelcome-change-pin"]
        for name in names { _ = try #require(CommandTableTests.read(root + "/examples/lessons/\(name).credscript"), "\(name)") }
        return names.map { "examples/lessons/\($0).credscript" }
    }

    /// The spans quoted in `text`: in backticks, or in single quotes that stand apart from
    /// the words around them (not the apostrophe of `alice's`).
    static func quoted(in text: String) -> [String] {
        var spans: [String] = []
        let characters = Array(text)
        var index = 0
        func opens(_ i: Int) -> Bool { i == 0 || " (\"\n\t".contains(characters[i - 1]) }
        func closes(_ i: Int) -> Bool { i + 1 == characters.count || " .,;:)\"\n\t".contains(characters[i + 1]) }
        while index < characters.count {
            let mark = characters[index]
            guard mark == "`" || (mark == "'" && opens(index)) else { index += 1; continue }
            var end = index + 1
            while end < characters.count, characters[end] != "\n", !(characters[end] == mark && (mark == "`" || closes(end))) { end += 1 }
            guard end < characters.count, characters[end] == mark else { index += 1; continue }
            spans.append(String(characters[(index + 1)..<end]))
            index = end + 1
        }
        return spans
    }

    /// Sample values for a placeholder, by its name; any of them may make the line parse.
    static func samples(_ placeholder: String) -> [String] {
        switch placeholder {
        case "USER", "EMAIL": return ["alice", "dave@example.com"]
        case "P", "PASSWORD", "PIN", "PASSCODE", "CURRENT", "NEW", "CONFIRM", "WRONG", "OTHER", "SECRET": return ["\"Passw0rd!\"", "52817"]
        case "N", "COUNT", "ROUNDS": return ["3"]
        case "DURATION": return ["1d"]
        case "TIME": return ["2026-03-01"]
        case "CODE": return ["118"]
        case "STATE": return ["expired", "logged-in"]
        case "FILE": return ["x.credscript"]
        case "TERM": return ["expiry"]
        case "CREDENTIAL": return ["Password"]
        case "MESSAGE": return ["\"a message\""]
        case "KEY=VALUE", "RULES", "FIELD=VALUE": return ["minL=8", "length=5", "minLength=8", "rule=2019", "statusCode=118", "errorCode=9003", "status=401"]
        default: return ["alice", "3", "1d", "118", "getPassword", "relid", "Password", "\"Passw0rd!\"", "expired", "2019", "x"]
        }
    }

    static func isPlaceholder(_ word: String) -> Bool {
        word == "…" || word == "..." || (!word.isEmpty && word.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" } && word.first!.isLetter)
    }

    /// The ways to read one written word: its alternatives (`a|b`), each placeholder's samples.
    static func readings(of word: String) -> [String] {
        var word = word
        // `blocklist=…`: the key with a value.
        for ellipsis in ["=…", "=..."] where word.hasSuffix(ellipsis) {
            return ["3", "8", "2019", "true", "12345"].map { word.dropLast(ellipsis.count) + "=" + $0 }
        }
        // `RULES…`, `RULES...`: one or more.
        if word.count > 1, word.hasSuffix("…") { word.removeLast() }
        if word.count > 3, word.hasSuffix("...") { word.removeLast(3) }
        if word.contains("|"), !word.hasPrefix("\"") { return word.split(separator: "|").flatMap { readings(of: String($0)) } }
        if isPlaceholder(word) { return samples(word) }
        if let equals = word.firstIndex(of: "=") {
            let key = String(word[..<equals]), value = String(word[word.index(after: equals)...])
            if isPlaceholder(key) && isPlaceholder(value) { return samples(key + "=" + value) }
            if isPlaceholder(value) { return ["3", "8", "2019", "true", "12345"].map { key + "=" + $0 } }
        }
        return [word]
    }

    /// The lines `snippet` stands for: `[optional]` words with and without, each word read
    /// every way it can be; at most `limit`.
    static func lines(of snippet: String, limit: Int = 4_000) -> [String] {
        var words: [[String]] = []
        var bracket: [String]?  // the words of an `[optional part]` being read
        let written = snippet.split(separator: " ").map(String.init)
        for (index, raw) in written.enumerated() {
            if var part = bracket ?? (raw.hasPrefix("[") ? [] : nil) {
                part.append(raw)
                guard raw.hasSuffix("]") else { bracket = part; continue }
                bracket = nil
                // The part's words with their readings, or none of them.
                let inside = part.joined(separator: " ").dropFirst().dropLast()
                words.append(lines(of: String(inside), limit: limit) + [""])
            } else if (raw == "…" || raw == "..."), index == written.count - 1 {
                // `policy pin …`: whatever follows, or nothing.
                words.append([""] + samples(raw) + samples("KEY=VALUE") + ["show", "password"])
            } else {
                words.append(readings(of: raw))
            }
        }
        var lines = [""]
        for options in words {
            lines = lines.flatMap { line in options.map { $0.isEmpty ? line : (line.isEmpty ? $0 : line + " " + $0) } }
            if lines.count > limit { return Array(lines.prefix(limit)) }
        }
        return lines
    }

    static func parses(_ line: String, sdk: SDKID) -> Bool {
        var reader = ScriptReader(SourceFile(name: "quoted", text: line + "\n"), sdk: sdk)
        let statements = reader.parseAll()
        return reader.diagnostics.isEmpty && !statements.isEmpty
    }

    /// Whether `snippet` is a command credsh takes, as written (see the suite).
    static func isRunnable(_ snippet: String) -> Bool {
        let table = CommandTable.standard
        // A command's name, or the word that starts several (`user`, `policy`).
        if table.commands.contains(where: { $0.name == snippet || $0.name.hasPrefix(snippet + " ") }) { return true }
        for line in lines(of: snippet) {
            for sdk in SDKID.all where parses(line, sdk: sdk) { return true }
        }
        return false
    }

    /// Every SDK's API names (`cancel` is one, and a command too).
    static var apiNames: Set<String> { Set(SDKFlows.all.flatMap { $0.apis.map(\.name) }) }
    /// Kinds of flow coverage whose names start like a command (docs/coverage.md).
    static let coverageKinds: Set<String> = ["policy rule"]

    @Test func everyQuotedCommandParses() throws {
        let firstWords = Set(CommandTable.standard.firstWords)
        var checked = 0
        for (place, text) in try Self.corpus() {
            for snippet in Self.quoted(in: text) {
                let trimmed = snippet.trimmedSpacesAndTabs
                guard let first = trimmed.split(separator: " ").first, firstWords.contains(String(first)) else { continue }
                // An API call as the docs show it, with its fields (`cancel {challenge}`), is no command.
                if Self.apiNames.contains(String(first)), String(trimmed.dropFirst(first.count)).trimmedSpacesAndTabs.hasPrefix("{"),
                   !trimmed.contains("{\"") { continue }
                // The name of a kind of flow coverage (docs/coverage.md), not a command.
                if Self.coverageKinds.contains(trimmed) { continue }
                checked += 1
                #expect(Self.isRunnable(trimmed), "\(place) quotes `\(trimmed)`, which credsh does not take")
            }
        }
        // The corpus is read: the glossary, explain and the docs quote commands by the dozen.
        #expect(checked > 100, "only \(checked) quoted commands found")
    }

    /// The lessons run in class as written: each parses whole.
    @Test func lessonsParse() throws {
        for lesson in try Self.lessons() {
            let text = try #require(CommandTableTests.read(CommandTableTests.packageRoot() + "/" + lesson))
            var reader = ScriptReader(SourceFile(name: lesson, text: text))
            _ = reader.parseAll()
            #expect(reader.diagnostics.isEmpty, "\(lesson): \(reader.diagnostics.map(\.message))")
        }
    }

    /// The check itself catches what the issue found, and takes what is right.
    @Test func theCheckTellsACommandFromOneThatIsNot() {
        #expect(!Self.isRunnable("user block USER"))
        #expect(Self.isRunnable("block USER"))
        #expect(!Self.isRunnable("user block"))
        #expect(Self.isRunnable("user add USER [password P]"))
        #expect(Self.isRunnable("policy pin KEY=VALUE …"))
        #expect(Self.isRunnable("expire"))
        #expect(Self.isRunnable("network down|up"))
        #expect(Self.isRunnable("login USER [PASSWORD]"))
        #expect(!Self.isRunnable("expect state alice loged-in"))
        expectEqual(Self.quoted(in: "the administrator's policy, alice's `block USER` and 'initiate Password'."), ["block USER", "initiate Password"])
    }
}
