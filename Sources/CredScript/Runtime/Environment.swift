import CredLanguage
/// The variables of a run (grammar.md, "Semantics in brief"): what each name holds, which names hold
/// a secret (`echo` and the prompt's history show them as ***), and which were given from
/// outside (`--var`, `--var-file`, `--secret`). The interpreter binds and reads through it;
/// it knows nothing of statements.
struct Environment {
    /// Each name ever bound in this run, with its place in `slots`: a name keeps its place
    /// when a block gives it back unbound (its slot nil), so that places never move.
    /// Bound: one entry per distinct name, no more than the run's sources hold.
    private var placeOfName: [String: Int] = [:]
    private var slots: [Value?] = []
    /// The name last bound and its place: a script binds and reads the same name
    /// again and again (`let pw = …` then `login alice $pw`; a block's names each time
    /// round), and comparing a name costs far less than hashing it to find its place.
    /// Places never move, so it stays true.
    private var lastName = ""
    private var lastPlace = -1

    /// What each name holds now.
    var values: [String: Value] {
        placeOfName.reduce(into: [:]) { values, entry in values[entry.key] = slots[entry.value] }
    }
    /// Names holding a secret: bound with `let secret`, given where a secret goes, or
    /// named like one (SecretFlow).
    private(set) var secretNames: Set<String> = []
    /// Names bound with `--var`, `--var-file` or `--secret` (Evaluator+Outside).
    private(set) var givenFromOutside: Set<String> = []

    subscript(name: String) -> Value? {
        if lastPlace >= 0, name == lastName { return slots[lastPlace] }
        guard let place = placeOfName[name] else { return nil }
        return slots[place]
    }

    /// Names bound now, sorted: what a did-you-mean chooses among.
    var names: [String] { placeOfName.compactMap { slots[$0.value] == nil ? nil : $0.key }.sorted() }

    /// `name`'s place in `slots`, made for it when `adding`; nil when it has none. The
    /// name becomes the last one.
    private mutating func place(of name: String, adding: Bool) -> Int? {
        if lastPlace >= 0, name == lastName { return lastPlace }
        let place: Int
        if let known = placeOfName[name] {
            place = known
        } else {
            guard adding else { return nil }
            place = slots.count
            placeOfName[name] = place
            slots.append(nil)
        }
        (lastName, lastPlace) = (name, place)
        return place
    }

    private mutating func set(_ name: String, _ value: Value?) {
        guard let place = place(of: name, adding: value != nil) else { return }
        slots[place] = value
    }

    func holdsSecret(_ name: String) -> Bool { secretNames.contains(name) }

    mutating func bind(_ name: String, to value: Value) { set(name, value) }

    /// Binds `name` and says whether it holds a secret from now on.
    mutating func bind(_ name: String, to value: Value, secret: Bool) {
        set(name, value)
        markSecret(name, secret)
    }

    mutating func markSecret(_ name: String, _ secret: Bool = true) {
        // While no name holds a secret, the usual case, there is nothing to remove, and
        // the name is not hashed to find that out.
        if secret { secretNames.insert(name) } else if !secretNames.isEmpty { secretNames.remove(name) }
    }

    mutating func bindFromOutside(_ name: String, to value: Value, secret: Bool) {
        set(name, value)
        givenFromOutside.insert(name)
        if secret { secretNames.insert(name) }
    }

    /// What `names` hold now, to be given back after a block binds them for itself (a
    /// `for` row, a call's parameters).
    func saving(_ names: [String]) -> [(name: String, value: Value?, secret: Bool)] {
        names.map { ($0, self[$0], secretNames.contains($0)) }
    }

    mutating func restore(_ saved: [(name: String, value: Value?, secret: Bool)]) {
        for (name, value, secret) in saved {
            set(name, value)
            markSecret(name, secret)
        }
    }

    /// A named test starts from the values the setup left: the secret names stay, since a
    /// secret once seen stays masked (KnownSecrets).
    mutating func restoreValues(_ saved: [String: Value]) {
        for place in slots.indices { slots[place] = nil }
        for (name, value) in saved { set(name, value) }
    }
}

