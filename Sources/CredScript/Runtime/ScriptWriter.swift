import CredLanguage
import CredSimulator

/// Writes statements back out as script text: masked for echoing and history
/// (`update *** ***`), unmasked for a recording that must replay.
public enum ScriptWriter {
    public static let mask = FieldSpec.hiddenText

    public static func render(_ call: CommandCall, masked: Bool) -> String {
        var parts = [call.spec.name]
        for parameter in call.spec.parameters {
            guard let argument = call.argument(parameter) else { continue }
            // A variable shows its name, not its value: `update $old $new` says which was used.
            func hide(_ e: Expression) -> Bool {
                guard masked, parameter.kind == .secret else { return false }
                if case .variable = e.kind { return false }
                return true
            }
            if let keyword = parameter.keyword { parts.append(keyword) }
            if parameter.isFlag { continue }
            switch argument {
            case .single(let e) where masked: parts.append(hide(e) ? mask : render(maskingQuerySecrets(e, for: parameter) ?? e))
            case .single(let e): parts.append(render(e))
            case .list(let items): parts += items.map { hide($0) ? mask : render($0) }
            case .pairs(let pairs):
                parts += pairs.map { pair in
                    guard masked, case .parameters(let secrets) = parameter.kind, secrets.contains(pair.key) else {
                        return renderPair(pair) + (pair.gloss.map { " " + render($0.expression) } ?? "")
                    }
                    if case .variable = pair.value.kind { return "\(pair.key)=\(render(pair.value))" }
                    return "\(pair.key)=\(mask)"
                }
            }
        }
        return parts.joined(separator: " ")
    }

    public static func render(_ statement: Statement, masked: Bool, indent: String = "") -> String {
        switch statement {
        case .command(let call):
            return indent + render(call, masked: masked)
        case let .binding(name, value, _, secret, ifUnbound):
            return indent + renderBinding(name: name, value: value, secret: secret, ifUnbound: ifUnbound,
                                          hidden: masked && (secret || SecretMasker.looksSecret(name)))
        case let .repetition(count, body, _):
            let inner = body.map { render($0, masked: masked, indent: indent + "    ") }
            return ([indent + "repeat \(render(count)) {"] + inner + [indent + "}"]).joined(separator: "\n")
        case .capture(let capture):
            return indent + "let \(capture.secret ? "secret " : "")\(capture.name) = \(capture.written)"
        case .comparison(let comparison):
            return indent + "expect " + render(comparison)
        case .loop(let loop):
            // A loop's values are its rows: a name that holds a secret shows *** for its values.
            let hidden = Set(loop.names.indices.filter { masked && SecretMasker.looksSecret(loop.names[$0]) })
            let values = loop.values.enumerated().map { index, value in
                hidden.contains(index % loop.names.count) && !value.isVariable ? mask : render(value)
            }
            let inner = loop.body.map { render($0, masked: masked, indent: indent + "    ") }
            return ([indent + "for \(loop.names.joined(separator: " ")) in \(values.joined(separator: " ")) {"] + inner + [indent + "}"])
                .joined(separator: "\n")
        case .procedure(let procedure):
            let inner = procedure.body.map { render($0, masked: masked, indent: indent + "    ") }
            return ([indent + (["proc", procedure.name] + procedure.parameters).joined(separator: " ") + " {"] + inner + [indent + "}"])
                .joined(separator: "\n")
        case .call(let call):
            let secrets = masked ? call.procedure.secretParameters : []
            let arguments = zip(call.procedure.parameters, call.arguments).map { parameter, argument in
                secrets.contains(parameter) && !argument.isVariable ? mask : render(argument)
            }
            return indent + ([call.procedure.name] + arguments).joined(separator: " ")
        case .test(let test):
            let inner = test.body.map { render($0, masked: masked, indent: indent + "    ") }
            return ([indent + renderTestHeader(test.name) + " {"] + inner + [indent + "}"]).joined(separator: "\n")
        }
    }

    /// `KEY=VALUE`, or a field compared otherwise (`attemptsLeft<3`, `statusMessage~"expired"`).
    /// `$left < 3`, `$v ~ "^c1"`: a comparison without its `expect`, as an echo and a
    /// failure write it (the pattern's own `~` is the operator, written once).
    static func render(_ comparison: Comparison) -> String {
        let right: String
        switch (comparison.op, comparison.right.kind) {
        case (.matches, .pattern(let text)): right = StringLiteral.quote(text)  // `~ "re"`: the operator is the ~
        default: right = render(comparison.right)
        }
        return "\(render(comparison.left)) \(comparison.op.rawValue) \(right)"
    }

    static func renderPair(_ pair: KeyValue) -> String {
        if pair.op == .matches, case .pattern(let text) = pair.value.kind { return pair.key + "~" + StringLiteral.quote(text) }
        return pair.key + pair.op.rawValue + render(pair.value)
    }

    /// A request target whose query holds a secret, with the secret's value as `***`.
    static func maskingQuerySecrets(_ expression: Expression, for parameter: Parameter) -> Expression? {
        guard case .requestTarget(_, let secretNames) = parameter.kind else { return nil }
        switch expression.kind {
        case .word(let text):
            return RequestTarget.maskingSecrets(text, secretNames: secretNames).map { Expression(kind: .word($0), position: expression.position) }
        case .string(let text):
            return RequestTarget.maskingSecrets(text, secretNames: secretNames).map { Expression(kind: .string($0), position: expression.position) }
        default:
            return nil
        }
    }

    /// `let [secret] NAME = VALUE`, the value as `***` when `hidden`; a variable shows its
    /// name, as it does in a command (`let y = $x`).
    static func renderBinding(name: String, value: Expression, secret: Bool, ifUnbound: Bool, hidden: Bool) -> String {
        let shown: String
        if hidden, !value.isVariable { shown = mask } else { shown = render(value) }
        return "let \(secret ? "secret " : "")\(name) \(ifUnbound ? "?=" : "=") \(shown)"
    }

    /// `test "NAME"`: how the echo and a transcript introduce each test (its sections are
    /// split at these lines: ScriptTest).
    public static func renderTestHeader(_ name: String) -> String { testHeaderPrefix + StringLiteral.quote(name) }
    public static let testHeaderPrefix = "test "


    public static func render(_ expression: Expression) -> String {
        switch expression.kind {
        case .word(let w): return w
        case .string(let s): return StringLiteral.quote(s)
        case .pattern(let p): return "~" + StringLiteral.quote(p)
        case .integer(let i): return expression.spelling ?? String(i)
        case .duration(let d): return expression.spelling ?? SimDuration(seconds: d).description
        case .json(let j): return j
        case .variable(let v): return "$" + v
        }
    }

    /// A value written so that the lexer reads it back as the same text.
    public static func literal(_ value: Value) -> String {
        switch value {
        case .integer(let i): return String(i)
        case .duration(let d): return SimDuration(seconds: d).description
        case .json(let j): return j
        case .pattern(let p): return "~" + StringLiteral.quote(p)
        case .text(let t):
            let bare = !t.isEmpty && t.utf8.allSatisfy { !Lexer.endsWord($0) && $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "$") }
                && !(t.first?.isNumber ?? false) && !t.unicodeScalars.contains(where: TerminalSafe.isUnsafe)
            return bare ? t : StringLiteral.quote(t)
        }
    }
}
