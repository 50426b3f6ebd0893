import CredSimulator

/// What an SDK's scripts may write beyond its catalog's names, which the resolver checks
/// a line against: the readable fields its text output shows (REL-ID's `policy` inside
/// `challengeInfo`) and the names of integer values (`RDNA_OP_UPDATE_ON_EXPIRY`). Each
/// SDK's folder in the runtime supplies its own (SDKFlow); the language names no SDK.
public struct SDKVocabulary: Sendable {
    public let sdk: SDKID
    /// The names the readable fields add, by event.
    public let readableFieldNames: [String: [String]]
    /// Names a script may write instead of an integer field's value, by field.
    public let valueNames: [String: [Int: String]]

    public init(sdk: SDKID, readableFieldNames: [String: [String]] = [:], valueNames: [String: [Int: String]] = [:]) {
        self.sdk = sdk
        self.readableFieldNames = readableFieldNames
        self.valueNames = valueNames
    }
}
