import CredSimulator

/// The second stage of reading a script (grammar.md, "Syntax"): the parser reads words and
/// structure (ReadStatement); the resolver walks what it read, in the order written, and
/// gives each command the meaning the SDK active on its line gives it. It follows `sdk
/// NAME` lines, picks the table entry the active SDK has for a shared name (`user add`),
/// binds the arguments written to that entry's parameters, and checks literal values
/// against the SDK's catalog — event names, their fields, user states, a number's name in
/// parentheses — and against the command's own static check. It knows the procedures
/// defined so far (and those of the files sourced so far), so it tells a call from an
/// unknown command. It reads no token.
struct Resolver {
    let table: CommandTable
    let source: SourceFile
    /// What this reading knows of procedures. One reference: the reader is copied as it
    /// reads (a debug build copies it on many calls), and one field costs less to copy.
    let scope = ProcedureScope()
    /// The table's `source`, compared by identity with each command resolved.
    let sourceCommand: CommandSpec?
    /// The SDK active at this point of the script: it decides which command a shared name
    /// means and which events and states are known. `sdk NAME` changes it.
    var sdk: SDKID
    private(set) var diagnostics: [Diagnostic] = []
    /// Errors past `Diagnostic.keptPerFile`: counted, not kept.
    private(set) var dropped = 0

    init(table: CommandTable, source: SourceFile, sdk: SDKID) {
        self.table = table
        self.source = source
        self.sdk = sdk
        sourceCommand = table.sourceCommand
    }

    // MARK: The walk

    /// A statement as read, resolved; nil (reported) when it has no meaning here.
    /// A command refused on purpose runs when `expect error` follows it in its block.
    mutating func resolve(_ read: consuming ReadStatement, followedByExpectError: Bool = false) -> Statement? {
        switch consume read {
        case .ready(let statement):
            return statement
        case .command(let command):
            return resolve(command, followedByExpectError: followedByExpectError)
        case .call(let call):
            return resolve(call)
        case .capture(let capture):
            return resolve(capture)
        case .repetition(let count, let body, let position):
            return .repetition(count: count, body: resolve(body), position: position)
        case .loop(let names, let values, let body, let position):
            return .loop(Loop(names: names, values: values, body: resolve(body), position: position))
        case .procedure(let procedure):
            return define(procedure)
        case .test(let test):
            // The body is resolved with the SDK active here; the setup after it goes on
            // with it, since the body runs only after the whole setup.
            let sdkHere = sdk
            let body = resolve(test.body)
            sdk = sdkHere
            return .test(NamedTest(name: test.name, sdk: sdkHere, position: test.position, namePosition: test.namePosition, body: body))
        }
    }

    /// A block's statements: those with errors are left out (and reported).
    mutating func resolve(_ body: [ReadStatement]) -> [Statement] {
        var statements: [Statement] = []
        statements.reserveCapacity(body.count)
        for (index, read) in body.enumerated() {
            let acknowledged = index + 1 < body.count && body[index + 1].isExpectError
            if let statement = resolve(read, followedByExpectError: acknowledged) { statements.append(statement) }
        }
        return statements
    }

    mutating func resolve(_ command: ReadCommand, followedByExpectError: Bool) -> Statement? {
        guard let call = resolve(command.node, command.arguments, at: command.position) else { return nil }
        // A command refused on purpose, followed by `expect error`, runs to show the refusal.
        if let problem = staticProblem(of: call), !(call.spec.role == CommandSpec.Role.action && followedByExpectError) {
            error(problem.code, problem.message, at: problem.position)
            return nil
        }
        if let switched = Self.sdkNamed(by: call) { switchSDK(to: switched) }
        if call.spec === sourceCommand, scope.sourceLoader != nil { learnProcedures(sourcedBy: call) }
        return .command(call)
    }

    /// The SDK a command names in a literal (`sdk fiori`): the lines after it are read for it.
    static func sdkNamed(by call: CommandCall) -> SDKID? {
        guard let parameter = call.spec.sdkParameter, case .single(let expression)? = call.argument(parameter),
              case .word(let name) = expression.kind else { return nil }
        return SDKID(named: name)
    }

