import CredLanguage
import CredScript
import CredSimulator

/// What Tab offers at the prompt, worked out from the command table, the active SDK's
/// catalog and the simulation (user names that exist); readline only displays it.
public enum Completion: Equatable, Sendable {
    case words([String])
    /// Let the line editor complete file names.
    case files
}

public enum Completer {
    /// Candidates for `word`, the word being typed, given the text of the line before it.
    public static func complete(word: String, before: String, simulation: Simulation,
                                table: CommandTable = .standard, procedures: [String] = []) -> Completion {
        complete(word: word, before: before, sdk: simulation.activeSDK,
                 userIDs: simulation.active.userIDs, table: table, procedures: procedures)
    }

    /// The order candidates are offered in: numbers by their value, before words (`0, 1,
    /// 12, 100`, as codes are counted, not `0, 1, 100, 12`), words alphabetically.
    static func inOrder(_ a: String, _ b: String) -> Bool {
        switch (Int(a), Int(b)) {
        case let (x?, y?): return x != y ? x < y : a < b
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a < b
        }
    }

    /// The same, from an SDK and the user names known: what an editor offers
    /// (`credsh lsp`), where the users are those a file added above the line.
    /// `procedures`: the names of the script's own commands (`proc`), offered with the table's.
    public static func complete(word: String, before: String, sdk: SDKID, userIDs: [String],
                                table: CommandTable = .standard, procedures: [String] = []) -> Completion {
        let typed = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let catalog = sdk.catalog
        func offer(_ candidates: [String]) -> Completion {
            .words(Set(candidates.filter { $0.hasPrefix(word) }).sorted(by: inOrder))
        }
        guard !typed.isEmpty else { return offer(table.firstWords(for: sdk) + procedures) }

        // Walk the same tree of names the parser walks: as many words as name a command.
        guard var node = table.root.children[typed[0]] else { return offer([]) }
        var nameLength = 1
        while nameLength < typed.count, let deeper = node.children[typed[nameLength]] {
            node = deeper
            nameLength += 1
        }
        // With every typed word part of the name, the next word may extend it (`user` → `add`).
        var candidates = nameLength == typed.count ? Array(node.children.keys) : []
        guard let spec = node.spec(for: sdk) else { return offer(candidates) }

        // Which argument slot the word fills.
        var slots: [(keyword: String?, parameter: Parameter)] = []
        for parameter in spec.parameters {
            if let keyword = parameter.keyword { slots.append((keyword, parameter)) }
            if !parameter.isFlag { slots.append((nil, parameter)) }
        }
        // An optional number (`expect event 2 getPassword`) fills its slot only when a number is written.
        var index = typed.count - nameLength
        for (offset, slot) in slots.enumerated() where slot.parameter.optional && slot.parameter.kind == .integer {
            let written = nameLength + offset < typed.count ? typed[nameLength + offset] : word
            if Int(written) == nil { index += 1 }
        }
        guard !slots.isEmpty else { return offer(candidates) }
        let slot = index < slots.count ? slots[index] : (slots.last!.parameter.variadic ? slots.last! : nil)
        guard var slot else { return offer(candidates) }
        if slot.keyword != nil {
            // An optional keyword may be skipped: offer the ones after it too (`pin`, `stateless`),
            // and what the slot after them takes (`expect state alice` offers `not` and the states).
            var next = index
            while next < slots.count, let keyword = slots[next].keyword {
                candidates.append(keyword)
                guard slots[next].parameter.optional else { return offer(candidates) }
                next += slots[next].parameter.isFlag ? 1 : 2
            }
            guard next < slots.count else { return offer(candidates) }
            slot = slots[next]
        }
        switch slot.parameter.kind {
        case .user: candidates += userIDs
        case .choice(let words), .requestTarget(let words, _): candidates += words
        case .event: candidates += catalog.eventNames
        case .call: candidates += catalog.callNames
        case .userState: candidates += catalog.userStateNames
        case .sdk: candidates += Simulation.catalogs.map(\.name)
        case .command: candidates += table.firstWords(for: sdk)
        case .code:
            candidates += catalog.codes.flatMap { entry in [entry.name] + (entry.code.map { [String($0)] } ?? []) }
            candidates += catalog.eventNames + ExplainText.apiNames(in: catalog)
        case .policyRules(let keys): candidates += keys.map { $0 + "=" }
        case .fieldMatch:
            candidates += fieldCandidates(word: word, typed: typed, sdk: sdk, table: table)
        case .path:
            return candidates.isEmpty ? .files : offer(candidates)
        case .parameters:
            // `call METHOD FIELD=…`: the fields of the call on the line, then a field's values.
            if let call = typed.lazy.compactMap(catalog.call).first {
                candidates += callValues(word: word, call: call, catalog: catalog, userIDs: userIDs) ?? call.fields.map { $0.name + "=" }
            }
        case .newUser, .secret, .integer, .duration, .text, .expectedText, .timestamp:
            break
        }
        return offer(candidates)
    }

    /// `FIELD=VALUE` for a field of a call being written (`call setUser userID=a`): the users
    /// for a field that names one, the catalog's choices, the named values of a number
    /// (`challengeMode=`: its numbers and names); nil when `word` has no `=` yet.
    static func callValues(word: String, call: CallSpec, catalog: SDKCatalog, userIDs: [String]) -> [String]? {
        guard let equals = word.firstIndex(of: "=") else { return nil }
        let name = String(word[..<equals])
        guard let field = call.field(name), !field.secret else { return [] }
        let named = CommandTable.standard.vocabulary(named: catalog.name)?.valueNames[name] ?? [:]
        let values = (field.namesUser ? userIDs : []) + field.choices + named.keys.sorted().map(String.init) + named.values.sorted()
        return values.map { name + "=" + $0 }
    }

    /// `FIELD=` for the fields of the event named on the line (of every event when none
    /// is), and `FIELD=VALUE` for a field with named values (its numbers and names).
    /// The fields are those a line may name: the payload's and the readable ones the text
    /// output shows (REL-ID's `policy`), as the resolver checks them (CommandTable.fieldNames).
    static func fieldCandidates(word: String, typed: [String], sdk: SDKID, table: CommandTable) -> [String] {
        let catalog = sdk.catalog
        let events = typed.compactMap(catalog.event)
        // `expect called METHOD …`: the call's fields that a check can compare (not its secrets).
        if events.isEmpty, let call = typed.lazy.compactMap(catalog.call).first, !word.contains("=") {
            return call.fields.filter { !$0.secret }.map { $0.name + "=" }
        }
        let fields = (events.isEmpty ? catalog.events : events).flatMap { table.fieldNames(of: $0, sdk: sdk) }
        if let equals = word.firstIndex(of: "=") {
            let field = String(word[..<equals])
            // A named value is written either way: `FIELD=2` or `FIELD=NAME`.
            let named = table.vocabulary(of: sdk)?.valueNames[field] ?? [:]
            return (named.keys.sorted().map(String.init) + named.values.sorted()).map { "\(field)=\($0)" }
        }
        return fields.map { $0 + "=" }
    }
}
