import CredSimulator

extension RelIDFlow {
    /// The REL-ID readings that help a person: the name of a challenge mode,
    /// `status=CODE "message"`, the policy JSON on its own, and `error=0` left out.
    static func fieldTexts(_ fields: [(String, JSONValue)]) -> [String]? {
        var texts: [String] = []
        var index = 0
        while index < fields.count {
            let (key, value) = fields[index]
            index += 1
            switch (key, value) {
            case ("error", .int(0)):
                continue
            case ("challengeMode", .int(let mode)):
                let name = ChallengeMode(rawValue: mode).map { " (\($0.sdkName))" } ?? ""
                texts.append("challengeMode=\(mode)\(name)")
            case ("statusCode", .int(let code)):
                if index < fields.count, fields[index].0 == "statusMessage", case .string(let message) = fields[index].1 {
                    texts.append("status=\(code) \(FieldText.quote(message))")
                    index += 1
                } else {
                    texts.append("status=\(code)")
                }
            case ("challengeInfo", .array(let items)):
                for item in items {
                    if case .string(let k)? = item["key"], case .string(let v)? = item["value"] {
                        texts.append(k == "RELID_PASSWORD_POLICY" ? "policy=\(v)" : "\(k)=\(FieldText.quoteIfNeeded(v))")
                    }
                }
            default:
                texts.append("\(key)=\(FieldText.plain(value))")
            }
        }
        return texts
    }
}