    var catalog: SDKCatalog { sdk.catalog }

    mutating func error(_ code: DiagnosticCode, _ message: String, at position: SourcePosition) {
        guard diagnostics.count < Diagnostic.keptPerFile else {
            dropped += 1
            return
        }
        diagnostics.append(Diagnostic(code, message, file: source.name, at: position))
    }

    /// A command as the parser read it (its name's node in the table, its arguments): the
    /// entry the active SDK gives the name (its own, else the shared one), the arguments
    /// bound to that entry's parameters and checked; nil (reported) when they do not fit.
    mutating func resolve(_ node: CommandTable.NameNode, _ raw: RawArguments, at start: SourcePosition) -> CommandCall? {
        guard let spec = node.spec(for: sdk), let arguments = bind(raw, to: spec, at: start),
              !spec.comparesFields || checkFields(arguments, of: spec) else { return nil }
        return CommandCall(spec: spec, position: start, arguments: arguments)
    }

    mutating func resolve(_ capture: ReadCapture) -> Statement? {
        guard let (pick, fieldIsSecret) = resolveCapture(event: capture.event, field: capture.field, last: capture.isLast,
                                                         at: capture.target, fieldAt: capture.fieldPosition) else { return nil }
        return .capture(Capture(name: capture.name, pick: pick, field: capture.field, position: capture.position, target: capture.target,
                                fieldPosition: capture.fieldPosition, secret: capture.secret, fieldIsSecret: fieldIsSecret))
    }

    /// A capture's `EVENT.FIELD` (or `N.FIELD`) against the active SDK's catalog: which
    /// event it picks, and whether the catalog calls the field a secret; nil (reported)
    /// when the SDK has no such event or field.
    mutating func resolveCapture(event eventPart: String, field: String, last isLast: Bool, at target: SourcePosition,
                                 fieldAt fieldPosition: SourcePosition) -> (Capture.Pick, Bool)? {
        let known = catalog.eventNames
        let pick: Capture.Pick
        var fieldIsSecret = false
        if let n = Int(eventPart) {
            guard !isLast else {
                error(.unknownEventOrField, "'last event' takes an event name, not a number (write event \(n).\(field) for the \(n)-th)", at: target)
                return nil
            }
            guard n >= 1 else {
                error(.unknownEventOrField, "events are counted from 1, not \(n)", at: target)
                return nil
            }
            pick = .number(n)
            fieldIsSecret = catalog.events.contains { $0.field(field)?.secret == true }
            let everyField = Set(catalog.events.flatMap { table.fieldNames(of: $0, sdk: sdk) })
            guard everyField.contains(field) else {
                var message = "no event of \(sdk.name) has a field '\(field)'"
                if let guess = Spelling.closest(to: field, among: everyField.sorted()) { message += " — did you mean '\(guess)'?" }
                error(.unknownEventOrField, message, at: fieldPosition)
                return nil
            }
        } else {
            guard let event = catalog.event(eventPart) else {
                var message = "unknown event '\(eventPart)'"
                if let owner = Simulation.catalogs.first(where: { $0.eventNames.contains(eventPart) }) {
                    message += " for \(sdk.name) (it is an event of \(owner.name): switch with sdk \(owner.name) first)"
                } else if let guess = Spelling.closest(to: eventPart, among: known) {
                    message += " — did you mean '\(guess)'?"
                }
                error(.unknownEventOrField, message, at: target)
                return nil
            }
            let fields = table.fieldNames(of: event, sdk: sdk)
            guard fields.contains(field) else {
                var message = "\(eventPart) has no field '\(field)'"
                if let guess = Spelling.closest(to: field, among: fields) { message += " — did you mean '\(guess)'?" }
                error(.unknownEventOrField, message + FieldNames.note(fields), at: fieldPosition)
                return nil
            }
            pick = isLast ? .last(eventPart) : .first(eventPart)
            fieldIsSecret = event.field(field)?.secret == true
        }
        return (pick, fieldIsSecret)
    }

