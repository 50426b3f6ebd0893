import CredLanguage
import CredSimulator

/// The secret values a run has seen, and the one place every message of the run passes
/// through before a host sees it (grammar.md, "Secrets"): a diagnostic's message, notes and
/// quoted source line, and a command's error line, in text, JSON, diagrams, reports and
/// the control API alike. Each occurrence of a known value is shown as `***`.
///
/// A value is known as a secret
/// - by its place: a literal given where a secret goes (`login bob "Zq9SecretA1!"`);
/// - by its variable: the value of a variable that holds a secret (SecretFlow), as it is
///   bound, so `repeat $pw` or `source $pw` cannot print it in their complaint;
/// - because it may be one: in a command that takes a secret, a literal shaped like a
///   password (three kinds of character among lower case, upper case, digits and symbols
///   other than the `.`, `_`, `-`, `@` and `+` of user names and e-mails, or digits
///   alone, a PIN) wherever it stands, so swapped arguments (`login Zq9… bob`)
///   do not print it as a user name; and in a line that does not parse, a literal where
///   the command its first words name takes a secret (`login alice hunter2 extra`), and
///   a word shaped like a password (not a number, not `KEY=VALUE`: `looksLikePassword`);
/// - because the SDK was waiting for a secret: a line that does not parse and starts with
///   no command, typed while the prompt shows a pending challenge (`[alice: mode 0
///   verify]`), is a password typed alone, and its words but user names are secrets.
///
/// Each value is known in every spelling output gives it (`spellings`: `\u{7}` for a BEL).
///
/// Bounds: values shorter than `shortest` bytes are not masked (they would mask every
/// number in a message); at most `limit` values are kept, after which the next ones are
/// ignored and counted (a script with more secret literals than that is not a test).
public struct KnownSecrets: Sendable {
    public static let shortest = 4
    public static let limit = 10_000

    private(set) var values: Set<String> = []
    /// The values as a byte trie: node 0 is the root, an edge is keyed by its node and
    /// byte, and `ends` marks the nodes where a value ends. A text is scanned once; at each
    /// byte the trie is walked as far as the text follows it (at most the longest value).
    private var edges: [Int: Int32] = [:]
    private var ends: [Bool] = [false]
    /// Whether some value starts with this byte: most bytes of a text start none.
    private var starts = [Bool](repeating: false, count: 256)
    /// The shortest value's length: a shorter text holds none.
    private var shortestValue = Int.max
    /// Values longer than `trieBytes` are scanned for one by one instead: a trie node per
    /// byte of a megabyte-long literal would cost tens of megabytes.
    static let trieBytes = 1024
    private var longValues: [[UInt8]] = []
    /// The values with a character that has another canonically equivalent spelling (`é`
    /// as one scalar or as `e` and U+0301): a text with such bytes is also searched by
    /// character, so every spelling a person sees as the same is masked alike.
    private var composedValues: [String] = []
    private(set) var ignored = 0
    /// Whether the values are masked percent-encoded too (`%33%34f…`: any of their bytes
    /// escaped, in either case, as a server decodes a URL): set for a secret a client
    /// sends in URLs (the control token), which a path, a query or an error page quotes
    /// as sent. Meant for a handful of values: each is searched for in the decoded text
    /// of every text holding a `%` (percentEncodedRanges).
    public var percentEncodedToo = false
    /// The values masked percent-encoded too when the set as a whole is not: a control
    /// token held beside a run's other secrets (SecretLedger.withhold).
    private var percentEncodedValues: [String] = []

    public init() {}

    public var isEmpty: Bool { values.isEmpty }

    /// Whether `value` itself is one of the values (not a spelling of one): false for a
    /// value `add` did not keep, too short or past `limit`.
    public func knows(_ value: String) -> Bool { values.contains(value) }

    /// Adds a secret value, and each spelling of it the outputs use when that differs: a
    /// value with a tab or a BEL (`"Ab1\u{7}Secret"`) is written back by the echo, the
    /// journal and messages as `\u{7}`, never as the raw byte (spellings).
    public mutating func add(_ value: String) {
        insert(value)
        for spelling in Self.spellings(of: value) where spelling != value { insert(spelling) }
    }

