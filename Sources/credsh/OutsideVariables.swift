import CredScript

/// Values given from outside the script (docs/suites.md, "Values from outside"): `--var
/// NAME=VALUE` (repeatable), `--var-file FILE` (`NAME=VALUE` lines) and `--secret NAME`,
/// whose value comes from the environment variable NAME, never from the command line, and
/// is masked everywhere. They are bound before the script runs, so `let NAME ?= VALUE`
/// keeps them. Files first, then `--var`, then `--secret`: a later one wins.
struct OutsideVariables: Sendable {
    struct Binding: Sendable, Equatable {
        let name: String
        let value: String
        let secret: Bool
    }

    /// At most this many bindings, however large the files (docs/scripts.md, "Bounds").
    static let maximumBindings = 10_000

    static let variable = CommandSyntax.Option(
        long: "var", value: "<name=value>", repeats: true,
        help: "Bind $NAME before the scripts run (repeatable); a script's 'let NAME ?= VALUE' is only its default.")
    static let variableFile = CommandSyntax.Option(
        long: "var-file", value: "<file>", repeats: true,
        help: "Bind the NAME=VALUE lines of FILE as --var does ('#' starts a comment line); --var given too wins.")
    static let secret = CommandSyntax.Option(
        long: "secret", value: "<name>", repeats: true,
        help: "Bind $NAME from the environment variable NAME, as a secret: masked everywhere (never put a secret on the command line).")
    static let options = [variable, variableFile, secret]

    private(set) var bindings: [Binding] = []
    /// The options as given, to hand on unchanged to a child process (`credsh test-one`):
    /// a secret's value stays in the environment, which the child inherits.
    private(set) var arguments: [String] = []

    init() {}

    /// Reads the options; a secret whose environment variable is not set is a usage error
    /// unless `secretValuesNeeded` is false (`credsh check` needs only the names).
    init(_ parsed: ParsedArguments, _ syntax: CommandSyntax, secretValuesNeeded: Bool = true) throws(UsageError) {
        let given = parsed.occurrences(of: Self.options)
        for (option, value) in given { arguments += ["--\(option.long)", value] }
        for (option, path) in given where option.long == Self.variableFile.long {
            let bytes: [UInt8]
            do { bytes = try FileSystem.read(path) } catch { throw UsageError("--var-file: \(TerminalSafe.text(error.message))", syntax) }
            var lineNumber = 0
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                lineNumber += 1
                let text = line.hasSuffix("\r") ? line.dropLast() : line
                if text.allSatisfy({ $0 == " " || $0 == "\t" }) || text.first == "#" { continue }
                try add(String(text), secret: false, where: "\(TerminalSafe.text(path)):\(lineNumber)", syntax)
            }
        }
        for (option, text) in given where option.long == Self.variable.long {
            try add(text, secret: false, where: "--var", syntax)
        }
        for (option, name) in given where option.long == Self.secret.long {
            guard Parser.isName(name) else {
                throw UsageError("--secret takes a variable name (letters, digits and _, not first a digit), not '\(TerminalSafe.text(name))'", syntax)
            }
            let value = Environment.value(name)
            if value == nil, secretValuesNeeded {
                throw UsageError("--secret \(name): the environment has no variable \(name) (set it, as in \(name)=… credsh …)", syntax)
            }
            try append(Binding(name: name, value: value ?? "", secret: true), syntax)
        }
    }

    /// `NAME=VALUE`: the name without blanks around it; the value is everything after the
    /// first `=`, as written (blanks included: a value may be a secret that has them).
    private mutating func add(_ text: String, secret: Bool, where place: String, _ syntax: CommandSyntax) throws(UsageError) {
        // The line is never quoted: it may hold a secret (`ADMIN_PW: Zq9…` for `ADMIN_PW=Zq9…`),
        // and CI logs keep usage errors. The place, and a key that cannot be a secret, say which.
        guard let equals = text.firstIndex(of: "=") else {
            let key = text.firstIndex(of: ":").map { String(text[..<$0]).trimmingBlanks }
            let named = key.flatMap { Self.showable($0) }.map { " (the line of \($0), its value not shown)" }
            throw UsageError("\(place): expected NAME=VALUE\(named ?? " (the line is not shown: it may hold a secret)")", syntax)
        }
        let name = String(text[..<equals]).trimmingBlanks
        guard Parser.isName(name) else {
            let shown = Self.showable(name).map { "'\($0)'" } ?? "the name before '='"
            throw UsageError("\(place): \(shown) is not a variable name (letters, digits and _, not first a digit)", syntax)
        }
        try append(Binding(name: name, value: String(text[text.index(after: equals)...]), secret: secret), syntax)
    }

    /// A key as a message may quote it: shaped like an environment variable's name (capitals,
    /// digits and `_`, as `ADMIN_PW` or `1X`), at most 80 characters; nil otherwise, since
    /// a line `hunter2hunter: …` or `Zq9…=x` may have its secret before the separator.
    private static func showable(_ key: String) -> String? {
        guard !key.isEmpty, key.utf8.count <= 80,
              key.utf8.allSatisfy({ ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_") })
        else { return nil }
        return key
    }

    private mutating func append(_ binding: Binding, _ syntax: CommandSyntax) throws(UsageError) {
        guard bindings.count < Self.maximumBindings else {
            throw UsageError("more than \(Self.maximumBindings.grouped) variables given from outside", syntax)
        }
        bindings.append(binding)
    }

    /// Every value given, secret or not, as secrets to mask: for what is said where no
    /// script was read to tell which values a script uses as secrets.
    var valuesAsSecrets: KnownSecrets {
        var secrets = KnownSecrets()
        for binding in bindings { secrets.add(binding.value) }
        return secrets
    }

    /// The names given, for `credsh check` (a variable given is bound).
    var names: [String] { bindings.map(\.name) }

    /// What a transcript records it was made with: each name given, as `--var NAME` or
    /// `--secret NAME` (the later binding of a name wins, as it does when bound), sorted;
    /// never a value. Empty when nothing was given.
    var recorded: [String] {
        var kinds: [String: Bool] = [:]
        for binding in bindings { kinds[binding.name] = binding.secret }
        return kinds.keys.sorted().map { (kinds[$0]! ? "--secret " : "--var ") + $0 }
    }

    func bind(into evaluator: Evaluator) {
        for binding in bindings { evaluator.bindFromOutside(binding.name, binding.value, secret: binding.secret) }
    }
}

private extension String {
    var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
