import CredLanguage
import CredSimulator

/// What to try next after a command failed, shown below the error as `  hint: …`: a user
/// the active SDK does not know but another SDK does (`sdk NAME`), and the active SDK's
/// advice for the error code it answered (SDKFlow.failureHints, or signedOutFailureHints
/// while nobody is signed in). Worked out from the
/// catalogs and the simulation generically: no SDK is named here.
enum FailureHint {
    static func hints(for context: CommandContext, failure: CommandResult.Failure) -> [String] {
        let simulation = context.simulation
        let active = simulation.activeSDK
        var hints: [String] = []
        for parameter in context.call.spec.parameters where parameter.kind == .user {
            guard let user = try? context.optionalText(parameter),
                  simulation.active.states(of: user, world: simulation.world) == nil else { continue }
            let owners = SDKID.all.filter { id in
                id != active && simulation.sdk(id).states(of: user, world: simulation.world) != nil
            }.map(\.name)
            if let first = owners.first {
                hints.append("'\(user)' is a user of \(owners.joined(separator: " and ")), not of \(active.name): 'sdk \(first)' switches to it")
            }
        }
        if let code = failure.code, let flow = SDKFlows.flow(for: active) {
            // Nobody signed in: the step the hint names would fail for want of a login, so say that first.
            let signedOut = simulation.active.signedInUser == nil ? flow.signedOutFailureHints[code] : nil
            if let hint = signedOut ?? flow.failureHints[code] { hints.append(hint) }
        }
        return hints
    }
}