    /// Matches the arguments written to the parameters of the table entry.
    mutating func bind(_ raw: RawArguments, to spec: CommandSpec, at start: SourcePosition) -> BoundArguments? {
        switch bindPlainly(raw, to: spec) {
        case .bound(let bound)?: return bound
        case .refused?: return nil
        case nil: return bindInOrder(raw, to: spec, at: start)
        }
    }

    /// The common case bound at once (`echo hello`, `clock advance 1s`, `state`): values
    /// only, for a command of at most one parameter that takes a plain value (not a pair,
    /// a flag, a keyword's value or an optional number), which shares the parser's array
    /// as `bindInOrder` would. `bindInOrder` walked each parameter through every form it
    /// might take, and built the bound arguments in two steps. Nil, having said nothing, when the arguments do not fit
    /// that case or do not fit the command: `bindInOrder` then binds them or says why not.
    /// A refused value is said here, as `bindInOrder` would say it, and `.refused` returned.
    private mutating func bindPlainly(_ raw: RawArguments, to spec: CommandSpec) -> PlainBinding? {
        guard raw.mixed == nil else { return nil }
        let values = raw.values
        guard let parameter = spec.plainParameter else {
            return values.isEmpty && spec.parameters.isEmpty ? .bound(BoundArguments()) : nil
        }
        if parameter.variadic {
            guard !values.isEmpty || parameter.optional else { return nil }
            for value in values { guard check(value, for: parameter, in: spec) else { return .refused } }
            return .bound(BoundArguments(sharing: values, asListFor: parameter))
        }
        guard values.count == 1 else { return values.isEmpty && parameter.optional ? .bound(BoundArguments()) : nil }
        guard check(values[0], for: parameter, in: spec) else { return .refused }
        return .bound(BoundArguments(sharing: values, asSingleFor: parameter))
    }

    /// Whether `parameter`, a spec's only one, takes plain values, which `bindPlainly`
    /// binds: not pairs, a flag, a keyword's value or an optional number. Asked once for
    /// each spec (CommandSpec.plainParameter).
    static func takesPlainValues(_ parameter: Parameter) -> Bool {
        if parameter.isFlag || parameter.keyword != nil || parameter.kind.isKeyValue { return false }
        if case .integer = parameter.kind, parameter.optional, !parameter.variadic { return false }
        return true
    }

    /// What `bindPlainly` made of arguments it could bind.
    private enum PlainBinding {
        case bound(BoundArguments)
        /// A value refused, and said so.
        case refused
    }

