import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

@Suite struct ParserTests {
    @Test func commandsBindToTheirTableEntries() throws {
        let result = parse("user add bob password \"S3cret!x\"\nclock advance 91d\n")
        #expect(result.diagnostics.isEmpty)
        guard case .command(let add) = result.statements[0], case .command(let clock) = result.statements[1] else {
            Issue.record("expected two commands"); return
        }
        expectEqual(add.spec.name, "user add")
        let parameters = add.spec.parameters
        guard let userParameter = parameters.first(where: { $0.name == "USER" }), let passwordParameter = parameters.first(where: { $0.name == "PASSWORD" }),
              case .single(let user)? = add.argument(userParameter), case .single(let password)? = add.argument(passwordParameter) else {
            Issue.record("arguments not bound"); return
        }
        expectEqual(user.kind, .word("bob"))
        expectEqual(password.kind, .string("S3cret!x"))
        #expect((password.position.line, password.position.column) == (1, 23))
        expectEqual(clock.spec.name, "clock advance")
        #expect((clock.position.line, clock.position.column) == (2, 1))
    }

    /// Arguments are keyed by the parameter itself: two parameters shown alike are two.
    @Test func twoParametersWithTheSameLabelBindApart() throws {
        let first = Parameter("FILE", "the first file", .path)
        let second = Parameter("FILE", "the second file", .path)
        #expect(first.id != second.id)
        let spec = CommandSpec("copy", [first, second], group: "test", summary: "", example: "copy a b")
        let table = CommandTable(commands: CommandTable.standard.commands + [spec])
        var parser = ScriptReader(SourceFile(name: "t", text: "copy a.txt b.txt\n"), table: table)
        let statements = parser.parseAll()
        guard case .command(let call)? = statements.first, case .single(let a)? = call.argument(first), case .single(let b)? = call.argument(second) else {
            Issue.record("not bound: \(parser.diagnostics)"); return
        }
        #expect(a.kind == .word("a.txt") && b.kind == .word("b.txt"))
    }

    /// A name is found by its bytes packed as integers when it is ASCII and up to 16 bytes
    /// long, as a string otherwise: either way exactly the names of the table, and no word
    /// that only begins like one, or differs from one by a byte past the sixteenth.
    @Test func commandNamesAreFoundWhateverTheirLength() throws {
        let long = CommandSpec("sixteen-bytes-and-more", group: "test", summary: "", example: "sixteen-bytes-and-more")
        let sixteen = CommandSpec("exactly-16-bytes", group: "test", summary: "", example: "exactly-16-bytes")
        let accented = CommandSpec("café", group: "test", summary: "", example: "café")
        let table = CommandTable(commands: CommandTable.standard.commands + [long, sixteen, accented])
        for name in ["echo", "state", "sixteen-bytes-and-more", "exactly-16-bytes", "café"] {
            #expect(table.root.children[name] != nil, "\(name)")
        }
        for word in ["ech", "echoo", "echo\u{0}", "sixteen-bytes-and-mor", "sixteen-bytes-and-more!", "exactly-16-byte", "exactly-16-bytes!", "cafe", ""] {
            #expect(table.root.children[word] == nil, "\(word)")
        }
        expectEqual(table.root.children["clock"]?.children["advance"]?.specs.first?.name, "clock advance")
        let result = ScriptReader(SourceFile(name: "t", text: "sixteen-bytes-and-more\ncafé\nexactly-16-bytes\n"), table: table)
        var reader = result
        expectEqual(reader.parseAll().count, 3)
        #expect(reader.diagnostics.isEmpty)
    }

    @Test func letAndNestedRepeat() {
        let result = parse("let pw = \"x\"\nrepeat 2 {\n  repeat $n { echo hi }\n  state\n}\n")
        #expect(result.diagnostics.isEmpty)
        guard case .binding(let name, let value, _, _, _) = result.statements[0],
              case .repetition(let count, let body, _) = result.statements[1] else { Issue.record("shape"); return }
        #expect(name == "pw" && value.kind == .string("x"))
        expectEqual(count.kind, .integer(2))
        expectEqual(body.count, 2)
        if case .repetition(let inner, let innerBody, _) = body[0] {
            expectEqual(inner.kind, .variable("n"))
            expectEqual(innerBody.count, 1)
        } else { Issue.record("inner repeat") }
    }

