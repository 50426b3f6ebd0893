import CredSimulator

/// Procedures (docs/suites.md, "Writing a suite"): the resolver knows those defined so far — by
/// this source, by the prompt's earlier lines, by the file that sources this one, and by
/// the files this one has sourced so far — so a call parses only after its definition.
extension Resolver {
    var procedures: [String: Procedure] {
        get { scope.procedures }
        nonmutating set { scope.procedures = newValue }
    }

    /// The lines after this one are read for `id`: an `sdk NAME` line, a call of a
    /// procedure whose body names an SDK, a sourced file that does.
    mutating func switchSDK(to id: SDKID) {
        sdk = id
        scope.switches += 1
    }

    /// `proc NAME PARAM… { … }`: known before its body is resolved, so the body may call it
    /// (bounded when it runs).
    mutating func define(_ read: ReadProcedure) -> Statement? {
        if scope.definedHere.contains(read.name), let earlier = procedures[read.name] {
            error(.definedTwice, "procedure '\(read.name)' is already defined (line \(earlier.position.line))", at: read.namePosition)
            return nil
        }
        let procedure = Procedure(name: read.name, parameters: read.parameters, position: read.position,
                                  namePosition: read.namePosition, source: source)
        // In place: a copy of the dictionary per definition made 20,000 of them quadratic.
        scope.procedures[read.name] = procedure
        scope.definedHere.insert(read.name)
        // The body is resolved with the SDK active here; the lines after the definition go
        // on with it too, since the body runs only when called. A body that names an SDK
        // leaves it active after each call.
        let sdkHere = sdk
        let switches = scope.switches
        let body = resolve(read.body)
        if scope.switches != switches { procedure.sdkAfterCall = sdk }
        sdk = sdkHere
        procedure.finish(body: body)
        return .procedure(procedure)
    }

    /// `NAME VALUE…` where NAME is no command: a call of the procedure NAME, its values
    /// one per parameter; else an unknown command.
    mutating func resolve(_ read: ReadCall) -> Statement? {
        guard let procedure = procedures[read.name] else {
            var message = "unknown command '\(read.name)'"
            // Looked for only while errors are still shown: past the bound it is not read.
            if diagnostics.count < Diagnostic.keptPerFile,
               let guess = Spelling.command(for: read.name, among: table.firstWords + procedures.keys.sorted()) { message += " — did you mean '\(guess)'?" }
            error(.unknownCommand, message, at: read.position)
            return nil
        }
        if let (problem, position) = read.problem {
            switch problem {
            case .notAValue(let found): error(.wrongArguments, "unexpected \(found) (\(procedure.name) takes values: \(procedure.usage))", at: position)
            case .pattern: error(.wrongArguments, "\(procedure.name) takes values, not a ~\"pattern\"", at: position)
            case .pair: error(.wrongArguments, "\(procedure.name) takes values, not NAME=VALUE (quote text that holds '=')", at: position)
            }
            return nil
        }
        let arguments = read.arguments
        guard arguments.count == procedure.parameters.count else {
            let wanted = procedure.parameters.count
            let message = "\(procedure.name) takes \(wanted) argument\(wanted == 1 ? "" : "s") (usage: \(procedure.usage)), not \(arguments.count)"
            error(.wrongArguments, message, at: arguments.count > wanted ? arguments[wanted].position : read.position)
            return nil
        }
        if let after = procedure.sdkAfterCall { switchSDK(to: after) }
        return .call(ProcedureCall(procedure: procedure, arguments: arguments, position: read.position))
    }

    /// After `source FILE` with FILE written out: reads that file (and those it sources,
    /// at most `Limits.standard.sourceDepth` deep), with the SDK active here, for the
    /// procedures it defines, so the lines after may call them; a file that names an SDK
    /// leaves it active for them, as it does when it runs. Its errors are not reported
    /// here: it is checked when it runs, and by `credsh check`.
    ///
    /// A reading reads each file once for each SDK it is sourced with (SourcedFiles): files
    /// that each source a shared file twice, 20 deep, would otherwise be read 2^20 times.
    mutating func learnProcedures(sourcedBy call: CommandCall) {
        guard let loader = scope.sourceLoader, scope.sourcesOpen.count < Limits.standard.sourceDepth,
              case .single(let pathExpression)? = call.arguments.all.first,
              case .text(let path)? = pathExpression.literalValue,
              let included = loader(path, source.name), !scope.sourcesOpen.contains(included.name), included.name != source.name
        else { return }
        let learnt = scope.sourcedFiles.learnt(included.name, sdk: sdk) ?? {
            var inner = ScriptReader(included, table: table, sdk: sdk)
            inner.procedures = procedures
            inner.sourceLoader = loader
            inner.resolver.scope.sourcesOpen = scope.sourcesOpen + [source.name]
            inner.resolver.scope.sourcedFiles = scope.sourcedFiles
            while inner.nextStatement() != nil {}
            let file = SourcedFiles.Learnt(procedures: inner.procedures, sdkAfter: inner.resolver.scope.switches > 0 ? inner.sdk : nil)
            scope.sourcedFiles.keep(file, for: included.name, sdk: sdk)
            return file
        }()
        for (name, procedure) in learnt.procedures where scope.procedures[name] == nil { scope.procedures[name] = procedure }
        if let after = learnt.sdkAfter { switchSDK(to: after) }
    }
}

/// What a reading knows of procedures, and how it learns those of sourced files.
final class ProcedureScope {
    var procedures: [String: Procedure] = [:]
    /// Names defined by this source itself: defining one twice is an error.
    var definedHere: Set<String> = []
    var sourceLoader: SourcedFileReader?
    /// The files being read for their procedures, outermost first: a bound (Limits.
    /// sourceDepth) and a guard against a file that sources itself.
    var sourcesOpen: [String] = []
    /// What the sourced files read so far defined: shared with the readings of the files
    /// this one sources.
    var sourcedFiles = SourcedFiles()
    /// How many times the SDK was switched so far (`sdk NAME`, a call, a sourced file):
    /// whether a procedure's body or a sourced file switches it.
    var switches = 0
}

/// The sourced files one reading has read for their procedures, by file and by the SDK
/// it was read with: each is read once.
final class SourcedFiles {
    struct Learnt {
        let procedures: [String: Procedure]
        /// The SDK the file leaves active, when it names one.
        let sdkAfter: SDKID?
    }

    private var files: [String: Learnt] = [:]

    func learnt(_ file: String, sdk: SDKID) -> Learnt? { files[Self.key(file, sdk)] }
    func keep(_ learnt: Learnt, for file: String, sdk: SDKID) { files[Self.key(file, sdk)] = learnt }
    private static func key(_ file: String, _ sdk: SDKID) -> String { sdk.name + "\u{0}" + file }
}

/// Reads a sourced file for the resolver: the path as written and the file that names it;
/// nil when it cannot be read.
public typealias SourcedFileReader = (_ path: String, _ includingFile: String) -> SourceFile?
