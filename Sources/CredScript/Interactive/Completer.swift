import CredSimulator

/// What Tab offers at the prompt, worked out from the command table and the
/// simulation (user names that exist); readline only displays it.
public enum Completion: Equatable, Sendable {
    case words([String])
    /// Let the line editor complete file names.
    case files
}

public enum Completer {
    /// Candidates for `word`, the word being typed, given the text of the line before it.
    public static func complete(word: String, before: String, simulation: Simulation,
                                table: CommandTable = .standard) -> Completion {
        let typed = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func offer(_ candidates: [String]) -> Completion {
            .words(candidates.filter { $0.hasPrefix(word) }.sorted())
        }
        guard !typed.isEmpty else { return offer(table.firstWords) }

        // The longest command name the typed words begin with, and any longer names still possible.
        var nameLength = 0
        for length in stride(from: min(typed.count, 3), through: 1, by: -1)
        where table.command(named: Array(typed.prefix(length))) != nil {
            nameLength = length
            break
        }
        let longer = table.commands(startingWith: typed).filter { $0.words.count > typed.count }
        var candidates = longer.map { String($0.words[typed.count]) }
        guard nameLength > 0, let spec = table.command(named: Array(typed.prefix(nameLength))) else {
            return offer(Array(Set(candidates)))
        }
        if !candidates.isEmpty, nameLength < typed.count { candidates = [] }

        // Which argument slot the word fills.
        var slots: [(keyword: String?, parameter: Parameter)] = []
        for parameter in spec.parameters {
            if let keyword = parameter.keyword { slots.append((keyword, parameter)) }
            slots.append((nil, parameter))
        }
        let index = typed.count - nameLength
        guard !slots.isEmpty else { return offer(candidates) }
        let slot = index < slots.count ? slots[index] : (slots.last!.parameter.variadic ? slots.last! : nil)
        guard let slot else { return offer(candidates) }
        if let keyword = slot.keyword { return offer(candidates + [keyword]) }
        switch slot.parameter.kind {
        case .user: candidates += simulation.server.userIDs
        case .credential: candidates += Vocabulary.credentials
        case .event: candidates += Vocabulary.events
        case .userState: candidates += Vocabulary.userStates
        case .command: candidates += table.firstWords
        case .code: candidates += CodeCatalog.all.map { String($0.code) } + ChallengeMode.allCases.map(\.sdkName)
        case .policyRules: candidates += Vocabulary.policyKeys.map { $0 + "=" }
        case .fieldMatch:
            if word.hasPrefix("challengeMode=") {
                candidates += ChallengeMode.allCases.map { "challengeMode=\($0.rawValue)" }
            } else {
                candidates += Vocabulary.payloadFields.map { $0 + "=" }
            }
        case .path:
            return candidates.isEmpty ? .files : offer(candidates)
        case .newUser, .secret, .integer, .duration, .text, .timestamp:
            break
        }
        return offer(Array(Set(candidates)))
    }
}

extension Vocabulary {
    /// Payload field names across the REL-ID callbacks, for completing `FIELD=`.
    public static let payloadFields = ["userID", "challengeMode", "attemptsLeft", "statusCode", "statusMessage",
                                       "credType", "options", "recentLoggedInUser", "rememberedUsers", "error"]
}
