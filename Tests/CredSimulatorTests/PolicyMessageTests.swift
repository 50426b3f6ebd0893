import Testing
import Expectations
@testable import CredSimulator

/// The app's policy sentence, reproduced with its quirks (docs/relid.md, "The password policy").
@Suite struct PolicyMessageTests {
    @Test func theFlowsExample() {
        expectEqual(PolicyMessage.from(json: #"{"minL":8,"maxL":16,"minDg":1,"minUc":1}"#),
                    "Must be between 8 and 16 characters long, Must contain at least 1 digit, and must contain at least 1 uppercase letter")
    }

    @Test(arguments: [
        (#"{}"#, "Please enter a secure password"),
        (#"{"minL":8}"#, "Must be at least 8 characters long"),
        (#"{"maxL":12}"#, "Must be no more than 12 characters long"),
        (#"{"minL":6,"maxL":6}"#, "Must be exactly 6 characters long"),
        (#"{"minL":8,"minDg":2}"#, "Must be at least 8 characters long and must contain at least 2 digits"),
        (#"{"minLc":1,"minSc":3}"#, "Must contain at least 1 lowercase letter and must contain at least 3 special characters"),
        (#"{"charsNotAllowed":"ABC"}"#, "Cannot contain these characters: ABC"),
        (#"{"minL":8,"charsNotAllowed":"ABC"}"#, "Must be at least 8 characters long and cannot contain these characters: abc"),
        (#"{"Repetition":2,"UserIDcheck":"true","SeqCheck":"true","BlackListedCommonPassword":"true"}"#,
         "Cannot have more than 2 repeated characters in a row, Cannot contain your username, Cannot contain sequential characters (e.g., 123, abc), and cannot be a commonly used password"),
        (#"{"UserIDcheck":true}"#, "Cannot contain your username"),
        (#"{"SeqCheck":"false","BlackListedCommonPassword":"false"}"#, "Please enter a secure password"),
        (#"{"minL":8,"msg":"Use a passphrase"}"#, "Use a passphrase"),
        (#"{"minL":8,"msg":"   "}"#, "Must be at least 8 characters long"),
        (#"{"minL":8,"msg":"Invalid password policy"}"#, "Must be at least 8 characters long"),
        (#"{"minL":"8"}"#, "Please enter a secure password according to your organization's policy"),
        (#"not json"#, "Please enter a secure password according to your organization's policy"),
        (#"[1,2]"#, "Please enter a secure password according to your organization's policy"),
    ])
    func sentences(json: String, expected: String) {
        expectEqual(PolicyMessage.from(json: json), expected)
    }

    @Test func theServerSendsWhatItEnforces() throws {
        var policy = PasswordPolicy()
        try policy.replaceRules(withJSON: #"{"minL":8,"maxL":16,"SeqCheck":"true","UserIDcheck":true}"#)
        expectEqual(policy.relidJSON.serialized, #"{"minL":8,"maxL":16,"UserIDcheck":true,"SeqCheck":"true"}"#)
        expectEqual(policy.rules, [.length(min: 8, max: 16), .userID, .sequence])
        #expect(throws: SimulationError.self) { try policy.replaceRules(withJSON: #"{"minLength":8}"#) }
        #expect(throws: SimulationError.self) { try policy.replaceRules(withJSON: #"{"minL":9,"maxL":8}"#) }
        #expect(throws: SimulationError.self) { try policy.replaceRules(withJSON: #"{"minL":8"#) }
    }
}
