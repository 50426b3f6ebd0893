#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Expectations
import CredLanguage
import CredEditor
import CredScript
import CredSimulator

/// The language side of the editor support: formatting, hover, completion, navigation.
@Suite struct EditorTests {
    func format(_ text: String) -> String {
        String(decoding: ScriptFormatter.format(DocumentText(text)), as: UTF8.self)
    }

    @Test func formattingNormalisesSpacingAndIndentation() {
        let messy = "let   user =  alice  \n\nrepeat 3 {\n  password   \"Not It\"   # wrong\n      }\nexpect event getPassword   statusCode=118\n"
        expectEqual(format(messy), "let user = alice\n\nrepeat 3 {\n    password \"Not It\" # wrong\n}\nexpect event getPassword statusCode=118\n")
    }

    @Test func formattingIsIdempotentOnEveryExampleAndKeepsItsTokens() throws {
        for name in exampleNames() {
            let text = String(decoding: try readExample(name), as: UTF8.self)
            let once = format(text)
            expectEqual(format(once), once, "\(name)")
            expectEqual(tokens(once), tokens(text), "\(name)")
        }
    }

    /// Issue 31, item 4: the outline names a loop by its header with the secret row values
    /// masked, as hover masks them, and a password-shaped word in a test's name.
    @Test func theOutlineNeverShowsASecretOfALoopOrATestName() {
        let text = "user add alice password Zq9LspUser1!\nfor u pw in alice Zq9LspFor6! bob Zq9LspFor7! {\n    login $u $pw\n}\ntest \"login with Zq9LspTest8! today\" {\n    echo hi\n}\nrepeat 3 {\n    echo hi\n}\n"
        let analysis = DocumentAnalysis(SourceFile(name: "t.credscript", text: text))
        func names(_ symbols: [EditorSymbol]) -> [String] { symbols.flatMap { [$0.name] + names($0.children) } }
        let all = names(EditorSymbols.symbols(of: analysis))
        #expect(!all.joined(separator: "\n").contains("Zq9Lsp"), "\(all)")
        #expect(all.contains("for u pw in alice *** bob ***"), "\(all)")
        #expect(all.contains("repeat 3"), "\(all)")
    }

    /// Issue 31, item 4: what the editor answers about a file (its outline, a hover over
    /// every word, completion at the end of every line) never shows a secret the file holds,
    /// in any of the places a script writes one.
    @Test func noEditorAnswerShowsASecret() {
        let templates = [
            "user add alice password S", "login alice S", "for u pw in alice S {\n    login $u $pw\n}",
            "let pw = S\nlogin alice $pw", "let url = \"/aaa/login.json?login=a@example.com&password=S\"\necho $url",
            "test \"login with S\" {\n    login alice S\n}", "proc go p {\n    login alice $p\n}\ngo S", "lgoin alice S",
        ]
        var random = SeededGenerator(seed: 3107)
        for index in 0..<60 {
            let secret = "Zq\(Int.random(in: 100...999, using: &random))Edit\(["!", "#", "%"].randomElement(using: &random)!)x"
            let lines = ["sdk relid"] + (0..<Int.random(in: 2...6, using: &random)).map { _ in templates.randomElement(using: &random)! }
            let text = lines.joined(separator: "\n").replacing("S", with: secret) + "\n"
            let analysis = DocumentAnalysis(SourceFile(name: "t\(index).credscript", text: text))
            func names(_ symbols: [EditorSymbol]) -> [String] { symbols.flatMap { [$0.name] + names($0.children) } }
            var answers = names(EditorSymbols.symbols(of: analysis))
            for (line, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for character in 0...content.utf8.count {
                    if let hover = EditorHover.hover(in: analysis, at: TextPoint(line: line, character: character)) { answers.append(hover.text) }
                }
                answers += EditorCompletion.complete(in: analysis, at: TextPoint(line: line, character: content.utf8.count)).candidates.map { "\($0)" }
            }
            answers += analysis.diagnostics.map { "\($0)" }
            let leaked = answers.filter { $0.contains(secret) }
            #expect(leaked.isEmpty, "file \(index):\n\(text)\nanswers that show the secret: \(leaked)")
            if !leaked.isEmpty { return }
        }
    }

