import CredLanguage
import CredScript

/// A script's `X.expected` beside `X.credscript`, and the judging of a run's transcript
/// against it: the same bytes match; otherwise a unified diff, or with `--update` the file
/// rewritten (never from a run that failed: a failing run's transcript is not what to expect).
///
/// A transcript made with values from outside (`--var`, `--var-file`, `--secret`) says so
/// on its first line, by name only (`#! made with --secret pw, --var user`; never a
/// value). A run given other names than the file records is not compared: it says so
/// once for the file (`transcript not compared: …`) instead of failing every test on
/// lines that were bound to differ.
package struct TranscriptFile {
    package let path: String
    /// `dir/X.expected`, for a script named `dir/X.credscript`.
    package let expectedPath: String?
    /// The transcript expected, without its record line.
    package let expected: [UInt8]?
    package let update: Bool
    /// The .expected file exists but could not be read (an I/O error of the script, 4).
    package let readProblems: [ScriptVerdict.Problem]
    /// The names from outside this run was given (`OutsideVariables.recorded`), and those
    /// the file was made with (none when it has no record line).
    package let outside: [String]
    package let madeWith: [String]

    package init(path: String, update: Bool, outside: [String] = []) {
        self.path = path
        self.update = update
        self.outside = outside
        expectedPath = ScriptTest.transcriptPath(for: path)
        var expected: [UInt8]?
        var problems: [ScriptVerdict.Problem] = []
        if let expectedPath, FileSystem.exists(expectedPath) {
            do { expected = try FileSystem.read(expectedPath, pipeHint: false) } catch {
                problems.append(ScriptTest.ioProblem(error.message, file: expectedPath))
            }
        }
        var madeWith: [String] = []
        if let bytes = expected, bytes.starts(with: Self.recordPrefix) {
            let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let names = String(decoding: bytes[Self.recordPrefix.count..<end], as: UTF8.self)
            madeWith = names.split(separator: ",").map { name in String(name.drop { $0 == " " }) }
            expected = Array(bytes[min(end + 1, bytes.count)...])
        }
        self.madeWith = madeWith
        self.expected = expected
        readProblems = problems
    }

    /// The first line of a transcript made with values from outside; a transcript's own
    /// lines never start so (a narration line is `# …`, an echoed command `> …`).
    package static let recordPrefix = Array("#! made with ".utf8)

    /// The record line for `names`, or nothing when there are none.
    package static func record(_ names: [String]) -> [UInt8] {
        names.isEmpty ? [] : recordPrefix + Array((names.joined(separator: ", ") + "\n").utf8)
    }

    /// Whether the run's output is to be kept: there is a transcript to compare, or
    /// `--update` writes one the script has not got yet.
    package var wanted: Bool { expected != nil || (update && expectedPath != nil && readProblems.isEmpty) }

    /// Why the transcript is not compared, when the run's values from outside are not
    /// those it was made with (and `--update` is not rewriting it).
    package var notComparedReason: String? {
        guard !update, expected != nil, outside != madeWith, let expectedPath else { return nil }
        func said(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }
        // The record line is the file's text (text from outside): made terminal-safe.
        return TerminalSafe.text("transcript not compared: \(expectedPath) was made with \(said(madeWith)) from outside, this run has \(said(outside))")
    }

    package static var tooLarge: String { "the transcript is larger than \(ScriptTest.transcriptLimit >> 20) MB: not compared\n" }

    /// Judges a whole run's output (nil: too large to keep).
    package func judge(_ output: [UInt8]?, into verdict: inout ScriptVerdict) {
        guard wanted, let expectedPath else { return }
        if let reason = notComparedReason { verdict.transcript = .notCompared(reason); return }
        guard let actual = output else { return verdict.differs(Self.tooLarge) }
        if actual == expected {
            verdict.transcript = .matches
        } else if update, verdict.exitCode != 0 {
            verdict.transcript = .notUpdated(expectedPath)
        } else if update {
            guard write(Self.record(outside) + actual, into: &verdict) else { return }
            verdict.transcript = expected == nil ? .created(expectedPath) : .updated(expectedPath)
        } else if let expected {
            verdict.differs(UnifiedDiff.render(old: expected, new: actual, oldLabel: expectedPath, newLabel: "\(path) (this run)"))
        }
    }

    /// Judges the runs of a file's named tests. Each run prints the setup's output, then
    /// its test's header (`> test "NAME"`) and its own lines; the file's transcript is
    /// the setup's output once (the first run's), then each test's own lines, in the
    /// order written. A test is judged by its own section alone, so a diff names the
    /// test and shows only its lines; a change in the setup's output is one diff, on the
    /// first test.
    package func judge(sections outputs: [[UInt8]?], into verdicts: inout [ScriptVerdict]) {
        guard wanted, let expectedPath, !verdicts.isEmpty else { return }
        if let reason = notComparedReason { verdicts[0].transcript = .notCompared(reason); return }
        var setup: [UInt8] = []
        var own: [[UInt8]] = []
        for (index, output) in outputs.enumerated() {
            guard let output else { return verdicts[index].differs(Self.tooLarge) }
            let cut = TranscriptSections.firstHeader(in: output) ?? output.count
            if index == 0 { setup = Array(output[..<cut]) }
            own.append(Array(output[cut...]))
        }
        let whole = setup + own.joined()
        if whole == expected {
            for index in verdicts.indices { verdicts[index].transcript = .matches }
            return
        }
        let actualSections = TranscriptSections(whole)
        let expectedSections = TranscriptSections(expected ?? [])
        func header(_ verdict: ScriptVerdict) -> String { "> " + ScriptWriter.renderTestHeader(verdict.test ?? "") }
        if update {
            guard !verdicts.contains(where: { $0.exitCode != 0 }) else {
                for index in verdicts.indices where verdicts[index].exitCode != 0 { verdicts[index].transcript = .notUpdated(expectedPath) }
                return
            }
            guard write(Self.record(outside) + whole, into: &verdicts[0]) else { return }
            for index in verdicts.indices {
                let name = header(verdicts[index])
                let changed = actualSections[name] != expectedSections[name] || (index == 0 && actualSections[""] != expectedSections[""])
                verdicts[index].transcript = expected == nil ? .created(expectedPath) : changed ? .updated(expectedPath) : .matches
            }
            return
        }
        var anyDiffers = false
        var setupDiff = ""
        if (expectedSections[""] ?? []) != setup {
            setupDiff = UnifiedDiff.render(old: expectedSections[""] ?? [], new: setup, oldLabel: "\(expectedPath) (the setup)",
                                           newLabel: "\(path) (the setup, this run)")
        }
        for index in verdicts.indices {
            let name = header(verdicts[index])
            let mine = actualSections[name] ?? []
            var diff = index == 0 ? setupDiff : ""
            if mine != expectedSections[name] {
                let test = verdicts[index].test ?? ""
                diff += UnifiedDiff.render(old: expectedSections[name] ?? [], new: mine,
                                           oldLabel: "\(expectedPath) (test \(StringLiteral.quote(test)))",
                                           newLabel: "\(verdicts[index].name) (this run)")
            }
            guard !diff.isEmpty else {
                verdicts[index].transcript = .matches
                continue
            }
            anyDiffers = true
            verdicts[index].differs(diff)
        }
        // Each section matches, yet the file does not: a section of a test that is gone.
        // The first test carries the whole diff.
        if !anyDiffers {
            verdicts[0].differs(UnifiedDiff.render(old: expected ?? [], new: whole, oldLabel: expectedPath, newLabel: "\(path) (this run)"))
        }
    }

    /// Writes `bytes` as the new .expected file; false (an I/O problem of `verdict`) when it cannot.
    private func write(_ bytes: [UInt8], into verdict: inout ScriptVerdict) -> Bool {
        guard let expectedPath else { return false }
        do {
            try FileSystem.write(expectedPath, bytes, mode: .replace(newMode: 0o644), origin: .derived)
            return true
        } catch {
            verdict.absorb([ScriptTest.ioProblem(error.message, file: expectedPath, code: .cannotWrite)])
            return false
        }
    }
}

