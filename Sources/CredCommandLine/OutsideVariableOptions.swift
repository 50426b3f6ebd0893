import CredLanguage
import CredScript
import CredSuite

/// The options that give values from outside the script (OutsideVariables, docs/suites.md,
/// "Values from outside"), and their reading from the command line. What they read
/// outside the arguments comes through `readFile` and `environment`, the file system's and
/// the process's unless a test passes others, so the reading needs no file and no process.
extension OutsideVariables {
    package static let variable = CommandSyntax.Option(
        long: "var", value: "<name=value>", repeats: true,
        help: "Bind $NAME before the scripts run (repeatable); a script's 'let NAME ?= VALUE' is only its default.")
    package static let variableFile = CommandSyntax.Option(
        long: "var-file", value: "<file>", repeats: true,
        help: "Bind the NAME=VALUE lines of FILE as --var does ('#' starts a comment line); --var given too wins.")
    package static let secret = CommandSyntax.Option(
        long: "secret", value: "<name>", repeats: true,
        help: "Bind $NAME from the environment variable NAME, as a secret: masked everywhere (never put a secret on the command line).")
    package static let options = [variable, variableFile, secret]

    /// Reads the options; a secret whose environment variable is not set is a usage error
    /// unless `secretValuesNeeded` is false (`credsh check` needs only the names).
    /// `readFile` reads a `--var-file`, `environment` looks a `--secret`'s variable up.
    package init(_ parsed: ParsedArguments, _ syntax: CommandSyntax, secretValuesNeeded: Bool = true,
                 readFile: (String) throws(HostError) -> [UInt8] = { path throws(HostError) in try FileSystem.read(path, pipeHint: false) },
                 environment: (String) -> String? = Environment.value) throws(UsageError) {
        var bindings: [Binding] = []
        var arguments: [String] = []
        let given = parsed.occurrences(of: Self.options)
        for (option, value) in given { arguments += ["--\(option.long)", value] }
        for (option, path) in given where option.long == Self.variableFile.long {
            let bytes: [UInt8]
            do { bytes = try readFile(path) } catch { throw UsageError("--var-file: \(TerminalSafe.text(error.message))", syntax) }
            var lineNumber = 0
            // A byte order mark, which some Windows editors write first, is no part of the
            // first name.
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
            // Split as bytes: in a String, "\r\n" is one Character, which a split at "\n"
            // passes over, so a file saved with CRLF endings would be one line.
            for line in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                lineNumber += 1
                let content = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
                // A carriage return left inside a line is a file with old Mac endings (`\r`
                // alone): read as one line, its first value would hold every line after it.
                if content.contains(UInt8(ascii: "\r")) {
                    throw UsageError("\(TerminalSafe.text(path)):\(lineNumber): a carriage return inside the line (a line ends with \\n or \\r\\n; the line is not shown: it may hold a secret)", syntax)
                }
                let text = String(decoding: content, as: UTF8.self)
                // A comment line may be indented, as a blank one may hold blanks.
                let start = text.drop(while: { $0 == " " || $0 == "\t" })
                if start.isEmpty || start.first == "#" { continue }
                try Self.add(text, secret: false, where: "\(TerminalSafe.text(path)):\(lineNumber)", to: &bindings, syntax)
            }
        }
        for (option, text) in given where option.long == Self.variable.long {
            try Self.add(text, secret: false, where: "--var", to: &bindings, syntax)
        }
        for (option, name) in given where option.long == Self.secret.long {
            guard Parser.isName(name) else {
                // `--secret PW=Hunter2…` holds the secret itself, and CI logs keep usage errors:
                // such a word is not quoted.
                if name.contains("=") {
                    throw UsageError("--secret takes a variable name only (letters, digits and _, not first a digit), not NAME=VALUE: the value comes from the environment variable of that name, and is not shown here", syntax)
                }
                let quoted = KnownSecrets.looksLikePassword(name) ? "" : ", not '\(TerminalSafe.text(name))'"
                throw UsageError("--secret takes a variable name (letters, digits and _, not first a digit)\(quoted)", syntax)
            }
            let value = environment(name)
            if value == nil, secretValuesNeeded {
                throw UsageError("--secret \(name): the environment has no variable \(name) (set it, as in \(name)=… credsh …)", syntax)
            }
            try Self.append(Binding(name: name, value: value ?? "", secret: true), to: &bindings, syntax)
        }
        self.init(bindings: bindings, arguments: arguments)
    }

    /// `NAME=VALUE`: the name without blanks around it; the value is everything after the
    /// first `=`, as written (blanks included: a value may be a secret that has them).
    private static func add(_ text: String, secret: Bool, where place: String, to bindings: inout [Binding], _ syntax: CommandSyntax) throws(UsageError) {
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
        try append(Binding(name: name, value: String(text[text.index(after: equals)...]), secret: secret), to: &bindings, syntax)
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

    private static func append(_ binding: Binding, to bindings: inout [Binding], _ syntax: CommandSyntax) throws(UsageError) {
        guard bindings.count < Self.maximumBindings else {
            throw UsageError("more than \(Self.maximumBindings.grouped) variables given from outside", syntax)
        }
        bindings.append(binding)
    }
}

private extension String {
    var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