    /// Review: the editor masked only words shaped like a password, where `credsh check`
    /// masks every secret the file gives (SecretReading: a literal in a secret's place,
    /// `hunter22` here, which has no password's shape). The editor reads the file's secrets
    /// as the run does, so its messages, outline and hover show what `credsh check` shows.
    @Test func theEditorMasksTheSecretsTheFileGivesAsCheckDoes() {
        let text = "user add alice password hunter22\nlet greeting = hunter22\necho $greeting\ntest \"hunter22\" {\n}\ntest \"hunter22\" {\n}\n"
        let analysis = DocumentAnalysis(SourceFile(name: "t.credscript", text: text))
        expectEqual(analysis.diagnostics.map(\.message),
                    [#"a test named "***" is already defined (line 4): each test of a file has its own name"#], "\(analysis.diagnostics)")
        func names(_ symbols: [EditorSymbol]) -> [String] { symbols.flatMap { [$0.name] + names($0.children) } }
        let outline = names(EditorSymbols.symbols(of: analysis))
        #expect(!outline.joined(separator: "\n").contains("hunter22"), "\(outline)")
        let hover = EditorHover.hover(in: analysis, at: TextPoint(line: 2, character: 7))?.text
        expectEqual(hover, "`$greeting` = `***` (let on line 2)", "\(hover ?? "no hover")")
    }

    @Test func aLineTheLexerRefusesIsLeftAsWritten() {
        expectEqual(format("login   \"unterminated\n"), "login   \"unterminated\n")
    }

    @Test func hoverExplainsACodeAndNeverShowsASecret() {
        let analysis = DocumentAnalysis(SourceFile(name: "t.credscript", text: "let pw = \"Passw0rd!\"\nlet user = alice\nuser add $user password $pw\nexpect event getPassword statusCode=118\necho $pw\n"))
        let code = EditorHover.hover(in: analysis, at: TextPoint(line: 3, character: 37))
        expectEqual(code?.text.contains("118"), true)
        let secret = EditorHover.hover(in: analysis, at: TextPoint(line: 4, character: 6))
        expectEqual(secret?.text.contains("Passw0rd"), false)
        expectEqual(secret?.text.contains("secret"), true)
        expectEqual(EditorHover.hover(in: analysis, at: TextPoint(line: 2, character: 11))?.text.contains("alice"), true)
    }

    @Test func completionAfterAnEventOffersItsFields() {
        let analysis = DocumentAnalysis(SourceFile(name: "t.credscript", text: "expect event getPassword \n"))
        let labels = EditorCompletion.complete(in: analysis, at: TextPoint(line: 0, character: 25)).candidates.map(\.label)
        #expect(labels.contains("statusCode="))
        #expect(labels.contains("challengeMode="))
    }

    @Test func definitionAndReferencesOfAVariable() {
        let analysis = DocumentAnalysis(SourceFile(name: "t.credscript", text: "let user = alice\nlogin $user\necho $user\n"))
        let definition = EditorNavigation.definition(in: analysis, at: TextPoint(line: 2, character: 7))
        expectEqual(definition.map(\.span), [TextSpan(start: TextPoint(line: 0, character: 4), end: TextPoint(line: 0, character: 8))])
        let references = EditorNavigation.references(in: analysis, at: TextPoint(line: 0, character: 5), includeDeclaration: true)
        expectEqual(references.map(\.span.start.line), [0, 1, 2])
    }

    @Test func incrementalEditsKeepLineStarts() {
        var text = DocumentText("ab\ncd\nef\n")
        text.replace(TextSpan(start: TextPoint(line: 0, character: 1), end: TextPoint(line: 1, character: 1)), with: Array("X\nY\nZ".utf8))
        expectEqual(String(decoding: text.bytes, as: UTF8.self), "aX\nY\nZd\nef\n")
        expectEqual(text.lineStarts, DocumentText(bytes: text.bytes).lineStarts)
    }

    // MARK: Helpers

    func tokens(_ text: String) -> [TokenKind] {
        var lexer = Lexer(SourceFile(name: "", text: text))
        var kinds: [TokenKind] = []
        while true {
            let token = lexer.next()
            if token.kind == .newline { continue }
            kinds.append(token.kind)
            if token.kind == .end { return kinds }
        }
    }

    static let examples = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/")) + "/examples"

    func exampleNames() -> [String] {
        var names: [String] = []
        guard let directory = opendir("/" + EditorTests.examples) else { return [] }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".credscript") { names.append(name) }
        }
        return names.sorted()
    }

    func readExample(_ name: String) throws -> [UInt8] {
        guard let file = fopen("/" + EditorTests.examples + "/" + name, "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { return bytes }
            bytes += buffer[..<count]
        }
    }
}
