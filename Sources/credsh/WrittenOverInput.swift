import CredCommandLine
import CredSuite

/// A file credsh writes (a report, the coverage, the control token) named where a script
/// or an input stands would destroy it: `--junit *.credscript`, where the shell put the
/// first script in the place of a forgotten name, or `--token-file setup.credscript`.
/// Refused before anything runs, as `diagram -o` refuses an ending it does not write
/// (docs/scripts.md, "Files credsh writes").
enum WrittenOverInput {
    /// The files given on the command line, as the system knows them (a link and its
    /// target alike; folders left out).
    static func identities(_ paths: [String]) -> Set<FileIdentity> {
        Set(paths.compactMap(FileSystem.identity).filter { !$0.isDirectory })
    }

    /// Refuses `path` when it names a script or a transcript by its ending, or one of the
    /// files `given`. `what`: what would be written there ("its report").
    static func refuse(_ path: String, option: CommandSyntax.Option, writing what: String, suggestion: String,
                       given: Set<FileIdentity>, _ syntax: CommandSyntax) throws(UsageError) {
        let isInput = path.hasSuffix(".credscript") || path.hasSuffix(".expected")
            || FileSystem.identity(path).map(given.contains) == true
        guard isInput else { return }
        throw UsageError("--\(option.long) would write \(what) over '\(path)', a script or a file given; give it a file name of its own (such as \(suggestion))", syntax)
    }
}
