import CredshDouble
import ExpiryScreen
import Foundation
import RELID
import Testing

@Suite("The sample app: the codelab's expiry screens against a scenario")
struct SampleAppTests {
    static let scenario = """
        sdk relid
        user add alice password "Passw0rd!"
        expire alice
        """

    /// `expiry-sample`, built beside this test bundle by `swift test`.
    static var sample: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [here, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("expiry-sample")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return here.appendingPathComponent("expiry-sample")
    }

    /// Runs the sample app with `input` typed, bounded to 60 s; its output and exit status.
    func runSample(_ server: CredshServer, device: String, input: String) throws -> (String, Int32) {
        let process = Process()
        process.executableURL = Self.sample
        process.arguments = ["-credshURL", server.baseURL.absoluteString, "-credshToken", server.token, "-credshDevice", device]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (output, process.terminationStatus)
    }

    @Test func aWholeExpiryFlowWithTheFormsChecksAndAlerts() throws {
        let server = try CredshServer(scenario: Self.scenario)
        let input = [
            "alice", "Passw0rd!",
            // the form's checks, in the codelab's order: nothing reaches the SDK
            "Passw0rd!", "N3w-Passw0rd!", "N3w-Passw0rd?",
            "Passw0rd!", "Passw0rd!", "Passw0rd!",
            "", "N3w-Passw0rd!", "N3w-Passw0rd!",
            // the server's answers: a policy refusal, then the update
            "Passw0rd!", "short", "short",
            "Passw0rd!", "N3w-Passw0rd!", "N3w-Passw0rd!",
        ].joined(separator: "\n") + "\n"
        let (output, status) = try runSample(server, device: "sample-phone", input: input)
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains("screen: UpdateExpiryPassword"))
        #expect(lines.contains("error banner: Password has expired. Please contact the admin."))
        #expect(lines.contains(#"alert "Password Mismatch": New password and confirm password do not match"#))
        #expect(lines.contains(#"alert "Invalid New Password": Your new password must be different from your current password"#))
        #expect(lines.contains("error banner: Please enter your current password"))
        #expect(lines.contains("error banner: Password does not meet policy standards"))
        #expect(lines.contains("screen: Dashboard (Welcome, alice)"))
        #expect(lines.last == "side menu: Dashboard, Get Notifications, Update Password")
        #expect(!output.contains("Passw0rd"), "the sample app printed a password")
        // The journal: three form refusals never reached the SDK; two updates in mode 4 did.
        try expectJournal(server, device: "sample-phone", sdk: "relid", """
            expect calls setUser setPassword updatePassword updatePassword getAllChallenges
            expect called updatePassword challengeMode=4
            expect no call setPassword challengeMode=4
            expect no call resetAuthState
            """)
        let journal = try #require(try? server.control.journal(device: "sample-phone").get())
        #expect(journal.components(separatedBy: "call updatePassword").count - 1 == 2, "\(journal)")
        #expect(!journal.contains("Passw0rd!"))
    }

    /// A UI test's setUp resets the world: the same run, the same screens, twice; each
    /// journal, its steering run included, replays with `credsh test` after the scenario.
    @Test func theSameRunTwiceWithAResetBetweenAndItsJournalReplays() throws {
        let server = try CredshServer(scenario: "sdk relid\nuser add alice password \"Passw0rd!\"\n")
        let input = ["alice", "Passw0rd!", "Passw0rd!", "N3w-Passw0rd!", "N3w-Passw0rd!"].joined(separator: "\n") + "\n"
        var journals: [String] = []
        for round in 1...2 {
            try server.control.reset().get()
            // Steering before the app runs: the password expires, so the app meets 118.
            #expect(try server.run("sdk relid\nexpire alice\n").passed)
            let (output, status) = try runSample(server, device: "sample-reset", input: input)
            #expect(status == 0, "round \(round): \(output)")
            #expect(output.contains("screen: UpdateExpiryPassword"), "round \(round): \(output)")
            journals.append(try server.control.journal(device: "sample-reset").get())
        }
        #expect(journals[0] == journals[1], "the same run after a reset journals the same")
        let journal = journals[1]
        #expect(journal.contains("# steering: a control run between the calls") && journal.contains("\nexpire alice\n"), "\(journal)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("credsh-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("replay.credscript")
        try Data(("sdk relid\nuser add alice password \"Passw0rd!\"\n" + journal).utf8).write(to: file)
        let replay = Process()
        replay.executableURL = CredshServer.binary
        replay.arguments = ["test", "--secret", "password1", "--secret", "currentPassword1", "--secret", "newPassword1", file.path]
        replay.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": directory.path,
                              "password1": "Passw0rd!", "currentPassword1": "Passw0rd!", "newPassword1": "N3w-Passw0rd!"]
        let out = Pipe()
        replay.standardOutput = out
        replay.standardError = out
        try replay.run()
        replay.waitUntilExit()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(replay.terminationStatus == 0, "\(said)\n\(journal)")
    }

    @Test func theCloseButtonResetsTheLogin() throws {
        let server = try CredshServer(scenario: Self.scenario)
        let (output, status) = try runSample(server, device: "sample-close", input: "alice\nPassw0rd!\n!close\n")
        #expect(status == 1, "\(output)")
        #expect(output.contains("screen: CheckUser"))
        try expectJournal(server, device: "sample-close", sdk: "relid", "expect calls setUser setPassword resetAuthState\nexpect no call updatePassword")
    }
}
