import Foundation
import Testing

/// The SDK double's lines at the real prompt (docs/double.md, "The language side"; docs/
/// prompt.md): `call` with completion of its method and fields, `device` with the device in
/// the prompt, `devices`, `journal show|clear` and the journal checks, each through tmux.
@Suite(.serialized) struct DoublePromptTests {
    typealias Terminal = PromptTests.Terminal

    @Test func callDevicesJournalAndChecksAtThePromptWithCompletionAndTheDeviceShown() throws {
        let terminal = try Terminal()
        try terminal.keys("user add alice password Passw0rd!", "@Enter")
        try terminal.waitFor("added alice")
        // The device shows in the prompt, after the SDK, once it is not default.
        try terminal.keys("device phone-1", "@Enter")
        try terminal.waitFor("device phone-1: new, a copy of default's SDK side")
        try terminal.waitFor("credsh relid@phone-1>")
        // Tab completes the command, the call of the active SDK, then the call's field.
        try terminal.keys("cal", "@Tab", "setU", "@Tab", "us", "@Tab")
        try terminal.waitFor("credsh relid@phone-1> call setUser userID=")
        // Issue 52: the field's value completes too: a user that exists.
        try terminal.keys("a", "@Tab")
        try terminal.waitFor("credsh relid@phone-1> call setUser userID=alice")
        try terminal.keys("@Enter")
        try terminal.waitFor("→ setUser userID=alice")
        try terminal.waitFor("← getPassword userID=alice challengeMode=0")
        try terminal.waitFor("credsh relid@phone-1 [alice: mode 0 verify]>")
        // A call's secret field is masked as it is typed back; its other field completes too.
        try terminal.keys("call setPassword password=Passw0rd! chall", "@Tab")
        try terminal.waitFor("call setPassword password=Passw0rd! challengeMode=")
        // Issue 52: and the modes, by number and by the SDK's name.
        try terminal.keys("@Tab", "@Tab")
        try terminal.waitFor("challengeMode=RDNA_CHALLENGE_OP_VERIFY")
        #expect(terminal.screen.contains("challengeMode=4") && terminal.screen.contains("challengeMode=RDNA_OP_UPDATE_ON_EXPIRY"), "\(terminal.screen)")
        try terminal.keys("0", "@Enter")
        try terminal.waitFor("→ setPassword password=*** challengeMode=0")
        try terminal.waitFor("← onUserLoggedIn userID=alice")
        try terminal.waitFor("credsh relid@phone-1 alice>")
        // The journal checks: two that hold say nothing; one that fails says why.
        try terminal.keys("expect called setUser userID=alice", "@Enter")
        try terminal.keys("expect calls setUser setPassword", "@Enter")
        try terminal.keys("expect no call logOff", "@Enter")
        try terminal.keys("expect no call setUser", "@Enter")
        try terminal.waitFor("expected no call setUser on device phone-1, but call #1 of its journal was one")
        #expect(!terminal.screen.contains("expected a call setUser"), "\(terminal.screen)")
        #expect(!terminal.screen.contains("expected the calls"), "\(terminal.screen)")
        // devices lists both, phone-1 current; journal show prints the session as a script.
        try terminal.keys("devices", "@Enter")
        try terminal.waitFor("* phone-1  2 calls")
        try terminal.waitFor("  default  0 calls")
        try terminal.keys("journal show", "@Enter")
        try terminal.waitFor("call setUser userID=alice")
        try terminal.waitFor("expect event 1 onUserLoggedIn")
        try terminal.keys("journal clear", "@Enter")
        try terminal.keys("devices", "@Enter")
        try terminal.waitFor("* phone-1  0 calls")
        // Back on default, the prompt is as it always was.
        try terminal.keys("device default", "@Enter")
        try terminal.waitFor("credsh relid> ")
        try terminal.keys("devices forget phone-1", "@Enter")
        try terminal.waitFor("device phone-1 forgotten")
        try terminal.keys("devices", "@Enter")
        try terminal.waitFor("* default  0 calls")
        try HistoryPromptTests.leave(terminal)
        let history = try String(contentsOf: terminal.state.appendingPathComponent("credsh/history"), encoding: .utf8)
        #expect(history.contains("call setPassword password=*** challengeMode=0"), "\(history)")
        #expect(!history.contains("Passw0rd!"), "\(history)")
    }
}
