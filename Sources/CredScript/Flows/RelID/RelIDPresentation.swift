import CredLanguage
import CredSimulator

extension RelIDFlow {
    /// The policy travels as a JSON string inside `challengeInfo`; shown and matched as
    /// `policy={…}` (the object itself, or the text when it is no JSON).
    static func readableFields(_ fields: [(String, JSONValue)]) -> [(String, JSONValue)] {
        fields.flatMap { key, value -> [(String, JSONValue)] in
            guard key == "challengeInfo", case .array(let items) = value else { return [(key, value)] }
            return items.compactMap { item in
                guard case .string(let name)? = item["key"], case .string(let text)? = item["value"] else { return nil }
                guard name == "RELID_PASSWORD_POLICY" else { return (name, .string(text)) }
                return ("policy", (try? JSONValue.parse(text)) ?? .string(text))
            }
        }
    }

    static let readableFieldNames = ["getPassword": ["policy"]]
}
