import Foundation
import Testing
import Expectations

/// The CI recipes and hook configuration the docs show work as pasted: every ```` ```yaml ````
/// block of the pages is read by a real YAML parser (PyYAML, which tap.py's yaml extra
/// installs), and the two CI recipes of docs/ci.md are complete: they install the package,
/// restore and save the timings, shard with them, and publish JUnit. Their shard command,
/// as the YAML reads it, runs here on a suite, four shards, then again with the reports.
@Suite struct CIRecipeTests {
    static let yamlReader: URL? = {
        guard let python = ReportAgreementTests.python,
              (try? Credsh.run(["-c", "import yaml"], executable: python).status) == 0 else { return nil }
        return python
    }()

    static func yamlBlocks() throws -> [DocsExampleTests.Block] {
        try DocsExampleTests.pages.flatMap { try DocsExampleTests.blocks(of: $0) }.filter { $0.info == "yaml" || $0.info == "yml" }
    }

    /// A block as PyYAML reads it, through JSON.
    static func parsed(_ block: DocsExampleTests.Block) throws -> Any {
        let python = try #require(yamlReader)
        let run = try Credsh.run(["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))"],
                                 input: Data(block.lines.joined(separator: "\n").utf8), executable: python)
        try #require(run.status == 0, "\(block.location) is no YAML: \(run.stderr)")
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8), options: [.fragmentsAllowed])
    }

    @Test(.enabled(if: yamlReader != nil, "PyYAML is not installed (make deps installs it with tap.py's yaml extra)"))
    func everyYAMLBlockOfTheDocsParses() throws {
        let blocks = try Self.yamlBlocks()
        #expect(blocks.count >= 3, "the pages show \(blocks.count) YAML blocks")
        for block in blocks {
            let value = try Self.parsed(block)
            #expect(value is [String: Any], "\(block.location): not a mapping")
        }
    }

    /// A recipe's text, once parsed: what every CI recipe must do.
    static func expectComplete(_ text: String, _ location: String) {
        #expect(!text.contains("make install"), "\(location): installs by building credsh in the user's checkout")
        #expect(text.contains("apt-get install -y ./credsh.deb"), "\(location): does not install the package")
        #expect(text.contains("--timings previous/") && text.contains("--shard"), "\(location): does not shard with the timings")
        #expect(text.contains("--junit out/junit-") || text.contains("--junit \"out/junit-"), "\(location): writes no JUnit report")
    }

    /// Runs a recipe's shard command, as its YAML reads it, in a scratch folder holding a
    /// suite in tests/: every shard exits 0 and writes its report; the reports, kept as
    /// previous/ (what the recipe saves), balance the next run without a complaint.
    static func runShards(_ command: (Int) -> String, environment: (Int) -> [String: String], _ location: String) throws {
        let dir = try Credsh.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = try Credsh.shell("mkdir tests && cp -R '\(Credsh.packageRoot.path)'/examples/qa-suite-* '\(Credsh.packageRoot.path)'/examples/inc tests/", directory: dir)
        try #require(copy.status == 0, "\(copy.stderr)")
        for round in 1...2 {
            for shard in 1...4 {
                var env = ["PATH": DocsExampleTests.path]
                env.merge(environment(shard)) { $1 }
                let run = try Credsh.run(["-c", command(shard)], environment: env, directory: dir, timeout: 300,
                                         executable: URL(fileURLWithPath: "/bin/bash"))
                expectEqual(run.status, 0, "\(location), shard \(shard): \(run.stdout)\(run.stderr)")
                #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/junit-\(shard).xml").path), "\(location): no out/junit-\(shard).xml")
                #expect(!run.stderr.contains("names none"), "\(location), round \(round): \(run.stderr)")
            }
            // What the last job saves: the shards' reports, as previous/.
            let save = try Credsh.shell("mkdir -p previous && cp out/junit-*.xml previous/", directory: dir)
            try #require(save.status == 0)
        }
    }

    @Test(.enabled(if: yamlReader != nil, "PyYAML is not installed (make deps installs it with tap.py's yaml extra)"))
    func theGitHubActionsRecipeIsCompleteAndItsShardsRun() throws {
        let block = try #require(try Self.yamlBlocks().first { $0.page == "docs/ci.md" && $0.lines.contains("jobs:") })
        let recipe = try #require(try Self.parsed(block) as? [String: Any])
        let jobs = try #require(recipe["jobs"] as? [String: Any])
        let shardJob = try #require(jobs["credsh"] as? [String: Any]), saveJob = try #require(jobs["timings"] as? [String: Any])
        let steps = try #require(shardJob["steps"] as? [[String: Any]]), saveSteps = try #require(saveJob["steps"] as? [[String: Any]])
        let runs = steps.compactMap { $0["run"] as? String }
        Self.expectComplete(runs.joined(separator: "\n"), block.location)
        let uses = (steps + saveSteps).compactMap { $0["uses"] as? String }
        for action in ["actions/cache/restore@v4", "actions/upload-artifact@v4", "actions/download-artifact@v4", "actions/cache/save@v4"] {
            #expect(uses.contains(action), "\(block.location): no \(action)")
        }
        #expect(uses.contains { $0.hasPrefix("mikepenz/action-junit-report") }, "\(block.location): the JUnit reports are not published")
        let restore = try #require(steps.first { $0["uses"] as? String == "actions/cache/restore@v4" }?["with"] as? [String: Any])
        let save = try #require(saveSteps.first { $0["uses"] as? String == "actions/cache/save@v4" }?["with"] as? [String: Any])
        expectEqual(restore["path"] as? String, save["path"] as? String, "the cache restores what it saves")
        let shard = try #require(runs.first { $0.contains("credsh test") })
        try Self.runShards({ shard.replacingOccurrences(of: "${{ matrix.shard }}", with: "\($0)") }, environment: { _ in [:] }, block.location)
    }

    @Test(.enabled(if: yamlReader != nil, "PyYAML is not installed (make deps installs it with tap.py's yaml extra)"))
    func theGitLabRecipeIsCompleteAndItsShardsRun() throws {
        let block = try #require(try Self.yamlBlocks().first { $0.page == "docs/ci.md" && $0.lines.contains("  parallel: 4") })
        let recipe = try #require(try Self.parsed(block) as? [String: Any])
        let shardJob = try #require(recipe["credsh"] as? [String: Any]), saveJob = try #require(recipe["credsh-timings"] as? [String: Any])
        let script = try #require(shardJob["script"] as? [String]), before = try #require(shardJob["before_script"] as? [String])
        Self.expectComplete((before + script).joined(separator: "\n"), block.location)
        let pull = try #require(shardJob["cache"] as? [String: Any]), push = try #require(saveJob["cache"] as? [String: Any])
        expectEqual(pull["policy"] as? String, "pull")
        expectEqual(push["policy"] as? String, "push")
        expectEqual(pull["key"] as? String, push["key"] as? String, "the cache restores what it saves")
        let reports = try #require((shardJob["artifacts"] as? [String: Any])?["reports"] as? [String: Any])
        expectEqual(reports["junit"] as? String, "out/junit-*.xml")
        let shard = try #require(script.first { $0.contains("credsh test") })
        try Self.runShards({ _ in shard }, environment: { ["CI_NODE_INDEX": "\($0)", "CI_NODE_TOTAL": "4"] }, block.location)
    }
}
