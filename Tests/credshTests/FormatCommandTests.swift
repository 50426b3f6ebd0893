import Foundation
import Testing
import Expectations

/// `credsh fmt [--check] FILE…`: the language server's formatter on the command line,
/// and the pre-commit hooks (.pre-commit-hooks.yaml) that run it and `credsh check`,
/// through the real pre-commit.
@Suite struct FormatCommandTests {
    static let messy = "user   add alice   # the user\nrepeat 2 {\nlogin alice \"Passw0rd!\"\n  }\nexpect event getPassword challengeMode=1   "
    static let tidy = "user add alice # the user\nrepeat 2 {\n    login alice \"Passw0rd!\"\n}\nexpect event getPassword challengeMode=1\n"

    @Test func checkNamesTheLinesThenFmtRewritesOnceAndForAll() throws {
        let dir = try Credsh.temporaryDirectory()
        let messy = try Credsh.write(Self.messy, "messy.credscript", in: dir)
        let tidy = try Credsh.write(Self.tidy, "tidy.credscript", in: dir)
        let check = try Credsh.run(["fmt", "--check", tidy.path, messy.path])
        expectEqual(check.status, 1)
        expectEqual(check.stdout, "would format \(messy.path): lines 1, 3-5; a newline at the end\n")
        #expect(!check.stdout.contains("Passw0rd"), "lines are named, never shown: they may hold secrets")
        try expectEqual(String(contentsOf: messy, encoding: .utf8), Self.messy, "--check writes nothing")

        let format = try Credsh.run(["fmt", tidy.path, messy.path])
        expectEqual(format.status, 0)
        expectEqual(format.stdout, "formatted \(messy.path)\n")
        try expectEqual(String(contentsOf: messy, encoding: .utf8), Self.tidy)
        // Idempotent: what it wrote passes --check, and formatting it again changes nothing.
        let again = try Credsh.run(["fmt", "--check", tidy.path, messy.path])
        #expect(again.status == 0 && again.stdout.isEmpty)
        #expect(try Credsh.run(["fmt", messy.path]).stdout.isEmpty)
        // The formatted script means what it meant: it checks and runs.
        try expectEqual(Credsh.run(["check", messy.path]).status, 0)
    }

    @Test func standardInputIsFormattedToStandardOutput() throws {
        let run = try Credsh.run(["fmt", "-"], input: Data(Self.messy.utf8))
        expectEqual(run.status, 0)
        expectEqual(run.stdout, Self.tidy)
        let check = try Credsh.run(["fmt", "--check", "-"], input: Data(Self.messy.utf8))
        #expect(check.status == 1 && check.stdout.hasPrefix("would format <stdin>: lines 1, 3-5"))
    }

    @Test func aFileThatCannotBeReadIsFourAndTheOthersAreStillFormatted() throws {
        let dir = try Credsh.temporaryDirectory()
        let messy = try Credsh.write(Self.messy, "messy.credscript", in: dir)
        let run = try Credsh.run(["fmt", dir.appendingPathComponent("missing.credscript").path, messy.path])
        expectEqual(run.status, 4)
        #expect(run.stderr.contains("missing.credscript"))
        try expectEqual(String(contentsOf: messy, encoding: .utf8), Self.tidy)
        let usage = try Credsh.run(["fmt"])
        expectEqual(usage.status, 2)
    }

    // MARK: pre-commit

    static let preCommit: URL? = {
        guard let python = ReportAgreementTests.python,
              (try? Credsh.run(["-m", "pre_commit", "--version"], executable: python).status) == 0 else { return nil }
        return python
    }()

    static func git(_ arguments: [String], in dir: URL) throws {
        let run = try Credsh.run(["-c", "user.name=credsh", "-c", "user.email=credsh@example.invalid"] + arguments,
                                 directory: dir, executable: URL(fileURLWithPath: "/usr/bin/git"))
        try #require(run.status == 0, "git \(arguments): \(run.stderr)")
    }

