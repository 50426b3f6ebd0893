/// Finds the scripts `credsh test` runs: the files named, and every `*.credscript` under
/// the directories named, each file once whatever paths lead to it.
///
/// Links are followed, but never to a directory already visited, so a link to `.` or a
/// loop of links ends the walk instead of repeating it; the real tree is walked before
/// any link, so a file is reported under its real path when it has one.
struct ScriptDiscovery {
    static let suffix = ".credscript"

    private var visitedDirectories: Set<FileIdentity> = []
    private var seenFiles: Set<FileIdentity> = []

    /// In the order given; the scripts of each directory sorted by path. A path that
    /// does not exist stays in the list, so that running it reports the I/O error.
    static func scripts(in paths: [String]) -> [String] {
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
        return scripts
    }

    private mutating func walk(_ root: String, _ identity: FileIdentity) -> [String] {
        guard visitedDirectories.insert(identity).inserted else { return [] }
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
                    if visitedDirectories.insert(identity).inserted { pending.append(path) }
                } else if path.hasSuffix(Self.suffix), seenFiles.insert(identity).inserted {
                    found.append(path)
                }
                continue
            }
            let directory = pending.removeLast()
            var subdirectories: [String] = []
            for name in FileSystem.names(in: directory) ?? [] {
                let path = FileSystem.join(directory, name)
                guard let identity = FileSystem.identity(path) else {
                    // A dangling link or a loop of links named like a script: reported when run.
                    if name.hasSuffix(Self.suffix) { found.append(path) }
                    continue
                }
                if FileSystem.isLink(path) {
                    if identity.isDirectory || name.hasSuffix(Self.suffix) { linked.append(path) }
                } else if identity.isDirectory {
                    if visitedDirectories.insert(identity).inserted { subdirectories.append(path) }
                } else if name.hasSuffix(Self.suffix), seenFiles.insert(identity).inserted {
                    found.append(path)
                }
            }
            pending += subdirectories.reversed()  // depth first, in name order
        }
        return found
    }
}
