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

        // Walk the same tree of names the parser walks: as many words as name a command.
        guard var node = table.root.children[typed[0]] else { return offer([]) }
        var nameLength = 1
        while nameLength < typed.count, let deeper = node.children[typed[nameLength]] {
            node = deeper
            nameLength += 1
        }
        // With every typed word part of the name, the next word may extend it (`user` → `add`).
        var candidates = nameLength == typed.count ? Array(node.children.keys) : []
        guard let spec = node.spec else { return offer(candidates) }

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
        case .code: candidates += RelIDCodes.all.compactMap { $0.code.map(String.init) } + ChallengeMode.allCases.map(\.sdkName)
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
