/// `test "NAME" { … }` (docs/suites.md, "Named tests"): a block at the top level of a file, named
/// once per file. Its body is read like any block; the setup around it is not its business.
extension Parser {
    /// Longest test name, in characters: a name is a line of a report, not a document.
    public static let maximumTestNameLength = 200
    /// Tests one file may name: each runs the whole setup again, and a file too large to
    /// hold is read again for each (ParsedScript), so this bounds a file's time.
    public static let maximumTestsPerFile = 1_000

    mutating func parseTest(at start: SourcePosition, depth: Int) -> ReadStatement? {
        let namePosition = current.position
        let name: String
        switch current.kind {
        case .string(let text), .word(let text): name = text
        default:
            error(.malformedTest, "test expects a name in quotes, found \(describe(current)) (as: test \"expired password is updated\" { … })", at: current.position)
            skipHeaderAndBlock()
            return nil
        }
        if depth > 0 {
            error(.malformedTest, "a test stands at the top level of a file, not inside a block or another test", at: start)
            skipHeaderAndBlock()
            return nil
        }
        if let problem = Self.problem(withTestName: name) {
            error(.malformedTest, problem, at: namePosition)
            skipHeaderAndBlock()
            return nil
        }
        if tests.count >= Self.maximumTestsPerFile {
            // Said once, at the first test too many; the others are passed over.
            if !testsOverLimit { error(.malformedTest, "a file names at most \(Self.maximumTestsPerFile.grouped) tests: split it into several files", at: start) }
            testsOverLimit = true
            skipHeaderAndBlock()
            return nil
        }
        if let earlier = tests.first(where: { $0.name == name }) {
            error(.definedTwice, "a test named \"\(name)\" is already defined (line \(earlier.position.line)): each test of a file has its own name", at: namePosition)
            skipHeaderAndBlock()
            return nil
        }
        advance()
        // `{ }` reads as an empty JSON object: an empty test (one that only runs the setup).
        if case .json(let text) = current.kind, text.utf8.dropFirst().dropLast().allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            tests.append(DeclaredTest(name: name, position: start))
            advance()
            guard atStatementEnd else {
                error(.unexpectedToken, "unexpected \(describe(current)) after '}'", at: current.position)
                skipToLineEnd()
                return nil
            }
            return .test(ReadTest(name: name, position: start, namePosition: namePosition, body: []))
        }
        guard current.kind == .leftBrace else {
            error(.unbalancedBraces, "expected '{' after 'test \(StringLiteral.quote(name))', found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        // Known before its body is read: a second test of that name is refused even when
        // this body has an error.
        tests.append(DeclaredTest(name: name, position: start))
        guard let body = parseBlock(depth: depth) else { return nil }
        return .test(ReadTest(name: name, position: start, namePosition: namePosition, body: body))
    }

    /// Why `name` cannot name a test: it is printed on a report line, matched by
    /// `--filter` and split on in transcripts, so it is one short line of text.
    static func problem(withTestName name: String) -> String? {
        if name.allSatisfy({ $0 == " " }) { return "a test's name cannot be empty" }
        if name.unicodeScalars.contains(where: String.isControl) { return "a test's name cannot hold a control character such as a newline" }
        if name.count > maximumTestNameLength { return "a test's name is at most \(maximumTestNameLength) characters" }
        return nil
    }
}
