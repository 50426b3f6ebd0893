import Testing
import Expectations
import CredLanguage
import CredScript
import CredSuite
@testable import CredCommandLine

/// The values of the options that run scripts, read with no process: each refusal says
/// what the option takes; and `credsh test-one`'s command line, which the runner writes
/// from its settings and each worker reads back into the same settings.
@Suite struct ScriptOptionsTests {
    static let syntax = CommandSyntax(name: "test", abstract: "Run tests.", arguments: ("<paths> ...", "Scripts."),
                                      options: [ScriptOptions.seed, ScriptOptions.maxSteps, ScriptOptions.filter])

    static func parsed(_ words: [String]) throws -> ParsedArguments { try ArgumentScanner.scan(ArraySlice(words), syntax) }

    @Test func givenValuesAreReadAndMissingOnesAreTheDefaults() throws {
        let given = try Self.parsed(["--seed", "18446744073709551615", "--max-steps", "1", "--filter", "login: .*"])
        try expectEqual(given.seed(Self.syntax), UInt64.max)
        try expectEqual(given.maxSteps(Self.syntax), 1)
        try expectEqual(given.filter(Self.syntax), "login: .*")
        let none = try Self.parsed([])
        try expectEqual(none.seed(Self.syntax), 0)
        try expectEqual(none.maxSteps(Self.syntax), Evaluator.defaultStepBudget)
        try expectEqual(none.filter(Self.syntax), nil)
    }

    @Test func aBadValueIsAUsageErrorThatSaysWhatTheOptionTakes() throws {
        let cases: [([String], String)] = [
            (["--seed", "-1"], "--seed takes a whole number from 0 to 18446744073709551615, not '-1'"),
            (["--max-steps", "0"], "--max-steps takes how many steps a script may run, 1 or more, not '0'"),
            (["--max-steps", "many"], "--max-steps takes how many steps a script may run, 1 or more, not 'many'"),
            // Text from outside reaches the terminal safe: no escape sequence is sent.
            (["--max-steps", "\u{1B}[31mX"], "--max-steps takes how many steps a script may run, 1 or more, not '\\u{1B}[31mX'"),
            (["--seed", "\u{1B}]0;t\u{07}"], "--seed takes a whole number from 0 to 18446744073709551615, not '\\u{1B}]0;t\\u{7}'"),
        ]
        for (words, message) in cases {
            let parsed = try Self.parsed(words)
            do throws(UsageError) {
                _ = try parsed.seed(Self.syntax)
                _ = try parsed.maxSteps(Self.syntax)
                Issue.record("\(words) was read")
            } catch {
                expectEqual(error.message, message)
            }
        }
    }

    @Test func aFilterRE2CannotReadIsRefusedWithTheValuesFromOutsideMasked() throws {
        let parsed = try Self.parsed(["--filter", "(?#Zq9SecretA1!)(x"])
        let outside = OutsideVariables(bindings: [.init(name: "pw", value: "Zq9SecretA1!", secret: true)], arguments: [])
        do throws(UsageError) {
            _ = try parsed.filter(Self.syntax, masking: outside)
            Issue.record("an unbalanced pattern was read")
        } catch {
            #expect(error.message.hasPrefix("--filter takes a regular expression (RE2), and '"))
            #expect(!error.message.contains("Zq9SecretA1!"), "\(error.message)")
        }
    }

    @Test func aWorkerReadsBackTheSettingsItsRunnerWrote() throws {
        var settings = ScriptTest.Settings(seed: 7, keepGoing: true, update: false, maxSteps: 500, coverage: true, diagrams: true)
        settings.filter = "a.credscript: login"
        let environment = ["CI_PW": "Zq9-secret"]
        settings.outside = try OutsideVariables(ArgumentScanner.scan(["--var", "user=erin", "--secret", "CI_PW"], TestOneOptions.syntax),
                                                TestOneOptions.syntax, environment: { environment[$0] })
        let room = String(repeating: " ", count: 8)
        let arguments = TestOneOptions.workerArguments(settings, room: room)
        expectEqual(arguments, ["credsh", "test-one", "--worker", "--seed", "7", "--max-steps", "500", "--keep-going", "--coverage", "--diagrams",
                              "--filter", "a.credscript: login", "--var", "user=erin", "--secret", "CI_PW", "--", room])
        #expect(!arguments.contains { $0.contains("Zq9") }, "a secret's value stays in the environment the worker inherits")

        let syntax = TestOneOptions.syntax
        let parsed = try ArgumentScanner.scan(arguments.dropFirst(2), syntax)
        #expect(parsed.has(TestOneOptions.worker) && parsed.positionals == [room])
        let read = try TestOneOptions.settings(parsed, syntax, environment: { environment[$0] })
        #expect(read.seed == 7 && read.keepGoing && !read.update && read.maxSteps == 500 && read.coverage && read.diagrams)
        expectEqual(read.filter, settings.filter)
        #expect(read.outside.bindings == settings.outside.bindings && read.outside.arguments == settings.outside.arguments)

        let plain = TestOneOptions.workerArguments(ScriptTest.Settings(), room: room)
        expectEqual(plain, ["credsh", "test-one", "--worker", "--seed", "0", "--max-steps", String(Evaluator.defaultStepBudget), "--", room])
        let back = try TestOneOptions.settings(ArgumentScanner.scan(plain.dropFirst(2), syntax), syntax)
        #expect(back.seed == 0 && !back.keepGoing && !back.update && back.maxSteps == Evaluator.defaultStepBudget && !back.coverage
                && !back.diagrams && back.filter == nil && back.outside.bindings.isEmpty)
    }

    @Test func everyOptionOfTheWorkersSyntaxIsOneTheRunnerCanWrite() {
        // The values from outside are handed on as given; every other option is written by workerArguments.
        var settings = ScriptTest.Settings(seed: 1, keepGoing: true, update: true, maxSteps: 2, coverage: true, diagrams: true)
        settings.filter = "x"
        let written = Set(TestOneOptions.workerArguments(settings, room: "").filter { $0.hasPrefix("--") && $0 != "--" })
        let declared = Set(TestOneOptions.syntax.options.map { "--" + $0.long }).subtracting(OutsideVariables.options.map { "--" + $0.long })
        expectEqual(written, declared)
    }
}
