import Testing
import Expectations
#if canImport(Glibc)
import Glibc
#endif

/// Layers point one way (docs/development.md, "Layout"). Between modules the build keeps
/// them apart (reading a script, CredLanguage, cannot name the runtime); inside CredScript
/// this test keeps the one rule left to a folder: the output formats (Output) name no
/// picture type (Diagram). The types of each folder are read from its files, so a type
/// added there is checked without a list to keep.
@Suite struct LayerTests {
    static let folder = CommandTableTests.packageRoot() + "/Sources/CredScript/"

    static func swiftFiles(in layer: String) -> [String] {
        guard let directory = opendir(folder + layer) else { return [] }
        defer { closedir(directory) }
        var paths: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".swift") { paths.append(folder + layer + "/" + name) }
        }
        return paths.sorted()
    }

    /// The identifiers of a file's code, comments left out (`//` to the end of the line).
    static func identifiers(of path: String) -> [String] {
        guard let text = CommandTableTests.read(path) else { return [] }
        var words: [String] = []
        for line in text.split(separator: "\n") {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            words += code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        }
        return words
    }

    /// The types a layer's folder declares at the top level of its files (`struct`, `enum`,
    /// `class`, `protocol`, `actor`; a nested `Kind` is its outer type's own).
    static func declaredTypes(in layer: String) -> Set<String> {
        let modifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private", "final", "indirect", "open"]
        let keywords: Set<String> = ["struct", "enum", "class", "protocol", "actor"]
        var types: Set<String> = []
        for path in swiftFiles(in: layer) {
            guard let text = CommandTableTests.read(path) else { continue }
            for line in text.split(separator: "\n") where line.first?.isLetter == true {
                let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
                guard let index = words.firstIndex(where: { !modifiers.contains($0) }), keywords.contains(words[index]),
                      index + 1 < words.count else { continue }
                types.insert(words[index + 1])
            }
        }
        return types
    }

    /// Each use, in `layer`'s files, of a type declared in one of `above`.
    static func upwardUses(from layer: String, to above: [String]) -> [String] {
        let forbidden = above.reduce(into: Set<String>()) { $0.formUnion(declaredTypes(in: $1)) }
        var uses: [String] = []
        for path in swiftFiles(in: layer) {
            let file = String(path[path.index(after: path.lastIndex(of: "/")!)...])
            for name in Set(identifiers(of: path)).intersection(forbidden).sorted() { uses.append("\(layer)/\(file) names \(name)") }
        }
        return uses
    }

    @Test func theOutputFormatsNameNoPicture() throws {
        // The folders are found and hold what the layers are known by, so an empty scan cannot pass.
        #expect(Self.declaredTypes(in: "Diagram").contains("SequenceDiagram"))
        #expect(Self.swiftFiles(in: "Output").count >= 5)

        expectEqual(Self.upwardUses(from: "Output", to: ["Diagram"]), [])
    }
}
