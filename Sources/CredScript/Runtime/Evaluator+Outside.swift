import CredLanguage
import CredSimulator

/// Variables given from outside the script (`--var`, `--var-file`, `--secret`: docs/suites.md,
/// "Values from outside"), bound before it runs.
extension Evaluator {
    /// Binds `$name` to `value` as text. A secret (`--secret`) is masked everywhere from the
    /// start, and so is a `--var` whose name says it holds one (`--var password=…`), as a
    /// `let` of that name is (SecretName); a plain one is masked too once a checked script
    /// gives it where a secret goes.
    public func bindFromOutside(_ name: String, _ value: String, secret: Bool) {
        let secret = secret || SecretName.looksSecret(name)
        environment.bindFromOutside(name, to: .text(value), secret: secret)
        if secret { events.secrets.add(value) }
    }

    /// After a check: a variable given from outside that the script uses as a secret
    /// (`--var pw=…` then `login alice $pw`) is one, as a `let` of it would be.
    func learnOutsideSecrets() {
        for name in givenFromOutside where events.secrets.holdsSecret(name) {
            guard let value = environment[name] else { continue }
            environment.markSecret(name)
            events.secrets.add(value.text)
        }
    }
}