/// A transcript cut at each `> test "NAME"` line: the bytes of each test's section by its
/// header line. Lines before the first header (the setup's output) are kept under "".
package struct TranscriptSections {
    private var sections: [String: [UInt8]] = [:]

    package init(_ bytes: [UInt8]) {
        var header = ""
        var lineStart = 0
        var sectionStart = 0
        let marker = Array("> test \"".utf8)
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if bytes[lineStart..<min(lineEnd, lineStart + marker.count)].elementsEqual(marker) {
                sections[header, default: []] += bytes[sectionStart..<lineStart]
                header = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
                sectionStart = lineStart
            }
            lineStart = lineEnd + 1
        }
        sections[header, default: []] += bytes[sectionStart..<bytes.count]
    }

    package subscript(header: String) -> [UInt8]? { sections[header] }

    package static let marker = Array("> test \"".utf8)

    /// Where the first `> test "NAME"` line starts, or nil when there is none.
    package static func firstHeader(in bytes: [UInt8]) -> Int? {
        var lineStart = 0
        // Bound: one pass over the bytes.
        while lineStart < bytes.count {
            if bytes[lineStart..<min(bytes.count, lineStart + marker.count)].elementsEqual(marker) { return lineStart }
            guard let end = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            lineStart = end + 1
        }
        return nil
    }
}
