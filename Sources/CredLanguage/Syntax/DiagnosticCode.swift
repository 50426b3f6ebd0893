import CredSimulator

/// The stable identity of a diagnostic: `CS` and four digits, the first two the category
/// (01 lexical, 02 syntax, 03 resolve, 04 runtime, 05 expectation, 06 I/O). A code keeps
/// its number while its sentence changes, so a test, an editor or a CI annotation can name
/// the problem without quoting English; an unused number is never given to another problem.
///
/// This enum is the one table of codes: docs/diagnostics.md is generated from it (a test
/// compares the two), `explain CODE` prints an entry, and a test runs every entry's
/// example and expects its code.
public enum DiagnosticCode: Int, CaseIterable, Sendable {
    // Lexical: the characters of the script.
    case controlCharacter = 101
    case invalidUTF8 = 102
    case unterminatedString = 103
    case badEscape = 104
    case unterminatedJSON = 105
    case numberOutOfRange = 106
    case nameStartsWithDigit = 107

    // Syntax: the shape of a statement.
    case unexpectedToken = 201
    case unbalancedBraces = 202
    case malformedLet = 203
    case malformedFor = 204
    case malformedProc = 205
    case malformedRepeat = 206
    case malformedTest = 207
    case nestedTooDeep = 208
    case malformedComparison = 209
    case malformedCapture = 210
    case tooManyErrors = 211
    case badPattern = 212
    case historySecretRemoved = 213

    // Resolve: what the names and values of a statement mean.
    case unknownCommand = 301
    case wrongArguments = 302
    case unknownEventOrField = 303
    case fieldValueKind = 304
    case definedTwice = 305
    case refusedValue = 306
    case unboundVariable = 307
    case sourceCycle = 308
    case badDeviceID = 309

    // Runtime: a statement that could not run.
    case commandCannotRun = 401
    case otherSDKCommand = 402
    case undefinedVariable = 403
    case badValue = 404
    case stepBudget = 405
    case runNestedTooDeep = 406
    case nothingToCapture = 407
    case interrupted = 408
    case testNotRunnable = 409
    case runDied = 410
    case failuresNotShown = 411
    case unknownUser = 412
    case userExists = 413
    case notSignedIn = 414
    case alreadySignedIn = 415
    case notAtThisStep = 416
    case policyRefused = 417
    case nothingToExplain = 418

    // Expectation: a check that did not hold.
    case expectationFailed = 501
    case comparisonFailed = 502
    case failureNotExpected = 503
    case nothingToCheck = 504

    // I/O: a file that could not be read or written.
    case cannotRead = 601
    case notUTF8Script = 602
    case cannotWrite = 603
    case documentNotHeld = 604

    // Usage: the command line itself.
    case usage = 701

    public enum Category: Int, CaseIterable, Sendable {
        case lexical = 1, syntax, resolve, runtime, expectation, io, usage

        public var title: String {
            switch self {
            case .lexical: return "Lexical: the characters of a script"
            case .syntax: return "Syntax: the shape of a statement"
            case .resolve: return "Resolve: what names and values mean"
            case .runtime: return "Runtime: a statement that could not run"
            case .expectation: return "Expectation: a check that did not hold"
            case .io: return "I/O: files"
            case .usage: return "Usage: the command line"
            }
        }

        /// The kind a diagnostic of this category has, which gives its exit code.
        public var kind: Diagnostic.Kind {
            switch self {
            case .lexical, .syntax, .resolve, .usage: return .syntax
            case .runtime: return .runtime
            case .expectation: return .expectation
            case .io: return .io
            }
        }
    }

