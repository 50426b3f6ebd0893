import Foundation
import Testing
import Expectations

/// docs/development.md lists each module with the modules it depends on; the list is the
/// package's own, as `swift package dump-package` reads Package.swift, so the page cannot
/// drift from the build that enforces the layers.
@Suite struct ModuleGraphTests {
    /// The heading line the list follows in docs/development.md.
    static let lead = "Each module and what it depends on, as Package.swift declares them"

    /// `MODULE  DEPENDENCY, DEPENDENCY` lines of the page's list, by module.
    static func documented() throws -> [String: [String]] {
        let page = try String(contentsOf: Credsh.packageRoot.appendingPathComponent("docs/development.md"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix(lead) }, "docs/development.md has no module list")
        let open = try #require(lines[start...].firstIndex { $0 == "```text" })
        var modules: [String: [String]] = [:]
        for line in lines[(open + 1)...].prefix(while: { $0 != "```" }) {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard let name = words.first else { continue }
            modules[name] = words.count > 1 ? words[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : []
        }
        return modules
    }

    /// Every target but the tests, with its dependencies sorted, from the manifest itself.
    static func declared() throws -> [String: [String]] {
        let scratch = try Credsh.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The swift that runs the tests (on their PATH; a child's environment is bare), with
        // a scratch path of its own: the test build's .build stays locked while tests run.
        let swift = try #require((ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }, "no swift on the PATH")
        let dump = try Credsh.run(["package", "--scratch-path", scratch.path, "dump-package"], environment: ["HOME": scratch.path],
                                  directory: Credsh.packageRoot, timeout: 120, executable: swift)
        try #require(dump.status == 0, "dump-package failed: \(dump.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        var modules: [String: [String]] = [:]
        for target in targets where target["type"] as? String != "test" {
            let name = try #require(target["name"] as? String)
            let dependencies = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap { $0.values.first?.first as? String }
            modules[name] = dependencies.sorted()
        }
        return modules
    }

    @Test func theDocumentedModuleGraphIsThePackages() throws {
        let declared = try Self.declared()
        #expect(declared["CredLanguage"] != nil && declared["CredEditor"] != nil, "the manifest read has no language modules")
        expectEqual(try Self.documented(), declared)
    }
}
