import Foundation
import Testing

@Suite struct OutputFormatTests {
    static let script = "user add alice password \"Passw0rd!\"\nexpire alice\nlogin alice \"Passw0rd!\"\nupdate a b c\nexpect error ~\"do not match\"\n"

    @Test func jsonLinesUseTheSDKsNames() throws {
        let result = try Credsh.run(["--format", "json", "--echo", "-"], script: Self.script)
        #expect(result.status == 0)
        let objects = try result.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        let expired = try #require(objects.first { ($0["event"] as? String) == "getPassword" && ($0["challengeMode"] as? Int) == 4 })
        #expect(expired["userID"] as? String == "alice")
        #expect(expired["attemptsLeft"] as? Int == 3)
        #expect(expired["statusCode"] as? Int == 118)
        #expect(expired["statusMessage"] as? String == "Password has expired. Please contact the admin.")
        #expect(objects.contains { ($0["error"] as? String) == "New password and confirm password do not match" && ($0["source"] as? String) == "app" })
        #expect(objects.contains { ($0["command"] as? String) == "update *** *** ***" })
        #expect(!result.stdout.contains("Passw0rd!"))
    }

    @Test func syncErrorsInJSONCarryTheirCode() throws {
        let result = try Credsh.run(["--format", "json", "-"], script: "logout\nexpect error 166\n")
        #expect(result.stdout == #"{"call":"logOff","sdk":"relid","userID":"","error":166,"errorString":"User is not logged in"}"# + "\n")
    }

    @Test func noColourInAPipeOrWithNoColor() throws {
        let piped = try Credsh.run(["examples/login.credscript"])
        #expect(!piped.stdout.contains("\u{1B}["))
        let noColor = try Credsh.run(["--no-color", "examples/login.credscript"], environment: ["NO_COLOR": "1"])
        #expect(!noColor.stdout.contains("\u{1B}["))
    }

    @Test func seedsChangeSaltsButNotOutput() throws {
        let a = try Credsh.run(["--seed", "1", "examples/reuse-refused.credscript"])
        let b = try Credsh.run(["--seed", "2", "examples/reuse-refused.credscript"])
        #expect(a.status == 0 && a.stdout == b.stdout)
    }
}
