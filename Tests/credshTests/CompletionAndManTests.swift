import Foundation
import Testing
import Expectations

/// `credsh completion bash|zsh|fish` and `credsh man`: made from the subcommand values, so
/// they offer what `credsh --help` lists. Each completion is loaded by its real shell.
@Suite struct CompletionAndManTests {
    /// The subcommands `credsh --help` lists, by name.
    static func listedSubcommands() throws -> [String] {
        let help = try Credsh.run(["--help"]).stdout
        let section = try #require(help.components(separatedBy: "SUBCOMMANDS:\n").last)
        // An entry starts two spaces in; its wrapped lines are further in.
        return section.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// What bash's completion offers for a command line whose last word is being typed.
    static func bashCompletes(_ words: [String], in directory: URL? = nil) throws -> [String] {
        let script = try Credsh.run(["completion", "bash"]).stdout
        let dir = try Credsh.temporaryDirectory()
        let file = try Credsh.write(script, "credsh.bash", in: dir)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let run = try Credsh.run(["-c", "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _credsh; printf '%s\\n' \"${COMPREPLY[@]}\""],
                                 directory: directory, executable: URL(fileURLWithPath: "/bin/bash"))
        try #require(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesSubcommandsOptionsAndFiles() throws {
        let subcommands = try Self.listedSubcommands()
        #expect(subcommands.contains("fmt") && subcommands.contains("completion") && subcommands.contains("test"))
        let first = try Self.bashCompletes(["credsh", ""], in: try Credsh.temporaryDirectory())
        expectEqual(Set(first), Set(subcommands + ["help"]), "\(first)")
        try expectEqual(Self.bashCompletes(["credsh", "te"]), ["test"])
        let testOptions = try Self.bashCompletes(["credsh", "test", "--j"])
        expectEqual(testOptions, ["--jobs", "--junit"])
        try expectEqual(Self.bashCompletes(["credsh", "fmt", "--"]), ["--check", "--help", "--version"])
        try expectEqual(Self.bashCompletes(["credsh", "completion", ""]), ["bash", "fish", "zsh"])
        // A positional argument and an option's value complete as files.
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("", "login.credscript", in: dir)
        try expectEqual(Self.bashCompletes(["credsh", "check", "lo"], in: dir), ["login.credscript"])
        try expectEqual(Self.bashCompletes(["credsh", "test", "--junit", "lo"], in: dir), ["login.credscript"])
        // After its verb, `coverage merge` takes files (its placeholder: merge <files> ...).
        try Credsh.write("{}", "ui-1.json", in: dir)
        try expectEqual(Self.bashCompletes(["credsh", "coverage", "merge", "ui"], in: dir), ["ui-1.json"])
        // With no subcommand, the default one's options (run's).
        try expectEqual(Self.bashCompletes(["credsh", "--ec"]), ["--echo"])
    }

    /// Issue 52: values complete from the tables the help is made from: formats, a code for
    /// `explain`, subcommands' own options; nothing (never file names) for a port, a seed,
    /// K/N or a count.
    @Test func bashCompletesValuesNotFileNames() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("", "login.credscript", in: dir)
        try expectEqual(Self.bashCompletes(["credsh", "test", "--format", ""], in: dir), ["json", "tap", "text"])
        try expectEqual(Self.bashCompletes(["credsh", "--format", "j"], in: dir), ["json"])
        try expectEqual(Self.bashCompletes(["credsh", "serve", "--format", ""], in: dir), ["json", "text"])
        try expectEqual(Self.bashCompletes(["credsh", "diagram", "--format", ""], in: dir), ["mermaid", "svg"])
        for words in [["credsh", "test", "--shard", ""], ["credsh", "--seed", ""], ["credsh", "--live-port", ""], ["credsh", "serve", "--port", ""],
                      ["credsh", "test", "-j", ""], ["credsh", "explain", "login"]] {
            try expectEqual(Self.bashCompletes(words, in: dir), [], "\(words)")
        }
        let codes = try Self.bashCompletes(["credsh", "explain", "CS030"], in: dir)
        #expect(codes.count >= 6 && codes.allSatisfy { $0.hasPrefix("CS030") }, "\(codes)")
        for code in codes { expectEqual(try Credsh.run(["explain", code]).status, 0, "credsh explain \(code)") }
        #expect(try Self.bashCompletes(["credsh", "explain", "setP"], in: dir).contains("setPassword"))
        try expectEqual(Self.bashCompletes(["credsh", "serve", "--t"], in: dir), ["--timeout", "--token-file"])
        try expectEqual(Self.bashCompletes(["credsh", "serve", "--token-file", "lo"], in: dir), ["login.credscript"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed (make deps and .ci/run install it)"))
    func fishCompletesSubcommandsAndOptions() throws {
        let script = try Credsh.run(["completion", "fish"]).stdout
        let dir = try Credsh.temporaryDirectory()
        let file = try Credsh.write(script, "credsh.fish", in: dir)
        func completes(_ line: String) throws -> [String] {
            let run = try Credsh.run(["--no-config", "-c", "source '\(file.path)'; complete -C '\(line)'"],
                                     directory: dir, executable: URL(fileURLWithPath: "/usr/bin/fish"))
            try #require(run.status == 0, "\(run.stderr)")
            return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
        }
        try expectEqual(completes("credsh te"), ["test"])
        try expectEqual(completes("credsh test --ju"), ["--junit"])
        try expectEqual(completes("credsh fmt --ch"), ["--check"])
        try expectEqual(completes("credsh completion "), ["bash", "fish", "zsh"])
        // Issue 52: values, not file names.
        try Credsh.write("", "login.credscript", in: dir)
        try expectEqual(completes("credsh test --format "), ["json", "tap", "text"])
        try expectEqual(completes("credsh --format "), ["json", "text"])
        try expectEqual(completes("credsh test --shard "), [])
        try expectEqual(completes("credsh --seed "), [])
        try expectEqual(completes("credsh serve --port "), [])
        #expect(try completes("credsh explain CS030").contains("CS0301"))
        try expectEqual(completes("credsh test --junit lo"), ["login.credscript"])
        let first = Set(try completes("credsh "))
        #expect(Set(try Self.listedSubcommands() + ["help"]).isSubset(of: first), "\(first)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed (make deps and .ci/run install it)"))
    func zshLoadsTheCompletion() throws {
        let script = try Credsh.run(["completion", "zsh"]).stdout
        #expect(script.hasPrefix("#compdef credsh\n"))
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(script, "_credsh", in: dir)
        // compinit finds it on fpath by its #compdef line and binds it to credsh.
        let run = try Credsh.run(["-f", "-c", "fpath=('\(dir.path)' $fpath); autoload -U compinit; compinit -u -d '\(dir.path)/zcompdump'; print -r -- ${_comps[credsh]}; autoload +X _credsh && print loaded"],
                                 environment: ["HOME": dir.path], executable: URL(fileURLWithPath: "/usr/bin/zsh"))
        expectEqual(run.status, 0, "\(run.stderr)")
        expectEqual(run.stdout, "_credsh\nloaded\n", "\(run.stdout)\(run.stderr)")
        let syntax = try Credsh.run(["-n", dir.appendingPathComponent("_credsh").path], executable: URL(fileURLWithPath: "/usr/bin/zsh"))
        expectEqual(syntax.status, 0, "\(syntax.stderr)")
    }

    /// Issue 52: zsh's own completion, driven through tmux (Tab at a real zsh line editor):
    /// values for --format, a message for --shard (no file names), codes for explain.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") && FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"),
                   "zsh or tmux is not installed (make deps and .ci/run install them)"))
    func zshCompletesValuesNotFileNames() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(try Credsh.run(["completion", "zsh"]).stdout, "_credsh", in: dir)
        try Credsh.write("", "login.credscript", in: dir)
        try Credsh.write("fpath=('\(dir.path)' $fpath)\nautoload -U compinit\ncompinit -u -d '\(dir.path)/zcompdump'\nzstyle ':completion:*:messages' format '%d'\nzstyle ':completion:*:descriptions' format '%d'\nPS1='zsh> '\n", ".zshrc", in: dir)
        let socket = dir.appendingPathComponent("tmux").path
        func tmux(_ arguments: [String]) throws -> String {
            let run = try Credsh.run(["-S", socket] + arguments, environment: ["HOME": dir.path, "ZDOTDIR": dir.path, "TERM": "xterm"],
                                     directory: dir, executable: URL(fileURLWithPath: "/usr/bin/tmux"))
            try #require(run.status == 0, "tmux \(arguments): \(run.stderr)")
            return run.stdout
        }
        _ = try tmux(["new-session", "-d", "-x", "200", "-y", "40", "-s", "z", "cd '\(dir.path)' && exec /usr/bin/zsh -i"])
        defer { _ = try? tmux(["kill-server"]) }
        func screen(after line: String, showing wanted: String) throws -> String {
            _ = try tmux(["send-keys", "-t", "z", "C-u", line, "Tab"])
            var shown = ""
            for _ in 0..<100 {
                shown = try tmux(["capture-pane", "-p", "-t", "z"])
                if shown.contains(wanted) { break }
                usleep(100_000)
            }
            _ = try tmux(["send-keys", "-t", "z", "C-c"])
            usleep(200_000)
            _ = try tmux(["clear-history", "-t", "z"])
            _ = try tmux(["send-keys", "-t", "z", "clear", "Enter"])
            usleep(300_000)
            return shown
        }
        var shown = try screen(after: "credsh test --format ", showing: "tap")
        #expect(shown.contains("json") && shown.contains("tap") && shown.contains("text") && !shown.contains("login.credscript"), "\(shown)")
        shown = try screen(after: "credsh test --shard ", showing: "k/n")
        #expect(shown.contains("k/n") && !shown.contains("login.credscript"), "\(shown)")
        shown = try screen(after: "credsh explain CS030", showing: "CS0301")
        #expect(shown.contains("CS0301") && !shown.contains("login.credscript"), "\(shown)")
        shown = try screen(after: "credsh test --junit lo", showing: "login.credscript")
        #expect(shown.contains("credsh test --junit login.credscript"), "\(shown)")
    }

    /// The manual page names docs/NAME.md pages that exist: make install and the package
    /// install every one of them beside it (Makefile, `install`).
    @Test func theManPageNamesPagesThatAreInstalled() throws {
        let page = try Credsh.run(["man"]).stdout
        let named = Set(page.matches(of: /docs\/[a-z-]+\.md/).map { String($0.output) })
        #expect(!named.isEmpty)
        for name in named {
            #expect(FileManager.default.fileExists(atPath: Credsh.packageRoot.appendingPathComponent(name).path), "credsh(1) names \(name)")
        }
        let makefile = try String(contentsOf: Credsh.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("install -m 0644 README.md grammar.md docs/*.md \"$(DESTDIR)$(PREFIX)/share/doc/credsh/\""))
        #expect(page.contains("/usr/share/doc/credsh"), "the page says where the pages are")
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let run = try Credsh.run(["completion", "tcsh"])
        expectEqual(run.status, 2)
        #expect(run.stderr.contains("completion takes one shell: 'bash', 'zsh' and 'fish', not 'tcsh'"))
    }

    /// credsh(1): every listed subcommand with every option, the exit codes and every
    /// command of the table; man renders it without a warning.
    @Test func theManPageHasEverySubcommandOptionAndCommand() throws {
        let page = try Credsh.run(["man"]).stdout
        #expect(page.hasPrefix(".\\\""))
        #expect(page.contains(".TH CREDSH 1 "))
        for name in try Self.listedSubcommands() {
            #expect(page.contains(".SS credsh \(name)\n") || page.contains(".SS credsh [\(name)]\n"), "\(name)")
            let help = try Credsh.run([name, "--help"]).stdout
            // Each option of its help, as roff writes it (dashes escaped).
            for line in help.split(separator: "\n") where line.hasPrefix("  --") || line.hasPrefix("  -") {
                let label = String(line.dropFirst(2).split(separator: " ").first ?? "").replacingOccurrences(of: ",", with: "")
                guard label != "-h", label != "--help", label != "--version" else { continue }
                #expect(page.contains(".B " + label.replacingOccurrences(of: "-", with: "\\-")), "\(name) \(label)")
            }
        }
        for code in 0...4 { #expect(page.contains(".TP\n.B \(code)\n")) }
        #expect(page.contains(".B user add USER"), "the command table")
        #expect(page.contains(".SH FILES") && page.contains(".SH EXAMPLES"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
        let dir = try Credsh.temporaryDirectory()
        let file = try Credsh.write(page, "credsh.1", in: dir)
        let rendered = try Credsh.run(["--warnings", "-l", file.path], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"],
                                      executable: URL(fileURLWithPath: "/usr/bin/man"))
        expectEqual(rendered.status, 0)
        #expect(rendered.stderr.isEmpty, "man's warnings: \(rendered.stderr)")
        #expect(rendered.stdout.contains("EXIT STATUS"))
    }
}