    /// Each parameter in the order of the spec, given what it takes of the arguments left.
    private mutating func bindInOrder(_ raw: RawArguments, to spec: CommandSpec, at start: SourcePosition) -> BoundArguments? {
        var bound = BoundArguments()
        var index = 0
        for parameter in spec.parameters {
            if parameter.kind.isKeyValue {
                var pairs: [KeyValue] = []
                while index < raw.count {
                    switch raw[index] {
                    case .pair(let pair):
                        pairs.append(pair)
                    case .value(let value) where parameter.kind == .fieldMatch && Self.isGloss(value) && pairs.last?.gloss == nil && !pairs.isEmpty:
                        pairs[pairs.count - 1].gloss = Gloss(value)
                    case .value(let value):
                        // A policy may also be one JSON object, written inline or held by a variable.
                        guard case .policyRules = parameter.kind, value.isJSONOrVariable, pairs.isEmpty, raw.count == 1 else {
                            error(.wrongArguments, "\(spec.name) expects \(parameter.label) here, found \(value.described)", at: value.position)
                            return nil
                        }
                        bound[parameter] = .single(value)
                    }
                    index += 1
                }
                if !pairs.isEmpty { bound[parameter] = .pairs(pairs) }
                if bound[parameter] == nil, !parameter.optional {
                    error(.wrongArguments, "\(spec.name) expects \(parameter.label)", at: start)
                    return nil
                }
                continue
            }
            if parameter.variadic {
                let first = index
                while index < raw.count, case .value(let value) = raw[index] {
                    guard check(value, for: parameter, in: spec) else { return nil }
                    index += 1
                }
                if index == first, !parameter.optional {
                    error(.wrongArguments, "\(spec.name) expects \(parameter.label)", at: start)
                    return nil
                }
                // The parser's array itself when every argument is a value, not a copy.
                if raw.mixed == nil {
                    bound.append(parameter, raw.values, first..<index)
                } else {
                    bound.append(parameter, .list((first..<index).map { raw[$0].value! }))
                }
                continue
            }
            if parameter.isFlag {
                if index < raw.count, case .value(let word) = raw[index], word.kind == .word(parameter.name) {
                    bound.append(parameter, .single(word))
                    index += 1
                }
                continue
            }
            if let keyword = parameter.keyword {
                guard index < raw.count, case .value(let word) = raw[index], word.kind == .word(keyword) else {
                    if !parameter.optional {
                        error(.wrongArguments, "\(spec.name) expects '\(keyword) \(parameter.name)'", at: start)
                        return nil
                    }
                    continue
                }
                index += 1
                guard index < raw.count, case .value(let value) = raw[index] else {
                    error(.wrongArguments, "'\(keyword)' expects \(parameter.label)", at: word.position)
                    return nil
                }
                guard check(value, for: parameter, in: spec) else { return nil }
                bound.append(parameter, .single(value))
                index += 1
                continue
            }
            // An optional number before other arguments (`expect event 2 getPassword`) is
            // there only when a number is written.
            if parameter.optional, parameter.kind == .integer, index < raw.count {
                guard case .value(let value) = raw[index], case .integer = value.kind else { continue }
            }
            guard index < raw.count else {
                if !parameter.optional {
                    error(.wrongArguments, "\(spec.name) expects \(parameter.label) (usage: \(spec.usage))", at: start)
                    return nil
                }
                continue
            }
            guard case .value(let value) = raw[index] else {
                error(.wrongArguments, "\(spec.name) expects \(parameter.label) here, not KEY=VALUE", at: raw[index].position)
                return nil
            }
            guard check(value, for: parameter, in: spec) else { return nil }
            if raw.mixed == nil { bound.append(parameter, raw.values, at: index) } else { bound.append(parameter, .single(value)) }
            index += 1
        }
        if index < raw.count {
            error(.wrongArguments, "too many arguments for \(spec.name) (usage: \(spec.usage))" + otherSDKsKeyword(raw[index], of: spec),
                  at: raw[index].position)
            return nil
        }
        return bound
    }

    /// ` — 'WORD' is NAME's: sdk NAME` when the word too many is a keyword of another
    /// SDK's form of the same command (a PIN keyword given to a password SDK's `user add`).
    func otherSDKsKeyword(_ argument: RawArgument, of spec: CommandSpec) -> String {
        guard case .value(let value) = argument, case .word(let word) = value.kind else { return "" }
        let owners = table.commands.filter { other in
            other.name == spec.name && other.sdk != nil && other.sdk != spec.sdk
                && other.parameters.contains { $0.keyword == word }
        }.compactMap { $0.sdk?.name }
        guard let first = owners.first else { return "" }
        return " — '\(word)' is \(owners.joined(separator: " and "))'s: sdk \(first)"
    }

