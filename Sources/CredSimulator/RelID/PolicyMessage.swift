/// The sentence the codelab apps build from `RELID_PASSWORD_POLICY` to show above the
/// password fields. This reproduces their algorithm on purpose, quirks included: middle
/// items keep their capital, the last one is lower-cased whole (characters listed in
/// `charsNotAllowed` too), and a policy that does not parse gets a fixed fallback.
public enum PolicyMessage {
    public static let fallback = "Please enter a secure password according to your organization's policy"
    public static let generic = "Please enter a secure password"

    public static func from(json text: String) -> String {
        guard let parsed = try? JSONValue.parse(text), case .object = parsed,
              let fields = AppPolicyFields(parsed)
        else { return fallback }
        if let msg = fields.msg, !msg.allSatisfy(\.isWhitespace), msg != "Invalid password policy" {
            return msg
        }
        return join(fields.requirementLines)
    }

    static func join(_ lines: [String]) -> String {
        switch lines.count {
        case 0: return generic
        case 1: return lines[0]
        case 2: return "\(lines[0]) and \(lines[1].lowercased())"
        default:
            return lines.dropLast().joined(separator: ", ") + ", and " + lines[lines.count - 1].lowercased()
        }
    }
}

/// The policy as the app reads it: missing keys are 0, "", or false; a key of the wrong
/// type makes the whole policy unreadable (nil), as a typed decode would.
private struct AppPolicyFields {
    var minL = 0, maxL = 0, minDg = 0, minUc = 0, minLc = 0, minSc = 0, repetition = 0
    var charsNotAllowed = ""
    var userIDCheck = false, seqCheck = false, blackListed = false
    var msg: String?

    init?(_ json: JSONValue) {
        func int(_ key: String) -> Int?? {
            switch json[key] {
            case nil, .null?: return .some(nil)
            case .int(let i)?: return .some(i)
            default: return nil
            }
        }
        func text(_ key: String) -> String?? {
            switch json[key] {
            case nil, .null?: return .some(nil)
            case .string(let s)?: return .some(s)
            default: return nil
            }
        }
        /// `UserIDcheck` may arrive as a JSON boolean or as the string "true".
        func flag(_ key: String) -> Bool? {
            switch json[key] {
            case nil, .null?: return false
            case .bool(let b)?: return b
            case .string(let s)?: return s.lowercased() == "true"
            default: return nil
            }
        }
        guard let minL = int("minL"), let maxL = int("maxL"), let minDg = int("minDg"), let minUc = int("minUc"),
              let minLc = int("minLc"), let minSc = int("minSc"), let repetition = int("Repetition"),
              let chars = text("charsNotAllowed"), let msg = text("msg"),
              let userID = flag("UserIDcheck"), let seq = flag("SeqCheck"), let common = flag("BlackListedCommonPassword")
        else { return nil }
        self.minL = minL ?? 0
        self.maxL = maxL ?? 0
        self.minDg = minDg ?? 0
        self.minUc = minUc ?? 0
        self.minLc = minLc ?? 0
        self.minSc = minSc ?? 0
        self.repetition = repetition ?? 0
        self.charsNotAllowed = chars ?? ""
        self.msg = msg
        self.userIDCheck = userID
        self.seqCheck = seq
        self.blackListed = common
    }

    var requirementLines: [String] {
        var lines: [String] = []
        if minL > 0 || maxL > 0 { lines.append(PolicyRule.length(min: minL, max: maxL).message) }
        if minDg > 0 { lines.append(PolicyRule.minDigits(minDg).message) }
        if minUc > 0 { lines.append(PolicyRule.minUppercase(minUc).message) }
        if minLc > 0 { lines.append(PolicyRule.minLowercase(minLc).message) }
        if minSc > 0 { lines.append(PolicyRule.minSpecial(minSc).message) }
        if !charsNotAllowed.allSatisfy(\.isWhitespace) { lines.append(PolicyRule.charsNotAllowed(charsNotAllowed).message) }
        if repetition > 0 { lines.append(PolicyRule.repetition(repetition).message) }
        if userIDCheck { lines.append(PolicyRule.userID.message) }
        if seqCheck { lines.append(PolicyRule.sequence.message) }
        if blackListed { lines.append(PolicyRule.commonPassword.message) }
        return lines
    }
}
