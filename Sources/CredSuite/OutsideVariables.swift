import CredLanguage
import CredScript

/// Values given from outside the script (docs/suites.md, "Values from outside"): `--var
/// NAME=VALUE` (repeatable), `--var-file FILE` (`NAME=VALUE` lines) and `--secret NAME`,
/// whose value comes from the environment variable NAME, never from the command line, and
/// is masked everywhere. They are bound before the script runs, so `let NAME ?= VALUE`
/// keeps them. Files first, then `--var`, then `--secret`: a later one wins. (CredCommandLine
/// reads them from the arguments: OutsideVariableOptions.swift.)
package struct OutsideVariables: Sendable {
    package struct Binding: Sendable, Equatable {
        package let name: String
        package let value: String
        package let secret: Bool

        package init(name: String, value: String, secret: Bool) {
            self.name = name
            self.value = value
            self.secret = secret
        }
    }

    /// At most this many bindings, however large the files (docs/scripts.md, "Bounds").
    package static let maximumBindings = 10_000

    package private(set) var bindings: [Binding] = []
    /// The options as given, to hand on unchanged to a worker process (`credsh test-one`):
    /// a secret's value stays in the environment, which the worker inherits.
    package private(set) var arguments: [String] = []

    package init() {}

    package init(bindings: [Binding], arguments: [String]) {
        self.bindings = bindings
        self.arguments = arguments
    }

    /// `text` as said where no script was read to tell which values a script uses as
    /// secrets (a usage error, a `--filter` that matches nothing): every value given,
    /// secret or not, masked as one (fail closed). The one edge of what the options say.
    package func shown(_ text: String) -> String {
        guard !bindings.isEmpty else { return text }
        var secrets = KnownSecrets()
        for binding in bindings { secrets.add(binding.value) }
        return Redactor(known: secrets).text(text)
    }

    /// The names given, for `credsh check` (a variable given is bound).
    package var names: [String] { bindings.map(\.name) }

    /// What a transcript records it was made with: each name given, as `--var NAME` or
    /// `--secret NAME` (the later binding of a name wins, as it does when bound), sorted;
    /// never a value. Empty when nothing was given.
    package var recorded: [String] {
        var kinds: [String: Bool] = [:]
        for binding in bindings { kinds[binding.name] = binding.secret }
        return kinds.keys.sorted().map { (kinds[$0]! ? "--secret " : "--var ") + $0 }
    }

    package func bind(into evaluator: Evaluator) {
        for binding in bindings { evaluator.bindFromOutside(binding.name, binding.value, secret: binding.secret) }
    }
}
