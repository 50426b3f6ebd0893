import Testing
import Expectations
@testable import CredLanguage
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

    /// Valid JSON that credsh does not read, and a document with more after it: the fault
    /// is named at its line and column, not "found the end" at line 1 (read line by line,
    /// a document's first line is cut short).
    @Test func aNumberThatIsNotAWholeCountAndTextAfterTheDocumentAreSaidWhereTheyAre() throws {
        func message(_ text: String) -> String? {
            do { _ = try CoverageDocument.read(text, name: "f.json"); return nil } catch { return error.message }
        }
        let text = CoverageDocument.text(Self.run)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let number = try #require(lines.firstIndex { $0.contains(#""item":"102""#) })
        let column = try #require(lines[number].range(of: #""hits":1,"#)).upperBound.utf16Offset(in: lines[number]) - 1
        let counts = "a coverage file's numbers are whole, in digits, without a fraction or an exponent (a count is from 0 to 1000000000000000)"
        for (written, said) in [("1.5", "not written as a whole number"), ("1e15", "not written as a whole number"), ("1E+2", "not written as a whole number"),
                                ("99999999999999999999", "past any count")] {
            var changed = lines
            changed[number] = changed[number].replacingOccurrences(of: #""hits":1,"#, with: "\"hits\":\(written),")
            expectEqual(message(changed.joined(separator: "\n")), "f.json:\(number + 1):\(column): the number \(written) is \(said); \(counts)")
        }
        expectEqual(message(text + "{}\n"), "f.json:\(lines.count):1: text after the end of the coverage document; a file holds one document (give merge each file on its own)")
        expectEqual(message(text + text), "f.json:\(lines.count):1: text after the end of the coverage document; a file holds one document (give merge each file on its own)")
        // Cut short, it ends where the text does, not on the blank line after it.
        expectEqual(message("{\"credshCoverage\":1,\"items\":[\n\n"),
                    "f.json:1:30: not JSON (expected a JSON value, found the end); a coverage file is what credsh serve --coverage or credsh test --coverage --format json writes")
        // In JSON Lines, the line and the column within it.
        expectEqual(message("{\"passed\":1}\n{\"coverage\":\"event\",\"sdk\":\"relid\",\"item\":\"getUser\",\"hits\":0.5}\n"),
                    "f.json:2:59: the number 0.5 is not written as a whole number; \(counts)")
        expectEqual(message("{\"coverage\":\"event\",\"sdk\":\"relid\",\"item\":\"getUser\",\"hits\":1} x\n"),
                    "f.json:1:62: text after the JSON value; JSON Lines hold one value a line")
    }

    /// What a document says that credsh could not have written is refused, not dropped:
    /// met items with no run, an SDK or a kind of item credsh does not have.
    @Test func aDocumentCredshCouldNotHaveWrittenIsRefused() {
        func message(_ text: String) -> String? {
            do { _ = try CoverageDocument.read(text, name: "f.json"); return nil } catch { return error.message }
        }
        let item = #"{"kind":"event","sdk":"relid","item":"getUser","hits":2}"#
        expectEqual(message(#"{"credshCoverage":1,"runs":0,"items":["# + item + "]}"),
                    "f.json: \"runs\" is 0, yet 1 item was met; the runs that met them count at least 1")
        #expect(message(#"{"credshCoverage":1,"runs":0,"items":[{"kind":"event","sdk":"relid","item":"getUser","hits":0}]}"#) == nil,
                "no run and nothing met adds nothing")
        expectEqual(message(#"{"credshCoverage":1,"sdks":[{"sdk":"relid"},{"sdk":"acme","used":true}],"items":[]}"#),
                    "f.json: sdks 2: no SDK 'acme'; credsh has relid, onewelcome, fiori, susi")
        expectEqual(message(#"{"credshCoverage":1,"items":[{"kind":"gesture","sdk":"relid","item":"swipe","hits":1}]}"#),
                    "f.json: item 1: relid has no kind of item 'gesture'; its kinds are event, status code, challenge mode, sync error, policy rule, transition")
        expectEqual(message(#"{"coverage":"screen","sdk":"susi","item":"x","hits":1}"# + "\n"),
                    "f.json:1: susi has no kind of item 'screen'; its kinds are event, HTTP status, transition")
        // Every kind credsh writes reads back.
        var every = CoverageRun()
        for model in FlowCoverage.models {
            for item in model.items { every.add(item.key, sdk: model.sdk, count: 1) }
        }
        expectEqual(try? CoverageDocument.read(CoverageDocument.text(every), name: "f.json"), every)
    }
}
