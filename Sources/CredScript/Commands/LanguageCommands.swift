import CredLanguage
import CredSimulator

/// The statements of the language that are not commands (docs/suites.md, "Writing a suite"):
/// listed in the table so that `help`, completion and grammar.md know them; the parser
/// reads them with syntax of their own (Parser+Blocks, Parser+Captures), so they never
/// run as commands.
enum LanguageCommands {
    static let all: [Command] = [
        Command("for", [Parameter("NAME", "variable names", .text, variadic: true)], group: SharedCommands.shell,
                    summary: "Run a block once per value, or per row of as many values as there are names (bounded by the step budget)",
                    example: "for user pin in bob 52817 carol 39164 { echo $user }",
                    syntaxUsage: "for NAME... in VALUE... { ... }") { _ in [] },
        Command("proc", [Parameter("NAME", "a procedure name", .text)], group: SharedCommands.shell,
                    summary: "Define a command of the script's own, called as NAME ARG...; $PARAM inside (calls nest at most 32 deep)",
                    example: "proc relogin user pw { login $user $pw }",
                    syntaxUsage: "proc NAME PARAM... { ... }") { _ in [] },
        Command("expect", [Parameter("VALUE", "a value", .text)], group: ExpectCommands.group, role: .expectation,
                    summary: "Two values compare so: = != (text; numbers as numbers), < <= > >= (numbers, durations, times), ~ (a pattern, or a JSON object matched partly)",
                    example: "expect $left < 3",
                    syntaxUsage: "expect VALUE OP VALUE") { _ in [] },
        Command("test", [Parameter("NAME", "the test's name", .text)], group: SharedCommands.shell,
                    summary: "A named test: runs in a fresh simulation after the file's setup (its lines outside tests); credsh test reports each",
                    example: "test \"expired password is updated\" { login alice Passw0rd! }",
                    syntaxUsage: "test \"NAME\" { ... }") { _ in [] },
    ]
}
