import CredSimulator

/// What an SDK's scripts may write beyond its catalog's names, which the resolver checks
/// a line against: the readable fields its text output shows (REL-ID's `policy` inside
/// `challengeInfo`) and the names of integer values (`RDNA_OP_UPDATE_ON_EXPIRY`). Each
/// SDK's folder in the runtime supplies its own (SDKFlow refines this); the language names
/// no SDK. Static, so that a table names each SDK's words without building them: they are
/// built the first time a line asks.
public protocol SDKVocabulary: Sendable {
    /// The SDK the words are of.
    static var sdkID: SDKID { get }
    /// The names the readable fields add, by event.
    static var readableFieldNames: [String: [String]] { get }
    /// Names a script may write instead of an integer field's value, by field.
    static var valueNames: [String: [Int: String]] { get }
}