    /// The hooks as a project using them gets them: pre-commit (PyPI, pinned by make deps
    /// and .ci/run) reads .pre-commit-hooks.yaml from a repository and runs each hook on
    /// the .credscript files, with the credsh built here on PATH.
    @Test(.enabled(if: preCommit != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/git"),
                   "pre-commit or git is not installed (make deps and .ci/run install them)"))
    func preCommitRunsBothHooks() throws {
        let python = try #require(Self.preCommit)
        let hooks = try Credsh.temporaryDirectory()
        try FileManager.default.copyItem(at: Credsh.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"),
                                         to: hooks.appendingPathComponent(".pre-commit-hooks.yaml"))
        try Self.git(["init", "-q"], in: hooks)
        try Self.git(["add", "."], in: hooks)
        try Self.git(["commit", "-q", "-m", "hooks"], in: hooks)

        let project = try Credsh.temporaryDirectory()
        try Self.git(["init", "-q"], in: project)
        try Credsh.write(Self.tidy, "tidy.credscript", in: project)
        try Credsh.write("not a script, and not looked at\n", "notes.txt", in: project)
        let environment = ["PATH": Credsh.binary.deletingLastPathComponent().path + ":" + python.deletingLastPathComponent().path + ":/usr/bin:/bin",
                           "PRE_COMMIT_HOME": project.appendingPathComponent(".cache").path, "HOME": project.path]
        func hooksRun(_ files: [String]) throws -> Credsh.Result {
            try Credsh.run(["-m", "pre_commit", "try-repo", hooks.path, "--files"] + files,
                           environment: environment, directory: project, timeout: 300, executable: python)
        }
        let green = try hooksRun(["tidy.credscript", "notes.txt"])
        expectEqual(green.status, 0, "\(green.stdout)\(green.stderr)")
        #expect(green.stdout.contains("credsh check") && green.stdout.contains("credsh fmt --check"))
        #expect(!green.stdout.contains("Failed"), "\(green.stdout)")

        try Credsh.write(Self.messy, "messy.credscript", in: project)
        let messy = try hooksRun(["tidy.credscript", "messy.credscript"])
        #expect(messy.status != 0)
        #expect(messy.stdout.contains("would format messy.credscript: lines 1, 3-5"), "\(messy.stdout)")

        try Credsh.write("lgoin alice\n", "broken.credscript", in: project)
        let broken = try hooksRun(["broken.credscript"])
        #expect(broken.status != 0)
        #expect(broken.stdout.contains("broken.credscript:1:1: error: unknown command 'lgoin'"), "\(broken.stdout)")
    }

    /// docs/ci.md's `.pre-commit-config.yaml` as pasted, its `rev` kept, in a fresh
    /// repository: only the repository's address is this clone's (the page's is a
    /// placeholder). The rev must be a commit of credsh's history, or pre-commit stops.
    @Test(.enabled(if: preCommit != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
                   && FileManager.default.fileExists(atPath: Credsh.packageRoot.appendingPathComponent(".git").path),
                   "pre-commit, git or credsh's git history is missing (make deps and .ci/run install them)"))
    func theDocumentedPreCommitConfigRunsFromACleanRepository() throws {
        let python = try #require(Self.preCommit)
        let block = try #require(try DocsExampleTests.blocks(of: "docs/ci.md").first { $0.info == "yaml" && $0.lines.first == "repos:" })
        let config = block.lines.joined(separator: "\n").replacingOccurrences(of: "https://example.invalid/credsh.git", with: Credsh.packageRoot.path)
        #expect(config.contains("repo: \(Credsh.packageRoot.path)"), "docs/ci.md's config names no placeholder repository to replace")
        let project = try Credsh.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: project) }
        try Self.git(["init", "-q"], in: project)
        try Credsh.write(config + "\n", ".pre-commit-config.yaml", in: project)
        try Credsh.write(Self.tidy, "tidy.credscript", in: project)
        try Self.git(["add", "."], in: project)
        let environment = ["PATH": Credsh.binary.deletingLastPathComponent().path + ":" + python.deletingLastPathComponent().path + ":/usr/bin:/bin",
                           "PRE_COMMIT_HOME": project.appendingPathComponent(".cache").path, "HOME": project.path]
        let run = try Credsh.run(["-m", "pre_commit", "run", "--all-files"], environment: environment, directory: project, timeout: 300, executable: python)
        expectEqual(run.status, 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("credsh check") && run.stdout.contains("credsh fmt --check") && !run.stdout.contains("Failed"), "\(run.stdout)")
        try Credsh.write(Self.messy, "messy.credscript", in: project)
        try Self.git(["add", "messy.credscript"], in: project)
        let messy = try Credsh.run(["-m", "pre_commit", "run", "--all-files"], environment: environment, directory: project, timeout: 300, executable: python)
        #expect(messy.status != 0 && messy.stdout.contains("would format messy.credscript"), "\(messy.stdout)")
    }
}
