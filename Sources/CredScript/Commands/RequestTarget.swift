import CredLanguage
import CredSimulator

/// The query string of a request's target (`ArgumentKind.requestTarget`): a secret may be
/// written into it (`/aaa/changepassword.json?password=…`), so its secret values are
/// masked in the echo, JSON, the history file and pictures, like any other secret's.
enum RequestTarget {
    /// `target` with the value of each query parameter named in `secretNames`, or a case
    /// or a letter off one as a request field's (SecretMasker.namesSecret; after
    /// %-decoding, as the server reads names), written `***`; nil when there is none.
    static func maskingSecrets(_ target: String, secretNames: [String]) -> String? {
        guard let query = queryRange(of: target) else { return nil }
        var changed = false
        let pieces = target[query].split(separator: "&", omittingEmptySubsequences: false).map { piece -> Substring in
            guard let equals = piece.firstIndex(of: "="), SecretMasker.namesSecret(FormEncoding.percentDecode(piece[..<equals]), secretNames) else {
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
            return SecretMasker.namesSecret(FormEncoding.percentDecode(piece[..<equals]), secretNames) && piece[piece.index(after: equals)...] == ScriptWriter.mask
        }
    }

    /// The values given to `secretNames` in the `NAME=VALUE` pieces of a text (a query, a
    /// form, a URL held in a variable), each as written and %-decoded: what a request
    /// built from the text would send as a secret. Pieces end at `&`, `?`, `#` and blanks.
    /// `sayingSo`: a name that says it holds a secret (`pin=`, `token=`: SecretName) too.
    static func secretValues(in text: String, secretNames: [String], sayingSo: Bool = false) -> [String] {
        guard text.containsByte(UInt8(ascii: "=")) else { return [] }
        var values: [String] = []
        for piece in text.split(whereSeparator: { $0 == "&" || $0 == "?" || $0 == "#" || $0 == " " || $0 == "\t" }) {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals]
            // The name is the last word before `=` (`url=/aaa/login.json?password=` reaches here as `password=`).
            let decodedName = FormEncoding.percentDecode(name)
            guard sayingSo ? SecretMasker.namesSecretOrSaysSo(decodedName, secretNames) : SecretMasker.namesSecret(decodedName, secretNames)
            else { continue }
            let value = piece[piece.index(after: equals)...]
            guard !value.isEmpty else { continue }
            values.append(String(value))
            let decoded = FormEncoding.percentDecode(value)
            if decoded != value { values.append(decoded) }
        }
        return values
    }

    /// From after the `?` to the `#` of a fragment, or the end.
    private static func queryRange(of target: String) -> Range<String.Index>? {
        guard let question = target.firstIndex(of: "?") else { return nil }
        let start = target.index(after: question)
        return start..<(target[start...].firstIndex(of: "#") ?? target.endIndex)
    }
}