    /// Adds a secret value that is also masked percent-encoded (as `percentEncodedToo` masks
    /// every value), the others staying masked as they are spelled.
    public mutating func add(_ value: String, percentEncodedToo: Bool) {
        add(value)
        if percentEncodedToo, values.contains(value), !percentEncodedValues.contains(value) { percentEncodedValues.append(value) }
    }

    /// `add(value)`, with the spellings a command prints it in when it reads it as a
    /// number or a duration: 2000000 for 02000000, 1d1h1m1s for 90061s, and for 90061
    /// alone, which a duration takes as seconds (grammar.md, "Secrets").
    public mutating func addAsRead(_ value: String) {
        add(value)
        if let number = Int64(value) {
            add(String(number))
            if number >= 0 { add(SimDuration(seconds: number).description) }
        } else if let seconds = Lexer.duration(in: value) {
            add(SimDuration(seconds: seconds).description)
        }
    }

    /// Whether `value`, once known, masks anything: it is `shortest` bytes or longer, or
    /// output spells it so (`"a\tb"`, three bytes, is written `a\tb`, four: `spellings`).
    /// The secret scan gathers no literal of which this is false: such a literal would be
    /// work for every statement and mask nothing.
    static func masksAnything(_ value: String) -> Bool {
        value.utf8.count >= shortest || !spellings(of: value).isEmpty
    }

