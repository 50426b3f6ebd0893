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

    @Test func theCloseButtonResetsTheLogin() throws {
        let server = try CredshServer(scenario: Self.scenario)
        let (output, status) = try runSample(server, device: "sample-close", input: "alice\nPassw0rd!\n!close\n")
        #expect(status == 1, "\(output)")
        #expect(output.contains("screen: CheckUser"))
        try expectJournal(server, device: "sample-close", sdk: "relid", "expect calls setUser setPassword resetAuthState\nexpect no call updatePassword")
    }
}
