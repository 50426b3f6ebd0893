import CredLanguage
/// What `credsh check` finds of a script's variables without running it (docs/suites.md, "Values
/// from outside"): every name bound anywhere — `let`, `let ?=`, a capture, in the files it
/// sources too — and every `$NAME` used outside the `for` or procedure that binds it. A use
/// of a name bound nowhere and not given (`--var`, `--var-file`, `--secret`) is reported:
/// the run would stop there with "undefined variable". Order is not followed (a procedure
/// may use a name bound after its definition, before its call), so this reports only what
/// no run could bind. Bounded by the statements read: one entry per use.
package struct UnboundVariables {
    struct Use {
        let name: String
        let position: SourcePosition
        let source: SourceFile
    }

    package private(set) var bound: Set<String> = []
    private(set) var uses: [Use] = []

    package init() {}

    package mutating func add(_ statement: Statement, in source: SourceFile) {
        add(statement, in: source, local: [])
    }

    private mutating func add(_ statement: Statement, in source: SourceFile, local: Set<String>) {
        func note(_ expression: Expression) {
            guard case .variable(let name) = expression.kind, !local.contains(name) else { return }
            uses.append(Use(name: name, position: expression.position, source: source))
        }
        switch statement {
        case let .binding(name, value, _, _, _):
            note(value)
            bound.insert(name)
        case let .repetition(count, body, _):
            note(count)
            for inner in body { add(inner, in: source, local: local) }
        case .capture(let capture):
            bound.insert(capture.name)
        case .comparison(let comparison):
            note(comparison.left)
            note(comparison.right)
        case .loop(let loop):
            loop.values.forEach(note)
            for inner in loop.body { add(inner, in: source, local: local.union(loop.names)) }
        case .procedure(let procedure):
            for inner in procedure.body { add(inner, in: source, local: local.union(procedure.parameters)) }
        case .call(let call):
            call.arguments.forEach(note)
        case .test(let test):
            for inner in test.body { add(inner, in: source, local: local) }
        case .command(let call):
            for argument in call.arguments.all {
                switch argument {
                case .single(let expression): note(expression)
                case .list(let expressions): expressions.forEach(note)
                case .pairs(let pairs): pairs.forEach { note($0.value) }
                }
            }
        }
    }

    /// A diagnostic for each use of a name neither bound nor in `given`, once per name and file.
    package func problems(given: Set<String>) -> [(Diagnostic, SourceFile)] {
        var reported: Set<String> = []
        var out: [(Diagnostic, SourceFile)] = []
        let known = bound.union(given).sorted()
        for use in uses where !bound.contains(use.name) && !given.contains(use.name) {
            guard reported.insert(use.source.name + "\u{0}" + use.name).inserted else { continue }
            var message = "$\(use.name) is never bound: bind it (let \(use.name) = VALUE), give it a default (let \(use.name) ?= VALUE), or give it from outside (--var \(use.name)=VALUE, or --secret \(use.name) for a secret)"
            if let guess = Spelling.closest(to: use.name, among: known) { message += " — did you mean $\(guess)?" }
            out.append((Diagnostic(.unboundVariable, message, file: use.source.name, at: use.position), use.source))
        }
        return out
    }
}
