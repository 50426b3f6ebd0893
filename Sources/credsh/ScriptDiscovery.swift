/// Finds the scripts `credsh test` runs: the files named, and every `*.credscript` under
/// the directories named, each file once whatever paths lead to it.
///
/// Links are followed, but never to a directory already visited, so a link to `.` or a
/// loop of links ends the walk instead of repeating it; the real tree is walked before
/// any link, so a file is reported under its real path when it has one.
///
/// The search is bounded (README, "Bounds"): it stays on the file system of the directory
/// it was given (a link to `/` does not lead into `/proc`, `/sys` or other mounts), and
/// it looks at no more than `maximumEntries` directory entries in all, then stops
/// with a warning, so a link to `/` on the same file system ends in about a second.
struct ScriptDiscovery {
    static let suffix = ".credscript"
    /// The most directory entries one `credsh test` looks at (each costs a `stat`).
    static let maximumEntries = 200_000

    private var visitedDirectories: Set<FileIdentity> = []
    private var seenFiles: Set<FileIdentity> = []
    private var entriesSeen = 0
    /// Set when the search stopped at `maximumEntries`.
    private(set) var stoppedEarly = false

    /// In the order given; the scripts of each directory sorted by path. A path that
    /// does not exist stays in the list, so that running it reports the I/O error.
    static func scripts(in paths: [String]) -> [String] { search(paths).scripts }

    /// The scripts, and whether the search stopped at its bound before it was done.
    static func search(_ paths: [String]) -> (scripts: [String], stoppedEarly: Bool) {
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
        return (scripts, discovery.stoppedEarly)
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
            for name in FileSystem.names(in: directory) ?? [] {
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
