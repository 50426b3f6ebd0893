import RE2Shim

/// A `~"pattern"` compiled by RE2, which matches in time linear in the text (no
/// backtracking: `(a+)+$` over a long run of `a`s answers at once). The dialect is RE2's
/// (grammar.md, "Patterns"): no backreferences or lookaround, which are what would
/// need backtracking.
public final class LinearPattern {
    private let compiled: OpaquePointer

    /// The pattern, or RE2's reason for refusing it.
    public static func compile(_ pattern: String) -> Result<LinearPattern, PatternError> {
        var reason = [CChar](repeating: 0, count: 256)
        let bytes = Array(pattern.utf8)
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                credsh_re2_compile(chars.baseAddress, chars.count, &reason, reason.count)
            }
        }
        guard let compiled else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(PatternError(reason: text))
        }
        return .success(LinearPattern(compiled))
    }

    private init(_ compiled: OpaquePointer) { self.compiled = compiled }
    deinit { credsh_re2_free(compiled) }

    /// Whether the pattern matches somewhere in `text`.
    public func found(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                credsh_re2_search(compiled, chars.baseAddress, chars.count) != 0
            }
        }
    }
}

public struct PatternError: Error, CustomStringConvertible {
    let reason: String
    public var description: String { reason }
}
