import CredLanguage
import CredSimulator

extension SusiFlow {
    /// `request METHOD PATH NAME=VALUE…`: what the device sends for a request a real client
    /// sent. The identity of an anonymous caller is the device's in the replay, not the
    /// client's (docs/susi.md, "Serving over HTTP").
    static func replayLine(method: String, path: String, parameters: [(String, String)]) -> String? {
        var words = ["request", method, path]
        for (name, value) in parameters { words.append(name + "=" + ScriptWriter.literal(.text(value))) }
        return words.joined(separator: " ")
    }
}
