import CredLanguage
import CredScript
import CredSimulator

/// What `--step` works out before and at each pause, with no terminal (the executable's
/// StepPacer shows the pause and reads what is typed): how many commands of a script
/// pause, for the progress each pause shows (`step 3/12`), and the line a pause shows,
/// its secrets masked.
public enum StepPacing {
    /// The most steps a count says: past it the count stops growing (nested `repeat`s of a
    /// million each would overflow any integer).
    public static let maximumCounted = 1_000_000_000

    /// The commands that pause in `source`: each command statement that is a step, those
    /// inside `repeat N` N times and inside `for` once a row (a `repeat $COUNT` once), and
    /// a procedure's at each call (a procedure counted once within itself, so that
    /// recursion ends). The files `source` runs are not counted: the pause shows `n/n`
    /// once the count is passed.
    public static func steps(in source: SourceFile, table: CommandTable = .standard, sdk: SDKID) -> Int {
        var parser = ScriptReader(source, table: table, sdk: sdk)
        let statements = parser.parseAll()
        func sum(_ a: Int, _ b: Int) -> Int { min(a + b, maximumCounted) }  // each ≤ the bound: no overflow
        func times(_ n: Int, _ steps: Int) -> Int {
            let (product, overflow) = max(n, 0).multipliedReportingOverflow(by: steps)
            return overflow ? maximumCounted : min(product, maximumCounted)
        }
        func count(_ statements: [Statement], inside: Set<String>) -> Int {
            statements.reduce(0) { total, statement in
                switch statement {
                case .command(let call): return sum(total, call.spec.role == .action ? 1 : 0)
                case .repetition(let n, let body, _):
                    let once = count(body, inside: inside)
                    if case .integer(let literal) = n.kind { return sum(total, times(literal, once)) }
                    return sum(total, once)
                case .loop(let loop): return sum(total, times(loop.rows, count(loop.body, inside: inside)))
                case .call(let call):
                    let name = call.procedure.name
                    return inside.contains(name) ? total : sum(total, count(call.procedure.body, inside: inside.union([name])))
                case .binding, .capture, .comparison, .procedure, .test: return total
                }
            }
        }
        // Each named test runs the whole setup again, then its body (Evaluator+Tests).
        let tests = statements.compactMap { statement -> NamedTest? in if case .test(let test) = statement { test } else { nil } }
        let setup = count(statements, inside: [])
        guard !tests.isEmpty else { return setup }
        return tests.reduce(0) { sum($0, sum(setup, count($1.body, inside: []))) }
    }
}
