import Testing
import Expectations
@testable import CredScript
@testable import CredSimulator

/// The coverage document (`credsh serve --coverage`, `credsh coverage merge`): what it
/// writes reads back the same, runs add up, and a count never overflows.
@Suite struct CoverageDocumentTests {
    static let relid = SDKID(named: "relid")!

    /// A run as the wire counts one: a wrong password asked again, then logged in.
    static var run: CoverageRun {
        var run = CoverageRun()
        run.add(.event("getPassword"), sdk: relid, count: 2)
        run.add(.code("status code", 102), sdk: relid, count: 1)
        run.add(.transition("getPassword", "getPassword"), sdk: relid, count: 1)
        run.addEdge(.transition("getPassword", "getPassword"), codes: [.code("status code", 102)], sdk: relid)
        return run
    }

    @Test func whatItWritesReadsBackTheSame() throws {
        let text = CoverageDocument.text(Self.run)
        let read = try CoverageDocument.read(text, name: "a.json")
        expectEqual(read, Self.run)
        expectEqual(CoverageDocument.text(read), text)
        // One item a line: a run's file diffs item by item.
        #expect(text.contains("\n{\"kind\":\"status code\",\"sdk\":\"relid\",\"item\":\"102\",\"code\":102,"))
    }

    @Test func runsAddUpAndACountStopsAtItsBound() throws {
        var sum = Self.run
        sum.merge(Self.run)
        expectEqual(sum.runs, 2)
        expectEqual(sum.tally.hits(.code("status code", 102), sdk: Self.relid), 2)
        expectEqual(sum.edgeCodes[Self.relid]?[.transition("getPassword", "getPassword")]?[.code("status code", 102)], 2)
        var huge = CoverageRun()
        huge.add(.event("getUser"), sdk: Self.relid, count: CoverageRun.maximumHits)
        huge.merge(huge)
        expectEqual(huge.tally.hits(.event("getUser"), sdk: Self.relid), CoverageRun.maximumHits)
    }

    @Test func aSuitesJSONLinesReadAsOneRun() throws {
        let lines = """
            {"script":"a.credscript","passed":true}
            {"coverage":"status code","sdk":"relid","item":"118","hits":3,"listed":true,"reachable":true}
            {"passed":1,"failed":0}

            """
        let read = try CoverageDocument.read(lines, name: "suite.json")
        expectEqual(read.runs, 1)
        expectEqual(read.tally.hits(.code("status code", 118), sdk: Self.relid), 3)
        // Only items credsh produces, of the SDKs used, count.
        let counted = CoverageDocument.counted(read.report)
        expectEqual(counted.met, 1)
        #expect(counted.items == read.report.first { $0.sdk == Self.relid }?.reachableCount)
    }

    @Test func whatIsNotCoverageIsSaidWhereItIs() {
        func message(_ text: String) -> String? {
            do { _ = try CoverageDocument.read(text, name: "f.json"); return nil } catch { return error.message }
        }
        expectEqual(message("{\"passed\":1}\n"), "f.json: no coverage items in it; a coverage file is what credsh serve --coverage or credsh test --coverage --format json writes")
        expectEqual(message("{\"credshCoverage\":2,\"items\":[]}"), "f.json: a coverage file of version 2; this credsh reads version 1")
        expectEqual(message("{\"credshCoverage\":1,\"items\":[{\"sdk\":\"relid\",\"kind\":\"event\",\"item\":\"getUser\",\"hits\":-1}]}"),
                    "f.json: item 1: \"hits\" is not a whole number from 0 to \(CoverageRun.maximumHits)")
        expectEqual(message("[1]\n"), "f.json:1: not a JSON object")
    }
}
