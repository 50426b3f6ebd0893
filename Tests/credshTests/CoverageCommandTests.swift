import Foundation
import Testing
import Expectations

/// `credsh test --coverage`: per SDK, what a suite hit and how often, and what it never hit.
@Suite struct CoverageCommandTests {
    static let login = """
        user add alice password "Passw0rd!"
        login alice "Passw0rd!"
        expect event onCredentialsAvailableForUpdate
        logout
        login alice "wrong"
        expect event getPassword statusCode=102

        """

    @Test func listsWhatOneScriptHitAndWhatItNeverHit() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.login, "login.credscript", in: dir)
        let result = try Credsh.run(["test", "--coverage", dir.path])
        expectEqual(result.status, 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        expectEqual(lines.first, "ok   \(dir.path)/login.credscript (2 expectations)")
        #expect(lines.contains("coverage (1 script): how often their outcomes hit each item; never: not once"))
        // The codes no script hits are listed as such…
        #expect(lines.contains("    110 PASSWORD_EXPIRED_WHILE_UPDATING: never"))
        #expect(lines.contains("    118 PASSWORD_EXPIRED: never"))
        #expect(lines.contains("    didChangePin: never"), "an SDK the suite never touched is listed too")
        // …those it hits, with their counts.
        #expect(lines.contains("    getPassword: 3"))
        #expect(lines.contains("    100 SUCCESS: 3"))
        #expect(lines.contains("    102 INVALID_CREDENTIALS: 1"))
        #expect(lines.contains("    0 RDNA_CHALLENGE_OP_VERIFY: 3"))
        #expect(lines.contains("    onUserLoggedOff → getUser: 1"))
        #expect(lines.contains("    getPassword → getPassword: 1"))
        #expect(lines.contains("    3 RDNA_OP_AUTHORIZE_NOTIFICATION: never (credsh never produces it)"))
        // Per SDK, how much of what it can produce was hit; the closing line stays last.
        #expect(lines.contains { $0.hasPrefix("relid: ") && $0.hasSuffix(" hit") })
        #expect(lines.contains { $0.hasPrefix("coverage: ") && $0.hasSuffix(" items hit") })
        expectEqual(lines.last, "1 passed, 0 failed")

        let plain = try Credsh.run(["test", dir.path])
        #expect(!plain.stdout.contains("coverage"), "no coverage unless asked for")
    }

    @Test func jsonGivesOneObjectPerItem() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.login, "login.credscript", in: dir)
        let result = try Credsh.run(["test", "--coverage", "--format", "json", dir.path])
        expectEqual(result.status, 0)
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let items = objects.filter { $0["coverage"] != nil }
        expectEqual(objects.count, items.count + 2, "the script's object, the items, the totals")
        expectEqual(objects.first?["script"] as? String, "\(dir.path)/login.credscript")
        expectEqual(objects.last?["passed"] as? Int, 1)
        func item(_ sdk: String, _ kind: String, _ id: String) -> [String: Any]? {
            items.first { $0["sdk"] as? String == sdk && $0["coverage"] as? String == kind && $0["item"] as? String == id }
        }
        let expired = try #require(item("relid", "status code", "110"))
        #expect(expired["code"] as? Int == 110 && expired["name"] as? String == "PASSWORD_EXPIRED_WHILE_UPDATING")
        #expect(expired["hits"] as? Int == 0 && expired["listed"] as? Bool == true && expired["reachable"] as? Bool == true)
        expectEqual(item("relid", "event", "getPassword")?["hits"] as? Int, 3)
        let transition = try #require(item("relid", "transition", "onUserLoggedOff → getUser"))
        #expect(transition["from"] as? String == "onUserLoggedOff" && transition["to"] as? String == "getUser")
        expectEqual(transition["hits"] as? Int, 1)
        expectEqual(item("relid", "challenge mode", "3")?["reachable"] as? Bool, false)
        expectEqual(Set(items.compactMap { $0["sdk"] as? String }), ["relid", "onewelcome", "fiori", "susi"])
    }

    @Test func theSameBytesWhateverTheNumberOfJobs() throws {
        for format in ["text", "json"] {
            let one = try Credsh.run(["test", "--coverage", "--format", format, "-j", "1", "examples/"])
            let four = try Credsh.run(["test", "--coverage", "--format", format, "-j", "4", "examples/"])
            expectEqual(one.status, 0)
            expectEqual(one.stdout, four.stdout, "\(format)")
        }
    }

    @Test func shardsAddUpToTheWholeSuite() throws {
        func hits(_ arguments: [String]) throws -> [String: Int] {
            let result = try Credsh.run(["test", "--coverage", "--format", "json"] + arguments + ["examples/"])
            var out: [String: Int] = [:]
            for line in result.stdout.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                guard let kind = object["coverage"] as? String else { continue }
                out["\(object["sdk"]!) \(kind) \(object["item"]!)", default: 0] += try #require(object["hits"] as? Int)
            }
            return out
        }
        let whole = try hits([])
        let first = try hits(["--shard", "1/2"]), second = try hits(["--shard", "2/2"])
        expectEqual(first.merging(second, uniquingKeysWith: +), whole)
        #expect(first != whole)
    }

    /// docs/suites.md shows the coverage of examples/ as `credsh test --coverage examples/` prints it.
    @Test func theSuitesPageShowsTheCoverageOfTheExamples() throws {
        let result = try Credsh.run(["test", "--coverage", "examples/"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("coverage (") })
        let end = try #require(lines.lastIndex { $0.hasPrefix("coverage: ") })
        let expected = lines[start...end].joined(separator: "\n")
        let page = try String(contentsOf: Credsh.packageRoot.appendingPathComponent("docs/suites.md"), encoding: .utf8)
        #expect(page.contains("```text\n$ credsh test --coverage examples/\n…\n" + expected + "\n"),
                "docs/suites.md's coverage of examples/ is out of date: python3 bench/update_coverage.py")
    }
}
