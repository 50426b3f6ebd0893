import CredLanguage
import CredSimulator

extension ExpectCommands {
    /// The fields of a policy note (`expect note FIELD=VALUE`).
    static let noteFieldNames = ["rule", "message"]

    /// `expect note`: each field must be a note's, and a rule written as a word must be
    /// one the active SDK's policy refusals name, so a misspelt rule is found by
    /// `credsh check` rather than failing as "no rule refused" when the script runs.
    static let noteCheck = StaticCheck { arguments in
        for pair in arguments.written(noteFields) {
            guard noteFieldNames.contains(pair.key) else {
                var message = "a policy note has no field '\(pair.key)'"
                if let guess = Spelling.closest(to: pair.key, among: noteFieldNames) { message += " — did you mean '\(guess)'?" }
                return StaticProblem(message: message + FieldNames.note(noteFieldNames), position: pair.position)
            }
            let known = SDKFlows.flow(named: arguments.sdk)?.policyRuleNames ?? []
            guard !known.isEmpty else {
                return StaticProblem(message: "\(arguments.sdk) refuses no \(secretNoun(arguments.sdk)) with a policy note, so no note can match "
                                         + "(its server's answer says why: check it with expect error or expect event)",
                                     position: pair.position)
            }
            // A rule is a word or a number as written (`rule=minUc`, `rule=2019`); a pattern is not checked.
            guard pair.key == "rule", let literal = arguments.literal(pair.value) else { continue }
            if case .pattern = literal { continue }
            let rule = arguments.text(of: pair.value)
            guard !known.contains(rule) else { continue }
            var message = "\(arguments.sdk) has no policy rule '\(rule)'"
            if let owner = SDKFlows.all.first(where: { $0.policyRuleNames.contains(rule) }) {
                message += " (it is a rule of \(owner.catalog.name): switch with sdk \(owner.catalog.name) first)"
                return StaticProblem(message: message, position: pair.value.position)
            }
            if let guess = Spelling.closest(to: rule, among: known) { message += " — did you mean '\(guess)'?" }
            return StaticProblem(message: message + " (its rules: \(known.joined(separator: ", ")))", position: pair.value.position)
        }
        return nil
    }

    private static func secretNoun(_ sdk: String) -> String {
        Simulation.catalogs.first { $0.name == sdk }?.secretNoun ?? "secret"
    }
}
