#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the page of diagnostic codes is on this machine, for the language server's
/// links (`codeDescription`): beside an installed binary, `make install` puts it in
/// PREFIX/share/doc/credsh/diagnostics.md; beside a binary built in a clone
/// (.build/CONFIGURATION/credsh), the clone's docs/diagnostics.md. Nil when neither is there.
enum DiagnosticsDocument {
    static func path() -> String? {
        guard let resolved = realpath("/proc/self/exe", nil) ?? realpath(CommandLine.arguments[0], nil) else { return nil }
        defer { free(resolved) }
        var folder = String(cString: resolved)
        var candidates: [String] = []
        // bin/credsh → share/doc/credsh; .build/x86_64-unknown-linux-gnu/debug/credsh → docs: four folders up at most.
        for level in 0..<4 {
            guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { break }
            folder = String(folder[..<slash])
            if level == 1 { candidates.append(folder + "/share/doc/credsh/diagnostics.md") }
            candidates.append(folder + "/docs/diagnostics.md")
        }
        guard let found = candidates.first(where: { access($0, R_OK) == 0 }) else { return nil }
        return found
    }
}
