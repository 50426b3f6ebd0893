import CredScript

/// A script's `X.expected` beside `X.credscript`, and the judging of a run's transcript
/// against it: the same bytes match; otherwise a unified diff, or with `--update` the file
/// rewritten (never from a run that failed: a failing run's transcript is not what to expect).
struct TranscriptFile {
    let path: String
    /// `dir/X.expected`, for a script named `dir/X.credscript`.
    let expectedPath: String?
    let expected: [UInt8]?
    let update: Bool
    /// The .expected file exists but could not be read (an I/O error of the script, 4).
    let readProblems: [ScriptVerdict.Problem]

    init(path: String, update: Bool) {
        self.path = path
        self.update = update
        expectedPath = ScriptTest.transcriptPath(for: path)
        var expected: [UInt8]?
        var problems: [ScriptVerdict.Problem] = []
        if let expectedPath, FileSystem.exists(expectedPath) {
            do { expected = try FileSystem.read(expectedPath, pipeHint: false) } catch {
                problems.append(ScriptTest.ioProblem(error.message, file: expectedPath))
            }
        }
        self.expected = expected
        readProblems = problems
    }

    /// Whether the run's output is to be kept: there is a transcript to compare, or
    /// `--update` writes one the script has not got yet.
    var wanted: Bool { expected != nil || (update && expectedPath != nil && readProblems.isEmpty) }

    static var tooLarge: String { "the transcript is larger than \(ScriptTest.transcriptLimit >> 20) MB: not compared\n" }

    /// Judges a whole run's output (nil: too large to keep).
    func judge(_ output: [UInt8]?, into verdict: inout ScriptVerdict) {
        guard wanted, let expectedPath else { return }
        guard let actual = output else { return verdict.differs(Self.tooLarge) }
        if actual == expected {
            verdict.transcript = .matches
        } else if update, verdict.exitCode != 0 {
            verdict.transcript = .notUpdated(expectedPath)
        } else if update {
            guard write(actual, into: &verdict) else { return }
            verdict.transcript = expected == nil ? .created(expectedPath) : .updated(expectedPath)
        } else if let expected {
            verdict.differs(UnifiedDiff.render(old: expected, new: actual, oldLabel: expectedPath, newLabel: "\(path) (this run)"))
        }
    }

    /// Judges the runs of a file's named tests, which together make its transcript, in
    /// the order written. The transcript is one file; each test is judged by its own
    /// section (from its `> test "NAME"` line to the next), so a diff names the test it is in.
    func judge(sections outputs: [[UInt8]?], into verdicts: inout [ScriptVerdict]) {
        guard wanted, let expectedPath, !verdicts.isEmpty else { return }
        var whole: [UInt8] = []
        for (index, output) in outputs.enumerated() {
            guard let output else { return verdicts[index].differs(Self.tooLarge) }
            whole += output
        }
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
            guard write(whole, into: &verdicts[0]) else { return }
            for index in verdicts.indices {
                let changed = actualSections[header(verdicts[index])] != expectedSections[header(verdicts[index])]
                verdicts[index].transcript = expected == nil ? .created(expectedPath) : changed ? .updated(expectedPath) : .matches
            }
            return
        }
        var anyDiffers = false
        for index in verdicts.indices {
            let name = header(verdicts[index])
            let mine = actualSections[name] ?? []
            guard mine != expectedSections[name] else {
                verdicts[index].transcript = .matches
                continue
            }
            anyDiffers = true
            let test = verdicts[index].test ?? ""
            verdicts[index].differs(UnifiedDiff.render(old: expectedSections[name] ?? [], new: mine,
                                                       oldLabel: "\(expectedPath) (test \(ScriptWriter.quote(test)))",
                                                       newLabel: "\(verdicts[index].name) (this run)"))
        }
        // Each test's section matches, yet the file does not: a section of a test that is
        // gone, or lines before the first test. The first test carries the whole diff.
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
            verdict.absorb([ScriptTest.ioProblem(error.message, file: expectedPath)])
            return false
        }
    }
}

/// A transcript cut at each `> test "NAME"` line: the bytes of each test's section by its
/// header line. Lines before the first header are kept under "".
struct TranscriptSections {
    private var sections: [String: [UInt8]] = [:]

    init(_ bytes: [UInt8]) {
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

    subscript(header: String) -> [UInt8]? { sections[header] }
}
