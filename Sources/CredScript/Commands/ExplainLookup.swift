import CredLanguage
import CredSimulator

/// `explain`'s text for a name or code, for outputs outside the prompt: the live page shows
/// it when a student clicks an arrow or a code (docs/teaching.md).
public enum ExplainLookup {
    /// The lines `explain QUERY` prints with `sdk` active; nil when it knows nothing of it.
    public static func lines(_ query: String, sdk: SDKID) -> [String]? {
        try? ExplainText.render(query, active: sdk.catalog)
    }
}