    /// Checks a literal against what its parameter takes; variables are checked when they run.
    mutating func check(_ value: Expression, for parameter: Parameter, in spec: CommandSpec) -> Bool {
        if case .variable = value.kind { return true }
        if case .pattern(let text) = value.kind {
            guard parameter.kind == .expectedText else {
                error(.wrongArguments, "\(spec.name) takes no ~\"pattern\" here (patterns are for expectations that compare text)", at: value.position)
                return false
            }
            return checkPattern(text, at: value.position)
        }
        if case .json = value.kind {
            error(.wrongArguments, "\(spec.name) expects \(parameter.label), not a JSON object", at: value.position)
            return false
        }
        func refuse(_ message: String, code: DiagnosticCode = .wrongArguments) -> Bool {
            error(code, message, at: value.position)
            return false
        }
        switch parameter.kind {
        case .integer:
            guard case .integer = value.kind else {
                return refuse("\(parameter.name) must be a whole number, not \(value.described)")
            }
        case .duration:
            guard case .duration = value.kind else {
                return refuse("\(parameter.name) must be a duration such as 90d, 12h, 30m or 45s, not \(value.described)")
            }
        case .event:
            guard case .word(let name) = value.kind else { return refuse("expected an event name, not \(value.described)") }
            let known = catalog.eventNames
            if !known.contains(name) {
                var message = "unknown event '\(name)'"
                if let owner = Simulation.catalogs.first(where: { $0.eventNames.contains(name) }) {
                    message += " for \(sdk.name) (it is an event of \(owner.name): switch with sdk \(owner.name) first)"
                } else if let guess = Spelling.closest(to: name, among: known) {
                    message += " — did you mean '\(guess)'?"
                }
                return refuse(message, code: .unknownEventOrField)
            }
        case .call:
            guard case .word(let name) = value.kind else { return refuse("expected a call name, not \(value.described)") }
            if catalog.call(name) == nil {
                if let owner = Simulation.catalogs.first(where: { $0.call(name) != nil }) {
                    return refuse("no method '\(name)' in \(sdk.name) (it is a call of \(owner.name): switch with sdk \(owner.name) first)")
                }
                if catalog.callNames.isEmpty {
                    // An SDK the double does not stand in for (docs/double.md): say so, and which do.
                    let doubled = Simulation.catalogs.filter { !$0.callNames.isEmpty }.map(\.name)
                    return refuse("no method '\(name)' in \(sdk.name): \(sdk.name) has no calls (call is for \(doubled.joined(separator: ", ")): switch with sdk first)")
                }
                return refuse(CallRefusal.unknownMethod(sdk: sdk.name, method: name,
                                                        nearest: CallValidator.nearest(name, in: catalog.callNames)).message)
            }
        case .userState:
            let known = catalog.userStateNames
            guard case .word(let name) = value.kind, known.contains(name) else {
                var message = "STATE must be one of \(known.joined(separator: ", ")), not \(value.described)"
                if case .word(let name) = value.kind, let guess = Spelling.closest(to: name, among: known) {
                    message = "unknown state '\(name)' — did you mean '\(guess)'? (\(sdk.name)'s states: \(known.joined(separator: ", ")))"
                } else if case .string(let text) = value.kind, known.contains(text) {
                    message = "a state is a bare word: write \(text), without quotes"
                }
                return refuse(message)
            }
        case .sdk:
            let known = Simulation.catalogs.map(\.name)
            guard case .word(let name) = value.kind, known.contains(name) else {
                var message = "NAME must be one of \(known.joined(separator: ", ")), not \(value.described)"
                if case .word(let name) = value.kind, let guess = Spelling.closest(to: name, among: known) {
                    message = "no SDK '\(name)' — did you mean '\(guess)'? (the SDKs: \(known.joined(separator: ", ")))"
                } else if case .string(let text) = value.kind, known.contains(text) {
                    message = "an SDK's name is a bare word: write \(text), without quotes"
                }
                return refuse(message)
            }
        case .timestamp:
            guard case .word(let text) = value.kind else { return refuse("expected a time such as 2026-03-01, not \(value.described)") }
            if UTCTimestamp.parse(text) == nil {
                return refuse("'\(text)' is not a time such as 2026-03-01 or 2026-03-01T12:00:00Z")
            }
        case .user, .newUser, .path, .choice, .command, .requestTarget:
            switch value.kind {
            case .string(let text) where parameter.kind == .newUser && text.unicodeScalars.contains(where: String.isControl):
                return refuse("\(parameter.label) cannot hold a control character such as a newline")
            case .word, .string: break
            default: return refuse("expected \(parameter.label), not \(value.described)")
            }
        case .secret, .text, .expectedText, .code, .fieldMatch, .policyRules, .parameters:
            break
        }
        return true
    }

