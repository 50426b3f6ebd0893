import CredLanguage
/// The narration a script carries for a page of its diagram: each block of comment lines
/// directly before a command (no blank line between), by the command's `file:line`, as
/// a step of the diagram names its location. A `#!` first line is not narration.
public enum ScriptComments {
    /// The comment blocks of `text`, keyed `NAME:LINE` (NAME the file's last path
    /// component), each line without its `#` and the space after it. One pass over the
    /// lines: bounded by the script's size, which the loader bounds.
    public static func narration(in text: String, file: String) -> [String: [String]] {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        var found: [String: [String]] = [:]
        var block: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = trimmed(raw)
            if line.hasPrefix("#") {
                if index == 0, line.hasPrefix("#!") { continue }
                var words = line.dropFirst()
                if words.first == " " { words = words.dropFirst() }
                block.append(String(words))
            } else {
                if !line.isEmpty, !block.isEmpty { found["\(name):\(index + 1)"] = block }
                block = []
            }
        }
        return found
    }

    /// A line without the spaces, tabs and carriage return around it.
    static func trimmed(_ line: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        var s = line
        while let c = s.first, blank(c) { s = s.dropFirst() }
        while let c = s.last, blank(c) { s = s.dropLast() }
        return s
    }
}
