import CredLanguage
/// Which variables of a script hold secrets, read from its text before any of it runs.
///
/// A variable is a secret when it is given where a secret goes (`login alice $x`), but
/// `let x = "Passw0rd!"` comes first: echoed, or written as a JSON record, as it runs, it
/// would show the password the line after reveals as one. So `check` reads every statement
/// of a file first, and a `let` is masked when its name is given as a secret anywhere in
/// it, or is copied to or from one that is (`let y = $x`; grammar.md, "Secrets").
///
/// The names form groups joined by `let a = $b` (union–find); a group holds a secret when
/// any member does. Bound: one entry per distinct name, so no more than the script's size.
struct SecretFlow {
    private var parent: [String: String] = [:]
    private var secretRoots: Set<String> = []
    /// Whether each name bound so far says it holds a secret (SecretName): a script binds
    /// the same few names again and again, and splitting a name into its parts costs more
    /// than looking it up. Bound: one entry per distinct name, as `parent`.
    private var saysSecret: [String: Bool] = [:]

    mutating func add(_ statement: Statement) {
        switch statement {
        case let .binding(name, value, _, secret, _):
            if secret || namesSecret(name) { markSecret(name) }
            if case .variable(let source) = value.kind { join(name, source) }
        case .repetition, .procedure, .test:
            for inner in statement.body { add(inner) }
        case .loop(let loop):
            // A loop's name alone does not make its values secrets, as a `let`'s does: a loop
            // runs over test data (`for key in minL maxL`, `for pin in 52817 39164` with
            // `expect output "52817"`), and its words would be masked everywhere, policy
            // keys included. Its values are secrets by their use (`login alice $pw`).
            // `for pw in $a $b`: each name is a copy of the values given for it.
            for (index, value) in loop.values.enumerated() {
                if case .variable(let source) = value.kind { join(loop.names[index % loop.names.count], source) }
            }
            for inner in loop.body { add(inner) }
        case .capture(let capture):
            if capture.holdsSecret || SecretMasker.looksSecret(capture.name) { markSecret(capture.name) }
        case .comparison:
            break
        case .call(let call):
            // A parameter is a copy of its argument: a secret either way.
            for (parameter, argument) in zip(call.procedure.parameters, call.arguments) {
                if case .variable(let source) = argument.kind { join(parameter, source) }
            }
            for parameter in call.procedure.secretParameters { markSecret(parameter) }
        case .command(let call):
            for expression in SecretMasker.secretExpressions(of: call) {
                if case .variable(let name) = expression.kind { markSecret(name) }
            }
        }
    }

    private mutating func namesSecret(_ name: String) -> Bool {
        // Most names are settled by a look at their letters, with no lookup (SecretName).
        guard SecretName.mayLookSecret(name) else { return false }
        if let known = saysSecret[name] { return known }
        let says = SecretMasker.looksSecret(name)
        saysSecret[name] = says
        return says
    }

    func holdsSecret(_ name: String) -> Bool {
        guard !secretRoots.isEmpty, parent[name] != nil else { return false }
        return secretRoots.contains(root(of: name))
    }

    private mutating func markSecret(_ name: String) {
        secretRoots.insert(compressedRoot(of: name))
    }

    private mutating func join(_ a: String, _ b: String) {
        let (rootA, rootB) = (compressedRoot(of: a), compressedRoot(of: b))
        guard rootA != rootB else { return }
        parent[rootA] = rootB
        if secretRoots.remove(rootA) != nil { secretRoots.insert(rootB) }
    }

    private func root(of name: String) -> String {
        var current = name
        while let next = parent[current], next != current { current = next }
        return current
    }

    /// The root of `name`'s group (adding `name` as a group of its own if new), pointing
    /// every name on the way straight at it, so later look-ups stay short.
    private mutating func compressedRoot(of name: String) -> String {
        if parent[name] == nil { parent[name] = name }
        let top = root(of: name)
        var current = name
        while let next = parent[current], next != top {
            parent[current] = top
            current = next
        }
        return top
    }
}