    /// The ways output spells `value` when it holds a character that is escaped there: as
    /// a quoted string of the language writes it (StringLiteral.quote: `\"`, `\\`, `\n`,
    /// `\t`, `\u{7}`: the echo of a statement, the journal, `expect` lines, the source line
    /// quoted under an error); and as terminal-safe text writes it (TerminalSafe: `\r`, `\u{1B}`,
    /// a backslash as it is: messages and records); and as the quoted source line of a
    /// diagnostic writes it (the same, a tab kept). Empty for a value with none of them.
    static func spellings(of value: String) -> [String] {
        // Most values hold no byte that can start one (TerminalSafe's lead bytes): no copy.
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x5C || $0 == 0x22 || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }),
              value.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\"" || TerminalSafe.isUnsafe($0) }) else { return [] }
        let quoted = StringLiteral.quote(value)
        var spellings = [String(quoted.dropFirst().dropLast()), value.escapingControls]
        if value.unicodeScalars.contains("\t") { spellings.append(value.unicodeScalars.map(TerminalSafe.quotedInLine).joined()) }
        return spellings
    }

    private mutating func insert(_ value: String) {
        guard value.utf8.count >= Self.shortest, value != ScriptWriter.mask, !values.contains(value) else { return }
        guard values.count < Self.limit else { ignored += 1; return }
        values.insert(value)
        shortestValue = min(shortestValue, value.utf8.count)
        if value.utf8.contains(where: { $0 >= 0x80 }) { composedValues.append(value) }
        guard value.utf8.count <= Self.trieBytes else {
            longValues.append(Array(value.utf8))
            return
        }
        var node = 0
        for byte in value.utf8 {
            let key = node << 8 | Int(byte)
            if let next = edges[key] {
                node = Int(next)
            } else {
                ends.append(false)
                edges[key] = Int32(ends.count - 1)
                node = ends.count - 1
            }
        }
        ends[node] = true
        starts[Int(value.utf8.first!)] = true
    }

    /// Whether a literal that is not in a secret's place may still be a secret typed there
    /// by mistake: shaped like a password or a PIN, not like a user name or an e-mail.
    public static func mayBeSecret(_ word: String) -> Bool {
        guard word.utf8.count >= shortest else { return false }
        var lower = false, upper = false, digit = false, other = false, joiner = false
        for byte in word.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): lower = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): upper = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
            // What user names and e-mails are made of besides letters and digits.
            case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "@"), UInt8(ascii: "+"): joiner = true
            default: other = true
            }
        }
        // A PIN is digits alone; `1-64` is a range, `1.5` a number.
        if digit && !lower && !upper && !other { return !joiner }
        return [lower, upper, digit, other].filter { $0 }.count >= 3
    }

    /// The same, for a word of a line with no known places (it does not parse, or goes to
    /// the history file): a password's shape only. Digits alone are a count or a number
    /// there as often as a PIN, and `KEY=VALUE` is a policy's or a field's.
    public static func looksLikePassword(_ word: String) -> Bool {
        guard !word.contains("="), !word.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        return mayBeSecret(word)
    }

    /// A comment of a script, which no run reads (a picture's narration): each known
    /// secret, and the value of each `NAME=VALUE` whose name says it holds one
    /// (`password=`, `pin=`, `access_token=`), as `***`.
    public func redactComment(_ text: String) -> String {
        var known = self
        for value in RequestTarget.secretValues(in: text, secretNames: CommandTable.standard.querySecretNames, sayingSo: true) { known.add(value) }
        return known.redact(text)
    }

    /// The text with every known value replaced by `***`.
    public func redact(_ text: String) -> String {
        guard text.utf8.count >= shortestMatch, mayHold(text), !ProtocolWords.contains(text) else { return text }
        var bytes = Array(text.utf8)
        var caret = 0
        guard redact(&bytes, caret: &caret) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` may hold a known value: a scan of its bytes where they lie, so the
    /// texts that hold none (nearly every line a run prints) are neither copied nor
    /// rebuilt. Past the cap, or with values too long for the trie, the full pass decides.
    func mayHold(_ text: String) -> Bool {
        guard ignored == 0, longValues.isEmpty, composedValues.isEmpty || !text.utf8.contains(where: { $0 >= 0x80 }),
              !percentEncodedToo && percentEncodedValues.isEmpty || !text.containsByte(UInt8(ascii: "%")) else { return true }
        guard text.utf8.count >= shortestMatch else { return false }
        return holdsTrieValue(text.utf8)
    }

    /// Whether some value of the trie occurs in `utf8` (the scan of `redact`, stopping at
    /// the first one found), read where the text lies: no copy of a line that holds none.
    private func holdsTrieValue(_ utf8: String.UTF8View) -> Bool {
        utf8.withContiguousStorageIfAvailable(holdsTrieValue) ?? Array(utf8).withUnsafeBufferPointer(holdsTrieValue)
    }

    /// Over the text's own buffer, not the view's indices: it halved a control run's
    /// server cost, since every text is scanned once a secret is known (docs/performance.md).
    private func holdsTrieValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let last = bytes.count - min(shortestValue, Self.shortest)
        while index <= last {
            defer { index += 1 }
            guard starts[Int(bytes[index])] else { continue }
            var node = 0, next = index
            while next < bytes.count, let child = edges[node << 8 | Int(bytes[next])] {
                node = Int(child)
                next += 1
                if ends[node] { return true }
            }
            if Self.isCut(bytes, at: next, from: index) { return true }
        }
        return false
    }

    /// `…` in UTF-8: what follows a value's first bytes where a quoted name was cut (isCut).
    private static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
    /// The `…` of a text looked at for a value's start in the other spelling (composedRanges).
    static let maximumCuts = 8
    /// The longest start of a value a cut name can end on: a name is quoted up to 64 characters.
    static let longestCutStart = 64

    /// The shortest text that may hold something to mask: a value, or the cut start of one
    /// and its `…` (isCut).
    private var shortestMatch: Int { min(shortestValue, Self.shortest + 3) }

    /// Whether a value's first bytes, matched from `index` up to `next`, end where the text
    /// was cut: `…` follows them (a name quoted at most 64 characters long, CallValidator.quoted,
    /// DeviceID). That part is masked as the value is, from `shortest` bytes on, so no
    /// message shows the start of a secret it cut (`aaaZq9Sec…` of `Zq9Secret!`).
    private static func isCut<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at next: Int, from index: Int) -> Bool where Bytes.Index == Int {
        next - index >= shortest && next + 3 <= bytes.endIndex
            && bytes[next] == 0xE2 && bytes[next + 1] == 0x80 && bytes[next + 2] == 0xA6
    }

    private func mayHold(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return mayHold(text)
        case .array(let items): return items.contains(where: mayHold)
        case .object(let members): return members.contains { mayHold($0.1) }
        default: return false
        }
    }

    /// Whether a key of `field` is someone's own text (SDKEvent.clientKeyFields: a request's
    /// other parameters by name) that may hold a known value: the net passes those keys too.
    private func mayHoldKeys(_ field: (String, JSONValue), of event: SDKEvent) -> Bool {
        guard !event.clientKeyFields.isEmpty, event.clientKeyFields.contains(field.0), case .object(let members) = field.1 else { return false }
        return members.contains { mayHold($0.0) }
    }

    /// Whether any text of `outcome` that `redact` masks may hold a known value.
    private func mayHold(_ outcome: Outcome) -> Bool {
        switch outcome {
        case let .call(_, arguments, error): return arguments.contains { mayHold($0.1) } || error.map { mayHold($0.message) } == true
        case .event(let event): return event.fields.contains { mayHold($0.1) || mayHoldKeys($0, of: event) }
        case .appCheck(let message), .networkError(let message), .appShows(let message), .note(let message): return mayHold(message)
        case .policyRefusal(_, let message): return mayHold(message)
        }
    }

    /// Replaces known values in `bytes`, moving `caret` (a byte offset) with the text
    /// before it; false when there was nothing to replace. Every byte covered by some
    /// occurrence of some value is masked (overlapping occurrences become one `***`, so no
    /// piece of a longer secret is left beside a shorter one). Cost: bytes × the longest
    /// value at worst, one step per byte where no value starts.
    @discardableResult
    func redact(_ bytes: inout [UInt8], caret: inout Int) -> Bool {
        guard bytes.count >= shortestMatch else { return false }
        // The covered ranges, found left to right and merged as they overlap.
        var covered: [Range<Int>] = []
        var index = 0
        while index + min(shortestValue, Self.shortest) <= bytes.count {
            defer { index += 1 }
            guard starts[Int(bytes[index])] else { continue }
            // The longest value starting here; shorter ones lie inside it.
            var node = 0, end = -1, next = index
            while next < bytes.count, let child = edges[node << 8 | Int(bytes[next])] {
                node = Int(child)
                next += 1
                if ends[node] { end = next }
            }
            if Self.isCut(bytes, at: next, from: index) { end = max(end, next) }
            // A word of the protocol is left whole before ranges are joined (ProtocolWords).
            guard end > index, !ProtocolWords.covers(index..<end, in: bytes) else { continue }
            if let last = covered.last, last.upperBound >= index {
                covered[covered.count - 1] = last.lowerBound..<max(last.upperBound, end)
            } else {
                covered.append(index..<end)
            }
        }
        for needle in longValues where needle.count <= bytes.count {
            var start = 0
            while start + needle.count <= bytes.count {
                if bytes[start] == needle[0], bytes[start..<(start + needle.count)].elementsEqual(needle) {
                    covered.append(start..<(start + needle.count))
                    start += needle.count
                } else {
                    start += 1
                }
            }
        }
        // Spellings the byte scan cannot see: canonically equivalent, percent-encoded.
        let spelled = composedRanges(in: bytes) + percentEncodedRanges(in: bytes)
        covered += spelled
        // Past the cap, a secret may be one of those not kept: fail closed.
        if ignored > 0 { covered += Self.passwordShapedWords(in: bytes) }
        if !longValues.isEmpty || ignored > 0 || !spelled.isEmpty { covered = Self.merged(covered) }
        // The net never rewrites a word of a protocol (an event, a field, a credential type):
        // a secret that equals one, or lies inside one, is left there (ProtocolWords).
        covered.removeAll { ProtocolWords.covers($0, in: bytes) }
        return Self.mask(covered, in: &bytes, caret: &caret)
    }

    /// Where a value with a canonically equivalent spelling (composedValues) stands in
    /// `bytes`, compared character by character as Swift compares strings (canonical
    /// equivalence). Only for a text with bytes past ASCII; cost: its characters × those values.
    private func composedRanges(in bytes: [UInt8]) -> [Range<Int>] {
        guard !composedValues.isEmpty, bytes.contains(where: { $0 >= 0x80 }) else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.count == bytes.count else { return [] }  // repaired: offsets would not match
        var ranges: [Range<Int>] = []
        for value in composedValues {
            for found in text.ranges(of: value) {
                let start = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
                ranges.append(start..<(start + text.utf8.distance(from: found.lowerBound, to: found.upperBound)))
            }
        }
        // A name cut where `…` follows (isCut): the start of a value in the other spelling
        // is masked too, from `shortest` bytes of the text on. A name is cut at 64
        // characters, so a start is at most that long, and only the first `maximumCuts`
        // of a text are looked at (a message quotes a name or two): each costs the values
        // × 64 characters, and a second look only where a value holds the last character.
        for cut in text.ranges(of: "…").prefix(Self.maximumCuts) {
            let before = text[..<cut.lowerBound]
            guard let last = before.last else { continue }
            let end = text.utf8.distance(from: text.startIndex, to: cut.lowerBound)
            for value in composedValues {
                let characters = Array(value.prefix(Self.longestCutStart))
                for length in stride(from: min(characters.count, value.count - 1), through: 1, by: -1) where characters[length - 1] == last {
                    guard let start = before.index(before.endIndex, offsetBy: -length, limitedBy: before.startIndex),
                          before[start...].elementsEqual(characters[..<length]) else { continue }
                    let from = text.utf8.distance(from: text.startIndex, to: start)
                    if end - from >= Self.shortest { ranges.append(from..<end) }
                    break
                }
            }
        }
        return ranges
    }

    /// Where a value stands percent-encoded in `bytes` (`percentEncodedToo`), each escape
    /// decoded once, as a server decodes a path or a query (not `+`, a form's space, which
    /// no hex token holds): each range with its escapes, one with none included. Cost: one
    /// pass to decode, then the decoded bytes × the values × their length at worst. A
    /// value added percent-encoded alone (the control token: `add(_:percentEncodedToo:)`)
    /// is also found with a `%` between two of its bytes (spelledInURL).
    func percentEncodedRanges(in bytes: [UInt8]) -> [Range<Int>] {
        guard percentEncodedToo || !percentEncodedValues.isEmpty, bytes.containsByte(UInt8(ascii: "%")) else { return [] }
        var ranges = percentEncodedValues.flatMap { Self.spelledInURL(Array($0.utf8), in: bytes) }
        guard percentEncodedToo else { return ranges }
        let (decoded, starts) = FormEncoding.pathDecoded(bytes[...])
        guard decoded.count < bytes.count else { return ranges }  // no escape: matched byte for byte already
        for value in values {
            let needle = Array(value.utf8)
            guard let first = needle.first, needle.count <= decoded.count else { continue }
            var start = 0
            while start + needle.count <= decoded.count {
                if decoded[start] == first, decoded[start..<(start + needle.count)].elementsEqual(needle) {
                    ranges.append(starts[start]..<starts[start + needle.count])
                    start += needle.count
                } else {
                    start += 1
                }
            }
        }
        return ranges
    }

    /// Where `needle` is spelled in `bytes` as a URL may spell it: each of its bytes as it
    /// is or escaped once (`%33`, either case), and a `%` between two of them dropped:
    /// `12%cf34` is no spelling a server decodes to `12cf34`, but whoever reads a log
    /// reads that (docs/serving.md, "The control API"). Each range from the earliest start
    /// of a spelling ending there (ranges may overlap; the caller merges them). One pass,
    /// keeping the spellings under way, each as how much of the needle it spelled and from
    /// where, for the next three bytes (an escape's length): the bytes × the needle's
    /// length at worst, meant for a short value (the token's 32 bytes).
    private static func spelledInURL(_ needle: [UInt8], in bytes: [UInt8]) -> [Range<Int>] {
        let length = needle.count
        guard length > 0, bytes.count >= Self.shortest else { return [] }  // a cut start too (isCut)
        let percent = UInt8(ascii: "%")
        // under[p & 3]: spelled so far (bytes of the needle) → the earliest start, of the
        // spellings that go on at byte p.
        var under = [[Int: Int]](repeating: [:], count: 4)
        var ranges: [Range<Int>] = []
        func reach(_ end: Int, _ matched: Int, from start: Int) {
            if matched == length { return ranges.append(start..<end) }
            under[end & 3][matched] = min(under[end & 3][matched] ?? start, start)
        }
        for index in bytes.indices {
            let byte = bytes[index]
            var going = under[index & 3]
            under[index & 3] = [:]
            if byte == needle[0] || byte == percent { going[0] = index }
            // A name cut where `…` follows (isCut): the start of a spelling is masked too.
            if byte == Self.ellipsis[0], bytes[index...].starts(with: Self.ellipsis) {
                for (matched, start) in going where matched >= Self.shortest { ranges.append(start..<index) }
            }
            for (matched, start) in going {
                if byte == needle[matched] { reach(index + 1, matched + 1, from: start) }
                guard byte == percent else { continue }
                // Cut at the `%` or inside its escape (`…%3…`): the start spelt so far.
                if matched >= Self.shortest, bytes[(index + 1)...].starts(with: Self.ellipsis)
                    || index + 1 < bytes.count && FormEncoding.hexValue(bytes[index + 1]) != nil && bytes[(index + 2)...].starts(with: Self.ellipsis) {
                    ranges.append(start..<index)
                }
                // A `%` inside the value, dropped; or an escape of its next byte.
                if matched > 0 { reach(index + 1, matched, from: start) }
                if index + 2 < bytes.count, let high = FormEncoding.hexValue(bytes[index + 1]),
                   let low = FormEncoding.hexValue(bytes[index + 2]), high << 4 | low == needle[matched] {
                    reach(index + 3, matched + 1, from: start)
                }
            }
        }
        return ranges
    }

    /// The bytes with every value found percent-encoded (percentEncodedRanges) written
    /// `***`, nothing else touched: for bytes that need not be text (Redactor.bytes).
    func maskingPercentEncoded(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes, caret = 0
        _ = Self.mask(Self.merged(percentEncodedRanges(in: bytes)), in: &bytes, caret: &caret)
        return bytes
    }

    /// Writes `***` over each of the `covered` ranges (sorted, apart), moving `caret` with
    /// the text before it; false when there are none.
    private static func mask(_ covered: [Range<Int>], in bytes: inout [UInt8], caret: inout Int) -> Bool {
        guard !covered.isEmpty else { return false }
        let mask = Array(ScriptWriter.mask.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var from = 0
        var movedCaret = caret
        for range in covered {
            out += bytes[from..<range.lowerBound]
            if caret >= range.upperBound { movedCaret += mask.count - range.count } else if caret > range.lowerBound { movedCaret -= caret - range.lowerBound }
            out += mask
            from = range.upperBound
        }
        out += bytes[from...]
        bytes = out
        caret = movedCaret
        return true
    }

    /// Whether `text` holds a known value (or, past the cap, a word shaped like a password).
    package func holdsSecret(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var caret = 0
        return redact(&bytes, caret: &caret)
    }

    /// The parts of `bytes` shaped like a password (looksLikePassword): in each
    /// blank-separated word, the pieces between quotes, `=`, `&` and `?` that are, else the
    /// whole word if it is. What is masked once more secrets were given than are kept
    /// (any of them may be one not kept: `lgoin u1 Zq9AfterCap3!` past 10,000 secrets),
    /// and where no run tells which values are secrets (the editor's diagnostics).
    static func passwordShapedWords(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isPunctuation(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "?")
        }
        // Shaped like a password once the protocol's words are taken out of it: an event's
        // name with its `'s` (`updatePassword's`) is none (ProtocolWords).
        func shaped(_ range: Range<Int>) -> Bool {
            let piece = Array(bytes[range])
            var rest: [UInt8] = [], run: [UInt8] = []
            for byte in piece + [0x20] {
                if ProtocolWords.isName(byte, hyphens: false) { run.append(byte); continue }
                if !ProtocolWords.contains(String(decoding: run, as: UTF8.self)) { rest += run }
                run = []
                if byte != 0x20 { rest.append(byte) }
            }
            return looksLikePassword(String(decoding: rest, as: UTF8.self))
        }
        var start = 0
        while start < bytes.count {
            while start < bytes.count, isBlank(bytes[start]) { start += 1 }
            var end = start
            while end < bytes.count, !isBlank(bytes[end]) { end += 1 }
            var pieces: [Range<Int>] = []
            var pieceStart = start
            for index in start...end where index == end || isPunctuation(bytes[index]) {
                if index > pieceStart, shaped(pieceStart..<index) { pieces.append(pieceStart..<index) }
                pieceStart = index + 1
            }
            if !pieces.isEmpty {
                ranges += pieces
            } else if end > start, shaped(start..<end) {
                ranges.append(start..<end)
            }
            start = end
        }
        return ranges
    }

    /// The text with every part shaped like a password written `***` (passwordShapedWords).
    public static func maskingPasswordShapedWords(_ text: String) -> String {
        var caret = 0
        return maskingPasswordShapedWords(text, caret: &caret)
    }

    /// The same, `caret` (a byte offset) moved with the text before it.
    static func maskingPasswordShapedWords(_ text: String, caret: inout Int) -> String {
        var bytes = Array(text.utf8)
        guard mask(passwordShapedWords(in: bytes), in: &bytes, caret: &caret) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Masks each quoted string of a source line whose value, its escapes decoded, holds a
    /// secret: `"Zq9\u{41}bc1!x"` spells `Zq9Abc1!x` with none of the bytes of its middle,
    /// yet it is the secret. The line is read by the language's own lexer, so every spelling
    /// it accepts is caught. False when nothing was masked.
    func redactSpellings(_ line: inout [UInt8], caret: inout Int) -> Bool {
        guard line.contains(UInt8(ascii: "\\")) else { return false }  // no escape: matched byte for byte already
        var lexer = Lexer(SourceFile(name: "", bytes: line))
        var covered: [Range<Int>] = []
        while true {
            let token = lexer.next()
            if case .end = token.kind { break }
            guard case .string(let value) = token.kind, holdsSecret(value) else { continue }
            let range = token.byteRange.clamped(to: 0..<line.count)
            // Inside the quotes (an unterminated string has no closing one).
            let end = range.upperBound > range.lowerBound + 1 && line[range.upperBound - 1] == UInt8(ascii: "\"") ? range.upperBound - 1 : range.upperBound
            if range.lowerBound + 1 < end { covered.append((range.lowerBound + 1)..<end) }
        }
        return Self.mask(covered, in: &line, caret: &caret)
    }

    /// Ranges sorted and joined where they touch or overlap.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, last.upperBound >= range.lowerBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The record with every known value masked: the echoed command, a line printed, a
    /// command's error, and every text of an outcome (a call's arguments, a callback's
    /// fields, what the app shows). The SDKs mask secrets by their place already; this
    /// catches a secret given in a wrong place (`initiate $pw` sends it as a credential type).
    public func redact(_ record: OutputRecord) -> OutputRecord {
        guard !values.isEmpty else { return record }
        switch record {
        case let .echo(command, file, line): return .echo(command: redactEcho(command), file: file, line: line)
        case .text(let line): return .text(redact(line))
        case .narration(let text): return .narration(redact(text))
        case .commandError(let message, let code): return .commandError(redact(message), code: code)
        case let .outcome(outcome, sdk): return mayHold(outcome) ? .outcome(redact(outcome), sdk: sdk) : record
        }
    }

    /// An echoed command with every known value masked, and each quoted string whose value,
    /// its escapes decoded, holds one (redactSpellings): a `let` is echoed as written, so
    /// `"Pass\u{07}w0rd!x"` may spell a secret in none of the ways `spellings` lists.
    func redactEcho(_ command: String) -> String {
        let masked = redact(command)
        guard masked.utf8.contains(UInt8(ascii: "\\")) else { return masked }
        var bytes = Array(masked.utf8)
        var caret = 0
        return redactSpellings(&bytes, caret: &caret) ? String(decoding: bytes, as: UTF8.self) : masked
    }

    public func redact(_ outcome: Outcome) -> Outcome {
        guard mayHold(outcome) else { return outcome }
        switch outcome {
        case let .call(api, arguments, error):
            return .call(api: api, arguments: arguments.map { ($0.0, redact($0.1)) },
                         error: error.map { SyncError(code: $0.code, message: redact($0.message)) })
        case .event(let event):
            return .event(event.with(event.fields.map { field in
                guard event.clientKeyFields.contains(field.0), case .object(let members) = field.1 else { return (field.0, redact(field.1)) }
                return (field.0, .object(members.map { (redact($0.0), redact($0.1)) }))
            }))
        case .appCheck(let message): return .appCheck(redact(message))
        case .networkError(let message): return .networkError(redact(message))
        case .appShows(let message): return .appShows(redact(message))
        case .note(let message): return .note(redact(message))
        case let .policyRefusal(rule, message): return .policyRefusal(rule: rule, message: redact(message))
        }
    }

    /// The value with every known value masked inside each string it holds, where it
    /// stands: keys and numbers are left as they are, so JSON stays JSON (masking the
    /// serialized text would turn `"id":52817` into `"id":***`).
    /// A value none of whose strings may hold one is given back as it is, not rebuilt
    /// (every answer of the SDK double is masked so, nearly all of them holding none).
    public func redact(_ value: JSONValue) -> JSONValue {
        guard !values.isEmpty, mayHold(value) else { return value }
        return redactingStrings(value)
    }

    private func redactingStrings(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(redact(text))
        case .array(let items): return .array(items.map(redactingStrings))
        case .object(let members): return .object(members.map { ($0.0, redactingStrings($0.1)) })
        default: return value
        }
    }

    /// The diagnostic and the source it quotes, with every known value masked: the message,
    /// the notes, and the line under it (a copy of that line alone, the caret moved with
    /// the text before it; the headline keeps the position in the real file).
    /// In a quoted line of a script, a string literal that is a secret whole is the user's
    /// own secret, typed: it is masked even when it is also a word of a protocol
    /// (`login nobody "Password"`), which the net leaves everywhere else. Cost: one pass
    /// over the line, one look-up a literal.
    private func redactLiterals(_ line: inout [UInt8], caret: inout Int) -> Bool {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var covered: [Range<Int>] = []
        var index = 0
        while index < line.count {
            guard line[index] == quote else { index += 1; continue }
            var end = index + 1
            while end < line.count, line[end] != quote { end += line[end] == backslash ? 2 : 1 }
            guard end < line.count else { break }
            let content = (index + 1)..<end
            if !content.isEmpty, knows(String(decoding: line[content], as: UTF8.self)) { covered.append(content) }
            index = end + 1
        }
        return Self.mask(covered, in: &line, caret: &caret)
    }

    public func redact(_ diagnostic: Diagnostic, source: SourceFile?) -> (Diagnostic, SourceFile?) {
        guard !values.isEmpty else { return (diagnostic, source) }
        var redacted = Diagnostic(diagnostic.code, redact(diagnostic.message), file: diagnostic.file, at: diagnostic.position,
                                  notes: diagnostic.notes.map(redact), kind: diagnostic.kind)
        // A source already masked by another set (a command's carried values) is the line's
        // copy, its caret at `quotedPosition`.
        redacted.quotedPosition = diagnostic.quotedPosition
        let position = diagnostic.quotedPosition ?? diagnostic.position
        guard let source, position.lineStart <= source.bytes.count else { return (redacted, source) }
        let offset = min(max(position.offset, position.lineStart), source.bytes.count)
        var start = max(position.lineStart, offset - DiagnosticFormatter.window * 8)
        while start > position.lineStart, start < source.bytes.count, source.bytes[start] & 0xC0 == 0x80 { start -= 1 }
        var end = offset
        while end < source.bytes.count, end - offset < DiagnosticFormatter.window * 8, source.bytes[end] != UInt8(ascii: "\n") { end += 1 }
        while end < source.bytes.count, end > offset, source.bytes[end] & 0xC0 == 0x80 { end += 1 }
        var line = Array(source.bytes[start..<end])
        var caret = offset - start
        // A line that is not UTF-8 (a script saved as Latin-1) is shown repaired, each bad
        // byte as U+FFFD (DiagnosticFormatter), and a value read from it was repaired so
        // too (SecretScan): it is masked in the line as shown, the caret moved with it.
        let repaired = Array(String(decoding: line, as: UTF8.self).utf8)
        if repaired != line {
            caret = String(decoding: line[..<min(caret, line.count)], as: UTF8.self).utf8.count
            line = repaired
        }
        let byValue = redact(&line, caret: &caret)
        let bySpelling = redactSpellings(&line, caret: &caret)
        let byLiteral = redactLiterals(&line, caret: &caret)
        guard byValue || bySpelling || byLiteral else { return (redacted, source) }
        // The quoted line is the copy; the headline's line and column stay the file's.
        redacted.quotedPosition = SourcePosition(line: position.line, column: position.column, offset: caret, lineStart: 0)
        return (redacted, SourceFile(name: source.name, bytes: line))
    }
}

extension String {
    /// Whether the UTF-8 bytes hold `byte`: over a buffer, not the generic view's
    /// iterator, which costs several times the instructions a byte (a literal of every
    /// line read is asked, SecretScan).
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { Self.find(byte, in: $0) } ?? utf8.contains(byte)
    }

    /// A plain loop, not `Sequence.contains`, which the unoptimized test build runs
    /// generically: it had a control run's scan meet its time limit (docs/performance.md).
    static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] == byte { return true }
            index += 1
        }
        return false
    }
}

extension Array<UInt8> {
    /// Whether the bytes hold `byte`: indexed, as String.find says why not `contains`.
    func containsByte(_ byte: UInt8) -> Bool {
        var index = 0
        while index < count {
            if self[index] == byte { return true }
            index += 1
        }
        return false
    }
}
