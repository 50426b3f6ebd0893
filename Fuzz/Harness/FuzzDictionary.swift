import CredLanguage
import CredEditor
import CredScript
import CredSimulator

/// The dictionary libFuzzer splices into inputs (`-dict`): every word the language knows,
/// taken from the command table and the SDKs' catalogs, so the fuzzer writes commands,
/// keywords, event and field names, states and policy keys rather than guessing them
/// byte by byte. The table is the source: a new command is in the next run's dictionary.
public enum FuzzDictionary {
    public static func words(_ table: CommandTable = .standard) -> [String] {
        var words: Set<String> = ["let", "repeat", "{", "}", "=", "\"", "$", "#", "\n", "\\n", "\\\"", "{\"",
                                  "0", "1", "3", "007", "24h", "90d", "1d12h", "1000000", "600000", "9223372036854775807",
                                  "2026-03-01", "2026-03-01T12:00:00Z", "9999-12-31", "true", "false",
                                  "\u{FEFF}", "\u{1B}[31m", "\r\n",
                                  // Numbers past every bound, and sums that overflow (issue 17).
                                  "99999999999999999999", "-9223372036854775808", "1000001", "4611686018427387904",
                                  "minDg=9223372036854775807", "{\"minDg\":9223372036854775807}",
                                  // Patterns (RE2): what backtracks, what RE2 refuses, what it takes.
                                  "~\"", "(a+)+$", "(a|a)*", "\\\\d+", "\\\\1", "(?=", "(?i)", "[^", "{2,5}", "{1000}", ".*.*.*=",
                                  // Files a script sources (FuzzHost): text, a NUL, bytes not UTF-8, itself.
                                  "source", "nul.credscript", "binary.credscript", "missing.credscript", "self.credscript", "\u{0}",
                                  // The suite forms (issue 19): captures, comparisons, loops, procedures, escapes.
                                  "for", "in", "proc", "event", "last", "not", ".access_token", "1.", "!=", "<", "<=", ">", ">=",
                                  "~", "~{", "~{\"minL\":8}", "\\u{", "\\u{e9}", "\\u{D800}", "\\u{110000}", "\\u{}",
                                  // Issue 31: named tests, escape-spelled secrets, queries held in
                                  // variables, values from outside, names that drive a terminal.
                                  "test", "test \"", "\\u{41}", "\\u{0041}", "Zq9\\u{41}bc1!x", "\"Zq9Abc1!x\"",
                                  "?password=", "&password=", "&newpassword=", "access_token=", "/aaa/login.json?login=",
                                  "%C3", "%F0%9F%98", "%FF", "#vars ", "#vars pw=Zq9Abc1!x ", "S_pw=", "--var", "pw=",
                                  "\u{9B}", "\u{202E}", "\u{1B}]0;", "\u{7}", "\nok 9 - "]
        for spec in table.commands {
            words.insert(spec.name)
            words.formUnion(spec.words)
            words.formUnion(spec.example.split(separator: " ").map(String.init))
            for parameter in spec.parameters {
                if let keyword = parameter.keyword { words.insert(keyword) }
                switch parameter.kind {
                case .choice(let choices), .requestTarget(let choices, _): words.formUnion(choices)
                case .policyRules(let keys): words.formUnion(keys.map { $0 + "=" })
                default: break
                }
            }
        }
        for catalog in Simulation.catalogs {
            words.insert(catalog.name)
            words.formUnion(catalog.userStateNames)
            for event in catalog.events {
                words.insert(event.name)
                words.formUnion(event.fields.map { $0.name + "=" })
            }
            for code in catalog.codes {
                words.insert(code.name)
                if let number = code.code { words.insert(String(number)) }
            }
        }
        return words.sorted()
    }

    /// libFuzzer's dictionary format: one quoted string a line, bytes escaped as \xNN.
    public static func text(_ table: CommandTable = .standard) -> String {
        var out = "# credscript words, from credsh's command table and catalogs (CredFuzz --dictionary)\n"
        for word in words(table) {
            var quoted = ""
            for byte in word.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x7F {
                    let hex = String(byte, radix: 16, uppercase: true)
                    quoted += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                } else {
                    quoted.unicodeScalars.append(Unicode.Scalar(byte))
                }
            }
            out += "\"\(quoted)\"\n"
        }
        return out
    }
}
