import CredLanguage
import CredScript

/// What every host of the executable does with files for a run: reads the scripts
/// `source` names (relative to the file that names them), records a session into a private
/// file, writes pictures. The terminal's host and a test's host share it.
package final class ScriptFiles {
    private var recordingPath: String?

    package init() {}

    package func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile {
        try ScriptLoader.file(FileSystem.resolve(path, relativeTo: includingFile))
    }

    package func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {
        do { try FileSystem.write(path, Array(text.utf8), mode: overwrite ? .replacePrivately : .createNew) } catch {
            if !overwrite, FileSystem.exists(path), !FileSystem.isLink(path) {
                throw HostError("\(path) already exists; 'record --force \(path)' replaces it")
            }
            throw error
        }
        recordingPath = path
    }

    /// Appends to the recording; the reason it stopped when the file refused the text.
    package func appendRecording(_ text: String) -> String? {
        guard let recordingPath else { return nil }
        do { try FileSystem.write(recordingPath, Array(text.utf8), mode: .append) } catch {
            self.recordingPath = nil
            return error.message
        }
        return nil
    }

    package func endRecording() { recordingPath = nil }

    package func writePicture(_ path: String, text: String) throws(HostError) {
        try FileSystem.write(path, Array(text.utf8), mode: .replace(newMode: 0o644))
    }
}