    /// `FIELD=VALUE` pairs after a literal event name: each field must be one the active
    /// SDK's catalog gives that event, and a number field takes a number (or its name).
    /// Asked only of a spec that `comparesFields` (worked out once for the spec): most
    /// commands have no field to compare.
    mutating func checkFields(_ arguments: BoundArguments, of spec: CommandSpec) -> Bool {
        guard let eventParameter = spec.parameters.first(where: { $0.kind == .event && !$0.variadic }),
              let fieldParameter = spec.parameters.first(where: { $0.kind == .fieldMatch }),
              case .single(let eventExpression)? = arguments[eventParameter], case .word(let name) = eventExpression.kind,
              let event = catalog.event(name), case .pairs(let pairs)? = arguments[fieldParameter]
        else { return true }
        let known = table.fieldNames(of: event, sdk: sdk)
        for pair in pairs {
            guard known.contains(pair.key) else {
                var message = "\(name) has no field '\(pair.key)'"
                if let guess = Spelling.closest(to: pair.key, among: known) { message += " — did you mean '\(guess)'?" }
                error(.unknownEventOrField, message + FieldNames.note(known), at: pair.position)
                return false
            }
            if let field = event.field(pair.key), field.kind == .integer, case .word(let word) = pair.value.kind, Int(word) == nil,
               word != field.unboundedWord,
               table.vocabulary(of: sdk)?.valueNames[pair.key]?.values.contains(word) != true {
                let or = field.unboundedWord.map { " or '\($0)'" } ?? ""
                error(.fieldValueKind, "\(name).\(pair.key) is a number\(or), not '\(word)'", at: pair.value.position)
                return false
            }
            if pair.op.isOrdered, let kind = event.field(pair.key)?.kind, kind != .integer, kind != .string {
                error(.fieldValueKind, "\(name).\(pair.key) is \(kind == .object ? "an" : "a") \(kind.rawValue): \(pair.op.rawValue) orders numbers, durations and times", at: pair.position)
                return false
            }
            if pair.op == .matches, case .json = pair.value.kind, let kind = event.field(pair.key)?.kind, kind != .object, kind != .string {
                error(.fieldValueKind, "\(name).\(pair.key) is \(kind == .integer ? "an" : "a") \(kind.rawValue), not a JSON object to match partly", at: pair.position)
                return false
            }
            if case .pattern(let text) = pair.value.kind, !checkPattern(text, at: pair.value.position) { return false }
            if let gloss = pair.gloss, !checkGloss(gloss.expression, of: pair, event: name) { return false }
        }
        return true
    }

    /// `(NAME)` in parentheses, as the text output writes a number's name after it.
    static func isGloss(_ value: Expression) -> Bool {
        guard case .word(let word) = value.kind else { return false }
        return word.count > 2 && word.hasPrefix("(") && word.hasSuffix(")")
    }

    /// A pasted gloss must name the number before it, or it would say something the
    /// expectation does not check.
    mutating func checkGloss(_ gloss: Expression, of pair: KeyValue, event: String) -> Bool {
        guard case .word(let word) = gloss.kind else { return false }
        let named = String(word.dropFirst().dropLast())
        let names = table.vocabulary(of: sdk)?.valueNames[pair.key] ?? [:]
        let number: Int? = switch pair.value.kind {
        case .integer(let i): i
        case .word(let w): names.first { $0.value == w }?.key
        default: nil
        }
        guard let number, let name = names[number] else {
            error(.fieldValueKind, "\(event).\(pair.key) has no name to write in parentheses after this value", at: gloss.position)
            return false
        }
        guard name == named else {
            error(.fieldValueKind, "(\(named)) is not the name of \(pair.key)=\(number), which is (\(name))", at: gloss.position)
            return false
        }
        return true
    }

    /// The command's own check of its literal values (StaticCheck): what it refuses, if anything.
    func staticProblem(of call: CommandCall) -> StaticProblem? {
        call.spec.check?.run(LiteralArguments(arguments: call.arguments, source: source, sdk: sdk.name))
    }

    /// A regular expression must compile where it is written, not fail when it runs.
    mutating func checkPattern(_ text: String, at position: SourcePosition) -> Bool {
        guard let problem = Resolver.patternProblem(text) else { return true }
        error(.badPattern, problem, at: position)
        return false
    }

    static func patternProblem(_ text: String) -> String? {
        if case .failure(let error) = LinearPattern.compile(text) { return "~\"\(text)\" is not a regular expression: \(error)" }
        return nil
    }

}