    /// `CS0101`.
    public var id: String {
        let digits = String(rawValue)
        return "CS" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The code `CS0101` (any case) names; nil for any other text.
    public init?(id: String) {
        let upper = id.uppercased()
        guard upper.utf8.count == 6, upper.hasPrefix("CS"), upper.utf8.dropFirst(2).allSatisfy({ (0x30...0x39).contains($0) }),
              let number = Int(upper.dropFirst(2)) else { return nil }
        self.init(rawValue: number)
    }

    public var category: Category { Category(rawValue: rawValue / 100)! }

    /// The code of a command's refusal of `kind` (SimulationError.Kind).
    public init(refusal kind: SimulationError.Kind) {
        switch kind {
        case .unknownUser: self = .unknownUser
        case .userExists: self = .userExists
        case .notSignedIn: self = .notSignedIn
        case .alreadySignedIn: self = .alreadySignedIn
        case .notNow: self = .notAtThisStep
        case .badPolicy: self = .policyRefused
        case .nothingToExplain: self = .nothingToExplain
        case .other: self = .commandCannotRun
        }
    }

    /// How a code's example produces it: a script (with the files it sources, and the
    /// options of its run), or, for the few a script alone cannot cause, in words.
    public struct Example: Sendable {
        public var script: String?
        public var files: [String: String] = [:]
        public var keepGoing = false
        public var maximumSteps: Int?
        public var interrupted = false
        /// Run as at the prompt (a session that can record).
        public var interactive = false
        /// Checked as `credsh check` checks it, not run (what only the check finds: a
        /// variable bound nowhere, a cycle of `source` lines).
        public var checked = false
        /// Whether the script's bytes are its text in Latin-1 (one byte a character), not
        /// UTF-8: the example of a file that is not UTF-8.
        public var latin1 = false
        /// How the code arises when no script shows it.
        public var elsewhere: String?

        static func script(_ text: String, files: [String: String] = [:], keepGoing: Bool = false,
                           maximumSteps: Int? = nil, interrupted: Bool = false, interactive: Bool = false,
                           checked: Bool = false, latin1: Bool = false) -> Example {
            Example(script: text, files: files, keepGoing: keepGoing, maximumSteps: maximumSteps, interrupted: interrupted,
                    interactive: interactive, checked: checked, latin1: latin1)
        }

        /// The bytes of the script file.
        public var bytes: [UInt8] {
            guard let script else { return [] }
            return latin1 ? script.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } : Array(script.utf8)
        }

        static func elsewhere(_ how: String) -> Example { Example(script: nil, elsewhere: how) }
    }

    /// One row of the table: a title, what it means, an example, and the fix.
    public struct Entry: Sendable {
        public let title: String
        public let meaning: String
        public let example: Example
        public let fix: String
    }

