import Foundation
import Testing
import Expectations

/// Every command README.md, grammar.md and the pages of docs/ show runs as written, in a
/// scratch folder that holds a copy of `examples/` and the files the pages name
/// (docs/examples/), with the credsh under test first on `PATH`:
///
/// - each line of a ```` ```sh ```` block runs, the block's lines in order in one bash (so a
///   line may use what an earlier one set), and must exit 0, or the code its comment names
///   (`# exits 1`, `# … exits 1: …`);
/// - a ```` ```text ```` block whose first line is `$ COMMAND` runs the command, and what
///   it prints must be the lines shown, where a line `…` (indented or not) stands for any
///   lines left out;
/// - a ```` ```text ```` block that starts with the prompt (`$ credsh`, or `credsh relid> …`)
///   is typed at the real prompt in a terminal (tmux), line by line, and the screen must
///   show the block's lines.
///
/// What cannot run here says why, and the test holds it to the reason:
/// - `# not run here: needs a terminal`: the line must refuse to run without one (exit 2,
///   naming the terminal);
/// - `# serves until stopped`: the server starts in the background (on a port the system
///   picks, `--port 0`, when the line names none), is still serving when the block's later
///   lines have run against it (`127.0.0.1:8080` in them is its address, `$T` its control
///   token), then stops on SIGTERM with exit 0;
/// - `# runs in CI`: the line is one `.ci/run` runs (the quick start's `make demo` and
///   `make test`, which would run this test itself);
/// - `<!-- not run here: shows a client's requests -->` before a prompt block: a block
///   that shows requests an outside client sent while it was typed (`served …`).
@Suite struct DocsExampleTests {
    /// The pages whose commands run: the front page, the language and the manual.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: Credsh.packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "grammar.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    struct Block {
        let page: String
        /// The line of the opening fence, counted from 1.
        let line: Int
        let info: String
        let lines: [String]
        /// An HTML comment on the line before the fence (`<!-- not run here: … -->`), if any.
        let note: String?
        var location: String { "\(page):\(line)" }
    }

    static func blocks(of page: String) throws -> [Block] {
        let text = try String(contentsOf: Credsh.packageRoot.appendingPathComponent(page), encoding: .utf8)
        let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        while index < all.count {
            let line = all[index]
            guard line.hasPrefix("```") else { index += 1; continue }
            let info = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let before = index > 0 ? all[index - 1].trimmingCharacters(in: .whitespaces) : ""
            let note = before.hasPrefix("<!--") && before.hasSuffix("-->") ? before : nil
            var end = index + 1
            while end < all.count, !all[end].hasPrefix("```") { end += 1 }
            blocks.append(Block(page: page, line: index + 1, info: info, lines: Array(all[(index + 1)..<min(end, all.count)]), note: note))
            index = end + 1
        }
        return blocks
    }

    /// The logical lines of a shell block: a line ending in `\` goes on with the next.
    static func shellLines(of block: Block) -> [String] {
        var lines: [String] = [], pending = ""
        for line in block.lines where !line.trimmingCharacters(in: .whitespaces).isEmpty || !pending.isEmpty {
            if line.hasSuffix("\\") { pending += line.dropLast() + " "; continue }
            lines.append(pending + line)
            pending = ""
        }
        return lines
    }

    /// A line's comment: from the first `#` after a space outside quotes, else "".
    static func comment(of line: String) -> Substring {
        var quote: Character?, previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " {
                return line[index...]
            }
            previous = character
        }
        return ""
    }

    /// The exit code a line's comment names (`# exits 1`, `# … exits 4: …`), else 0.
    static func expectedStatus(of line: String) -> Int32 {
        let comment = comment(of: line)
        guard let range = comment.range(of: #"exits (\d+)"#, options: .regularExpression) else { return 0 }
        return Int32(comment[range].dropFirst("exits ".count)) ?? 0
    }

    static func mark(of line: String) -> String? {
        let comment = comment(of: line)
        for mark in ["not run here: needs a terminal", "serves until stopped", "runs in CI"] where comment.hasPrefix("# " + mark) { return mark }
        return nil
    }

    /// A scratch folder with a copy of examples/ and, at its top, docs/examples/.
    static func scratch() throws -> URL {
        let dir = try Credsh.temporaryDirectory()
        let copy = try Credsh.shell("cp -R '\(Credsh.packageRoot.appendingPathComponent("examples").path)' . && cp -R '\(Credsh.packageRoot.appendingPathComponent("docs/examples").path)/.' .",
                                    directory: dir)
        try #require(copy.status == 0, "\(copy.stderr)")
        return dir
    }

    static var path: String { Credsh.binary.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin" }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// One bash script for a `sh` block: each line, then a check of its exit code that
    /// names the line when it differs; a server line starts in the background.
    static func script(of block: Block) -> String {
        var script = "servers=''\ntrap 'for p in $servers; do kill -KILL $p 2>/dev/null; done' EXIT\nfail() { echo \"$1\" >&2; exit 100; }\n"
        var port = false
        for (number, line) in shellLines(of: block).enumerated() {
            script += "label=" + quoted("\(block.location), line \(number + 1): " + line) + "\n"
            // The command without its comment, which would swallow what the script adds after it.
            var command = String(line.dropLast(comment(of: line).count))
            if port { command = command.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:$PORT") }
            switch mark(of: line) {
            case "runs in CI":
                continue  // checked against .ci/run by quickStartRunsInCI
            case "not run here: needs a terminal":
                script += "(\(command)) </dev/null >.out 2>.err; status=$?\n"
                script += "[ $status -eq 2 ] && grep -q terminal .err || fail \"$label: it ran without a terminal (exit $status): $(cat .out .err)\"\n"
            case "serves until stopped":
                if !command.contains("--port") { command = command.replacingOccurrences(of: "credsh serve", with: "credsh serve --port 0") }
                // An earlier server's output goes first: the wait below would read its address
                // if the new server had not yet opened (and emptied) the file.
                script += "rm -f .served.out .served.err; (exec \(command)) >.served.out 2>.served.err </dev/null & server=$!; servers=\"$servers $server\"\n"
                script += "for i in $(seq 600); do grep -q 'http://127.0.0.1:[0-9]' .served.out && break; kill -0 $server 2>/dev/null || break; sleep 0.05; done\n"
                script += "kill -0 $server 2>/dev/null || fail \"$label: it stopped by itself: $(cat .served.out .served.err)\"\n"
                script += "PORT=$(grep -o 'http://127.0.0.1:[0-9]*' .served.out | head -1 | sed 's/.*://')\n"
                script += "T=$(grep -o 'token: [0-9a-f]*' .served.out | head -1 | cut -d' ' -f2)\n"
                port = true
            default:
                let status = expectedStatus(of: line)
                script += "\(command)\nstatus=$?; [ $status -eq \(status) ] || fail \"$label: exit $status, not \(status)\"\n"
            }
        }
        if port {
            script += "for p in $servers; do kill -0 $p 2>/dev/null || fail 'a server of \(block.location) stopped before the block ended'; kill -TERM $p; wait $p; s=$?; [ $s -eq 0 ] || fail \"a server of \(block.location) exited $s on SIGTERM\"; done\nservers=''\n"
        }
        return script
    }

    /// Whether `actual` shows `shown`: the shown lines in order, a `…` line standing for
    /// any lines (none included); without one at either end, the ends must meet.
    static func shows(_ actual: [String], _ shown: [String]) -> Bool {
        let trim = { (lines: [String]) in lines.map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) } }
        var actual = trim(actual), shown = trim(shown)
        while actual.last == "" { actual.removeLast() }
        while shown.last == "" { shown.removeLast() }
        var segments: [[String]] = [[]]
        for line in shown { if line.trimmingCharacters(in: .whitespaces) == "…" { segments.append([]) } else { segments[segments.count - 1].append(line) } }
        var position = 0
        for (index, segment) in segments.enumerated() {
            if segment.isEmpty { continue }
            let anchoredStart = index == 0, anchoredEnd = index == segments.count - 1
            var found: Int?
            var start = position
            while start + segment.count <= actual.count {
                if Array(actual[start..<(start + segment.count)]) == segment, !anchoredEnd || start + segment.count == actual.count { found = start; break }
                if anchoredStart { break }
                start += 1
            }
            guard let at = found else { return false }
            position = at + segment.count
        }
        return true
    }

    static func isPromptLine(_ line: String) -> Bool {
        line.range(of: #"^credsh [a-z]+( [^>]*)?>( |$)"#, options: .regularExpression) != nil
    }

    /// Types a prompt block at the real prompt and returns the screen's lines.
    static func typed(_ block: Block) throws -> [String] {
        let terminal = try PromptTests.Terminal(columns: 400)
        var prompts = 1
        for line in block.lines where isPromptLine(line) {
            guard let range = line.range(of: "> ") else { continue }
            try terminal.keys(String(line[range.upperBound...]), "@Enter")
            prompts += 1
            try terminal.waitForPrompts(prompts)
        }
        return terminal.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(arguments: pages) func everyCommandOfThePageRuns(page: String) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = ["PATH": Self.path, "MANPAGER": "cat", "PAGER": "cat", "TERM": "dumb"]
        for block in try Self.blocks(of: page) {
            let first = block.lines.first ?? ""
            if block.info == "sh" {
                let script = Self.script(of: block)
                let run = try Credsh.run(["-c", script], environment: environment, directory: dir, timeout: 600,
                                         executable: URL(fileURLWithPath: "/bin/bash"))
                expectEqual(run.status, 0, "\(block.location): \(run.stderr)\n\(run.stdout.suffix(2000))\nthe block ran as:\n\(script)")
            } else if block.info == "text", first == "$ credsh" || Self.isPromptLine(first) {
                if let note = block.note {
                    #expect(note == "<!-- not run here: shows a client's requests -->" && block.lines.contains { $0.hasPrefix("served ") },
                            "\(block.location): \(note) is no reason this test knows, or the block shows no client's request")
                    continue
                }
                // The screen ends with the prompt after the last line typed (or a pager's
                // prompt); a block that starts past the banner shows none of it.
                let shown = (first == "$ credsh" ? Array(block.lines.dropFirst()) : ["…"] + block.lines) + ["…"]
                let screen = try Self.typed(block)
                #expect(Self.shows(screen, shown), "\(block.location): the prompt showed\n\(screen.joined(separator: "\n"))")
            } else if block.info == "text", first.hasPrefix("$ ") {
                let command = String(first.dropFirst(2))
                let run = try Credsh.run(["-c", "{ " + command + "\n} 2>&1"], environment: environment, directory: dir, timeout: 600,
                                         executable: URL(fileURLWithPath: "/bin/bash"))
                expectEqual(run.status, Self.expectedStatus(of: command), "\(block.location): \(command) exited \(run.status)")
                let printed = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                #expect(Self.shows(printed, Array(block.lines.dropFirst())), "\(block.location): \(command) printed\n\(run.stdout)")
            }
        }
    }

    /// The shell blocks are all `sh` (a `bash` or `console` block would be skipped), and
    /// the pages show commands in number: a page losing its blocks to a typo would fail.
    @Test func everyShellBlockIsOneTheTestReads() throws {
        var commands = 0
        for page in Self.pages {
            for block in try Self.blocks(of: page) {
                #expect(!["bash", "shell", "console", "shell-session", "zsh"].contains(block.info), "\(block.location): a ```\(block.info) block; write ```sh")
                if block.info == "sh" { commands += Self.shellLines(of: block).count }
                if block.info == "text", block.lines.first?.hasPrefix("$ ") == true || Self.isPromptLine(block.lines.first ?? "") { commands += 1 }
            }
        }
        #expect(commands >= 60, "the pages show \(commands) commands")
    }

    /// README.md is a front page, not the manual: at most 300 lines, and it links each
    /// page of the manual.
    @Test func theReadmeIsAFrontPage() throws {
        let readme = try String(contentsOf: Credsh.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 300, "README.md has \(lines) lines; the manual's pages are in docs/")
        for page in Self.pages where page.hasPrefix("docs/") {
            #expect(readme.contains("](\(page))"), "README.md links no \(page)")
        }
    }

    /// The quick start's two commands are what CI runs, in that order.
    @Test func quickStartRunsInCI() throws {
        let ci = try String(contentsOf: Credsh.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var marked: [String] = []
        for page in Self.pages {
            for block in try Self.blocks(of: page) where block.info == "sh" {
                for line in Self.shellLines(of: block) where Self.mark(of: line) == "runs in CI" {
                    marked.append(String(line.dropLast(Self.comment(of: line).count)).trimmingCharacters(in: .whitespaces))
                }
            }
        }
        expectEqual(marked, ["make demo", "make test"], "the quick start's commands: \(marked)")
        let positions = marked.map { command in ci.firstIndex(of: command) }
        #expect(positions.allSatisfy { $0 != nil }, ".ci/run runs \(marked)")
        if let demo = positions.first ?? nil, let test = positions.last ?? nil { #expect(demo < test) }
    }

    /// The matching of shown output against what ran, on its own.
    @Test func shownLinesMatchWithGaps() {
        #expect(Self.shows(["a", "b", "c"], ["a", "b", "c"]))
        #expect(Self.shows(["a", "b", "c"], ["a", "…", "c"]))
        #expect(Self.shows(["a", "b", "c", "d"], ["…", "b", "…"]))
        #expect(!Self.shows(["a", "b", "c"], ["a", "c"]))
        #expect(!Self.shows(["a", "b", "c"], ["a", "b"]))
        #expect(!Self.shows(["a", "b", "c"], ["b", "…"]))
        #expect(!Self.shows(["a", "b"], ["a", "…", "c"]))
        expectEqual(Self.expectedStatus(of: "credsh fmt --check x   # exits 1: would format x"), 1)
        expectEqual(Self.expectedStatus(of: "printf 'a # exits 3' > x"), 0)
    }
}

extension PromptTests.Terminal {
    /// Waits until the screen shows `count` prompt lines (each line typed, and the next prompt).
    func waitForPrompts(_ count: Int) throws {
        for _ in 0..<200 {
            if screen.split(separator: "\n").filter({ DocsExampleTests.isPromptLine(String($0)) }).count >= count { return }
            usleep(50_000)
        }
        throw PromptTests.TerminalTimeout(expected: "\(count) prompts", screen: screen)
    }
}
