import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// Issue 48, item 4: a journal replays whatever its secrets. A list one of whose texts is
/// a known secret (`rememberedUsers=[Zed2024x]`, a user named like a password) is a
/// variable whole, not `[***]`, which `check` accepted and no replay passed; a list of
/// protocol words (`options=[Password]` with a user whose password is `Password`) is
/// written as it is.
@Suite struct JournalListSecretTests {
    @Test func aListHoldingAKnownSecretIsAVariableAndTheJournalReplays() throws {
        let scenario = "kdf 1\nuser add Zed2024x password \"Passw0rd!\"\nuser add weak password \"Password\"\n"
        let session = "call setUser userID=Zed2024x\ncall setPassword password=\"Passw0rd!\" challengeMode=0\n"
            + "call getAllChallenges userID=Zed2024x\ncall logOff userID=Zed2024x\n"
        let (first, evaluator) = runScript(scenario + session)
        #expect(first.diagnostics.isEmpty, "\(first.errors)")
        let script = JournalScript.script(of: evaluator.simulation, device: .standard, secrets: evaluator.events.secrets.values)
        #expect(!script.contains("***") && !script.contains("Zed2024x") && !script.contains("Passw0rd!"), "\(script)")
        #expect(script.contains("options=[Password]"), "\(script)")
        #expect(script.contains("rememberedUsers=$rememberedUsers1"), "\(script)")

        let host = MemoryHost()
        let replay = Evaluator(simulation: Simulation(seed: 0), options: .init(), host: host)
        for (name, value) in ["userID1": "Zed2024x", "password1": "Passw0rd!", "rememberedUsers1": "[Zed2024x]"] {
            replay.bindFromOutside(name, value, secret: true)
        }
        replay.run(SourceFile(name: "journal.credscript", text: scenario + script))
        #expect(host.diagnostics.isEmpty && replay.exitCode == 0, "\(host.errors)\n\(script)")
    }
}