    public var entry: Entry {
        switch self {
        case .controlCharacter:
            return Entry(title: "control character in the script",
                         meaning: "A control character other than tab stands in the script or in a string (a carriage return alone, an escape sequence pasted from a terminal).",
                         example: .script("echo \"a\u{1B}b\"\n"),
                         fix: "Remove the character; in a string write \\n or \\t, or \\u{XXXX} for another character.")
        case .invalidUTF8:
            return Entry(title: "text that is not UTF-8",
                         meaning: "A word or string holds bytes that are not UTF-8 (a file saved as Latin-1).",
                         example: .script("echo caf\u{E9}\n", latin1: true),
                         fix: "Save the script as UTF-8.")
        case .unterminatedString:
            return Entry(title: "unterminated string",
                         meaning: "A string opened with \" has no closing \" on the same line.",
                         example: .script("echo \"hello\n"),
                         fix: "Close the string on its line; write \\n for a line break inside it.")
        case .badEscape:
            return Entry(title: "bad escape in a string",
                         meaning: "A backslash in a string is followed by something other than \\\" \\\\ \\n \\t or \\u{XXXX}, or \\u{…} names no Unicode scalar value (a surrogate, or above 10FFFF).",
                         example: .script("echo \"C:\\data\"\n"),
                         fix: "Write \\\\ for a backslash; \\u{…} takes one to six hex digits of a scalar (a control character too, as \\u{7}).")
        case .unterminatedJSON:
            return Entry(title: "unterminated JSON object",
                         meaning: "A JSON object opened with { does not close on the same line.",
                         example: .script("expect note ~{\"minL\":8\n"),
                         fix: "Close the object with } on the same line.")
        case .numberOutOfRange:
            return Entry(title: "number or duration too large",
                         meaning: "A whole number does not fit in 64 bits, or a duration is longer than credsh counts.",
                         example: .script("clock advance 99999999999999999999s\n"),
                         fix: "Write a smaller number.")
        case .nameStartsWithDigit:
            return Entry(title: "variable name starts with a digit",
                         meaning: "A `$` is followed by a digit: a variable's name starts with a letter or _.",
                         example: .script("echo $1st\n"),
                         fix: "Rename the variable, or quote the text to mean it as written (\"$1st\").")
        case .unexpectedToken:
            return Entry(title: "unexpected token",
                         meaning: "The reader found something where the statement cannot have it: a value where a command should start, text after a complete statement.",
                         example: .script("\"hello\"\n"),
                         fix: "Start the line with a command (`help` lists them); quote text that has spaces.")
        case .unbalancedBraces:
            return Entry(title: "braces that do not pair",
                         meaning: "A block's { is missing, a } closes no block, or a block is still open at the end of the file.",
                         example: .script("repeat 2 {\n  echo hi\n"),
                         fix: "Open each block with { at the end of its first line and close it with } on a line of its own.")
        case .malformedLet:
            return Entry(title: "malformed let",
                         meaning: "A `let` lacks its name, its = or ?=, or its value, or has more after the value.",
                         example: .script("let greeting\n"),
                         fix: "Write `let NAME = VALUE`, `let NAME ?= VALUE` for a default, or `let NAME = event EVENT.FIELD` for a capture.")
        case .malformedFor:
            return Entry(title: "malformed for",
                         meaning: "A `for` lacks its names, `in`, its values or its block, or its values do not divide among its names.",
                         example: .script("for pw Wrong1 Wrong2 {\n  echo $pw\n}\n"),
                         fix: "Write `for NAME in VALUE… { … }`; with several names, give a multiple of their number of values.")
        case .malformedProc:
            return Entry(title: "malformed proc",
                         meaning: "A `proc` lacks its name or block, takes the name of a command, or stands inside a block.",
                         example: .script("proc login {\n  echo hi\n}\n"),
                         fix: "Define procedures at the top level of a file, with a name no command has: `proc NAME PARAMETER… { … }`.")
        case .malformedRepeat:
            return Entry(title: "malformed repeat",
                         meaning: "A `repeat` lacks a count, or its count is over the limit.",
                         example: .script("repeat many {\n  echo hi\n}\n"),
                         fix: "Write `repeat COUNT { … }` with a whole number (at most \(Limits.standard.repeatCount.grouped)) or a variable.")
        case .malformedTest:
            return Entry(title: "malformed test",
                         meaning: "A `test` lacks its quoted name or block, stands inside a block, or a file has too many tests.",
                         example: .script("repeat 2 {\n  test \"expiry\" {\n    echo hi\n  }\n}\n"),
                         fix: "Write `test \"NAME\" { … }` at the top level of a file.")
        case .nestedTooDeep:
            return Entry(title: "blocks nested too deeply",
                         meaning: "Blocks are nested deeper than the reader follows (\(Parser.maximumNesting)).",
                         example: .script(String(repeating: "repeat 1 {\n", count: Parser.maximumNesting + 1)
                                          + String(repeating: "}\n", count: Parser.maximumNesting + 1)),
                         fix: "Move inner blocks into a procedure, or flatten them.")
        case .malformedComparison:
            return Entry(title: "malformed comparison",
                         meaning: "An `expect VALUE OP VALUE` or a FIELD=VALUE pair lacks its operator or value, or the operator does not suit the value.",
                         example: .script("let n = 3\nexpect $n <\n"),
                         fix: "Write `expect $n < 3`: = != < <= > >= compare, ~ matches a \"pattern\" or a JSON object.")
        case .malformedCapture:
            return Entry(title: "malformed capture",
                         meaning: "A capture names something other than one EVENT.FIELD.",
                         example: .script("login alice \"Passw0rd!\"\nlet mode = event getPassword\n"),
                         fix: "Write `let NAME = event EVENT.FIELD` (or `last event.FIELD`, `event N.FIELD`).")
        case .tooManyErrors:
            return Entry(title: "more errors than shown",
                         meaning: "A file has more errors than credsh reports (the first \(Diagnostic.keptPerFile) of each kind); the rest are counted in this line.",
                         example: .script(String(repeating: "}\n", count: Diagnostic.keptPerFile + 1)),
                         fix: "Fix the first errors: the rest are often caused by them.")
        case .badPattern:
            return Entry(title: "pattern that does not compile",
                         meaning: "A ~\"pattern\" is not a regular expression credsh's engine (RE2) compiles.",
                         example: .script("echo hi\nexpect output ~\"(unclosed\"\n"),
                         fix: "Correct the pattern: RE2's syntax, without back-references or look-around.")
        case .historySecretRemoved:
            return Entry(title: "line from history without its secret",
                         meaning: "At the prompt, a line recalled from the history file had its secret removed (the file keeps *** in its place), so it is not run.",
                         example: .elsewhere("At the prompt: recall `login alice ***` with the up arrow and press Enter."),
                         fix: "Type the line again with its secret; to mean three asterisks, write \"***\".")
        case .unknownCommand:
            return Entry(title: "unknown command",
                         meaning: "The first word names no command of the active SDK, no shared command and no procedure defined above.",
                         example: .script("logn alice\n"),
                         fix: "Correct the name (`help` lists the commands); define a procedure before the line that calls it.")
        case .wrongArguments:
            return Entry(title: "wrong arguments",
                         meaning: "A command or procedure is given too few or too many values, or a value of the wrong form.",
                         example: .script("user add\n"),
                         fix: "Give the arguments the usage in `help COMMAND` shows.")
        case .unknownEventOrField:
            return Entry(title: "unknown event or field",
                         meaning: "An event or a field of an event is named that the active SDK does not have.",
                         example: .script("expect event getPasswrd\n"),
                         fix: "Correct the name (`explain EVENT` lists an event's fields); switch with `sdk NAME` for another SDK's events.")
        case .fieldValueKind:
            return Entry(title: "value of the wrong kind for a field",
                         meaning: "A FIELD=VALUE gives a field a value it cannot hold (text for a number), compares it with an operator it does not take, or glosses it with the wrong name.",
                         example: .script("expect event getPassword challengeMode=four\n"),
                         fix: "Give the field a value of its kind (`explain EVENT` says each field's kind).")
        case .definedTwice:
            return Entry(title: "name defined twice",
                         meaning: "A procedure, a test, a parameter or a `for` name is defined twice where each must be unique.",
                         example: .script("test \"a\" {\n  echo 1\n}\ntest \"a\" {\n  echo 2\n}\n"),
                         fix: "Give each its own name.")
        case .refusedValue:
            return Entry(title: "value the command refuses",
                         meaning: "A command's own check refuses a value written in the script (a policy the SDK cannot take), found before the run.",
                         example: .script("policy password minL=abc\n"),
                         fix: "Give a value the command takes; to show the refusal on purpose, follow the line with `expect error`.")
        case .unboundVariable:
            return Entry(title: "variable never bound",
                         meaning: "A $variable is used that no `let`, `for`, procedure parameter or outside value binds.",
                         example: .script("echo $nobody\n", checked: true),
                         fix: "Bind it with `let`, give it a default with `let NAME ?= VALUE`, or pass it with --var (--secret for a secret).")
        case .sourceCycle:
            return Entry(title: "source cycle",
                         meaning: "A file sources itself, directly or through others, or `source` is nested deeper than a run follows (\(Limits.standard.sourceDepth)).",
                         example: .script("source a.credscript\n", files: ["a.credscript": "source b.credscript\n", "b.credscript": "source a.credscript\n"],
                                          checked: true),
                         fix: "Source each file from one place; move what two files share into a third.")
        case .badDeviceID:
            return Entry(title: "not a device ID",
                         meaning: "A `device` or `devices forget` line names a device by an ID the double would refuse: a device ID is 1-\(DeviceID.maxNameLength) characters of A-Z a-z 0-9 . _ -, the rule the wire applies to `Credsh-Device` (docs/double.md, \"Devices\").",
                         example: .script("device bad!name\n"),
                         fix: "Name the device with letters, digits, `.`, `_` and `-` only (`device phone-1`).")
        case .commandCannotRun:
            return Entry(title: "command could not run",
                         meaning: "A command could not run for a reason none of the codes after this one names (a KDF cost out of range, a value the SDK takes in no form) and no `expect error` followed it.",
                         example: .script("kdf 0\n"),
                         fix: "Give the command what it takes (`help NAME` shows it), or write `expect error` after it if the refusal is the point.")
        case .unknownUser:
            return Entry(title: "no such user",
                         meaning: "A command names a user the active SDK does not have, and no `expect error` followed it.",
                         example: .script("login nobody \"Passw0rd!\"\n"),
                         fix: "Add the user first (`user add NAME password \"…\"`; `users` lists them), or write `expect error` after it if the refusal is the point.")
        case .userExists:
            return Entry(title: "user exists already",
                         meaning: "`user add` names a user the active SDK has already.",
                         example: .script("user add alice password \"Passw0rd!\"\nuser add alice password \"Passw0rd!\"\n"),
                         fix: "Add each user once, or give the second another name.")
        case .notSignedIn:
            return Entry(title: "nobody is signed in",
                         meaning: "The command needs a signed-in user (a change of password, a logout), and nobody is.",
                         example: .script("sdk fiori\nlogout\n"),
                         fix: "Sign a user in first (`login NAME \"…\"`).")
        case .alreadySignedIn:
            return Entry(title: "someone is signed in",
                         meaning: "The command needs nobody to be signed in (a second login), and someone is.",
                         example: .script("user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\n"),
                         fix: "Log out first (`logout`).")
        case .notAtThisStep:
            return Entry(title: "not at this step",
                         meaning: "The SDK is not at a step where the command fits: nothing is pending to answer or to cancel, or another screen or challenge is open.",
                         example: .script("sdk onewelcome\ncancel\n"),
                         fix: "`state` shows the step the SDK is at; start the flow that leads to the command (`login`, `initiate`).")
        case .policyRefused:
            return Entry(title: "policy refused",
                         meaning: "A policy cannot be set: an unknown key, a value out of its range, or rules that no secret could meet. Written in the script, the check finds it before the run (CS0306); this is the run's refusal of a policy it is handed in a variable.",
                         example: .script("let keys = {\"foo\":1}\npolicy password $keys\n"),
                         fix: "`policy show` and docs for the active SDK list its keys and ranges.")
        case .nothingToExplain:
            return Entry(title: "nothing to explain",
                         meaning: "`explain` or `glossary` was asked about something it does not know: a code no diagnostic has (`explain CS9999`), an event or a term of no SDK.",
                         example: .script("explain CS9999\n"),
                         fix: "`glossary` lists every term; docs/diagnostics.md lists every code.")
        case .otherSDKCommand:
            return Entry(title: "command of another SDK",
                         meaning: "A command runs while an SDK other than its own is active (a procedure read for one SDK runs under another).",
                         example: .script("sdk fiori\nproc go {\n  passcode 123456\n}\nsdk relid\ngo\n"),
                         fix: "Switch with `sdk NAME` before the command.")
        case .undefinedVariable:
            return Entry(title: "undefined variable at run time",
                         meaning: "A $variable has no value where the run reaches it.",
                         example: .script("repeat 1 {\n  let later ?= $early\n}\n"),
                         fix: "Bind the variable before the line that uses it.")
        case .badValue:
            return Entry(title: "value of the wrong kind",
                         meaning: "A value is not what its place takes: a count that is not a whole number, a duration that is not one, values that cannot be compared.",
                         example: .script("let n = abc\nrepeat $n {\n  echo hi\n}\n"),
                         fix: "Give a value of the kind the place takes (a whole number, a duration such as 90d).")
        case .stepBudget:
            return Entry(title: "step budget reached",
                         meaning: "The run took more steps than its budget (--max-steps), as a script that never ends would.",
                         example: .script("repeat 100 {\n  echo hi\n}\n", maximumSteps: 50),
                         fix: "Look for a loop that repeats more than meant; raise the budget with --max-steps when the work is real.")
        case .runNestedTooDeep:
            return Entry(title: "run nested too deep",
                         meaning: "Procedure calls, blocks or sourced files are nested deeper than a run follows (a procedure that calls itself).",
                         example: .script("proc again {\n  again\n}\nagain\n"),
                         fix: "Give the recursion an end, or use `repeat`.")
        case .nothingToCapture:
            return Entry(title: "nothing to capture",
                         meaning: "A capture (`let NAME = event EVENT.FIELD`) finds no such event, or no such field, in what the last command delivered.",
                         example: .script("let mode = event getPassword.challengeMode\n"),
                         fix: "Capture after the command that delivers the event; `expect event` first says what arrived.")
        case .interrupted:
            return Entry(title: "run interrupted",
                         meaning: "The run was stopped from outside: Ctrl-C, a signal, or the time limit of a run the control API started.",
                         example: .script("echo hi\n", interrupted: true),
                         fix: "Nothing to fix in the script, unless it ran longer than meant.")
        case .testNotRunnable:
            return Entry(title: "test that cannot run",
                         meaning: "A named test is asked for that the file does not have, or a test is run from a sourced file or at the prompt.",
                         example: .script("source lib.credscript\n", files: ["lib.credscript": "test \"b\" {\n  echo hi\n}\n"]),
                         fix: "Name a test the file has (`credsh test --list FILE`); keep tests in the file credsh runs.")
        case .runDied:
            return Entry(title: "the run of a script died",
                         meaning: "The process running one script of `credsh test` ended without a verdict (killed, out of memory, a crash); the other scripts ran on.",
                         example: .elsewhere("`credsh test` while the kernel kills the process that runs one of its scripts."),
                         fix: "If nothing killed it, it is a crash in credsh: please report it with the script.")
        case .failuresNotShown:
            return Entry(title: "more failures than shown",
                         meaning: "A run with --keep-going failed more often than it reports (the first \(Limits.reportedFailures)); the rest are counted. Its kind is that of the failures.",
                         example: .script("repeat \(Limits.reportedFailures + 1) {\n  expect state nobody logged-in\n}\n", keepGoing: true),
                         fix: "Fix the first failures: the rest are often the same one.")
        case .expectationFailed:
            return Entry(title: "expectation failed",
                         meaning: "An `expect` command did not hold: the event, error, output or state it names is not what the last command left.",
                         example: .script("user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\nexpect event getPassword challengeMode=4\n"),
                         fix: "Read the lines after the caret (what the last command produced); correct the script or the expectation.")
        case .comparisonFailed:
            return Entry(title: "comparison failed",
                         meaning: "An `expect VALUE OP VALUE` did not hold.",
                         example: .script("let n = 3\nexpect $n > 5\n"),
                         fix: "The message gives the values compared; correct the script or the expectation.")
        case .failureNotExpected:
            return Entry(title: "command failed and no expect error followed",
                         meaning: "A command failed (an SDK's error, the app refusing a form) and the next line is not `expect error`.",
                         example: .script("user add alice password \"Passw0rd!\"\nexpire alice\nlogin alice \"Passw0rd!\"\n"
                                          + "update \"Passw0rd!\" \"N3w-Passw0rd\" \"N3w-Passw0rd!\"\n"),
                         fix: "Write `expect error` after the command if the failure is the point; otherwise correct the step.")
        case .nothingToCheck:
            return Entry(title: "nothing to check yet",
                         meaning: "An `expect` comes before any command ran, so there is nothing for it to check.",
                         example: .script("expect events\n"),
                         fix: "Run the command the expectation is about first.")
        case .cannotRead:
            return Entry(title: "file cannot be read",
                         meaning: "A script, or a file a `source` line names, cannot be read (missing, a directory, too large, not allowed).",
                         example: .script("source missing.credscript\n"),
                         fix: "Correct the path (a `source` path is relative to the file that sources it) or the file's permissions.")
        case .notUTF8Script:
            return Entry(title: "sourced file is not a text script",
                         meaning: "A file a `source` line names is not UTF-8 text (a binary, a file in another encoding).",
                         example: .script("source data.credscript\n", files: ["data.credscript": "echo \u{0}\n"]),
                         fix: "Source a credscript file saved as UTF-8.")
        case .cannotWrite:
            return Entry(title: "file cannot be written",
                         meaning: "A file credsh writes as a script runs or is tested (a recording, an .expected transcript) cannot be written.",
                         example: .script("record /nonexistent/session.credscript\n", interactive: true),
                         fix: "Write into a folder that exists and that you may write to.")
        case .documentNotHeld:
            return Entry(title: "document not held by the editor's server",
                         meaning: "`credsh lsp` holds documents up to a bound (docs/editor.md); one past it is not checked, and its features answer nothing.",
                         example: .elsewhere("`credsh lsp`, when the editor opens a document over 4 MiB, or more documents than the server holds."),
                         fix: "Check the file with `credsh check`; close other documents and open it again once it fits.")
        case .usage:
            return Entry(title: "usage error",
                         meaning: "The command line itself is wrong: an option credsh does not know, one without its value, options that do not go together. Nothing runs (exit 2).",
                         example: .elsewhere("`credsh --frobnicate`, or `credsh -i script.credscript < input.txt`."),
                         fix: "`credsh --help` and `credsh SUBCOMMAND --help` show what each takes.")
        }
    }
}
