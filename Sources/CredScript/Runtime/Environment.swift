/// The variables of a run (grammar.md, "Semantics in brief"): what each name holds, which names hold
/// a secret (`echo` and the prompt's history show them as ***), and which were given from
/// outside (`--var`, `--var-file`, `--secret`). The interpreter binds and reads through it;
/// it knows nothing of statements.
struct Environment {
    private(set) var values: [String: Value] = [:]
    /// Names holding a secret: bound with `let secret`, given where a secret goes, or
    /// named like one (SecretFlow).
    private(set) var secretNames: Set<String> = []
    /// Names bound with `--var`, `--var-file` or `--secret` (Evaluator+Outside).
    private(set) var givenFromOutside: Set<String> = []

    subscript(name: String) -> Value? { values[name] }

    /// Names bound now, sorted: what a did-you-mean chooses among.
    var names: [String] { values.keys.sorted() }

    func holdsSecret(_ name: String) -> Bool { secretNames.contains(name) }

    mutating func bind(_ name: String, to value: Value) { values[name] = value }

    /// Binds `name` and says whether it holds a secret from now on.
    mutating func bind(_ name: String, to value: Value, secret: Bool) {
        values[name] = value
        markSecret(name, secret)
    }

    mutating func markSecret(_ name: String, _ secret: Bool = true) {
        // While no name holds a secret, the usual case, there is nothing to remove, and
        // the name is not hashed to find that out.
        if secret { secretNames.insert(name) } else if !secretNames.isEmpty { secretNames.remove(name) }
    }

    mutating func bindFromOutside(_ name: String, to value: Value, secret: Bool) {
        values[name] = value
        givenFromOutside.insert(name)
        if secret { secretNames.insert(name) }
    }

    /// What `names` hold now, to be given back after a block binds them for itself (a
    /// `for` row, a call's parameters).
    func saving(_ names: [String]) -> [(name: String, value: Value?, secret: Bool)] {
        names.map { ($0, values[$0], secretNames.contains($0)) }
    }

    mutating func restore(_ saved: [(name: String, value: Value?, secret: Bool)]) {
        for (name, value, secret) in saved {
            values[name] = value
            markSecret(name, secret)
        }
    }

    /// A named test starts from the values the setup left: the secret names stay, since a
    /// secret once seen stays masked (KnownSecrets).
    mutating func restoreValues(_ saved: [String: Value]) { values = saved }
}

