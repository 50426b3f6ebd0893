import CredSimulator

/// The query string of a request's target (`ArgumentKind.requestTarget`): a secret may be
/// written into it (`/aaa/changepassword.json?password=…`), so its secret values are
/// masked in the echo, JSON, the history file and pictures, like any other secret's.
enum RequestTarget {
    /// `target` with the value of each query parameter named in `secretNames` (after
    /// %-decoding, as the server reads names) written `***`; nil when there is none.
    static func maskingSecrets(_ target: String, secretNames: [String]) -> String? {
        guard let query = queryRange(of: target) else { return nil }
        var changed = false
        let pieces = target[query].split(separator: "&", omittingEmptySubsequences: false).map { piece -> Substring in
            guard let equals = piece.firstIndex(of: "="), secretNames.contains(FormEncoding.percentDecode(piece[..<equals])) else {
                return piece
            }
            changed = true
            return piece[...equals] + ScriptWriter.mask
        }
        guard changed else { return nil }
        return target[..<query.lowerBound] + pieces.joined(separator: "&") + target[query.upperBound...]
    }

    /// Whether a secret's value in the query is the `***` the history file keeps in its
    /// place: recalled from history, such a request would send three asterisks. (Three
    /// asterisks meant as a password are written `%2A%2A%2A`.)
    static func holdsRemovedSecret(_ target: String, secretNames: [String]) -> Bool {
        guard let query = queryRange(of: target) else { return false }
        return target[query].split(separator: "&").contains { piece in
            guard let equals = piece.firstIndex(of: "=") else { return false }
            return secretNames.contains(FormEncoding.percentDecode(piece[..<equals])) && piece[piece.index(after: equals)...] == ScriptWriter.mask
        }
    }

    /// From after the `?` to the `#` of a fragment, or the end.
    private static func queryRange(of target: String) -> Range<String.Index>? {
        guard let question = target.firstIndex(of: "?") else { return nil }
        let start = target.index(after: question)
        return start..<(target[start...].firstIndex(of: "#") ?? target.endIndex)
    }
}
