import CredLanguage
import CredScript

/// Finds the scripts `credsh test` runs: the files named, and every `*.credscript` under
/// the directories named, each file once whatever paths lead to it.
///
/// Links are followed, but never to a directory already visited, so a link to `.` or a
/// loop of links ends the walk instead of repeating it; the real tree is walked before
/// any link, so a file is reported under its real path when it has one.
///
/// The search is bounded (docs/scripts.md, "Bounds"): it stays on the file system of the directory
/// it was given (a link to `/` does not lead into `/proc`, `/sys` or other mounts), and
/// it looks at no more than `maximumEntries` directory entries in all, then stops
/// with a warning, so a link to `/` on the same file system ends in about a second.
package struct ScriptDiscovery {
    package static let suffix = ".credscript"
    /// The most directory entries one `credsh test` looks at (each costs a `stat`).
    package static let maximumEntries = 200_000

    private var visitedDirectories: Set<FileIdentity> = []
    private var seenFiles: Set<FileIdentity> = []
    private var entriesSeen = 0
    /// Set when the search stopped at `maximumEntries`.
    package private(set) var stoppedEarly = false
    /// Scripts and directories whose names are not UTF-8, spelled with escapes
    /// (FileSystem.DirectoryNames; a directory ends in `/`): no path credsh can print or open
    /// again names them, so they are refused by name here rather than found and then not
    /// opened, or not searched without a word.
    package private(set) var unnamable: [String] = []

    /// In the order given; the scripts of each directory sorted by path. A path that
    /// does not exist stays in the list, so that running it reports the I/O error.
    package static func scripts(in paths: [String]) -> [String] { search(paths).scripts }

    /// The scripts, whether the search stopped at its bound before it was done, and the
    /// scripts refused for a name that is not UTF-8.
    package static func search(_ paths: [String]) -> (scripts: [String], stoppedEarly: Bool, unnamable: [String]) {
        var discovery = ScriptDiscovery()
        var scripts: [String] = []
        for path in paths {
            guard path != "-", let identity = FileSystem.identity(path) else {
                scripts.append(path)
                continue
            }
            if identity.isDirectory {
                scripts += discovery.walk(path, identity).sorted()
            } else if discovery.seenFiles.insert(identity).inserted {
                scripts.append(path)
            }
        }
        return (scripts, discovery.stoppedEarly, discovery.unnamable)
    }

    private mutating func walk(_ root: String, _ identity: FileIdentity) -> [String] {
        guard visitedDirectories.insert(identity).inserted else { return [] }
        let device = identity.device
        var found: [String] = []
        var pending = [root]
        var linked: [String] = []
        while true {
            guard !pending.isEmpty else {
                // The real tree is done: now the links, to directories not yet visited
                // and to scripts not yet found.
                guard !linked.isEmpty else { break }
                let path = linked.removeFirst()
                guard let identity = FileSystem.identity(path) else { continue }
                if identity.isDirectory {
                    if identity.device == device, visitedDirectories.insert(identity).inserted { pending.append(path) }
                } else if path.hasSuffix(Self.suffix), seenFiles.insert(identity).inserted {
                    found.append(path)
                }
                continue
            }
            let directory = pending.removeLast()
            var subdirectories: [String] = []
            let names = FileSystem.names(in: directory)
            for (name, isDirectory) in names?.notUTF8 ?? [] where isDirectory || name.hasSuffix(Self.suffix) {
                unnamable.append(TerminalSafe.text(FileSystem.join(directory, "")) + name + (isDirectory ? "/" : ""))
            }
            for name in names?.valid ?? [] {
                entriesSeen += 1
                if entriesSeen > Self.maximumEntries {
                    stoppedEarly = true
                    return found
                }
                let path = FileSystem.join(directory, name)
                guard let identity = FileSystem.identity(path) else {
                    // A dangling link or a loop of links named like a script: reported when run.
                    if name.hasSuffix(Self.suffix) { found.append(path) }
                    continue
                }
                if FileSystem.isLink(path) {
                    if identity.isDirectory || name.hasSuffix(Self.suffix) { linked.append(path) }
                } else if identity.isDirectory {
                    // Another file system mounted here (`/proc` under a link to `/`): not searched.
                    if identity.device == device, visitedDirectories.insert(identity).inserted { subdirectories.append(path) }
                } else if name.hasSuffix(Self.suffix), seenFiles.insert(identity).inserted {
                    found.append(path)
                }
            }
            pending += subdirectories.reversed()  // depth first, in name order
        }
        return found
    }
}
