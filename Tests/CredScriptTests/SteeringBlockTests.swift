import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
@testable import CredSimulator

/// A control run in a journal's script (docs/double.md, "Steered tests replay"): at its
/// place, replayable, never a secret or a control character in it.
@Suite struct SteeringBlockTests {
    /// The run's block as the journal writes it (JournalScript): after the header's
    /// comments and the line that puts the replay on the device, up to the end.
    func block(_ text: String, passed: Bool = true, device: String = "phone-1", secrets: [String] = []) throws -> [String] {
        var known = KnownSecrets()
        for secret in secrets { known.add(secret) }
        var journal = DeviceJournal()
        journal.appendSteering(SteeringRun(text: text, sdk: .first, passed: passed))
        let lines = JournalScript.lines(of: journal, device: try DeviceID(device), secrets: known)
        return Array(lines.drop { $0.hasPrefix("# ") && !$0.hasPrefix("# steering") }.drop { $0.hasPrefix("device ") })
    }

    @Test func aRunStartsOnDefaultAndComesBackToTheJournalsDevice() throws {
        expectEqual(try block("expire alice\n"), [
            "# steering: a control run between the calls (POST /__credsh/run)",
            "device default", "sdk relid", "expire alice", "device phone-1",
        ])
        // On default itself, and with the run's own sdk line first: no second one.
        expectEqual(try block("sdk relid\nnetwork down\n", device: "default"), [
            "# steering: a control run between the calls (POST /__credsh/run)", "sdk relid", "network down", "device default",
        ])
    }

    /// Review: a device named with a known secret was written `device ***`, a line no
    /// replay reads. It is a variable the header names, as any text holding a secret is.
    @Test func aDeviceNamedWithASecretIsAVariableSoTheJournalReplays() throws {
        var known = KnownSecrets()
        known.add("Zq9Secret-x")
        var journal = DeviceJournal()
        journal.appendSteering(SteeringRun(text: "expire alice\n", sdk: .first, passed: true))
        let lines = JournalScript.lines(of: journal, device: try DeviceID("Zq9Secret-x"), secrets: known)
        #expect(lines.contains("device $device1") && !lines.contains { $0.contains("Zq9Secret-x") || $0.hasPrefix("device ***") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("# Its secrets are variables") && $0.contains("--secret device1") }, "\(lines)")
        // Without a steering run no `device` line is written, and no variable is named for it.
        let calls = JournalScript.lines(of: DeviceJournal(), device: try DeviceID("Zq9Secret-x"), secrets: known)
        #expect(!calls.contains { $0.contains("device1") }, "\(calls)")
    }

    @Test func linesAReplayMustNotRepeatAreComments() throws {
        let lines = try block("device phone-2\ncall setUser userID=bob\nexpect error 4\nexpect calls setUser\njournal clear\ndevices forget phone-2\nclock advance 1h\n")
        expectEqual(Array(lines.dropFirst(3).dropLast()), [
            "device phone-2", "# call setUser userID=bob", "# expect error 4", "# expect calls setUser", "# journal clear",
            "# devices forget phone-2", "clock advance 1h",
        ])
        // A failed run is all comments.
        #expect(try block("expire alice\n", passed: false).contains("# expire alice"))
        // A run of checks alone steers nothing; one that changes the world does.
        #expect(!SteeringBlock.steers("sdk relid\ndevice phone-1\nexpect called setUser\n# a comment\n\n"))
        #expect(SteeringBlock.steers("sdk relid\ndevice phone-1\nnetwork down\n"))
    }

    @Test func secretsAreVariablesAndWhatCannotBeIsLeftOut() throws {
        let lines = try block("user add carol password \"Car0l-Secret!\"\nlogin carol Car0l-Secret!\ncall setPassword password=\"Car0l-Secret!\" challengeMode=0\nlet x = \"xCar0l-Secret!x\"\n",
                              secrets: ["Car0l-Secret!"])
        #expect(lines.contains("user add carol password $secret1"), "\(lines)")
        #expect(lines.contains("login carol $secret1"), "\(lines)")
        #expect(lines.contains("# call setPassword password=$secret1 challengeMode=0"), "\(lines)")
        #expect(lines.contains("# (a line left out: it holds a secret in a spelling the journal cannot make a variable of)"), "\(lines)")
        #expect(!lines.joined(separator: "\n").contains("Car0l-Secret!"))
        // Spelt with escapes, as the lexer reads it: the same variable, whole or after `=`;
        // inside a longer text, left out.
        let escaped = try block(#"login carol "\u{43}ar0l-Secret!"\#ncall setPassword password="Car0l\u{2D}Secret\u{21}"\#nnote "x\u{43}ar0l-Secret!"\#nnote "\u{43}ar0l-Secret!\q"\#n"#,
                                secrets: ["Car0l-Secret!"])
        expectEqual(Array(escaped.dropFirst(3).dropLast()), [
            "login carol $secret1", "# call setPassword password=$secret1",
            "# (a line left out: it holds a secret in a spelling the journal cannot make a variable of)",
            "# (a line left out: it holds a secret in a spelling the journal cannot make a variable of)",
        ])
        // A control character is never written raw.
        let bell = try block("note \"a\u{7}b\"\n\u{1B}[31mexpire alice\n")
        #expect(bell.filter { $0.hasPrefix("# (a line left out: it holds a control character)") }.count == 2, "\(bell)")
        #expect(!bell.joined().unicodeScalars.contains { $0.value == 7 || $0.value == 0x1B })
    }
}
