import CredSimulator

/// `test "NAME" { … }`: a named test of a file (docs/suites.md, "Named tests"). The file's
/// statements outside test blocks are its setup; each test runs in a fresh simulation
/// after the whole setup has run, so tests cannot see each other's users or state.
public struct NamedTest: Sendable {
    public let name: String
    /// The SDK active where the test is written: its body was read for that SDK, so it
    /// runs with it active, whatever the setup after the test switched to.
    public let sdk: SDKID
    /// Of `test`.
    public let position: SourcePosition
    /// Of the name: where a report of the test points.
    public let namePosition: SourcePosition
    public let body: [Statement]

    /// How a report names it: `suite.credscript: expired password is updated`, and what
    /// `credsh test --filter` matches.
    public static func reportName(file: String, test: String?) -> String {
        guard let test else { return file }
        return "\(file): \(test)"
    }
}

/// What a file declares as its tests, in the order written: their names and where each
/// stands. Read in the same parse that checks the file.
public struct DeclaredTest: Sendable, Equatable {
    public let name: String
    public let position: SourcePosition
}
