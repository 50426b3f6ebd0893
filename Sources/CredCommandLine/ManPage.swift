import CredLanguage
import CredScript
import CredSimulator

/// credsh(1), in roff: made from the subcommand values (`CommandLineProgram.subcommands`, each with its
/// syntax, options and discussion), the exit codes and the command table
/// (`CommandTable.standard`), so the page cannot say less or other than `--help` and
/// `help` do. `make install` and `make deb` write it with the hidden `credsh man`.
package enum ManPage {
    package static func page(_ program: CommandLineProgram) -> String {
        let listed = program.subcommands.filter(\.listed)
        var out = """
            .\\" credsh(1): made by `credsh man` from the subcommands and the command table; do not edit.
            .TH CREDSH 1 "" "credsh \(program.version)" "User Commands"
            .SH NAME
            credsh \\- a shell and scripting language that simulates credential-management SDKs and their servers
            .SH SYNOPSIS

            """
        for (index, subcommand) in listed.enumerated() {
            if index > 0 { out += ".br\n" }
            out += ".B credsh\n" + text(subcommand.synopsis(defaultName: program.defaultName).dropFirst("credsh ".count).description) + "\n"
        }
        out += """
            .SH DESCRIPTION
            credsh runs scripts in CredScript, a small language for the flows of credential
            SDKs (REL\\-ID, OneWelcome, SAP Fiori, SUSI.AI): users, logins, password and PIN
            changes, the callbacks the SDK sends and the server's answers, all simulated, with
            expectations that make a script a test.
            With no FILE and a terminal, credsh opens a prompt (line editing, history, Tab
            completion). With FILEs,
            .BR \\- ,
            or a pipe on standard input, it runs them as a batch, with no prompt.
            .SH SUBCOMMANDS

            """
        for subcommand in listed {
            let syntax = subcommand.syntax
            out += ".SS \(text(subcommand.name == program.defaultName ? "credsh [run]" : "credsh " + subcommand.name))\n"
            out += text(syntax.abstract) + "\n"
            if let discussion = syntax.discussion { out += paragraph(discussion) }
            if let arguments = syntax.arguments {
                out += ".TP\n.I \(text(arguments.placeholder))\n" + text(arguments.help) + "\n"
            }
            for option in syntax.options {
                out += ".TP\n" + optionLabel(option) + "\n" + text(option.help) + "\n"
            }
        }
        out += """
            .SS credsh help [subcommand]
            Print the help of credsh, or of one subcommand; every subcommand takes
            .B \\-h, \\-\\-help
            and
            .BR \\-\\-version .
            .SH OPTIONS
            .TP
            .B \\-\\-version
            Show the version.
            .TP
            .B \\-h, \\-\\-help
            Show help information.
            .SH "EXIT STATUS"

            """
        for line in program.exitCodes.split(separator: "\n").dropFirst() {
            let trimmed = line.drop { $0 == " " }
            guard let space = trimmed.firstIndex(of: " ") else { continue }
            out += ".TP\n.B \(trimmed[..<space])\n" + text(trimmed[space...].drop { $0 == " " }.description) + "\n"
        }
        out += ".SH COMMANDS\nThe commands a script or the prompt runs, by group (grammar.md has the language):\n"
        let table = CommandTable.standard
        for group in table.groups {
            let heading = Simulation.catalogs.first { $0.name == group }.map { "\($0.name): \($0.title) (sdk \($0.name))" } ?? group
            out += ".SS \(text(heading))\n"
            for spec in table.commands where spec.group == group {
                out += ".TP\n.B \(text(spec.usage))\n" + text(spec.summary) + "\n"
            }
        }
        out += """
            .SH FILES
            .TP
            .I X.expected
            Beside
            .IR X.credscript :
            the transcript
            .B credsh test
            compares the script's output with
            .RB ( \\-\\-update
            writes it).
            .TP
            .I $XDG_STATE_HOME/credsh/history
            The prompt's history (else
            .IR ~/.local/state/credsh/history ).
            .SH ENVIRONMENT
            .TP
            .B NO_COLOR
            When set and not empty, no colour is used.
            .TP
            .B XDG_STATE_HOME
            Where the prompt's history is kept.
            .SH EXAMPLES
            .nf
            credsh                                   # the prompt
            credsh \\-\\-echo examples/expiry.credscript    # a script, as a transcript
            credsh check tests/*.credscript          # parse and validate only
            credsh test \\-\\-junit out/junit.xml tests/  # a suite, with a report for CI
            credsh diagram \\-o flow.svg login.credscript
            credsh fmt \\-\\-check tests/*.credscript
            credsh completion bash > /etc/bash_completion.d/credsh
            .fi
            .SH "SEE ALSO"
            README.md, grammar.md (the language) and the manual's pages, installed in
            /usr/share/doc/credsh by the package (PREFIX/share/doc/credsh by make install):
            a page this one names docs/NAME.md is NAME.md there.

            """
        return out
    }

    /// Text for roff: backslashes doubled, dashes as `\-` (so they are hyphen-minus, and
    /// copy as such), a line that would start with `.` or `'` guarded with `\&`.
    package static func text(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var out = String(line).replacing("\\", with: "\\e").replacing("-", with: "\\-")
            if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
            return out
        }.joined(separator: "\n")
    }

    /// A discussion's lines, as one paragraph (an indented line keeps its line).
    package static func paragraph(_ discussion: String) -> String {
        var out = ".PP\n"
        var literal = false
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            let indented = line.hasPrefix(" ")
            if indented != literal { out += indented ? ".nf\n" : ".fi\n"; literal = indented }
            out += line.isEmpty ? ".sp\n" : text(String(line)) + "\n"
        }
        if literal { out += ".fi\n" }
        return out
    }

    package static func optionLabel(_ option: CommandSyntax.Option) -> String {
        let names = (option.short.map { "\\-\($0), " } ?? "") + "\\-\\-" + text(option.long)
        guard let value = option.value else { return ".B \(names)" }
        return ".B \(names)\n.I \(text(value))"
    }
}
