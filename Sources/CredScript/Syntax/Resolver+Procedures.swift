import CredSimulator

/// Procedures (README, "Writing a suite"): the resolver knows those defined so far — by
/// this source, by the prompt's earlier lines, by the file that sources this one, and by
/// the files this one has sourced so far — so a call parses only after its definition.
extension Resolver {
    var procedures: [String: Procedure] {
        get { scope.procedures }
        nonmutating set { scope.procedures = newValue }
    }

    /// `proc NAME PARAM… { … }`: known before its body is resolved, so the body may call it
    /// (bounded when it runs).
    mutating func define(_ read: ReadProcedure) -> Statement? {
        if scope.definedHere.contains(read.name), let earlier = procedures[read.name] {
            error("procedure '\(read.name)' is already defined (line \(earlier.position.line))", at: read.namePosition)
            return nil
        }
        let procedure = Procedure(name: read.name, parameters: read.parameters, position: read.position,
                                  namePosition: read.namePosition, source: source)
        procedures[read.name] = procedure
        scope.definedHere.insert(read.name)
        // The body is resolved with the SDK active here; the lines after the definition go
        // on with it too, since the body runs only when called.
        let sdkHere = sdk
        let body = resolve(read.body)
        sdk = sdkHere
        procedure.finish(body: body)
        return .procedure(procedure)
    }

    /// `NAME VALUE…` where NAME is no command: a call of the procedure NAME, its values
    /// one per parameter; else an unknown command.
    mutating func resolve(_ read: ReadCall) -> Statement? {
        guard let procedure = procedures[read.name] else {
            var message = "unknown command '\(read.name)'"
            if let guess = Spelling.command(for: read.name, among: table.firstWords + procedures.keys.sorted()) { message += " — did you mean '\(guess)'?" }
            error(message, at: read.position)
            return nil
        }
        if let (problem, position) = read.problem {
            switch problem {
            case .notAValue(let found): error("unexpected \(found) (\(procedure.name) takes values: \(procedure.usage))", at: position)
            case .pattern: error("\(procedure.name) takes values, not a ~\"pattern\"", at: position)
            case .pair: error("\(procedure.name) takes values, not NAME=VALUE (quote text that holds '=')", at: position)
            }
            return nil
        }
        let arguments = read.arguments
        guard arguments.count == procedure.parameters.count else {
            let wanted = procedure.parameters.count
            let message = "\(procedure.name) takes \(wanted) argument\(wanted == 1 ? "" : "s") (usage: \(procedure.usage)), not \(arguments.count)"
            error(message, at: arguments.count > wanted ? arguments[wanted].position : read.position)
            return nil
        }
        return .call(ProcedureCall(procedure: procedure, arguments: arguments, position: read.position))
    }

    /// After `source FILE` with FILE written out: reads that file (and those it sources,
    /// at most `Evaluator.maximumSourceDepth` deep, each once), with the SDK active here,
    /// for the procedures it defines, so the lines after may call them. Its errors are not
    /// reported here: it is checked when it runs, and by `credsh check`
    /// (Evaluator+SourceCheck).
    mutating func learnProcedures(sourcedBy call: CommandCall) {
        guard let loader = scope.sourceLoader, scope.sourcesOpen.count < Evaluator.maximumSourceDepth,
              case .single(let pathExpression)? = call.arguments.all.first,
              case .text(let path)? = pathExpression.literalValue,
              let included = loader(path, source.name), !scope.sourcesOpen.contains(included.name), included.name != source.name
        else { return }
        var inner = ScriptReader(included, table: table, sdk: sdk)
        inner.procedures = procedures
        inner.sourceLoader = loader
        inner.resolver.scope.sourcesOpen = scope.sourcesOpen + [source.name]
        while inner.nextStatement() != nil {}
        for (name, procedure) in inner.procedures where procedures[name] == nil { procedures[name] = procedure }
    }
}

/// What a reading knows of procedures, and how it learns those of sourced files.
final class ProcedureScope {
    var procedures: [String: Procedure] = [:]
    /// Names defined by this source itself: defining one twice is an error.
    var definedHere: Set<String> = []
    var sourceLoader: SourcedFileReader?
    /// The files being read for their procedures, outermost first: a bound (Evaluator.
    /// maximumSourceDepth) and a guard against a file that sources itself.
    var sourcesOpen: [String] = []
}

/// Reads a sourced file for the resolver: the path as written and the file that names it;
/// nil when it cannot be read.
public typealias SourcedFileReader = (_ path: String, _ includingFile: String) -> SourceFile?
