import Foundation
import Testing

/// The commands of docs/ci.md run as written: each line of each ```sh block, in order, in
/// a scratch folder with a copy of examples/ and the credsh under test first on PATH. A
/// line must exit 0, or the code its `# exits N` comment says.
@Suite struct DocsExampleTests {
    struct Line: CustomStringConvertible {
        let text: String
        let expected: Int32
        var description: String { text }
    }

    static func shellLines(of page: String) throws -> [Line] {
        let text = try String(contentsOf: Credsh.packageRoot.appendingPathComponent(page), encoding: .utf8)
        var lines: [Line] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inside = !inside && line == "```sh"
                continue
            }
            guard inside, !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var expected: Int32 = 0
            if let range = line.range(of: #"# exits (\d+)"#, options: .regularExpression) {
                expected = Int32(line[range].dropFirst("# exits ".count)) ?? 0
            }
            lines.append(Line(text: String(line), expected: expected))
        }
        return lines
    }

    @Test func everyCommandOfTheCIPageRuns() throws {
        let lines = try Self.shellLines(of: "docs/ci.md")
        #expect(lines.count >= 10, "docs/ci.md has its examples")
        let dir = try Credsh.temporaryDirectory()
        let copy = try Credsh.run(["-R", Credsh.packageRoot.appendingPathComponent("examples").path, dir.path],
                                  executable: URL(fileURLWithPath: "/bin/cp"))
        try #require(copy.status == 0)
        let path = Credsh.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        for line in lines {
            let run = try Credsh.run(["-o", "pipefail", "-c", line.text], environment: ["PATH": path, "MANPAGER": "cat", "PAGER": "cat"],
                                     directory: dir, executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(run.status == line.expected, "\(line.text)\n\(run.stdout)\(run.stderr)")
        }
    }
}
