/// The words of the simulated protocols: every name a catalog gives (SDKs, events, calls,
/// fields, user states, codes) and the values it sends as words (SDKCatalog.words). The
/// secrets' safety net never rewrites them, whatever secret a run knows: a user whose
/// password is `Password` must not turn `getPassword` into `get***` (docs/development.md,
/// "Secrets at the edge").
public enum ProtocolWords {
    /// Each name and word whole (`Password updated successfully`), and each of its names
    /// (`Password`, `updated`, `logged-in`, `logged`): built once, when a secret is first
    /// found in a text, never at start-up.
    public static let all: Set<String> = {
        var words: Set<String> = []
        for sdk in SDKID.all {
            let catalog = sdk.catalog
            var entries = [catalog.name, catalog.secretNoun] + catalog.words() + catalog.userStateNames
            for event in catalog.events { entries.append(event.name); entries += event.fields.map(\.name) }
            for call in catalog.calls { entries.append(call.name); entries += call.fields.map(\.name) + call.callbacks }
            entries += catalog.codes.map(\.name)
            // A name's pieces are words too (`RDNA_OP_UPDATE_ON_EXPIRY`'s `UPDATE`); a phrase's
            // are not (`Not Found` gives no `Found`): a phrase is left only whole, where it
            // stands (`phrases`), so an everyday word in it is still hidden as a password.
            for entry in entries {
                words.insert(entry)
                guard !entry.utf8.contains(UInt8(ascii: " ")) else { continue }
                for piece in names(in: Array(entry.utf8), hyphens: true) + names(in: Array(entry.utf8), hyphens: false) {
                    words.insert(String(decoding: piece, as: UTF8.self))
                }
            }
        }
        return words
    }()

    /// The names and words with a byte no name has (`You are logged in as`,
    /// `/aaa/login.json`), as bytes: a secret that lies inside one where it stands is left.
    static let phrases: [[UInt8]] = all.filter { $0.utf8.contains { !isName($0, hyphens: true) } }.map { Array($0.utf8) }

    /// Whether `text` is a name or word of a catalog, whole.
    public static func contains(_ text: String) -> Bool { all.contains(text) }

    /// Whether `range` of `bytes` is a protocol word (a secret `Password` is left in
    /// `Passwords` too), or lies inside a name of the text that is one: the run of name
    /// characters around it, with or without hyphens (`getPassword`, `logged-in`), or a
    /// phrase standing there (`You are logged in` inside `You are logged in as …`). Cost:
    /// the run around it, and the phrases' bytes once (a few thousand).
    public static func covers(_ range: Range<Int>, in bytes: [UInt8]) -> Bool {
        if all.contains(String(decoding: bytes[range], as: UTF8.self)) { return true }
        if insidePhrase(range, in: bytes) { return true }
        for hyphens in [true, false] {
            var start = range.lowerBound, end = range.upperBound
            guard bytes[range].allSatisfy({ isName($0, hyphens: hyphens) }) else { continue }
            while start > 0, isName(bytes[start - 1], hyphens: hyphens) { start -= 1 }
            while end < bytes.count, isName(bytes[end], hyphens: hyphens) { end += 1 }
            if all.contains(String(decoding: bytes[start..<end], as: UTF8.self)) { return true }
        }
        return false
    }

    /// Whether a phrase stands in `bytes` over `range`: for each place the range's bytes
    /// have in a phrase, whether the phrase is written around them there.
    private static func insidePhrase(_ range: Range<Int>, in bytes: [UInt8]) -> Bool {
        guard let first = bytes[range].first else { return false }
        for phrase in phrases where phrase.count > range.count {
            for offset in 0...(phrase.count - range.count) where phrase[offset] == first {
                let start = range.lowerBound - offset
                guard start >= 0, start + phrase.count <= bytes.count,
                      phrase[offset..<(offset + range.count)].elementsEqual(bytes[range]) else { continue }
                if bytes[start..<(start + phrase.count)].elementsEqual(phrase) { return true }
            }
        }
        return false
    }

    public static func isName(_ byte: UInt8, hyphens: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"):
            return true
        case UInt8(ascii: "-"): return hyphens
        default: return false
        }
    }

    /// The runs of name characters in `bytes`.
    static func names(in bytes: [UInt8], hyphens: Bool) -> [ArraySlice<UInt8>] {
        bytes.split(whereSeparator: { !isName($0, hyphens: hyphens) })
    }
}