    @Test func oneRunReportsEveryError() {
        let result = parse("lgoin alice\nlogin\nstate extra\nclock advance soon\nexpect event getPasword\nuser\nlogin bob\n}\n")
        #expect(result.diagnostics.map(\.message) == [
            "unknown command 'lgoin' — did you mean 'login'?",
            "login expects a user name (usage: login USER [SECRET])",
            "too many arguments for state (usage: state)",
            "DURATION must be a duration such as 90d, 12h, 30m or 45s, not 'soon'",
            "unknown event 'getPasword' — did you mean 'getPassword'?",
            "'user' expects one of: add, show",
            "unexpected '}': no block is open",
        ])
        expectEqual(result.diagnostics.map(\.position.line), [1, 2, 3, 4, 5, 6, 8])
        expectEqual(result.diagnostics.map(\.position.column), [1, 1, 7, 15, 14, 1, 1])
        expectEqual(result.statements.count, 1, "the good line still parses")
    }

    @Test func unclosedBlockAsksForMore() {
        let result = parse("repeat 3 {\n  state\n")
        #expect(result.endedInsideBlock)
        expectEqual(result.diagnostics.first?.message, "'}' expected (to close '{' at line 1)")
    }

    @Test func nestingIsBoundedWithoutRecursionTrouble() {
        let deep = String(repeating: "repeat 1 {\n", count: 10_000) + "state\n" + String(repeating: "}\n", count: 10_000)
        let result = parse(deep)
        expectEqual(result.diagnostics.map(\.message), ["blocks are nested too deeply (the limit is 64)"])
        expectEqual(result.diagnostics.first?.position.line, 65)  // 64 blocks nest; the 65th is refused
    }

    @Test func repeatCountIsBounded() {
        let result = parse("repeat 1000000000 { state }")
        expectEqual(result.diagnostics.map(\.message), ["repeat count 1000000000 is over the limit of 1000000"])
    }

    /// A command's arguments are one array while all are values, and the bound arguments
    /// share it when one parameter takes them all (RawArguments, BoundArguments): what a
    /// parameter reads is the same in either form, and in the order bound.
    @Test func argumentsReadTheSameSharedOrListed() throws {
        let result = parse("echo a \"b c\" $d\nclock advance 1s\necho a b=c\n")
        guard case .command(let echo) = result.statements[0], case .command(let clock) = result.statements[1] else {
            Issue.record("expected two commands"); return
        }
        let words = try #require(echo.spec.parameters.first)
        guard case .list(let items)? = echo.argument(words) else { Issue.record("echo's words not a list"); return }
        expectEqual(items.map(\.kind), [.word("a"), .string("b c"), .variable("d")])
        expectEqual(echo.arguments.all.count, 1)
        guard case .single(let duration)? = clock.argument(try #require(clock.spec.parameters.first)) else {
            Issue.record("clock advance's duration not bound"); return
        }
        expectEqual(duration.kind, .duration(1))
        #expect(echo.argument(try #require(clock.spec.parameters.first)) == nil, "another command's parameter is not echo's")
        // A pair after values turns them into a list of both kinds, read as before.
        expectEqual(result.diagnostics.map(\.message), ["too many arguments for echo (usage: echo [TEXT...])"])

        // Set after a shared argument: both are kept, in the order bound.
        let first = Parameter("A", "a", .text), second = Parameter("B", "b", .text)
        var bound = BoundArguments()
        bound.append(first, [Expression(kind: .word("x"), position: .start)], at: 0)
        bound[second] = .single(Expression(kind: .word("y"), position: .start))
        expectEqual(bound.all.count, 2)
        guard case .single(let x)? = bound[first], case .single(let y)? = bound[second] else { Issue.record("lost an argument"); return }
        expectEqual([x.kind, y.kind], [.word("x"), .word("y")])
        bound[first] = nil
        expectEqual(bound.all.count, 1)
    }

    @Test func subcommandTyposAreSuggested() {
        expectEqual(parse("user ad bob").diagnostics.first?.message, "unknown command 'user ad' — did you mean 'user add'?")
        // A name of several words is said as the words it has so far, whatever blanks were between them.
        expectEqual(parse("expect  no\tevnt onUserLoggedIn").diagnostics.first?.message,
                    "unknown command 'expect no evnt' — did you mean 'expect no event'?")
        expectEqual(parse("expect no\nstate").diagnostics.first?.message, "'expect no' expects one of: call, event, output")
        // Only the name's own words: not text glued to the last (`"`, `=`, `{`, `}` end a word)
        // nor a token the lexer reported and passed over, which may be a password.
        expectEqual(parse("expect no\"S3cret pass\"").diagnostics.first?.message, "'expect no' expects one of: call, event, output")
        expectEqual(parse("expect no=x").diagnostics.first?.message, "'expect no' expects one of: call, event, output")
        expectEqual(parse("expect $5ecret no evnt").diagnostics.map(\.message).last,
                    "unknown command 'expect no evnt' — did you mean 'expect no event'?")
        expectEqual(parse("expect state alice sleeping").diagnostics.first?.message,
                    "STATE must be one of logged-in, logged-out, expired, blocked, not-activated, not 'sleeping'")
        // A known name in quotes: the quotes are what is wrong, and the message says so.
        expectEqual(parse(#"expect state alice "logged-in""#).diagnostics.first?.message, "a state is a bare word: write logged-in, without quotes")
        expectEqual(parse(#"sdk "fiori""#).diagnostics.first?.message, "an SDK's name is a bare word: write fiori, without quotes")
    }

    @Test func keyValuesAndJSONForPolicies() {
        #expect(parse(#"policy password {"minL":8}"#).diagnostics.isEmpty)
        #expect(parse("policy password minL=8 maxAge=90d").diagnostics.isEmpty)
        expectEqual(parse("policy password").diagnostics.first?.message, "policy password expects a JSON object or KEY=VALUE pairs")
        expectEqual(parse("login alice minL=8").diagnostics.first?.message, "login expects a secret (password, PIN or passcode) here, not KEY=VALUE")
    }

    /// A held reading says the SDK active after each statement, kept as its changes only
    /// (SDKsAfter): before the first switch, between switches, after the last.
    @Test func theSDKAfterEachStatementFollowsItsSwitches() {
        var reader = ScriptReader(SourceFile(name: "t.credscript", text: """
            echo a
            sdk fiori
            echo b
            sdk fiori
            echo c
            sdk susi
            echo d

            """))
        let script = reader.readScript()
        let names = (0..<(script.statements?.count ?? 0)).map { script.sdkAfter[$0].name }
        expectEqual(names, ["relid", "fiori", "fiori", "fiori", "fiori", "susi", "susi"])
        var other = ScriptReader(SourceFile(name: "t.credscript", text: "echo a\n"), sdk: SDKID(named: "onewelcome")!)
        expectEqual(other.readScript().sdkAfter[0].name, "onewelcome")
    }
}

/// The resolver (Resolver): what the SDK active on a line makes of a command the parser read.
@Suite struct ResolverTests {
    @Test func theSDKOnTheLineDecidesWhichEntryASharedNameMeans() throws {
        var parser = ScriptReader(SourceFile(name: "t", text: "user add bob password Passw0rd!\nsdk onewelcome\nuser add bob pin 52817\n"))
        let statements = parser.parseAll()
        #expect(parser.diagnostics.isEmpty, "\(parser.diagnostics.map(\.message))")
        guard case .command(let first)? = statements.first, case .command(let last)? = statements.last else {
            Issue.record("\(statements)"); return
        }
        #expect(first.spec.sdk == SDKID(named: "relid") && last.spec.sdk == SDKID(named: "onewelcome"))
        expectEqual(parser.sdk, SDKID(named: "onewelcome"))
    }

    @Test func itChecksAgainstTheCatalogAndSaysWhoseWordItIs() {
        let result = parse("user add bob pin 52817\nlet x = event didChangePin.profileId\nexpect event getPassword atemptsLeft=3\n")
        let messages = result.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("'pin' is onewelcome's: sdk onewelcome") }, "\(messages)")
        #expect(messages.contains { $0.contains("unknown event 'didChangePin' for relid (it is an event of onewelcome") })
        #expect(messages.contains { $0.contains("getPassword has no field 'atemptsLeft' — did you mean 'attemptsLeft'?") })
    }

    /// The parser reads words and structure and knows no SDK: what it read of a file that
    /// switches SDKs is the same whatever SDK the reading starts with; only the resolver's
    /// walk over it differs.
    @Test func theParserKnowsNoSDKAndTheResolverWalksWhatItRead() {
        let text = "user add bob pin 52817\nsdk susi\nlet t = event response.access_token\n"
        func read() -> [ReadStatement] {
            var parser = Parser(SourceFile(name: "t", text: text), table: .standard)
            var statements: [ReadStatement] = []
            while let statement = parser.nextStatement() { statements.append(statement) }
            #expect(parser.keptDiagnostics.isEmpty)
            return statements
        }
        let statements = read()
        expectEqual(statements.count, 3)
        func resolved(from sdk: String) -> (messages: [String], count: Int) {
            var resolver = Resolver(table: .standard, source: SourceFile(name: "t", text: text), sdk: SDKID(named: sdk)!)
            let count = read().compactMap { resolver.resolve($0) }.count
            return (resolver.diagnostics.map(\.message), count)
        }
        #expect(resolved(from: "onewelcome") == ([], 3))
        let fromRelID = resolved(from: "relid")
        #expect(fromRelID.count == 2 && fromRelID.messages.count == 1 && fromRelID.messages[0].contains("'pin' is onewelcome's"), "\(fromRelID)")
    }

    /// A call resolves after its definition only, and a name that is no procedure there is
    /// an unknown command, which ends at its statement: a block around it still closes.
    @Test func aCallIsResolvedByWhatIsDefinedBeforeIt() {
        let result = parse("greet\nproc greet who { echo $who }\ngreet bob\ngreet\nrepeat 2 { nobody }\necho after\n")
        let messages = result.diagnostics.map { "\($0.position.line): \($0.message)" }
        expectEqual(messages, ["1: unknown command 'greet'", "4: greet takes 1 argument (usage: greet WHO), not 0",
                             "5: unknown command 'nobody'"], "\(messages)")
        #expect(!result.endedInsideBlock)
    }

    /// A switch the resolver can see is followed wherever it is: in a procedure's body (the
    /// lines after each call), and in a sourced file (the lines after its `source` line).
    @Test func switchesInProcedureBodiesAndSourcedFilesAreFollowed() {
        var reader = ScriptReader(SourceFile(name: "t", text: "proc tosusi {\n  sdk susi\n}\ntosusi\nexpect event response status=200\n"))
        _ = reader.parseAll()
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics.map(\.message))")
        expectEqual(reader.sdk, SDKID(named: "susi"))
        var sourcing = ScriptReader(SourceFile(name: "t", text: "source fiori.inc\nchangepasscode\n"))
        sourcing.sourceLoader = { path, _ in SourceFile(name: path, text: "sdk fiori\n") }
        _ = sourcing.parseAll()
        #expect(sourcing.diagnostics.isEmpty, "\(sourcing.diagnostics.map(\.message))")
        expectEqual(sourcing.sdk, SDKID(named: "fiori"))
    }

    /// Files that each source a shared file twice, 20 deep, are read once each (for the
    /// SDK they are sourced with), not 2^20 times.
    @Test func aFileSourcedFromManyPlacesIsReadOnce() {
        final class Reads { var count = 0 }
        let reads = Reads()
        var reader = ScriptReader(SourceFile(name: "t", text: "source e1.inc\nz1\nz20\n"))
        reader.sourceLoader = { path, _ in
            reads.count += 1
            guard let n = Int(path.dropFirst().dropLast(4)) else { return nil }
            let text = n < 20 ? "source e\(n + 1).inc\nsource e\(n + 1).inc\nproc z\(n) { echo \(n) }\n" : "proc z20 { echo 20 }\n"
            return SourceFile(name: path, text: text)
        }
        _ = reader.parseAll()
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics.map(\.message))")
        #expect(reads.count <= 40, "\(reads.count) reads")
    }

    // grammar.md, "Rules the parser checks": an error is reported once, where it is (issue 36).

    /// Skipping after an error stops at a `}` that closes a block open before it, so the
    /// block closes where it is written: no second, false "'}' expected".
    @Test func aSkipAfterAnErrorLeavesTheClosingBracesOfTheLine() {
        let test = parse("repeat 1 { test \"x\" { echo hi } }\nstate\n")
        expectEqual(test.diagnostics.map(\.message), ["a test stands at the top level of a file, not inside a block or another test"])
        expectEqual(test.diagnostics.map(\.position.column), [12])
        #expect(!test.endedInsideBlock)
        let let5x = parse("repeat 1 { repeat 1 { let 5x = 1 } }\n")
        expectEqual(let5x.diagnostics.map(\.message), ["let expects a variable name (letters, digits and _), found '5x'"])
        #expect(!let5x.endedInsideBlock)
        // A stray `}` after a closed block is still one.
        expectEqual(parse("repeat 1 { state } x }\n").diagnostics.map(\.message), ["unexpected 'x' after '}'"])
    }

    /// A number or duration too large is that error alone, not also the error of what wanted one.
    @Test func aNumberTooLargeIsReportedOnce() {
        expectEqual(parse("repeat 99999999999999999999 { state }\n").diagnostics.map(\.message), ["number is too large"])
        expectEqual(parse("clock advance 99999999999999999999d\n").diagnostics.map(\.message), ["duration is too long"])
    }

    /// A failed pattern comparison writes its `~` once, as the script does (it showed `~ ~"^c1"`).
    @Test func aFailedPatternComparisonWritesItsOperatorOnce() {
        for line in [#"expect $v ~ "^c1""#, #"expect $v ~"^c1""#] {
            let (host, evaluator) = runScript("let v = abc\n" + line + "\n")
            expectEqual(evaluator.exitCode, 1)
            #expect(host.errors.contains(#"test.credscript:2:1: expectation failed: expected $v ~ "^c1", but $v is abc"#), "\(host.errors)")
        }
    }
}
