import CredLanguage
import CredSimulator

/// Text output a class can follow at 80 columns (`--compact`, `compact on`): within a
/// flow, a callback shows only the fields that changed since the last callback of its
/// name (so a challenge's policy shows once), and what the app shows is not repeated.
/// A flow ends where the SDK's flow says (`SDKFlows.flowEnds`: a login, a logout, an
/// HTTP answer), or when another SDK speaks; then everything shows in full again.
/// Everything but callbacks and the app's lines goes to `TextRenderer` unchanged.
public final class CompactTextRenderer {
    public let base: TextRenderer
    /// The field texts each event name last showed in this flow.
    private var shown: [String: [String]] = [:]
    /// What the app showed in this flow.
    private var appLines: Set<String> = []
    private var sdk: SDKID?

    public init(style: Style = .plain) { base = TextRenderer(style: style) }

    /// The record as text, ending with a newline; empty when everything in it was shown already.
    public func render(_ record: OutputRecord) -> String {
        guard case let .outcome(outcome, sdk) = record else { return base.render(record) }
        if sdk != self.sdk { startFlow(sdk) }
        let ends = SDKFlows.flowEnds(of: sdk)
        switch outcome {
        case .event(let event):
            let texts = base.fieldTexts(event.fields, sdk: sdk)
            var line = TextRenderer.arrow(for: event.name, sdk: sdk) + event.name
            var same: [String] = []
            if let before = shown[event.name] {
                let kept = texts.filter { !before.contains($0) }
                same = texts.filter { before.contains($0) }.map { String($0.prefix { $0 != "=" }) }
                if !kept.isEmpty { line += " " + kept.joined(separator: " ") }
            } else if !texts.isEmpty {
                line += " " + texts.joined(separator: " ")
            }
            shown[event.name] = texts
            if ends.contains(event.name) { startFlow(sdk) }
            let note = same.isEmpty ? "" : base.style.dim(same.count == texts.count ? " (as before)" : " (same \(same.joined(separator: ", ")))")
            return base.style.event(line) + note + "\n"
        case .call(let api, _, _):
            if ends.contains(api) { startFlow(sdk) }
            return base.render(record)
        case .appShows(let message):
            guard appLines.insert(message).inserted else { return "" }
            return base.render(record)
        case .appCheck, .networkError, .note, .policyRefusal:
            return base.render(record)
        }
    }

    private func startFlow(_ sdk: SDKID) {
        self.sdk = sdk
        shown.removeAll()
        appLines.removeAll()
    }
}
